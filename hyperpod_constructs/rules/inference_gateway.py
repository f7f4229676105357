"""Rules between Inference Gateways and the platform they run on."""
from __future__ import annotations

from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
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


@problem_rule("gateway-attachment-known")
def gateway_attachment_known(platform: ResolvedPlatform) -> list[str]:
    """An endpoint attaches to an Inference Gateway of the platform, in the endpoint's namespace."""
    problems = []
    for endpoint in platform.endpoints:
        name = endpoint.shared.inference_gateway if endpoint.shared is not None else None
        if name is None:
            continue
        known = sorted(gateway.name for gateway in platform.gateways if gateway.namespace == endpoint.namespace)
        if name not in known:
            problems.append(format_problem(
                endpoint.where, "inference_gateway", name,
                f"the name of an Inference Gateway added to the platform in namespace {endpoint.namespace!r} "
                f"({', '.join(known) or 'none yet'}): platform.add_inference_gateway(InferenceGateway(...))"))
    return problems
