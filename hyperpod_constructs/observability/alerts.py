"""Alert rules from endpoint SLOs, and the Alertmanager routing that sends them to Amazon SNS.

Both outputs are the text Amazon Managed Service for Prometheus stores: a rule-groups namespace (standard
Prometheus rules file) and an alert manager definition (``alertmanager_config: |`` with ``sns_configs``,
SigV4 with an explicit region, which AMP requires).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import yaml

from hyperpod_constructs.observability import queries as q
from hyperpod_constructs.observability.targets import ObservedEndpoint, ObservedSide

# Alert names are shared by all endpoints; the endpoint/namespace labels say which one fired.
LATENCY_ALERT = "HyperPodInferenceLatencyHigh"
TTFB_ALERT = "HyperPodInferenceTtfbHigh"
ERROR_RATE_ALERT = "HyperPodInferenceErrorRateHigh"
REPLICAS_AT_MAX_ALERT = "HyperPodInferenceReplicasAtMax"
NO_READY_PODS_ALERT = "HyperPodInferenceNoReadyPods"

RECEIVER_NAME = "sns"


@dataclass(frozen=True)
class AlertRule:
    """One Prometheus alerting rule; ``to_dict`` is its rules-file form."""

    alert: str
    expr: str
    for_minutes: int
    severity: str
    endpoint: ObservedEndpoint
    summary: str
    side: Optional[ObservedSide] = None  # prefill / decode of a disaggregated endpoint

    def to_dict(self) -> dict[str, Any]:
        labels = {"severity": self.severity, "endpoint": self.endpoint.name, "namespace": self.endpoint.namespace}
        if self.side is not None:
            labels["side"] = self.side.name
        return {
            "alert": self.alert,
            "expr": self.expr,
            "for": f"{self.for_minutes}m",
            "labels": labels,
            "annotations": {"summary": self.summary, "description": f"{self.summary} (current value: {{{{ $value }}}})"},
        }


def group_name(endpoint: ObservedEndpoint) -> str:
    return f"hyperpod-inference-{endpoint.namespace}-{endpoint.name}"


def endpoint_rules(endpoint: ObservedEndpoint, window: str) -> list[AlertRule]:
    """The alert rules for one endpoint's SLOs, in a fixed order."""
    slos = endpoint.effective_slos
    sel = q.endpoint_selector(endpoint)
    dep = q.deployment_selector(endpoint)
    key = endpoint.key
    rules: list[AlertRule] = []
    if slos.latency is not None:
        s = slos.latency
        rules.append(AlertRule(LATENCY_ALERT, q.latency_above(sel, s.percentile, s.threshold_ms, window),
                               s.for_minutes, s.severity, endpoint,
                               f"{key}: {s.label} latency above {q.format_number(s.threshold_ms)} ms"))
    if slos.ttfb is not None:
        s = slos.ttfb
        rules.append(AlertRule(TTFB_ALERT, q.ttfb_above(sel, s.percentile, s.threshold_ms, window),
                               s.for_minutes, s.severity, endpoint,
                               f"{key}: {s.label} time to first byte above {q.format_number(s.threshold_ms)} ms"))
    if slos.error_rate is not None:
        s = slos.error_rate
        rules.append(AlertRule(ERROR_RATE_ALERT, q.error_percent_above(sel, s.max_percent, window),
                               s.for_minutes, s.severity, endpoint,
                               f"{key}: more than {q.format_number(s.max_percent)} % of requests fail"))
    # A disaggregated endpoint has one Deployment per side: the replica alerts watch each side.
    deployments = ([(q.side_deployment_selector(endpoint, side), side, side.max_replicas, f"{key} {side.name}")
                    for side in endpoint.sides] or [(dep, None, endpoint.max_replicas, key)])
    for selector, side, max_replicas, label in deployments:
        if slos.replicas_at_max is not None:
            s = slos.replicas_at_max
            rules.append(AlertRule(REPLICAS_AT_MAX_ALERT, q.replicas_at_max(selector, max_replicas),
                                   s.for_minutes, s.severity, endpoint,
                                   f"{label}: pinned at its maximum of {max_replicas} replicas", side))
        if slos.no_ready_pods is not None:
            s = slos.no_ready_pods
            rules.append(AlertRule(NO_READY_PODS_ALERT, q.no_ready_pods(selector), s.for_minutes, s.severity,
                                   endpoint, f"{label}: replicas requested but none is ready", side))
    return rules


def rule_groups(endpoints: Sequence[ObservedEndpoint], window: str) -> dict[str, Any]:
    """``{"groups": [...]}``: one group per endpoint that has at least one SLO."""
    groups = []
    for endpoint in endpoints:
        rules = endpoint_rules(endpoint, window)
        if rules:
            groups.append({"name": group_name(endpoint), "rules": [rule.to_dict() for rule in rules]})
    return {"groups": groups}


def _dump(document: Any) -> str:
    # Infinite width: a wrapped line could split an unresolved CDK token (ARN, region) in two.
    return yaml.safe_dump(document, sort_keys=False, width=math.inf, default_flow_style=False)


def rule_groups_yaml(endpoints: Sequence[ObservedEndpoint], window: str) -> str:
    """The rules file for ``AWS::APS::RuleGroupsNamespace.Data``; empty string when there are no alerts."""
    document = rule_groups(endpoints, window)
    return _dump(document) if document["groups"] else ""


def alertmanager_config(topic_arn: str, region: str) -> dict[str, Any]:
    """Route every alert to one SNS topic, grouped per endpoint so one incident is one message."""
    return {
        "route": {
            "receiver": RECEIVER_NAME,
            "group_by": ["alertname", "namespace", "endpoint"],
            "group_wait": "30s",
            "group_interval": "5m",
            "repeat_interval": "4h",
        },
        "receivers": [{
            "name": RECEIVER_NAME,
            "sns_configs": [{
                "topic_arn": topic_arn,
                "sigv4": {"region": region},
                # SNS caps subjects at 100 characters; the default template can exceed that.
                "subject": "{{ .CommonLabels.alertname }} {{ .CommonLabels.namespace }}/{{ .CommonLabels.endpoint }}",
            }],
        }],
    }


def alert_manager_definition(topic_arn: str, region: str) -> str:
    """AMP's alert manager definition: the Alertmanager config as a literal block under ``alertmanager_config``."""
    inner = _dump(alertmanager_config(topic_arn, region))
    return "alertmanager_config: |\n" + "".join(f"  {line}\n" for line in inner.splitlines())
