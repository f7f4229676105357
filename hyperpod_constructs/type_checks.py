"""Wrong types fail where they are written, naming the parameter and the type it expects.

Python does not enforce type hints, so a plain dict passed where a typed object is expected would
otherwise fail later as an ``AttributeError`` deep inside, or be accepted silently because it is truthy.
``check_arguments`` (functions and constructors) and ``check_fields`` (frozen dataclasses) read the hints
that are already written and check every parameter whose hint names a class of this library or an enum,
e.g. ``Optional[ModelStore]``, ``Union[bool, NodeAutoscaling]``, ``Sequence[InstanceGroup]``.
Hints made only of plain values (``int``, ``str``) are left to the value rules, and hints naming CDK
interfaces (``ec2.IVpc``) to CDK, so a check never rejects what the rules below it would accept.
"""
from __future__ import annotations

import collections.abc
import dataclasses
import enum
import functools
import inspect
import sys
import types
import typing
from typing import Any, Callable, Literal, Mapping, Optional, Union

from .errors import HyperPodTypeError

_PACKAGE = __name__.rpartition(".")[0]
_SEQUENCES = (collections.abc.Sequence, list, tuple)
_MAPPINGS = (collections.abc.Mapping, dict)


@dataclasses.dataclass(frozen=True)
class _Expected:
    """One alternative of a hint: a class, or a sequence / mapping whose items are checked too."""

    kind: type
    items: Optional[tuple["_Expected", ...]] = None  # sequence items or mapping values
    literals: Optional[tuple[Any, ...]] = None

    def accepts(self, value: Any) -> bool:
        if self.literals is not None:
            return value in self.literals
        if self.kind is float:  # as PEP 484 says: an int is acceptable where a float is expected
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        if self.kind in _SEQUENCES:
            return isinstance(value, collections.abc.Sequence) and not isinstance(value, (str, bytes))
        if self.kind in _MAPPINGS:
            return isinstance(value, collections.abc.Mapping)
        return isinstance(value, self.kind)

    def describe(self, item: bool = False) -> str:
        """How a user would write it: ``a ModelStore(...)``; as a list item without the article."""
        if self.literals is not None:
            return " or ".join(repr(literal) for literal in self.literals)
        if self.kind is type(None):
            return "None"
        if self.kind is bool:
            return "True or False"
        if self.kind in _SEQUENCES or self.kind in _MAPPINGS:
            inner = " or ".join(option.describe(item=True) for option in _public(self.items or ()))
            container = "a list" if self.kind in _SEQUENCES else "a mapping"
            return f"{container} of {inner}" if inner else container
        if self.kind.__module__ == "builtins":
            names = {"str": ("a string", "strings"), "int": ("an integer", "integers"), "float": ("a number", "numbers")}
            return names.get(self.kind.__name__, (self.kind.__name__,) * 2)[item]
        own = getattr(self.kind, "type_description", None)  # how the class says it is built, if it says
        if isinstance(own, str):
            return own
        name = self.kind.__name__
        if issubclass(self.kind, enum.Enum):
            return f"{name} members" if item else f"a {name} member"
        article = "" if item else ("an " if name[0] in "AEIOU" else "a ")
        return f"{article}{name}(...)"


_DEFAULT_MARKERS: set[type] = set()


def default_marker(cls: type) -> type:
    """Class decorator: ``cls`` only types a default that is worked out (``Auto``, ``GroupsChart``); a field
    accepts it, and its errors do not offer it, since users leave the field unset instead."""
    _DEFAULT_MARKERS.add(cls)
    return cls


def _public(options: tuple[_Expected, ...]) -> tuple[_Expected, ...]:
    """Default markers (``Auto``, a default that depends on other fields) are accepted but not advertised."""
    return tuple(option for option in options if option.kind not in _DEFAULT_MARKERS)


def _alternatives(hint: Any) -> Optional[tuple[_Expected, ...]]:
    """The runtime alternatives of a hint, or None when it contains something that cannot be checked."""
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        found: list[_Expected] = []
        for part in typing.get_args(hint):
            alternatives = _alternatives(part)
            if alternatives is None:
                return None
            found.extend(alternatives)
        return tuple(found)
    if hint is None or hint is type(None):
        return (_Expected(type(None)),)
    if origin is Literal:
        return (_Expected(object, literals=typing.get_args(hint)),)
    if origin in (collections.abc.Sequence, list, tuple):
        args = [arg for arg in typing.get_args(hint) if arg is not Ellipsis]
        items = _alternatives(Union[tuple(args)]) if args else ()  # type: ignore[arg-type]
        return None if items is None else (_Expected(tuple, items=items),)
    if origin in (collections.abc.Mapping, dict):
        args = typing.get_args(hint)
        items = _alternatives(args[1]) if len(args) == 2 else ()
        return None if items is None else (_Expected(dict, items=items),)
    if isinstance(hint, type) and not getattr(hint, "_is_protocol", False):
        return (_Expected(hint),)
    return None  # Any, Callable, TypeVars, protocols such as CDK's I* interfaces


