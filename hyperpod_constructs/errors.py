"""One error type for bad input, with a message that names where, what, the value and what is allowed."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Sequence


class HyperPodValidationError(ValueError):
    """Raised at construct time (synth time) when a user-supplied value breaks a rule.

    ``where`` is the construct path or spec name (``Platform/h100``, ``endpoint llama-8b``),
    ``field`` the user-facing field path (``instance_groups[1].count``).
    """

    def __init__(self, where: str, field: str, value: Any, allowed: str) -> None:
        self.where = where
        """Where the value was given: a construct path or value name (``Platform/h100``, ``endpoint 'llama-8b'``)."""
        self.field = field
        """The user-facing field path (``instance_groups[1].count``)."""
        self.value = value
        """The value refused."""
        self.allowed = allowed
        """What would be allowed instead."""
        super().__init__(format_problem(where, field, value, allowed))

    def relocated(self, where: str, field_prefix: str = "") -> "HyperPodValidationError":
        """The same problem seen from a parent: its location, the child's field under ``field_prefix``."""
        field = f"{field_prefix}.{self.field}" if field_prefix and self.field else (field_prefix or self.field)
        return type(self)(where, field, self.value, self.allowed)


class HyperPodProblems(ValueError):
    """Every cross-resource problem of a platform at once, one per line (``platform.export()`` raises it where
    ``cdk synth`` lists them as validation errors)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        """Each problem's message, in the order the rules found them."""
        super().__init__("\n".join(self.problems))


@contextmanager
def located(where: str, field_prefix: str = "") -> Iterator[None]:
    """Re-raise a child value's validation error at the parent's location (``with located(where, "kv_cache"):``)."""
    try:
        yield
    except HyperPodValidationError as error:
        raise error.relocated(where, field_prefix) from None


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
