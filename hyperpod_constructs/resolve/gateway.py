"""An Inference Gateway as its record (``gateway_records.GatewayRecord``): every default filled once, from the
declared ``InferenceGateway`` and the platform it is added to; the k8s layer renders the config from the record."""
from __future__ import annotations

from ..intent.frozen import thaw
from ..intent.inference_gateway import GatewayScheduler, InferenceGateway
from .gateway_records import BbrRecord, GatewayRecord, JwtRecord, PodDefaultsRecord, SchedulerRecord
from .platform_model import ResolvedPlatform


def resolve_gateway(gateway: InferenceGateway, platform: ResolvedPlatform) -> GatewayRecord:
    """The gateway as plain values with every default filled: its namespace is the platform's unless it names one."""
    namespace = gateway.namespace or platform.namespace
    bbr, auth, pods = gateway.bbr, gateway.auth, gateway.pod_defaults
    return GatewayRecord(
        name=gateway.name, namespace=namespace, where=f"InferenceGateway {namespace}/{gateway.name}",
        bbr=BbrRecord(enabled=bbr.enabled, replicas=bbr.replicas, max_request_body_bytes=bbr.max_request_body_bytes,
                      default_backend=bbr.default_backend, default_backend_port=bbr.default_backend_port),
        acm_certificate_arn=gateway.tls.acm_certificate_arn,
        auth=JwtRecord(provider_name=auth.provider_name, issuer=auth.issuer, jwks_uri=auth.jwks_uri,
                       audiences=tuple(auth.audiences), required_claims=tuple(
                           (claim.name, claim.value_type.value, tuple(claim.values))
                           for claim in auth.required_claims)) if auth is not None else None,
        metrics=gateway.metrics,
        pod_defaults=PodDefaultsRecord(
            node_selector=thaw(pods.node_selector), labels=thaw(pods.labels), annotations=thaw(pods.annotations),
            env=thaw(pods.env), requests=thaw(pods.requests), limits=thaw(pods.limits))
        if pods is not None else None,
        schedulers=tuple(_scheduler_record(scheduler) for scheduler in gateway.schedulers))


def _scheduler_record(scheduler: GatewayScheduler) -> SchedulerRecord:
    weights = scheduler.weights
    return SchedulerRecord(
        name=scheduler.name, model_name=scheduler.model_name, model_selector=thaw(scheduler.model_selector),
        target_port=scheduler.target_port, scheduler=scheduler.scheduler.value, replicas=scheduler.replicas,
        engine_type=scheduler.engine_type.value if scheduler.engine_type is not None else None,
        app_protocol=scheduler.app_protocol.value if scheduler.app_protocol is not None else None,
        weights={key: value for key, value in (
            ("queue", weights.queue), ("kvCache", weights.kv_cache), ("prefix", weights.prefix), ("lru", weights.lru),
            ("loraAffinity", weights.lora_affinity), ("runningRequests", weights.running_requests),
            ("predictedLatency", weights.predicted_latency)) if value is not None} if weights is not None else None,
        plugins=(scheduler.plugins.name, scheduler.plugins.key) if scheduler.plugins is not None else None,
        lora_adapters=tuple(scheduler.lora_adapters), env=thaw(scheduler.env), route_timeout=scheduler.route_timeout,
        log_level=scheduler.log_level)
