"""Cross-resource rules, evaluated once the whole app is built so ``cdk synth`` lists them all."""
from __future__ import annotations

from typing import Callable

import jsii
from constructs import IValidation

from ..intent import rules
from ..intent.platform_model import ResolvedPlatform
from .synth_errors import show_validation_report_on_exit


@jsii.implements(IValidation)
class RuleValidation:
    """Runs every registered rule over the platform's model as it is at synth (endpoints included)."""

    def __init__(self, model: Callable[[], ResolvedPlatform]) -> None:
        self._model = model

    def validate(self) -> list[str]:
        problems = rules.problems(self._model())
        if problems:
            show_validation_report_on_exit()  # `cdk synth` then prints the problems, not a jsii traceback
        return problems
