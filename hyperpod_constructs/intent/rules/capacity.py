"""Capacity rules: MIG slices and whole GPUs the endpoints ask for against what the instance groups offer.

Endpoints on one instance type share its slices and GPUs, so each rule sums every endpoint's pod demands once;
the whole-GPU numbers are the ones the plan shows.
"""
from __future__ import annotations

from ..gpu_capacity import check_whole_gpu_capacity
from ..mig_checks import check_partition_capacity, check_whole_gpu_requests
from ..platform_model import ResolvedPlatform
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
