"""Update validation of the built-in kinds whose fields Kubernetes refuses to change, with the real API server's
field errors (its words, not its code): ``ValidateStorageClassUpdate`` (pkg/apis/storage/validation) and
``ValidatePersistentVolumeUpdate`` (pkg/apis/core/validation).

- StorageClass: ``parameters``, ``provisioner`` and ``reclaimPolicy`` are Forbidden to change ("updates to X are
  forbidden."); ``volumeBindingMode`` is immutable ("field is immutable").
- PersistentVolume: the volume source (every spec field but capacity, access modes, claimRef, reclaim policy,
  storage class, mount options, volume mode, node affinity and volume attributes class) is Forbidden to change
  ("spec.persistentvolumesource is immutable after creation"); ``volumeMode`` is immutable, and ``nodeAffinity``
  once set.
- PersistentVolumeClaim (``ValidatePersistentVolumeClaimUpdate``): the spec is Forbidden to change but for
  ``volumeName`` while it is empty (set once, when the claim binds), and, for a bound claim, ``resources.requests``
  (not below the old value) and ``volumeAttributesClassName``. No controller binds claims here: a claim naming its
  volume (``spec.volumeName``, as a statically provisioned claim does) counts as bound, as it is on a real cluster
  once that volume exists. The ``PersistentVolumeClaimResize`` admission plugin (``resize_refusal``) then refuses a
  larger request unless the claim's StorageClass has ``allowVolumeExpansion: true`` (403 Forbidden).
"""
from __future__ import annotations

import json
from typing import Any, Callable, Optional

from .errors import ApiError

# PersistentVolumeSpec fields outside its inlined PersistentVolumeSource.
PV_SPEC_FIELDS = frozenset({"capacity", "accessModes", "claimRef", "persistentVolumeReclaimPolicy", "storageClassName",
                            "mountOptions", "volumeMode", "nodeAffinity", "volumeAttributesClassName"})


def _immutable(path: str, value: Any) -> tuple[str, str]:
    shown = json.dumps(value) if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return path, f"Invalid value: {shown}: field is immutable"


def storage_class_causes(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str]]:
    causes = []
    for field in ("parameters", "provisioner"):
        if (old.get(field) or None) != (new.get(field) or None):
            causes.append((field, f"Forbidden: updates to {field} are forbidden."))
    if (old.get("reclaimPolicy") or "Delete") != (new.get("reclaimPolicy") or "Delete"):
        causes.append(("reclaimPolicy", "Forbidden: updates to reclaimPolicy are forbidden."))
    if (old.get("volumeBindingMode") or "Immediate") != (new.get("volumeBindingMode") or "Immediate"):
        causes.append(_immutable("volumeBindingMode", new.get("volumeBindingMode") or "Immediate"))
    return causes


def persistent_volume_causes(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str]]:
    old_spec, new_spec = old.get("spec") or {}, new.get("spec") or {}

    def source(spec: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in spec.items() if key not in PV_SPEC_FIELDS}
    causes = []
    if source(old_spec) != source(new_spec):
        causes.append(("spec.persistentvolumesource",
                       "Forbidden: spec.persistentvolumesource is immutable after creation"))
    if (old_spec.get("volumeMode") or "Filesystem") != (new_spec.get("volumeMode") or "Filesystem"):
        causes.append(_immutable("volumeMode", new_spec.get("volumeMode") or "Filesystem"))
    if old_spec.get("nodeAffinity") is not None and old_spec.get("nodeAffinity") != new_spec.get("nodeAffinity"):
        causes.append(_immutable("nodeAffinity", new_spec.get("nodeAffinity")))
    return causes


