"""resolve.capacity: what groups offer, what demands take, packing, floor and ceiling nodes, shortfalls.

Plain values, no synth. Every expected number is worked out by hand in the comment beside it.
"""
from __future__ import annotations

from hyperpod_constructs.resolve.capacity import (
    GpuDemand, GpuGroup, always_on_without_mig, busy_floor_nodes, floor_nodes, gpu_groups, group_nodes,
    lower_bound_types, mig_floor_nodes, most_whole_gpus_per_node, pack_whole_gpus, reaching_max_count, side_scopes,
    slice_shortfalls, slice_totals, slices_per_instance, whole_gpu_shortfalls, whole_gpu_totals)
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.mig import MigLayout

P5 = "ml.p5.48xlarge"  # 8 H100 GPUs
L40S = "ml.g6e.12xlarge"  # 4 L40S GPUs
CPU = "ml.m5.2xlarge"  # no GPU
SPLIT = MigLayout.per_device(name="split", layouts={(0, 1, 2, 3): {"3g.40gb": 2}, (4, 5, 6, 7): {}})


def whole(name: str, gpus: int, low: int, high: int, *types: str) -> GpuDemand:
    return GpuDemand(endpoint=name, instance_types=types or (L40S,), min_replicas=low, max_replicas=high, gpus=gpus)


def sliced(name: str, low: int, high: int, profile: str = "3g.40gb", *types: str) -> GpuDemand:
    return GpuDemand(endpoint=name, instance_types=types or (P5,), min_replicas=low, max_replicas=high,
                     partition=profile)


# ---- what a group offers ----------------------------------------------------------------------------------------

def test_groups_offer_whole_gpus_slices_and_nodes_by_how_they_scale() -> None:
    groups = (InstanceGroup("system", CPU, count=2),
              InstanceGroup("fixed", P5, count=1),
              InstanceGroup("mig", P5, count=0, max_count=3, mig_config="all-3g.40gb"),
              InstanceGroup("split", P5, count=1, max_count=2, mig_config=SPLIT),
              InstanceGroup("open", L40S, count=1))
    system, fixed, mig, split, open_ = gpu_groups(groups, frozenset({"mig", "split", "open"}),
                                                  slices_per_instance(groups))
    assert (system.gpus_per_node, system.nodes, system.node_gpus) == (0, 2, 0)  # CPU only: count=2, no GPU
    assert (fixed.gpus_per_node, fixed.nodes, fixed.autoscaled) == (8, 1, False)  # a fixed group: its count
    # all-3g.40gb: 2 slices on each of 8 GPUs = 16 per node, none left whole; autoscaled: max_count=3 nodes.
    assert (mig.gpus_per_node, mig.slices_per_node, mig.nodes, mig.node_gpus) == (0, {"3g.40gb": 16}, 3, 8)
    # GPUs 0-3 carry 2 x 3g.40gb each (8 slices), GPUs 4-7 stay whole (4 whole GPUs per node).
    assert (split.gpus_per_node, split.slices_per_node, split.nodes) == (4, {"3g.40gb": 8}, 2)
    assert split.units_per_node(None) == 4 and split.units_per_node("3g.40gb") == 8
    assert split.units_per_node("1g.10gb") == 0
    # Autoscaled without max_count: nothing caps it, so its ceiling is its count and it is unbounded.
    assert (open_.nodes, open_.bounded) == (1, False)
    # Seen without the node pools (the MIG checks), every group with max_count reaches it.
    assert reaching_max_count(groups) == {"mig", "split"}
    assert most_whole_gpus_per_node((system, fixed, mig, split)) == {CPU: 0, P5: 8}  # fixed: 8 > split's 4


# ---- what a demand takes ----------------------------------------------------------------------------------------

def test_a_demand_whose_model_decides_its_gpus_counts_one_as_a_lower_bound() -> None:
    jumpstart = GpuDemand.of("js", (L40S,), 1, 2, gpus=None, partition=None)
    assert (jumpstart.gpus, jumpstart.exact, jumpstart.whole_gpus) == (1, False, True)
    mig = GpuDemand.of("mig", (P5,), 0, 4, gpus=None, partition="3g.40gb")
    assert (mig.gpus, mig.units_per_pod, mig.whole_gpus) == (0, 1, False)  # one slice, no whole GPU
    cpu = GpuDemand.of("cpu", (CPU,), 1, 1, gpus=0, partition=None)
    assert (cpu.whole_gpus, cpu.exact) == (False, True)
    # Lower-bound types: JumpStart whole-GPU demands; also the MIG one with whole_gpus_only=False; at the floor only
    # demands with min replicas (mig has 0).
    assert lower_bound_types([jumpstart, mig, cpu]) == {L40S}
    assert lower_bound_types([jumpstart, mig, cpu], whole_gpus_only=False) == {L40S, P5}
    assert lower_bound_types([jumpstart, mig, cpu], "floor", whole_gpus_only=False) == {L40S}


