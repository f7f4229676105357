"""Cross-resource rules, evaluated once the whole app is built so ``cdk synth`` lists them all."""
from __future__ import annotations

from typing import Callable

import jsii
from constructs import IValidation

from .. import rules
from ..resolve.platform_model import ResolvedPlatform
from .declarations import Declarations


@jsii.implements(IValidation)
class RuleValidation:
    """Runs every registered rule over the platform's model as it is at synth (endpoints included); each problem
    names the statement that declared what it is about."""

    def __init__(self, model: Callable[[], ResolvedPlatform], declarations: Declarations) -> None:
        self._model = model
        self._declarations = declarations

    def validate(self) -> list[str]:
        # `cdk synth` prints CDK's report of them (error_output)
        return self._declarations.located(rules.problems(self._model()))
