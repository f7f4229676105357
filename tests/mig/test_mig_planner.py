"""MIG planner: plans are valid, and optimal against exhaustive search on many small cases."""
from __future__ import annotations

import functools
import itertools
import math
import random

import pytest
import yaml

from hyperpod_constructs.catalog.instance_types import instance_type
from hyperpod_constructs.catalog.mig import GEOMETRIES, MIG_PROFILES, mig_gpu_model
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.planner import MigDemand, MigPlan, plan_mig
from hyperpod_constructs.planner.mig_planner import _min_gpus

P5, GB200 = "ml.p5.48xlarge", "ml.p6e-gb200.36xlarge"


# ---- an independent reference: every placeable GPU pattern, found by brute force -------------------------

def _placeable_patterns() -> set[tuple[int, ...]]:
    """Counts per geometry of every set of non-overlapping (geometry, start) placements within 7 compute."""
    placements = [(k, s) for k, g in enumerate(GEOMETRIES) for s in g.starts]
    found: set[tuple[int, ...]] = set()

    def walk(index: int, used: int, counts: list[int], compute: int) -> None:
        if index == len(placements):
            found.add(tuple(counts))
            return
        walk(index + 1, used, counts, compute)
        kind, start = placements[index]
        mask = ((1 << GEOMETRIES[kind].memory_slices) - 1) << start
        if not used & mask and compute + GEOMETRIES[kind].compute_slices <= 7:
            counts[kind] += 1
            walk(index + 1, used | mask, counts, compute + GEOMETRIES[kind].compute_slices)
            counts[kind] -= 1

    walk(0, 0, [0] * 6, 0)
    return found


PLACEABLE = _placeable_patterns()
MAXIMAL = [p for p in PLACEABLE if not any(q != p and all(a >= b for a, b in zip(q, p)) for q in PLACEABLE)]


@functools.cache
def ref_min_gpus(need: tuple[int, ...]) -> int:
    """Exact fewest GPUs covering ``need``: some GPU holds a device of the first needed kind, and it may as
    well hold a maximal pattern; try them all (memoized search over the remaining demand)."""
    first = next((k for k, n in enumerate(need) if n), None)
    if first is None:
        return 0
    return 1 + min(ref_min_gpus(tuple(max(0, n - c) for n, c in zip(need, p))) for p in MAXIMAL if p[first])


def ref_plan_by_search(need: tuple[int, ...], gpus: int) -> tuple[int, int]:
    """(instances, GPUs with slices per instance) by brute force over every per-instance layout."""
    best = (math.inf, math.inf)
    for combo in _layouts_per_instance(gpus):
        totals, used = combo
        if any(n and not t for n, t in zip(need, totals)):
            continue
        instances = max(math.ceil(n / t) for n, t in zip(need, totals) if n)
        best = min(best, (instances, used))
    return best  # type: ignore[return-value]


