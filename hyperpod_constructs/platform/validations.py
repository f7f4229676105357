"""Cross-resource rules, evaluated once the whole app is built so ``cdk synth`` lists them all."""
from __future__ import annotations

from typing import Callable

import jsii
from constructs import IValidation

from .. import rules
from ..resolve.platform_model import ResolvedPlatform


@jsii.implements(IValidation)
class RuleValidation:
    """Runs every registered rule over the platform's model as it is at synth (endpoints included)."""

    def __init__(self, model: Callable[[], ResolvedPlatform]) -> None:
        self._model = model

    def validate(self) -> list[str]:
        return rules.problems(self._model())  # `cdk synth` prints CDK's report of them (error_output)
