"""Rules between Inference Gateways and the platform they run on."""
from __future__ import annotations

from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from .registry import advice_rule, problem_rule


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


PREFIX_DEFAULT_WEIGHT = 3  # the scheduler's prefix weight when ``weights`` leaves it out


@advice_rule("prefix-scheduler-replicas")
def prefix_scheduler_replicas(platform: ResolvedPlatform) -> list[str]:
    """A prefix-aware scheduler with more than one replica: each keeps its own prefix index."""
    notes = []
    for gateway in platform.gateways:
        for index, scheduler in enumerate(gateway.schedulers):
            if scheduler.replicas <= 1 or scheduler.plugins is not None:
                continue  # a plugins ConfigMap says its own scorers: nothing known to warn about
            weight = scheduler.weights.prefix if scheduler.weights is not None else None
            prefix = PREFIX_DEFAULT_WEIGHT if weight is None else weight
            if prefix <= 0:
                continue
            notes.append(
                f"{gateway.where}: schedulers[{index}] ({scheduler.name!r}) runs {scheduler.replicas} replicas with "
                f"prefix-aware scoring (weights.prefix={prefix}). Each replica of the endpoint picker keeps its own "
                "prefix index, so requests sharing a prefix reach whichever replica the load balancer picks and the "
                "aggregate behaves like round-robin (ai-on-sagemaker-hyperpod, inference-gateway 'endpoint picking'). "
                "Set GatewayScheduler(replicas=1) to keep one index (a restart then starts it empty), or "
                "weights.prefix=0 if prefix reuse is not wanted; acknowledge this warning if the replicas are there "
                "for availability")
    return notes
