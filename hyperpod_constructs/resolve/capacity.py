"""GPU capacity: what the instance groups offer, what the endpoints' pods take, and where the two do not meet.

The one place the library counts whole GPUs, MIG slices and nodes; the capacity rules, the plan and its cost call it
and only word its answers. Pure Python over plain values (``GpuGroup``, ``GpuDemand``; ``gpu_groups`` makes the
groups from instance groups), like ``mig``.

A group offers its nodes (``count``, or ``max_count`` for groups node autoscaling grows, since Karpenter adds nodes
for pending pods up to it) times the GPUs a node leaves MIG-disabled, and the MIG slices of each profile its nodes
carry. A demand takes, at the floor ``min_replicas`` and at the ceiling ``max_replicas`` pods, each of ``gpus`` whole
GPUs on one node or of one ``partition`` slice. Whole-GPU pods are packed onto nodes (largest first, best fit), not
compared as GPU totals: two 3-GPU pods need two 4-GPU nodes although 6 GPUs <= 8. Groups that run anyway (fixed
``count``) are filled before autoscaled ones, which is also how the plan counts the nodes the floor keeps running.

A JumpStart model without a MIG slice uses as many GPUs as its JumpStart configuration sets; it is counted as one
GPU per pod (a lower bound, so no check rejects a setup that could work) and shown as such in the plan.
Cost is linear in groups x endpoints: pods are placed in batches by size, never one by one.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator, Literal, Mapping, Optional, Sequence

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..catalog.mig import mig_profiles_for_instance_type, supports_mig
from ..intent.instance_group import InstanceGroup

Level = Literal["floor", "ceiling"]
LEVELS: tuple[Level, ...] = ("floor", "ceiling")


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
    node_gpus: Optional[int] = None  # every GPU of a node, MIG-partitioned ones included (None: gpus_per_node)

    def units_per_node(self, partition: Optional[str]) -> int:
        """Whole GPUs (``partition=None``) or slices of one MIG profile a node offers."""
        return self.gpus_per_node if partition is None else self.slices_per_node.get(partition, 0)


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

    @classmethod
    def of(cls, endpoint: str, instance_types: tuple[str, ...], min_replicas: int, max_replicas: int,
           gpus: Optional[int], partition: Optional[str]) -> "GpuDemand":
        """A demand whose ``gpus`` may be None (the model's own configuration decides): counted as at least one GPU."""
        return cls(endpoint=endpoint, instance_types=instance_types, min_replicas=min_replicas,
                   max_replicas=max_replicas, gpus=0 if partition else (1 if gpus is None else gpus),
                   partition=partition, exact=gpus is not None)

    def replicas(self, level: Level) -> int:
        return self.min_replicas if level == "floor" else self.max_replicas

    @property
    def whole_gpus(self) -> bool:
        """Whether the pods take whole GPUs (not a MIG slice, not CPU only)."""
        return self.partition is None and self.gpus > 0

    @property
    def units_per_pod(self) -> int:
        """Whole GPUs one pod takes, or 1 for its MIG slice."""
        return 1 if self.partition is not None else self.gpus


# ---- what the groups offer ---------------------------------------------------------------------------------

def slices_per_instance(groups: Sequence[InstanceGroup]) -> dict[str, dict[str, int]]:
    """Group name -> MIG profile -> slices one instance has (MIG groups only)."""
    return {group.name: group.mig_layout.slices_per_instance(group.instance_type)
            for group in groups if group.mig_layout is not None}


def gpu_groups(groups: Sequence[InstanceGroup], autoscaled: frozenset[str],
               slices: Optional[Mapping[str, Mapping[str, int]]]) -> tuple[GpuGroup, ...]:
    """Instance groups as capacity sees them: an autoscaled group reaches its ``max_count``, a fixed one its ``count``;
    ``slices`` gives the MIG slices per node by group name."""
    result: list[GpuGroup] = []
    for group in groups:
        scaled = group.name in autoscaled
        layout = group.mig_layout
        gpus = layout.whole_gpus_per_instance(group.instance_type) if layout else group.info.gpu_count
        result.append(GpuGroup(name=group.name, instance_type=group.instance_type,
                               gpus_per_node=gpus if group.info.has_gpu else 0,
                               nodes=group.ceiling if scaled else group.count, autoscaled=scaled,
                               bounded=not scaled or group.max_count is not None,
                               slices_per_node=dict((slices or {}).get(group.name) or {}),
                               node_gpus=group.info.gpu_count))
    return tuple(result)


def reaching_max_count(groups: Sequence[InstanceGroup]) -> frozenset[str]:
    """The groups with a ``max_count``, for checks that see the groups without the node pools: they count each such
    group at its ``max_count``."""
    return frozenset(group.name for group in groups if group.max_count is not None)


def most_whole_gpus_per_node(groups: Sequence[GpuGroup]) -> dict[str, int]:
    """Instance type -> the most MIG-disabled GPUs one node of these groups has: the largest whole-GPU pod it holds."""
    most: dict[str, int] = {}
    for group in groups:
        most[group.instance_type] = max(most.get(group.instance_type, 0), group.gpus_per_node)
    return most


# ---- whole GPUs: packing pods onto nodes -------------------------------------------------------------------

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
        if not demand.whole_gpus or pods == 0:
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
    """Instance type -> (whole GPUs requested at ``level``, whole GPUs the groups provide), for types with either.
    A demand counts on its first instance type."""
    totals: dict[str, list[int]] = {}
    for group in groups:
        if group.gpus_per_node:
            totals.setdefault(group.instance_type, [0, 0])[1] += group.gpus_per_node * group.nodes
    for demand in demands:
        if demand.whole_gpus and demand.instance_types:
            totals.setdefault(demand.instance_types[0], [0, 0])[0] += demand.gpus * demand.replicas(level)
    return {instance_type: (wanted, offered) for instance_type, (wanted, offered) in totals.items()
            if wanted or offered}


def lower_bound_types(demands: Sequence[GpuDemand], level: Optional[Level] = None,
                      *, whole_gpus_only: bool = True) -> set[str]:
    """First instance types of demands whose GPUs are only a lower bound (``exact=False``): whole-GPU demands, or with
    ``whole_gpus_only=False`` any; with ``level``, only demands that run pods there."""
    return {demand.instance_types[0] for demand in demands
            if not demand.exact and demand.instance_types and (demand.whole_gpus or not whole_gpus_only)
            and (level is None or demand.replicas(level))}


@dataclass(frozen=True)
class WholeGpuShortfall:
    """Whole-GPU pods of one instance type that find no node at ``level``: the demands sharing the type (``sharing``,
    ``needed`` GPUs), those left with pods over (``unplaced``: endpoint -> pods) and the groups that offer it."""

    level: Level
    instance_type: str
    sharing: tuple[GpuDemand, ...]
    needed: int
    unplaced: Mapping[str, int]
    supply: tuple[GpuGroup, ...]
    offered: int


def whole_gpu_shortfalls(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> list[WholeGpuShortfall]:
    """Whole-GPU pods that find no node at min replicas (the floor) or, failing that, at max replicas, per instance
    type. Demands that may run on an unbounded group's type are left out: nothing caps that group."""
    served = {group.instance_type for group in groups}
    unbounded = {group.instance_type for group in groups if not group.bounded}
    relevant = [demand for demand in demands if any(t in served for t in demand.instance_types)
                and not any(t in unbounded for t in demand.instance_types)]
    for level in LEVELS:
        packing = pack_whole_gpus(groups, relevant, level)
        if packing.unplaced:  # the ceiling fails too when the floor does: the stronger answer once
            return _shortfalls(groups, relevant, packing)
    return []


def _shortfalls(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand],
                packing: WholeGpuPacking) -> list[WholeGpuShortfall]:
    short = [demand for demand in demands if demand.endpoint in packing.unplaced]
    shortfalls: list[WholeGpuShortfall] = []
    for instance_type in sorted({demand.instance_types[0] for demand in short}):
        sharing = tuple(demand for demand in demands
                        if demand.whole_gpus and demand.instance_types and demand.instance_types[0] == instance_type)
        supply = tuple(group for group in groups if group.instance_type == instance_type and group.gpus_per_node)
        shortfalls.append(WholeGpuShortfall(
            packing.level, instance_type, sharing,
            needed=sum(demand.gpus * demand.replicas(packing.level) for demand in sharing),
            unplaced={demand.endpoint: packing.unplaced[demand.endpoint] for demand in short
                      if demand.instance_types[0] == instance_type},
            supply=supply, offered=sum(group.gpus_per_node * group.nodes for group in supply)))
    return shortfalls


# ---- MIG slices ----------------------------------------------------------------------------------------------

def slice_totals(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[tuple[str, str], tuple[int, int]]:
    """(instance type, MIG profile) -> (slices requested at max replicas on the demands' first instance type, slices
    the groups offer at the ceiling), for every profile a group offers."""
    requested: Counter = Counter()
    for demand in demands:
        if demand.partition and demand.instance_types:
            requested[(demand.instance_types[0], demand.partition)] += demand.max_replicas
    return {key: (requested[key], _slices(found)) for key, found in _slice_offers(groups).items()}


def _slice_offers(groups: Sequence[GpuGroup]) -> dict[tuple[str, str], list[tuple[GpuGroup, int]]]:
    """(instance type, MIG profile) -> each group offering it, with its slices per node."""
    offers: dict[tuple[str, str], list[tuple[GpuGroup, int]]] = {}
    for group in groups:
        for profile, count in group.slices_per_node.items():
            offers.setdefault((group.instance_type, profile), []).append((group, count))
    return offers


def _slices(offers: Sequence[tuple[GpuGroup, int]]) -> int:
    """The slices ``offers`` hold at the ceiling."""
    return sum(count * group.nodes for group, count in offers)


@dataclass(frozen=True)
class SliceShortfall:
    """MIG slices of one profile on one instance type: the demands that ask for them at max replicas (``needed``)
    against the groups' slices at the ceiling (``available``; ``offers``: group and slices per node)."""

    instance_type: str
    profile: str
    requesting: tuple[GpuDemand, ...]
    needed: int
    available: int
    offers: tuple[tuple[GpuGroup, int], ...]


def _per_instance_type(demands: Sequence[GpuDemand]) -> Iterator[tuple[GpuDemand, str]]:
    """Each demand once per instance type it may run on: it must fit on any of them."""
    for demand in demands:
        for instance_type in demand.instance_types:
            yield demand, instance_type


def slice_shortfalls(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> list[SliceShortfall]:
    """Every (instance type, profile) whose slices at max replicas exceed what the groups of that type offer at the
    ceiling. Endpoints on one type share its slices, so their demand is summed; a demand counts on every type it may
    run on. A profile its instance type does not offer is the endpoint's own rule, not a shortfall."""
    offers = _slice_offers(groups)
    asking: dict[tuple[str, str], list[GpuDemand]] = {}
    for demand, instance_type in _per_instance_type(demands):
        if demand.partition is None or not supports_mig(instance_type):
            continue
        if demand.partition not in mig_profiles_for_instance_type(instance_type):
            continue
        asking.setdefault((instance_type, demand.partition), []).append(demand)
    shortfalls: list[SliceShortfall] = []
    for (instance_type, profile), requesting in asking.items():
        needed = sum(demand.max_replicas for demand in requesting)
        found = tuple(offers.get((instance_type, profile), ()))
        available = _slices(found)
        if needed > available:
            shortfalls.append(SliceShortfall(instance_type, profile, tuple(requesting), needed, available, found))
    return shortfalls


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


# ---- nodes at the floor ----------------------------------------------------------------------------------------

def busy_floor_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, int]:
    """Nodes of each group that the endpoints' min replicas keep busy (whole-GPU pods and MIG slices share a node,
    so the larger of the two)."""
    whole = pack_whole_gpus(groups, demands, "floor").nodes_used
    mig = mig_floor_nodes(groups, demands)
    return {group.name: max(whole.get(group.name, 0), mig.get(group.name, 0)) for group in groups}


def floor_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, int]:
    """Nodes each group runs when idle: a fixed group its count; an autoscaled group the nodes min replicas use."""
    return {name: nodes.floor for name, nodes in group_nodes(groups, demands).items()}


@dataclass(frozen=True)
class GroupNodes:
    """One group's nodes at the floor (``busy_at_floor`` of them kept busy by min replicas) and at the ceiling
    (``max_count`` for an autoscaled group, else ``count``), and the GPUs a node has."""

    floor: int
    busy_at_floor: int
    ceiling: int
    node_gpus: int

    @property
    def idle_at_floor(self) -> int:
        """Nodes the floor runs that no endpoint's min replicas need (a fixed count above what they use)."""
        return self.floor - self.busy_at_floor

    @property
    def idle_gpus_at_floor(self) -> int:
        """Every GPU of the idle nodes at the floor."""
        return self.idle_at_floor * self.node_gpus

    def gpus(self, level: Level) -> int:
        """Every GPU of the group's nodes at ``level``."""
        return (self.floor if level == "floor" else self.ceiling) * self.node_gpus


def group_nodes(groups: Sequence[GpuGroup], demands: Sequence[GpuDemand]) -> dict[str, GroupNodes]:
    """Group name -> its nodes at the floor and the ceiling, packed as ``floor_nodes`` packs them."""
    busy = busy_floor_nodes(groups, demands)
    return {group.name: GroupNodes(floor=busy[group.name] if group.autoscaled else group.nodes,
                                   busy_at_floor=busy[group.name], ceiling=group.nodes,
                                   node_gpus=group.gpus_per_node if group.node_gpus is None else group.node_gpus)
            for group in groups}


# ---- disaggregated sides -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SideLevel:
    """The sides of one scope at one level: units they take (``needed``), units and nodes the groups offer, and the
    sides whose pods do not all find a node of their own (``crowded``)."""

    level: Level
    needed: int
    offered: int
    nodes: int
    crowded: tuple[str, ...]

    @property
    def short(self) -> bool:
        return self.needed > self.offered or bool(self.crowded)


@dataclass(frozen=True)
class SideScope:
    """Sides of one disaggregated endpoint that run on the same groups (``groups``: their names) in the same unit
    (whole GPUs, or slices of one profile), so they share those groups' capacity. ``largest``: the most units one
    node offers; ``misfits``: sides whose pod is bigger than that; ``levels``: the floor and (whole GPUs only) the
    ceiling, when nothing misfits."""

    groups: tuple[str, ...]
    partition: Optional[str]
    sides: tuple[GpuDemand, ...]
    largest: int
    misfits: tuple[GpuDemand, ...]
    levels: tuple[SideLevel, ...]


def side_scopes(sides: Sequence[tuple[GpuDemand, Sequence[str]]],
                groups_at: Mapping[Level, Sequence[GpuGroup]]) -> list[SideScope]:
    """Both sides' pods at min replicas against their groups at the floor, at max replicas at the ceiling.

    Each side is a demand (``endpoint``: the side's name) with the names of the groups it may run on; ``groups_at``
    gives the groups as they are at each level (an autoscaled group can have all its nodes while the endpoint idles,
    since node autoscaling adds them on demand). A MIG side is counted at the floor only: at the ceiling
    ``slice_shortfalls`` sums every endpoint's slices, these sides included. Other endpoints' whole GPUs are not
    counted here.
    """
    grouped: dict[tuple[tuple[str, ...], Optional[str]], list[GpuDemand]] = {}
    for side, names in sides:
        grouped.setdefault((tuple(sorted(names)), side.partition), []).append(side)
    scopes: list[SideScope] = []
    for (names, partition), members in grouped.items():
        at = {level: [group for group in groups if group.name in names] for level, groups in groups_at.items()}
        largest = max((group.units_per_node(partition) for group in at["ceiling"]), default=0)
        misfits = tuple(side for side in members if side.units_per_pod > largest)
        counted: tuple[Level, ...] = LEVELS if partition is None else ("floor",)
        levels = () if misfits else tuple(_side_level(at[level], partition, members, level) for level in counted)
        scopes.append(SideScope(names, partition, tuple(members), largest, misfits, levels))
    return scopes


def _side_level(groups: Sequence[GpuGroup], partition: Optional[str], sides: Sequence[GpuDemand],
                level: Level) -> SideLevel:
    # A pod does not span nodes, so each side alone must also find whole places for its pods.
    crowded = tuple(side.endpoint for side in sides if side.replicas(level) > sum(
        group.units_per_node(partition) // side.units_per_pod * group.nodes for group in groups))
    return SideLevel(level, needed=sum(side.replicas(level) * side.units_per_pod for side in sides),
                     offered=sum(group.units_per_node(partition) * group.nodes for group in groups),
                     nodes=sum(group.nodes for group in groups), crowded=crowded)


# ---- always on, without MIG (the cost comparison) --------------------------------------------------------------

@dataclass(frozen=True)
class AlwaysOnNodes:
    """Nodes of one instance type the demands need at max replicas all the time without MIG: ``gpus`` GPUs (a MIG
    replica on a whole GPU, ``mig_replicas`` of them) over ``gpus_per_node``, plus a node per replica on a CPU-only
    type."""

    instance_type: str
    nodes: int
    gpus: int
    mig_replicas: int
    gpus_per_node: int


def always_on_without_mig(demands: Sequence[GpuDemand]) -> tuple[tuple[AlwaysOnNodes, ...], tuple[str, ...]]:
    """The nodes per first instance type, and the endpoints left out (no instance type from the catalog). A replica
    whose GPUs the model's own configuration sets takes a whole node."""
    gpus_needed: dict[str, int] = {}
    mig_replicas: Counter = Counter()
    whole_nodes: Counter = Counter()
    left_out: list[str] = []
    for demand in demands:
        info = lookup_instance_type(demand.instance_types[0]) if demand.instance_types else None
        if info is None:
            left_out.append(demand.endpoint)
            continue
        if info.gpu_count == 0:  # a CPU-only type: a node per replica
            whole_nodes[info.name] += demand.max_replicas
            continue
        per_replica = 1 if demand.partition else info.gpu_count if not demand.exact else demand.gpus
        if demand.partition:
            mig_replicas[info.name] += demand.max_replicas
        gpus_needed[info.name] = gpus_needed.get(info.name, 0) + demand.max_replicas * per_replica
    lines: list[AlwaysOnNodes] = []
    for name in dict.fromkeys([*gpus_needed, *whole_nodes]):
        info = lookup_instance_type(name)
        assert info is not None
        gpus = gpus_needed.get(name, 0)
        nodes = (math.ceil(gpus / info.gpu_count) if gpus else 0) + whole_nodes[name]
        lines.append(AlwaysOnNodes(name, nodes, gpus, mig_replicas[name], info.gpu_count))
    return tuple(lines), tuple(left_out)
