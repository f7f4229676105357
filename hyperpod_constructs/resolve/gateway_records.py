"""The resolved Inference Gateway: plain values, every default filled once by ``resolve_gateway``. Like every other
operator object, the records are the custom resource: each field says where ``InferenceGatewayConfig``'s spec keeps
it (``crd_model``), and the k8s layer writes the spec with the one generic dump."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..crd_model import crd, internal

Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True, kw_only=True)
class BackendRecord:
    """``bbr.defaultBackend``: the scheduler a request without a known model goes to."""

    name: str
    port: int


@dataclass(frozen=True, kw_only=True)
class BbrRecord:
    enabled: bool
    replicas: int
    max_request_body_bytes: int
    default_backend: Optional[BackendRecord] = None


@dataclass(frozen=True, kw_only=True)
class GatewayTlsRecord:
    acm_certificate_arn: Optional[str] = crd("acmArn", None)


@dataclass(frozen=True, kw_only=True)
class RequiredClaimRecord:
    name: str
    value_type: str
    values: tuple[str, ...] = crd(keep_empty=True)


@dataclass(frozen=True, kw_only=True)
class JwtRecord:
    provider_name: str = crd("name")
    issuer: str
    jwks_uri: str = crd("remoteJWKS.uri")
    audiences: tuple[str, ...] = ()
    required_claims: tuple[RequiredClaimRecord, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PodDefaultsRecord:
    requests: Pairs = crd("resources.requests", (), as_map=True)
    limits: Pairs = crd("resources.limits", (), as_map=True)
    node_selector: Pairs = crd(default=(), as_map=True)
    labels: Pairs = crd(default=(), as_map=True)
    annotations: Pairs = crd(default=(), as_map=True)
    env: Pairs = crd(default=(), as_name_value=True)


@dataclass(frozen=True, kw_only=True)
class SchedulerWeightsRecord:
    queue: Optional[int] = None
    kv_cache: Optional[int] = None
    prefix: Optional[int] = None
    lru: Optional[int] = None
    lora_affinity: Optional[int] = None
    running_requests: Optional[int] = None
    predicted_latency: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class ConfigMapRefRecord:
    name: str
    key: str


@dataclass(frozen=True, kw_only=True)
class SchedulerRecord:
    name: str
    model_name: str
    model_selector: Pairs = crd("modelSelector.matchLabels", as_map=True, keep_empty=True)
    target_port: int
    scheduler: str  # llm-d | epp
    replicas: int
    engine_type: Optional[str] = None
    app_protocol: Optional[str] = None
    weights: Optional[SchedulerWeightsRecord] = crd(default=None, keep_empty=True)
    plugins: Optional[ConfigMapRefRecord] = crd("configMapRef", None)
    lora_adapters: tuple[str, ...] = ()
    env: Pairs = crd(default=(), as_name_value=True)
    route_timeout: Optional[str] = None
    log_level: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class GatewayRecord:
    """One gateway as the platform holds it: where it lives (metadata) and its config's spec."""

    name: str = internal()
    namespace: str = internal()
    where: str = internal()
    bbr: BbrRecord
    tls: GatewayTlsRecord = crd(keep_empty=True)  # ``tls: {}``: cert-manager issues the certificate
    auth: Optional[JwtRecord] = crd("auth.jwt.provider", None)
    metrics: bool = crd("observability.metrics.enabled")
    pod_defaults: Optional[PodDefaultsRecord] = crd(default=None, keep_empty=True)
    schedulers: tuple[SchedulerRecord, ...] = crd(keep_empty=True)

    @property
    def acm_certificate_arn(self) -> Optional[str]:
        return self.tls.acm_certificate_arn

    @property
    def model_names(self) -> tuple[str, ...]:
        return tuple(scheduler.model_name for scheduler in self.schedulers)
