"""The checks that need the complete app (every endpoint added), run once at synth: the registered rules' problems
(one validation, so ``cdk synth`` lists them all) and the advice (CDK warnings, each on the construct it is about)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import jsii
from aws_cdk import Aspects, IAspect
from constructs import Construct, IConstruct

from ..aws.replacement import warn_replacements
from ..error_output import crossing_jsii
from .. import rules
from ..resolve.platform_model import ResolvedPlatform
from ..rules.endpoints import tiered_kv_cache_daemon_step
from .advice import advise
from .cost_inputs import idle_floor_advice
from .drain_advice import drain_timeout_advice
from .floor_advice import gpus_on_at_floor
from .plan import Plan
from .declarations import Declarations
from .validations import RuleValidation


@jsii.implements(IAspect)
class SynthTimeAdvice:
    """Runs checks that need the finished app (all endpoints added) once, at synth.

    Attached to a leaf construct so CDK calls it once, not for every construct of the platform.
    """

    def __init__(self, *checks: Callable[[], None]) -> None:
        self._checks = checks

    def visit(self, node: IConstruct) -> None:
        with crossing_jsii():  # an error here reaches the user through jsii: still printed as its message
            for check in self._checks:
                check()


@dataclass(frozen=True)
class SynthChecksContext:
    """What the checks read when the app is complete: the resolved platform and its plan as they are then, the
    alarm routing (e-mails given but no alert), and whether ``cdk deploy`` sizes the tiered-storage daemon."""
    resolved: Callable[[], ResolvedPlatform]
    plan: Callable[[], Plan]
    warn_unused_alarm_emails: Callable[[], None]
    configures_daemon_at_deploy: bool
    declarations: Declarations  # where the user declared what a problem is about


def add_synth_checks(scope: Construct, context: SynthChecksContext) -> None:
    """The rules' problems as a validation of ``scope``; the advice from ``<scope>/SynthTimeAdvice``, on ``scope``
    unless it is about a resource under it (replacements)."""
    scope.node.add_validation(RuleValidation(context.resolved, context.declarations))
    plan = functools.cache(context.plan)  # the checks run together once the app is complete: one plan serves all
    Aspects.of(Construct(scope, "SynthTimeAdvice")).add(SynthTimeAdvice(
        lambda: warn_replacements(scope), context.warn_unused_alarm_emails,
        lambda: advise(scope, rules.advice(context.resolved()), "platform"),
        lambda: advise(scope, idle_floor_advice(plan()), "cost"),
        lambda: advise(scope, gpus_on_at_floor(plan()), "cost"),
        lambda: advise(scope, drain_timeout_advice(context.resolved(), plan().cold_start_context()),
                       "patching"),
        lambda: advise(scope, [] if context.configures_daemon_at_deploy
                       else tiered_kv_cache_daemon_step(context.resolved()), "tiered-kv-cache-daemon")))