def _names_a_checked_class(expected: tuple[_Expected, ...]) -> bool:
    """Only hints that name one of this library's classes or an enum are checked (see the module docstring)."""
    for option in expected:
        if option.items and _names_a_checked_class(option.items):
            return True
        if option.literals is None and option.kind.__module__.split(".")[0] == _PACKAGE:
            return True
        if option.literals is None and issubclass(option.kind, enum.Enum):
            return True
    return False


def _field_hints(owner: type) -> dict[str, Any]:
    """A dataclass's field hints, each resolved in the module that declares it (mixins may only import
    their annotations for type checkers, so ``typing.get_type_hints`` on the whole class can fail)."""
    hints: dict[str, Any] = {}
    for klass in reversed(owner.__mro__):
        if "__dataclass_fields__" not in klass.__dict__:
            continue
        namespace = vars(sys.modules[klass.__module__])
        for name, annotation in klass.__dict__.get("__annotations__", {}).items():
            try:
                hints[name] = eval(annotation, namespace) if isinstance(annotation, str) else annotation
            except NameError:
                hints.pop(name, None)
    return hints


@functools.cache
def _checked_hints(owner: Callable[..., Any] | type) -> dict[str, tuple[_Expected, ...]]:
    """Parameter or field name -> alternatives, for the parameters worth checking (cached per owner)."""
    hints = _field_hints(owner) if isinstance(owner, type) else typing.get_type_hints(owner)
    checked: dict[str, tuple[_Expected, ...]] = {}
    for name, hint in hints.items():
        if name == "return" or typing.get_origin(hint) is typing.ClassVar:
            continue
        expected = _alternatives(hint)
        if expected is not None and _names_a_checked_class(expected):
            checked[name] = expected
    return checked


def _check_value(where: str, field: str, value: Any, expected: tuple[_Expected, ...]) -> None:
    for option in expected:
        if option.accepts(value):
            if option.items:
                _check_items(where, field, value, option)
            return
    allowed = " or ".join(option.describe() for option in _public(expected))
    # A frozen copy names the type the user wrote (``FrozenDict.written_as = "dict"``).
    written = getattr(type(value), "written_as", type(value).__name__)
    raise HyperPodTypeError(where, field, value, f"expected {allowed}, got {written}")


def _check_items(where: str, field: str, value: Any, option: _Expected) -> None:
    assert option.items is not None
    if isinstance(value, collections.abc.Mapping):
        for key, item in value.items():
            _check_value(where, f"{field}[{key!r}]", item, option.items)
    else:
        for index, item in enumerate(value):
            _check_value(where, f"{field}[{index}]", item, option.items)


def check_arguments(where: str, function: Callable[..., Any], arguments: Mapping[str, Any]) -> None:
    """Check a call's arguments against ``function``'s hints; pass ``locals()`` as the first statement.

    ``*args`` parameters are checked item by item (``workloads[0]``); other names in ``arguments`` are ignored.
    """
    for name, expected, variadic in _checked_parameters(function):
        if name not in arguments:
            continue
        value = arguments[name]
        if variadic:
            for index, item in enumerate(value):
                _check_value(where, f"{name}[{index}]", item, expected)
        else:
            _check_value(where, name, value, expected)


@functools.cache
def _checked_parameters(function: Callable[..., Any]) -> tuple[tuple[str, tuple[_Expected, ...], bool], ...]:
    """(name, alternatives, is ``*args``) for each checked parameter, in order: worked out once per function, not
    on every call (``add_endpoint`` runs a thousand times on a large platform)."""
    hints = _checked_hints(function)
    return tuple((parameter.name, hints[parameter.name], parameter.kind is inspect.Parameter.VAR_POSITIONAL)
                 for parameter in inspect.signature(function).parameters.values() if parameter.name in hints)


def check_fields(instance: Any, where: Optional[str] = None) -> None:
    """Check a dataclass instance's fields against their hints; call it first in ``__post_init__``."""
    owner = type(instance)
    hints = _checked_hints(owner)
    label = where or owner.__name__
    for field in dataclasses.fields(instance):
        if field.name in hints:
            _check_value(label, field.name, getattr(instance, field.name), hints[field.name])
