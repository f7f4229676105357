"""Redis L2 on an operator that ignores it: a warning with its own id, for the pinned versions known to drop it and
for an unpinned add-on; none where the pinned operator is not known to drop it."""
from __future__ import annotations

from typing import Optional

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from rule_support import with_endpoints
from support import stand_in_bucket
from hyperpod_constructs import (
    ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup, KvCache,
    L2Cache, ModelSource, TieredStorage,
)
from hyperpod_constructs.catalog.operator_versions import operator_version
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

REDIS = KvCache(l2=L2Cache.redis("redis://cache.internal:6379"))
GROUPS = (InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),)
RULE_ID = "Annotation::hyperpod-constructs:l2-redis-ignored"


def redis_advice(addon_version: Optional[str], kv_cache: KvCache = REDIS) -> list[str]:
    platform = ResolvedPlatform(instance_groups=GROUPS, operator_addon_version=addon_version,
                                cluster=ClusterSettings(tiered_storage=TieredStorage()))
    endpoint = InferenceEndpoint("llama", model=ModelSource.s3(stand_in_bucket(), "llama/"),
                                 instance_type="ml.g6e.12xlarge", gpus=1, kv_cache=kv_cache)
    return [advice for advice in rules.advice(with_endpoints(platform, endpoint)) if advice.rule == "l2-redis-ignored"]


def test_a_pinned_add_on_running_operator_3_2_draws_the_warning() -> None:
    (advice,) = redis_advice("v1.3.0-eksbuild.1")
    assert advice == (
        "endpoint 'llama': kv_cache.l2=L2Cache.redis(...): operator=InferenceOperatorOptions(addon_version="
        "'v1.3.0-eksbuild.1') runs operator v3.2, which ignores it (aws/sagemaker-hyperpod-cli#431, open): "
        "l2CacheBackend: redis is dropped and LMCache is pointed at the node's tiered storage, so the endpoint has no "
        "Redis L2 cache; pin addon_version to an operator you have checked carries the fix, or use "
        "L2Cache.tiered_storage() with the cluster's tiered storage")


def test_an_unpinned_add_on_draws_it_too_since_eks_default_may_be_operator_3_2() -> None:
    (advice,) = redis_advice(None)
    assert ("kv_cache.l2=L2Cache.redis(...): the inference operator add-on version is not pinned, and where EKS's "
            "default runs operator v3.2 (still the newest add-on in some regions) the operator ignores it") in advice


@pytest.mark.parametrize("addon_version", ["v1.4.0-eksbuild.1", "v1.5.0-eksbuild.1", "v1.2.0-eksbuild.1"])
def test_operators_not_known_to_drop_redis_draw_nothing(addon_version: str) -> None:
    assert redis_advice(addon_version) == []


def test_tiered_storage_l2_draws_nothing_on_operator_3_2() -> None:
    assert redis_advice("v1.3.0-eksbuild.1", KvCache(l2=L2Cache.tiered_storage())) == []
    assert redis_advice(None, KvCache()) == []


@pytest.mark.parametrize("addon, operator", [
    ("v1.2.0-eksbuild.1", "3.1.2"), ("v1.3.0-eksbuild.1", "3.2"), ("v1.3.2-eksbuild.4", "3.2"),
    ("v1.4.0-eksbuild.1", "3.3"), ("1.5.0", "3.4"), ("v1.9.0-eksbuild.1", None), ("latest", None)])
def test_the_add_on_versions_map_to_the_operators_the_release_notes_name(addon: str, operator: Optional[str]) -> None:
    assert operator_version(addon) == operator


def test_the_warning_sits_on_the_platform_with_its_own_id() -> None:
    stack = cdk.Stack(cdk.App(), "Redis")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=list(GROUPS),
                                         operator=InferenceOperatorOptions(addon_version="v1.3.0-eksbuild.1"))
    platform.add_endpoint(InferenceEndpoint("llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge",
                                            gpus=1, kv_cache=REDIS))
    found = Annotations.from_stack(stack).find_warning("*", Match.string_like_regexp("ignores it"))
    assert [(entry.id, str(entry.entry.data).endswith(f"[ack: {RULE_ID}]")) for entry in found] == [
        ("/Redis/Platform", True)]
