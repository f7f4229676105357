"""Rules between Inference Gateways and the platform they run on."""
from __future__ import annotations

from ...errors import format_problem
from ..platform_model import ResolvedPlatform
from .registry import problem_rule


@problem_rule("gateway-needs-controller")
def gateway_needs_controller(platform: ResolvedPlatform) -> list[str]:
    """An Inference Gateway needs the add-on's gateway controller (its CRD comes with it)."""
    if platform.inference_gateway_controller:
        return []
    return [format_problem(gateway.where, "operator.inference_gateway", False,
                           "True: the InferenceGatewayConfig CRD and its controller come with the add-on's gateway "
                           "(InferenceOperatorOptions(inference_gateway=True) on the platform)")
            for gateway in platform.gateways]
