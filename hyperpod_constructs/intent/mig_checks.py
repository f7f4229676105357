"""Cross-resource MIG checks: do the instance groups provide the MIG slices the endpoints ask for?

Pure Python. The platform adapts its own instance groups and endpoints to the small views below and
registers ``mig_problems`` with ``node.add_validation``; each returned string is one problem, in the
``errors.format_problem`` format. Cost is linear in groups + endpoints.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ..catalog.mig import mig_profiles_for_instance_type, supports_mig
from ..errors import HyperPodValidationError, format_problem
from .mig import MigLayout, normalize_partition, validate_partition


@dataclass(frozen=True)
class MigGroupView:
    """What the checks need from an instance group; ``max_count`` is the most instances it can reach."""

    name: str
    instance_type: str
    max_count: int
    layout: Optional[MigLayout] = None


@dataclass(frozen=True, kw_only=True)
class MigEndpointView:
    """What the checks need from an endpoint: one pod per replica, each with one ``partition`` device."""

    name: str
    instance_type: str
    partition: Optional[str] = None  # "mig-3g.40gb" (or "3g.40gb")
    gpu_count: Optional[int] = None  # whole GPUs per pod, when set
    max_replicas: int = 1


def check_partition_requests(endpoints: Sequence[MigEndpointView]) -> list[str]:
    """Per-endpoint rules: partition well formed and offered by the instance type, not mixed with whole GPUs."""
    problems: list[str] = []
    for endpoint in endpoints:
        if endpoint.partition is None:
            continue
        where = f"endpoint {endpoint.name!r}"
        if endpoint.gpu_count:
            problems.append(format_problem(
                where, "gpu_count", endpoint.gpu_count,
                f"no whole-GPU count together with accelerator_partition={endpoint.partition!r}; a pod gets "
                "either one MIG device or whole GPUs, so drop one of the two"))
        try:
            validate_partition(endpoint.instance_type, endpoint.partition, where)
        except HyperPodValidationError as error:
            problems.append(str(error))
    return problems


def check_partition_capacity(groups: Sequence[MigGroupView], endpoints: Sequence[MigEndpointView]) -> list[str]:
    """Every requested (instance type, profile) must be provided by the groups of that instance type.

    Endpoints on the same instance type share the slices, so demand is summed over them at max replicas
    and compared with what all groups of that type provide at max count.
    """
    supply: dict[tuple[str, str], int] = {}
    per_instance: dict[tuple[str, str], list[str]] = {}
    for group in groups:
        if group.layout is None:
            continue
        for profile, count in group.layout.slices_per_instance(group.instance_type).items():
            key = (group.instance_type, profile)
            supply[key] = supply.get(key, 0) + count * group.max_count
            per_instance.setdefault(key, []).append(
                f"group {group.name!r}: {count} per instance x {group.max_count} max")

    demand: dict[tuple[str, str], list[MigEndpointView]] = {}
    for endpoint in endpoints:
        if endpoint.partition is None or not supports_mig(endpoint.instance_type):
            continue  # reported by check_partition_requests
        try:
            profile = normalize_partition(endpoint.partition)
        except HyperPodValidationError:
            continue  # reported by check_partition_requests
        if profile not in mig_profiles_for_instance_type(endpoint.instance_type):
            continue  # reported by check_partition_requests
        demand.setdefault((endpoint.instance_type, profile), []).append(endpoint)

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


def check_whole_gpu_requests(groups: Sequence[MigGroupView], endpoints: Sequence[MigEndpointView]) -> list[str]:
    """A whole-GPU endpoint on an instance type whose groups are all MIG-partitioned cannot be scheduled."""
    # Per instance type: the most MIG-disabled GPUs one node of a partitioned group has, and whether
    # some group of that type is not partitioned at all (then whole GPUs are available there).
    whole: dict[str, int] = {}
    unpartitioned: set[str] = set()
    for group in groups:
        if group.layout is None:
            unpartitioned.add(group.instance_type)
        else:
            gpus = group.layout.whole_gpus_per_instance(group.instance_type)
            whole[group.instance_type] = max(whole.get(group.instance_type, 0), gpus)
    problems: list[str] = []
    for endpoint in endpoints:
        if endpoint.partition is not None or not endpoint.gpu_count:
            continue
        if endpoint.instance_type in unpartitioned or endpoint.instance_type not in whole:
            continue  # no MIG layout involved; other checks cover missing groups
        best = whole[endpoint.instance_type]
        if endpoint.gpu_count > best:
            problems.append(format_problem(
                f"endpoint {endpoint.name!r}", "gpu_count", endpoint.gpu_count,
                f"at most {best} whole GPU(s) per {endpoint.instance_type} node: every group of that type "
                "is MIG-partitioned; request accelerator_partition instead, or leave GPUs MIG-disabled "
                "(stock 'all-disabled', or {} entries in MigLayout.per_device)"))
    return problems


def mig_problems(groups: Sequence[MigGroupView], endpoints: Sequence[MigEndpointView]) -> list[str]:
    """All MIG cross-resource problems, for ``node.add_validation``."""
    return [
        *check_partition_requests(endpoints),
        *check_partition_capacity(groups, endpoints),
        *check_whole_gpu_requests(groups, endpoints),
    ]
