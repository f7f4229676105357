"""The plan's figures in the template's top-level ``Metadata``, so that a deployed template (``aws cloudformation
get-template``) still says what the platform runs idle and at full scale: ``python -m hyperpod_constructs.diff``
compares them when OLD is that template and the manifests are not at hand.

``Metadata["hyperpod-constructs:plan"]`` maps each platform's construct path (within its stack) to its figures:
per instance group its instance type (``nodeType``), the nodes and GPUs at the floor (idle) and the ceiling and how
many endpoints may run on it; how many endpoints the platform has; the totals; and, when the platform was given
prices, the monthly cost at the floor and the ceiling. No endpoint is named: the template does not grow with the
endpoints (docs/scale.md), and their names and placement are in the manifest bundle. (The keys are the plan's own, never a Kubernetes field
name: those are written by the k8s layer only.) Template metadata updates no resource: a change of figures alone
deploys nothing.
"""
from __future__ import annotations

from typing import Any, Callable

import jsii
from aws_cdk import IStableAnyProducer, Lazy, Stack
from constructs import Construct

from .plan import Plan

PLAN_METADATA_KEY = "hyperpod-constructs:plan"


def plan_figures(plan: Plan) -> dict[str, Any]:
    """One platform's figures as plain JSON values (what the diff reads back)."""
    groups = {}
    for group in plan.groups:
        nodes = plan.nodes(group)
        groups[group.name] = {
            "nodeType": group.instance_type,
            "autoscaled": group.name in plan.autoscaled_groups,
            "floor": {"nodes": nodes.floor, "gpus": nodes.gpus("floor")},
            "ceiling": {"nodes": nodes.ceiling, "gpus": nodes.gpus("ceiling")},
            "endpoints": sum(group.instance_type in demand.placement_types for demand in plan.endpoints),
        }
    figures: dict[str, Any] = {
        "groups": groups,
        "endpoints": len(plan.endpoints),
        "floor": {level: sum(group[level] for group in (g["floor"] for g in groups.values()))
                  for level in ("nodes", "gpus")},
        "ceiling": {level: sum(group[level] for group in (g["ceiling"] for g in groups.values()))
                    for level in ("nodes", "gpus")},
    }
    cost = plan.cost()
    if cost is not None:
        figures["costUsdPerMonth"] = {"floor": round(cost.floor_monthly, 2), "ceiling": round(cost.ceiling_monthly, 2),
                                      "unpriced": list(cost.unpriced)}
    return figures


@jsii.implements(IStableAnyProducer)
class _StackPlans:
    """Every platform's figures of one stack, computed when the template is written (all endpoints added)."""

    def __init__(self) -> None:
        self.plans: dict[str, Callable[[], Plan]] = {}

    def produce(self) -> Any:
        return {path: plan_figures(plan()) for path, plan in sorted(self.plans.items())}


class PlanMetadata(Construct):
    """Holds, in its stack, the plans of the stack's platforms (one ``Metadata`` key for all of them)."""

    ID = "HyperPodPlanMetadata"

    def __init__(self, stack: Stack) -> None:
        super().__init__(stack, self.ID)
        self._producer = _StackPlans()
        stack.add_metadata(PLAN_METADATA_KEY, Lazy.any(self._producer))

    def record(self, path: str, plan: Callable[[], Plan]) -> None:
        """Write ``plan()``'s figures under ``path`` (a platform's construct path within the stack) at synth."""
        self._producer.plans[path] = plan


def record_plan_metadata(construct: Construct, path: str, plan: Callable[[], Plan]) -> None:
    """Write ``plan()``'s figures into the template of the platform ``construct``'s stack when the template is
    synthesized, under the platform's construct path within the stack (``path`` is its full path, read once by the
    caller)."""
    stack = Stack.of(construct)
    prefix = stack.node.path + "/"
    path = path[len(prefix):] if path.startswith(prefix) else path
    holder = stack.node.try_find_child(PlanMetadata.ID)
    if not isinstance(holder, PlanMetadata):
        holder = PlanMetadata(stack)
    holder.record(path, plan)