# ---- whole GPUs: packing, floor and ceiling -------------------------------------------------------------------------

FIXED = GpuGroup("fixed", L40S, gpus_per_node=4, nodes=1)
GROW = GpuGroup("grow", L40S, gpus_per_node=4, nodes=3, autoscaled=True)


def test_fixed_nodes_fill_first_and_small_pods_take_the_gaps() -> None:
    demands = [whole("a", 2, 3, 6), whole("b", 1, 1, 4)]
    # Floor: a's 3 x 2 GPUs: 2 on the fixed node (full), 1 on a grow node (2 GPUs left);
    # b's 1 x 1 GPU takes that gap (best fit), so one grow node is busy.
    floor = pack_whole_gpus([GROW, FIXED], demands, "floor")
    assert (floor.unplaced, floor.nodes_used) == ({}, {"grow": 1, "fixed": 1})
    # Ceiling: a's 6 x 2: 2 on fixed, 4 on two grow nodes; b's 4 x 1 fill the third grow node.
    ceiling = pack_whole_gpus([GROW, FIXED], demands, "ceiling")
    assert (ceiling.unplaced, ceiling.nodes_used) == ({}, {"grow": 3, "fixed": 1})
    # Totals on the first instance type: floor 3 x 2 + 1 = 7, ceiling 6 x 2 + 4 = 16; offered (1 + 3) x 4 = 16.
    assert whole_gpu_totals([GROW, FIXED], demands, "floor") == {L40S: (7, 16)}
    assert whole_gpu_totals([GROW, FIXED], demands, "ceiling") == {L40S: (16, 16)}
    assert whole_gpu_shortfalls([GROW, FIXED], demands) == []


def test_nodes_at_the_floor_and_the_ceiling() -> None:
    idle_fixed = GpuGroup("warm", P5, gpus_per_node=8, nodes=2)
    nodes = group_nodes([GROW, FIXED, idle_fixed], [whole("a", 2, 3, 6), whole("b", 1, 1, 4)])
    # grow: autoscaled, 1 node busy at the floor (above), max_count 3 at the ceiling; 4 GPUs a node.
    assert (nodes["grow"].floor, nodes["grow"].ceiling, nodes["grow"].gpus("floor"), nodes["grow"].gpus("ceiling")) \
        == (1, 3, 4, 12)
    # fixed: its count at both levels, fully busy at the floor.
    assert (nodes["fixed"].floor, nodes["fixed"].idle_at_floor) == (1, 0)
    # warm: no demand on P5, so both fixed nodes idle at the floor: 2 nodes x 8 GPUs = 16 idle GPUs.
    assert (nodes["warm"].floor, nodes["warm"].busy_at_floor, nodes["warm"].idle_at_floor) == (2, 0, 2)
    assert nodes["warm"].idle_gpus_at_floor == 16
    assert floor_nodes([GROW, FIXED, idle_fixed], [whole("a", 2, 3, 6)]) == {"grow": 1, "fixed": 1, "warm": 2}


def test_pods_over_are_a_shortfall_at_the_ceiling() -> None:
    demands = [whole("a", 2, 3, 6), whole("b", 1, 1, 5)]
    # As above, plus a fifth b pod: the 16 GPUs are full, so 1 pod of b is left over at the ceiling.
    (short,) = whole_gpu_shortfalls([GROW, FIXED], demands)
    assert (short.level, short.instance_type, short.needed, short.offered) == ("ceiling", L40S, 17, 16)
    assert short.unplaced == {"b": 1}
    assert [demand.endpoint for demand in short.sharing] == ["a", "b"]
    assert [group.name for group in short.supply] == ["grow", "fixed"]


def test_a_floor_shortfall_is_the_only_one_reported() -> None:
    # 3 pods x 3 GPUs at the floor on one 4-GPU node: one pod fits, 2 are over; the ceiling (4 pods) fails too,
    # but the floor is the stronger answer.
    (short,) = whole_gpu_shortfalls([FIXED], [whole("a", 3, 3, 4)])
    assert (short.level, short.needed, short.offered, short.unplaced) == ("floor", 9, 4, {"a": 2})


