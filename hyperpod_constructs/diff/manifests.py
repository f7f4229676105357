"""The Kubernetes objects two manifest bundles hold, compared by kind, namespace and name.

The manifest applier prunes by inventory, so an object the old bundle holds and the new one does not is deleted
from the cluster; one in both with other fields is changed in place (server-side apply).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import yaml

from .leaves import field_changes

# (API group, kind, namespace, name): an apiVersion change within a group is a field change, not a new object.
ObjectKey = tuple[str, str, str, str]


def object_key(manifest: Mapping[str, Any]) -> ObjectKey:
    group = manifest.get("apiVersion", "").rpartition("/")[0]
    metadata = manifest.get("metadata") or {}
    return group, manifest.get("kind", ""), metadata.get("namespace") or "", metadata.get("name", "")


def describe(key: ObjectKey) -> str:
    """``ScaledObject.keda.sh default/llama-8b``: core kinds have no group, cluster-scoped objects no namespace."""
    group, kind, namespace, name = key
    return f"{kind}{'.' + group if group else ''} {namespace + '/' if namespace else ''}{name}"


def objects_of(files: Iterable[str]) -> dict[ObjectKey, dict[str, Any]]:
    """Every object of the given YAML texts (one per document) by its key."""
    found: dict[ObjectKey, dict[str, Any]] = {}
    for text in files:
        for document in yaml.safe_load_all(text):
            if isinstance(document, dict) and document.get("kind"):
                found[object_key(document)] = document
    return found


@dataclass(frozen=True)
class ObjectChanges:
    added: tuple[ObjectKey, ...]
    deleted: tuple[ObjectKey, ...]
    changed: tuple[tuple[ObjectKey, tuple[str, ...]], ...]  # the key and its field changes, one line each


def object_changes(old: Mapping[ObjectKey, Any], new: Mapping[ObjectKey, Any]) -> ObjectChanges:
    changed = tuple((key, tuple(field_changes(old[key], new[key]))) for key in sorted(old.keys() & new.keys())
                    if old[key] != new[key])
    return ObjectChanges(added=tuple(sorted(new.keys() - old.keys())), deleted=tuple(sorted(old.keys() - new.keys())),
                         changed=changed)
