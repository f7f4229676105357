"""Failures before the first token, reported in 2026, caught at synth: a cluster with no node for its system pods,
an operator (amd64-only since v3.2) with no amd64 node, and system pods that cannot fit under the nodes' ``maxPods``.

Sources: awslabs/ml-container-creator PR #297 (a cluster that starts at 0 nodes: CoreDNS, cert-manager, the inference
controller, KEDA and the ALB controller stay Pending); the HyperPod inference release notes v3.2 (the operator
deployment schedules onto amd64 Linux nodes only); ``catalog.max_pods`` for the pod limits.
"""
from __future__ import annotations

from ..catalog.instance_types import instance_type
from ..catalog.max_pods import NODE_DAEMONSETS, SYSTEM_DEPLOYMENTS, max_pods
from ..catalog.operator_versions import addon_predates
from ..errors import format_problem
from ..intent.cluster import ExistingEks
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import ResolvedPlatform
from .registry import problem_rule

AMD64_PINNED_FROM = "3.2"  # the operator version that pinned its Deployment to amd64 Linux nodes
_NOT_SCHEDULABLE = ("NoSchedule", "NoExecute")


def _hyperpod_nodes_only(platform: ResolvedPlatform) -> bool:
    """The platform's groups are the cluster's only nodes: an existing cluster may run its system pods elsewhere
    (its own node groups or Fargate), which the stack cannot see; its prerequisites warning covers them."""
    return not isinstance(platform.cluster.eks, ExistingEks)


def _runs_at_floor(group: InstanceGroup) -> bool:
    return group.count >= 1


def _takes_system_pods(group: InstanceGroup) -> bool:
    """A node of the group at the floor that a pod without tolerations may run on."""
    return _runs_at_floor(group) and not any(taint.effect in _NOT_SCHEDULABLE for taint in group.taints)


@problem_rule("cluster-starts-with-no-node")
def cluster_starts_with_no_node(platform: ResolvedPlatform) -> list[str]:
    """Every instance group starts at count=0: the system pods have no node and stay Pending."""
    if (not _hyperpod_nodes_only(platform) or not platform.instance_groups
            or any(_runs_at_floor(group) for group in platform.instance_groups)):
        return []
    groups = ", ".join(group.name for group in platform.instance_groups)
    return [format_problem(
        "platform", "instance_groups", f"every group at count=0: {groups}",
        "at least one group with count >= 1: CoreDNS, cert-manager, the inference operator, KEDA and the "
        "load-balancer controller need a node before any endpoint asks for one, and node autoscaling adds nodes for "
        "pending endpoint pods only (a cluster started empty stayed Pending for 48 h in a 2026 report). Add a small "
        "CPU group, e.g. InstanceGroup('system', 'ml.m5.2xlarge', count=2)")]


@problem_rule("operator-needs-amd64-node")
def operator_needs_amd64_node(platform: ResolvedPlatform) -> list[str]:
    """No schedulable amd64 node at the floor for the inference operator (amd64-only since v3.2)."""
    pinned = platform.operator_addon_version
    if not _hyperpod_nodes_only(platform):
        return []
    if pinned is not None and addon_predates(pinned, AMD64_PINNED_FROM):
        return []  # an older operator is not pinned to amd64
    floor = [group for group in platform.instance_groups if _takes_system_pods(group)]
    if not floor:
        return []  # no node at all: cluster-starts-with-no-node says so
    amd64 = [group for group in floor
             if (info := instance_type(group.instance_type)) is None or info.arch == "x86_64"]
    if amd64:
        return []
    groups = ", ".join(f"{group.name!r} ({group.instance_type})" for group in floor)
    return [format_problem(
        "platform", "instance_groups", f"only arm64 nodes run at the floor: {groups}",
        f"an amd64 (x86_64) group with count >= 1 and no NoSchedule taint: the inference operator is pinned to amd64 "
        f"Linux nodes since operator v{AMD64_PINNED_FROM} (HyperPod inference release notes), so on Graviton nodes "
        "alone it has nowhere to run. Add e.g. InstanceGroup('system', 'ml.m7i.xlarge', count=1), or make one CPU "
        "group an amd64 type (m5, m6i, m7i, c6a, m6a ...)")]


@problem_rule("system-pods-exceed-max-pods")
def system_pods_exceed_max_pods(platform: ResolvedPlatform) -> list[str]:
    """The nodes at the floor cannot hold the system pods under their kubelet maxPods once DaemonSets take theirs."""
    if not _hyperpod_nodes_only(platform):
        return []
    floor = [group for group in platform.instance_groups if _takes_system_pods(group)]
    limits = [(group, max_pods(group.instance_type)) for group in floor]
    if not floor or any(limit is None for _, limit in limits):
        return []  # a type with 60 pods or more (or unknown) holds them: nothing certain to say
    daemonsets = len(NODE_DAEMONSETS)
    room = sum(group.count * max(limit - daemonsets, 0) for group, limit in limits if limit is not None)
    needed = len(SYSTEM_DEPLOYMENTS)
    if room >= needed:
        return []
    described = ", ".join(f"{group.name!r} {group.count} x {group.instance_type} (maxPods {limit})"
                          for group, limit in limits)
    return [format_problem(
        "platform", "instance_groups", described,
        f"nodes at the floor with room for the system pods: each node's kubelet runs at most maxPods pods, and the "
        f"{daemonsets} DaemonSets every node runs ({', '.join(NODE_DAEMONSETS)}) take {daemonsets} of them, leaving "
        f"{room} for the {needed} system Deployments ({', '.join(SYSTEM_DEPLOYMENTS)}) at one replica each; the rest "
        "stay Pending. Use a larger CPU type (maxPods 29 from ml.m5.large, 58 from ml.m5.xlarge) or more nodes")]