def test_pods_spill_to_the_next_type_and_an_unbounded_group_is_never_short() -> None:
    small = GpuGroup("g5", "ml.g5.8xlarge", gpus_per_node=1, nodes=2)
    # 7 one-GPU pods: 4 on the L40S node, then 2 on the g5 nodes: 1 left over.
    assert pack_whole_gpus([FIXED, small], [whole("a", 1, 7, 7, L40S, "ml.g5.8xlarge")], "floor").unplaced == {"a": 1}
    unbounded = GpuGroup("open", L40S, gpus_per_node=4, nodes=1, autoscaled=True, bounded=False)
    assert whole_gpu_shortfalls([unbounded], [whole("a", 4, 5, 9)]) == []  # 20 GPUs on a 4-GPU node: no cap


# ---- MIG slices --------------------------------------------------------------------------------------------------

MIG = GpuGroup("mig", P5, gpus_per_node=0, nodes=2, autoscaled=True, slices_per_node={"3g.40gb": 16})
SPLIT_FIXED = GpuGroup("split", P5, gpus_per_node=4, nodes=1, slices_per_node={"3g.40gb": 8})


def test_slices_are_summed_per_type_and_profile() -> None:
    demands = [sliced("a", 1, 20), sliced("b", 0, 12)]
    # Offered at the ceiling: 16 x 2 nodes + 8 x 1 node = 40; asked at max replicas: 20 + 12 = 32.
    assert slice_totals([MIG, SPLIT_FIXED], demands) == {(P5, "3g.40gb"): (32, 40)}
    assert slice_shortfalls([MIG, SPLIT_FIXED], demands) == []
    # Nine more b pods: 41 > 40.
    (short,) = slice_shortfalls([MIG, SPLIT_FIXED], [sliced("a", 1, 20), sliced("b", 0, 21)])
    assert (short.instance_type, short.profile, short.needed, short.available) == (P5, "3g.40gb", 41, 40)
    assert [(group.name, per_node) for group, per_node in short.offers] == [("mig", 16), ("split", 8)]


def test_a_profile_no_group_offers_is_short_by_all_of_it() -> None:
    # No 1g.10gb anywhere: 3 asked, 0 offered. A profile the type lacks (the endpoint's own rule) is not counted.
    (short,) = slice_shortfalls([MIG], [sliced("a", 0, 3, "1g.10gb"), sliced("b", 0, 3, "3g.93gb")])
    assert (short.profile, short.needed, short.available, short.offers) == ("1g.10gb", 3, 0, ())


def test_slice_pods_keep_nodes_busy_at_the_floor_fixed_slices_first() -> None:
    # 17 slices at the floor: the fixed split node's 8 first, then ceil(9 / 16) = 1 mig node.
    demands = [sliced("a", 17, 20)]
    assert mig_floor_nodes([MIG, SPLIT_FIXED], demands) == {"split": 1, "mig": 1}
    # 24 slices: 8 on split, 16 = one full mig node; 25 would need a second.
    assert mig_floor_nodes([MIG, SPLIT_FIXED], [sliced("a", 25, 25)]) == {"split": 1, "mig": 2}
    # A node holds both kinds: 9 slices and a 4-GPU pod on an autoscaled split group take
    # max(ceil(9 / 8) = 2 for the slices, 1 for the whole GPUs) = 2 nodes.
    split_grow = GpuGroup("split", P5, gpus_per_node=4, nodes=4, autoscaled=True, slices_per_node={"3g.40gb": 8})
    mixed = [sliced("s", 9, 9), whole("w", 4, 1, 1, P5)]
    assert busy_floor_nodes([split_grow], mixed) == {"split": 2}
    assert floor_nodes([split_grow], mixed) == {"split": 2}


# ---- disaggregated sides -----------------------------------------------------------------------------------------

def sides_on(groups: list[GpuGroup], *sides: GpuDemand) -> list:
    names = [group.name for group in groups]
    return side_scopes([(side, names) for side in sides], {"floor": groups, "ceiling": groups})


