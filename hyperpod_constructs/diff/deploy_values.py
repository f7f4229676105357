"""Deploy-time values that change between two versions though the bundle's text does not.

A bundle holds ``${Name}`` where a value is known only at deploy time (the model store's file system id, say); the
applier's ``Values`` property says what CloudFormation fills it with: a ``Ref`` or ``Fn::GetAtt`` of a resource. The
value is new when that expression changes (the store is another resource) or when a resource it refers to is
replaced (a new file system is a new id, DNS name and mount name). An object whose name holds such a value is then
replaced (a new object is applied, the old one pruned: the model store's StorageClass, PersistentVolume and claim are
named after the file system so that Kubernetes never sees a change it refuses); one whose fields hold it changes in
place (an endpoint reading the store moves to the new file system).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from .leaves import field_changes
from .resources import Replacement, references

_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class ValueChange:
    name: str  # the placeholder's name: ``ModelStoreFileSystemId``
    cause: str  # why it takes a new value at deploy time


def value_changes(old: Mapping[str, Any], new: Mapping[str, Any],
                  replaced: tuple[Replacement, ...]) -> dict[str, ValueChange]:
    """The values of the applier's ``Values`` property (``old`` / ``new``: the two versions' maps) that take a new
    value at deploy time, by name; ``replaced``: the stack's replaced resources."""
    replaced_ids = {item.logical_id: item.type_name for item in replaced}
    found: dict[str, ValueChange] = {}
    for name in sorted(old.keys() & new.keys()):
        if old[name] != new[name]:
            found[name] = ValueChange(name, "; ".join(field_changes(old[name], new[name], name)))
            continue
        hit = sorted(references(new[name]) & replaced_ids.keys())
        if hit:
            found[name] = ValueChange(name, f"{name} refers to {hit[0]} ({replaced_ids[hit[0]]}), which is replaced")
    return found


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def name_values(manifest: Mapping[str, Any]) -> set[str]:
    """The deploy-time values an object's name or namespace holds."""
    metadata = manifest.get("metadata") or {}
    return placeholders(str(metadata.get("name") or "")) | placeholders(str(metadata.get("namespace") or ""))


def field_values(value: Any, path: str = "") -> Iterator[tuple[str, str, set[str]]]:
    """(path, text, the deploy-time values it holds) of each leaf holding one."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from field_values(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from field_values(item, f"{path}[{index}]")
    elif isinstance(value, str):
        names = placeholders(value)
        if names:
            yield path, value, names
