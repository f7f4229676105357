"""MIG catalog: stock layouts against the chart's default-mig-config, and placement against brute force."""
from __future__ import annotations

import itertools

import pytest
import yaml

from hyperpod_constructs.catalog import mig
from hyperpod_constructs.catalog.instance_types import INSTANCE_TYPES, instance_type
from support import reference_file


def _stock_file() -> dict:
    return yaml.safe_load(reference_file("default-mig-config.yaml").read_text())


def _brute_force_placeable() -> set[tuple[int, ...]]:
    """Every device multiset (counts per geometry) that fits one GPU, found by trying every set of
    non-overlapping placements: each (geometry, start) pair is in or out of the set."""
    placements = [(k, start) for k, g in enumerate(mig.GEOMETRIES) for start in g.starts]
    found: set[tuple[int, ...]] = set()

    def walk(index: int, used: int, counts: list[int], compute: int) -> None:
        if index == len(placements):
            found.add(tuple(counts))
            return
        walk(index + 1, used, counts, compute)
        kind, start = placements[index]
        geometry = mig.GEOMETRIES[kind]
        mask = ((1 << geometry.memory_slices) - 1) << start
        if not used & mask and compute + geometry.compute_slices <= mig.COMPUTE_SLICES_PER_GPU:
            counts[kind] += 1
            walk(index + 1, used | mask, counts, compute + geometry.compute_slices)
            counts[kind] -= 1

    walk(0, 0, [0] * len(mig.GEOMETRIES), 0)
    return found


BRUTE_FORCE = _brute_force_placeable()


def test_stock_layout_names_equal_the_chart_config_keys():
    assert list(mig.STOCK_LAYOUTS) == list(_stock_file()["mig-configs"])
    assert len(mig.STOCK_LAYOUTS) == 60


def test_stock_layout_devices_match_the_chart_config():
    for name, entries in _stock_file()["mig-configs"].items():
        assert len(entries) == 1 and entries[0]["devices"] == "all", name
        expected = entries[0].get("mig-devices", {}) if entries[0]["mig-enabled"] else {}
        assert mig.STOCK_LAYOUTS[name] == expected, name


def test_every_single_profile_stock_layout_is_placeable_on_its_gpu():
    checked = 0
    for name, devices in mig.STOCK_LAYOUTS.items():
        if len(devices) != 1:
            continue
        models = [m for m, profiles in mig.MIG_PROFILES.items() if set(devices) <= set(profiles)]
        assert models, f"{name}: no GPU model offers {devices}"
        # 1g.10gb is a one-slice profile on A100 80GB / H100 but two slices on A100 40GB; the layout must
        # fit on at least the GPUs it was written for.
        assert any(mig.is_placeable(devices, m) for m in models), name
        checked += 1
    assert checked == 15  # 9 all-* layouts for A100/H100/H200 and 6 for B300


def test_all_1g_10gb_does_not_fit_an_a100_40gb():
    assert mig.is_placeable({"1g.10gb": 7}, "H100 80GB")
    assert not mig.is_placeable({"1g.10gb": 7}, "A100 40GB")
    assert "all-1g.10gb" not in mig.stock_layouts_for_instance_type("ml.p4d.24xlarge")
    assert "all-1g.10gb" in mig.stock_layouts_for_instance_type("ml.p5.48xlarge")


def test_every_stock_layout_fits_some_mig_instance_type():
    usable = {name for it in mig.MIG_INSTANCE_TYPES for name in mig.stock_layouts_for_instance_type(it)}
    assert usable == set(mig.STOCK_LAYOUTS)


def test_no_stock_layouts_for_b200_and_gb200_except_disabled():
    assert mig.stock_layouts_for_instance_type("ml.p6-b200.48xlarge") == ("all-disabled",)
    assert mig.stock_layouts_for_instance_type("ml.p6e-gb200.36xlarge") == ("all-disabled",)


