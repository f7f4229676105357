"""The ``InferenceGatewayConfig`` manifest, rendered from a ``ResolvedGateway`` only.

The object has two writers: the inference operator merges a scheduler entry into it for each endpoint that
attaches (``spec.inferenceGateway.name``) and never deletes it. ``SHARED_KINDS`` tells the applier to apply only
our fields and never prune or overwrite the other writer's; ``REQUIRED_KINDS`` names the Gateway API kinds the
gateway controller installs at its own start-up, which the applier waits for before applying the config.
"""
from __future__ import annotations

from typing import Any, Mapping

import cdk8s

from ..intent.frozen import thaw
from ..intent.inference_gateway import GatewayPodDefaults, GatewayScheduler, JwtAuthentication, ResolvedGateway
from .api_objects import MANAGED_BY_LABEL, add_api_object

GATEWAY_API_VERSION = "inference.sagemaker.aws.amazon.com/v1alpha1"
GATEWAY_KIND = "InferenceGatewayConfig"
# kubectl names: Kind.version.group (delivery/bundle.kubectl_kind).
SHARED_KINDS = frozenset({f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com"})
REQUIRED_KINDS: Mapping[str, tuple[str, ...]] = {
    f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com": (
        "Gateway.v1.gateway.networking.k8s.io", "HTTPRoute.v1.gateway.networking.k8s.io"),
}


def render_gateway(resolved: ResolvedGateway) -> dict[str, Any]:
    """The ``InferenceGatewayConfig``: every field the declaration set, defaults written out once."""
    gateway = resolved.gateway
    bbr: dict[str, Any] = {"enabled": gateway.bbr.enabled, "replicas": gateway.bbr.replicas,
                           "maxRequestBodyBytes": gateway.bbr.max_request_body_bytes}
    if gateway.bbr.default_backend is not None:
        bbr["defaultBackend"] = {"name": gateway.bbr.default_backend, "port": gateway.bbr.default_backend_port}
    tls: dict[str, Any] = {}
    if gateway.tls.acm_certificate_arn is not None:
        tls["acmArn"] = gateway.tls.acm_certificate_arn
    spec: dict[str, Any] = {"bbr": bbr, "tls": tls}
    if gateway.auth is not None:
        spec["auth"] = {"jwt": {"provider": _provider(gateway.auth)}}
    spec["observability"] = {"metrics": {"enabled": gateway.metrics}}
    if gateway.pod_defaults is not None:
        spec["podDefaults"] = _pod_defaults(gateway.pod_defaults)
    spec["schedulers"] = [_scheduler(scheduler) for scheduler in gateway.schedulers]
    return {"apiVersion": GATEWAY_API_VERSION, "kind": GATEWAY_KIND,
            "metadata": {"name": gateway.name, "namespace": resolved.namespace, "labels": dict(MANAGED_BY_LABEL)},
            "spec": spec}


def add_gateway_object(chart: cdk8s.Chart, manifest: Mapping[str, Any]) -> cdk8s.ApiObject:
    """The config as a plain ApiObject: its CRD is not published, so ``cdk8s import`` has no class for it."""
    return add_api_object(chart, manifest)


def _provider(auth: JwtAuthentication) -> dict[str, Any]:
    provider: dict[str, Any] = {"name": auth.provider_name, "issuer": auth.issuer,
                                "remoteJWKS": {"uri": auth.jwks_uri}}
    if auth.audiences:
        provider["audiences"] = list(auth.audiences)
    if auth.required_claims:
        provider["requiredClaims"] = [{"name": claim.name, "valueType": claim.value_type.value,
                                       "values": list(claim.values)} for claim in auth.required_claims]
    return provider


def _pod_defaults(defaults: GatewayPodDefaults) -> dict[str, Any]:
    rendered: dict[str, Any] = {}
    resources = {key: thaw(value) for key, value in (("requests", defaults.requests), ("limits", defaults.limits))
                 if value}
    if resources:
        rendered["resources"] = resources
    for key, value in (("nodeSelector", defaults.node_selector), ("labels", defaults.labels),
                       ("annotations", defaults.annotations)):
        if value:
            rendered[key] = thaw(value)
    if defaults.env:
        rendered["env"] = [{"name": name, "value": value} for name, value in defaults.env.items()]
    return rendered


def _scheduler(scheduler: GatewayScheduler) -> dict[str, Any]:
    rendered: dict[str, Any] = {"name": scheduler.name, "modelName": scheduler.model_name,
                                "modelSelector": {"matchLabels": thaw(scheduler.model_selector)},
                                "targetPort": scheduler.target_port, "scheduler": scheduler.scheduler.value,
                                "replicas": scheduler.replicas}
    if scheduler.engine_type is not None:
        rendered["engineType"] = scheduler.engine_type.value
    if scheduler.app_protocol is not None:
        rendered["appProtocol"] = scheduler.app_protocol.value
    if scheduler.weights is not None:
        weights = scheduler.weights
        rendered["weights"] = {key: value for key, value in (
            ("queue", weights.queue), ("kvCache", weights.kv_cache), ("prefix", weights.prefix), ("lru", weights.lru),
            ("loraAffinity", weights.lora_affinity), ("runningRequests", weights.running_requests),
            ("predictedLatency", weights.predicted_latency)) if value is not None}
    if scheduler.plugins is not None:
        rendered["configMapRef"] = {"name": scheduler.plugins.name, "key": scheduler.plugins.key}
    if scheduler.lora_adapters:
        rendered["loraAdapters"] = list(scheduler.lora_adapters)
    if scheduler.env:
        rendered["env"] = [{"name": name, "value": value} for name, value in scheduler.env.items()]
    if scheduler.route_timeout is not None:
        rendered["routeTimeout"] = scheduler.route_timeout
    if scheduler.log_level is not None:
        rendered["logLevel"] = scheduler.log_level
    return rendered