def persistent_volume_claim_causes(old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str]]:
    old_spec, new_spec = dict(old.get("spec") or {}), dict(new.get("spec") or {})
    bound = bool(old_spec.get("volumeName"))
    if not bound:
        old_spec["volumeName"] = new_spec.get("volumeName")  # set once, when the claim binds
    old_requests = (old_spec.get("resources") or {}).get("requests") or {}
    new_requests = (new_spec.get("resources") or {}).get("requests") or {}
    causes = []
    if bound:
        for spec in (old_spec, new_spec):
            spec.pop("volumeAttributesClassName", None)
            spec["resources"] = {key: value for key, value in (spec.get("resources") or {}).items() if key != "requests"}
    if old_spec != new_spec:
        causes.append(("spec", "Forbidden: spec is immutable after creation except resources.requests and "
                               "volumeAttributesClassName for bound claims"))
    if bound and _quantity(new_requests.get("storage")) < _quantity(old_requests.get("storage")):
        causes.append(("spec.resources.requests.storage", "Forbidden: field can not be less than previous value"))
    return causes


_UNITS = {"": 1, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50,
          "k": 10**3, "M": 10**6, "G": 10**9, "T": 10**12, "P": 10**15}


def _quantity(text: Any) -> float:
    """A storage quantity in bytes (the suffixes a claim's request uses); 0 when absent."""
    value = str(text or "0")
    number = value.rstrip("".join({char for unit in _UNITS for char in unit}))
    return float(number) * _UNITS[value[len(number):]]


CHECKS = {("storage.k8s.io", "StorageClass"): storage_class_causes,
          ("", "PersistentVolume"): persistent_volume_causes,
          ("", "PersistentVolumeClaim"): persistent_volume_claim_causes}


def check_update(group: str, kind: str, name: str, old: dict[str, Any], new: dict[str, Any],
                 subresource: str) -> Optional[ApiError]:
    """The 422 the API server answers an update of ``old`` to ``new`` with, or None when it is allowed."""
    check = CHECKS.get((group, kind))
    if check is None or subresource or old["metadata"].get("deletionTimestamp"):
        return None
    causes = check(old, new)
    if not causes:
        return None
    errors = [f"{field}: {message}" for field, message in causes]
    text = errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"  # utilerrors.Aggregate's format
    what = f"{kind}.{group}" if group else kind
    return ApiError(422, "Invalid", f'{what} "{name}" is invalid: {text}',
                    {"name": name, "group": group, "kind": kind,
                     "causes": [{"reason": "FieldValueForbidden" if message.startswith("Forbidden") else
                                 "FieldValueInvalid", "message": message, "field": field}
                                for field, message in causes]})


def resize_refusal(group: str, kind: str, name: str, old: dict[str, Any], new: dict[str, Any], subresource: str,
                   storage_class: Callable[[str], Optional[dict[str, Any]]]) -> Optional[ApiError]:
    """The 403 the ``PersistentVolumeClaimResize`` admission plugin answers a claim's larger request with: only a
    bound claim grows, and only when its StorageClass allows expansion. ``storage_class(name)``: the live class."""
    if (group, kind) != ("", "PersistentVolumeClaim") or subresource:
        return None
    old_spec, new_spec = old.get("spec") or {}, new.get("spec") or {}
    before = ((old_spec.get("resources") or {}).get("requests") or {}).get("storage")
    after = ((new_spec.get("resources") or {}).get("requests") or {}).get("storage")
    if _quantity(after) <= _quantity(before):
        return None
    message = f'persistentvolumeclaims "{name}" is forbidden: '
    if not old_spec.get("volumeName"):  # not bound (a claim naming its volume counts as bound: see above)
        return ApiError(403, "Forbidden", message + "Only bound persistent volume claims can be expanded",
                        {"name": name, "kind": "persistentvolumeclaims"})
    class_name = new_spec.get("storageClassName") or ""
    found = storage_class(class_name) if class_name and class_name == (old_spec.get("storageClassName") or "") else None
    if found is None or found.get("allowVolumeExpansion") is not True:
        return ApiError(403, "Forbidden", message + "only dynamically provisioned pvc can be resized and the "
                        "storageclass that provisions the pvc must support resize",
                        {"name": name, "kind": "persistentvolumeclaims"})
    return None
