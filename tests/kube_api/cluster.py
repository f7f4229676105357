"""What the API server does with requests, independent of HTTP: create, read, update, patch, apply, delete.

Why: the HTTP handler and the programmatic API (a test creating an object "as a user") go through the same code, so
both see the same resourceVersions, managedFields, finalizer and namespace rules.
"""
from __future__ import annotations

import base64
import copy
import datetime
import json
import random
import string
import uuid
from typing import Any, Callable, NamedTuple, Optional

import yaml

from . import errors, field_sets, immutable_fields, managed_fields, merge_patches, validation
from .errors import ApiError
from .resources import BUILTINS, ResourceType, from_crd
from .store import Key, Store

APPLY = "application/apply-patch+yaml"
MERGE = "application/merge-patch+json"
STRATEGIC = "application/strategic-merge-patch+json"
JSON_PATCH = "application/json-patch+json"
CRD_KEY = ("apiextensions.k8s.io", "customresourcedefinitions")


def rfc3339(seconds: float) -> str:
    return datetime.datetime.fromtimestamp(int(seconds), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def shape_of(rt: ResourceType) -> field_sets.Shape:
    return field_sets.SchemaShape(rt.schema, root=True) if rt.crd else field_sets.BuiltinShape()


class Served(NamedTuple):
    """The resource types served, and the resourceVersions of the CRDs they come from: the same versions, the same
    types (a resourceVersion names one version of one object)."""

    crds: tuple[str, ...]
    types: tuple[ResourceType, ...]


class Cluster:
    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.store = Store()
        self.held_crds: set[str] = set()     # CRDs whose establishment a test holds until establish()
        self.establish_delay = 0.0          # seconds on the `now` clock between a CRD's creation and Established
        self.never_ready: set[tuple[str, str, str]] = set()  # (kind, namespace, name) workloads never made ready
        self.hooks: list[Callable[[], None]] = []
        self._in_controllers = False
        self._served = Served((), BUILTINS)  # no CRD yet
        self._served_at = -1  # the store revision _served was checked at
        for name in ("default", "kube-system", "kube-public", "kube-node-lease"):
            self.create(self.type_for("v1", "Namespace"), None, {"apiVersion": "v1", "kind": "Namespace",
                                                                  "metadata": {"name": name}}, "kube-apiserver")

    # ---- resource types ---------------------------------------------------------------------------------------

    def served_types(self) -> list[ResourceType]:
        return list(self.served().types)

    def served(self) -> Served:
        # Every request looks its type up here; the CRDs (megabytes of schema) are read once per store revision,
        # since only a write can change what is served, and the types are made again only when a CRD changed.
        with self.store.lock:
            if self._served_at != self.store.revision:
                crds = [crd for _, crd in self.store.items(*CRD_KEY, copies=False)  # a write stores a new dict
                        if _condition(crd, "Established") and not crd["metadata"].get("deletionTimestamp")]
                versions = tuple(crd["metadata"]["resourceVersion"] for crd in crds)
                if versions != self._served.crds:
                    self._served = Served(versions, BUILTINS + tuple(rt for crd in crds for rt in from_crd(crd)))
                self._served_at = self.store.revision
            return self._served

    def type_for(self, api_version: str, kind: str) -> ResourceType:
        for rt in self.served_types():
            if rt.api_version == api_version and rt.kind == kind:
                return rt
        group, _, version = api_version.rpartition("/")
        raise ApiError(404, "NotFound", f'no matches for kind "{kind}" in version "{api_version}"')

    def type_for_path(self, group: str, version: str, plural: str) -> Optional[ResourceType]:
        return next((rt for rt in self.served_types()
                     if (rt.group, rt.version, rt.plural) == (group, version, plural)), None)

    # ---- reads ------------------------------------------------------------------------------------------------

    def _key(self, rt: ResourceType, namespace: Optional[str], name: str) -> Key:
        return (rt.group, rt.plural, (namespace or "") if rt.namespaced else "", name)

    def _present(self, rt: ResourceType, obj: dict[str, Any]) -> dict[str, Any]:
        obj["apiVersion"], obj["kind"] = rt.api_version, rt.kind  # a CR is stored once, read in any served version
        return obj

    def _storage_class(self, name: str) -> Optional[dict[str, Any]]:
        """The live StorageClass ``name``, or None (what the resize admission plugin looks up)."""
        return self.store.get(self._key(self.type_for("storage.k8s.io/v1", "StorageClass"), None, name))

    def get(self, rt: ResourceType, namespace: Optional[str], name: str) -> dict[str, Any]:
        found = self.store.get(self._key(rt, namespace, name))
        if found is None:
            raise errors.not_found(rt.plural, rt.group, name)
        return self._present(rt, found)

    def list(self, rt: ResourceType, namespace: Optional[str], label_selector: str = "", field_selector: str = "",
             limit: int = 0, continue_token: str = "") -> dict[str, Any]:
        labels = parse_label_selector(label_selector)
        fields = parse_field_selector(field_selector)
        with self.store.lock:
            revision = self.store.revision
            items = [self._present(rt, obj) for _, obj in self.store.items(rt.group, rt.plural,
                                                                           namespace if rt.namespaced else None)]
        items = [o for o in items if matches_labels(o, labels) and matches_fields(o, fields)]
        offset = 0
        if continue_token:
            try:
                offset = int(json.loads(base64.b64decode(continue_token))["o"])
            except Exception:
                raise errors.bad_request("continue key is not valid") from None
        meta: dict[str, Any] = {"resourceVersion": str(revision)}
        if limit and offset + limit < len(items):
            meta["continue"] = base64.b64encode(json.dumps({"o": offset + limit, "rv": revision}).encode()).decode()
            meta["remainingItemCount"] = len(items) - offset - limit
            items = items[offset:offset + limit]
        else:
            items = items[offset:]
        return {"kind": f"{rt.kind}List", "apiVersion": rt.api_version, "metadata": meta, "items": items}

    # ---- writes -----------------------------------------------------------------------------------------------

    def _check_namespace(self, rt: ResourceType, namespace: Optional[str], name: str) -> None:
        if not rt.namespaced:
            return
        ns = self.store.get(("", "namespaces", "", namespace or ""))
        if ns is None:
            raise errors.not_found("namespaces", "", namespace or "")
        if ns["metadata"].get("deletionTimestamp"):
            raise errors.namespace_terminating(rt.plural, rt.group, name, namespace or "")

    def _validate(self, rt: ResourceType, body: dict[str, Any], validation_mode: str) -> tuple[dict[str, Any], list[str]]:
        """Field validation of custom resources; returns the (pruned) object and warnings."""
        if not rt.crd or rt.schema is None:
            return body, []
        unknown = validation.unknown_fields(body, rt.schema)
        if unknown and validation_mode == "Strict":
            listed = ", ".join(f'unknown field "{u}"' for u in unknown)
            raise errors.bad_request(f'{rt.kind} in version "{rt.version}" cannot be handled as a {rt.kind}: '
                                     f"strict decoding error: {listed}")
        warnings = [f'unknown field "{u}"' for u in unknown] if validation_mode == "Warn" else []
        return validation.prune(body, rt.schema), warnings

    def _check_body(self, rt: ResourceType, body: Any, namespace: Optional[str]) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise errors.bad_request("the object provided is unrecognized")
        body = copy.deepcopy(body)
        meta = body.setdefault("metadata", {})
        if rt.namespaced:
            if meta.get("namespace") and namespace and meta["namespace"] != namespace:
                raise errors.bad_request("the namespace of the provided object does not match the namespace sent on "
                                         "the request")
            meta["namespace"] = namespace or meta.get("namespace") or "default"
        else:
            meta.pop("namespace", None)
        body["apiVersion"], body["kind"] = rt.api_version, rt.kind
        return body

    def create(self, rt: ResourceType, namespace: Optional[str], body: Any, manager: str,
               validation_mode: str = "Ignore") -> dict[str, Any]:
        return self.create_with_warnings(rt, namespace, body, manager, validation_mode)[0]

    def create_with_warnings(self, rt: ResourceType, namespace: Optional[str], body: Any, manager: str,
                             validation_mode: str = "Ignore") -> tuple[dict[str, Any], list[str]]:
        body = self._check_body(rt, body, namespace)
        meta = body["metadata"]
        if not meta.get("name") and meta.get("generateName"):
            meta["name"] = meta["generateName"] + "".join(random.choices(string.ascii_lowercase + "0123456789", k=5))
        if not meta.get("name"):
            raise errors.invalid(rt.kind, rt.group, "", [("metadata.name",
                                                           "Required value: name or generateName is required")])
        body, warnings = self._validate(rt, body, validation_mode)
        with self.store.lock:
            self._check_namespace(rt, meta.get("namespace"), meta["name"])
            key = self._key(rt, meta.get("namespace"), meta["name"])
            if self.store.get(key) is not None:
                raise errors.already_exists(rt.plural, rt.group, meta["name"])
            if rt.status_subresource and rt.kind != "Namespace":
                body.pop("status", None)
            stored = self._commit(rt, key, None, body, manager, "Update", "")
        return stored, warnings

    def _finish(self, rt: ResourceType, old: Optional[dict[str, Any]], new: dict[str, Any], now: str,
                subresource: str = "") -> None:
        """Fields the server owns: uid, creationTimestamp, generation, deletion state, kind-specific defaults."""
        meta = new["metadata"]
        for field in ("uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation"):
            meta.pop(field, None)
        if old is None:
            meta.update(uid=str(uuid.uuid4()), creationTimestamp=now)
            if _has_generation(rt):
                meta["generation"] = 1
        else:
            for field in ("uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds"):
                if field in old["metadata"]:
                    meta[field] = old["metadata"][field]
            if _has_generation(rt):
                spec_changed = _spec_of(old) != _spec_of(new)
                meta["generation"] = old["metadata"].get("generation", 1) + (1 if spec_changed else 0)
        if rt.kind == "Namespace":
            meta.setdefault("labels", {})["kubernetes.io/metadata.name"] = meta["name"]
            finalizers = new.setdefault("spec", {}).setdefault("finalizers", [])
            if old is None and "kubernetes" not in finalizers:
                finalizers.append("kubernetes")  # PrepareForCreate: every new namespace gets the controller's
            if subresource != "status":  # the namespace controller writes its status; nothing else does
                new["status"] = (old or {}).get("status") or {"phase": "Active"}
        if rt.kind == "Secret":
            new.setdefault("type", "Opaque")
            for k, v in (new.pop("stringData", None) or {}).items():
                new.setdefault("data", {})[k] = base64.b64encode(str(v).encode()).decode()

    def _commit(self, rt: ResourceType, key: Key, old: Optional[dict[str, Any]], new: dict[str, Any], manager: str,
                operation: str, subresource: str, entries: Optional[list[managed_fields.Entry]] = None
                ) -> dict[str, Any]:
        """Store a new version (or nothing if the write changes nothing), then run the controllers."""
        now = rfc3339(self.now())
        incoming = new["metadata"].get("managedFields")
        new["metadata"].pop("resourceVersion", None)
        self._finish(rt, old, new, now, subresource)
        if entries is None:  # a non-apply write: record what it changed as an Update entry
            entries = managed_fields.read(old)
            if incoming == []:
                entries = []  # a client may clear managedFields by sending an empty list
            shape = shape_of(rt)
            before = field_sets.owned_part(old or {}, rt.status_subresource, subresource)
            after = field_sets.owned_part(new, rt.status_subresource, subresource)
            changed, removed = field_sets.changed_paths(before, after, shape)
            entries = managed_fields.record_update(entries, manager, new["apiVersion"], subresource, changed,
                                                   removed, now)
        managed_fields.write(new, entries)
        if old is not None:
            refused = immutable_fields.check_update(rt.group, rt.kind, key[3], old, new, subresource) \
                or immutable_fields.resize_refusal(rt.group, rt.kind, key[3], old, new, subresource,
                                                   self._storage_class)
            if refused is not None:
                raise refused
            compare = _without_times(old)  # a new value: no copy of old needed to change it
            compare["metadata"].pop("resourceVersion", None)
            if compare == _without_times(new):
                return self._present(rt, old)  # no change: no new resourceVersion, no event
            if old["metadata"].get("deletionTimestamp") and not new["metadata"].get("finalizers") and not (
                    rt.kind == "Namespace" and (new.get("spec") or {}).get("finalizers")):
                # The last finalizer went (for a namespace, of its spec too: the registry's ShouldDeleteDuringUpdate)
                gone = self.store.remove(key)
                self.run_controllers()
                return self._present(rt, gone or new)
        stored = self.store.put(key, new)
        self.run_controllers()
        return self._present(rt, stored)

    def _existing(self, rt: ResourceType, namespace: Optional[str], name: str) -> tuple[Key, dict[str, Any]]:
        key = self._key(rt, namespace, name)
        old = self.store.get(key)
        if old is None:
            raise errors.not_found(rt.plural, rt.group, name)
        return key, old

    def replace(self, rt: ResourceType, namespace: Optional[str], name: str, body: Any, manager: str,
                validation_mode: str = "Ignore", subresource: str = "") -> tuple[dict[str, Any], list[str]]:
        body = self._check_body(rt, body, namespace)
        if body["metadata"].get("name", name) != name:
            raise errors.bad_request(f"the name of the object ({body['metadata']['name']}) does not match the name on "
                                     f"the URL ({name})")
        body["metadata"]["name"] = name
        body, warnings = self._validate(rt, body, validation_mode)
        with self.store.lock:
            key, old = self._existing(rt, namespace, name)
            wanted = body["metadata"].get("resourceVersion")
            if wanted and wanted != old["metadata"]["resourceVersion"]:
                raise errors.conflict(rt.plural, rt.group, name)
            new = self._scoped(rt, old, body, subresource)
            return self._commit(rt, key, old, new, manager, "Update", subresource), warnings

    def _scoped(self, rt: ResourceType, old: dict[str, Any], new: dict[str, Any], subresource: str) -> dict[str, Any]:
        """Writes to the main resource keep the old status; writes to /status change only status. A namespace's
        ``spec.finalizers`` change only through /finalize, which changes nothing else (the namespace strategy)."""
        if rt.kind == "Namespace":
            if subresource == "finalize":
                result = copy.deepcopy(old)
                result.setdefault("spec", {})["finalizers"] = list((new.get("spec") or {}).get("finalizers") or [])
                return result
            new.setdefault("spec", {})["finalizers"] = list((old.get("spec") or {}).get("finalizers") or [])
        if subresource == "status":
            result = copy.deepcopy(old)
            if "status" in new:
                result["status"] = new["status"]
            else:
                result.pop("status", None)
            return result
        if rt.status_subresource and rt.kind != "Namespace":
            new.pop("status", None)
            if "status" in old:
                new["status"] = copy.deepcopy(old["status"])
        return new

    def patch(self, rt: ResourceType, namespace: Optional[str], name: str, content_type: str, raw: bytes,
              manager: str, force: bool = False, validation_mode: str = "Ignore",
              subresource: str = "") -> tuple[dict[str, Any], list[str], bool]:
        """Returns (object, warnings, created): apply creates when absent."""
        content_type = content_type.split(";")[0].strip()
        accepted = [JSON_PATCH, MERGE, APPLY] if rt.crd else [JSON_PATCH, MERGE, APPLY, STRATEGIC]
        if content_type not in accepted:
            raise errors.unsupported_media_type(accepted)
        try:
            patch = yaml.safe_load(raw) if content_type == APPLY else json.loads(raw or b"null")
        except (ValueError, yaml.YAMLError) as problem:
            raise errors.bad_request(f"error decoding patch: {problem}") from None
        if content_type == APPLY:
            return (*self.apply(rt, namespace, name, patch, manager, force, validation_mode, subresource),)
        with self.store.lock:
            key, old = self._existing(rt, namespace, name)
            current = self._present(rt, copy.deepcopy(old))
            try:
                if content_type == MERGE:
                    patched = merge_patches.json_merge_patch(current, patch)
                elif content_type == STRATEGIC:
                    patched = merge_patches.strategic_merge_patch(current, patch)
                else:
                    patched = merge_patches.json_patch(current, patch)
            except merge_patches.JsonPatchError as problem:
                raise ApiError(422, "Invalid", str(problem)) from None
            wanted = (patch.get("metadata") or {}).get("resourceVersion") if isinstance(patch, dict) else None
            if wanted and wanted != old["metadata"]["resourceVersion"]:
                raise errors.conflict(rt.plural, rt.group, name)
            patched = self._check_body(rt, patched, namespace)
            patched, warnings = self._validate(rt, patched, validation_mode)
            new = self._scoped(rt, old, patched, subresource)
            return self._commit(rt, key, old, new, manager, "Update", subresource), warnings, False

    def apply(self, rt: ResourceType, namespace: Optional[str], name: str, applied: Any, manager: str,
              force: bool = False, validation_mode: str = "Strict",
              subresource: str = "") -> tuple[dict[str, Any], list[str], bool]:
        """Server-side apply: merge the applied configuration, check conflicts, remove fields no longer applied."""
        if not manager:
            raise errors.bad_request("PATCH, application/apply-patch+yaml requests must specify a fieldManager")
        applied = self._check_body(rt, applied, namespace)
        if applied["metadata"].get("name", name) != name:
            raise errors.bad_request("the name of the object does not match the name on the URL")
        applied["metadata"]["name"] = name
        applied, warnings = self._validate(rt, applied, validation_mode)
        shape = shape_of(rt)
        with self.store.lock:
            key = self._key(rt, namespace, name)
            old = self.store.get(key)
            if old is None:
                self._check_namespace(rt, applied["metadata"].get("namespace"), name)
            entries = managed_fields.read(old)
            live = field_sets.owned_part(old or {}, rt.status_subresource, subresource)
            mine_part = field_sets.owned_part(applied, rt.status_subresource, subresource)
            mine = field_sets.field_set(mine_part, shape)
            merged = field_sets.apply_merge(live, mine_part, shape)
            conflicts = [(e, p) for e in entries if e.manager != manager and e.subresource == subresource
                         for p in sorted(e.fields & mine)
                         if field_sets.value_at(live, p) != field_sets.value_at(merged, p)]
            if conflicts and not force:
                raise managed_fields.conflict_error(conflicts)
            for entry, path in conflicts:
                entry.fields.discard(path)
            own = next((e for e in entries if e.same_owner(manager, "Apply", subresource)), None)
            others = set().union(*(e.fields for e in entries if e is not own))
            for path in sorted((own.fields if own else set()) - mine, key=len, reverse=True):
                if field_sets.is_item_key(path):
                    continue  # an associative list item's key goes with the item, never before it
                if path not in others and not any(field_sets.is_under(p, path) for p in others | mine):
                    field_sets.remove_path(merged, path)
                    field_sets.prune_empty_parents(merged, path, others | mine)
            now = rfc3339(self.now())
            if own is None:
                own = managed_fields.Entry(manager, "Apply", applied["apiVersion"], now, subresource)
                entries.insert(0, own)
            if own.fields != mine:
                own.time = now
            own.fields, own.api_version = mine, applied["apiVersion"]
            new = _assemble(old, applied, merged, rt, subresource)
            if old is None and rt.status_subresource and rt.kind != "Namespace":
                new.pop("status", None)
            return self._commit(rt, key, old, new, manager, "Apply", subresource, entries), warnings, old is None

    def delete(self, rt: ResourceType, namespace: Optional[str], name: str,
               options: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        """Delete: an object with finalizers only gets deletionTimestamp; a namespace starts terminating."""
        wanted_uid = ((options or {}).get("preconditions") or {}).get("uid")
        with self.store.lock:
            key, old = self._existing(rt, namespace, name)
            if wanted_uid and wanted_uid != old["metadata"]["uid"]:
                raise errors.conflict(rt.plural, rt.group, name)
            if old["metadata"].get("deletionTimestamp"):
                return self._present(rt, old)  # already being deleted: nothing new
            finalizers = old["metadata"].get("finalizers") or []
            if rt.kind == "Namespace" or rt.kind == "CustomResourceDefinition" or finalizers:
                new = copy.deepcopy(old)
                new["metadata"]["deletionTimestamp"] = rfc3339(self.now())
                new["metadata"]["deletionGracePeriodSeconds"] = 0
                if rt.kind == "Namespace":
                    new["status"] = {"phase": "Terminating"}
                if rt.kind == "CustomResourceDefinition":
                    new["metadata"]["finalizers"] = list(dict.fromkeys(
                        finalizers + ["customresourcecleanup.apiextensions.k8s.io"]))
                stored = self.store.put(key, new)
                self.run_controllers()
                return self._present(rt, stored)
            gone = self.store.remove(key)
            self.run_controllers()
            return self._present(rt, gone or old)

    def remove_finalizers(self, rt: ResourceType, namespace: Optional[str], name: str,
                          manager: str = "test-controller") -> Optional[dict[str, Any]]:
        with self.store.lock:
            key, old = self._existing(rt, namespace, name)
            new = copy.deepcopy(old)
            new["metadata"].pop("finalizers", None)
            if rt.kind == "Namespace":
                new.setdefault("spec", {})["finalizers"] = []
            return self._commit(rt, key, old, new, manager, "Update", "")

    # ---- controllers ------------------------------------------------------------------------------------------

    def run_controllers(self) -> None:
        """The controllers the real control plane runs, done at once after each write and on each request."""
        with self.store.lock:
            if self._in_controllers:
                return
            self._in_controllers = True
            try:
                for _ in range(20):  # until nothing changes
                    revision = self.store.revision
                    self._crd_controller()
                    self._namespace_controller()
                    self._workload_controller()
                    for hook in list(self.hooks):
                        hook()
                    if self.store.revision == revision:
                        break
            finally:
                self._in_controllers = False

    def _system_write(self, key: Key, old: dict[str, Any], new: dict[str, Any], manager: str,
                      subresource: str) -> None:
        rt = next(r for r in self.served_types() + list(BUILTINS) if (r.group, r.plural) == key[:2])
        self._commit(rt, key, old, new, manager, "Update", subresource)

    def _crd_controller(self) -> None:
        now = self.now()
        for key, stored in self.store.items(*CRD_KEY, copies=False):  # read only: copied when established below
            if stored["metadata"].get("deletionTimestamp"):
                group, plural = stored["spec"]["group"], stored["spec"]["names"]["plural"]
                remaining = list(self.store.items(group, plural))
                for ckey, cr in remaining:
                    if not cr["metadata"].get("deletionTimestamp"):
                        self._delete_key(ckey, cr)
                if not list(self.store.items(group, plural)):
                    self.store.remove(key)
                continue
            if _condition(stored, "Established") or stored["metadata"]["name"] in self.held_crds:
                continue  # nothing to do, the common case
            created = _parse_time(stored["metadata"]["creationTimestamp"])
            if now - created < self.establish_delay:
                continue
            # No copy of the whole CRD (megabytes of schema): _commit changes only the new version's metadata before
            # storing a copy of it, and only reads the old one (it hands the old one back, as _present changes it,
            # only for a write that changes nothing; this one adds the Established condition).
            stamp = rfc3339(now)
            new = {**stored, "metadata": copy.deepcopy(stored["metadata"]), "status": {
                "acceptedNames": copy.deepcopy(stored["spec"]["names"]),
                "storedVersions": [v["name"] for v in stored["spec"].get("versions", []) if v.get("storage")],
                "conditions": [
                    {"type": "NamesAccepted", "status": "True", "reason": "NoConflicts",
                     "message": "no conflicts found", "lastTransitionTime": stamp},
                    {"type": "Established", "status": "True", "reason": "InitialNamesAccepted",
                     "message": "the initial names have been accepted", "lastTransitionTime": stamp}]}}
            self._system_write(key, stored, new, "kube-apiserver", "status")

    def _delete_key(self, key: Key, obj: dict[str, Any]) -> None:
        if obj["metadata"].get("finalizers"):
            new = copy.deepcopy(obj)
            new["metadata"]["deletionTimestamp"] = rfc3339(self.now())
            new["metadata"]["deletionGracePeriodSeconds"] = 0
            self.store.put(key, new)
        else:
            self.store.remove(key)

    def _namespace_controller(self) -> None:
        """A terminating namespace: its contents deleted, the conditions saying what still holds it (the real
        controller's NamespaceContentRemaining and NamespaceFinalizersRemaining), then ``kubernetes`` removed from
        ``spec.finalizers`` (its /finalize); the namespace goes once no finalizer of its spec or metadata is left."""
        # Stored versions, read only (_delete_key copies what it changes): while a namespace terminates this runs on
        # every request, and copies would copy every object in the store, CRDs and all, twice each time.
        for key, ns in self.store.items("", "namespaces", copies=False):
            if not ns["metadata"].get("deletionTimestamp"):
                continue
            name = ns["metadata"]["name"]
            contents = [(k, o) for k, o in self.store.items(copies=False) if k[2] == name and k[1] != "namespaces"]
            for ckey, obj in contents:
                if not obj["metadata"].get("deletionTimestamp"):
                    self._delete_key(ckey, obj)
            remaining = [(k, o) for k, o in self.store.items(copies=False) if k[2] == name and k[1] != "namespaces"]
            spec_finalizers = (ns.get("spec") or {}).get("finalizers") or []
            if remaining:
                self._report_remaining(key, ns, remaining)
                continue
            if "kubernetes" in spec_finalizers:
                new = copy.deepcopy(ns)
                new["spec"]["finalizers"] = [f for f in spec_finalizers if f != "kubernetes"]
                new["status"] = {"phase": "Terminating"}
                self._system_write(key, ns, new, "kube-controller-manager", "finalize")
                continue
            if not spec_finalizers and not ns["metadata"].get("finalizers"):
                self.store.remove(key)

    def _report_remaining(self, key: Key, ns: dict[str, Any], remaining: list[tuple[Key, dict[str, Any]]]) -> None:
        resources: dict[str, int] = {}
        finalizers: dict[str, int] = {}
        for (group, plural, _, _), obj in remaining:
            resources[f"{plural}.{group}"] = resources.get(f"{plural}.{group}", 0) + 1
            for finalizer in obj["metadata"].get("finalizers") or []:
                finalizers[finalizer] = finalizers.get(finalizer, 0) + 1
        conditions = [{"type": "NamespaceContentRemaining", "status": "True", "reason": "SomeResourcesRemain",
                       "message": "Some resources are remaining: " + ", ".join(sorted(
                           f"{resource} has {count} resource instances" for resource, count in resources.items()))}]
        if finalizers:
            conditions.append({"type": "NamespaceFinalizersRemaining", "status": "True",
                               "reason": "SomeFinalizersRemain",
                               "message": "Some content in the namespace has finalizers remaining: " + ", ".join(
                                   sorted(f"{name} in {count} resource instances" for name, count in finalizers.items()))})
        if [{k: v for k, v in c.items() if k != "lastTransitionTime"}
                for c in (ns.get("status") or {}).get("conditions") or []] == conditions:
            return
        stamp = rfc3339(self.now())
        new = copy.deepcopy(ns)
        new["status"] = {"phase": "Terminating",
                         "conditions": [{**condition, "lastTransitionTime": stamp} for condition in conditions]}
        self._system_write(key, ns, new, "kube-controller-manager", "status")

    def _workload_controller(self) -> None:
        """Deployments, DaemonSets and StatefulSets report ready at once, unless a test said never."""
        for plural, kind in (("deployments", "Deployment"), ("daemonsets", "DaemonSet"),
                             ("statefulsets", "StatefulSet")):
            for key, obj in self.store.items("apps", plural):
                generation = obj["metadata"].get("generation", 1)
                ready = (kind, key[2], key[3]) not in self.never_ready
                status = _workload_status(kind, obj, generation, ready, rfc3339(self.now()))
                old_status = obj.get("status") or {}
                if _without_times(old_status) == _without_times(status):
                    continue
                new = copy.deepcopy(obj)
                new["status"] = status
                self._system_write(key, obj, new, "kube-controller-manager", "status")


# ---- helpers ---------------------------------------------------------------------------------------------------

def _condition(obj: dict[str, Any], kind: str) -> bool:
    return any(c.get("type") == kind and c.get("status") == "True"
               for c in (obj.get("status") or {}).get("conditions") or [])


def _parse_time(text: str) -> float:
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc).timestamp()


# Kinds whose strategy keeps metadata.generation (ConfigMaps, Secrets, Namespaces ... have none).
GENERATION_GROUPS = {"apps", "batch", "apiextensions.k8s.io", "admissionregistration.k8s.io", "storage.k8s.io"}


def _has_generation(rt: ResourceType) -> bool:
    return bool(rt.crd) or rt.group in GENERATION_GROUPS


def _spec_of(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if k not in ("metadata", "status", "apiVersion", "kind")}


def _without_times(value: Any) -> Any:
    """A value with its timestamps blanked: a write that only moves managedFields times changes nothing."""
    if isinstance(value, dict):
        return {k: (None if k in ("time", "lastTransitionTime", "lastUpdateTime") else _without_times(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def _assemble(old: Optional[dict[str, Any]], applied: dict[str, Any], merged: dict[str, Any], rt: ResourceType,
              subresource: str) -> dict[str, Any]:
    """The whole object after an apply: server-set metadata from the live object, the rest merged."""
    if subresource == "status":
        result = copy.deepcopy(old) if old else copy.deepcopy(applied)
        if "status" in merged:
            result["status"] = merged["status"]
        return result
    result: dict[str, Any] = {"apiVersion": rt.api_version, "kind": rt.kind}
    meta = {k: v for k, v in ((old or applied).get("metadata") or {}).items() if k in field_sets.STRIPPED_META}
    meta["name"] = applied["metadata"]["name"]
    if rt.namespaced:
        meta["namespace"] = applied["metadata"]["namespace"]
    meta.update(merged.get("metadata") or {})
    result["metadata"] = meta
    result.update({k: v for k, v in merged.items() if k != "metadata"})
    if old and "status" in old and rt.status_subresource:
        result["status"] = copy.deepcopy(old["status"])
    return result


def _workload_status(kind: str, obj: dict[str, Any], generation: int, ready: bool, now: str) -> dict[str, Any]:
    spec = obj.get("spec") or {}
    wanted = 1 if kind == "DaemonSet" else int(spec.get("replicas", 1))
    up = wanted if ready else 0
    if kind == "DaemonSet":
        return {"observedGeneration": generation, "currentNumberScheduled": wanted, "desiredNumberScheduled": wanted,
                "numberMisscheduled": 0, "numberReady": up, "numberAvailable": up, "updatedNumberScheduled": wanted,
                **({} if ready else {"numberUnavailable": wanted})}
    status: dict[str, Any] = {"observedGeneration": generation, "replicas": wanted, "updatedReplicas": wanted,
                              "readyReplicas": up, "availableReplicas": up}
    if kind == "StatefulSet":
        revision = f"{obj['metadata']['name']}-{generation}"
        status.update(currentReplicas=wanted, currentRevision=revision, updateRevision=revision)
        return status
    status["conditions"] = [
        {"type": "Available", "status": "True" if ready else "False",
         "reason": "MinimumReplicasAvailable" if ready else "MinimumReplicasUnavailable",
         "message": "Deployment has minimum availability." if ready else
         "Deployment does not have minimum availability.", "lastTransitionTime": now, "lastUpdateTime": now},
        {"type": "Progressing", "status": "True",
         "reason": "NewReplicaSetAvailable" if ready else "ReplicaSetUpdated",
         "message": f'ReplicaSet "{obj["metadata"]["name"]}" has successfully progressed.' if ready else
         f'ReplicaSet "{obj["metadata"]["name"]}" is progressing.', "lastTransitionTime": now,
         "lastUpdateTime": now}]
    if not ready:
        status["unavailableReplicas"] = wanted
    return status


# ---- selectors ---------------------------------------------------------------------------------------------------

Requirement = tuple[str, str, list[str]]  # key, operator (=, !=, in, notin, exists, !), values


def _split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def parse_label_selector(text: str) -> list[Requirement]:
    """Label selectors (https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors)."""
    requirements: list[Requirement] = []
    for part in _split_top(text or ""):
        lowered = f" {part} "
        for op in (" notin ", " in "):
            if op in lowered:
                key, _, rest = part.partition(op.strip())
                values = [v.strip() for v in rest.strip().strip("()").split(",") if v.strip()]
                requirements.append((key.strip(), op.strip(), values))
                break
        else:
            for op in ("!=", "==", "="):
                if op in part:
                    key, _, value = part.partition(op)
                    requirements.append((key.strip(), "!=" if op == "!=" else "=", [value.strip()]))
                    break
            else:
                if part.startswith("!"):
                    requirements.append((part[1:].strip(), "!", []))
                else:
                    requirements.append((part, "exists", []))
    return requirements


def matches_labels(obj: dict[str, Any], requirements: list[Requirement]) -> bool:
    labels = (obj.get("metadata") or {}).get("labels") or {}
    for key, op, values in requirements:
        present, value = key in labels, labels.get(key)
        if op == "=" and value != values[0]:
            return False
        if op == "!=" and value == values[0]:
            return False
        if op == "in" and value not in values:
            return False
        if op == "notin" and present and value in values:
            return False
        if op == "exists" and not present:
            return False
        if op == "!" and present:
            return False
    return True


FIELD_SELECTABLE = {"metadata.name", "metadata.namespace"}


def parse_field_selector(text: str) -> list[tuple[str, str, str]]:
    result = []
    for part in _split_top(text or ""):
        for op in ("!=", "==", "="):
            if op in part:
                key, _, value = part.partition(op)
                key = key.strip()
                if key not in FIELD_SELECTABLE:
                    raise errors.bad_request(f'"{key}" is not a known field selector: only "metadata.name", '
                                             '"metadata.namespace"')
                result.append((key, "!=" if op == "!=" else "=", value.strip()))
                break
        else:
            raise errors.bad_request(f"invalid selector: '{part}'; can't understand '{part}'")
    return result


def matches_fields(obj: dict[str, Any], requirements: list[tuple[str, str, str]]) -> bool:
    meta = obj.get("metadata") or {}
    for key, op, value in requirements:
        actual = meta.get(key.split(".", 1)[1], "")
        if (actual == value) != (op == "="):
            return False
    return True
