"""The Inference Gateway (``InferenceGatewayConfig``, ``inference.sagemaker.aws.amazon.com/v1alpha1``): one Envoy
gateway for many models. Body-based routing (BBR) reads the ``model`` of each request and picks that model's
scheduler; each scheduler (llm-d or the Gateway API's EPP) picks a pod by queue depth, KV-cache use and prefix reuse.

The CRD is installed by the EKS add-on and not published: every field and rule here is one AWS documents (the
HyperPod page "Inference Gateway", section "InferenceGatewayConfig CRD reference", and the awslabs workshop
ai-on-sagemaker-hyperpod). The values check themselves when built; ``resolve`` fills the namespace once.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from ..errors import require
from ..type_checks import check_fields
from .arns import ACM_CERTIFICATE, check_arn
from .endpoint_options import coerce_enum, require_int
from .frozen import Frozen, member_of
from .names import check_k8s_name, check_namespace, is_dns_subdomain
from .secrets import check_environment_secrets

# Limits of the documented schema.
MAX_REQUEST_BODY_BYTES = 268435456  # also BBR's default
MAX_SCHEDULERS = 100
MAX_NAME = 63
MAX_MODEL_NAME = 253
MAX_LORA_ADAPTERS = 50
MAX_AUDIENCES = 8
MAX_REQUIRED_CLAIMS = 16
MAX_CLAIM_VALUES = 128
LOG_LEVELS = (0, 5)
# A Gateway API Duration (HTTPRoute timeouts): one to four <number><unit> parts, such as "90s" or "1m30s".
GATEWAY_DURATION = re.compile(r"^([0-9]{1,5}(h|m|s|ms)){1,4}$")
# The add-on version that first installs the gateway controller and its CRD.
FIRST_GATEWAY_ADDON = (2, 0, 0, 2)


class SchedulerImplementation(enum.Enum):
    """``schedulers[].scheduler``: which endpoint picker serves a model's pool."""

    LLM_D = "llm-d"
    """llm-d's inference scheduler (the default); the only one with the ``lru`` scorer."""
    EPP = "epp"
    """The Gateway API Inference Extension's endpoint picker."""


class EngineType(enum.Enum):
    """``schedulers[].engineType``: the model server whose metrics the scheduler reads."""

    VLLM = "vllm"
    """vLLM 0.9.2 or later."""
    SGLANG = "sglang"
    """SGLang 0.3.5.post1 or later, started with ``--enable-metrics``."""


class AppProtocol(enum.Enum):
    """``schedulers[].appProtocol``: how the gateway talks to the model pods."""

    HTTP = "http"
    """HTTP/1.1."""
    H2C = "kubernetes.io/h2c"
    """HTTP/2 without TLS."""


class ClaimType(enum.Enum):
    """``auth.jwt.provider.requiredClaims[].valueType``."""

    STRING = "String"
    """The claim is one string."""
    STRING_ARRAY = "StringArray"
    """The claim is a list of strings."""


