"""Each endpoint's SLO thresholds and replica ceiling as series, for dashboards whose panels repeat per endpoint.

A repeated Grafana panel is one panel definition for every endpoint, so it cannot carry an endpoint's own
threshold. These recording rules write one series per endpoint instead (``hyperpod:slo_latency_threshold_ms{
namespace, resource_name, percentile}`` = 30000, ``hyperpod:deployment_max_replicas{namespace, deployment}`` = 8,
...), which the panels chart next to the measured values.

They are grouped like the alert rules: endpoints of one namespace and kind with the same setting share ONE rule
whose selector matches all their names and whose result keeps one series per endpoint, so the rules file does not
grow per endpoint beyond a name in a regex. Each series exists while its endpoint has series of its own: the SLO
lines while the operator's proxy reports requests (``model_invocations_total``), the ceiling while kube-state-metrics
reports the Deployment (also at 0 replicas, which the fleet overview's "at zero" panel relies on).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Optional, Sequence

from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.observability import metrics as m
from hyperpod_constructs.observability import queries as q

GROUP = "hyperpod-inference-slo-series"


@dataclass(frozen=True)
class RecordingRule:
    """One Prometheus recording rule; ``to_dict`` is its rules-file form."""

    record: str
    expr: str
    labels: tuple[tuple[str, str], ...]
    endpoints: tuple[ResolvedEndpoint, ...]
    group: str = GROUP

    def to_dict(self) -> dict[str, Any]:
        return {"record": self.record, "expr": self.expr, "labels": dict(self.labels)}


# What a series is keyed by: one target is an endpoint, or one side (Deployment) of a disaggregated endpoint.
Target = tuple[ResolvedEndpoint, Optional[str], int]


def _resource_series(record: str, setting: Callable[[ResolvedEndpoint], Optional[tuple[float, tuple]]]
                     ) -> Callable[[Sequence[ResolvedEndpoint]], list[RecordingRule]]:
    """Rules writing ``record`` = the endpoint's setting, per endpoint, from the operator's request counter.

    ``setting`` gives (value, extra labels) or None when the endpoint has no such SLO.
    """
    def rules(endpoints: Sequence[ResolvedEndpoint]) -> list[RecordingRule]:
        sets: dict[Hashable, list[ResolvedEndpoint]] = {}
        for endpoint in endpoints:
            found = setting(endpoint)
            if found is not None:
                sets.setdefault((endpoint.namespace, endpoint.kind, found), []).append(endpoint)
        made = []
        for (namespace, kind, (value, extra)), members in sets.items():
            sel = q.endpoints_selector(namespace, kind, [endpoint.name for endpoint in members])
            by = ", ".join(q.BY_ENDPOINT)
            expr = f"{q.format_number(value)} * group by ({by}) ({sel(m.MODEL_INVOCATIONS_TOTAL)})"
            # The value is a label too: promtool reports two rules with one name and equal labels as duplicates.
            labels = ((m.LABEL_NAMESPACE, namespace), (m.LABEL_RESOURCE_TYPE, kind), *extra,
                      ("value", q.format_number(value)))
            made.append(RecordingRule(record, expr, labels, tuple(members)))
        return made
    return rules


def _latency(endpoint: ResolvedEndpoint) -> Optional[tuple[float, tuple]]:
    s = endpoint.effective_slos.latency
    return None if s is None else (s.threshold_ms, ((m.LABEL_PERCENTILE, q.percentile_label(s.percentile)),))


def _ttfb(endpoint: ResolvedEndpoint) -> Optional[tuple[float, tuple]]:
    s = endpoint.effective_slos.ttfb
    return None if s is None else (s.threshold_ms, ((m.LABEL_PERCENTILE, q.percentile_label(s.percentile)),))


def _error_percent(endpoint: ResolvedEndpoint) -> Optional[tuple[float, tuple]]:
    s = endpoint.effective_slos.error_rate
    return None if s is None else (s.max_percent, ())


def _deployment_targets(endpoint: ResolvedEndpoint) -> list[tuple[Optional[str], int]]:
    return [(side.side, side.max_replicas) for side in endpoint.sides] or [(None, endpoint.max_replicas)]


def max_replicas_rules(endpoints: Sequence[ResolvedEndpoint]) -> list[RecordingRule]:
    """``hyperpod:deployment_max_replicas`` per Deployment (each side's own ceiling), from kube-state-metrics."""
    sets: dict[Hashable, list[ResolvedEndpoint]] = {}
    for endpoint in endpoints:
        for side, ceiling in _deployment_targets(endpoint):
            sets.setdefault((endpoint.namespace, side, ceiling), []).append(endpoint)
    made = []
    for (namespace, side, ceiling), members in sets.items():
        dep = q.deployments_selector(namespace, [endpoint.name for endpoint in members], side)
        expr = f"{ceiling} * group by ({', '.join(q.BY_DEPLOYMENT)}) ({dep(m.KUBE_DEPLOYMENT_SPEC_REPLICAS)})"
        labels = ((m.LABEL_NAMESPACE, namespace), *((("side", side),) if side else ()), ("value", str(ceiling)))
        made.append(RecordingRule(m.DEPLOYMENT_MAX_REPLICAS, expr, labels, tuple(members)))
    return made


_SERIES = (
    _resource_series(m.SLO_LATENCY_THRESHOLD_MS, _latency),
    _resource_series(m.SLO_TTFB_THRESHOLD_MS, _ttfb),
    _resource_series(m.SLO_ERROR_PERCENT_MAX, _error_percent),
    max_replicas_rules,
)


def recording_rules(endpoints: Sequence[ResolvedEndpoint]) -> list[RecordingRule]:
    """Every SLO series rule, series by series; ``[]`` without endpoints."""
    return [rule for series in _SERIES for rule in series(endpoints)]
