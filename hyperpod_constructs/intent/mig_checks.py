"""Cross-resource MIG checks: do the instance groups provide the MIG slices and whole GPUs the endpoints ask for?

Pure Python over the resolved platform's instance groups and pod demands; each returned string is one problem, in
the ``errors.format_problem`` format. Whether a partition is well formed and offered by its instance type is the
endpoint's own rule (checked when it is constructed). Cost is linear in groups + demands.
"""
from __future__ import annotations

from typing import Iterator, Sequence

from ..catalog.mig import mig_profiles_for_instance_type, supports_mig
from ..errors import format_problem
from .instance_group import InstanceGroup
from .platform_model import PodDemand


def _per_instance_type(demands: Sequence[PodDemand]) -> Iterator[tuple[PodDemand, str]]:
    """Each demand once per instance type it may run on: it must fit on any of them."""
    for demand in demands:
        for instance_type in demand.instance_types or (demand.instance_type,):
            yield demand, instance_type


def check_partition_capacity(groups: Sequence[InstanceGroup], demands: Sequence[PodDemand]) -> list[str]:
    """Every requested (instance type, profile) must be provided by the groups of that instance type.

    Endpoints on the same instance type share the slices, so demand is summed over them at max replicas
    and compared with what all groups of that type provide at max count.
    """
    supply: dict[tuple[str, str], int] = {}
    per_instance: dict[tuple[str, str], list[str]] = {}
    for group in groups:
        if group.mig_layout is None:
            continue
        for profile, count in group.mig_layout.slices_per_instance(group.instance_type).items():
            key = (group.instance_type, profile)
            supply[key] = supply.get(key, 0) + count * group.ceiling
            per_instance.setdefault(key, []).append(
                f"group {group.name!r}: {count} per instance x {group.ceiling} max")

    demand: dict[tuple[str, str], list[PodDemand]] = {}
    for pods, instance_type in _per_instance_type(demands):
        if pods.partition is None or not supports_mig(instance_type):
            continue
        if pods.partition not in mig_profiles_for_instance_type(instance_type):
            continue  # the endpoint's own rule
        demand.setdefault((instance_type, pods.partition), []).append(pods)

    problems: list[str] = []
    for (instance_type, profile), requesting in demand.items():
        needed = sum(e.max_replicas for e in requesting)
        available = supply.get((instance_type, profile), 0)
        if needed <= available:
            continue
        names = ", ".join(repr(e.name) for e in requesting)
        where = f"endpoint {names}" if len(requesting) == 1 else f"endpoints {names}"
        asks = " + ".join(f"{e.name}: {e.max_replicas}" for e in requesting)
        if available == 0:
            allowed = (f"no {instance_type} instance group is partitioned with {profile}, but the endpoints "
                       f"need {needed} at max replicas ({asks}); set mig_config on a {instance_type} group "
                       f"to a layout that creates {profile}")
        else:
            allowed = (f"the {instance_type} groups provide {available} x {profile} at max count "
                       f"({'; '.join(per_instance[(instance_type, profile)])}) but the endpoints need "
                       f"{needed} at max replicas ({asks}); raise max_count or use a layout with more {profile}")
        problems.append(format_problem(where, "accelerator_partition", f"mig-{profile}", allowed))
    return problems


def check_whole_gpu_requests(groups: Sequence[InstanceGroup], demands: Sequence[PodDemand]) -> list[str]:
    """A whole-GPU endpoint on an instance type whose groups are all MIG-partitioned cannot be scheduled."""
    # Per instance type: the most MIG-disabled GPUs one node of a partitioned group has, and whether
    # some group of that type is not partitioned at all (then whole GPUs are available there).
    whole: dict[str, int] = {}
    unpartitioned: set[str] = set()
    for group in groups:
        if group.mig_layout is None:
            unpartitioned.add(group.instance_type)
        else:
            gpus = group.mig_layout.whole_gpus_per_instance(group.instance_type)
            whole[group.instance_type] = max(whole.get(group.instance_type, 0), gpus)
    problems: list[str] = []
    for pods, instance_type in _per_instance_type(demands):
        if pods.partition is not None or not pods.gpus:
            continue
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
