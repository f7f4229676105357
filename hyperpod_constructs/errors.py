"""One error type for bad input, with a message that names where, what, the value and what is allowed."""
from __future__ import annotations

import difflib
from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Optional, Sequence


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

    def __init__(self, problems: Sequence[str], locations: Sequence[Optional[str]] = ()) -> None:
        self.problems = tuple(problems)
        """Each problem's message, in the order the rules found them."""
        self.locations = tuple(locations) + (None,) * (len(self.problems) - len(locations))
        """Per problem, the statement of the user's code that declared what it is about (``app.py:12`` and the
        statement), or None when no single statement did."""
        super().__init__("\n".join(with_location(problem, location)
                                   for problem, location in zip(self.problems, self.locations)))


def with_location(problem: str, location: Optional[str]) -> str:
    """A problem and, under it, the statement that declared what it is about."""
    return problem + (f"\n  declared at {location}" if location else "")


@contextmanager
def located(where: str, field_prefix: str = "") -> Iterator[None]:
    """Re-raise a child value's validation error at the parent's location (``with located(where, "kv_cache"):``),
    for a parent that builds or rebuilds a child; an error the child already reports at ``where`` passes unchanged."""
    try:
        yield
    except HyperPodValidationError as error:
        if error.where == where:
            raise
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


def close_matches(value: Any, choices: Iterable[str], count: int = 3) -> list[str]:
    """The choices closest to a mistyped ``value``, best first, ignoring case (``"Spot"`` -> ``["spot"]``).

    Pass only choices that are valid where the value was given, so that taking a suggestion never leads straight
    into another error."""
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(choice.lower(), choice)
    found = difflib.get_close_matches(str(value).strip().lower(), list(by_folded), n=count, cutoff=0.6)
    return [by_folded[folded] for folded in found]


def did_you_mean(value: Any, choices: Iterable[str], count: int = 3) -> str:
    """``"; did you mean 'spot'?"`` for the closest valid choices, or ``""`` when none is close."""
    close = close_matches(value, choices, count)
    return f"; did you mean {' or '.join(repr(choice) for choice in close)}?" if close else ""


def one_of(value: Any, choices: Sequence[str], suggestions: int = 3) -> str:
    """What is allowed for a field with a fixed set of values: ``one of 'on-demand', 'spot'; did you mean 'spot'?``"""
    return f"one of {', '.join(repr(choice) for choice in choices)}" + did_you_mean(value, choices, suggestions)


def require_one_of(value: Any, choices: Sequence[str], where: str, field: str) -> None:
    """Raise unless ``value`` is one of ``choices``, listing them with the closest ones to what was given."""
    if value not in choices:
        raise HyperPodValidationError(where, field, value, one_of(value, choices))


# CDK files construct warnings under the ``Annotation`` namespace: `cdk synth` prints an id without ``::`` as
# ``Annotation::<id>`` ("Acknowledge with ..."), and ``acknowledge_warning`` matches the id exactly as it was added.
# Adding the warning with the namespaced id makes the id `cdk synth` prints the one that acknowledges it.
ADVICE_ID_PREFIX = "Annotation::hyperpod-constructs:"


class Advice(str):
    """A warning (advice, not an error) that carries the id of the rule that produced it.

    It is the message string itself, so it reads and compares as one; the platform turns it into a CDK
    warning with the id ``Annotation::hyperpod-constructs:<rule>``, the id `cdk synth` prints, which users
    acknowledge one rule at a time with ``Annotations.of(platform).acknowledge_warning(id, reason)`` or
    ``Validations.of(platform).acknowledge(Acknowledgment(id=id, reason=...))``.
    """

    rule: str

    def __new__(cls, rule: str, message: str) -> "Advice":
        advice = super().__new__(cls, message)
        advice.rule = rule
        return advice

    @property
    def warning_id(self) -> str:
        return ADVICE_ID_PREFIX + self.rule
