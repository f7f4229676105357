"""The request path checked at synth: each gateway scheduler against the engine of the endpoint whose pods it
selects (name, served model names, port, LoRA adapters), and an endpoint's own vLLM args against its mount."""
from __future__ import annotations

from typing import Sequence

import aws_cdk as cdk
import pytest

from hyperpod_constructs import (
    GatewayScheduler, HyperPodInferencePlatform, InferenceEndpoint, InferenceGateway, InferenceOperatorOptions,
    InstanceGroup, ModelSource,
)
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.request_path import engine_view

LLAMA = "meta-llama/Llama-3.1-8B-Instruct"
SERVED = ["/opt/ml/model", "--served-model-name", LLAMA]
LORA = ["--enable-lora", "--lora-modules", "sql=/opt/ml/model/adapters/sql"]


def built(schedulers: Sequence[GatewayScheduler], **endpoints: Sequence[str]) -> HyperPodInferencePlatform:
    platform = HyperPodInferencePlatform(
        cdk.Stack(cdk.App(), "Path"), "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        operator=InferenceOperatorOptions(inference_gateway=True))
    platform.add_inference_gateway(InferenceGateway(name="models", schedulers=list(schedulers),
                                                    allow_unauthenticated=True))
    for name, args in endpoints.items():
        platform.add_endpoint(InferenceEndpoint(name, model=ModelSource.hugging_face(LLAMA),
                                                instance_type="ml.g6e.12xlarge", gpus=1, args=list(args)))
    return platform


def found(rule: str, platform: HyperPodInferencePlatform) -> list[str]:
    return list(rules.RULES[rule].check(platform.resolved_platform))


def test_a_path_that_matches_end_to_end_has_no_finding() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA, lora_adapters=["sql"])],
                     llama=[*SERVED, *LORA])
    assert rules.problems(platform.resolved_platform) == []
    (endpoint,) = platform.resolved_platform.endpoints
    view = engine_view(endpoint)
    assert view is not None and view.served_names == (LLAMA,) and view.adapter_names == ("sql",)
    assert view.model_path == "/opt/ml/model" and view.port == 8000 and view.lora_enabled


def test_a_scheduler_selecting_no_endpoint_names_the_endpoints_there_are() -> None:
    platform = built([GatewayScheduler.for_endpoint("lama", model_name=LLAMA)], llama=SERVED)
    assert found("gateway-scheduler-endpoint-known", platform) == [
        "InferenceGateway default/models: schedulers[0].model_selector={'app': 'lama'} is not allowed; app=<the name "
        "of an endpoint in namespace 'default'> (llama): add endpoint 'lama' to the platform, or select an existing "
        "one with GatewayScheduler.for_endpoint(<endpoint name>, ...)"]


def test_the_default_args_serve_the_mount_path_not_the_hub_id() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA)], llama=["/opt/ml/model"])
    assert found("gateway-model-name-served", platform) == [
        f"InferenceGateway default/models: schedulers[0].model_name='{LLAMA}' is not allowed; a name endpoint "
        f"'llama' serves (/opt/ml/model): set model_name='/opt/ml/model', or add '--served-model-name', '{LLAMA}' "
        "to the endpoint's args"]


def test_a_target_port_other_than_the_endpoints_port() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA, target_port=8080)], llama=SERVED)
    assert found("gateway-target-port", platform) == [
        "InferenceGateway default/models: schedulers[0].target_port=8080 is not allowed; endpoint 'llama''s port "
        "8000 (InferenceEndpoint.port): set target_port=8000"]


def test_an_engine_listening_on_another_port_than_the_endpoints() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA)], llama=[*SERVED, "--port", "9000"])
    assert found("gateway-target-port", platform) == [
        "endpoint 'llama': args[--port]=9000 is not allowed; the endpoint's port 8000: the engine listens on 9000 "
        "while the operator sends requests to 8000; drop --port from args (the library adds it) or set port=9000"]


@pytest.mark.parametrize("args, fix", [
    (SERVED, "an adapter endpoint 'llama''s engine loads (none): add '--enable-lora', '--lora-modules', "
             "'sql=<adapter path under /opt/ml/model>' to its args, or drop the adapter"),
    ([*SERVED, "--lora-modules", "sql=/opt/ml/model/sql"],
     "add '--enable-lora' to endpoint 'llama''s args (vLLM loads no adapter without it)"),
])
def test_an_adapter_the_engine_does_not_load(args: list[str], fix: str) -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA, lora_adapters=["sql"])], llama=args)
    assert found("gateway-lora-adapter-loaded", platform) == [
        f"InferenceGateway default/models: schedulers[0].lora_adapters[0]='sql' is not allowed; {fix}"]


def test_an_adapter_another_endpoint_loads_is_on_the_wrong_base_model() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA, lora_adapters=["sql"]),
                      GatewayScheduler.for_endpoint("other", model_name="other")],
                     llama=SERVED, other=["/opt/ml/model", "--served-model-name", "other", *LORA])
    assert found("gateway-lora-adapter-loaded", platform) == [
        "InferenceGateway default/models: schedulers[0].lora_adapters[0]='sql' is not allowed; an adapter endpoint "
        "'llama' loads; endpoint(s) other load 'sql' on another base model: list it on that endpoint's scheduler"]


@pytest.mark.parametrize("args, shown", [
    (["--max-model-len", "8192"], "'(no model path)'"),
    (["/models/llama", "--max-model-len", "8192"], "'/models/llama'"),
])
def test_own_args_without_the_model_path(args: list[str], shown: str) -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA)], llama=args)
    assert found("engine-args-model-path", platform) == [
        f"endpoint 'llama': args={shown} is not allowed; the model path the operator mounts first: "
        "args=['/opt/ml/model', ...] (or a path under it); vLLM would otherwise load another model or none"]


def test_an_endpoint_keeping_its_router_under_a_gateways_scheduler_is_advised() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA)], llama=SERVED)
    assert [(note.rule, str(note)) for note in rules.advice(platform.resolved_platform)
            if note.rule == "gateway-pods-own-router"] == [(
        "gateway-pods-own-router",
        "endpoint 'llama': routing='prefixaware' while InferenceGateway default/models's scheduler 'llama' "
        "(schedulers[0]) selects the same pods: requests through the gateway bypass the router, and requests "
        "through the router bypass the scheduler; attach the endpoint with inference_gateway='models' (its router is "
        "then left off), or set routing=None")]


def test_the_plan_shows_each_route_from_entry_to_pods() -> None:
    platform = built([GatewayScheduler.for_endpoint("llama", model_name=LLAMA, lora_adapters=["sql"])],
                     llama=[*SERVED, *LORA])
    text = platform.plan.render()
    routes = text[text.index("\nRoutes\n") + 1:].split("\n\n")[0].splitlines()
    pods = f"pods app=llama port 8000 (endpoint llama, serving {LLAMA})"
    assert routes == [
        "Routes",
        f"  the operator's load balancer for default/llama -> path /v1/chat/completions -> router (prefixaware) -> "
        f"{pods}",
        f"  gateway default/models, model '{LLAMA}' -> body-based router -> scheduler llama (llm-d) -> {pods}",
        f"  gateway default/models, LoRA adapter 'sql' on '{LLAMA}' -> body-based router (ConfigMap "
        f"models.llama.lora-adapters) -> scheduler llama (llm-d) -> {pods}"]
