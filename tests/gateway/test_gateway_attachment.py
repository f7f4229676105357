"""Endpoints attached to an Inference Gateway by name (``spec.inferenceGateway``, operator v3.6): rendered on both
kinds, exclusive with intelligent routing (a vLLM endpoint's default router is left off), and known to the platform."""
from __future__ import annotations

import dataclasses

import jsonschema
import pytest

from hyperpod_constructs import (
    GatewayScheduler, InferenceEndpoint, InferenceGateway, JumpStartEndpoint, ModelSource, Routing,
)
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.resolve.gateway import resolve_gateway
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore, ResolvedPlatform
from hyperpod_constructs.k8s.model_deployment import render_endpoint
from rule_support import with_endpoints
from support import validate_manifest

VIEW = ResolvedPlatform(
    instance_groups=(InstanceGroup("g5", "ml.g5.12xlarge", count=1),), region="us-west-2", namespace="inference",
    model_store=ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs.example", mount_name="abcdefgh",
                                   claim_prefix="model-store", import_path="s3://my-models/"),
    tls_certificate_s3_uri="s3://hyperpod-tls-123456789012/certs")
GATEWAY = InferenceGateway(name="models", allow_unauthenticated=True, schedulers=[
    GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct")])


def qwen(**fields) -> InferenceEndpoint:
    return InferenceEndpoint("qwen", model=ModelSource.fsx("models/qwen/"), instance_type="ml.g5.12xlarge", gpus=1,
                             **fields)


def test_an_attached_endpoint_names_its_gateway_and_has_no_router() -> None:
    manifest = render_endpoint(resolve_endpoint(qwen(inference_gateway="models"), VIEW))
    validate_manifest(manifest)  # the carried CRD with the v3.6 fields AWS documents
    spec = manifest["spec"]
    assert spec["inferenceGateway"] == {"enabled": True, "name": "models"}
    assert "intelligentRoutingSpec" not in spec  # AUTO routing is off behind a gateway
    plain = render_endpoint(resolve_endpoint(qwen(), VIEW))["spec"]
    assert "inferenceGateway" not in plain and plain["intelligentRoutingSpec"]["routingStrategy"] == "prefixaware"


def test_a_jumpstart_endpoint_attaches_the_same_way() -> None:
    endpoint = JumpStartEndpoint("llama", model_id="meta-textgeneration-llama-3-1-8b-instruct",
                                 instance_type="ml.g5.12xlarge", accept_eula=True, inference_gateway="models")
    assert render_endpoint(resolve_endpoint(endpoint, VIEW))["spec"]["inferenceGateway"] == {
        "enabled": True, "name": "models"}


def test_intelligent_routing_and_a_gateway_are_exclusive() -> None:
    with pytest.raises(HyperPodValidationError, match="endpoint 'qwen': routing=<Routing.KV_AWARE: 'kvaware'> is not "
                                                      "allowed; None with inference_gateway"):
        qwen(inference_gateway="models", routing=Routing.KV_AWARE)
    assert qwen(inference_gateway="models", routing=None).defaults.routing is None
    assert qwen(inference_gateway="models").defaults.routing is None  # the default router is off when attached
    assert qwen().defaults.routing is not None


def test_the_gateway_name_is_a_kubernetes_name() -> None:
    with pytest.raises(HyperPodValidationError, match="endpoint 'qwen': inference_gateway='Models' is not allowed; "
                                                      "a Kubernetes name"):
        qwen(inference_gateway="Models")


def test_an_endpoint_attaches_only_to_a_gateway_of_the_platform_in_its_namespace() -> None:
    platform = dataclasses.replace(VIEW, inference_gateway_controller=True)
    attached = with_endpoints(platform.with_gateway(resolve_gateway(GATEWAY, platform)), qwen(
        inference_gateway="models", args=["/opt/ml/model", "--served-model-name", "Qwen/Qwen2.5-7B-Instruct"]))
    assert rules.problems(attached) == []
    in_team = resolve_gateway(GATEWAY, ResolvedPlatform(namespace="team"))
    elsewhere = with_endpoints(platform.with_gateway(in_team), qwen(inference_gateway="models"))
    assert rules.RULES["gateway-attachment-known"].check(elsewhere) == [
        "endpoint 'qwen': inference_gateway='models' is not allowed; the name of an Inference Gateway added to the "
        f"platform in namespace {platform.namespace!r} (none yet): "
        "platform.add_inference_gateway(InferenceGateway(...))"]


def test_the_v3_6_fields_are_checked_as_strictly_as_the_carried_crd() -> None:
    manifest = render_endpoint(resolve_endpoint(qwen(inference_gateway="models"), VIEW))
    manifest["spec"]["inferenceGateway"]["namespace"] = "inference"
    with pytest.raises(jsonschema.ValidationError, match="Additional properties are not allowed"):
        validate_manifest(manifest)
