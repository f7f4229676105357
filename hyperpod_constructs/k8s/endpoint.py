"""InferenceEndpointConfig (inference.sagemaker.aws.amazon.com/v1): a custom model deployment's manifest, the dump
of its ``CustomSpec`` (model source, worker, disaggregated sides, tags) and the ``SharedSpec`` it shares with
JumpStartModel."""
from __future__ import annotations

from typing import Any

from ..intent.endpoint import API_VERSION, KIND
from ..resolve.platform_model import ResolvedEndpoint
from ..resolve.records import CustomSpec
from .operator_spec import operator_object


def inference_endpoint_manifest(endpoint: ResolvedEndpoint) -> dict[str, Any]:
    """The InferenceEndpointConfig as a plain dict (unset options omitted: the operator's defaults apply)."""
    custom, shared = endpoint.spec, endpoint.shared
    assert isinstance(custom, CustomSpec) and shared is not None  # a record resolve_endpoint built
    return operator_object(API_VERSION, KIND, endpoint.name, endpoint.namespace, custom, shared)
