"""The resolved Inference Gateway: plain values (strings, numbers, tuples, dicts), every default filled once by
``resolve_gateway``; the k8s layer renders the ``InferenceGatewayConfig`` from these alone."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional


@dataclass(frozen=True)
class BbrRecord:
    enabled: bool
    replicas: int
    max_request_body_bytes: int
    default_backend: Optional[str]
    default_backend_port: int


@dataclass(frozen=True)
class JwtRecord:
    provider_name: str
    issuer: str
    jwks_uri: str
    audiences: tuple[str, ...]
    required_claims: tuple[tuple[str, str, tuple[str, ...]], ...]  # (name, value type, values)


@dataclass(frozen=True)
class PodDefaultsRecord:
    node_selector: Mapping[str, str]
    labels: Mapping[str, str]
    annotations: Mapping[str, str]
    env: Mapping[str, str]
    requests: Mapping[str, str]
    limits: Mapping[str, str]


@dataclass(frozen=True)
class SchedulerRecord:
    name: str
    model_name: str
    model_selector: Mapping[str, str]
    target_port: int
    scheduler: str  # llm-d | epp
    replicas: int
    engine_type: Optional[str]
    app_protocol: Optional[str]
    weights: Optional[Mapping[str, int]]  # CRD key -> weight, only those set
    plugins: Optional[tuple[str, str]]  # (ConfigMap name, key)
    lora_adapters: tuple[str, ...]
    env: Mapping[str, str]
    route_timeout: Optional[str]
    log_level: Optional[int]


@dataclass(frozen=True)
class GatewayRecord:
    """One gateway as the platform holds it: where it lives and what its config says."""

    name: str
    namespace: str
    where: str
    bbr: BbrRecord
    acm_certificate_arn: Optional[str]
    auth: Optional[JwtRecord]
    metrics: bool
    pod_defaults: Optional[PodDefaultsRecord]
    schedulers: tuple[SchedulerRecord, ...]

    @property
    def model_names(self) -> tuple[str, ...]:
        return tuple(scheduler.model_name for scheduler in self.schedulers)
