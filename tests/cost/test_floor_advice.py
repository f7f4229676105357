"""The warning when endpoints keep an autoscaled GPU group running while idle (``gpus-on-at-floor``).

By hand (made-up price, ml.p5.48xlarge $98.32/h, a month = 730 h): one node is $98.32/h and 98.32 x 730 =
$71,773.60 -> "$71,774/month".
"""
from __future__ import annotations

from typing import Any

import aws_cdk as cdk
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from hyperpod_constructs import (
    Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, Plan, Prices,
    PrometheusTrigger,
)
from hyperpod_constructs.resolve.platform_model import PodDemand
from hyperpod_constructs.platform.floor_advice import gpus_on_at_floor

P5 = "ml.p5.48xlarge"
PRICES = Prices(instance_hourly={P5: 98.32})
SYSTEM = InstanceGroup("system", "ml.m5.2xlarge", count=2)
H100 = InstanceGroup("h100", P5, count=0, max_count=2, mig_config="all-3g.40gb")
WHOLE_H100 = InstanceGroup("h100", P5, count=0, max_count=2)
AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"


def plan(*demands: PodDemand, prices: Any = PRICES, autoscaled: bool = True, mig: bool = True) -> Plan:
    return Plan(groups=(SYSTEM, H100 if mig else WHOLE_H100), endpoints=demands, prices=prices,
                autoscaled_groups=frozenset({"h100"} if autoscaled else ()),
                slices_per_instance={"h100": {"3g.40gb": 16}} if mig else None)


def test_one_mig_replica_on_an_empty_autoscaled_group_is_one_node_always_on() -> None:
    (advice,) = gpus_on_at_floor(plan(PodDemand("chat", "custom", P5, 1, 8, partition="3g.40gb"),
                                      PodDemand("batch", "custom", P5, 0, 8, partition="3g.40gb")))
    assert advice.warning_id == "Annotation::hyperpod-constructs:gpus-on-at-floor"
    assert advice == (
        "instance group 'h100' runs 1 ml.p5.48xlarge node(s) (8 GPUs) while idle, $98.32/h or $71,774/month: node "
        "autoscaling would start it empty, but the minimum replicas of endpoint(s) 'chat' (min_replicas=1, 1x "
        "mig-3g.40gb each) keep them on. Scale those endpoints to zero (Autoscaling(min_replicas=0, ...) with a "
        "trigger that wakes them) for a floor of no GPU node, or acknowledge this warning if the replicas are kept "
        "warm on purpose")


def test_without_prices_the_warning_says_how_to_see_the_cost() -> None:
    (advice,) = gpus_on_at_floor(plan(PodDemand("chat", "custom", P5, 2, 8, gpus=8), prices=None, mig=False))
    assert "runs 2 ml.p5.48xlarge node(s) (16 GPUs) while idle (pass prices= to the platform to see what it costs)" \
        in advice and "'chat' (min_replicas=2, 8 GPU each)" in advice


def test_a_jumpstart_replica_is_at_least_one_gpu() -> None:
    (advice,) = gpus_on_at_floor(plan(PodDemand("ds", "jumpstart", P5, 1, 1, gpus=None), mig=False))
    assert "'ds' (min_replicas=1, at least 1 GPU each)" in advice


def test_endpoints_at_zero_and_fixed_groups_are_not_advised() -> None:
    assert gpus_on_at_floor(plan(PodDemand("chat", "custom", P5, 0, 8, partition="3g.40gb"))) == []
    # A fixed group's count is the user's floor: not something an endpoint turned on.
    assert gpus_on_at_floor(plan(PodDemand("chat", "custom", P5, 1, 8, partition="3g.40gb"), autoscaled=False)) == []


def build(app: cdk.App, min_replicas: int, *, acknowledge: str = "") -> cdk.Stack:
    stack = cdk.Stack(app, "Floor")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[SYSTEM, H100], node_autoscaling=True,
                                         prices=PRICES)
    platform.add_endpoint(InferenceEndpoint(
        "chat", model=s3_model(stack, "chat/"), instance_type=P5, accelerator_partition="mig-3g.40gb",
        autoscaling=Autoscaling(min_replicas=min_replicas, max_replicas=4, triggers=(
            PrometheusTrigger.concurrent_requests(target=10, server_address=AMP),))))
    if acknowledge:
        cdk.Annotations.of(platform).acknowledge_warning(acknowledge, "kept warm for the demo")
    return stack


def floor_warnings(stack: cdk.Stack) -> list[str]:
    return [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning(
        "/Floor/Platform", Match.string_like_regexp("while idle"))]


def test_synth_warns_on_the_platform_with_the_cost_and_its_printed_id_acknowledges_it() -> None:
    app = cdk.App()
    stack = build(app, 1)
    app.synth()
    (warning,) = floor_warnings(stack)
    assert "instance group 'h100' runs 1 ml.p5.48xlarge node(s) (8 GPUs) while idle, $98.32/h or $71,774/month" \
        in warning and warning.endswith("[ack: Annotation::hyperpod-constructs:gpus-on-at-floor]")
    quiet = cdk.App()
    acknowledged = build(quiet, 1, acknowledge="Annotation::hyperpod-constructs:gpus-on-at-floor")
    quiet.synth()
    assert floor_warnings(acknowledged) == []


def test_an_endpoint_that_scales_to_zero_leaves_no_warning() -> None:
    app = cdk.App()
    stack = build(app, 0)
    app.synth()
    assert floor_warnings(stack) == []
