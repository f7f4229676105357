"""Advice on prices and cost: prices for instance types no group runs, and GPU nodes a floor keeps idle.

Idle cost by hand (made-up price, ml.p5.48xlarge $98.32/h, a month = 730 h): one idle node is $98.32/h and
98.32 x 730 = $71,773.60 -> "$71,774/month"; two are $196.64/h, $143,547/month.
"""
from __future__ import annotations

import re
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from hyperpod_constructs import (
    Autoscaling, HyperPodInferencePlatform, HyperPodValidationError, InferenceEndpoint, InstanceGroup,
    Plan, Prices, PrometheusTrigger)
from hyperpod_constructs.resolve.platform_model import PodDemand
from hyperpod_constructs.platform.cost_inputs import idle_floor_advice

P5 = "ml.p5.48xlarge"
PRICES = Prices(instance_hourly={P5: 98.32, "ml.m5.2xlarge": 0.461})
SYSTEM = InstanceGroup("system", "ml.m5.2xlarge", count=2)
AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"
IDLE_ID = "Annotation::hyperpod-constructs:idle-gpus-at-floor"
UNUSED_ID = "Annotation::hyperpod-constructs:prices-unused-instance-types"


def plan(count: int, *demands: PodDemand, prices: Any = PRICES, autoscaled: bool = False, mig: bool = False) -> Plan:
    h100 = InstanceGroup("h100", P5, count=count, max_count=max(count, 2), mig_config="all-3g.40gb" if mig else None)
    return Plan(groups=(SYSTEM, h100), endpoints=demands, prices=prices,
                autoscaled_groups=frozenset({"h100"} if autoscaled else ()),
                slices_per_instance={"h100": {"3g.40gb": 16}} if mig else None)


def test_a_group_whose_endpoints_scale_to_zero_is_idle_at_its_count() -> None:
    (advice,) = idle_floor_advice(plan(1, PodDemand("llama", "custom", P5, 0, 4, gpus=8)))
    assert advice.rule == "idle-gpus-at-floor"
    assert advice == ("instance group 'h100' keeps 1 ml.p5.48xlarge node(s) (8 GPUs) running at the floor that no "
                      "endpoint's min_replicas needs: $98.32/h, $71,774/month idle. Lower its count (with node "
                      "autoscaling, count=0 and max_count start nodes when pods need them), or acknowledge this if "
                      "the nodes are kept warm on purpose")


def test_only_the_nodes_the_floor_does_not_use_are_counted() -> None:
    # 3 nodes; 1 replica of 8 GPUs keeps one busy: 2 idle.
    (advice,) = idle_floor_advice(plan(3, PodDemand("llama", "custom", P5, 1, 4, gpus=8)))
    assert "keeps 2 ml.p5.48xlarge node(s) (16 GPUs)" in advice and "$196.64/h, $143,547/month idle" in advice


def test_mig_slices_at_the_floor_keep_their_node_busy() -> None:
    assert idle_floor_advice(plan(1, PodDemand("chat", "custom", P5, 1, 8, partition="3g.40gb"), mig=True)) == []


def test_a_busy_floor_is_not_advised() -> None:
    # One 2-GPU replica on a 1-node group: the node runs a pod, nothing can be turned off.
    assert idle_floor_advice(plan(1, PodDemand("llama", "custom", P5, 1, 4, gpus=2))) == []


def test_without_prices_or_a_price_for_the_type_nothing_is_said() -> None:
    demand = PodDemand("llama", "custom", P5, 0, 4, gpus=8)
    assert idle_floor_advice(plan(1, demand, prices=None)) == []
    assert idle_floor_advice(plan(1, demand, prices=Prices(instance_hourly={"ml.m5.2xlarge": 0.461}))) == []


def test_an_autoscaled_group_runs_only_what_its_floor_needs() -> None:
    assert idle_floor_advice(plan(0, PodDemand("llama", "custom", P5, 0, 4, gpus=8), autoscaled=True)) == []


def test_a_jumpstart_model_at_its_floor_leaves_the_type_out() -> None:
    # Its GPUs per pod are only known as a lower bound (1), so "idle" could be wrong.
    assert idle_floor_advice(plan(2, PodDemand("js", "jumpstart", P5, 1, 2, gpus=None))) == []


def cdk_warnings(stack: cdk.Stack, warning_id: str) -> list[str]:
    found = Annotations.from_stack(stack).find_warning("*", Match.string_like_regexp(re.escape(f"[ack: {warning_id}]")))
    return [str(entry.entry.data) for entry in found]


def test_the_platform_warns_at_synth_once_endpoints_are_added() -> None:
    stack = cdk.Stack(cdk.App(), "Idle")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[SYSTEM, InstanceGroup("h100", P5, count=1)],
                                         prices=PRICES)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack), instance_type=P5, gpus=8,
        autoscaling=Autoscaling(min_replicas=0, max_replicas=1,
                                triggers=(PrometheusTrigger.concurrent_requests(target=5, server_address=AMP),))))
    (warning,) = cdk_warnings(stack, IDLE_ID)
    assert "instance group 'h100' keeps 1 ml.p5.48xlarge node(s) (8 GPUs)" in warning and "$71,774/month" in warning


def test_a_price_for_a_type_no_group_runs_is_flagged_with_the_close_match() -> None:
    stack = cdk.Stack(cdk.App(), "Prices")
    HyperPodInferencePlatform(stack, "Platform", instance_groups=[SYSTEM, InstanceGroup("l40s", "ml.g6e.12xlarge")],
                              prices=Prices(instance_hourly={"ml.m5.2xlarge": 0.461, "ml.g6e.2xlarge": 2.2, P5: 98.32}))
    (warning,) = cdk_warnings(stack, UNUSED_ID)
    assert warning.startswith(
        "prices given for instance types no instance group runs: ml.g6e.2xlarge (did you mean 'ml.g6e.12xlarge', "
        "which a group runs without a price?), ml.p5.48xlarge; they price nothing")


def test_prices_for_exactly_the_groups_types_draw_no_warning() -> None:
    stack = cdk.Stack(cdk.App(), "Prices")
    HyperPodInferencePlatform(stack, "Platform", instance_groups=[SYSTEM], prices=Prices(instance_hourly={"ml.m5.2xlarge": 1.0}))
    assert cdk_warnings(stack, UNUSED_ID) == []


@pytest.mark.parametrize(("hourly", "message"), [
    ({"ml.p5.48xlarg": 98.32}, "instance_hourly='ml.p5.48xlarg' is not allowed; a HyperPod instance type; did you mean "
                               "'ml.p5.48xlarge'"),
    ({"ml.zz9.huge": 1.0}, "instance_hourly='ml.zz9.huge' is not allowed; a HyperPod instance type 'ml.<family>.<size>'"),
])
def test_a_price_for_an_instance_type_the_catalog_does_not_know_is_refused(hourly: dict[str, float], message: str) -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        Prices(instance_hourly=hourly)
    assert str(raised.value).startswith(f"Prices: {message}")


def test_a_price_file_key_the_catalog_does_not_know_is_refused() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "Prices: instance_hourly='ml.g6e.12xl' is not allowed; a HyperPod instance type; did you mean "
            "'ml.g6e.12xlarge'")):
        Prices(instance_hourly={"ml.g6e.12xl": 10.0})
