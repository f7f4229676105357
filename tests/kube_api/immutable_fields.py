"""Update validation of the built-in kinds whose fields Kubernetes refuses to change, with the real API server's
field errors (its words, not its code): ``ValidateStorageClassUpdate`` (pkg/apis/storage/validation) and
``ValidatePersistentVolumeUpdate`` (pkg/apis/core/validation).

- StorageClass: ``parameters``, ``provisioner`` and ``reclaimPolicy`` are Forbidden to change ("updates to X are
  forbidden."); ``volumeBindingMode`` is immutable ("field is immutable").
- PersistentVolume: the volume source (every spec field but capacity, access modes, claimRef, reclaim policy,
  storage class, mount options, volume mode, node affinity and volume attributes class) is Forbidden to change
  ("spec.persistentvolumesource is immutable after creation"); ``volumeMode`` is immutable, and ``nodeAffinity``
  once set.
"""
from __future__ import annotations

import json
from typing import Any, Optional

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


CHECKS = {("storage.k8s.io", "StorageClass"): storage_class_causes,
          ("", "PersistentVolume"): persistent_volume_causes}


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