def test_placement_search_agrees_with_brute_force_on_every_multiset():
    grid = itertools.product(*(range(g.max_per_gpu + 2) for g in mig.GEOMETRIES))
    for counts in grid:
        assert (mig._place_kinds(counts) is not None) == (counts in BRUTE_FORCE), counts


def test_placeable_exactly_when_slice_totals_fit():
    """Under NVIDIA's start positions, 7 compute / 8 memory slices is the whole story for these shapes."""
    for counts in itertools.product(*(range(g.max_per_gpu + 2) for g in mig.GEOMETRIES)):
        compute = sum(n * g.compute_slices for n, g in zip(counts, mig.GEOMETRIES))
        memory = sum(n * g.memory_slices for n, g in zip(counts, mig.GEOMETRIES))
        assert (counts in BRUTE_FORCE) == (compute <= 7 and memory <= 8), counts


def test_found_placements_do_not_overlap_and_use_valid_starts():
    placement = mig.find_placement({"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}, "H100 80GB")
    assert placement is not None
    used = 0
    for profile, start in placement:
        geometry = mig.MIG_PROFILES["H100 80GB"][profile].geometry
        assert start in geometry.starts
        mask = ((1 << geometry.memory_slices) - 1) << start
        assert not used & mask
        used |= mask


def test_max_per_gpu_is_what_placement_allows():
    for k, geometry in enumerate(mig.GEOMETRIES):
        best = max(counts[k] for counts in BRUTE_FORCE if sum(counts) == counts[k])
        assert geometry.max_per_gpu == best, geometry.kind


def test_per_gpu_counts_from_the_hyperpod_doc_table():
    table = {  # AWS doc sagemaker-hyperpod-eks-gpu-partitioning, devices per GPU
        "ml.p4d.24xlarge": {"1g.5gb": 7, "2g.10gb": 3, "3g.20gb": 2, "4g.20gb": 1, "7g.40gb": 1},
        "ml.p5.48xlarge": {"1g.10gb": 7, "1g.20gb": 4, "2g.20gb": 3, "3g.40gb": 2, "4g.40gb": 1, "7g.80gb": 1},
        "ml.p5e.48xlarge": {"1g.18gb": 7, "1g.35gb": 4, "2g.35gb": 3, "3g.71gb": 2, "4g.71gb": 1, "7g.141gb": 1},
    }
    for it, counts in table.items():
        for profile, count in counts.items():
            assert mig.mig_profile(it, profile).max_per_gpu == count, (it, profile)


def test_gpu_models_line_up_with_the_instance_type_catalog():
    for name in mig.MIG_INSTANCE_TYPES:
        info = instance_type(name)
        assert info is not None and info.gpu_model in mig.MIG_PROFILES, name
        full = mig.mig_profile(name, mig.mig_profiles_for_instance_type(name)[-1])
        assert full.compute_slices == 7
        # The whole-GPU profile's memory is the GPU's usable memory: within 6% of the catalog figure.
        assert abs(full.memory_gb - info.gpu_memory_gib) <= 0.06 * info.gpu_memory_gib, name


@pytest.mark.parametrize("name", ["ml.g5.48xlarge", "ml.g6.12xlarge", "ml.g6e.48xlarge", "ml.trn1.32xlarge",
                                  "ml.m5.2xlarge", "ml.p5.4xlarge", "ml.unknown.xlarge"])
def test_instance_types_without_mig_say_so(name):
    assert not mig.supports_mig(name)
    assert mig.mig_profiles_for_instance_type(name) == ()
    assert mig.stock_layouts_for_instance_type(name) == ()
    assert mig.mig_profile(name, "3g.40gb") is None


def test_every_gpu_instance_type_is_classified():
    mig_capable = {name for name in INSTANCE_TYPES if mig.supports_mig(name)}
    assert mig_capable == set(mig.MIG_INSTANCE_TYPES)
    assert all(INSTANCE_TYPES[name].has_gpu for name in mig_capable)
