"""One cdk8s chart per model deployment: the InferenceEndpointConfig or JumpStartModel the operator reconciles."""
from __future__ import annotations

from typing import Any, Optional, Union

import cdk8s
from constructs import Construct

from ..intent.endpoint import InferenceEndpoint
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.platform_view import PlatformView
from .api_objects import MANAGED_BY_LABEL, add_api_object

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


def endpoint_manifest(endpoint: Endpoint, view: PlatformView,
                      labels: Optional[dict[str, str]] = None) -> dict[str, Any]:
    """The endpoint's manifest with the library's managed-by label (and ``labels``) on its metadata."""
    manifest = endpoint.to_manifest(view)
    manifest["metadata"]["labels"] = {**MANAGED_BY_LABEL, **(labels or {})}
    return manifest


class EndpointChart(cdk8s.Chart):
    """Holds one endpoint's custom resource; rendering happens in plain Python (``endpoint.to_manifest``)."""

    def __init__(self, scope: Construct, construct_id: str, *, endpoint: Endpoint, view: PlatformView,
                 labels: Optional[dict[str, str]] = None) -> None:
        super().__init__(scope, construct_id, disable_resource_name_hashes=True)
        self.endpoint = endpoint
        self.manifest = endpoint_manifest(endpoint, view, labels)
        self.api_object = add_api_object(self, self.manifest)
