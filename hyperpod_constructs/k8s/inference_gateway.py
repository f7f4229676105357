"""The ``InferenceGatewayConfig`` manifest, rendered from a ``GatewayRecord`` only.

The object has two writers: the inference operator merges a scheduler entry into it for each endpoint that
attaches (``spec.inferenceGateway.name``) and never deletes it. ``SHARED_KINDS`` tells the applier to apply only
our fields and never prune or overwrite the other writer's; ``REQUIRED_KINDS`` names the Gateway API kinds the
gateway controller installs at its own start-up, which the applier waits for before applying the config.
"""
from __future__ import annotations

from typing import Any, Mapping

import cdk8s

from ..crd_model import crd_dump
from ..resolve.gateway_records import GatewayRecord
from .api_objects import MANAGED_BY_LABEL, add_api_object

GATEWAY_API_VERSION = "inference.sagemaker.aws.amazon.com/v1alpha1"
GATEWAY_KIND = "InferenceGatewayConfig"
# kubectl names: Kind.version.group (delivery/bundle.kubectl_kind).
SHARED_KINDS = frozenset({f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com"})
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
