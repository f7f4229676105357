"""Service-level objectives for one inference endpoint, as typed values.

Each SLO becomes one Prometheus alert (``observability.alerts``). Thresholds are the user's promise;
``for_minutes`` is how long a breach must last before anyone is paged, so a single slow request or a
scrape gap does not wake people up.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal, Optional, get_args

from hyperpod_constructs.errors import require, require_one_of

Severity = Literal["critical", "warning", "info"]
SEVERITIES: tuple[str, ...] = get_args(Severity)


def _is_number(value: Any) -> bool:
    # bool is an int subclass; True as a threshold is always a typo.
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_for_minutes(where: str, value: Any) -> None:
    require(
        isinstance(value, int) and not isinstance(value, bool) and value > 0,
        where, "for_minutes", value, "a whole number of minutes greater than 0",
    )


def _check_severity(where: str, value: Any) -> None:
    require_one_of(value, SEVERITIES, where, "severity")


@dataclass(frozen=True, kw_only=True)
class _PercentileSlo:
    """A histogram percentile that must stay at or below a threshold in milliseconds."""

    threshold_ms: float
    percentile: float
    for_minutes: int
    severity: Severity

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(_is_number(self.percentile) and 0 < self.percentile < 1, where, "percentile", self.percentile,
                "a fraction strictly between 0 and 1 (0.99 = p99)")
        require(_is_number(self.threshold_ms) and self.threshold_ms > 0, where, "threshold_ms", self.threshold_ms,
                "a latency in milliseconds greater than 0")
        _check_for_minutes(where, self.for_minutes)
        _check_severity(where, self.severity)

    @property
    def label(self) -> str:
        """``p99``, ``p90``, ``p99.9``: how dashboards and alert names refer to the percentile."""
        return "p" + f"{self.percentile * 100:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, kw_only=True)
class LatencySlo(_PercentileSlo):
    """End-to-end request latency (``model_latency_milliseconds``) at ``percentile`` stays at or below ``threshold_ms``."""

    threshold_ms: float
    """The latency the percentile must stay at or below, in milliseconds (greater than 0).
    Required."""
    percentile: float = 0.99
    """The percentile watched, a fraction strictly between 0 and 1 (0.99 = p99).
    Default: 0.99 (p99)."""
    for_minutes: int = 10
    """How long a breach lasts before the alert fires, in minutes.
    Default: 10 (minutes)."""
    severity: Severity = "critical"
    """The alert's ``severity`` label: ``"critical"``, ``"warning"`` or ``"info"``.
    Default: ``"critical"``."""


@dataclass(frozen=True, kw_only=True)
class TtfbSlo(_PercentileSlo):
    """Time to first byte (``model_ttfb_milliseconds``) at ``percentile`` stays at or below ``threshold_ms``."""

    threshold_ms: float
    """The time to first byte the percentile must stay at or below, in milliseconds (greater than 0).
    Required."""
    percentile: float = 0.90
    """The percentile watched, a fraction strictly between 0 and 1 (0.90 = p90).
    Default: 0.90 (p90)."""
    for_minutes: int = 10
    """How long a breach lasts before the alert fires, in minutes.
    Default: 10 (minutes)."""
    severity: Severity = "warning"
    """The alert's ``severity`` label: ``"critical"``, ``"warning"`` or ``"info"``.
    Default: ``"warning"``."""


@dataclass(frozen=True, kw_only=True)
class ErrorRateSlo:
    """Failed requests stay at or below ``max_percent`` of all requests (``model_errors_total / model_invocations_total``)."""

    max_percent: float
    """The most failed requests allowed, as a percentage of all requests (0-100).
    Required."""
    for_minutes: int = 5
    """How long a breach lasts before the alert fires, in minutes.
    Default: 5 (minutes)."""
    severity: Severity = "critical"
    """The alert's ``severity`` label: ``"critical"``, ``"warning"`` or ``"info"``.
    Default: ``"critical"``."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(_is_number(self.max_percent) and 0 <= self.max_percent <= 100, where, "max_percent",
                self.max_percent, "a percentage of requests from 0 to 100")
        _check_for_minutes(where, self.for_minutes)
        _check_severity(where, self.severity)


