"""Capacity rules: MIG slices and whole GPUs the endpoints ask for against what the instance groups offer.

Endpoints on one instance type share its slices and GPUs, so each rule sums every endpoint's pod demands once; the
numbers come from ``resolve.capacity`` (the ones the plan shows), the words from here and ``mig_checks``.
"""
from __future__ import annotations

from typing import Sequence

from ..errors import format_problem
from ..resolve.capacity import GpuDemand, GpuGroup, WholeGpuShortfall, whole_gpu_shortfalls
from .mig_checks import check_partition_capacity, check_whole_gpu_requests
from ..resolve.platform_model import ResolvedPlatform
from .registry import problem_rule


@problem_rule("mig-capacity")
def mig_capacity(platform: ResolvedPlatform) -> list[str]:
    """The groups of each instance type provide the MIG slices all endpoints ask for at max replicas."""
    return check_partition_capacity(platform.instance_groups, platform.demands)


@problem_rule("mig-whole-gpus")
def mig_whole_gpus(platform: ResolvedPlatform) -> list[str]:
    """A whole-GPU pod fits on a node whose GPUs are not all MIG-partitioned."""
    return check_whole_gpu_requests(platform.instance_groups, platform.demands)


@problem_rule("whole-gpu-capacity")
def whole_gpu_capacity(platform: ResolvedPlatform) -> list[str]:
    """Whole GPUs at min and max replicas fit the groups at the floor and at the ceiling."""
    return check_whole_gpu_capacity(platform.gpu_groups, platform.gpu_demands)


def check_whole_gpu_capacity(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> list[str]:
    """Problems: whole-GPU pods that find no node at min replicas (the floor) or, failing that, at max replicas."""
    return [_whole_gpu_problem(shortfall) for shortfall in whole_gpu_shortfalls(groups, demands)]


def _whole_gpu_problem(shortfall: WholeGpuShortfall) -> str:
    level = shortfall.level
    replicas_field = "min_replicas" if level == "floor" else "max_replicas"
    asks = ", ".join(f"{demand.endpoint}: {demand.replicas(level)} x {demand.gpus}{'' if demand.exact else '+'} GPU"
                     for demand in shortfall.sharing)
    has = "; ".join(f"group {group.name!r}: {group.nodes} node(s) x {group.gpus_per_node} GPU(s)"
                    f"{' (max_count)' if group.autoscaled else ' (count)'}" for group in shortfall.supply) or "no group"
    left = ", ".join(f"{pods} pod(s) of {endpoint!r}" for endpoint, pods in shortfall.unplaced.items())
    names = ", ".join(repr(endpoint) for endpoint in shortfall.unplaced)
    where = f"endpoint {names}" if len(shortfall.unplaced) == 1 else f"endpoints {names}"
    return format_problem(
        # The value is a count of GPUs (gpus x replicas over the endpoints sharing the type), not a replica count.
        where, f"whole GPUs needed (gpus x {replicas_field})", shortfall.needed,
        f"whole {shortfall.instance_type} GPUs the instance groups can hold at the {level}: the endpoints on it ask "
        f"for {shortfall.needed} ({asks}) and the groups offer {shortfall.offered} ({has}); {left} find no node with "
        f"enough free GPUs. Raise count (or max_count with node autoscaling), lower {replicas_field} or gpus, or move "
        "an endpoint to another instance type")
