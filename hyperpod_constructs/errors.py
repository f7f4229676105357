"""One error type for bad input, with a message that names where, what, the value and what is allowed."""
from __future__ import annotations

from typing import Any


class HyperPodValidationError(ValueError):
    """Raised at construct time (synth time) when a user-supplied value breaks a rule.

    ``where`` is the construct path or spec name (``Platform/h100``, ``endpoint llama-8b``),
    ``field`` the user-facing field path (``instance_groups[1].count``).
    """

    def __init__(self, where: str, field: str, value: Any, allowed: str) -> None:
        self.where = where
        self.field = field
        self.value = value
        self.allowed = allowed
        super().__init__(format_problem(where, field, value, allowed))


class HyperPodTypeError(HyperPodValidationError, TypeError):
    """A value of the wrong type (a dict where a typed object is expected): both a validation error and a TypeError."""


def format_problem(where: str, field: str, value: Any, allowed: str) -> str:
    """The single message format used by eager errors and by cross-resource validations."""
    return f"{where}: {field}={value!r} is not allowed; {allowed}"


def require(condition: bool, where: str, field: str, value: Any, allowed: str) -> None:
    """Raise HyperPodValidationError unless ``condition`` holds."""
    if not condition:
        raise HyperPodValidationError(where, field, value, allowed)


ADVICE_ID_PREFIX = "hyperpod-constructs:"


class Advice(str):
    """A warning (advice, not an error) that carries the id of the rule that produced it.

    It is the message string itself, so it reads and compares as one; the platform turns it into a CDK
    warning with the id ``hyperpod-constructs:<rule>``, which users acknowledge one rule at a time with
    ``Annotations.of(platform).acknowledge_warning(id, reason)``.
    """

    rule: str

    def __new__(cls, rule: str, message: str) -> "Advice":
        advice = super().__new__(cls, message)
        advice.rule = rule
        return advice

    @property
    def warning_id(self) -> str:
        return ADVICE_ID_PREFIX + self.rule
