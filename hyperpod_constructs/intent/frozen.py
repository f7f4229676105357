"""Immutable fields for frozen dataclasses: what a user passes as a list or dict is kept as a tuple or a read-only
mapping, so changing the list afterwards does not change the value, and nothing inside a value can be changed.

``x: Sequence[str] = Frozen(())`` declares such a field. It is a dataclass descriptor-typed field: the generated
``__init__`` (the only code that may assign a field of a frozen dataclass) stores the frozen copy, so no
``object.__setattr__`` is needed and the keyword arguments, defaults, ``dataclasses.replace`` and ``check_fields``
work as for any field.
"""
from __future__ import annotations

import enum
from typing import Any, Callable, Generic, Iterator, Mapping, Optional, TypeVar

from ..plain_data import plain_data

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(Mapping[K, V], Generic[K, V]):
    """A read-only, hashable mapping that reads and compares like the dict it was built from."""

    __slots__ = ("_items",)
    written_as = "dict"  # what wrong-type messages say the user passed

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._items: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)  # error messages quote the value as the user wrote it


def freeze(value: Any) -> Any:
    """Lists and tuples -> tuples, mappings -> FrozenDicts, recursively; anything else (strings too) unchanged,
    so a wrong type still reaches the rule or type check that names it."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, Mapping) and not isinstance(value, FrozenDict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    return value


def thaw(value: Any) -> Any:
    """The plain dicts and lists a manifest is written from (the inverse of ``freeze``)."""
    return plain_data(value)


def member_of(enum_type: type[enum.Enum]) -> Callable[[Any], Any]:
    """A converter: the member for an enum value (``"kvaware"`` -> ``Routing.KV_AWARE``); anything else unchanged,
    for the value's rules to report with its location."""
    def convert(value: Any) -> Any:
        try:
            return enum_type(value)
        except (ValueError, TypeError):
            return value
    return convert


def each(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A converter applying ``convert`` to every item of a (frozen) sequence."""
    return lambda value: tuple(convert(item) for item in value) if isinstance(value, tuple) else value


_REQUIRED = object()


class Frozen:
    """A dataclass field (``= Frozen(default)``, or ``= Frozen()`` for a required one) whose value is stored frozen
    (``freeze``) when the object is built, then passed through ``convert`` (a converter never raises: what it cannot
    convert, the rules report).

    After construction the frozen dataclass's own ``__setattr__`` refuses assignment before this is reached.
    """

    def __init__(self, default: Any = _REQUIRED, convert: Optional[Callable[[Any], Any]] = None) -> None:
        self._convert = convert or (lambda value: value)
        self._default = default if default is _REQUIRED else self._convert(freeze(default))

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:  # how dataclasses read the field's default; AttributeError: none
            if self._default is _REQUIRED:
                raise AttributeError(self._name)
            return self._default
        return instance.__dict__[self._name]

    def __set__(self, instance: Any, value: Any) -> None:
        instance.__dict__[self._name] = self._convert(freeze(value))
