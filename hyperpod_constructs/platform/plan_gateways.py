"""The plan's Inference Gateways section: per gateway its name and namespace, the models it routes (each model's
scheduler and LoRA adapters), how it authenticates requests and which endpoints attach to it by name."""
from __future__ import annotations

from dataclasses import dataclass

from ..resolve.gateway_records import GatewayRecord, JwtRecord
from ..resolve.platform_model import ResolvedPlatform


@dataclass(frozen=True)
class PlannedGateway:
    """One gateway as the plan shows it."""

    gateway: GatewayRecord
    """The gateway the platform holds.
    Required."""
    attached: tuple[str, ...] = ()
    """The endpoints of its namespace that attach to it by name (``inference_gateway=``), in the order added.
    Default: none."""


def planned_gateways(platform: ResolvedPlatform) -> tuple[PlannedGateway, ...]:
    """Each gateway of the platform with the endpoints attached to it."""
    return tuple(PlannedGateway(gateway, tuple(
        endpoint.name for endpoint in platform.endpoints
        if endpoint.namespace == gateway.namespace and endpoint.shared is not None
        and endpoint.shared.inference_gateway == gateway.name)) for gateway in platform.gateways)


def describe_auth(auth: JwtRecord | None) -> str:
    """How the gateway checks requests, in one line."""
    if auth is None:
        return "none: anyone who reaches its load balancer (allow_unauthenticated=True)"
    checks = [f"audiences {', '.join(auth.audiences)}"] if auth.audiences else []
    checks += [f"claim {claim.name} in {', '.join(claim.values)}" for claim in auth.required_claims]
    return f"JWT from {auth.provider_name} (issuer {auth.issuer}; {'; '.join(checks)})"


def gateway_lines(gateways: tuple[PlannedGateway, ...]) -> list[str]:
    """The section of ``plan.txt``; nothing without gateways."""
    if not gateways:
        return []
    lines = ["", "Inference Gateways"]
    for planned in gateways:
        gateway = planned.gateway
        lines.append(f"  {gateway.name} (namespace {gateway.namespace})")
        lines.append(f"    authentication: {describe_auth(gateway.auth)}")
        for scheduler in gateway.schedulers:
            selector = ", ".join(f"{key}={value}" for key, value in scheduler.model_selector)
            adapters = f"; LoRA adapters {', '.join(scheduler.lora_adapters)}" if scheduler.lora_adapters else ""
            replicas = "1 replica" if scheduler.replicas == 1 else f"{scheduler.replicas} replicas"
            lines.append(f"    model {scheduler.model_name}: scheduler {scheduler.name} ({scheduler.scheduler}, "
                         f"{replicas}), pods {selector}{adapters}")
        attached = ", ".join(planned.attached) or "none (its schedulers select pods by label)"
        lines.append(f"    endpoints attached: {attached}")
    return lines
