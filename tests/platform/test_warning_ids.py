"""Each piece of advice has its own acknowledgement id, so acknowledging one rule leaves the others."""
from __future__ import annotations

import re

import aws_cdk as cdk
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup,
    KvCache, L2Cache, PrometheusTrigger, ScaledWorkload, TieredStorage,
)

L2_ID = "hyperpod-constructs:l2-tiered-storage-shared"
POD_METRICS_ID = "hyperpod-constructs:scale-to-zero-on-pod-metrics"
ACTIVATION_ID = "hyperpod-constructs:scale-to-zero-without-activation"
NO_MAX_COUNT_ID = "hyperpod-constructs:node-autoscaling-without-groups"
DAEMON_ID = "hyperpod-constructs:tiered-kv-cache-daemon"


def advised_platform(stack: cdk.Stack) -> HyperPodInferencePlatform:
    """A platform whose groups draw advice (node autoscaling without a max_count), with L2 tiered storage on."""
    return HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        cluster=ClusterSettings(tiered_storage=TieredStorage()), node_autoscaling=True)


def build(*acknowledged: str) -> list[str]:
    """An app that draws five kinds of advice; returns the warnings left after acknowledging some ids."""
    stack = cdk.Stack(cdk.App(), "Advice")
    platform = advised_platform(stack)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge", gpus=1,
        kv_cache=KvCache(l2=L2Cache.tiered_storage()),
        autoscaling=Autoscaling(min_replicas=0, max_replicas=2, triggers=(
            PrometheusTrigger.concurrent_requests(target=5, activation=None,
                                                  server_address="https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"),))))
    for warning_id in acknowledged:
        cdk.Annotations.of(platform).acknowledge_warning(warning_id, "understood")
    return [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]


def ids(warnings: list[str]) -> list[str]:
    return sorted(match for text in warnings for match in re.findall(r"\[ack: ([^\]]+)\]", text))


def test_every_rule_has_its_own_id() -> None:
    # The tiered-storage daemon is configured by the stack itself (CDK_DEPLOY): no advice about it.
    assert ids(build()) == sorted([ACTIVATION_ID, L2_ID, NO_MAX_COUNT_ID, POD_METRICS_ID])


def test_acknowledging_l2_isolation_keeps_the_scale_to_zero_warnings() -> None:
    left = build(L2_ID)
    assert ids(left) == sorted([ACTIVATION_ID, NO_MAX_COUNT_ID, POD_METRICS_ID])
    assert not any("L2 tiered storage is shared" in text for text in left)
    assert any("autoscaling.min_replicas=0 with only pod-emitted metrics" in text for text in left)


def test_acknowledging_one_scale_to_zero_rule_keeps_the_other_and_l2() -> None:
    left = build(POD_METRICS_ID)
    assert ids(left) == sorted([ACTIVATION_ID, L2_ID, NO_MAX_COUNT_ID])
    assert any("L2 tiered storage is shared" in text for text in left)


def test_each_warning_sits_on_the_construct_it_is_about_in_one_line_with_its_id() -> None:
    stack = cdk.Stack(cdk.App(), "Advice")
    platform = advised_platform(stack)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge", gpus=1,
        kv_cache=KvCache(l2=L2Cache.tiered_storage())))
    platform.add_scaled_workloads(ScaledWorkload(
        name="router", target_name="router", autoscaling=Autoscaling(min_replicas=0, triggers=(
            CloudWatchTrigger(name="queue", metric_name="ApproximateNumberOfMessagesVisible", namespace="AWS/SQS",
                              target_value=5),))))
    found = Annotations.from_stack(stack).find_warning("*", Match.any_value())
    paths = {found_id: found_path for found_path, found_id in
             ((entry.id, re.findall(r"\[ack: ([^\]]+)\]", str(entry.entry.data))[0]) for entry in found)}
    assert paths == {L2_ID: "/Advice/Platform/llama",  # the endpoint's handle, platform.add_endpoint's return
                     ACTIVATION_ID: "/Advice/Platform/Charts/scaled-workloads",  # add_scaled_workloads' handle
                     NO_MAX_COUNT_ID: "/Advice/Platform"}  # about the platform's groups, which have no construct
    for entry in found:
        text = str(entry.entry.data)
        assert "\n" not in text and text.endswith("]"), text
        assert not entry.entry.trace, entry.entry.trace  # `cdk synth` would print the jsii kernel's temp path
