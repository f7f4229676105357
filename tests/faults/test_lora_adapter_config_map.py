"""The body-based router's LoRA adapter ConfigMap, applied next to its InferenceGatewayConfig by the real kubectl
against the loopback API server: it lands in the gateway's namespace with the label the router selects it by and the
base model the route matches, and goes (pruned) when the scheduler no longer lists adapters."""
from __future__ import annotations

from typing import Any

import yaml

from faults.bundles import LABELS, bundle_zip, properties
from faults.conftest import INFERENCE_GATEWAY_CRD, gateway_api_crds
from hyperpod_constructs import GatewayScheduler, InferenceGateway
from hyperpod_constructs.k8s.inference_gateway import (
    BBR_MANAGED_LABEL, lora_adapter_config_map_manifests, render_gateway)
from hyperpod_constructs.resolve.gateway import resolve_gateway
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

CHART = "inference-gateway-default-models"


def gateway(*adapters: str) -> InferenceGateway:
    return InferenceGateway(name="models", allow_unauthenticated=True, schedulers=[
        GatewayScheduler.for_endpoint("llama", model_name="meta-llama/Llama-3.1-8B-Instruct", lora_adapters=adapters),
        GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct")])


def chart(declared: InferenceGateway) -> list[dict[str, Any]]:
    """The gateway chart's objects with the platform's label, as the bundle carries them."""
    record = resolve_gateway(declared, ResolvedPlatform(namespace="default"))
    out = []
    for manifest in [render_gateway(record), *lora_adapter_config_map_manifests(record)]:
        labels = {**manifest["metadata"].get("labels", {}), **LABELS}
        out.append({**manifest, "metadata": {**manifest["metadata"], "labels": labels}})
    return out


def routers_config_maps(kube) -> list[dict[str, Any]]:
    """What the router finds: ConfigMaps of the gateway's namespace carrying its label."""
    return [item for item in kube.objects() if item["kind"] == "ConfigMap"
            and item["metadata"].get("namespace") == "default"
            and (item["metadata"].get("labels") or {}).get(BBR_MANAGED_LABEL) == "true"]


def test_the_adapter_config_map_is_applied_with_the_gateway_and_pruned_with_its_adapters(aws, kube, manifests):
    kube.server.install_crd_file(INFERENCE_GATEWAY_CRD)
    for crd in gateway_api_crds():
        kube.server.install_crd(crd)
    aws.bundles["v1.zip"] = bundle_zip({CHART: chart(gateway("llama-8b-sql", "llama-8b-chat"))})

    assert manifests.create(properties("v1.zip")) == "CREATE_COMPLETE", manifests.reasons()

    (found,) = routers_config_maps(kube)
    assert found["metadata"]["name"] == "models.llama.lora-adapters"
    assert found["data"]["baseModel"] == "meta-llama/Llama-3.1-8B-Instruct"
    assert yaml.safe_load(found["data"]["adapters"]) == ["llama-8b-sql", "llama-8b-chat"]
    live = kube.get("inference.sagemaker.aws.amazon.com/v1alpha1", "InferenceGatewayConfig", "default", "models")
    assert live is not None
    routes = {entry["modelName"] for entry in live["spec"]["schedulers"]}
    assert found["data"]["baseModel"] in routes  # the base model resolves to a route the gateway has

    aws.bundles["v2.zip"] = bundle_zip({CHART: chart(gateway())})
    assert manifests.update(properties("v2.zip")) == "UPDATE_COMPLETE", manifests.reasons()
    assert routers_config_maps(kube) == []
