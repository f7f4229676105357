"""The registry of cross-resource rules: each rule once, by id, run over the resolved platform.

A rule is a function of the ``ResolvedPlatform`` that returns problems (``errors.format_problem`` strings; the
platform lists them all at once with ``node.add_validation``) or, for advice, ``Advice`` messages (CDK warnings with
the id ``Annotation::hyperpod-constructs:<rule>``). Registering a second rule under an id already taken is an error, so a rule
cannot run twice and no caller has to remove duplicate messages.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Literal, Sequence

from ..errors import Advice

if TYPE_CHECKING:
    from ..resolve.platform_model import ResolvedPlatform

RuleKind = Literal["problem", "advice"]
Check = Callable[["ResolvedPlatform"], Sequence[str]]


@dataclass(frozen=True)
class Rule:
    id: str  # kebab-case; advice is acknowledged as ``Annotation::hyperpod-constructs:<id>``
    kind: RuleKind
    check: Check

    @property
    def summary(self) -> str:
        return (self.check.__doc__ or "").strip().splitlines()[0] if self.check.__doc__ else ""


RULES: dict[str, Rule] = {}


def _register(rule_id: str, kind: RuleKind) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        if rule_id in RULES:
            raise ValueError(f"rule {rule_id!r} is registered twice ({RULES[rule_id].check.__qualname__} and "
                             f"{check.__qualname__}); each rule has one id and one place")
        RULES[rule_id] = Rule(rule_id, kind, check)
        return check
    return register


def problem_rule(rule_id: str) -> Callable[[Check], Check]:
    """Register a function returning the problems one rule finds."""
    return _register(rule_id, "problem")


def advice_rule(rule_id: str) -> Callable[[Check], Check]:
    """Register a function returning advice; each message becomes an ``Advice`` with the rule's id unless it carries
    a more specific one."""
    return _register(rule_id, "advice")


def problems(platform: "ResolvedPlatform") -> list[str]:
    """Every problem every registered rule finds, rule by rule."""
    return [problem for rule in RULES.values() if rule.kind == "problem" for problem in rule.check(platform)]


def advice(platform: "ResolvedPlatform") -> list[Advice]:
    """Every piece of advice, each carrying its rule's id."""
    return [note if isinstance(note, Advice) else Advice(rule.id, note)
            for rule in RULES.values() if rule.kind == "advice" for note in rule.check(platform)]
