"""Cross-resource MIG checks: do the instance groups provide the MIG slices and whole GPUs the endpoints ask for?

Pure Python over the resolved platform's instance groups and pod demands; ``resolve.capacity`` counts the slices and
GPUs, this module words each problem in the ``errors.format_problem`` format. Whether a partition is well formed and
offered by its instance type is the endpoint's own rule (checked when it is constructed). Cost is linear in
groups + demands.
"""
from __future__ import annotations

from typing import Sequence

from ..errors import format_problem
from ..intent.instance_group import InstanceGroup
from ..resolve.capacity import (
    gpu_groups, most_whole_gpus_per_node, reaching_max_count, slice_shortfalls, slices_per_instance)
from ..resolve.platform_model import PodDemand


def check_partition_capacity(groups: Sequence[InstanceGroup], demands: Sequence[PodDemand]) -> list[str]:
    """Every requested (instance type, profile) must be provided by the groups of that instance type.

    Endpoints on the same instance type share the slices, so demand is summed over them at max replicas
    and compared with what all groups of that type provide at max count (``capacity.slice_shortfalls``).
    """
    capacity = gpu_groups(groups, reaching_max_count(groups), slices_per_instance(groups))
    problems: list[str] = []
    for short in slice_shortfalls(capacity, [demand.gpu_demand() for demand in demands]):
        instance_type, profile, needed = short.instance_type, short.profile, short.needed
        names = ", ".join(repr(e.endpoint) for e in short.requesting)
        where = f"endpoint {names}" if len(short.requesting) == 1 else f"endpoints {names}"
        asks = " + ".join(f"{e.endpoint}: {e.max_replicas}" for e in short.requesting)
        if short.available == 0:
            allowed = (f"no {instance_type} instance group is partitioned with {profile}, but the endpoints "
                       f"need {needed} at max replicas ({asks}); set mig_config on a {instance_type} group "
                       f"to a layout that creates {profile}")
        else:
            offers = "; ".join(f"group {group.name!r}: {count} per instance x {group.nodes} max"
                               for group, count in short.offers)
            allowed = (f"the {instance_type} groups provide {short.available} x {profile} at max count "
                       f"({offers}) but the endpoints need {needed} at max replicas ({asks}); raise max_count or use "
                       f"a layout with more {profile}")
        problems.append(format_problem(where, "accelerator_partition", f"mig-{profile}", allowed))
    return problems


def check_whole_gpu_requests(groups: Sequence[InstanceGroup], demands: Sequence[PodDemand]) -> list[str]:
    """A whole-GPU endpoint on an instance type whose groups are all MIG-partitioned cannot be scheduled."""
    # Whole GPUs are available on a type some group of which is not partitioned at all; on the others, a node holds
    # at most the MIG-disabled GPUs of its layout.
    partitioned = [group for group in groups if group.mig_layout is not None]
    unpartitioned = {group.instance_type for group in groups if group.mig_layout is None}
    whole = most_whole_gpus_per_node(gpu_groups(partitioned, frozenset(), None))
    problems: list[str] = []
    for pods in demands:
        if pods.partition is not None or not pods.gpus:
            continue
        for instance_type in pods.placement_types:
            if instance_type in unpartitioned or instance_type not in whole:
                continue  # no MIG layout involved; other checks cover missing groups
            best = whole[instance_type]
            if pods.gpus > best:
                problems.append(format_problem(
                    f"endpoint {pods.name!r}", "gpu_count", pods.gpus,
                    f"at most {best} whole GPU(s) per {instance_type} node: every group of that type "
                    "is MIG-partitioned; request accelerator_partition instead, or leave GPUs MIG-disabled "
                    "(stock 'all-disabled', or {} entries in MigLayout.per_device)"))
    return problems
