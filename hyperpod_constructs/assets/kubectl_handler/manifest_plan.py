"""Pure decisions of the manifest applier: bundle layout, deploy-time values, what to apply, prune and delete.

The bundle is a zip of ``manifests/`` (the GitOps export, byte for byte: one ``<chart>.k8s.yaml`` per chart
with ``${Name}`` placeholders, and ``values.env``) and ``inventory.json`` (which objects each file holds and
which placeholders the files use). No AWS calls and no subprocesses here; ``manifest_applier`` does the I/O.
Standard library only: the Lambda Python runtime has no PyYAML, and kubectl reads the YAML itself.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional, Sequence

from cluster_plan import KUBECTL

MANIFESTS_DIR = "manifests"
INVENTORY_FILE = "inventory.json"
MANIFEST_SUFFIX = ".k8s.yaml"
FIELD_MANAGER = "hyperpod-constructs"
RECORD_NAMESPACE = "kube-system"
DELETE_TIMEOUT = "5m"  # operator finalizers run while the operator still exists (the resource depends on it)
# kubectl's words when a kind's CRD is not (or no longer) installed: nothing of that kind can exist.
UNKNOWN_KIND_ERRORS = ("the server doesn't have a resource type", "no matches for kind",
                       "could not find the requested resource")


@dataclass(frozen=True)
class ApplyRequest:
    """The custom resource's properties, parsed once."""

    cluster_name: str
    bucket: str
    key: str
    selector: str  # label selector of every object this platform owns
    record_name: str  # ConfigMap in RECORD_NAMESPACE holding the hash of each file last applied
    kinds: tuple[str, ...]  # kubectl kind arguments (Kind.version.group) the bundle holds
    values: dict[str, str]  # deploy-time values, resolved by CloudFormation


def parse_properties(props: Mapping[str, Any]) -> ApplyRequest:
    """CloudFormation sends properties as strings, lists and maps of strings; fail loudly on a missing one."""
    required = ("ClusterName", "BundleBucket", "BundleKey", "Selector", "RecordName")
    missing = [name for name in required if not props.get(name)]
    if missing:
        raise ValueError(f"custom resource properties missing: {', '.join(missing)}")
    kinds = props.get("Kinds") or []
    values = props.get("Values") or {}
    if not isinstance(kinds, list) or not isinstance(values, Mapping):
        raise ValueError("custom resource properties Kinds must be a list and Values a map")
    return ApplyRequest(
        cluster_name=props["ClusterName"], bucket=props["BundleBucket"], key=props["BundleKey"],
        selector=props["Selector"], record_name=props["RecordName"], kinds=tuple(str(kind) for kind in kinds),
        values={str(name): str(value) for name, value in values.items()},
    )


def physical_resource_id(request: ApplyRequest) -> str:
    """One id per (cluster, platform): moving to another cluster makes CloudFormation delete from the old one."""
    return f"{request.cluster_name}/{request.record_name}"


# ---- objects ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ObjectRef:
    """One Kubernetes object: the kubectl kind argument it is addressed by, its namespace (None: cluster-scoped
    or the default namespace) and name."""

    kind: str
    namespace: Optional[str]
    name: str

    @property
    def identity(self) -> tuple[str, str, Optional[str], str]:
        """(Kind, group, namespace, name): the version is left out, so a new API version is the same object."""
        parts = self.kind.split(".", 2)
        return parts[0], parts[2] if len(parts) == 3 else "", self.namespace, self.name

    @property
    def argument(self) -> str:
        return f"{self.kind}/{self.name}"


@dataclass(frozen=True)
class Inventory:
    """What the bundle holds: file -> objects, and the deploy-time values its files use."""

    files: dict[str, tuple[ObjectRef, ...]]
    values: tuple[str, ...]

    def wanted(self) -> set[tuple[str, str, Optional[str], str]]:
        """Identities of every object; one without a namespace lands in 'default' if its kind is namespaced."""
        found = set()
        for refs in self.files.values():
            for ref in refs:
                found.add(ref.identity)
                if ref.namespace is None:
                    found.add(ObjectRef(ref.kind, "default", ref.name).identity)
        return found


def parse_inventory(text: str) -> Inventory:
    data = json.loads(text)
    files = {name: tuple(ObjectRef(item["kind"], item.get("namespace"), item["name"]) for item in items)
             for name, items in data["files"].items()}
    bad = [name for name in files if "/" in name or not name.endswith(MANIFEST_SUFFIX)]
    if bad:
        raise ValueError(f"inventory names files that are not {MANIFEST_SUFFIX} files of the bundle: {bad}")
    return Inventory(files=files, values=tuple(data.get("values", ())))


def live_objects(kind: str, get_output: str) -> list[ObjectRef]:
    """Objects in the JSON list ``kubectl get <kind> -o json`` printed."""
    items = json.loads(get_output).get("items", []) if get_output.strip() else []
    return [ObjectRef(kind, item["metadata"].get("namespace") or None, item["metadata"]["name"]) for item in items]


def is_unknown_kind(stderr: str) -> bool:
    return any(words in stderr for words in UNKNOWN_KIND_ERRORS)


# ---- values ----------------------------------------------------------------------------------------------

