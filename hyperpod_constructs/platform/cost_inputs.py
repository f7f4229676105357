"""What the platform adds beside its instance groups (for the plan's fixed costs), and advice on the prices."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Optional, Sequence

from aws_cdk import Token
from constructs import Construct

from ..aws.cfn_types import resource_type
from ..errors import Advice
from ..resolve.capacity import lower_bound_types
from ..intent.instance_group import InstanceGroup
from ..intent.model_store import ModelStore
from ..intent.observability import Observability
from ..prices.model import HOURS_PER_MONTH, Prices
from .cost import FixedCostItems
from .plan import Plan


def count_resources(scope: Construct, cfn_type: str) -> int:
    """CloudFormation resources of one type the stack creates under ``scope`` (imported ones are not there)."""
    return sum(1 for child in scope.node.find_all() if resource_type(child) == cfn_type)


def creates(construct: Construct, cfn_type: str) -> bool:
    """Whether an L2 construct's own resource is created by the stack (an imported one has none)."""
    child = construct.node.default_child
    return child is not None and resource_type(child) == cfn_type


@dataclass(frozen=True)
class FixedCostContext:
    """What the fixed costs are read from: the EKS cluster and network in use (created or imported), and the
    ``model_store=`` and ``observability=`` settings."""
    eks_cluster: Construct
    network: Construct
    model_store: Optional[ModelStore]
    observability: Optional[Observability]


def fixed_cost_items(context: FixedCostContext) -> FixedCostItems:
    """Read from what the platform built: counting resources, not repeating the network's or EKS's defaults."""
    store, options = context.model_store, context.observability
    return FixedCostItems(
        # Only the cluster itself: the EKS subtree also holds every applied manifest, which grows with endpoints.
        eks_clusters=1 if creates(context.eks_cluster, "AWS::EKS::Cluster") else 0,
        nat_gateways=count_resources(context.network, "AWS::EC2::NatGateway"),
        fsx_capacity_gib=store.capacity_gib if store is not None else None,
        fsx_throughput_mb_per_tib=store.throughput_mb_per_tib if store is not None else None,
        prometheus=options is not None,
        grafana=options is not None and options.grafana is not None,
    )


def price_warnings(prices: Optional[Prices], stack_region: str, groups: Sequence[InstanceGroup]) -> list[Advice]:
    """Prices that are wrong figures for this app, not errors: read for another region, or for instance types no
    group runs (a price kept for another app is fine; a mistyped type leaves its group unpriced)."""
    if prices is None:
        return []
    advice: list[Advice] = []
    if prices.region is not None and not Token.is_unresolved(stack_region) and prices.region != stack_region:
        advice.append(Advice("prices", (
            f"prices are for {prices.region} but the stack deploys to {stack_region}; write a price file for "
            f"{stack_region} (python -m hyperpod_constructs.prices --region {stack_region} ...)")))
    run = {group.instance_type for group in groups}
    unused = sorted(set(prices.instance_hourly) - run)
    if unused:
        unpriced = sorted(run - set(prices.instance_hourly))
        listed = [name + "".join(f" (did you mean {close!r}, which a group runs without a price?)"
                                 for close in difflib.get_close_matches(name, unpriced, n=1, cutoff=0.85))
                  for name in unused]
        advice.append(Advice("prices-unused-instance-types", (
            f"prices given for instance types no instance group runs: {', '.join(listed)}; they price nothing")))
    return advice


def idle_floor_advice(plan: Plan) -> list[Advice]:
    """GPU nodes a group keeps running at the floor that no endpoint's minimum replicas need, priced: one warning
    per group (e.g. ``count=1`` on an H100 group whose endpoints scale to zero). Only with prices; a type a JumpStart
    model runs on at its floor is left out, since its GPU use is only known as a lower bound."""
    cost = plan.cost()
    if cost is None:
        return []
    unknown_use = lower_bound_types(plan.gpu_demands, "floor", whole_gpus_only=False)
    advice: list[Advice] = []
    for group in plan.groups:
        nodes, price = plan.nodes(group), cost.prices.hourly(group.instance_type)
        idle = nodes.idle_at_floor
        if not nodes.node_gpus or price is None or idle <= 0 or group.instance_type in unknown_use:
            continue
        hourly = idle * price
        advice.append(Advice("idle-gpus-at-floor", (
            f"instance group {group.name!r} keeps {idle} {group.instance_type} node(s) ({nodes.idle_gpus_at_floor} "
            f"GPUs) running at the floor that no endpoint's min_replicas needs: ${hourly:,.2f}/h, "
            f"${hourly * HOURS_PER_MONTH:,.0f}/month idle. Lower its count (with node autoscaling, count=0 and "
            "max_count start nodes when pods need them), or acknowledge this if the nodes are kept warm on purpose")))
    return advice
