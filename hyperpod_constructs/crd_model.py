"""Records that are their custom resource: each field says where the CRD keeps it, and one generic dump writes the
object from the fields (as the HyperPod SDK's pydantic models do with ``model_dump(by_alias=True,
exclude_none=True)``), so no block is written by hand field by field.

A field is written under its name in camelCase (``max_queue_size`` -> ``maxQueueSize``) unless it says otherwise:

- ``crd("path")``: the CRD's name for it; a dotted path (or a tuple of keys, for keys that hold dots) places it
  deeper (``"worker.image"``), ``""`` merges a nested record into its parent, a mapping chooses the path per kind
  (``{"JumpStartModel": "sageMakerEndpoint.name", ...}``);
- ``internal()``: a fact the library's own readers need (rules, grants, the plan), never written;
- ``crd_property("path")`` on a record property: a value worked out from the record's fields, written at ``path``.

What is written: None is left out (the operator's default applies); a nested record is dumped the same way and left
out when nothing in it is set; an empty tuple is left out; ``as_map`` / ``as_name_value`` write a tuple of pairs
as a mapping or as ``[{name, value}]``; ``split`` (pairs of a key and a record type) spreads a tuple of records
over one list per record type; ``keep_empty`` writes an empty record or tuple where the CRD wants the key present.
This module sits below the intent layer: its records declare their fields with it, the k8s layer dumps them.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
from typing import Any, Callable, Mapping, Optional, Union

from .plain_data import plain_data

Path = Union[str, tuple[str, ...], Mapping[str, Union[str, tuple[str, ...]]]]
INTERNAL = object()  # the path of a field that is never written
_NO_DEFAULT: Any = dataclasses.MISSING


def crd(path: Optional[Path] = None, default: Any = _NO_DEFAULT, *, keep_empty: bool = False,
        as_map: bool = False, as_name_value: bool = False, split: tuple[tuple[str, type], ...] = ()) -> Any:
    """A record field written at ``path`` (None: the field's name in camelCase); see the module docstring."""
    metadata = {"crd": path, "keep_empty": keep_empty, "as_map": as_map, "as_name_value": as_name_value,
                "split": split}
    return dataclasses.field(default=default, metadata=metadata)


def internal(default: Any = _NO_DEFAULT) -> Any:
    """A record field the custom resource does not have (read by the library only)."""
    return dataclasses.field(default=default, metadata={"crd": INTERNAL})


class CrdProperty(property):
    """A record property written into the custom resource at ``path`` (``options``: those of ``crd``)."""

    path: Path
    options: Mapping[str, Any]


def crd_property(path: Path, *, as_map: bool = False) -> Callable[[Callable[[Any], Any]], CrdProperty]:
    """Decorate a record's method: its value (worked out from the fields) is written at ``path``."""
    def wrap(method: Callable[[Any], Any]) -> CrdProperty:
        written = CrdProperty(method)
        written.path, written.options = path, {"as_map": as_map}
        return written
    return wrap


def camel_case(name: str) -> str:
    """``max_queue_size`` -> ``maxQueueSize``."""
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def crd_dump(record: Any, kind: str = "") -> dict[str, Any]:
    """The custom resource's block ``record`` stands for (``kind`` chooses among per-kind paths)."""
    out: dict[str, Any] = {}
    for written in _plan(type(record), kind):
        value = getattr(record, written.attribute)
        if value is None:  # most fields of a record are unset: the operator's default applies
            continue
        if type(value) in _SCALARS:
            _place(out, written.keys, value)
            continue
        dumped = _dump_value(value, kind, written)
        if dumped is _OMIT:
            continue
        if written.split or not written.keys:  # lists spread over their keys, or a record merged into its parent
            for key, item in dumped.items():
                _place(out, (key,), item)
        else:
            _place(out, written.keys, dumped)
    return out


_OMIT = object()


@dataclasses.dataclass(frozen=True)
class _Written:
    """One field or ``crd_property`` of a record type that the CRD has: where it goes and how it is written."""

    attribute: str
    keys: tuple[str, ...]
    keep_empty: bool = False
    as_map: bool = False
    as_name_value: bool = False
    split: tuple[tuple[str, type], ...] = ()


@functools.cache
def _plan(record_type: type, kind: str) -> tuple[_Written, ...]:
    """What the dump of a ``record_type`` writes, worked out once per record type and kind (the fields' metadata
    and the class's ``crd_property``s), not again for every record: every field and property in declaration order,
    the internal ones left out."""
    plan = []
    for field in dataclasses.fields(record_type):
        path = field.metadata.get("crd")
        if path is not INTERNAL:
            plan.append(_written(field.name, path, kind, field.metadata))
    for cls in record_type.__mro__:
        for name, attribute in vars(cls).items():
            if isinstance(attribute, CrdProperty):
                plan.append(_written(name, attribute.path, kind, attribute.options))
    return tuple(plan)


def _written(name: str, path: Optional[Path], kind: str, options: Mapping[str, Any]) -> _Written:
    return _Written(name, _keys(path, name, kind), keep_empty=options.get("keep_empty", False),
                    as_map=options.get("as_map", False), as_name_value=options.get("as_name_value", False),
                    split=options.get("split", ()))


def _keys(path: Optional[Path], name: str, kind: str) -> tuple[str, ...]:
    if path is None:
        return (camel_case(name),)
    if isinstance(path, Mapping):
        path = path[kind]
    if isinstance(path, tuple):
        return path
    return tuple(path.split(".")) if path else ()


def _is_record(value: Any) -> bool:
    """A dataclass instance (a nested record), not a dataclass type."""
    return hasattr(type(value), _FIELDS)


_FIELDS = "__dataclass_fields__"
_SCALARS = (str, int, float, bool)


def _dump_value(value: Any, kind: str, written: _Written) -> Any:
    """A set value that is not a plain scalar, as the CRD holds it (_OMIT: left out)."""
    if _is_record(value):
        dumped = crd_dump(value, kind)
        return dumped if dumped or written.keep_empty else _OMIT
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        if not value and not written.keep_empty:
            return _OMIT
        if written.as_map:
            return {key: item for key, item in value}
        if written.as_name_value:
            return [{"name": key, "value": item} for key, item in value]
        if written.split:
            lists = {key: [_item(item, kind) for item in value if isinstance(item, record_type)]
                     for key, record_type in written.split}
            return {key: items for key, items in lists.items() if items}
        return [_item(item, kind) for item in value]
    return plain_data(value)


def _item(item: Any, kind: str) -> Any:
    if type(item) in _SCALARS:
        return item
    return crd_dump(item, kind) if _is_record(item) else plain_data(item)


def _place(out: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    """Put ``value`` at ``path`` in ``out``, merging into blocks another field already started."""
    *parents, last = path
    target = out
    for key in parents:
        target = target.setdefault(key, {})
    if isinstance(value, dict) and isinstance(target.get(last), dict):
        target[last].update(value)
    else:
        target[last] = value
