"""Cross-resource rules, evaluated once the whole app is built so ``cdk synth`` lists them all."""
from __future__ import annotations

from typing import Callable

import jsii
from constructs import IValidation

Check = Callable[[], list[str]]


@jsii.implements(IValidation)
class ProblemList:
    """Collects check functions; each returns messages already naming construct, field, value and rule."""

    def __init__(self) -> None:
        self._checks: list[Check] = []

    def add(self, check: Check) -> None:
        self._checks.append(check)

    def validate(self) -> list[str]:
        return [problem for check in self._checks for problem in check()]
