"""The platform's NodePools as records (``records.NodePoolRecord``): what ``k8s/karpenter.py`` writes.

Requirements default to the pool's groups' instance types (any type when it has none), taints are those every group
of the pool shares (so Karpenter only provisions for pods that tolerate them, as the real nodes will demand), and
limits default to the groups' ``max_count`` (``NodePoolSpec.effective_limits``).
"""
from __future__ import annotations

from ..intent.instance_group import InstanceGroup
from ..intent.node_autoscaling import INSTANCE_TYPE_KEY, NodePoolSpec, NodeRequirement
from .platform_model import ResolvedPlatform
from .records import DisruptionBudgetRecord, NodePoolRecord, NodeRequirementRecord, TaintRecord


def resolve_node_pools(platform: ResolvedPlatform) -> tuple[NodePoolRecord, ...]:
    """One record per NodePool of ``platform`` (none without node autoscaling)."""
    return tuple(_node_pool(pool, platform.instance_groups) for pool in platform.node_pools)


def _node_pool(pool: NodePoolSpec, groups: tuple[InstanceGroup, ...]) -> NodePoolRecord:
    members = [group for group in groups if group.name in pool.instance_groups]
    requirements = pool.requirements or _default_requirements(members)
    limits = pool.effective_limits(groups)
    disruption = pool.disruption
    return NodePoolRecord(
        name=pool.name, instance_groups=tuple(pool.instance_groups), expire_after=pool.expire_after,
        requirements=tuple(NodeRequirementRecord(key=requirement.key, operator=requirement.operator,
                                                 values=tuple(requirement.values)) for requirement in requirements),
        taints=_common_taints(members), consolidation_policy=disruption.consolidation_policy,
        consolidate_after=disruption.consolidate_after,
        budgets=tuple(DisruptionBudgetRecord(nodes=budget.nodes, schedule=budget.schedule, duration=budget.duration,
                                             reasons=tuple(budget.reasons)) for budget in disruption.budgets),
        limit_cpu=limits.cpu if limits is not None else None,
        limit_memory_gib=limits.memory_gib if limits is not None else None,
        limit_gpus=limits.gpus if limits is not None else None, weight=pool.weight)


def _default_requirements(members: list[InstanceGroup]) -> tuple[NodeRequirement, ...]:
    types = sorted({group.instance_type for group in members})
    if not types:
        return (NodeRequirement(key=INSTANCE_TYPE_KEY, operator="Exists"),)
    return (NodeRequirement.instance_types(*types),)


def _common_taints(members: list[InstanceGroup]) -> tuple[TaintRecord, ...]:
    if not members:
        return ()
    common = set(members[0].taints)
    for group in members[1:]:
        common &= set(group.taints)
    return tuple(TaintRecord(key=taint.key, effect=taint.effect, value=taint.value)
                 for taint in members[0].taints if taint in common)
