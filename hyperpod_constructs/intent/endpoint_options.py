"""Typed options shared by InferenceEndpointConfig and JumpStartModel: ALB, TLS, metrics, request limits,
probes, tags and SageMaker endpoint registration. Each renders the CRD's camelCase shape; unset fields are
omitted so the operator's documented default applies.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, Optional, TypeVar

from ..errors import HyperPodValidationError, did_you_mean, require
from ..type_checks import check_fields
from .arns import ACM_CERTIFICATE, check_arn
from .frozen import Frozen, member_of
from .names import is_dns_subdomain, is_sagemaker_name
from .tokens import is_token

E = TypeVar("E", bound=enum.Enum)

# Patterns copied from the IEC / JSM v1 CRDs (anchored where the CRD forgot to).
HOSTED_ZONE_ID_PATTERN = re.compile(r"^Z[A-Z0-9]+$")
TLS_OUTPUT_S3_URI_PATTERN = re.compile(r"^s3://([^/]+)/?(.*)$")
HEALTH_CHECK_PATH_PATTERN = re.compile(r"^/.*")
METRICS_PATH_PATTERN = re.compile(r"^/[a-zA-Z0-9\-_./]*$")
METRICS_PORT_RANGE = (1024, 65535)
SCRAPE_INTERVAL_RANGE = (5, 300)
OVERFLOW_STATUS_RANGE = (400, 599)
IDLE_TIMEOUT_RANGE = (1, 4000)  # the v3.3 CRD's loadBalancer.idleTimeoutSeconds (the ALB's own limits)
# SageMaker tag limits (the operator copies tags to the SageMaker Model / EndpointConfig / Endpoint).
TAG_KEY_MAX, TAG_VALUE_MAX, TAGS_MAX = 128, 256, 50


def coerce_enum(enum_type: type[E], value: Any, where: str, field: str) -> E:
    """Accept the enum member or its CRD string value; anything else is a named error listing the values."""
    if isinstance(value, enum_type):
        return value
    try:
        return enum_type(value)
    except ValueError:
        values = [str(member.value) for member in enum_type]
        raise HyperPodValidationError(where, field, value, f"one of {', '.join(map(repr, values))} (or "
                                      f"{enum_type.__name__}.<NAME>){did_you_mean(value, values)}") from None


def require_int(value: Any, where: str, field: str, low: Optional[int] = None, high: Optional[int] = None) -> None:
    """An int (not bool) inside [low, high]; the message quotes the range."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    ok = ok and (low is None or value >= low) and (high is None or value <= high)
    if low is not None and high is not None:
        allowed = f"an integer from {low} to {high}"
    elif low is not None:
        allowed = f"an integer >= {low}"
    else:
        allowed = "an integer"
    require(ok, where, field, value, allowed)



class RoutingAlgorithm(enum.Enum):
    """``loadBalancer.routingAlgorithm``: how the ALB target group spreads requests over pods."""

    LEAST_OUTSTANDING_REQUESTS = "least_outstanding_requests"
    """To the pod with the fewest requests in flight (the operator's default)."""
    ROUND_ROBIN = "round_robin"
    """To each pod in turn."""


