"""JumpStartModel (inference.sagemaker.aws.amazon.com/v1): a SageMaker JumpStart model deployment's manifest, the
dump of its ``JumpStartSpec`` and the ``SharedSpec`` it shares with InferenceEndpointConfig."""
from __future__ import annotations

from typing import Any

from ..intent.jumpstart import API_VERSION, KIND
from ..resolve.platform_model import ResolvedEndpoint
from ..resolve.records import JumpStartSpec
from .operator_spec import operator_object


def jumpstart_manifest(endpoint: ResolvedEndpoint) -> dict[str, Any]:
    """The JumpStartModel as a plain dict (unset options omitted: the operator's defaults apply)."""
    jumpstart, shared = endpoint.spec, endpoint.shared
    assert isinstance(jumpstart, JumpStartSpec) and shared is not None  # a record resolve_endpoint built
    return operator_object(API_VERSION, KIND, endpoint.name, endpoint.namespace, jumpstart, shared)
