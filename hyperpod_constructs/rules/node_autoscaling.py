"""Rules for HyperPod-managed Karpenter: NodePools and cluster settings against the instance groups.

Rules come from the HyperPod autoscaling docs (facts section 5) unless a comment says otherwise. They read the
node pools the resolved platform computed once.
"""
from __future__ import annotations

from ..errors import Advice, did_you_mean, format_problem
from ..intent.instance_group import InstanceGroup
from ..intent.node_autoscaling import NodePoolSpec
from ..resolve.platform_model import ResolvedPlatform
from .registry import advice_rule, problem_rule

WHERE = "node_autoscaling"

# Karpenter subtracts an estimated VM overhead (7.5% by default) from nominal memory before comparing with
# limits; allow that much slack so the memory rule only fires when no instance can possibly fit.
_MEMORY_OVERHEAD = 0.075


@problem_rule("node-pools")
def check_node_autoscaling(platform: ResolvedPlatform) -> list[str]:
    """Problems that make HyperPod reject the setup or make Karpenter unable to launch a node."""
    if not platform.node_autoscaling_enabled:
        return []
    groups = platform.instance_groups
    by_name = {group.name: group for group in groups}
    problems: list[str] = []
    for pool in platform.node_pools:
        pool_where = f"{WHERE}: node pool {pool.name!r}"
        for name in pool.instance_groups:
            if name not in by_name:
                unused = [group for group in sorted(by_name) if group not in pool.instance_groups]
                problems.append(format_problem(pool_where, "instance_groups", name,
                                               f"names of the cluster's instance groups: {sorted(by_name)}"
                                               + did_you_mean(name, unused)))
        problems.extend(_limit_problems(pool, groups, pool_where))
    for name in platform.autoscaled_groups:
        group = by_name.get(name)
        if group is None:
            continue
        group_where = f"{WHERE}: instance group {name!r}"
        if group.count != 0:
            problems.append(format_problem(group_where, "count", group.count,
                                           "0 for a Karpenter-autoscaled group (HyperPod requires it to start empty; "
                                           "Karpenter would scale it down to 0 anyway)"))
        if group.deep_health_checks:
            problems.append(format_problem(group_where, "deep_health_checks", group.deep_health_checks,
                                           "none on a Karpenter-autoscaled group (deep health checks take 60-90 "
                                           "minutes per new node, pods stay pending and Karpenter over-provisions)"))
    return problems


@problem_rule("max-count-without-node-autoscaling")
def check_max_count_is_used(platform: ResolvedPlatform) -> list[str]:
    """``max_count`` means "node autoscaling may grow this group to N"; without Karpenter growing the group, HyperPod
    keeps ``count`` instances and the ceiling would never be reached, so it is an error, never silently dropped."""
    autoscaled = set(platform.autoscaled_groups)
    problems: list[str] = []
    for group in platform.instance_groups:
        if group.max_count is None or group.name in autoscaled:
            continue
        if not platform.node_autoscaling_enabled:
            reason = "node autoscaling is off"
            fix = (f"pass node_autoscaling=True to grow it with Karpenter (from count=0), or drop max_count and set "
                   f"count={group.max_count} for a fixed size")
        else:
            reason = "no NodePool includes the group"
            fix = (f"add {group.name!r} to a NodePoolSpec's instance_groups, or drop max_count and set "
                   f"count={group.max_count} for a fixed size")
        problems.append(format_problem(
            f"instance group {group.name!r}", "max_count", group.max_count,
            f"only on a group node autoscaling grows: {reason}, so HyperPod keeps count={group.count} instances and "
            f"the group never reaches {group.max_count}; {fix}"))
    return problems


@advice_rule("node-autoscaling")
def node_autoscaling_warnings(platform: ResolvedPlatform) -> list[str]:
    """Advice: setups HyperPod accepts but that probably do not do what the user wants."""
    if not platform.node_autoscaling_enabled:
        return []
    if not platform.node_pools:
        return [Advice("node-autoscaling-without-groups",
                       f"{WHERE}: node autoscaling is enabled but no instance group has max_count and no node_pools "
                       "are given, so Karpenter has nothing to scale; set max_count on the groups it should grow")]
    warnings: list[str] = []
    by_name = {group.name: group for group in platform.instance_groups}
    for name in platform.autoscaled_groups:
        group = by_name.get(name)
        if group is None:
            continue
        group_where = f"{WHERE}: instance group {name!r}"
        if group.training_plan_arn is not None:
            warnings.append(Advice("node-autoscaling-training-plan", f"{group_where}: training_plan_arn is set on a "
                                   "Karpenter-autoscaled group; the HyperPod autoscaling docs (older version) say groups "
                                   "with training plans or reserved capacity are not supported"))
        if group.max_count is None:
            warnings.append(Advice("node-autoscaling-without-max-count", f"{group_where}: no max_count on a "
                                   "Karpenter-autoscaled group, so its NodePool has no limit unless you set one; "
                                   "Karpenter may grow it as far as capacity allows"))
    return warnings


@problem_rule("node-provisioning-mode")
def check_node_provisioning_mode(platform: ResolvedPlatform) -> list[str]:
    """HyperPod-managed Karpenter needs ``NodeProvisioningMode: Continuous`` on the cluster."""
    mode = platform.cluster.node_provisioning_mode
    if platform.node_autoscaling_enabled and mode != "Continuous":
        return [format_problem("cluster", "node_provisioning_mode", mode,
                               "'Continuous' when node autoscaling (Karpenter) is enabled")]
    return []



@problem_rule("node-recovery")
def check_node_recovery(platform: ResolvedPlatform) -> list[str]:
    """HyperPod-managed Karpenter requires ``NodeRecovery: Automatic`` (an autoscaling prerequisite in the
    HyperPod docs): Karpenter replaces nodes that HyperPod marks unhealthy."""
    node_recovery = platform.cluster.node_recovery
    if platform.node_autoscaling_enabled and node_recovery != "Automatic":
        return [format_problem("cluster", "node_recovery", node_recovery,
                               "'Automatic' when node autoscaling (Karpenter) is enabled")]
    return []


def _limit_problems(pool: NodePoolSpec, groups: tuple[InstanceGroup, ...], where: str) -> list[str]:
    """A limit below one instance of a group's type means Karpenter can never launch that group."""
    limits = pool.limits
    if limits is None:
        return []
    problems: list[str] = []
    for group in groups:
        if group.name not in pool.instance_groups:
            continue
        info = group.info
        if limits.gpus is not None and info.has_gpu and limits.gpus < info.gpu_count:
            problems.append(format_problem(where, "limits.gpus", limits.gpus,
                                           f"at least {info.gpu_count}, the GPUs of one {info.name} in group "
                                           f"{group.name!r}; below that Karpenter never launches a node"))
        if limits.cpu is not None and limits.cpu < info.vcpu:
            problems.append(format_problem(where, "limits.cpu", limits.cpu,
                                           f"at least {info.vcpu}, the vCPUs of one {info.name} in group "
                                           f"{group.name!r}; below that Karpenter never launches a node"))
        floor = int(info.memory_gib * (1 - _MEMORY_OVERHEAD))
        if limits.memory_gib is not None and limits.memory_gib < floor:
            problems.append(format_problem(where, "limits.memory_gib", limits.memory_gib,
                                           f"at least about {floor} GiB, the memory of one {info.name} in group "
                                           f"{group.name!r}; below that Karpenter never launches a node"))
    return problems