@dataclass(frozen=True, kw_only=True)
class ReplicasAtMaxSlo:
    """The endpoint should not sit at its autoscaling ceiling for ``for_minutes``: past that, demand is being queued or shed."""

    for_minutes: int = 15
    """How long the endpoint may sit at its autoscaling ceiling before the alert fires, in minutes.
    Default: 15 (minutes)."""
    severity: Severity = "warning"
    """The alert's ``severity`` label: ``"critical"``, ``"warning"`` or ``"info"``.
    Default: ``"warning"``."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        _check_for_minutes(where, self.for_minutes)
        _check_severity(where, self.severity)


@dataclass(frozen=True, kw_only=True)
class NoReadyPodsSlo:
    """Replicas are wanted but none is ready for ``for_minutes`` (a scale-to-zero endpoint at rest does not fire)."""

    for_minutes: int = 5
    """How long replicas may be wanted with none ready before the alert fires, in minutes.
    Default: 5 (minutes)."""
    severity: Severity = "critical"
    """The alert's ``severity`` label: ``"critical"``, ``"warning"`` or ``"info"``.
    Default: ``"critical"``."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        _check_for_minutes(where, self.for_minutes)
        _check_severity(where, self.severity)


@dataclass(frozen=True, kw_only=True)
class EndpointSlos:
    """The SLO set for one endpoint. A field left as None means no alert for that signal.

    ``EndpointSlos()`` has no alerts; ``EndpointSlos.defaults()`` is a starting point for LLM serving.
    """

    latency: Optional[LatencySlo] = None
    """End-to-end request latency.
    Default: None (no latency alert)."""
    ttfb: Optional[TtfbSlo] = None
    """Time to first byte.
    Default: None (no TTFB alert)."""
    error_rate: Optional[ErrorRateSlo] = None
    """The share of failed requests.
    Default: None (no error-rate alert)."""
    replicas_at_max: Optional[ReplicasAtMaxSlo] = None
    """Time pinned at the autoscaling ceiling.
    Default: None (no alert)."""
    no_ready_pods: Optional[NoReadyPodsSlo] = None
    """Replicas wanted with none ready.
    Default: None (no alert)."""

    def __post_init__(self) -> None:
        expected = {"latency": LatencySlo, "ttfb": TtfbSlo, "error_rate": ErrorRateSlo,
                    "replicas_at_max": ReplicasAtMaxSlo, "no_ready_pods": NoReadyPodsSlo}
        for field in fields(self):
            value = getattr(self, field.name)
            kind = expected[field.name]
            require(value is None or isinstance(value, kind), "EndpointSlos", field.name, value,
                    f"a {kind.__name__} or None")

    @classmethod
    def defaults(cls) -> EndpointSlos:
        """p99 latency <= 30 s, p90 TTFB <= 5 s, errors <= 5 %, not pinned at max replicas for 15 min, never 0 ready pods for 5 min.

        Generous on purpose: LLM requests that generate long answers take seconds. Tighten per model.
        """
        return cls(
            latency=LatencySlo(percentile=0.99, threshold_ms=30_000, for_minutes=10),
            ttfb=TtfbSlo(percentile=0.90, threshold_ms=5_000, for_minutes=10),
            error_rate=ErrorRateSlo(max_percent=5, for_minutes=5),
            replicas_at_max=ReplicasAtMaxSlo(for_minutes=15),
            no_ready_pods=NoReadyPodsSlo(for_minutes=5),
        )

    @property
    def is_empty(self) -> bool:
        """True when no SLO is set (no alerts)."""
        return all(getattr(self, field.name) is None for field in fields(self))