@functools.cache
def _layouts_per_instance(gpus: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``gpus`` GPU patterns (maximal or empty): (devices per kind, non-empty GPUs)."""
    options = [*MAXIMAL, (0,) * 6]
    seen: dict[tuple[int, ...], int] = {}
    for combo in itertools.combinations_with_replacement(options, gpus):
        totals = tuple(map(sum, zip(*combo)))
        used = sum(1 for p in combo if any(p))
        seen[totals] = min(seen.get(totals, used), used)
    return list(seen.items())


def _need(plan_demand: dict[str, int], model: str) -> tuple[int, ...]:
    need = [0] * 6
    for profile, count in plan_demand.items():
        need[GEOMETRIES.index(MIG_PROFILES[model][profile].geometry)] += count
    return tuple(need)


def _random_endpoints(rng: random.Random, it: str, endpoints: int, max_replicas: int) -> list[MigDemand]:
    profiles = list(MIG_PROFILES[mig_gpu_model(it)])
    return [MigDemand(f"model-{i}", f"mig-{rng.choice(profiles)}", rng.randint(1, max_replicas))
            for i in range(endpoints)]


def _assert_valid(plan: MigPlan) -> None:
    """Every GPU is placeable, the group covers the demand, and the layout is usable as is."""
    model = plan.gpu_model
    assert len(plan.gpu_layouts) == instance_type(plan.instance_type).gpu_count
    for layout in plan.gpu_layouts:
        assert _need(dict(layout), model) in PLACEABLE, layout
    per_instance = plan.slices_per_instance
    for profile, count in plan.demand.items():
        # Exactly ceil(demand / instances) per instance: enough, and nothing idle beyond rounding.
        assert per_instance[profile] == math.ceil(count / plan.instance_count), profile
    assert set(per_instance) == set(plan.demand)
    plan.layout.validate_for(plan.instance_type, "planned group")
    assert plan.layout.slices_per_instance(plan.instance_type) == per_instance
    document = plan.mig_parted_config()
    assert yaml.safe_load(yaml.safe_dump(document)) == document


# ---- the core: fewest GPUs for a demand vector ------------------------------------------------------------

def test_min_gpus_matches_exhaustive_search_on_every_small_demand():
    for need in itertools.product(range(4), range(4), range(4), range(4), range(3), range(2)):
        assert _min_gpus(need) == ref_min_gpus(need), need


def test_min_gpus_matches_exhaustive_search_on_random_larger_demands():
    rng = random.Random(7)
    for _ in range(150):
        need = tuple(rng.randint(0, hi) for hi in (9, 6, 6, 5, 3, 2))
        assert _min_gpus(need) == ref_min_gpus(need), need


# ---- plans against brute force ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_plan_is_optimal_against_every_layout_on_a_4_gpu_instance(seed):
    rng = random.Random(seed)
    plan = plan_mig(GB200, _random_endpoints(rng, GB200, rng.randint(1, 4), 6))
    _assert_valid(plan)
    need = _need(dict(plan.demand), plan.gpu_model)
    assert (plan.instance_count, plan.partitioned_gpus_per_instance) == ref_plan_by_search(need, 4)


@pytest.mark.parametrize("seed", range(40))
def test_plan_is_optimal_on_an_8_gpu_instance(seed):
    rng = random.Random(1000 + seed)
    it = rng.choice([P5, "ml.p4d.24xlarge", "ml.p5e.48xlarge", "ml.p6-b300.48xlarge"])
    plan = plan_mig(it, _random_endpoints(rng, it, rng.randint(1, 6), 8))
    _assert_valid(plan)
    need = _need(dict(plan.demand), plan.gpu_model)
    # Reference: the smallest N whose per-instance share ceil(need / N) fits on 8 GPUs, by exhaustive search.
    instances = next(n for n in itertools.count(1) if ref_min_gpus(tuple(math.ceil(x / n) for x in need)) <= 8)
    assert plan.instance_count == instances
    assert plan.partitioned_gpus_per_instance == ref_min_gpus(tuple(math.ceil(x / instances) for x in need))


def test_one_instance_per_gpu_pattern_example():
    plan = plan_mig(P5, [MigDemand("llama-8b", "mig-3g.40gb", 8), MigDemand("qwen-7b", "mig-2g.20gb", 5),
                         MigDemand("embed", "mig-1g.10gb", 12), MigDemand("big", "mig-7g.80gb", 1)])
    _assert_valid(plan)
    assert plan.instance_count == 1 and plan.partitioned_gpus_per_instance == 8
    assert (plan.compute_slices_used, plan.compute_slices_available) == (53, 56)
    assert (plan.memory_slices_used, plan.memory_slices_available) == (62, 64)
    text = plan.render()
    assert "MIG plan for ml.p5.48xlarge (H100 80GB, 8 GPUs per instance)" in text
    assert "Compute slices used: 53 of 56 (95%)" in text


def test_small_demand_leaves_whole_gpus():
    plan = plan_mig(P5, [MigDemand("llama-8b", "mig-3g.40gb", 3)])
    assert plan.instance_count == 1
    assert plan.gpu_layouts[:2] == ({"3g.40gb": 2}, {"3g.40gb": 1})
    assert all(layout == {} for layout in plan.gpu_layouts[2:])
    assert plan.layout.whole_gpus_per_instance(P5) == 6
    assert "(MIG disabled: whole GPU)" in plan.render()


def test_uniform_plan_uses_all_devices():
    plan = plan_mig(P5, [MigDemand("llama-8b", "mig-3g.40gb", 32)], layout_name="llama-3g")
    assert plan.instance_count == 2
    assert plan.mig_parted_config() == {"version": "v1", "mig-configs": {"llama-3g": [
        {"devices": "all", "mig-enabled": True, "mig-devices": {"3g.40gb": 2}}]}}


def test_fifty_endpoints_plan():
    rng = random.Random(50)
    plan = plan_mig(P5, _random_endpoints(rng, P5, 50, 8))
    _assert_valid(plan)
    need = _need(dict(plan.demand), plan.gpu_model)
    # Lower bounds any plan must meet: compute and memory slices over 8 GPUs per instance.
    compute = sum(n * g.compute_slices for n, g in zip(need, GEOMETRIES))
    memory = sum(n * g.memory_slices for n, g in zip(need, GEOMETRIES))
    assert plan.instance_count >= max(math.ceil(compute / 56), math.ceil(memory / 64))
    per_instance = plan.slices_per_instance
    assert plan.instance_count == max(math.ceil(n / per_instance[p]) for p, n in plan.demand.items())
    # One instance fewer cannot hold the per-instance share on 8 GPUs (so the count is the minimum).
    fewer = plan.instance_count - 1
    assert fewer == 0 or _min_gpus([math.ceil(n / fewer) for n in need]) > 8


# ---- errors -------------------------------------------------------------------------------------------

def test_planner_rejects_non_mig_instance_types():
    with pytest.raises(HyperPodValidationError,
                       match=r"instance_type='ml\.g6e\.48xlarge' is not allowed; a MIG-capable"):
        plan_mig("ml.g6e.48xlarge", [MigDemand("a", "mig-1g.10gb", 1)])


def test_planner_rejects_partitions_the_gpu_lacks():
    with pytest.raises(HyperPodValidationError,
                       match=r"endpoint 'a': accelerator_partition='mig-3g\.40gb' is not allowed"):
        plan_mig("ml.p4d.24xlarge", [MigDemand("a", "mig-3g.40gb", 1)])


def test_planner_rejects_bad_replicas_duplicates_and_empty_input():
    with pytest.raises(HyperPodValidationError, match=r"endpoint 'a': max_replicas=0 is not allowed"):
        plan_mig(P5, [MigDemand("a", "mig-1g.10gb", 0)])
    with pytest.raises(HyperPodValidationError, match=r"endpoints='a' is not allowed; unique endpoint names"):
        plan_mig(P5, [MigDemand("a", "mig-1g.10gb", 1), MigDemand("a", "mig-1g.10gb", 1)])
    with pytest.raises(HyperPodValidationError, match=r"endpoints=\[\] is not allowed; at least one endpoint"):
        plan_mig(P5, [])
