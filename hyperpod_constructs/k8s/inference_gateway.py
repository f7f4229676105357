"""The ``InferenceGatewayConfig`` manifest, rendered from a ``GatewayRecord`` only.

The object has two writers: the inference operator merges a scheduler entry into it for each endpoint that
attaches (``spec.inferenceGateway.name``) and never deletes it. ``SHARED_KINDS`` tells the applier to apply only
our fields and never prune or overwrite the other writer's; ``REQUIRED_KINDS`` names the Gateway API kinds the
gateway controller installs at its own start-up, which the applier waits for before applying the config.
"""
from __future__ import annotations

from typing import Any, Mapping

import cdk8s

from ..resolve.gateway_records import GatewayRecord, JwtRecord, PodDefaultsRecord, SchedulerRecord
from .api_objects import MANAGED_BY_LABEL, add_api_object

GATEWAY_API_VERSION = "inference.sagemaker.aws.amazon.com/v1alpha1"
GATEWAY_KIND = "InferenceGatewayConfig"
# kubectl names: Kind.version.group (delivery/bundle.kubectl_kind).
SHARED_KINDS = frozenset({f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com"})
REQUIRED_KINDS: Mapping[str, tuple[str, ...]] = {
    f"{GATEWAY_KIND}.v1alpha1.inference.sagemaker.aws.amazon.com": (
        "Gateway.v1.gateway.networking.k8s.io", "HTTPRoute.v1.gateway.networking.k8s.io"),
}


def render_gateway(gateway: GatewayRecord) -> dict[str, Any]:
    """The ``InferenceGatewayConfig``: every field the declaration set, defaults written out once."""
    bbr: dict[str, Any] = {"enabled": gateway.bbr.enabled, "replicas": gateway.bbr.replicas,
                           "maxRequestBodyBytes": gateway.bbr.max_request_body_bytes}
    if gateway.bbr.default_backend is not None:
        bbr["defaultBackend"] = {"name": gateway.bbr.default_backend, "port": gateway.bbr.default_backend_port}
    tls = {"acmArn": gateway.acm_certificate_arn} if gateway.acm_certificate_arn is not None else {}
    spec: dict[str, Any] = {"bbr": bbr, "tls": tls}
    if gateway.auth is not None:
        spec["auth"] = {"jwt": {"provider": _provider(gateway.auth)}}
    spec["observability"] = {"metrics": {"enabled": gateway.metrics}}
    if gateway.pod_defaults is not None:
        spec["podDefaults"] = _pod_defaults(gateway.pod_defaults)
    spec["schedulers"] = [_scheduler(scheduler) for scheduler in gateway.schedulers]
    return {"apiVersion": GATEWAY_API_VERSION, "kind": GATEWAY_KIND,
            "metadata": {"name": gateway.name, "namespace": gateway.namespace, "labels": dict(MANAGED_BY_LABEL)},
            "spec": spec}


def add_gateway_object(chart: cdk8s.Chart, manifest: Mapping[str, Any]) -> cdk8s.ApiObject:
    """The config as a plain ApiObject: its CRD is not published, so ``cdk8s import`` has no class for it."""
    return add_api_object(chart, manifest)


def _env(values: Mapping[str, str]) -> list[dict[str, str]]:
    return [{"name": name, "value": value} for name, value in values.items()]


def _provider(auth: JwtRecord) -> dict[str, Any]:
    provider: dict[str, Any] = {"name": auth.provider_name, "issuer": auth.issuer,
                                "remoteJWKS": {"uri": auth.jwks_uri}}
    if auth.audiences:
        provider["audiences"] = list(auth.audiences)
    if auth.required_claims:
        provider["requiredClaims"] = [{"name": name, "valueType": value_type, "values": list(values)}
                                      for name, value_type, values in auth.required_claims]
    return provider


def _pod_defaults(defaults: PodDefaultsRecord) -> dict[str, Any]:
    rendered: dict[str, Any] = {}
    resources = {key: dict(value) for key, value in (("requests", defaults.requests), ("limits", defaults.limits))
                 if value}
    if resources:
        rendered["resources"] = resources
    for key, value in (("nodeSelector", defaults.node_selector), ("labels", defaults.labels),
                       ("annotations", defaults.annotations)):
        if value:
            rendered[key] = dict(value)
    if defaults.env:
        rendered["env"] = _env(defaults.env)
    return rendered


def _scheduler(scheduler: SchedulerRecord) -> dict[str, Any]:
    rendered: dict[str, Any] = {"name": scheduler.name, "modelName": scheduler.model_name,
                                "modelSelector": {"matchLabels": dict(scheduler.model_selector)},
                                "targetPort": scheduler.target_port, "scheduler": scheduler.scheduler,
                                "replicas": scheduler.replicas}
    optional: dict[str, Any] = {
        "engineType": scheduler.engine_type, "appProtocol": scheduler.app_protocol,
        "weights": dict(scheduler.weights) if scheduler.weights is not None else None,
        "configMapRef": {"name": scheduler.plugins[0], "key": scheduler.plugins[1]} if scheduler.plugins else None,
        "loraAdapters": list(scheduler.lora_adapters) or None, "env": _env(scheduler.env) or None,
        "routeTimeout": scheduler.route_timeout, "logLevel": scheduler.log_level}
    rendered.update({key: value for key, value in optional.items() if value is not None})
    return rendered
