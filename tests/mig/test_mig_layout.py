"""MigLayout and partition helpers: structure of generated configs, and one negative test per rule."""
from __future__ import annotations

from fractions import Fraction

import pytest
import yaml

from hyperpod_constructs.catalog.instance_types import instance_type
from hyperpod_constructs.catalog.mig import MIG_INSTANCE_TYPES, MIG_PROFILES, mig_gpu_model
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.mig import (
    MigLayout,
    as_mig_layout,
    mig_resource_name,
    normalize_partition,
    partition_resources,
    validate_partition,
)
from support import reference_file

P5 = "ml.p5.48xlarge"
WHERE = "instance group 'h100'"
MIX = {"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}


def _assert_mig_parted_shape(document: dict) -> None:
    """The shape of HyperPod's default-mig-config: version v1, mig-configs -> list of device entries."""
    assert set(document) == {"version", "mig-configs"} and document["version"] == "v1"
    for entries in document["mig-configs"].values():
        assert isinstance(entries, list) and entries
        for entry in entries:
            assert set(entry) <= {"devices", "mig-enabled", "mig-devices"}
            assert entry["devices"] == "all" or all(isinstance(i, int) for i in entry["devices"])
            assert isinstance(entry["mig-enabled"], bool)
            assert ("mig-devices" in entry) == entry["mig-enabled"]
            for profile, count in entry.get("mig-devices", {}).items():
                assert isinstance(profile, str) and isinstance(count, int) and count > 0


# ---- stock and custom layouts ----------------------------------------------------------------------------

def test_stock_layouts_render_exactly_like_the_chart_config():
    stock = yaml.safe_load(reference_file("default-mig-config.yaml").read_text())
    _assert_mig_parted_shape(stock)
    for name, entries in stock["mig-configs"].items():
        assert MigLayout.stock(name).mig_parted_config() == {"version": "v1", "mig-configs": {name: entries}}


def test_custom_layout_config_round_trips_through_yaml_with_the_stock_shape():
    layout = MigLayout.custom(name="llm-mix", devices=MIX)
    layout.validate_for(P5, WHERE)
    document = layout.mig_parted_config()
    assert yaml.safe_load(yaml.safe_dump(document)) == document
    _assert_mig_parted_shape(document)
    assert document["mig-configs"]["llm-mix"] == [
        {"devices": "all", "mig-enabled": True, "mig-devices": {"1g.10gb": 2, "2g.20gb": 1, "3g.40gb": 1}}]
    assert layout.label_value == "llm-mix" and layout.node_labels == {"nvidia.com/mig.config": "llm-mix"}


def test_per_device_layout_lists_gpu_indices():
    layout = MigLayout.per_device(name="split",
                                  layouts={(0, 1, 2, 3): {"3g.40gb": 2}, (4, 5, 6): {"1g.10gb": 7}, 7: {}})
    layout.validate_for(P5, WHERE)
    document = layout.mig_parted_config()
    _assert_mig_parted_shape(document)
    assert document["mig-configs"]["split"][2] == {"devices": [7], "mig-enabled": False}
    assert layout.slices_per_instance(P5) == {"3g.40gb": 8, "1g.10gb": 21}
    assert layout.whole_gpus_per_instance(P5) == 1


def test_per_device_list_form_is_one_entry_per_gpu():
    layout = MigLayout.per_device(name="gb200-mix", layouts=[{"7g.186gb": 1}, {"3g.93gb": 2}, {"1g.23gb": 7}, {}])
    layout.validate_for("ml.p6e-gb200.36xlarge", WHERE)
    assert layout.slices_per_instance("ml.p6e-gb200.36xlarge") == {"7g.186gb": 1, "3g.93gb": 2, "1g.23gb": 7}


def test_slices_per_instance_counts_every_gpu():
    assert MigLayout.stock("all-3g.40gb").slices_per_instance(P5) == {"3g.40gb": 16}
    assert MigLayout.stock("all-disabled").slices_per_instance(P5) == {}
    assert MigLayout.stock("all-disabled").whole_gpus_per_instance(P5) == 8
    assert MigLayout.custom(name="llm-mix", devices=MIX).slices_per_instance("ml.p6e-gb200.36xlarge") == {
        "1g.10gb": 8, "2g.20gb": 4, "3g.40gb": 4}


def test_every_usable_stock_layout_validates_on_its_instance_types():
    from hyperpod_constructs.catalog.mig import stock_layouts_for_instance_type
    for it in MIG_INSTANCE_TYPES:
        for name in stock_layouts_for_instance_type(it):
            MigLayout.stock(name).validate_for(it, WHERE)


def test_as_mig_layout_accepts_names_and_layouts():
    layout = MigLayout.custom(name="llm-mix", devices=MIX)
    assert as_mig_layout(layout, WHERE) is layout
    assert as_mig_layout("all-3g.40gb", WHERE) == MigLayout.stock("all-3g.40gb")


def test_layouts_are_frozen_and_reject_unknown_arguments():
    layout = MigLayout.stock("all-3g.40gb")
    with pytest.raises(AttributeError):
        layout.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        MigLayout.custom(name="x", devices=MIX, gpus=8)  # type: ignore[call-arg]


# ---- one negative test per rule ------------------------------------------------------------------------

def test_unknown_stock_name_lists_close_matches():
    with pytest.raises(HyperPodValidationError, match=r"instance group 'h100': mig_config='all-3g\.40GB'.*"
                                                      r"did you mean 'all-3g\.40gb'"):
        as_mig_layout("all-3g.40GB", WHERE)


def test_documented_but_missing_stock_name_is_explained():
    with pytest.raises(HyperPodValidationError, match=r"'all-2g\.10gb'.*AWS documentation examples use"):
        MigLayout.stock("all-2g.10gb", where=WHERE)


def test_mig_on_an_instance_type_without_mig():
    with pytest.raises(HyperPodValidationError,
                       match=r"mig_config='all-3g\.40gb' is not allowed; ml\.g6e\.48xlarge \(L40S 48GB\) has no MIG"):
        MigLayout.stock("all-3g.40gb").validate_for("ml.g6e.48xlarge", WHERE)
    with pytest.raises(HyperPodValidationError, match=r"ml\.p5\.4xlarge \(H100 80GB\) has no MIG support"):
        MigLayout.stock("all-3g.40gb").validate_for("ml.p5.4xlarge", WHERE)


def test_profile_not_on_that_gpu_lists_the_allowed_ones():
    with pytest.raises(HyperPodValidationError,
                       match=r"mig_config='all-3g\.40gb' is not allowed; ml\.p4d\.24xlarge \(A100 40GB\) "
                             r"offers MIG profiles 1g\.5gb, 1g\.10gb, 2g\.10gb, 3g\.20gb, 4g\.20gb, 7g\.40gb; "
                             r"stock layouts usable here: all-disabled, all-1g\.5gb.*; did you mean 'all-7g\.40gb'"):
        MigLayout.stock("all-3g.40gb").validate_for("ml.p4d.24xlarge", WHERE)


def test_too_many_compute_slices():
    with pytest.raises(HyperPodValidationError, match=r"at most 7 compute slices per GPU; this uses 8 "
                                                      r"\(1x2g\.20gb=2 \+ 2x3g\.40gb=6\)"):
        MigLayout.custom(name="greedy", devices={"3g.40gb": 2, "2g.20gb": 1}).validate_for(P5, WHERE)


def test_too_many_memory_slices():
    with pytest.raises(HyperPodValidationError, match=r"at most 8 memory slices per GPU; this uses 14"):
        MigLayout.stock("all-1g.10gb").validate_for("ml.p4d.24xlarge", WHERE)


def test_more_per_device_entries_than_gpus():
    layout = MigLayout.per_device(name="too-many", layouts=[{"3g.93gb": 2}] * 5)
    with pytest.raises(HyperPodValidationError, match=r"'5 GPU entries'.*ml\.p6e-gb200\.36xlarge has 4 GPUs"):
        layout.validate_for("ml.p6e-gb200.36xlarge", WHERE)


def test_gpu_index_beyond_the_instance_type():
    layout = MigLayout.per_device(name="gap", layouts={(0, 1, 2): {"3g.93gb": 2}, 9: {}})
    with pytest.raises(HyperPodValidationError, match=r"=9 is not allowed; GPU indices 0-3"):
        layout.validate_for("ml.p6e-gb200.36xlarge", WHERE)


def test_per_device_layout_must_cover_every_gpu():
    layout = MigLayout.per_device(name="half", layouts=[{"3g.40gb": 2}] * 4)
    with pytest.raises(HyperPodValidationError, match=r"an entry for every GPU 0-7.*missing \[4, 5, 6, 7\]"):
        layout.validate_for(P5, WHERE)


def test_gpu_index_in_two_entries():
    with pytest.raises(HyperPodValidationError, match=r"devices=1 is not allowed; each GPU index in only one entry"):
        MigLayout.per_device(name="dup", layouts={(0, 1): {"3g.40gb": 2}, (1, 2): {}})


def test_malformed_profile_in_a_custom_layout():
    with pytest.raises(HyperPodValidationError,
                       match=r"devices='mig-3g\.40gb' is not allowed; MIG profiles are written"):
        MigLayout.custom(name="prefixed", devices={"mig-3g.40gb": 1})


def test_zero_count_in_a_custom_layout():
    with pytest.raises(HyperPodValidationError, match=r"devices\['3g\.40gb'\]=0 is not allowed; a whole number"):
        MigLayout.custom(name="zero", devices={"3g.40gb": 0})


def test_empty_custom_layout_points_to_all_disabled():
    with pytest.raises(HyperPodValidationError, match=r"use MigLayout\.stock\('all-disabled'\)"):
        MigLayout.custom(name="nothing", devices={})


def test_custom_layout_cannot_take_a_stock_name():
    with pytest.raises(HyperPodValidationError, match=r"name='all-3g\.40gb' is not allowed; a name that is not one"):
        MigLayout.custom(name="all-3g.40gb", devices={"3g.40gb": 2})


def test_layout_name_must_be_a_label_value():
    with pytest.raises(HyperPodValidationError, match=r"name='llm mix!' is not allowed; a Kubernetes label value"):
        MigLayout.custom(name="llm mix!", devices=MIX)


def test_all_cannot_be_mixed_with_gpu_indices():
    from hyperpod_constructs.intent.mig import MigDeviceGroup
    with pytest.raises(HyperPodValidationError, match=r"devices='all' is not allowed; 'all' alone"):
        MigLayout(name="mixed", groups=(MigDeviceGroup("all", (("3g.40gb", 2),)), MigDeviceGroup((0,), ())))


# ---- partitions for endpoints ------------------------------------------------------------------------

def test_partition_names():
    assert normalize_partition("mig-3g.40gb") == "3g.40gb"
    assert normalize_partition("3g.40gb") == "3g.40gb"
    assert mig_resource_name("mig-1g.10gb") == "nvidia.com/mig-1g.10gb"
    assert validate_partition(P5, "mig-3g.40gb", "endpoint 'llama-8b'") == "3g.40gb"


@pytest.mark.parametrize("value", ["mig-3g40gb", "MIG-3g.40gb", "mig-", "nvidia.com/mig-3g.40gb", "3g.40", 3])
def test_malformed_partition(value):
    with pytest.raises(HyperPodValidationError,
                       match=r"endpoint 'llama-8b': accelerator_partition=.* a MIG partition written mig-<compute>g"):
        normalize_partition(value, "endpoint 'llama-8b'")


def test_partition_with_a_compute_size_that_does_not_exist():
    with pytest.raises(HyperPodValidationError, match=r"'mig-5g\.50gb' is not allowed; MIG compute sizes are 1g, 2g, "
                                                      r"3g, 4g, 7g \(there is no 5g profile\)"):
        normalize_partition("mig-5g.50gb", "endpoint 'llama-8b'")


def test_partition_not_offered_by_the_instance_type():
    with pytest.raises(HyperPodValidationError, match=r"'mig-3g\.40gb' is not allowed; ml\.p5e\.48xlarge offers "
                                                      r"mig-1g\.18gb, mig-1g\.35gb"):
        validate_partition("ml.p5e.48xlarge", "mig-3g.40gb", "endpoint 'llama-8b'")


def test_partition_on_an_instance_type_without_mig():
    with pytest.raises(HyperPodValidationError, match=r"ml\.g5\.12xlarge \(A10G 24GB\) has no MIG support in HyperPod; "
                                                      r"remove accelerator_partition"):
        partition_resources("ml.g5.12xlarge", "mig-1g.10gb", "endpoint 'llama-8b'")


# ---- proportional CPU and memory -------------------------------------------------------------------------

def _cpu_millicores(quantity: str) -> int:
    return int(quantity[:-1]) if quantity.endswith("m") else int(quantity) * 1000


@pytest.mark.parametrize("it", MIG_INSTANCE_TYPES)
def test_partition_resources_are_proportional_and_a_full_gpu_fits(it):
    info = instance_type(it)
    model = mig_gpu_model(it)
    for profile in MIG_PROFILES[model].values():
        resources = partition_resources(it, f"mig-{profile.name}")
        assert resources[f"nvidia.com/mig-{profile.name}"] == "1"
        share = Fraction(profile.compute_slices, 7 * info.gpu_count) * Fraction(9, 10)
        cpu = _cpu_millicores(resources["cpu"])
        memory = int(resources["memory"].removesuffix("Gi"))
        # Rounded down, by less than one step (100m CPU, 1 GiB memory).
        assert share * info.vcpu * 1000 - 100 < cpu <= share * info.vcpu * 1000
        assert share * info.memory_gib - 1 < memory <= share * info.memory_gib
    # Seven 1g pods per GPU on every GPU never ask for more than 90% of the node.
    one = partition_resources(it, f"mig-{next(iter(MIG_PROFILES[model]))}")
    pods = 7 * info.gpu_count
    assert pods * _cpu_millicores(one["cpu"]) <= info.vcpu * 1000 * 0.9
    assert pods * int(one["memory"].removesuffix("Gi")) <= info.memory_gib * 0.9


def test_partition_resources_example():
    assert partition_resources(P5, "mig-3g.40gb") == {"cpu": "9200m", "memory": "98Gi", "nvidia.com/mig-3g.40gb": "1"}
    assert partition_resources(P5, "mig-7g.80gb") == {"cpu": "21600m", "memory": "230Gi", "nvidia.com/mig-7g.80gb": "1"}

