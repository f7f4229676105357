"""The Kubernetes objects two manifest bundles hold, compared by kind, namespace and name.

The manifest applier prunes by inventory, so an object the old bundle holds and the new one does not is deleted
from the cluster; one in both with other fields is changed in place (server-side apply).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import yaml

from .deploy_values import ValueChange, field_values, name_values
from .leaves import field_changes, short

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
    # Objects whose name holds a deploy-time value that changes: a new object is applied and the old one pruned. The
    # key (the same text in both versions) and the values that rename it.
    replaced: tuple[tuple[ObjectKey, tuple[str, ...]], ...] = ()


def object_changes(old: Mapping[ObjectKey, Any], new: Mapping[ObjectKey, Any],
                   values: Mapping[str, ValueChange] | None = None) -> ObjectChanges:
    """``values``: the deploy-time values that take a new value (``deploy_values.value_changes``)."""
    values = values or {}
    replaced, changed = [], []
    for key in sorted(old.keys() & new.keys()):
        renaming = sorted(name_values(new[key]) & values.keys())
        if renaming:
            replaced.append((key, tuple(renaming)))
            continue
        lines = field_changes(old[key], new[key])
        shown = {line.split(": ", 1)[0].lstrip("+- ") for line in lines}
        lines += [f"{path}: {short(text)} takes a new value at deploy time ({', '.join(sorted(names & values.keys()))})"
                  for path, text, names in field_values(new[key]) if names & values.keys() and path not in shown]
        if lines:
            changed.append((key, tuple(lines)))
    return ObjectChanges(added=tuple(sorted(new.keys() - old.keys())), deleted=tuple(sorted(old.keys() - new.keys())),
                         changed=tuple(changed), replaced=tuple(replaced))
