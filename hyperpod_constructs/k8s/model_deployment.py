"""A model deployment of either kind (InferenceEndpointConfig or JumpStartModel): its manifest and API object."""
from __future__ import annotations

from typing import Any, Optional, Union

import cdk8s

from ..intent.endpoint import InferenceEndpoint
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.platform_model import ResolvedPlatform
from .api_objects import MANAGED_BY_LABEL, add_typed_object
from .endpoint import inference_endpoint_manifest
from .jumpstart import jumpstart_manifest

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


def render_endpoint(endpoint: Endpoint, platform: ResolvedPlatform) -> dict[str, Any]:
    """The endpoint's custom resource as a plain dict: an InferenceEndpointConfig or a JumpStartModel."""
    if isinstance(endpoint, JumpStartEndpoint):
        return jumpstart_manifest(endpoint, platform)
    return inference_endpoint_manifest(endpoint, platform)


def endpoint_manifest(endpoint: Endpoint, platform: ResolvedPlatform,
                      labels: Optional[dict[str, str]] = None) -> dict[str, Any]:
    """The endpoint's custom resource with the library's managed-by label (and ``labels``) on its metadata."""
    manifest = render_endpoint(endpoint, platform)
    manifest["metadata"]["labels"] = {**MANAGED_BY_LABEL, **(labels or {})}
    return manifest


def add_endpoint_object(chart: cdk8s.Chart, endpoint: Endpoint, platform: ResolvedPlatform,
                        labels: Optional[dict[str, str]] = None) -> cdk8s.ApiObject:
    """The endpoint's custom resource, added to ``chart``: a typed InferenceEndpointConfig or JumpStartModel."""
    manifest = endpoint_manifest(endpoint, platform, labels)
    # The generated modules load their jsii assemblies into Node on import: only when an endpoint of the kind exists.
    if isinstance(endpoint, JumpStartEndpoint):
        from .imports import jumpstart_model as jsm
        return add_typed_object(chart, jsm.JumpStartModel, jsm.JumpStartModelSpec, manifest, endpoint.where)
    from .imports import inference_endpoint_config as iec
    return add_typed_object(chart, iec.InferenceEndpointConfig, iec.InferenceEndpointConfigSpec, manifest,
                            endpoint.where)
