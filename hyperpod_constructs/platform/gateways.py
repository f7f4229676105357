"""How an Inference Gateway becomes one chart of the platform: its chart name and its manifest, with a deploy-time
certificate ARN registered as a ``${Name}`` value."""
from __future__ import annotations

from typing import Any, Callable

from aws_cdk import Token

from ..resolve.gateway_records import GatewayRecord
from ..k8s.inference_gateway import render_gateway


def gateway_chart_name(resolved: GatewayRecord) -> str:
    """``inference-gateway-<namespace>-<name>``: names are DNS labels, so two gateways never share a file."""
    return f"inference-gateway-{resolved.namespace}-{resolved.name}"


def gateway_manifest(resolved: GatewayRecord, register: Callable[[str, str, str], str]) -> dict[str, Any]:
    """The config; an ACM certificate created in the stack (a token) becomes a stack output and a placeholder."""
    arn = resolved.acm_certificate_arn
    if arn is not None and Token.is_unresolved(arn):
        words = f"{resolved.namespace}-{resolved.name}".split("-")
        register("InferenceGateway" + "".join(word.capitalize() for word in words) + "CertificateArn", arn,
                 f"ACM certificate of the Inference Gateway {resolved.namespace}/{resolved.name}")
    return render_gateway(resolved)