def check_values(declared: Iterable[str], values: Mapping[str, str]) -> None:
    missing = sorted(set(declared) - set(values))
    if missing:
        raise ValueError(f"the bundle uses deploy-time values the custom resource does not pass: {missing}")


def fill_values(text: str, values: Mapping[str, str]) -> str:
    """What ``envsubst`` does for GitOps users: each ``${Name}`` of a passed value becomes the value."""
    for name, value in values.items():
        text = text.replace("${" + name + "}", value)
    return text


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# ---- what to do ------------------------------------------------------------------------------------------

def kinds_to_list(request: ApplyRequest, old: Optional[ApplyRequest]) -> list[str]:
    """Kinds to look for owned objects in: this bundle's and the previous one's (a kind may be gone entirely)."""
    return sorted(set(request.kinds) | set(old.kinds if old else ()))


def selectors(request: ApplyRequest, old: Optional[ApplyRequest]) -> list[str]:
    return sorted({request.selector} | ({old.selector} if old else set()))


def files_to_apply(filled: Mapping[str, str], record: Mapping[str, str], inventory: Inventory,
                   live: Iterable[ObjectRef]) -> list[str]:
    """Files whose filled text changed since the last apply, or one of whose objects is not in the cluster.
    A file without objects is never applied (kubectl refuses an apply with no objects)."""
    present = {ref.identity for ref in live}
    return [name for name, text in sorted(filled.items())
            if inventory.files.get(name) and (
                record.get(name) != content_hash(text)
                or not all(_is_present(ref, present) for ref in inventory.files[name]))]


def _is_present(ref: ObjectRef, present: set[tuple[str, str, Optional[str], str]]) -> bool:
    if ref.namespace is None:  # cluster-scoped, or namespaced and applied to 'default'
        return ref.identity in present or ObjectRef(ref.kind, "default", ref.name).identity in present
    return ref.identity in present


def to_prune(live: Iterable[ObjectRef], inventory: Inventory) -> list[ObjectRef]:
    """Owned objects (by label) the bundle no longer holds: a removed endpoint is deleted."""
    wanted = inventory.wanted()
    unique = {ref.identity: ref for ref in live}
    return [ref for identity, ref in sorted(unique.items(), key=lambda item: str(item[0])) if identity not in wanted]


# ---- kubectl command lines -------------------------------------------------------------------------------

def apply_argv(path: str, kubeconfig: str) -> list[str]:
    """Server-side apply: idempotent, and it takes over fields another manager (a client-side apply) set."""
    return [KUBECTL, "apply", "--server-side", "--force-conflicts", "--field-manager", FIELD_MANAGER,
            "--kubeconfig", kubeconfig, "-f", path]


def get_argv(kind: str, selector: str, kubeconfig: str) -> list[str]:
    return [KUBECTL, "get", kind, "--all-namespaces", "--selector", selector, "--output", "json",
            "--kubeconfig", kubeconfig]


def delete_argvs(refs: Sequence[ObjectRef], kubeconfig: str) -> list[list[str]]:
    """One ``kubectl delete`` per namespace, namespaced objects first: a PersistentVolume waits for its claim,
    so the claim must be deleted before (or with) it. kubectl issues every delete of a command, then waits."""
    by_namespace: dict[Optional[str], list[str]] = {}
    for ref in refs:
        by_namespace.setdefault(ref.namespace, []).append(ref.argument)
    order = sorted((namespace for namespace in by_namespace if namespace is not None)) + (
        [None] if None in by_namespace else [])
    argvs = []
    for namespace in order:
        argv = [KUBECTL, "delete", "--ignore-not-found", "--wait", "--timeout", DELETE_TIMEOUT, "--kubeconfig", kubeconfig]
        if namespace is not None:
            argv += ["--namespace", namespace]
        argvs.append(argv + by_namespace[namespace])
    return argvs


# ---- the record of what was applied ---------------------------------------------------------------------

def record_manifest(name: str, hashes: Mapping[str, str]) -> dict[str, Any]:
    """The ConfigMap that remembers each file's hash; it is not labelled as the platform's, so it is never pruned."""
    return {"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": name, "namespace": RECORD_NAMESPACE,
                         "labels": {"app.kubernetes.io/managed-by": FIELD_MANAGER}},
            "data": dict(sorted(hashes.items()))}


def record_get_argv(name: str, kubeconfig: str) -> list[str]:
    return [KUBECTL, "get", "configmap", name, "--namespace", RECORD_NAMESPACE, "--ignore-not-found",
            "--output", "json", "--kubeconfig", kubeconfig]


def record_delete_argv(name: str, kubeconfig: str) -> list[str]:
    return [KUBECTL, "delete", "configmap", name, "--namespace", RECORD_NAMESPACE, "--ignore-not-found",
            "--kubeconfig", kubeconfig]


def parse_record(get_output: str) -> dict[str, str]:
    return dict(json.loads(get_output).get("data") or {}) if get_output.strip() else {}


def response_data(applied: Sequence[str], unchanged: int, pruned: Sequence[ObjectRef]) -> dict[str, str]:
    """Attributes for GetAtt and the CloudFormation console: counts, not lists (responses are limited to 4 KB)."""
    return {"FilesApplied": str(len(applied)), "FilesUnchanged": str(unchanged), "ObjectsPruned": str(len(pruned))}
