"""Advice when endpoints keep GPU nodes running while idle: an autoscaled group's floor above zero.

A group node autoscaling grows starts empty (``count=0``) and runs only the nodes pods need, so its idle floor is
whatever the endpoints' minimum replicas hold. One endpoint with ``min_replicas=1`` (or a fixed ``replicas=1``)
turns that floor from no node into one node of the group's type, always on. The warning names the group, the
endpoints that hold it and, with prices, what it costs; a fixed group's ``count`` is the user's own floor (the
``idle-gpus-at-floor`` advice covers nodes of it no endpoint needs).
"""
from __future__ import annotations

from typing import Optional

from ..errors import Advice
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import PodDemand
from ..prices.model import HOURS_PER_MONTH
from .plan import Plan

RULE = "gpus-on-at-floor"


def _per_replica(demand: PodDemand) -> str:
    if demand.partition:
        return f"1x mig-{demand.partition}"
    return "at least 1 GPU" if demand.gpus is None else f"{demand.gpus} GPU"


def _holders(plan: Plan, group: InstanceGroup) -> list[PodDemand]:
    """The demands whose minimum replicas run on GPUs of the group's instance type."""
    return [demand for demand in plan.endpoints
            if demand.min_replicas > 0 and group.instance_type in demand.placement_types
            and (demand.partition or demand.gpus != 0)]


def _cost(plan: Plan, group: InstanceGroup, nodes: int) -> str:
    hourly: Optional[float] = plan.prices.hourly(group.instance_type) if plan.prices is not None else None
    if hourly is None:
        return " (pass prices= to the platform to see what it costs)"
    return f", ${nodes * hourly:,.2f}/h or ${nodes * hourly * HOURS_PER_MONTH:,.0f}/month"


def gpus_on_at_floor(plan: Plan) -> list[Advice]:
    """One warning per autoscaled GPU group whose floor is above zero, naming the endpoints that hold it."""
    advice: list[Advice] = []
    for group in plan.groups:
        nodes = plan.nodes(group)
        if group.name not in plan.autoscaled_groups or not nodes.node_gpus or nodes.floor <= 0:
            continue
        holders = _holders(plan, group)
        held = ", ".join(f"{demand.name!r} (min_replicas={demand.min_replicas}, {_per_replica(demand)} each)"
                         for demand in holders) or "none found"
        advice.append(Advice(RULE, (
            f"instance group {group.name!r} runs {nodes.floor} {group.instance_type} node(s) "
            f"({nodes.gpus('floor')} GPUs) while idle{_cost(plan, group, nodes.floor)}: node autoscaling would "
            f"start it empty, but the minimum replicas of endpoint(s) {held} keep them on. Scale those endpoints to "
            "zero (Autoscaling(min_replicas=0, ...) with a trigger that wakes them) for a floor of no GPU node, or "
            "acknowledge this warning if the replicas are kept warm on purpose")))
    return advice