@dataclass(frozen=True, kw_only=True)
class BodyBasedRouting:
    """``spec.bbr``: body-based routing, which picks the scheduler whose model the request body names. A gateway
    with more than one scheduler needs it."""

    enabled: bool = True
    """Route by the request body's ``model``.
    Default: True."""
    replicas: int = 2
    """BBR pods in ``hyperpod-inference-system``.
    Default: 2."""
    default_backend: Optional[str] = None
    """The scheduler (by name) a request naming no model goes to.
    Default: None (such a request is refused with 404)."""
    default_backend_port: int = 8000
    """The default backend's port.
    Default: 8000."""
    max_request_body_bytes: int = MAX_REQUEST_BODY_BYTES
    """The largest request body BBR reads, 1 to 268435456.
    Default: 268435456 (256 MiB, the maximum)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require(isinstance(self.enabled, bool), where, "enabled", self.enabled, "True or False")
        require_int(self.replicas, where, "replicas", 1)
        if self.default_backend is not None:
            check_k8s_name(where, "default_backend", self.default_backend)
        require_int(self.default_backend_port, where, "default_backend_port", 1, 65535)
        require_int(self.max_request_body_bytes, where, "max_request_body_bytes", 1, MAX_REQUEST_BODY_BYTES)


@dataclass(frozen=True, kw_only=True)
class SchedulerWeights:
    """``schedulers[].weights``: how much each scorer counts when the scheduler picks a pod (0 turns one off).
    Exclusive with a plugins ConfigMap."""

    queue: int = 2
    """Pending requests on the pod.
    Default: 2."""
    kv_cache: int = 2
    """KV-cache use on the pod.
    Default: 2."""
    prefix: int = 3
    """The request's prompt prefix already cached on the pod.
    Default: 3."""
    lru: Optional[int] = None
    """Least-recently-used spreading; llm-d only.
    Default: None (the scheduler's own)."""
    lora_affinity: Optional[int] = None
    """The request's LoRA adapter already loaded on the pod.
    Default: None (the scheduler's own)."""
    running_requests: Optional[int] = None
    """Requests in flight on the pod.
    Default: None (the scheduler's own)."""
    predicted_latency: Optional[int] = None
    """The request's predicted latency on the pod.
    Default: None (the scheduler's own)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for name in ("queue", "kv_cache", "prefix", "lru", "lora_affinity", "running_requests", "predicted_latency"):
            value = getattr(self, name)
            if value is not None:
                require_int(value, where, name, 0)


@dataclass(frozen=True, kw_only=True)
class PluginsConfigMap:
    """``schedulers[].configMapRef``: the scheduler's whole plugin configuration from a ConfigMap of the gateway's
    namespace, instead of weights."""

    name: str
    """The ConfigMap's name. Required."""
    key: str = "default-plugins.yaml"
    """The key holding the plugins file.
    Default: ``"default-plugins.yaml"``."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require(is_dns_subdomain(self.name), where, "name", self.name, "a ConfigMap name (a DNS subdomain)")
        require(isinstance(self.key, str) and bool(re.match(r"^[-._a-zA-Z0-9]{1,253}$", self.key)), where, "key",
                self.key, "a ConfigMap key: 1-253 letters, digits, '-', '_' and '.'")


@dataclass(frozen=True, kw_only=True)
class GatewayScheduler:
    """``spec.schedulers[]``: one model behind the gateway, with its own scheduler (an endpoint picker Deployment in
    the gateway's namespace) over the pods ``model_selector`` selects."""

    name: str
    """The scheduler's name (1-63 characters, a DNS label), unique in the gateway. Required."""
    model_name: str
    """The model name requests carry in their body (``"model": ...``), 1-253 characters, unique in the gateway.
    Required."""
    model_selector: Mapping[str, str] = Frozen()
    """Labels of the model's pods (``modelSelector.matchLabels``). Required."""
    target_port: int = 8000
    """The model server's port on the pods.
    Default: 8000."""
    scheduler: SchedulerImplementation = Frozen(SchedulerImplementation.LLM_D,
                                                convert=member_of(SchedulerImplementation))
    """Which endpoint picker (a ``SchedulerImplementation`` or its value, ``"epp"``).
    Default: ``SchedulerImplementation.LLM_D``."""
    engine_type: Optional[EngineType] = Frozen(None, convert=member_of(EngineType))
    """The model server (``EngineType.VLLM`` or ``"sglang"``).
    Default: None (the gateway's own)."""
    app_protocol: Optional[AppProtocol] = Frozen(None, convert=member_of(AppProtocol))
    """The protocol to the pods.
    Default: None (the gateway's own, HTTP)."""
    weights: Optional[SchedulerWeights] = None
    """Scorer weights.
    Default: None (the scheduler's defaults: queue 2, KV cache 2, prefix 3)."""
    plugins: Optional[PluginsConfigMap] = None
    """A plugins ConfigMap instead of weights.
    Default: None."""
    replicas: int = 1
    """Endpoint picker pods (leader election above 1). The operator's own default is 2, but each replica keeps its
    own prefix index, so with the prefix scorer on (its default) two replicas route like round-robin: one is the
    default here, and more is a choice for availability (the ``prefix-scheduler-replicas`` advice says so).
    Default: 1."""
    lora_adapters: Sequence[str] = Frozen(())
    """Names of LoRA adapters the model's server loads, routed to this scheduler (at most 50, each 1-253
    characters).
    Default: none."""
    env: Mapping[str, str] = Frozen({})
    """Environment of the endpoint picker (plain values; no credentials).
    Default: none."""
    route_timeout: Optional[str] = None
    """The route's request timeout, a Gateway API duration such as ``"300s"`` or ``"5m"``.
    Default: None (the gateway's own)."""
    log_level: Optional[int] = None
    """The endpoint picker's log verbosity, 0 to 5.
    Default: None (the gateway's own)."""

    @classmethod
    def for_endpoint(cls, endpoint_name: str, *, model_name: str, **options: Any) -> "GatewayScheduler":
        """The scheduler of an operator endpoint's pods: named after the endpoint, selecting ``app=<endpoint name>``
        (the label the operator gives the pods of an ``InferenceEndpointConfig``). ``options`` are the other fields."""
        return cls(name=endpoint_name, model_name=model_name, model_selector={"app": endpoint_name}, **options)

    def __post_init__(self) -> None:
        where = f"GatewayScheduler {self.name!r}"
        for enum_type, field in ((SchedulerImplementation, "scheduler"), (EngineType, "engine_type"),
                                 (AppProtocol, "app_protocol")):
            if getattr(self, field) is not None:
                coerce_enum(enum_type, getattr(self, field), where, field)
        check_fields(self, where)
        check_k8s_name(where, "name", self.name)
        require(isinstance(self.model_name, str) and 1 <= len(self.model_name) <= MAX_MODEL_NAME, where,
                "model_name", self.model_name, f"the model name requests carry, 1-{MAX_MODEL_NAME} characters")
        require(bool(self.model_selector) and all(isinstance(key, str) and isinstance(value, str)
                                                  for key, value in self.model_selector.items()),
                where, "model_selector", self.model_selector, "labels of the model's pods, at least one")
        require_int(self.target_port, where, "target_port", 1, 65535)
        require_int(self.replicas, where, "replicas", 1)
        require(self.weights is None or self.plugins is None, where, "plugins", self.plugins,
                "weights or a plugins ConfigMap, not both (the gateway refuses both)")
        lru = self.weights.lru if self.weights is not None else None
        require(lru is None or self.scheduler is SchedulerImplementation.LLM_D, where, "weights.lru", lru,
                "the lru scorer only with scheduler=SchedulerImplementation.LLM_D")
        require(len(self.lora_adapters) <= MAX_LORA_ADAPTERS, where, "lora_adapters", len(self.lora_adapters),
                f"at most {MAX_LORA_ADAPTERS} adapters")
        for index, adapter in enumerate(self.lora_adapters):
            require(isinstance(adapter, str) and 1 <= len(adapter) <= MAX_MODEL_NAME, where,
                    f"lora_adapters[{index}]", adapter, f"an adapter name of 1-{MAX_MODEL_NAME} characters")
        duplicates = sorted({adapter for adapter in self.lora_adapters if self.lora_adapters.count(adapter) > 1})
        require(not duplicates, where, "lora_adapters", duplicates, "each adapter once")
        check_environment_secrets(where, "env", self.env, "reference a Secret from the endpoint picker instead")
        if self.route_timeout is not None:
            require(isinstance(self.route_timeout, str) and bool(GATEWAY_DURATION.match(self.route_timeout)), where,
                    "route_timeout", self.route_timeout, "a Gateway API duration such as '300s', '5m' or '1m30s'")
        if self.log_level is not None:
            require_int(self.log_level, where, "log_level", *LOG_LEVELS)


@dataclass(frozen=True, kw_only=True)
class RequiredClaim:
    """``auth.jwt.provider.requiredClaims[]``: a claim a token must carry with one of ``values``."""

    name: str
    """The claim's name. Required."""
    values: Sequence[str] = Frozen()
    """The values accepted (1 to 128). Required."""
    value_type: ClaimType = Frozen(ClaimType.STRING, convert=member_of(ClaimType))
    """Whether the claim is a string or a list of strings.
    Default: ``ClaimType.STRING``."""

    def __post_init__(self) -> None:
        where = f"RequiredClaim {self.name!r}"
        coerce_enum(ClaimType, self.value_type, where, "value_type")
        check_fields(self, where)
        require(isinstance(self.name, str) and bool(self.name), where, "name", self.name, "a claim name")
        require(1 <= len(self.values) <= MAX_CLAIM_VALUES and all(isinstance(value, str) for value in self.values),
                where, "values", self.values, f"1 to {MAX_CLAIM_VALUES} strings")


@dataclass(frozen=True, kw_only=True)
class JwtAuthentication:
    """``spec.auth.jwt.provider``: the gateway accepts only requests with a JSON Web Token this issuer signed (keys
    from ``jwks_uri``) for one of ``audiences`` or carrying ``required_claims``."""

    provider_name: str
    """A name for the provider. Required."""
    issuer: str
    """The ``iss`` tokens must carry (an https URL). Required."""
    jwks_uri: str
    """Where the issuer's signing keys are published (``remoteJWKS.uri``, an https URL). Required."""
    audiences: Sequence[str] = Frozen(())
    """The ``aud`` values accepted (at most 8).
    Default: none (then ``required_claims`` must say what a token needs)."""
    required_claims: Sequence[RequiredClaim] = Frozen(())
    """Claims a token must carry (at most 16).
    Default: none (then ``audiences`` must be given)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        check_k8s_name(where, "provider_name", self.provider_name)
        for field in ("issuer", "jwks_uri"):
            value = getattr(self, field)
            require(isinstance(value, str) and value.startswith("https://") and len(value) > len("https://"),
                    where, field, value, "an https:// URL")
        require(len(self.audiences) <= MAX_AUDIENCES and all(isinstance(item, str) and item for item in self.audiences),
                where, "audiences", self.audiences, f"at most {MAX_AUDIENCES} non-empty strings")
        require(len(self.required_claims) <= MAX_REQUIRED_CLAIMS, where, "required_claims", len(self.required_claims),
                f"at most {MAX_REQUIRED_CLAIMS} claims")
        require(bool(self.audiences) or bool(self.required_claims), where, "audiences", self.audiences,
                "at least one audience or one required claim: otherwise any token of the issuer passes")


@dataclass(frozen=True, kw_only=True)
class GatewayTls:
    """``spec.tls``: the gateway's certificate. There is no plain-HTTP gateway."""

    acm_certificate_arn: Optional[str] = None
    """An ACM certificate for the gateway's listener (``tls.acmArn``).
    Default: None (``tls: {}``: cert-manager issues one and the controller imports it into ACM)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        if self.acm_certificate_arn is not None:
            check_arn(where, "acm_certificate_arn", self.acm_certificate_arn, ACM_CERTIFICATE)


@dataclass(frozen=True, kw_only=True)
class GatewayPodDefaults:
    """``spec.podDefaults``: what every pod the gateway runs (Envoy, BBR, endpoint pickers) gets."""

    node_selector: Mapping[str, str] = Frozen({})
    """Node labels the pods must run on.
    Default: none."""
    labels: Mapping[str, str] = Frozen({})
    """Labels added to the pods.
    Default: none."""
    annotations: Mapping[str, str] = Frozen({})
    """Annotations added to the pods.
    Default: none."""
    env: Mapping[str, str] = Frozen({})
    """Environment variables (plain values; no credentials).
    Default: none."""
    requests: Mapping[str, str] = Frozen({})
    """Resource requests (``{"cpu": "500m", "memory": "1Gi"}``).
    Default: none (the gateway's own)."""
    limits: Mapping[str, str] = Frozen({})
    """Resource limits.
    Default: none (the gateway's own)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for field in ("node_selector", "labels", "annotations", "requests", "limits"):
            mapping = getattr(self, field)
            bad = {key: value for key, value in mapping.items()
                   if not (isinstance(key, str) and isinstance(value, str))}
            require(not bad, where, field, bad, "string keys and string values")
        check_environment_secrets(where, "env", self.env, "use a Secret referenced by the pods instead")


@dataclass(frozen=True, kw_only=True)
class InferenceGateway:
    """One Inference Gateway for many models: ``platform.add_inference_gateway(InferenceGateway(...))``.

    Every documented rule holds when it is built: body-based routing with more than one scheduler, unique scheduler
    and model names, each LoRA adapter under one scheduler and named unlike every model, weights or a plugins
    ConfigMap, ``lru`` only with llm-d, and authentication (JWT) unless
    ``allow_unauthenticated=True`` says the gateway may serve anyone who reaches it.
    """

    name: str
    """The ``InferenceGatewayConfig``'s name (a DNS label); endpoints attach to it by this name. Required."""
    schedulers: Sequence[GatewayScheduler] = Frozen()
    """The models behind the gateway, one scheduler each (1 to 100); endpoints that attach add theirs. Required."""
    namespace: Optional[str] = None
    """The namespace of the config and its schedulers (model pods must run there).
    Default: None (the platform's namespace)."""
    bbr: BodyBasedRouting = BodyBasedRouting()
    """Body-based routing.
    Default: ``BodyBasedRouting()`` (on, 2 replicas)."""
    tls: GatewayTls = GatewayTls()
    """The listener's certificate.
    Default: ``GatewayTls()`` (cert-manager issues one, imported into ACM)."""
    auth: Optional[JwtAuthentication] = None
    """Who may call the gateway.
    Default: None, refused unless ``allow_unauthenticated=True``."""
    allow_unauthenticated: bool = False
    """Serve requests without any authentication (anyone who reaches the load balancer).
    Default: False (``auth`` is required)."""
    metrics: bool = True
    """Metrics of the gateway's pods through an OpenTelemetry sidecar (``observability.metrics.enabled``).
    Default: True."""
    pod_defaults: Optional[GatewayPodDefaults] = None
    """What every pod of the gateway gets.
    Default: None (the gateway's own)."""

    def __post_init__(self) -> None:
        where = f"InferenceGateway {self.name!r}"
        check_fields(self, where)
        check_k8s_name(where, "name", self.name)
        if self.namespace is not None:
            check_namespace(where, "namespace", self.namespace)
        count = len(self.schedulers)
        require(1 <= count <= MAX_SCHEDULERS, where, "schedulers", count, f"1 to {MAX_SCHEDULERS} schedulers")
        require(count == 1 or self.bbr.enabled, where, "bbr.enabled", self.bbr.enabled,
                f"True with more than one scheduler ({count}): only body-based routing can tell their models apart")
        for field in ("name", "model_name"):
            values = [getattr(scheduler, field) for scheduler in self.schedulers]
            duplicates = sorted({value for value in values if values.count(value) > 1})
            require(not duplicates, where, f"schedulers[].{field}", duplicates, f"each scheduler's {field} once")
        # The body-based router maps each name a request carries to one base model (AWS's "LoRA adapter
        # ConfigMap"), so an adapter belongs to one scheduler and is no scheduler's model name.
        owners: dict[str, list[str]] = {}
        for scheduler in self.schedulers:
            for adapter in scheduler.lora_adapters:
                owners.setdefault(adapter, []).append(scheduler.name)
        shared = sorted(adapter for adapter, names in owners.items() if len(names) > 1)
        require(not shared, where, "schedulers[].lora_adapters", shared,
                "each adapter under one scheduler: the router resolves an adapter name to one base model; list it on "
                "the scheduler whose endpoint loads it (" + "; ".join(
                    f"{adapter!r} is under {', '.join(owners[adapter])}" for adapter in shared) + ")")
        clashes = sorted(set(owners) & {scheduler.model_name for scheduler in self.schedulers})
        require(not clashes, where, "schedulers[].lora_adapters", clashes,
                "adapter names that are no scheduler's model_name: a request naming one would match two routes; "
                "rename the adapter (--lora-modules <new name>=<path>)")
        backend = self.bbr.default_backend
        names = [scheduler.name for scheduler in self.schedulers]
        require(backend is None or backend in names, where, "bbr.default_backend", backend,
                f"the name of one of the gateway's schedulers: {', '.join(names)}")
        require(isinstance(self.allow_unauthenticated, bool), where, "allow_unauthenticated",
                self.allow_unauthenticated, "True or False")
        require(self.auth is not None or self.allow_unauthenticated, where, "auth", None,
                "a JwtAuthentication(...): a gateway without authentication serves anyone who reaches its load "
                "balancer; pass allow_unauthenticated=True to say that is intended")
        require(self.auth is None or not self.allow_unauthenticated, where, "allow_unauthenticated", True,
                "False when auth is given (the gateway authenticates every request)")
        require(isinstance(self.metrics, bool), where, "metrics", self.metrics, "True or False")


def addon_version_problem(version: Any) -> Optional[str]:
    """Why an add-on version (``v2.0.0-eksbuild.2``) cannot run the gateway, or None when it can or is unknown."""
    match = re.match(r"^v(\d+)\.(\d+)\.(\d+)-eksbuild\.(\d+)$", str(version))
    if match is None:
        return None
    found = tuple(int(part) for part in match.groups())
    if found >= FIRST_GATEWAY_ADDON:
        return None
    return "the Inference Gateway needs add-on v2.0.0-eksbuild.2 or later (its controller and CRD come with it)"
