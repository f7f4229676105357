"""A fake ``kubectl`` executable with the semantics the manifest applier depends on, backed by a JSON state store.

Put first on PATH as ``kubectl`` by the ``kube`` fixture; the state file is named by ``FAKE_KUBE_STATE`` and the
shared simulated clock by ``FAKE_CLOCK``. What it reproduces, with kubectl 1.33's words and exit codes:
- ``apply --server-side -f FILE|DIR`` applies what it can, object by object, file by file in name order, prints
  one ``<kind>/<name> serverside-applied`` line per success and one ``error: ...`` / ``Error from server ...``
  line per failure, and exits 1 if any failed (a partial apply). A kind the cluster does not serve yet, a missing
  or terminating namespace, a conflict with another field manager without ``--force-conflicts``, and injected
  per-object errors (a webhook that refuses) all fail only their object.
- Objects with finalizers are not removed by ``delete``: they get a ``deletionTimestamp`` and stay listed until
  their finalizers are released (``release_after`` seconds after the delete, or never when ``stuck``); applying
  an object that is being deleted does not bring it back. A namespace is removed once it holds nothing; a CRD
  deleted with custom resources left deletes them first.
- CRDs named in ``late_kinds`` are served only from a given time on; an applied CRD is served (and
  ``Established``) ``establish_after`` seconds after it is applied.
- ``hang`` makes matching commands sleep until they are killed; ``latency`` advances the simulated clock.
"""
from __future__ import annotations

import copy
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Optional

CLUSTER_SCOPED = {"Namespace", "NodePool", "HyperpodNodeClass", "PersistentVolume", "StorageClass",
                  "CustomResourceDefinition", "ClusterRole", "ClusterRoleBinding"}
BUILTIN_GROUPS = {"", "apps", "batch", "rbac.authorization.k8s.io", "storage.k8s.io", "apiextensions.k8s.io",
                  "networking.k8s.io", "policy"}
LOWER_CASE_KINDS = {"configmap": ("ConfigMap", ""), "namespace": ("Namespace", ""),
                    "customresourcedefinition": ("CustomResourceDefinition", "apiextensions.k8s.io")}
FIXED_NAMESPACES = ("default", "kube-system")


# ---- state ---------------------------------------------------------------------------------------------------

def empty_state() -> dict[str, Any]:
    """A cluster serving the built-in kinds plus ``served`` (Kind/group pairs), with no objects of ours."""
    return {
        "objects": {},  # "Kind|group|namespace|name" -> manifest (with metadata the server adds)
        "served": [],  # "Kind|group" of CRD-backed kinds installed by others (the operator, KEDA, Karpenter)
        "late_kinds": {},  # "Kind|group" -> simulated time from which it is served
        "establish_after": 0.0,  # seconds between applying a CRD and its kind being served
        "finalizers": {},  # "Kind|group" -> finalizer its controller adds to each new object
        "release_after": 0.0,  # seconds between a delete and the controller releasing its finalizer
        "stuck": [],  # object keys whose finalizer is never released
        "refuse": {},  # object key -> error text the server answers when the object is applied
        "fail_after_objects": None,  # the API server stops answering after this many objects were applied
        # Calls that never return: "<verb> [<end of the -f path>] [once]", e.g. "apply objects once".
        "hang": [],
        "latency": 0.0,  # simulated seconds each call takes
        "foreign_fields": {},  # object key -> field manager owning a field the apply sets
        "scheduled": [],  # [time, manifest]: objects others create (HyperPod's daemon) from that simulated time on
        "calls": [],  # argv of every call, for tests
        "applied_objects": 0,
    }


def key_of(kind: str, group: str, namespace: Optional[str], name: str) -> str:
    return f"{kind}|{group}|{namespace or ''}|{name}"


def kind_group(api_version: str, kind: str) -> tuple[str, str]:
    group = api_version.rpartition("/")[0]
    return kind, group


