"""Finished manifest blocks (camelCase, as the CRD spells them) into the typed props of a ``cdk8s import`` class.

The renderers build plain dicts (fast to build and to test against the CRDs); this turns one into the generated
struct tree, field by field, so a field the CRD does not have fails here (``HyperPodTypeError``) instead of
reaching the cluster. Such an error is a programming error in a renderer (user input was checked before anything
rendered), the one error this layer raises. The way is read from the generated code's own type hints: structs (keyword arguments in
snake_case), enums (members named by json2jsii's rule, ``enum_member_name``), int-or-string values
(``from_string`` / ``from_number``), lists, maps and ``Any``.
"""
from __future__ import annotations

import collections.abc
import enum
import functools
import re
import typing
from typing import Any, Callable

from ..errors import HyperPodTypeError

Convert = Callable[[Any, str], Any]

# json2jsii spells these characters out in enum member names (json2jsii/lib/allowlist.js, NAMED_SYMBOLS).
_NAMED_SYMBOLS = {
    "EXCLAMATION": "!", "AT_SIGN": "@", "BACKTICK": "`", "AMPERSAND": "&", "APOSTROPHE": "'", "ASTERISK": "*",
    "HYPHEN": "-", "UNDERSCORE": "_", "DOLLAR_SIGN": "$", "POUND_SIGN": "#", "TILDE": "~", "PERCENT": "%",
    "CARAT": "^", "PIPE": "|", "QUESTION_MARK": "?", "COMMA": ",", "PERIOD": ".", "LESS_THAN": "<",
    "GREATER_THAN": ">", "OPEN_BRACKET": "(", "CLOSE_BRACKET": ")", "OPEN_BRACE": "{", "CLOSE_BRACE": "}",
    "SEMI_COLON": ";", "QUOTATION_MARK": '"', "FORWARD_SLASH": "/", "BACKWARD_SLASH": "\\", "NOT_EQUALS_TO": "!=",
    "EQUALS_TO": "==", "DEEP_EQUALS": "===", "EQUAL_TILDE": "=~", "NEGATION_TILDE": "!~", "ROUND_BRACKETS": "()",
    "CURLY_BRACES": "{}", "ANGLE_BRACKETS": "<>", "GREATER_THAN_EQUAL_TO": ">=", "LESSER_THAN_EQUAL_TO": "<=",
    "EQUALS": "=",
}


def typed(props_type: type, value: dict[str, Any], path: str = "spec") -> Any:
    """``value`` (a manifest block) as an instance of the generated struct ``props_type``."""
    return _converter(props_type)(value, path)


def enum_member_name(value: str) -> str:
    """The member json2jsii names for a CRD enum value (``"In"`` -> ``IN``, ``"round_robin"`` ->
    ``ROUND_UNDERSCORE_ROBIN``), as in json2jsii's type-generator: symbols spelled out, snake case, upper case."""
    spelled = _spell_symbols(str(value))
    words = re.sub(r"[^a-z0-9]", "_", spelled, flags=re.IGNORECASE)
    words = re.sub(r"([A-Z])([A-Z][a-z])", r"\1_\2", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", words))
    name = "_".join(part for part in words.split("_") if part).upper()
    return name if re.match(r"^[A-Z]", name) else f"VALUE_{name}"


def _spell_symbols(text: str) -> str:
    out: list[str] = []
    cursor = 0
    while cursor < len(text):
        matches = [(name, symbol) for name, symbol in _NAMED_SYMBOLS.items() if text.startswith(symbol, cursor)]
        if matches:
            name, symbol = max(matches, key=lambda match: len(match[1]))
            out.append(f"_{name}_")
            cursor += len(symbol)
        else:
            out.append(text[cursor])
            cursor += 1
    spelled = "".join(out)
    spelled = f"VALUE{spelled}" if spelled.startswith("_") else spelled
    return spelled[:-1] if spelled.endswith("_") else spelled


@functools.cache
def _converter(hint: Any) -> Convert:
    """How to turn a manifest value into what the generated code's type hint ``hint`` asks for (built once a hint)."""
    origin = typing.get_origin(hint)
    if origin is typing.Union:  # Optional[X], or Union[Struct, Dict[str, Any]] where a struct is taken as a dict
        options = [option for option in typing.get_args(hint) if option is not type(None)]
        return _converter(next((option for option in options if _is_generated(option)), options[0]))
    if origin in (list, collections.abc.Sequence):
        (item,) = typing.get_args(hint)
        convert_item = _converter(item)
        return lambda value, path: [convert_item(entry, f"{path}[{index}]") for index, entry in enumerate(value)]
    if origin in (dict, collections.abc.Mapping):
        convert_value = _converter(typing.get_args(hint)[1])
        return lambda value, path: {key: convert_value(entry, f"{path}.{key}") for key, entry in value.items()}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value, path: _enum_member(hint, value, path)
    if isinstance(hint, type) and hasattr(hint, "from_string"):  # x-kubernetes-int-or-string
        return lambda value, path: hint.from_string(value) if isinstance(value, str) else hint.from_number(value)
    if _is_generated(hint):
        return _struct_converter(hint)
    return lambda value, path: value  # str, number, bool, Any


def _is_generated(hint: Any) -> bool:
    return isinstance(hint, type) and "__jsii_type__" in vars(hint)


def _struct_converter(struct: type) -> Convert:
    hints = typing.get_type_hints(struct.__init__)
    # The CRD's field name -> (keyword argument, converter). jsii's snake_case loses the CRD's capitals
    # (sameAZ -> same_az), so both sides are compared without case and separators.
    fields = {_plain(name): (name, hint) for name, hint in hints.items() if name != "return"}

    def convert(value: Any, path: str) -> Any:
        kwargs: dict[str, Any] = {}
        for key, entry in value.items():
            if entry is None:
                continue
            found = fields.get(_plain(key))
            if found is None:
                raise HyperPodTypeError(path, key, entry, f"a field of {struct.__name__}: "
                                        + ", ".join(sorted(name for name, _ in fields.values())))
            name, hint = found
            kwargs[name] = _converter(hint)(entry, f"{path}.{key}")
        return struct(**kwargs)
    return convert


def _plain(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _enum_member(enum_type: type[enum.Enum], value: Any, path: str) -> enum.Enum:
    try:
        return enum_type[enum_member_name(value)]
    except KeyError:
        raise HyperPodTypeError(path, "value", value, f"a value of {enum_type.__name__}") from None
