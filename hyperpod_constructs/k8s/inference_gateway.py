"""The ``InferenceGatewayConfig`` manifest, rendered from a ``GatewayRecord`` only.

The object has two writers: the inference operator merges a scheduler entry into it for each endpoint that
attaches (``spec.inferenceGateway.name``) and never deletes it. ``SHARED_KINDS`` tells the applier to apply only
our fields and never prune or overwrite the other writer's; ``REQUIRED_KINDS`` names the Gateway API kinds the
gateway controller installs at its own start-up, which the applier waits for before applying the config.

A scheduler that lists LoRA adapters also gets the body-based router's adapter ConfigMap: AWS's page "Inference
Gateway" (example "LoRA adapter ConfigMap") says the router resolves an adapter named in a request body to its base
model from a ConfigMap labelled ``inference.networking.k8s.io/bbr-managed: "true"`` (``data.baseModel``,
``data.adapters``), and the route matches the base model's name; ``loraAdapters`` on the scheduler is documented
only as the adapters served behind the model, so without the ConfigMap a request naming an adapter matches no route.
"""
from __future__ import annotations

from typing import Any, Mapping

import cdk8s

from .. import yaml_writer
from ..crd_model import crd_dump
from ..resolve.gateway_records import GatewayRecord, SchedulerRecord
from .api_objects import MANAGED_BY_LABEL, add_api_object, render_chart

GATEWAY_API_VERSION = "inference.sagemaker.aws.amazon.com/v1alpha1"
GATEWAY_KIND = "InferenceGatewayConfig"
# kubectl names: Kind.version.group (delivery/bundle.kubectl_kind).
SHARED_KINDS = frozenset({f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com"})
# The label the body-based router selects its adapter ConfigMaps by, and the keys it reads.
BBR_MANAGED_LABEL = "inference.networking.k8s.io/bbr-managed"
BASE_MODEL_KEY = "baseModel"
ADAPTERS_KEY = "adapters"
REQUIRED_KINDS: Mapping[str, tuple[str, ...]] = {
    f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com": (
        "Gateway.v1.gateway.networking.k8s.io", "HTTPRoute.v1.gateway.networking.k8s.io"),
}


def render_gateway(gateway: GatewayRecord) -> dict[str, Any]:
    """The ``InferenceGatewayConfig``: every field the declaration set, defaults written out once; the spec is the
    record's dump (``crd_model.crd_dump``), as for every other operator object."""
    return {"apiVersion": GATEWAY_API_VERSION, "kind": GATEWAY_KIND,
            "metadata": {"name": gateway.name, "namespace": gateway.namespace, "labels": dict(MANAGED_BY_LABEL)},
            "spec": crd_dump(gateway)}


def add_gateway_object(chart: cdk8s.Chart, manifest: Mapping[str, Any]) -> cdk8s.ApiObject:
    """The config as a plain ApiObject: its CRD is not published, so ``cdk8s import`` has no class for it."""
    return add_api_object(chart, manifest)


def lora_adapters_config_map_name(gateway: GatewayRecord, scheduler: SchedulerRecord) -> str:
    """``<gateway>.<scheduler>.lora-adapters``: both names are DNS labels (no dots), so two gateways of a namespace
    never render the same name."""
    return f"{gateway.name}.{scheduler.name}.lora-adapters"


def add_lora_adapter_config_maps(chart: cdk8s.Chart, gateway: GatewayRecord) -> list[cdk8s.ApiObject]:
    """One cdk8s-plus ConfigMap per scheduler that lists adapters, in the gateway's namespace (the router reads
    them through a namespaced Role there): ``baseModel`` is the scheduler's ``model_name`` (what the route
    matches), ``adapters`` the YAML list of its adapter names."""
    schedulers = [scheduler for scheduler in gateway.schedulers if scheduler.lora_adapters]
    if not schedulers:
        return []
    import cdk8s_plus_28 as kplus  # loads cdk8s-plus's jsii assembly: only for a gateway with adapters

    objects = []
    for scheduler in schedulers:
        name = lora_adapters_config_map_name(gateway, scheduler)
        config_map = kplus.ConfigMap(
            chart, f"ConfigMap-{gateway.namespace}-{name}",
            metadata=cdk8s.ApiObjectMetadata(name=name, namespace=gateway.namespace,
                                              labels={**MANAGED_BY_LABEL, BBR_MANAGED_LABEL: "true"}),
            data={BASE_MODEL_KEY: scheduler.model_name,
                  ADAPTERS_KEY: yaml_writer.dump(list(scheduler.lora_adapters))})
        objects.append(cdk8s.ApiObject.of(config_map))
    return objects


def lora_adapter_config_map_manifests(gateway: GatewayRecord) -> list[dict[str, Any]]:
    """The ConfigMaps of ``add_lora_adapter_config_maps`` as manifests (rendered by cdk8s); none without adapters."""
    if not any(scheduler.lora_adapters for scheduler in gateway.schedulers):
        return []
    return render_chart(lambda chart: add_lora_adapter_config_maps(chart, gateway))