def parse_kind_argument(argument: str) -> tuple[str, str]:
    """``Kind.version.group``, ``Kind`` or a lower-case built-in name, as kubectl takes them."""
    if argument.lower() in LOWER_CASE_KINDS:
        return LOWER_CASE_KINDS[argument.lower()]
    if argument.lower().startswith("customresourcedefinition"):
        return LOWER_CASE_KINDS["customresourcedefinition"]
    parts = argument.split(".", 2)
    return (parts[0], parts[2]) if len(parts) == 3 else (parts[0], "")


class Cluster:
    def __init__(self, state: dict[str, Any], now: float) -> None:
        self.state = state
        self.now = now
        self.objects: dict[str, Any] = state["objects"]
        self._controllers()

    # -- what the control plane does between calls
    def _controllers(self) -> None:
        for when, manifest in list(self.state.get("scheduled", [])):
            if self.now >= float(when):
                kind, group = kind_group(manifest["apiVersion"], manifest["kind"])
                namespace = self.resolve_namespace(kind, manifest["metadata"].get("namespace"))
                self.objects[key_of(kind, group, namespace, manifest["metadata"]["name"])] = copy.deepcopy(manifest)
                self.state["scheduled"].remove([when, manifest])
        for key, manifest in list(self.objects.items()):
            metadata = manifest["metadata"]
            deleted_at = metadata.get("deletionTimestamp")
            if deleted_at is None:
                continue
            if metadata.get("finalizers") and key not in self.state["stuck"] and \
                    self.now >= float(deleted_at) + float(self.state["release_after"]):
                metadata["finalizers"] = []
            if manifest["kind"] == "Namespace":
                if not any(k.split("|")[2] == metadata["name"] for k in self.objects):
                    metadata["finalizers"] = [f for f in metadata.get("finalizers", []) if f != "kubernetes"]
            if manifest["kind"] == "CustomResourceDefinition":
                served = self._crd_kind(manifest)
                if any("|".join(k.split("|")[:2]) == served for k in self.objects):
                    continue
            if not metadata.get("finalizers"):
                del self.objects[key]

    @staticmethod
    def _crd_kind(crd: dict[str, Any]) -> str:
        return f"{crd['spec']['names']['kind']}|{crd['spec']['group']}"

    def serves(self, kind: str, group: str) -> bool:
        pair = f"{kind}|{group}"
        if group in BUILTIN_GROUPS or pair in self.state["served"]:
            return True
        if pair in self.state["late_kinds"]:
            return self.now >= float(self.state["late_kinds"][pair])
        for manifest in self.objects.values():
            if manifest["kind"] == "CustomResourceDefinition" and self._crd_kind(manifest) == pair:
                return self.now >= float(manifest["metadata"]["appliedAt"]) + float(self.state["establish_after"])
        return False

    def namespace_state(self, namespace: str) -> str:
        if namespace in FIXED_NAMESPACES:
            return "Active"
        manifest = self.objects.get(key_of("Namespace", "", None, namespace))
        if manifest is None:
            return "Missing"
        return "Terminating" if manifest["metadata"].get("deletionTimestamp") else "Active"

    def resolve_namespace(self, kind: str, namespace: Optional[str]) -> Optional[str]:
        return None if kind in CLUSTER_SCOPED else (namespace or "default")

    # -- apply
    def apply(self, manifest: dict[str, Any], source: str, manager: str, force: bool) -> str:
        kind, group = kind_group(manifest["apiVersion"], manifest["kind"])
        metadata = manifest.get("metadata", {})
        name = metadata["name"]
        namespace = self.resolve_namespace(kind, metadata.get("namespace"))
        if not self.serves(kind, group):
            raise ApplyError(f'error: resource mapping not found for name: "{name}" namespace: "{namespace or ""}" '
                             f'from "{source}": no matches for kind "{kind}" in version "{manifest["apiVersion"]}"\n'
                             "ensure CRDs are installed first")
        limit = self.state["fail_after_objects"]
        if limit is not None and self.state["applied_objects"] >= limit:
            raise ApplyError(f'Error from server (InternalError): error when applying patch to "{source}": '
                             "Internal error occurred: etcdserver: request timed out")
        if namespace is not None:
            status = self.namespace_state(namespace)
            if status == "Missing":
                raise ApplyError(f'Error from server (NotFound): error when creating "{source}": '
                                 f'namespaces "{namespace}" not found')
            if status == "Terminating":
                raise ApplyError(f'Error from server (Forbidden): error when creating "{source}": {kind.lower()}s '
                                 f'"{name}" is forbidden: unable to create new content in namespace {namespace} '
                                 "because it is being terminated")
        key = key_of(kind, group, namespace, name)
        if key in self.state["refuse"]:
            raise ApplyError(f'Error from server (InternalError): error when applying patch to "{source}": '
                             f"{self.state['refuse'][key]}")
        foreign = self.state["foreign_fields"].get(key)
        if foreign and not force:
            raise ApplyError(f'error: Apply failed with 1 conflict: conflict with "{foreign}": .spec\n'
                             "Please review the fields above--they currently have other managers.")
        existing = self.objects.get(key)
        self.state["applied_objects"] += 1
        stored = copy.deepcopy(manifest)
        stored.setdefault("metadata", {})
        if namespace is not None:
            stored["metadata"]["namespace"] = namespace
        managers = [{"manager": manager, "operation": "Apply"}]
        if existing is not None:
            kept = existing["metadata"]
            managers = [m for m in kept.get("managedFields", []) if m["manager"] != manager] + managers
            if foreign and force:
                managers = [m for m in managers if m["manager"] != foreign]
                del self.state["foreign_fields"][key]
            for field in ("deletionTimestamp", "finalizers", "uid", "appliedAt"):
                if field in kept:
                    stored["metadata"][field] = kept[field]
            # Fields set by others stay: labels and annotations merge (a field manager owns only its own).
            for field in ("labels", "annotations"):
                merged = {**kept.get(field, {}), **stored["metadata"].get(field, {})}
                if merged:
                    stored["metadata"][field] = merged
        else:
            stored["metadata"]["uid"] = f"uid-{len(self.state['calls'])}-{name}"
            stored["metadata"]["appliedAt"] = self.now
            finalizer = self.state["finalizers"].get(f"{kind}|{group}")
            if finalizer:
                stored["metadata"]["finalizers"] = [finalizer]
            if kind == "Namespace":
                stored["metadata"]["finalizers"] = ["kubernetes"]
        stored["metadata"]["managedFields"] = managers
        if kind == "CustomResourceDefinition":
            established = self.now >= float(stored["metadata"]["appliedAt"]) + float(self.state["establish_after"])
            stored["status"] = {"conditions": [{"type": "Established", "status": "True" if established else "False"}]}
        self.objects[key] = stored
        return f"{kind.lower()}.{group}/{name} serverside-applied" if group else f"{kind.lower()}/{name} serverside-applied"

    # -- delete
    def delete(self, kind: str, group: str, namespace: Optional[str], name: str) -> Optional[str]:
        key = key_of(kind, group, self.resolve_namespace(kind, namespace), name)
        manifest = self.objects.get(key)
        if manifest is None:
            return None
        metadata = manifest["metadata"]
        metadata.setdefault("deletionTimestamp", self.now)
        if kind == "Namespace":
            for other_key in list(self.objects):
                if other_key.split("|")[2] == name:
                    self.objects[other_key]["metadata"].setdefault("deletionTimestamp", self.now)
        if kind == "CustomResourceDefinition":
            served = self._crd_kind(manifest)
            for other_key in list(self.objects):
                if "|".join(other_key.split("|")[:2]) == served:
                    self.objects[other_key]["metadata"].setdefault("deletionTimestamp", self.now)
        self._controllers()
        return f'{kind.lower()}.{group} "{name}" deleted' if group else f'{kind.lower()} "{name}" deleted'

    def update(self, kind: str, group: str, manifest: dict[str, Any]) -> None:
        """A write by someone else than the applier (replace, patch): a new resourceVersion."""
        key = key_of(kind, group, self.resolve_namespace(kind, manifest["metadata"].get("namespace")),
                     manifest["metadata"]["name"])
        stored = copy.deepcopy(manifest)
        stored["metadata"]["resourceVersion"] = str(int(self.objects[key]["metadata"].get("resourceVersion", "1")) + 1)
        stored["metadata"]["appliedAt"] = self.objects[key]["metadata"].get("appliedAt", self.now)
        self.objects[key] = stored

    def get(self, kind: str, group: str, namespace: Optional[str], name: str) -> Optional[dict[str, Any]]:
        found = self.objects.get(key_of(kind, group, self.resolve_namespace(kind, namespace), name))
        return None if found is None else _visible(found)


