"""One negative test per validation rule of SLOs, observed targets and the observability specs."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from hyperpod_constructs.intent.observability import (GrafanaWorkspace, Observability, ObservabilityMetrics,
                                                    PrometheusWorkspace)
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.intent.slo import (EndpointSlos, ErrorRateSlo, LatencySlo, NoReadyPodsSlo, ReplicasAtMaxSlo,
                                          TtfbSlo)

WS_ARN = "arn:aws:aps:us-west-2:111111111111:workspace/ws-12345678-abcd-1234-abcd-123456789012"

CASES: list[tuple[str, Callable[[], Any], str]] = [
    # SLOs
    ("negative latency", lambda: LatencySlo(threshold_ms=-5), r"LatencySlo: threshold_ms=-5 is not allowed; a latency in milliseconds greater than 0"),
    ("zero ttfb", lambda: TtfbSlo(threshold_ms=0), r"TtfbSlo: threshold_ms=0 is not allowed"),
    ("percentile 1", lambda: LatencySlo(threshold_ms=100, percentile=1), r"percentile=1 is not allowed; a fraction strictly between 0 and 1"),
    ("percentile 0", lambda: TtfbSlo(threshold_ms=100, percentile=0.0), r"TtfbSlo: percentile=0.0 is not allowed"),
    ("percentile 99", lambda: LatencySlo(threshold_ms=100, percentile=99), r"percentile=99 is not allowed"),
    ("error rate > 100", lambda: ErrorRateSlo(max_percent=150), r"ErrorRateSlo: max_percent=150 is not allowed; a percentage of requests from 0 to 100"),
    ("error rate < 0", lambda: ErrorRateSlo(max_percent=-1), r"ErrorRateSlo: max_percent=-1 is not allowed"),
    ("for 0", lambda: ReplicasAtMaxSlo(for_minutes=0), r"ReplicasAtMaxSlo: for_minutes=0 is not allowed; a whole number of minutes greater than 0"),
    ("for negative", lambda: NoReadyPodsSlo(for_minutes=-3), r"NoReadyPodsSlo: for_minutes=-3 is not allowed"),
    ("for fractional", lambda: LatencySlo(threshold_ms=1, for_minutes=2.5), r"LatencySlo: for_minutes=2.5 is not allowed"),
    ("severity", lambda: ErrorRateSlo(max_percent=1, severity="page"), r"ErrorRateSlo: severity='page' is not allowed; one of 'critical', 'warning', 'info'"),
    ("threshold bool", lambda: LatencySlo(threshold_ms=True), r"threshold_ms=True is not allowed"),
    ("slo of the wrong kind", lambda: EndpointSlos(latency=TtfbSlo(threshold_ms=5)), r"EndpointSlos: latency=TtfbSlo\(.*\) is not allowed; a LatencySlo or None"),
    # AMP workspace
    ("workspace id", lambda: PrometheusWorkspace.existing(workspace_id="12345"), r"PrometheusWorkspace: workspace_id='12345' is not allowed; an AMP workspace id matching \^ws-"),
    ("workspace arn", lambda: PrometheusWorkspace.existing(workspace_arn="arn:aws:aps:us-west-2:1111:workspace/ws-1"), r"PrometheusWorkspace: workspace_arn='arn:aws:aps:us-west-2:1111:workspace/ws-1' is not allowed; an AMP workspace ARN"),
    ("arn of another service", lambda: PrometheusWorkspace.existing(workspace_arn="arn:aws:sns:us-west-2:111111111111:workspace/ws-1"), r"workspace_arn='arn:aws:sns"),
    ("id and arn disagree", lambda: PrometheusWorkspace.existing(workspace_arn=WS_ARN, workspace_id="ws-other"), r"workspace_id='ws-other' is not allowed; the id in workspace_arn"),
    ("existing without ids", lambda: PrometheusWorkspace.existing(), r"PrometheusWorkspace.existing: workspace_arn=None is not allowed; give workspace_arn or workspace_id"),
    ("alias length", lambda: PrometheusWorkspace.create(alias="x" * 101), r"alias='x+' is not allowed; 1 to 100 characters"),
    ("encryption", lambda: PrometheusWorkspace.create(encryption="none"), r"encryption='none' is not allowed; one of 'customer-managed-key', 'aws-owned-key'"),
    # Grafana
    ("grafana auth", lambda: GrafanaWorkspace(authentication="OIDC"), r"GrafanaWorkspace: authentication='OIDC' is not allowed; one of 'AWS_SSO', 'SAML'"),
    ("grafana sources", lambda: GrafanaWorkspace(data_sources=("PROMETHEUS", "XRAY")), r"data_sources=\('PROMETHEUS', 'XRAY'\) is not allowed"),
    ("grafana no sources", lambda: GrafanaWorkspace(data_sources=()), r"data_sources=\(\) is not allowed; a non-empty tuple"),
    ("grafana name", lambda: GrafanaWorkspace(name="my workspace"), r"GrafanaWorkspace: name='my workspace' is not allowed"),
    # Metrics levels and scrape interval
    ("scrape interval low", lambda: ObservabilityMetrics(scrape_interval_seconds=4), r"ObservabilityMetrics: scrape_interval_seconds=4 is not allowed; whole seconds from 5 to 300"),
    ("scrape interval high", lambda: ObservabilityMetrics(scrape_interval_seconds=301), r"scrape_interval_seconds=301 is not allowed"),
    ("metric level", lambda: ObservabilityMetrics(inference="FULL"), r"ObservabilityMetrics: inference='FULL' is not allowed; one of 'BASIC', 'ADVANCED', 'DISABLED'"),
]


@pytest.mark.parametrize("build, message", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_rejects_bad_input(build: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        build()


@pytest.mark.parametrize("cls, kwargs", [
    (LatencySlo, {"threshold_ms": 1, "p": 0.9}), (EndpointSlos, {"latencies": None}),
    (PrometheusWorkspace, {"id": "ws-1"}),
    (GrafanaWorkspace, {"auth": "SAML"}), (ObservabilityMetrics, {"interval": 30}),
])
def test_unknown_fields_are_type_errors(cls: type, kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        cls(**kwargs)


def test_boundaries_are_accepted() -> None:
    ErrorRateSlo(max_percent=0)
    ErrorRateSlo(max_percent=100)
    LatencySlo(threshold_ms=0.5, percentile=0.999)
    ObservabilityMetrics(scrape_interval_seconds=5)
    ObservabilityMetrics(scrape_interval_seconds=300)
    assert PrometheusWorkspace.existing(workspace_arn=WS_ARN, workspace_id="ws-12345678-abcd-1234-abcd-123456789012").is_existing


def test_defaults_cover_every_signal() -> None:
    defaults = EndpointSlos.defaults()
    assert not defaults.is_empty and EndpointSlos().is_empty
    assert defaults.latency.percentile == 0.99 and defaults.ttfb.percentile == 0.9
    assert ResolvedEndpoint(name="a", max_replicas=1).effective_slos == defaults


@pytest.mark.parametrize("emails", ["ops@example.com", "m"])
def test_one_address_given_as_a_string_is_named_as_such(emails: str) -> None:
    """A string is refused as a whole, not read letter by letter (alarm_emails[0]='m')."""
    with pytest.raises(HyperPodValidationError) as error:
        Observability(alarm_emails=emails)  # type: ignore[arg-type]
    assert str(error.value) == (f"observability: alarm_emails={emails!r} is not allowed; a list of e-mail addresses, "
                                "e.g. ['ops@example.com'] (one address is a list of one)")


def test_a_list_of_addresses_is_checked_one_by_one() -> None:
    with pytest.raises(HyperPodValidationError, match=r"alarm_emails\[1\]='m' is not allowed; an e-mail address"):
        Observability(alarm_emails=["ops@example.com", "m"])
