"""The plan (plan.txt) lists each Inference Gateway: name and namespace, the models it routes with their schedulers
and LoRA adapters, its authentication and the endpoints attached to it by name."""
from __future__ import annotations

import aws_cdk as cdk

from hyperpod_constructs import (
    GatewayScheduler, HyperPodInferencePlatform, InferenceEndpoint, InferenceGateway, InferenceOperatorOptions,
    InstanceGroup, JwtAuthentication, ModelSource,
)

ISSUER = "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_Abc"


def platform() -> HyperPodInferencePlatform:
    stack = cdk.Stack(cdk.App(), "GatewayPlan")
    return HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge",
                                                                                       count=1)],
                                     operator=InferenceOperatorOptions(inference_gateway=True))


def endpoint(name: str, **fields) -> InferenceEndpoint:
    return InferenceEndpoint(name, model=ModelSource.fsx(f"models/{name}/"), instance_type="ml.g6e.12xlarge", gpus=1,
                             **fields)


def gateway_section(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("Inference Gateways")
    end = next((i for i in range(start + 1, len(lines)) if not lines[i]), len(lines))
    return lines[start + 1:end]


def test_the_plan_lists_a_gateway_its_models_auth_and_attached_endpoints() -> None:
    built = platform()
    built.add_endpoint(endpoint("llama", inference_gateway="models"))
    built.add_endpoint(endpoint("qwen", inference_gateway="models"))
    built.add_endpoint(endpoint("mistral"))  # selected by label, not attached
    built.add_inference_gateway(InferenceGateway(
        name="models", schedulers=[
            GatewayScheduler.for_endpoint("llama", model_name="meta-llama/Llama-3.1-8B-Instruct",
                                          lora_adapters=["llama-sql", "llama-chat"]),
            GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct", replicas=3),
            GatewayScheduler.for_endpoint("mistral", model_name="mistralai/Mistral-7B-Instruct-v0.3")],
        auth=JwtAuthentication(provider_name="cognito", issuer=ISSUER, jwks_uri=f"{ISSUER}/.well-known/jwks.json",
                               audiences=["models-client"])))
    assert gateway_section(built.plan.render()) == [
        "  models (namespace default)",
        f"    authentication: JWT from cognito (issuer {ISSUER}; audiences models-client)",
        "    model meta-llama/Llama-3.1-8B-Instruct: scheduler llama (llm-d, 1 replica), pods app=llama; "
        "LoRA adapters llama-sql, llama-chat",
        "    model Qwen/Qwen2.5-7B-Instruct: scheduler qwen (llm-d, 3 replicas), pods app=qwen",
        "    model mistralai/Mistral-7B-Instruct-v0.3: scheduler mistral (llm-d, 1 replica), pods app=mistral",
        "    endpoints attached: llama, qwen",
    ]


def test_an_unauthenticated_gateway_in_another_namespace_without_attachments() -> None:
    built = platform()
    built.add_inference_gateway(InferenceGateway(name="open", namespace="team", allow_unauthenticated=True,
                                                 schedulers=[GatewayScheduler.for_endpoint("qwen", model_name="q")]))
    section = gateway_section(built.plan.render())
    assert section[0] == "  open (namespace team)"
    assert section[1] == "    authentication: none: anyone who reaches its load balancer (allow_unauthenticated=True)"
    assert section[-1] == "    endpoints attached: none (its schedulers select pods by label)"


def test_an_endpoint_of_another_namespace_is_not_counted_as_attached() -> None:
    built = platform()
    built.add_inference_gateway(InferenceGateway(name="models", allow_unauthenticated=True,
                                                 schedulers=[GatewayScheduler.for_endpoint("qwen", model_name="q")]))
    built.add_inference_gateway(InferenceGateway(name="models", namespace="team", allow_unauthenticated=True,
                                                 schedulers=[GatewayScheduler.for_endpoint("qwen", model_name="q")]))
    built.add_endpoint(endpoint("qwen", namespace="team", inference_gateway="models"))
    text = built.plan.render()
    assert [line for line in gateway_section(text) if "attached" in line] == [
        "    endpoints attached: none (its schedulers select pods by label)", "    endpoints attached: qwen"]


def test_a_platform_without_gateways_has_no_gateway_section() -> None:
    built = platform()
    built.add_endpoint(endpoint("qwen"))
    assert "Inference Gateways" not in built.plan.render()