def _visible(manifest: dict[str, Any]) -> dict[str, Any]:
    shown = copy.deepcopy(manifest)
    shown["metadata"].pop("appliedAt", None)
    if "deletionTimestamp" in shown["metadata"]:
        shown["metadata"]["deletionTimestamp"] = "2026-12-01T00:00:00Z"
    return shown


class ApplyError(Exception):
    pass


# ---- the command line --------------------------------------------------------------------------------------

def option(argv: list[str], name: str) -> Optional[str]:
    for index, arg in enumerate(argv):
        if arg == name and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


VALUE_OPTIONS = {"--kubeconfig", "--namespace", "-n", "--field-manager", "-f", "--filename", "--output", "-o",
                 "--request-timeout", "--selector", "-l", "--limit", "--timeout", "--type", "--patch", "-p"}


def positionals(argv: list[str]) -> list[str]:
    found, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in VALUE_OPTIONS:
            skip = True
            continue
        if arg.startswith("-"):
            continue
        found.append(arg)
    return found


def documents(path: Path) -> list[tuple[str, dict[str, Any]]]:
    import yaml  # only apply reads YAML: every other call starts faster without it

    files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".json", ".yml")) if path.is_dir() else [path]
    found = []
    for file in files:
        for document in yaml.safe_load_all(file.read_text()):
            if document:
                found.append((str(file), document))
    return found


