"""Whole-GPU capacity: do the instance groups have the GPUs the endpoints ask for, at the floor and at the ceiling?

Pure Python, like ``mig_checks``. Supply is the groups' nodes (``count``, or ``max_count`` for groups node autoscaling
grows, since Karpenter adds nodes for pending pods up to it) times the GPUs a node leaves MIG-disabled. Demand is the
endpoints' pods: at the floor ``min_replicas``, at the ceiling ``max_replicas``, each asking for ``gpus`` whole GPUs on
one node. Pods are packed onto nodes (largest first, best fit), not compared as GPU totals: two 3-GPU pods need two
4-GPU nodes although 6 GPUs <= 8. Groups that run anyway (fixed ``count``) are filled before autoscaled ones, which
is also how the plan counts the nodes the floor keeps running.

A JumpStart model without a MIG slice uses as many GPUs as its JumpStart configuration sets; it is counted as one
GPU per pod (a lower bound, so the check never rejects a setup that could work) and shown as such in the plan.
Cost is linear in groups x endpoints: pods are placed in batches by size, never one by one.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal, Mapping, Optional, Sequence

from ..errors import format_problem

Level = Literal["floor", "ceiling"]


@dataclass(frozen=True)
class GpuGroup:
    """An instance group as capacity sees it."""

    name: str
    instance_type: str
    gpus_per_node: int  # GPUs a node leaves MIG-disabled (all of them without MIG)
    nodes: int  # the most nodes it can have: count, or max_count when node autoscaling grows it
    autoscaled: bool = False
    bounded: bool = True  # False: autoscaled without max_count, so nothing caps it (the check leaves it alone)
    slices_per_node: Mapping[str, int] = field(default_factory=dict)  # MIG profile -> devices per node


@dataclass(frozen=True)
class GpuDemand:
    """One endpoint's pods: ``gpus`` whole GPUs each (or one ``partition`` MIG slice each) on one of
    ``instance_types`` (preference order)."""

    endpoint: str
    instance_types: tuple[str, ...]
    min_replicas: int
    max_replicas: int
    gpus: int = 0
    partition: Optional[str] = None  # MIG profile, e.g. "3g.40gb"
    exact: bool = True  # False: the model's own configuration decides; ``gpus`` is a lower bound

    def replicas(self, level: Level) -> int:
        return self.min_replicas if level == "floor" else self.max_replicas


@dataclass
class _Nodes:
    """Free GPUs of one group's nodes: untouched nodes, and touched nodes by the GPUs they have left."""

    group: GpuGroup
    untouched: int
    partial: Counter = field(default_factory=Counter)

    def place(self, pods: int, size: int) -> int:
        """Place up to ``pods`` pods of ``size`` GPUs, best fit first; return how many are left over."""
        for free in sorted(cap for cap, count in self.partial.items() if count and cap >= size):
            pods = self._fill(pods, size, free, from_partial=True)
            if not pods:
                return 0
        if self.untouched and self.group.gpus_per_node >= size:
            pods = self._fill(pods, size, self.group.gpus_per_node, from_partial=False)
        return pods

    def _fill(self, pods: int, size: int, free: int, *, from_partial: bool) -> int:
        per_node = free // size
        available = self.partial[free] if from_partial else self.untouched
        full = min(available, pods // per_node)
        taken = full + (1 if pods - full * per_node and available > full else 0)
        placed = min(pods, taken * per_node)
        if from_partial:
            self.partial[free] -= taken
        else:
            self.untouched -= taken
        self.partial[free - per_node * size] += full
        if taken > full:
            self.partial[free - (placed - full * per_node) * size] += 1
        return pods - placed

    @property
    def used(self) -> int:
        return self.group.nodes - self.untouched


@dataclass(frozen=True)
class WholeGpuPacking:
    """Where one level's whole-GPU pods land: pods left over per endpoint, nodes touched per group."""

    level: Level
    unplaced: Mapping[str, int]
    nodes_used: Mapping[str, int]


def _order(groups: Sequence[GpuGroup]) -> list[GpuGroup]:
    # Nodes that run anyway first; then autoscaled groups, in the order the user listed them.
    return sorted(groups, key=lambda group: group.autoscaled)


def pack_whole_gpus(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand], level: Level) -> WholeGpuPacking:
    """Pack every whole-GPU pod of ``level`` onto the groups' nodes (largest pods first, preferred type first)."""
    nodes = {group.name: _Nodes(group, group.nodes) for group in groups}
    by_type: dict[str, list[_Nodes]] = {}
    for group in _order(groups):
        by_type.setdefault(group.instance_type, []).append(nodes[group.name])
    unplaced: dict[str, int] = {}
    for demand in sorted(demands, key=lambda d: (-d.gpus, len(d.instance_types))):
        pods = demand.replicas(level)
        if demand.partition is not None or demand.gpus <= 0 or pods == 0:
            continue
        for instance_type in demand.instance_types:
            for group_nodes in by_type.get(instance_type, ()):
                pods = group_nodes.place(pods, demand.gpus)
                if not pods:
                    break
            if not pods:
                break
        if pods:
            unplaced[demand.endpoint] = pods
    return WholeGpuPacking(level, unplaced, {name: group_nodes.used for name, group_nodes in nodes.items()})


