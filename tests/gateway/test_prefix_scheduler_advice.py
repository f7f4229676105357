"""Advice when a prefix-aware scheduler runs more than one replica: each endpoint-picker replica keeps its own
prefix index, so at two replicas (the operator's default; the library's is one) prefix reuse looks like round-robin."""
from __future__ import annotations

from hyperpod_constructs import GatewayScheduler, InferenceGateway, InstanceGroup
from hyperpod_constructs.intent.inference_gateway import SchedulerWeights
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.resolve.gateway import resolve_gateway
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs import rules

BASE = ResolvedPlatform.of((InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),), NodeAutoscaling(),
                           region="us-west-2", inference_gateway_controller=True)


def advice_for(*schedulers: GatewayScheduler) -> list[str]:
    gateway = InferenceGateway(name="models", allow_unauthenticated=True, schedulers=list(schedulers))
    platform = BASE.with_gateway(resolve_gateway(gateway, BASE))
    return [str(note) for note in rules.advice(platform) if note.rule == "prefix-scheduler-replicas"]


def test_the_default_is_one_replica_and_is_not_advised_against() -> None:
    scheduler = GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct")
    assert scheduler.replicas == 1 and advice_for(scheduler) == []


def test_two_replicas_with_default_prefix_scoring_are_advised_against() -> None:
    (note,) = advice_for(GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct", replicas=2))
    assert "schedulers[0] ('qwen') runs 2 replicas with prefix-aware scoring (weights.prefix=3)" in note
    assert "behaves like round-robin" in note and "GatewayScheduler(replicas=1)" in note


def test_one_replica_no_prefix_weight_or_a_plugins_config_map_is_not_advised() -> None:
    assert advice_for(GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct", replicas=1)) == []
    assert advice_for(GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct",
                                                    weights=SchedulerWeights(prefix=0))) == []
    (note,) = advice_for(GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct", replicas=3,
                                                       weights=SchedulerWeights(prefix=5)))
    assert "runs 3 replicas with prefix-aware scoring (weights.prefix=5)" in note
