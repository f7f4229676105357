"""Rules for disaggregated endpoints: where each side runs, and whether both sides fit the groups they run on."""
from __future__ import annotations

from typing import Sequence

from ..errors import did_you_mean, format_problem
from ..resolve.capacity import GpuDemand, gpu_groups, reaching_max_count, side_scopes
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.records import CustomSpec, Side, SideRecord
from .registry import problem_rule


def _disaggregated(platform: ResolvedPlatform) -> list[tuple[str, tuple[tuple[Side, SideRecord], ...]]]:
    """(the endpoint's ``where``, its sides) of every disaggregated endpoint."""
    return [(endpoint.where, tuple((side.side, side) for side in endpoint.spec.disaggregation.sides))
            for endpoint in platform.endpoints
            if isinstance(endpoint.spec, CustomSpec) and endpoint.spec.disaggregation is not None]


@problem_rule("disaggregation-placement")
def disaggregation_placement(platform: ResolvedPlatform) -> list[str]:
    """Each side's instance group exists and runs its instance type."""
    return [problem for where, workers in _disaggregated(platform) for side, worker in workers
            for problem in _placement_problems(platform, where, side, worker)]


@problem_rule("disaggregation-capacity")
def disaggregation_capacity(platform: ResolvedPlatform) -> list[str]:
    """Both sides' pods fit their groups at the floor and the ceiling (once both have somewhere to run)."""
    problems: list[str] = []
    for where, workers in _disaggregated(platform):
        if not any(_placement_problems(platform, where, side, worker) for side, worker in workers):
            problems += _capacity_problems(platform, where, workers)
    return problems


def _groups_for(platform: ResolvedPlatform, worker: SideRecord) -> tuple[InstanceGroup, ...]:
    if worker.instance_group is not None:
        return tuple(group for group in platform.instance_groups
                     if group.name == worker.instance_group and group.instance_type == worker.instance_type)
    return platform.groups_of_type(worker.instance_type)


def _placement_problems(platform: ResolvedPlatform, where: str, side: Side, worker: SideRecord) -> list[str]:
    names = {group.name: group for group in platform.instance_groups}
    if worker.instance_group is not None:
        group = names.get(worker.instance_group)
        if group is None:
            running = [name for name, group in names.items() if group.instance_type == worker.instance_type]
            return [format_problem(where, f"disaggregation.{side}.instance_group", worker.instance_group,
                                   f"the name of an instance group; the platform has: {', '.join(names) or 'none'}"
                                   + did_you_mean(worker.instance_group, running))]
        if group.instance_type != worker.instance_type:
            return [format_problem(where, f"disaggregation.{side}.instance_type", worker.instance_type,
                                   f"{group.instance_type}, the instance type of group {group.name!r}")]
        return []
    if not platform.groups_of_type(worker.instance_type):
        served = sorted({group.instance_type for group in platform.instance_groups})
        return [format_problem(where, f"disaggregation.{side}.instance_type", worker.instance_type,
                               "an instance type served by an instance group; the platform's groups run: "
                               f"{', '.join(served) or 'none'}")]
    return []


def _capacity_problems(platform: ResolvedPlatform, where: str,
                       workers: Sequence[tuple[Side, SideRecord]]) -> list[str]:
    """Pods of both sides at min replicas must fit their groups at the floor, at max replicas at the ceiling
    (``capacity.side_scopes`` counts them; sides on the same groups share them)."""
    groups = platform.instance_groups
    slices = platform.slices_per_instance
    # Without node autoscaling a group keeps its count while the endpoint idles; the ceiling is max_count.
    floor = reaching_max_count(groups) if platform.node_autoscaling_enabled else frozenset()
    by_side: dict[str, SideRecord] = dict(workers)
    scopes = side_scopes([(GpuDemand.of(side, (worker.instance_type,), worker.min_pods, worker.max_pods,
                                        worker.gpus or 1, worker.partition_profile),
                           [group.name for group in _groups_for(platform, worker)]) for side, worker in workers],
                         {"floor": gpu_groups(groups, floor, slices),
                          "ceiling": gpu_groups(groups, reaching_max_count(groups), slices)})
    problems: list[str] = []
    for scope in scopes:
        names = ", ".join(scope.groups)
        instance_type = scope.sides[0].instance_types[0]
        profile = scope.partition
        for misfit in scope.misfits:
            worker = by_side[misfit.endpoint]
            what = f"{misfit.units_per_pod} whole GPU(s)" if profile is None else f"a mig-{profile} slice"
            problems.append(format_problem(
                where, f"disaggregation.{misfit.endpoint}.{'gpus' if profile is None else 'accelerator_partition'}",
                worker.gpus if profile is None else f"mig-{profile}",
                f"a pod that fits on one node: no {instance_type} node of group(s) {names} has {what} "
                f"outside MIG partitions (at most {scope.largest} per node)"))
        label = "whole GPUs" if profile is None else f"mig-{profile} slices"
        for level in scope.levels:
            if not level.short:
                continue
            asks = " + ".join(f"{side.endpoint}: {side.replicas(level.level)} pod(s) x {side.units_per_pod}"
                              for side in scope.sides)
            which = "min" if level.level == "floor" else "max"
            hint = ("raise the groups' count, turn on node autoscaling, or lower min_replicas"
                    if level.level == "floor" else "raise max_count or lower max_replicas")
            problems.append(format_problem(
                where, "disaggregation", f"{level.needed} {label} at {which} replicas ({asks})",
                f"a demand the {instance_type} group(s) {names} can hold at the {level.level}: they "
                f"offer {level.offered} {label} on {level.nodes} node(s); {hint}"))
    return problems
