"""Cross-resource rules, evaluated once the whole app is built so ``cdk synth`` lists them all."""
from __future__ import annotations

from typing import Callable

import jsii
from constructs import IValidation

from .synth_errors import show_validation_report_on_exit

Check = Callable[[], list[str]]


@jsii.implements(IValidation)
class ProblemList:
    """Collects check functions; each returns messages already naming construct, field, value and rule."""

    def __init__(self) -> None:
        self._checks: list[Check] = []

    def add(self, check: Check) -> None:
        self._checks.append(check)

    def validate(self) -> list[str]:
        # One endpoint's own MIG check and the shared capacity check can find the same problem: report it once.
        problems = list(dict.fromkeys(problem for check in self._checks for problem in check()))
        if problems:
            show_validation_report_on_exit()  # `cdk synth` then prints the problems, not a jsii traceback
        return problems