def test_sides_on_the_same_groups_share_them() -> None:
    h100 = GpuGroup("h100", P5, gpus_per_node=8, nodes=1)
    prefill, decode = GpuDemand.of("prefill", (P5,), 2, 2, 4, None), GpuDemand.of("decode", (P5,), 1, 3, 4, None)
    (scope,) = sides_on([h100], prefill, decode)
    assert (scope.groups, scope.partition, scope.largest, scope.misfits) == (("h100",), None, 8, ())
    floor, ceiling = scope.levels
    # Floor: 2 x 4 + 1 x 4 = 12 GPUs on 1 node of 8. Ceiling: 2 x 4 + 3 x 4 = 20.
    assert (floor.level, floor.needed, floor.offered, floor.nodes, floor.short) == ("floor", 12, 8, 1, True)
    assert (ceiling.needed, ceiling.offered, ceiling.short) == (20, 8, True)


def test_a_side_crowded_by_pod_size_is_short_although_the_gpus_add_up() -> None:
    three = GpuGroup("h100", P5, gpus_per_node=8, nodes=3)
    # 7 x 3 + 3 x 1 = 24 GPUs = 3 x 8, but a node holds only 8 // 3 = 2 prefill pods: 6 < 7.
    prefill, decode = GpuDemand.of("prefill", (P5,), 7, 7, 3, None), GpuDemand.of("decode", (P5,), 3, 3, 1, None)
    (scope,) = sides_on([three], prefill, decode)
    floor = scope.levels[0]
    assert (floor.needed, floor.offered, floor.crowded, floor.short) == (24, 24, ("prefill",), True)


def test_a_side_bigger_than_any_node_misfits_and_mig_sides_count_at_the_floor_only() -> None:
    mig_only = GpuGroup("h100-mig", P5, gpus_per_node=0, nodes=1, slices_per_node={"3g.40gb": 16})
    (scope,) = sides_on([mig_only], GpuDemand.of("prefill", (P5,), 1, 1, 4, None))
    assert (scope.largest, [side.endpoint for side in scope.misfits], scope.levels) == (0, ["prefill"], ())
    # Slice sides: one scope per unit; 2 + 1 slices of 16 at the floor only (the ceiling is slice_shortfalls').
    (scope,) = sides_on([mig_only], GpuDemand.of("prefill", (P5,), 2, 9, None, "3g.40gb"),
                        GpuDemand.of("decode", (P5,), 1, 9, None, "3g.40gb"))
    (floor,) = scope.levels
    assert (scope.partition, scope.largest) == ("3g.40gb", 16)
    assert (floor.level, floor.needed, floor.offered) == ("floor", 3, 16)


def test_sides_count_each_groups_nodes_at_each_level() -> None:
    # At the floor a group without node autoscaling has its count (0), at the ceiling its max_count (2).
    at_floor = GpuGroup("h100", P5, gpus_per_node=8, nodes=0)
    at_ceiling = GpuGroup("h100", P5, gpus_per_node=8, nodes=2)
    side = GpuDemand.of("decode", (P5,), 1, 2, 8, None)
    (scope,) = side_scopes([(side, ["h100"])], {"floor": [at_floor], "ceiling": [at_ceiling]})
    floor, ceiling = scope.levels
    assert (floor.offered, floor.nodes, floor.short) == (0, 0, True)  # 8 GPUs asked, no node
    assert (ceiling.needed, ceiling.offered, ceiling.short) == (16, 16, False)  # 2 x 8 on 2 nodes


# ---- always on, without MIG ----------------------------------------------------------------------------------------

def test_always_on_without_mig_counts_gpus_per_type() -> None:
    demands = [sliced("mig", 0, 20), whole("big", 2, 0, 3, P5),
               GpuDemand.of("js", (L40S,), 0, 2, gpus=None, partition=None),
               whole("cpu", 0, 1, 3, CPU), whole("anywhere", 1, 1, 1, "any")]
    nodes, left_out = always_on_without_mig(demands)
    by_type = {need.instance_type: need for need in nodes}
    # P5: 20 MIG replicas on whole GPUs + 3 x 2 = 26 GPUs, ceil(26 / 8) = 4 nodes.
    assert (by_type[P5].gpus, by_type[P5].mig_replicas, by_type[P5].nodes) == (26, 20, 4)
    # L40S: the model decides its GPUs, so each of 2 replicas takes a whole 4-GPU node: 8 GPUs, 2 nodes.
    assert (by_type[L40S].gpus, by_type[L40S].nodes) == (8, 2)
    # CPU only: a node per replica at max replicas.
    assert (by_type[CPU].gpus, by_type[CPU].nodes) == (0, 3)
    assert [need.instance_type for need in nodes] == [P5, L40S, CPU]
    assert left_out == ("anywhere",)  # "any" is no instance type