def main(argv: list[str]) -> int:
    state_path = Path(os.environ["FAKE_KUBE_STATE"])
    clock_path = Path(os.environ["FAKE_CLOCK"])
    state = json.loads(state_path.read_text())
    clock = json.loads(clock_path.read_text())
    now = time.time() + float(clock["skew"])
    state["calls"].append(argv)
    verb = argv[0] if argv else ""
    for hang in list(state["hang"]):
        hang_verb, _, rest = hang.partition(" ")
        target, _, once = rest.partition(" ")
        if hang_verb == verb and (option(argv, "-f") or "").endswith(target):
            if once == "once":
                state["hang"].remove(hang)
            state_path.write_text(json.dumps(state))
            time.sleep(3600)
    latency = float(state["latency"])
    allowed = option(argv, "--request-timeout")
    if allowed is not None and latency > float(allowed.rstrip("s")):
        # kubectl gives up at its --request-timeout: the call took that long and did nothing.
        clock["skew"] = float(clock["skew"]) + float(allowed.rstrip("s"))
        clock_path.write_text(json.dumps(clock))
        state_path.write_text(json.dumps(state))
        print("Unable to connect to the server: net/http: request canceled (Client.Timeout exceeded while "
              "awaiting headers)", file=sys.stderr)
        return 1
    clock["skew"] = float(clock["skew"]) + latency
    clock_path.write_text(json.dumps(clock))
    cluster = Cluster(state, now + latency)
    try:
        code = run(cluster, verb, argv)
    finally:
        state_path.write_text(json.dumps(state))
    return code


