"""An Inference Gateway as its record (``gateway_records.GatewayRecord``): every default filled once, from the
declared ``InferenceGateway`` and the platform it is added to; the k8s layer writes the config from the record."""
from __future__ import annotations

from typing import Mapping

from ..intent.inference_gateway import GatewayPodDefaults, GatewayScheduler, InferenceGateway, JwtAuthentication
from .copying import copied
from .gateway_records import (
    BackendRecord, BbrRecord, ConfigMapRefRecord, GatewayRecord, GatewayTlsRecord, JwtRecord, PodDefaultsRecord,
    RequiredClaimRecord, SchedulerRecord, SchedulerWeightsRecord)
from .platform_model import ResolvedPlatform


def resolve_gateway(gateway: InferenceGateway, platform: ResolvedPlatform) -> GatewayRecord:
    """The gateway as plain values with every default filled: its namespace is the platform's unless it names one."""
    namespace = gateway.namespace or platform.namespace
    bbr, pods = gateway.bbr, gateway.pod_defaults
    return copied(
        GatewayRecord, gateway, namespace=namespace, where=f"InferenceGateway {namespace}/{gateway.name}",
        bbr=copied(BbrRecord, bbr, default_backend=BackendRecord(
            name=bbr.default_backend, port=bbr.default_backend_port) if bbr.default_backend is not None else None),
        tls=copied(GatewayTlsRecord, gateway.tls),
        auth=_jwt(gateway.auth) if gateway.auth is not None else None,
        pod_defaults=_pod_defaults(pods) if pods is not None else None,
        schedulers=tuple(_scheduler(scheduler) for scheduler in gateway.schedulers))


def _pod_defaults(pods: GatewayPodDefaults) -> PodDefaultsRecord:
    # Every field is a mapping, kept as pairs in the record (order kept: manifests are written in that order).
    return copied(PodDefaultsRecord, pods, node_selector=_pairs(pods.node_selector), labels=_pairs(pods.labels),
                  annotations=_pairs(pods.annotations), env=_pairs(pods.env), requests=_pairs(pods.requests),
                  limits=_pairs(pods.limits))


def _pairs(mapping: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(mapping.items())


def _jwt(auth: JwtAuthentication) -> JwtRecord:
    return copied(JwtRecord, auth, required_claims=tuple(copied(RequiredClaimRecord, claim)
                                                         for claim in auth.required_claims))


def _scheduler(scheduler: GatewayScheduler) -> SchedulerRecord:
    return copied(SchedulerRecord, scheduler, model_selector=_pairs(scheduler.model_selector),
                  weights=copied(SchedulerWeightsRecord, scheduler.weights),
                  plugins=copied(ConfigMapRefRecord, scheduler.plugins), env=_pairs(scheduler.env))
