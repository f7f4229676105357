"""Rules for disaggregated endpoints: where each side runs, and whether both sides fit the groups they run on."""
from __future__ import annotations

from typing import Sequence

from ...errors import did_you_mean, format_problem
from ..instance_group import InstanceGroup
from ..platform_model import ResolvedPlatform
from ..records import CustomSpec, Side, SideRecord
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


def _floor_nodes(platform: ResolvedPlatform, group: InstanceGroup) -> int:
    """Nodes a group can have while the endpoint idles: all of them when node autoscaling adds nodes on demand."""
    return group.ceiling if platform.node_autoscaling_enabled and group.max_count is not None else group.count


def _capacity_problems(platform: ResolvedPlatform, where: str,
                       workers: Sequence[tuple[Side, SideRecord]]) -> list[str]:
    """Pods of both sides at min replicas must fit the groups at the floor, at max replicas at the ceiling.

    Sides on the same groups share them, so their demand is summed. Whole GPUs count only GPUs left MIG-disabled;
    a MIG side counts slices of its profile at the floor only: at the ceiling the platform-wide MIG check sums
    every endpoint's slices, these sides included. Other endpoints' whole GPUs are not counted here.
    """
    problems: list[str] = []
    scopes: dict[tuple[str, ...], list[tuple[Side, SideRecord]]] = {}
    for side, worker in workers:
        key = tuple(sorted(group.name for group in _groups_for(platform, worker)))
        unit = worker.partition_profile or "gpu"
        scopes.setdefault(key + (unit,), []).append((side, worker))
    for key, members in scopes.items():
        groups = [group for group in platform.instance_groups if group.name in key[:-1]]
        unit = key[-1]
        instance_type = members[0][1].instance_type

        def per_node(group: InstanceGroup) -> int:
            info = group.info
            if unit == "gpu":
                return group.mig_layout.whole_gpus_per_instance(instance_type) if group.mig_layout else info.gpu_count
            return (group.mig_layout.slices_per_instance(instance_type).get(unit, 0) if group.mig_layout else 0)

        def size(worker: SideRecord) -> int:  # units one pod takes
            return worker.gpus if unit == "gpu" else 1

        largest = max((per_node(group) for group in groups), default=0)
        misfits = [(side, worker) for side, worker in members if size(worker) > largest]
        for side, worker in misfits:
            what = f"{size(worker)} whole GPU(s)" if unit == "gpu" else f"a mig-{unit} slice"
            problems.append(format_problem(
                where, f"disaggregation.{side}.{'gpus' if unit == 'gpu' else 'accelerator_partition'}",
                worker.gpus if unit == "gpu" else f"mig-{unit}",
                f"a pod that fits on one node: no {instance_type} node of group(s) {', '.join(key[:-1])} has {what} "
                f"outside MIG partitions (at most {largest} per node)"))
        if misfits:
            continue
        label = "whole GPUs" if unit == "gpu" else f"mig-{unit} slices"
        # MIG slices at the ceiling are summed over every endpoint by the rule mig-capacity (rules.capacity).
        for level in ("floor", "ceiling") if unit == "gpu" else ("floor",):
            def nodes(group: InstanceGroup) -> int:
                return _floor_nodes(platform, group) if level == "floor" else group.ceiling

            def pods(worker: SideRecord) -> int:
                return worker.min_pods if level == "floor" else worker.max_pods

            needed = sum(pods(worker) * size(worker) for _, worker in members)
            supply = sum(per_node(group) * nodes(group) for group in groups)
            # A pod does not span nodes, so each side alone must also find whole places for its pods.
            crowded = [side for side, worker in members
                       if pods(worker) > sum(per_node(group) // size(worker) * nodes(group) for group in groups)]
            if needed > supply or crowded:
                asks = " + ".join(f"{side}: {pods(worker)} pod(s) x {size(worker)}" for side, worker in members)
                which = "min" if level == "floor" else "max"
                hint = ("raise the groups' count, turn on node autoscaling, or lower min_replicas"
                        if level == "floor" else "raise max_count or lower max_replicas")
                problems.append(format_problem(
                    where, "disaggregation", f"{needed} {label} at {which} replicas ({asks})",
                    f"a demand the {instance_type} group(s) {', '.join(key[:-1])} can hold at the {level}: they "
                    f"offer {supply} {label} on {sum(nodes(group) for group in groups)} node(s); {hint}"))
    return problems