def whole_gpu_totals(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand],
                     level: Level) -> dict[str, tuple[int, int]]:
    """Instance type -> (whole GPUs requested at ``level``, whole GPUs the groups provide), for types with either."""
    totals: dict[str, list[int]] = {}
    for group in groups:
        if group.gpus_per_node:
            totals.setdefault(group.instance_type, [0, 0])[1] += group.gpus_per_node * group.nodes
    for demand in demands:
        if demand.partition is None and demand.gpus > 0 and demand.instance_types:
            totals.setdefault(demand.instance_types[0], [0, 0])[0] += demand.gpus * demand.replicas(level)
    return {instance_type: (wanted, offered) for instance_type, (wanted, offered) in totals.items()
            if wanted or offered}


def check_whole_gpu_capacity(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> list[str]:
    """Problems: whole-GPU pods that find no node at min replicas (the floor) or, failing that, at max replicas."""
    served = {group.instance_type for group in groups}
    unbounded = {group.instance_type for group in groups if not group.bounded}
    relevant = [demand for demand in demands if any(t in served for t in demand.instance_types)
                and not any(t in unbounded for t in demand.instance_types)]
    problems: list[str] = []
    for level in ("floor", "ceiling"):
        packing = pack_whole_gpus(groups, relevant, level)  # type: ignore[arg-type]
        if not packing.unplaced:
            continue
        problems += _capacity_problems(groups, relevant, packing)
        break  # the ceiling fails too when the floor does; say the stronger thing once
    return problems


def _capacity_problems(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand],
                       packing: WholeGpuPacking) -> list[str]:
    level = packing.level
    replicas_field = "min_replicas" if level == "floor" else "max_replicas"
    short = [demand for demand in demands if demand.endpoint in packing.unplaced]
    types = sorted({demand.instance_types[0] for demand in short})
    problems: list[str] = []
    for instance_type in types:
        sharing = [demand for demand in demands if demand.partition is None and demand.gpus > 0
                   and demand.instance_types and demand.instance_types[0] == instance_type]
        failing = [demand for demand in short if demand.instance_types[0] == instance_type]
        needed = sum(demand.gpus * demand.replicas(level) for demand in sharing)
        supply = [group for group in groups if group.instance_type == instance_type and group.gpus_per_node]
        offered = sum(group.gpus_per_node * group.nodes for group in supply)
        asks = ", ".join(f"{demand.endpoint}: {demand.replicas(level)} x {demand.gpus}"
                         f"{'' if demand.exact else '+'} GPU" for demand in sharing)
        has = "; ".join(f"group {group.name!r}: {group.nodes} node(s) x {group.gpus_per_node} GPU(s)"
                        f"{' (max_count)' if group.autoscaled else ' (count)'}" for group in supply) or "no group"
        left = ", ".join(f"{packing.unplaced[demand.endpoint]} pod(s) of {demand.endpoint!r}" for demand in failing)
        names = ", ".join(repr(demand.endpoint) for demand in failing)
        where = f"endpoint {names}" if len(failing) == 1 else f"endpoints {names}"
        problems.append(format_problem(
            where, f"whole GPUs at {replicas_field}", needed,
            f"whole {instance_type} GPUs the instance groups can hold at the {level}: the endpoints on it ask for "
            f"{needed} ({asks}) and the groups offer {offered} ({has}); {left} find no node with enough free GPUs. "
            f"Raise count (or max_count with node autoscaling), lower {replicas_field} or gpus, or move an endpoint "
            "to another instance type"))
    return problems


def mig_floor_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, int]:
    """Nodes of each group that min-replica MIG pods keep busy (fixed groups' slices are used first)."""
    wanted: Counter = Counter()
    for demand in demands:
        if demand.partition is not None and demand.instance_types:
            wanted[(demand.instance_types[0], demand.partition)] += demand.min_replicas
    used: dict[str, int] = {}
    for (instance_type, profile), remaining in wanted.items():
        for group in _order(groups):
            per_node = group.slices_per_node.get(profile, 0)
            if group.instance_type != instance_type or not per_node or remaining <= 0:
                continue
            take = min(group.nodes, math.ceil(remaining / per_node))
            remaining -= take * per_node
            used[group.name] = max(used.get(group.name, 0), take)
    return used


def busy_floor_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, int]:
    """Nodes of each group that the endpoints' min replicas keep busy (whole-GPU pods and MIG slices share a node,
    so the larger of the two)."""
    whole = pack_whole_gpus(groups, demands, "floor").nodes_used
    mig = mig_floor_nodes(groups, demands)
    return {group.name: max(whole.get(group.name, 0), mig.get(group.name, 0)) for group in groups}


def floor_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, int]:
    """Nodes each group runs when idle: a fixed group its count; an autoscaled group the nodes min replicas keep busy."""
    busy = busy_floor_nodes(groups, demands)
    return {group.name: busy[group.name] if group.autoscaled else group.nodes for group in groups}
