"""The InferenceGatewayConfig as the k8s layer renders it from the resolved gateway: every field in the place AWS
documents it, valid against the hand-written CRD (which refuses what the documentation does not name)."""
from __future__ import annotations

import copy

import jsonschema
import pytest
import yaml

from support import validate_manifest as validate_gateway
from hyperpod_constructs import (
    AppProtocol, BodyBasedRouting, EngineType, GatewayPodDefaults, GatewayScheduler, GatewayTls, InferenceGateway,
    JwtAuthentication, PluginsConfigMap, RequiredClaim, SchedulerWeights,
)
from hyperpod_constructs.k8s.inference_gateway import lora_adapter_config_map_manifests, render_gateway
from hyperpod_constructs.resolve.gateway import resolve_gateway
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

DEFAULT_NAMESPACE = ResolvedPlatform(namespace="default")  # a platform deploying to "default"
ISSUER = "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_Abc"
EVERY_FIELD = InferenceGateway(
    name="models", namespace="serving",
    bbr=BodyBasedRouting(replicas=3, default_backend="qwen", default_backend_port=8080, max_request_body_bytes=1 << 20),
    tls=GatewayTls(acm_certificate_arn="arn:aws:acm:us-west-2:111122223333:certificate/0a1b-2c3d"),
    auth=JwtAuthentication(provider_name="cognito", issuer=ISSUER, jwks_uri=f"{ISSUER}/.well-known/jwks.json",
                           audiences=["client"], required_claims=[RequiredClaim(
                               name="groups", values=["ml"], value_type="StringArray")]),
    metrics=False,
    pod_defaults=GatewayPodDefaults(node_selector={"pool": "system"}, labels={"team": "ml"},
                                    annotations={"a": "b"}, env={"LOG": "json"}, requests={"cpu": "250m"},
                                    limits={"memory": "1Gi"}),
    schedulers=[
        GatewayScheduler(name="qwen", model_name="Qwen/Qwen2.5-7B-Instruct", model_selector={"app": "qwen"},
                         target_port=8080, engine_type=EngineType.VLLM, app_protocol=AppProtocol.H2C,
                         weights=SchedulerWeights(queue=3, kv_cache=1, prefix=0, lru=1, lora_affinity=2,
                                                  running_requests=1, predicted_latency=1),
                         replicas=1, lora_adapters=["sql"], env={"VERBOSE": "1"}, route_timeout="300s", log_level=2),
        GatewayScheduler(name="llama", model_name="meta-llama/Llama-3.1-8B-Instruct", model_selector={"app": "llama"},
                         scheduler="epp", engine_type="sglang", plugins=PluginsConfigMap(name="llama-plugins")),
    ])


def test_every_field_is_where_aws_documents_it(snapshot) -> None:
    manifest = render_gateway(resolve_gateway(EVERY_FIELD, DEFAULT_NAMESPACE))
    validate_gateway(manifest)
    assert manifest == snapshot
    assert manifest["metadata"] == {"name": "models", "namespace": "serving",
                                    "labels": {"app.kubernetes.io/managed-by": "hyperpod-constructs"}}
    spec = manifest["spec"]
    assert spec["bbr"]["defaultBackend"] == {"name": "qwen", "port": 8080}
    assert spec["auth"]["jwt"]["provider"]["remoteJWKS"] == {"uri": f"{ISSUER}/.well-known/jwks.json"}
    assert spec["schedulers"][0]["weights"] == {"queue": 3, "kvCache": 1, "prefix": 0, "lru": 1, "loraAffinity": 2,
                                                "runningRequests": 1, "predictedLatency": 1}
    assert spec["schedulers"][1]["configMapRef"] == {"name": "llama-plugins", "key": "default-plugins.yaml"}
    assert "weights" not in spec["schedulers"][1]


def test_defaults_are_written_once_and_tls_without_a_certificate_is_an_empty_map() -> None:
    gateway = InferenceGateway(name="one", allow_unauthenticated=True, schedulers=[GatewayScheduler(
        name="qwen", model_name="Qwen/Qwen2.5-7B-Instruct", model_selector={"app": "qwen"})])
    manifest = render_gateway(resolve_gateway(gateway, DEFAULT_NAMESPACE))
    validate_gateway(manifest)
    assert manifest["spec"] == {
        "bbr": {"enabled": True, "replicas": 2, "maxRequestBodyBytes": 268435456}, "tls": {},
        "observability": {"metrics": {"enabled": True}},
        "schedulers": [{"name": "qwen", "modelName": "Qwen/Qwen2.5-7B-Instruct",
                        "modelSelector": {"matchLabels": {"app": "qwen"}}, "targetPort": 8000, "scheduler": "llm-d",
                        "replicas": 1}]}


@pytest.mark.parametrize("path,value", [(("spec", "bbr", "mode"), "body"), (("spec", "tls", "certificate"), "x"),
                                        (("spec", "schedulers", 0, "weight"), 1)])
def test_the_hand_written_schema_refuses_fields_aws_does_not_document(path, value) -> None:
    manifest = copy.deepcopy(render_gateway(resolve_gateway(EVERY_FIELD, DEFAULT_NAMESPACE)))
    node = manifest
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(jsonschema.ValidationError, match="Additional properties are not allowed"):
        validate_gateway(manifest)


def test_the_hand_written_schema_refuses_what_aws_limits() -> None:
    manifest = copy.deepcopy(render_gateway(resolve_gateway(EVERY_FIELD, DEFAULT_NAMESPACE)))
    manifest["spec"]["schedulers"][0]["scheduler"] = "round-robin"
    with pytest.raises(jsonschema.ValidationError, match="'round-robin' is not one of \\['llm-d', 'epp'\\]"):
        validate_gateway(manifest)
    manifest["spec"]["schedulers"][0]["scheduler"] = "llm-d"
    del manifest["spec"]["bbr"]
    with pytest.raises(jsonschema.ValidationError, match="'bbr' is a required property"):
        validate_gateway(manifest)


def test_a_scheduler_with_adapters_gets_the_routers_adapter_config_map_in_the_gateways_namespace() -> None:
    """AWS's "LoRA adapter ConfigMap": the body-based router resolves an adapter named in a request to its base model
    from a ConfigMap labelled bbr-managed; the base model is the scheduler's model_name, which the route matches."""
    record = resolve_gateway(EVERY_FIELD, DEFAULT_NAMESPACE)
    (config_map,) = lora_adapter_config_map_manifests(record)  # only qwen lists adapters
    assert (config_map["apiVersion"], config_map["kind"]) == ("v1", "ConfigMap")
    assert config_map["metadata"]["name"] == "models.qwen.lora-adapters"
    assert config_map["metadata"]["namespace"] == "serving"
    assert config_map["metadata"]["labels"] == {"app.kubernetes.io/managed-by": "hyperpod-constructs",
                                                "inference.networking.k8s.io/bbr-managed": "true"}
    assert config_map["data"]["baseModel"] == "Qwen/Qwen2.5-7B-Instruct"
    assert yaml.safe_load(config_map["data"]["adapters"]) == ["sql"]
    without = InferenceGateway(name="one", allow_unauthenticated=True, schedulers=[GatewayScheduler(
        name="qwen", model_name="Qwen/Qwen2.5-7B-Instruct", model_selector={"app": "qwen"})])
    assert lora_adapter_config_map_manifests(resolve_gateway(without, DEFAULT_NAMESPACE)) == []
