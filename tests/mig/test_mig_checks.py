"""Cross-resource MIG checks: endpoints' partitions against the instance groups' layouts."""
from __future__ import annotations

import pytest

from hyperpod_constructs.errors import HyperPodValidationError
from support import stand_in_bucket
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.mig import MigLayout, normalize_partition
from hyperpod_constructs.rules.mig_checks import check_partition_capacity, check_whole_gpu_requests
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.resolve.platform_model import PodDemand

P5 = "ml.p5.48xlarge"
H100_3G = InstanceGroup("h100", P5, count=0, max_count=2, mig_config="all-3g.40gb")  # 16 per instance


def _endpoint(name: str = "llama-8b", partition: str | None = "mig-3g.40gb", *, instance_type: str = P5,
              gpu_count: int = 0, max_replicas: int = 1) -> PodDemand:
    return PodDemand(name, "custom", instance_type, 0, max_replicas, gpus=gpu_count,
                     partition=normalize_partition(partition) if partition else None)


def _mig_problems(groups: list[InstanceGroup], endpoints: list[PodDemand]) -> list[str]:
    return [*check_partition_capacity(groups, endpoints), *check_whole_gpu_requests(groups, endpoints)]


def test_enough_slices_is_fine():
    endpoints = [_endpoint(max_replicas=20), _endpoint("qwen", max_replicas=12)]
    assert _mig_problems([H100_3G], endpoints) == []


def test_no_group_provides_the_partition():
    problems = check_partition_capacity([H100_3G], [_endpoint(partition="mig-1g.10gb", max_replicas=4)])
    assert problems == [
        "endpoint 'llama-8b': accelerator_partition='mig-1g.10gb' is not allowed; no ml.p5.48xlarge instance "
        "group is partitioned with 1g.10gb, but the endpoints need 4 at max replicas (llama-8b: 4); set "
        "mig_config on a ml.p5.48xlarge group to a layout that creates 1g.10gb"]


def test_too_few_slices_at_max_count_counts_all_endpoints_of_the_profile():
    endpoints = [_endpoint(max_replicas=20), _endpoint("qwen", partition="3g.40gb", max_replicas=13)]
    problems = check_partition_capacity([H100_3G], endpoints)
    assert len(problems) == 1
    assert problems[0].startswith("endpoints 'llama-8b', 'qwen': accelerator_partition='mig-3g.40gb' is not allowed;")
    assert ("provide 32 x 3g.40gb at max count (group 'h100': 16 per instance x 2 max) but the endpoints need "
            "33 at max replicas (llama-8b: 20 + qwen: 13)") in problems[0]


def test_slices_from_several_groups_add_up():
    mixed = InstanceGroup("h100-mix", P5, count=1, mig_config=MigLayout.custom(
        name="llm-mix", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}))
    endpoints = [_endpoint(max_replicas=40), _endpoint("small", partition="mig-1g.10gb", max_replicas=16)]  # 32 + 8, 16
    assert check_partition_capacity([H100_3G, mixed], endpoints) == []
    assert len(check_partition_capacity([H100_3G, mixed], [_endpoint(max_replicas=41)])) == 1


def test_groups_of_another_instance_type_do_not_count():
    p5e = InstanceGroup("h200", "ml.p5e.48xlarge", count=0, max_count=4, mig_config="all-3g.71gb")
    endpoint = _endpoint(instance_type="ml.p5e.48xlarge", partition="mig-3g.71gb", max_replicas=65)
    problems = check_partition_capacity([H100_3G, p5e], [endpoint])
    assert len(problems) == 1 and "ml.p5e.48xlarge groups provide 64 x 3g.71gb" in problems[0]


# Whether a partition is well formed, offered by the instance type and not mixed with whole GPUs is the endpoint's own
# rule, raised when it is constructed (the platform-wide checks above trust it).
@pytest.mark.parametrize("overrides,message", [
    ({"gpus": 1}, "gpus / accelerator_partition=(1, 'mig-3g.40gb') is not allowed; either whole GPUs (gpus) or one "
                  "MIG slice (accelerator_partition), not both"),
    ({"instance_type": "ml.g6e.12xlarge"}, "accelerator_partition='mig-3g.40gb' is not allowed; ml.g6e.12xlarge "
                                           "(L40S 48GB) has no MIG support in HyperPod"),
    ({"accelerator_partition": "mig-3g.71gb"}, "'mig-3g.71gb' is not allowed; ml.p5.48xlarge offers mig-1g.10gb"),
    ({"accelerator_partition": "3g-40gb"}, "accelerator_partition='3g-40gb' is not allowed; a MIG partition"),
])
def test_partition_rules_of_the_endpoint_itself(overrides: dict, message: str):
    props: dict = {"model": ModelSource.s3(stand_in_bucket(), "llama/"), "instance_type": P5,
                   "accelerator_partition": "mig-3g.40gb", **overrides}
    with pytest.raises(HyperPodValidationError) as error:
        InferenceEndpoint("llama-8b", **props)
    assert message in str(error.value)


def test_whole_gpu_endpoint_on_fully_partitioned_groups():
    problems = check_whole_gpu_requests([H100_3G], [_endpoint("big", partition=None, gpu_count=1)])
    assert problems == [
        "endpoint 'big': gpu_count=1 is not allowed; at most 0 whole GPU(s) per ml.p5.48xlarge node: every group "
        "of that type is MIG-partitioned; request accelerator_partition instead, or leave GPUs MIG-disabled "
        "(stock 'all-disabled', or {} entries in MigLayout.per_device)"]


def test_whole_gpus_left_by_a_per_device_layout_or_an_unpartitioned_group():
    split = InstanceGroup("split", P5, count=1, mig_config=MigLayout.per_device(
        name="split", layouts={(0, 1, 2, 3, 4, 5): {"3g.40gb": 2}, (6, 7): {}}))
    assert check_whole_gpu_requests([split], [_endpoint("two", partition=None, gpu_count=2)]) == []
    assert len(check_whole_gpu_requests([split], [_endpoint("four", partition=None, gpu_count=4)])) == 1
    plain = InstanceGroup("plain", P5, count=1)
    assert check_whole_gpu_requests([split, plain], [_endpoint("eight", partition=None, gpu_count=8)]) == []


def test_all_problems_are_listed_at_once():
    endpoints = [_endpoint("a", max_replicas=40), _endpoint("b", partition="mig-1g.10gb"),
                 _endpoint("c", partition=None, gpu_count=1)]
    problems = _mig_problems([H100_3G], endpoints)
    assert [p.split(":")[0] for p in problems] == ["endpoint 'a'", "endpoint 'b'", "endpoint 'c'"]


def test_two_different_custom_layouts_may_not_share_a_name():
    from hyperpod_constructs import rules
    from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

    mix = MigLayout.custom(name="llm-mix", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2})
    other = MigLayout.custom(name="llm-mix", devices={"3g.40gb": 2})
    same = InstanceGroup("a", P5, count=1, mig_config=mix), InstanceGroup("b", P5, count=1, mig_config=mix)
    assert rules.RULES["mig-layout-names-unique"].check(ResolvedPlatform(instance_groups=same)) == []
    clash = (*same, InstanceGroup("c", P5, count=1, mig_config=other))
    assert rules.problems(ResolvedPlatform(instance_groups=clash)) == [
        "platform: instance_groups[2].mig_config.name='llm-mix' is not allowed; a name of its own: instance_groups[0] "
        "has a different layout of this name (the MIG manager reads one definition per name)"]
