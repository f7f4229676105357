"""A model deployment of either kind (InferenceEndpointConfig or JumpStartModel): its manifest and API object,
written from the endpoint's resolved record (``resolve.endpoint.resolve_endpoint``)."""
from __future__ import annotations

from typing import Any, Optional

import cdk8s

from ..resolve.platform_model import ResolvedEndpoint
from .api_objects import MANAGED_BY_LABEL, add_typed_object
from .endpoint import inference_endpoint_manifest
from .jumpstart import jumpstart_manifest


def render_endpoint(endpoint: ResolvedEndpoint) -> dict[str, Any]:
    """The endpoint's custom resource as a plain dict: an InferenceEndpointConfig or a JumpStartModel."""
    if endpoint.kind == "jumpstart":
        return jumpstart_manifest(endpoint)
    return inference_endpoint_manifest(endpoint)


def endpoint_manifest(endpoint: ResolvedEndpoint, labels: Optional[dict[str, str]] = None) -> dict[str, Any]:
    """The endpoint's custom resource with the library's managed-by label (and ``labels``) on its metadata."""
    manifest = render_endpoint(endpoint)
    manifest["metadata"]["labels"] = {**MANAGED_BY_LABEL, **(labels or {})}
    return manifest


def add_endpoint_object(chart: cdk8s.Chart, endpoint: ResolvedEndpoint,
                        labels: Optional[dict[str, str]] = None) -> cdk8s.ApiObject:
    """The endpoint's custom resource, added to ``chart``: a typed InferenceEndpointConfig or JumpStartModel, converted
    mechanically from the same plain dict ``endpoint_manifest`` returns (one way of writing each object)."""
    manifest = endpoint_manifest(endpoint, labels)
    # The generated modules load their jsii assemblies into Node on import: only when an endpoint of the kind exists.
    if endpoint.kind == "jumpstart":
        from .imports import jumpstart_model as jsm
        return add_typed_object(chart, jsm.JumpStartModel, jsm.JumpStartModelSpec, manifest, endpoint.where)
    from .imports import inference_endpoint_config as iec
    return add_typed_object(chart, iec.InferenceEndpointConfig, iec.InferenceEndpointConfigSpec, manifest,
                            endpoint.where)
