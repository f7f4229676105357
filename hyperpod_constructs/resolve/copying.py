"""Copying a declared value into its record by field name, refusing a field that would be dropped silently.

A field the operator passes through is declared twice: on the value the user writes and on its record, under the
same name. ``copied`` builds the record from the value; every record field must be copied (the value has it), given
(the resolver works it out) or ``internal()`` (only the library reads it, and its default stands). A record field that
is none of those (say, a field renamed on the value and not on the record) is refused when the record is built,
naming the record, the field and the fix, instead of leaving it out of the manifest.
"""
from __future__ import annotations

import dataclasses
import enum
from functools import cache
from typing import Any, Optional, TypeVar, overload

from ..crd_model import INTERNAL

R = TypeVar("R")


@overload
def copied(record: type[R], value: None, **resolved: Any) -> None: ...
@overload
def copied(record: type[R], value: Any, **resolved: Any) -> R: ...
def copied(record: type[R], value: Any, **resolved: Any) -> Optional[R]:
    """``record`` built from ``value``: each record field ``value`` has under the same name is copied (an enum as its
    value), ``resolved`` gives the rest; None for a None ``value``. A nested value (a dataclass) is never copied: it
    has a record of its own, which the caller builds. Raises ``TypeError`` for a record field that is neither on
    ``value``, nor in ``resolved``, nor ``internal()``."""
    if value is None:
        return None
    fields: dict[str, Any] = {}
    for name, is_internal in _record_fields(record):
        if name in resolved:
            continue
        if hasattr(value, name):
            fields[name] = _copy(record, name, getattr(value, name))
        elif not is_internal:
            raise TypeError(unmatched_field(record, type(value), name))
    return record(**fields, **resolved)


def unmatched_field(record: type, declared: type, name: str) -> str:
    """Why a record field cannot be filled from ``declared``, and the three ways to fix it."""
    return (f"copied({record.__name__}, {declared.__name__}): {record.__name__}.{name} is neither a field of "
            f"{declared.__name__}, given, nor internal(); name the field {name!r} on {declared.__name__} too, give "
            f"it (copied(..., {name}=...)), or declare it internal() if the custom resource does not have it")


@cache
def _record_fields(record: type) -> tuple[tuple[str, bool], ...]:
    """(name, is internal) of each field of ``record``, worked out once per record type."""
    return tuple((field.name, field.metadata.get("crd") is INTERNAL)
                 for field in dataclasses.fields(record))  # type: ignore[arg-type]


def _copy(record: type, name: str, value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        raise TypeError(f"{record.__name__}.{name}: {type(value).__name__} needs a record of its own")
    return tuple(value) if isinstance(value, list) else value