def run(cluster: Cluster, verb: str, argv: list[str]) -> int:
    args = positionals(argv)
    namespace = option(argv, "--namespace") or option(argv, "-n")
    if verb == "auth":
        print("yes")
        return 0
    if verb == "apply":
        manager = option(argv, "--field-manager") or "kubectl"
        force = "--force-conflicts" in argv
        failed = False
        for source, manifest in documents(Path(option(argv, "-f") or "")):
            try:
                print(cluster.apply(manifest, source, manager, force))
            except ApplyError as error:
                print(str(error), file=sys.stderr)
                failed = True
        return 1 if failed else 0
    if verb in ("get", "delete"):
        targets = args[1:]
        if len(targets) == 1 and "/" not in targets[0]:  # a kind only: list it (served check)
            kind, group = parse_kind_argument(targets[0])
            if not cluster.serves(kind, group):
                print(f'error: the server doesn\'t have a resource type "{targets[0].split(".")[0]}"', file=sys.stderr)
                return 1
            return 0
        refs = []
        for target in targets:
            kind_argument, _, name = target.partition("/")
            kind, group = parse_kind_argument(kind_argument)
            if not cluster.serves(kind, group):
                print(f'error: the server doesn\'t have a resource type "{kind_argument.split(".")[0]}"', file=sys.stderr)
                return 1
            refs.append((kind, group, name))
        if verb == "get":
            items = [item for item in (cluster.get(kind, group, namespace, name) for kind, group, name in refs) if item]
            missing = [name for (kind, group, name) in refs if cluster.get(kind, group, namespace, name) is None]
            if missing and "--ignore-not-found" not in argv:
                print(f'Error from server (NotFound): "{missing[0]}" not found', file=sys.stderr)
                return 1
            if len(refs) == 1:
                if items:
                    print(json.dumps(items[0]))
            else:
                print(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
            return 0
        missing = False
        for kind, group, name in refs:
            said = cluster.delete(kind, group, namespace, name)
            if said:
                print(said)
            elif "--ignore-not-found" not in argv:
                print(f'Error from server (NotFound): {kind.lower()} "{name}" not found', file=sys.stderr)
                missing = True
        return 1 if missing else 0
    if verb == "replace":
        (_, manifest), = documents(Path(option(argv, "-f") or option(argv, "--filename") or ""))
        kind, group = kind_group(manifest["apiVersion"], manifest["kind"])
        current = cluster.get(kind, group, manifest["metadata"].get("namespace"), manifest["metadata"]["name"])
        if current is None:
            print(f'Error from server (NotFound): {kind.lower()}s "{manifest["metadata"]["name"]}" not found',
                  file=sys.stderr)
            return 1
        if manifest["metadata"].get("resourceVersion") != current["metadata"].get("resourceVersion"):
            print(f'Error from server (Conflict): Operation cannot be fulfilled on {kind.lower()}s '
                  f'"{manifest["metadata"]["name"]}": the object has been modified; please apply your changes to '
                  "the latest version and try again", file=sys.stderr)
            return 1
        cluster.update(kind, group, manifest)
        print(f"{kind.lower()}/{manifest['metadata']['name']} replaced")
        return 0
    if verb in ("patch", "rollout"):
        target = args[2] if verb == "rollout" else args[1]
        kind_argument, _, name = target.partition("/")
        kind, group = parse_kind_argument(kind_argument)
        current = cluster.get(kind, group, namespace, name)
        if current is None:
            print(f'Error from server (NotFound): {kind.lower()}s.{group} "{name}" not found', file=sys.stderr)
            return 1
        if verb == "rollout":
            patch = {"spec": {"template": {"metadata": {"annotations": {
                "kubectl.kubernetes.io/restartedAt": str(cluster.now)}}}}}
        else:
            patch = json.loads(option(argv, "--patch") or option(argv, "-p") or "{}")
        merged = strategic_merge(copy.deepcopy(current), patch)
        unchanged = merged == current
        if not unchanged:
            cluster.update(kind, group, merged)
        said = "restarted" if verb == "rollout" else "patched" + (" (no change)" if unchanged else "")
        print(f"{kind.lower()}.{group}/{name} {said}")
        return 0
    print(f"fake kubectl: unsupported command {argv}", file=sys.stderr)
    return 2


def strategic_merge(target: Any, patch: Any) -> Any:
    """Kubernetes' strategic merge for what patches here hold: maps merge, lists of named items merge by name,
    other values are replaced."""
    if isinstance(target, dict) and isinstance(patch, dict):
        for key, value in patch.items():
            target[key] = strategic_merge(target.get(key), value) if key in target else value
        return target
    if isinstance(target, list) and isinstance(patch, list) and all(isinstance(i, dict) and "name" in i for i in patch):
        by_name = {item.get("name"): item for item in target if isinstance(item, dict)}
        for item in patch:
            if item["name"] in by_name:
                strategic_merge(by_name[item["name"]], item)
            else:
                target.append(item)
        return target
    return patch


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