@dataclass(frozen=True, kw_only=True)
class LoadBalancer:
    """The Application Load Balancer the operator creates (through the AWS Load Balancer Controller).

    Operator defaults: ``health_check_path="/ping"``, ``routing_algorithm=LEAST_OUTSTANDING_REQUESTS``, an idle
    timeout of 60 s.
    """

    health_check_path: Optional[str] = None
    """The path the ALB target group health-checks on each pod, starting with ``/``.
    Default: None (omitted: the operator's ``/ping``)."""
    routing_algorithm: Optional[RoutingAlgorithm] = Frozen(None, convert=member_of(RoutingAlgorithm))
    """How the ALB target group spreads requests over pods (a ``RoutingAlgorithm`` or its value).
    Default: None (omitted: the operator's ``LEAST_OUTSTANDING_REQUESTS``)."""
    idle_timeout_s: Optional[int] = None
    """Seconds the ALB keeps an idle connection open (``idleTimeoutSeconds``, 1-4000): raise it for long
    generations that send nothing for a while. Needs operator v3.3 (add-on v1.4.0-eksbuild.1).
    Default: None (omitted: the operator's 60 s)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        if self.routing_algorithm is not None:  # the converter took every valid value: name the allowed ones
            coerce_enum(RoutingAlgorithm, self.routing_algorithm, where, "routing_algorithm")
        check_fields(self, where)
        if self.health_check_path is not None:
            require(isinstance(self.health_check_path, str) and bool(HEALTH_CHECK_PATH_PATTERN.match(self.health_check_path)),
                    where, "health_check_path", self.health_check_path, "a path starting with '/'")
        if self.idle_timeout_s is not None:
            require_int(self.idle_timeout_s, where, "idle_timeout_s", *IDLE_TIMEOUT_RANGE)

@dataclass(frozen=True, kw_only=True)
class Tls:
    """TLS for the endpoint's ALB.

    ``Tls()`` (the default): the operator generates a self-signed certificate and writes it to
    ``output_s3_uri`` or, when that is unset, to the platform's TLS bucket (``ResolvedPlatform.tls_certificate_s3_uri``;
    when the platform has none either, to the operator's configured ``tlsCertificateS3Bucket``).
    ``Tls.acm(...)``: your ACM certificate (``customCertificateConfig``); with ``hosted_zone_id`` the operator
    also manages the Route 53 record (``dnsConfig``, which needs the ACM certificate).
    """

    output_s3_uri: Optional[str] = None
    """Where the operator writes the self-signed certificate it generates, ``s3://bucket/prefix``.
    Default: None (the platform's TLS bucket, else the operator's configured ``tlsCertificateS3Bucket``)."""
    acm_certificate_arn: Optional[str] = None
    """Your ACM certificate's ARN (``customCertificateConfig``); needs ``domain_name``.
    Default: None (a self-signed certificate)."""
    domain_name: Optional[str] = None
    """The DNS name the ACM certificate is for, e.g. ``llm.example.com`` (no wildcard).
    Default: None."""
    hosted_zone_id: Optional[str] = None
    """A Route 53 hosted zone in which the operator manages the endpoint's record (``dnsConfig``); needs the ACM
    certificate.
    Default: None (no DNS record)."""

    @staticmethod
    def self_signed(output_s3_uri: Optional[str] = None) -> "Tls":
        """A self-signed certificate the operator generates, written to ``output_s3_uri`` (default: the platform's TLS
        bucket)."""
        return Tls(output_s3_uri=output_s3_uri)

    @staticmethod
    def acm(certificate_arn: str, domain_name: str, hosted_zone_id: Optional[str] = None) -> "Tls":
        """Your ACM certificate for ``domain_name``; with ``hosted_zone_id`` the operator manages the Route 53 record."""
        return Tls(acm_certificate_arn=certificate_arn, domain_name=domain_name, hosted_zone_id=hosted_zone_id)

    def __post_init__(self) -> None:
        where = type(self).__name__
        if self.output_s3_uri is not None and not is_token(self.output_s3_uri):
            require(isinstance(self.output_s3_uri, str) and bool(TLS_OUTPUT_S3_URI_PATTERN.match(self.output_s3_uri)),
                    where, "output_s3_uri", self.output_s3_uri, "an S3 URI like s3://bucket/prefix")
        has_arn, has_domain = self.acm_certificate_arn is not None, self.domain_name is not None
        require(has_arn == has_domain, where, "domain_name" if has_arn else "acm_certificate_arn",
                None, "an ACM certificate needs both acm_certificate_arn and domain_name (use Tls.acm(...))")
        if has_arn:
            check_arn(where, "acm_certificate_arn", self.acm_certificate_arn, ACM_CERTIFICATE)
        if has_domain and not is_token(self.domain_name):
            require(is_dns_subdomain(self.domain_name), where, "domain_name", self.domain_name,
                    "one specific lowercase DNS name (no wildcard '*', no uppercase, at most 253 characters), "
                    "e.g. llm.example.com")
        if self.hosted_zone_id is not None:
            require(has_arn, where, "hosted_zone_id", self.hosted_zone_id,
                    "Route 53 DNS management (dnsConfig) requires a custom ACM certificate: use "
                    "Tls.acm(certificate_arn, domain_name, hosted_zone_id)")
            if not is_token(self.hosted_zone_id):
                require(isinstance(self.hosted_zone_id, str) and bool(HOSTED_ZONE_ID_PATTERN.match(self.hosted_zone_id)),
                        where, "hosted_zone_id", self.hosted_zone_id, "a Route 53 hosted zone id matching ^Z[A-Z0-9]+$")

@dataclass(frozen=True, kw_only=True)
class Metrics:
    """``spec.metrics``: rendered with ``enabled`` explicit (best practice: on).

    Operator defaults: ``scrape_interval_s=15`` (5-300), model metrics on port 8080 (1024-65535) at ``/metrics``.
    With intelligent routing the endpoint sets ``model_metrics_port`` to the container port (the guide: router and
    cache metrics are read from the model server's port) unless you set it.
    """

    enabled: bool = True
    """Whether the operator collects the deployment's metrics (rendered explicitly).
    Default: True."""
    scrape_interval_s: Optional[int] = None
    """How often metrics are scraped, in seconds (5-300).
    Default: None (omitted: the operator's 15 s)."""
    model_metrics_port: Optional[int] = None
    """The port the model server's own metrics are read from (1024-65535).
    Default: None (the container port with intelligent routing, else omitted: the operator's 8080)."""
    model_metrics_path: Optional[str] = None
    """The path of the model server's metrics.
    Default: None (omitted: the operator's ``/metrics``)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(isinstance(self.enabled, bool), where, "enabled", self.enabled, "True or False")
        if self.scrape_interval_s is not None:
            require_int(self.scrape_interval_s, where, "scrape_interval_s", *SCRAPE_INTERVAL_RANGE)
        if self.model_metrics_port is not None:
            require_int(self.model_metrics_port, where, "model_metrics_port", *METRICS_PORT_RANGE)
        if self.model_metrics_path is not None:
            require(isinstance(self.model_metrics_path, str) and bool(METRICS_PATH_PATTERN.match(self.model_metrics_path)),
                    where, "model_metrics_path", self.model_metrics_path,
                    "a path starting with '/' of letters, digits, '-', '_', '.', '/'")

@dataclass(frozen=True, kw_only=True)
class RequestLimits:
    """``worker.requestLimits``, enforced per pod by the operator's nginx sidecar.

    Past ``max_concurrent_requests`` in flight, up to ``max_queue_size`` requests wait (unset: none wait) and the
    rest get ``overflow_status_code`` (429 Too Many Requests, so clients back off and retry) at once.
    """

    max_concurrent_requests: int
    """Requests a pod serves at once (at least 1).
    Required."""
    max_queue_size: Optional[int] = None
    """Requests that may wait once ``max_concurrent_requests`` are in flight (at least 0).
    Default: None (none wait)."""
    overflow_status_code: int = 429
    """The HTTP status returned at once to requests beyond the limit and the queue (400-599).
    Default: 429 (Too Many Requests: clients back off and retry)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require_int(self.max_concurrent_requests, where, "max_concurrent_requests", 1)
        if self.max_queue_size is not None:
            require_int(self.max_queue_size, where, "max_queue_size", 0)
        require_int(self.overflow_status_code, where, "overflow_status_code", *OVERFLOW_STATUS_RANGE)

@dataclass(frozen=True, kw_only=True)
class HttpProbe:
    """An HTTP GET probe on the model server; rendered as a Kubernetes Probe. ``port=None``: the container port."""

    path: str
    """The HTTP path probed, starting with ``/``.
    Required."""
    port: Optional[int] = None
    """The port probed (1-65535).
    Default: None (the container port)."""
    initial_delay_s: Optional[int] = None
    """Seconds after the container starts before the first probe.
    Default: None (omitted: Kubernetes's 0 s)."""
    period_s: Optional[int] = None
    """Seconds between probes.
    Default: None (omitted: Kubernetes's 10 s)."""
    timeout_s: Optional[int] = None
    """Seconds a probe may take.
    Default: None (omitted: Kubernetes's 1 s)."""
    failure_threshold: Optional[int] = None
    """Failed probes in a row before the probe counts as failed.
    Default: None (omitted: Kubernetes's 3)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(isinstance(self.path, str) and self.path.startswith("/"), where, "path", self.path,
                "a path starting with '/'")
        if self.port is not None:
            require_int(self.port, where, "port", 1, 65535)
        if self.initial_delay_s is not None:
            require_int(self.initial_delay_s, where, "initial_delay_s", 0)
        for name in ("period_s", "timeout_s", "failure_threshold"):
            value = getattr(self, name)
            if value is not None:
                require_int(value, where, name, 1)

@dataclass(frozen=True, kw_only=True)
class Probes:
    """``worker.probes``. Unset probes are omitted (the operator applies its readiness defaults)."""

    readiness: Optional[HttpProbe] = None
    """Gates traffic to the pod until the model server answers.
    Default: None (omitted: the operator's readiness default)."""
    liveness: Optional[HttpProbe] = None
    """Restarts the container when it stops answering.
    Default: None (none)."""
    startup: Optional[HttpProbe] = None
    """Holds the other probes until the model server has started.
    Default: None (none)."""

    def __post_init__(self) -> None:
        check_fields(self)  # each probe checked its own values when it was built

@dataclass(frozen=True)
class Tag:
    """A tag the operator puts on the SageMaker Model, EndpointConfig and Endpoint."""

    name: str
    """The tag key, 1-128 characters, not starting with ``aws:``.
    Required."""
    value: str
    """The tag value, at most 256 characters.
    Required."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(isinstance(self.name, str) and 1 <= len(self.name) <= TAG_KEY_MAX and not self.name.startswith("aws:"),
                where, "name", self.name, f"1-{TAG_KEY_MAX} characters, not starting with 'aws:'")
        require(isinstance(self.value, str) and len(self.value) <= TAG_VALUE_MAX, where, "value",
                self.value, f"a string of at most {TAG_VALUE_MAX} characters")


def validate_tags(tags: tuple[Tag, ...], where: str) -> None:
    require(len(tags) <= TAGS_MAX, where, "tags", f"{len(tags)} tags", f"at most {TAGS_MAX} (SageMaker's limit)")
    names = [tag.name for tag in tags]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    require(not duplicates, where, "tags", duplicates, "distinct tag names")


def check_sagemaker_endpoint_name(where: str, name: Any, field: str = "sagemaker_endpoint_name") -> None:
    """The SageMaker endpoint a deployment registers (IEC ``endpointName``, JSM ``sageMakerEndpoint.name``)."""
    require(is_token(name) or is_sagemaker_name(name), where, field, name,
            "1-63 letters, digits and hyphens, starting and ending with a letter or digit")
