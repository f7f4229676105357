"""The plan's Routes section: for each way in, what a client names and the hops a request takes to the pods.

An endpoint is reached through the operator's Application Load Balancer (and, when it registers one, its SageMaker
endpoint), then its intelligent router if it has one, then its pods; a gateway's model through the gateway's
body-based router (BBR), that model's scheduler, then the pods the scheduler selects; a LoRA adapter's request goes
through the same hops once the router has resolved it to its base model by the adapter ConfigMap. Each hop is read from the
resolved records and the engine's arguments (``resolve.request_path``), so the route shows what the rules checked.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..k8s.inference_gateway import lora_adapters_config_map_name
from ..resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from ..resolve.records import CustomSpec, JumpStartSpec
from ..resolve.request_path import engine_view, selected_endpoint


@dataclass(frozen=True)
class Route:
    """One way in: what a client uses, the hops after it and the pods it reaches."""

    entry: str
    """What a client names: a SageMaker endpoint, the operator's load balancer, or a gateway's model."""
    hops: tuple[str, ...]
    """The hops after the entry, in order, the pods last."""


def _pods(endpoint: ResolvedEndpoint) -> str:
    spec = endpoint.spec
    port = f" port {spec.port}" if isinstance(spec, CustomSpec) else ""
    view = engine_view(endpoint)
    served = f", serving {', '.join(view.served_names)}" if view is not None else ""
    return f"pods app={endpoint.name}{port} (endpoint {endpoint.name}{served})"


def _endpoint_route(endpoint: ResolvedEndpoint) -> Optional[Route]:
    shared, spec = endpoint.shared, endpoint.spec
    if shared is None or spec is None or shared.inference_gateway is not None:
        return None
    if shared.sagemaker_endpoint_name:
        entry = f"SageMaker endpoint {shared.sagemaker_endpoint_name} (InvokeEndpoint)"
        hops: tuple[str, ...] = ("the operator's load balancer",)
    else:
        entry, hops = f"the operator's load balancer for {endpoint.key}", ()
    path = spec.invocation_path if isinstance(spec, CustomSpec) else None
    if path:
        hops = hops + (f"path {path}",)
    if shared.routing is not None:
        hops = hops + (f"router ({shared.routing.strategy})",)
    if isinstance(spec, JumpStartSpec):
        hops = hops + (f"pods app={endpoint.name} (JumpStart model {spec.model_id})",)
    else:
        hops = hops + (_pods(endpoint),)
    return Route(entry, hops)


def planned_routes(platform: ResolvedPlatform) -> tuple[Route, ...]:
    """Every way in: each endpoint's own, then each gateway's models and LoRA adapters."""
    routes = [route for endpoint in platform.endpoints if (route := _endpoint_route(endpoint)) is not None]
    for gateway in platform.gateways:
        for scheduler in gateway.schedulers:
            endpoint = selected_endpoint(scheduler.model_selector, gateway.namespace, platform.endpoints)
            selector = ", ".join(f"{key}={value}" for key, value in scheduler.model_selector)
            pods = (_pods(endpoint) if endpoint is not None else f"pods {selector} (no endpoint of the platform)")
            if endpoint is not None and isinstance(endpoint.spec, CustomSpec):
                pods = pods.replace(f" port {endpoint.spec.port}", f" port {scheduler.target_port}")
            after = (f"scheduler {scheduler.name} ({scheduler.scheduler})", pods)
            where = f"gateway {gateway.namespace}/{gateway.name}"
            routes.append(Route(f"{where}, model {scheduler.model_name!r}", ("body-based router", *after)))
            resolved_by = f"body-based router (ConfigMap {lora_adapters_config_map_name(gateway, scheduler)})"
            routes += [Route(f"{where}, LoRA adapter {adapter!r} on {scheduler.model_name!r}", (resolved_by, *after))
                       for adapter in scheduler.lora_adapters]
    return tuple(routes)


def route_lines(routes: tuple[Route, ...]) -> list[str]:
    """The section of ``plan.txt``; nothing without routes."""
    if not routes:
        return []
    return ["", "Routes"] + [f"  {route.entry} -> {' -> '.join(route.hops)}" for route in routes]
