"""Alert rules from endpoint SLOs, and the Alertmanager routing that sends them to Amazon SNS.

Both outputs are the text Amazon Managed Service for Prometheus stores: rule-groups namespaces (standard
Prometheus rules files) and an alert manager definition (``alertmanager_config: |`` with ``sns_configs``,
SigV4 with an explicit region, which AMP requires).

Rules do not grow per endpoint. There is one rule group per SLO class (latency, TTFB, errors, replicas at
max, no ready pods, a slow wake from zero); inside it, endpoints that share a namespace, a kind and the same SLO settings share
ONE rule whose selector matches all their names (``resource_name=~"a|b|c"``) and whose result keeps one
series per endpoint (``sum by (namespace, resource_name)``), so each endpoint still fires its own alert,
labelled with its ``namespace`` and ``endpoint``. An extra endpoint with default SLOs costs its name in
five regexes (~5 x (name + 1) bytes), not five more rules.

Every rule's labels say which settings it carries (``namespace``, ``resource_type``, ``side`` and an ``slo`` label
such as ``p99 <= 30000 ms for 10m``), so no two rules of one file share an alert name and labels: ``promtool check
rules`` reports such pairs as duplicates, and Alertmanager could not tell their alerts apart by rule.

An endpoint that scales to zero is expected to have no ready pod for a while each time it wakes: its cold-start
estimate (``planner.cold_start``). Its no-ready-pods page waits for that estimate plus the SLO's own ``for_minutes``,
and a warning (``HyperPodInferenceWakeSlow``) says when the wake has outrun its estimate, before the page.

The dashboards draw each endpoint's thresholds from recording rules (``slo_series``) grouped the same way; the
alerts do not read them.

Why not a joined threshold series (``hyperpod:slo_threshold{endpoint=...}`` recording rules)? It needs
one recording rule, or one ``label_replace`` term, per endpoint and threshold (~80-150 bytes each, and
AMP's 2,000-rules-per-workspace quota counts recording rules too), and AMP evaluates rule files in no
defined order, so the threshold series would have to live in the same group as every alert reading it.
Grouping by equal settings costs a name per endpoint and a rule per distinct setting.
"""
from __future__ import annotations

import math
from types import MappingProxyType
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Optional, Sequence, Union

from hyperpod_constructs import yaml_writer
from hyperpod_constructs.observability import metrics as m
from hyperpod_constructs.observability import queries as q
from hyperpod_constructs.observability.slo_series import RecordingRule, recording_rules
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint

# Alert names are shared by all endpoints; the endpoint/namespace labels say which one fired.
LATENCY_ALERT = "HyperPodInferenceLatencyHigh"
TTFB_ALERT = "HyperPodInferenceTtfbHigh"
ERROR_RATE_ALERT = "HyperPodInferenceErrorRateHigh"
REPLICAS_AT_MAX_ALERT = "HyperPodInferenceReplicasAtMax"
NO_READY_PODS_ALERT = "HyperPodInferenceNoReadyPods"
WAKE_SLOW_ALERT = "HyperPodInferenceWakeSlow"
# GPU health, the signals of HyperPod's "Cluster" dashboard's "GPU Errors" row, per GPU (labels Hostname, gpu).
GPU_XID_ERROR_ALERT = "HyperPodGpuXidError"
GPU_UNCORRECTABLE_REMAPPED_ROWS_ALERT = "HyperPodGpuUncorrectableRemappedRows"
GPU_ROW_REMAP_FAILURE_ALERT = "HyperPodGpuRowRemapFailure"
GPU_THERMAL_THROTTLING_ALERT = "HyperPodGpuThermalThrottling"

RECEIVER_NAME = "sns"
GROUP_PREFIX = "hyperpod-inference-"

# Amazon Managed Service for Prometheus quotas (AMP User Guide, "Amazon Managed Service for Prometheus
# service quotas"; Service Quotas codes in brackets):
# - Rules per workspace: 2,000, adjustable [L-3D15CDB4]. Counts every rule in every namespace.
# - Rule group namespace definition file size: 1 MB, not adjustable [L-C62641E3].
# - A rule group namespace name plus a rule group name: at most 721 UTF-8 bytes (CreateRuleGroupsNamespace API).
# Each file is kept to a quarter of that: the rules also sit inline in the CloudFormation template, whose
# limit is 1,000,000 bytes for everything in the stack, so a bigger file would break the template first.
AMP_RULES_PER_WORKSPACE = 2_000
RULES_FILE_BUDGET_BYTES = 256 * 1024


@dataclass(frozen=True)
class AlertRule:
    """One Prometheus alerting rule covering ``endpoints`` (or their ``side`` Deployments); ``to_dict`` is its
    rules-file form."""

    slo_class: str
    alert: str
    expr: str
    for_minutes: int
    severity: str
    summary: str
    endpoints: tuple[ResolvedEndpoint, ...]
    side: Optional[str] = None  # prefill / decode of disaggregated endpoints
    settings: tuple[tuple[str, str], ...] = ()  # labels naming the settings this rule carries

    @property
    def group(self) -> str:
        return group_name(self.slo_class)

    def to_dict(self) -> dict[str, Any]:
        labels = {"severity": self.severity, **dict(self.settings)}
        if self.side is not None:
            labels["side"] = self.side
        return {
            "alert": self.alert,
            "expr": self.expr,
            "for": f"{self.for_minutes}m",
            "labels": labels,
            # humanize: four significant digits ("59.7k"), readable, and steady where a rate's last digits are not.
            "annotations": {"summary": self.summary,
                            "description": f"{self.summary} (current value: {{{{ $value | humanize }}}})"},
        }


# The alert's summary names the endpoint from the series' own labels (one rule, many endpoints).
_WHO = "{{ $labels.namespace }}/{{ $labels.endpoint }}"


# What a rule watches: an endpoint, or one side (its own Deployment) of a disaggregated endpoint.
Target = tuple[ResolvedEndpoint, Optional[str]]

# Expected wakes: the cold-start estimate in seconds of each target that scales to zero, keyed by the endpoint's
# name or ``<endpoint>/<side>`` (the plan's cold-start names). A target with no entry is not expected to wake.
Wakes = Mapping[str, float]
NO_WAKES: Wakes = MappingProxyType({})


def wake_minutes(target: Target, wakes: Wakes) -> Optional[int]:
    """Whole minutes a wake of ``target`` is expected to take (its cold-start estimate rounded up), or None."""
    endpoint, side = target
    seconds = wakes.get(endpoint.name if side is None else f"{endpoint.name}/{side}")
    return None if seconds is None else max(1, math.ceil(seconds / 60))


@dataclass(frozen=True)
class SloClass:
    """One kind of SLO: which targets share a rule (``keys``: one key per target of an endpoint, or none) and the
    rule for one such set of targets."""

    name: str
    alert: str
    keys: Callable[[ResolvedEndpoint, Wakes], list[tuple[Hashable, Target]]]
    rule: Callable[[Sequence[Target], str, Wakes], AlertRule]


def _per_endpoint(key: Callable[[ResolvedEndpoint], Hashable | None]) -> Callable[[ResolvedEndpoint, Wakes], list]:
    """Resource metrics (requests, latency) are the endpoint's, whatever its sides."""
    def keys(endpoint: ResolvedEndpoint, wakes: Wakes) -> list[tuple[Hashable, Target]]:
        found = key(endpoint)
        return [] if found is None else [(found, (endpoint, None))]
    return keys


def _per_deployment(key: Callable[[ResolvedEndpoint, Optional[str], int, Optional[int]], Hashable | None]
                    ) -> Callable[[ResolvedEndpoint, Wakes], list]:
    """Deployment metrics: one target per side of a disaggregated endpoint, else the endpoint's own Deployment."""
    def keys(endpoint: ResolvedEndpoint, wakes: Wakes) -> list[tuple[Hashable, Target]]:
        deployments = [(side.side, side.max_replicas) for side in endpoint.sides] or [(None, endpoint.max_replicas)]
        found = [(key(endpoint, side, ceiling, wake_minutes((endpoint, side), wakes)), (endpoint, side))
                 for side, ceiling in deployments]
        return [(k, target) for k, target in found if k is not None]
    return keys


def _ceiling(target: Target) -> int:
    endpoint, side = target
    return next(s.max_replicas for s in endpoint.sides if s.side == side) if side else endpoint.max_replicas


def _percentile_slo(slo: str, alert: str, above: Callable[..., str], what: str) -> tuple[
        Callable[[ResolvedEndpoint], Hashable | None], Callable[[Sequence[Target], str], AlertRule]]:
    """Key and rule of a percentile SLO (latency, time to first byte): endpoints with equal settings share a rule."""

    def key(endpoint: ResolvedEndpoint) -> Hashable | None:
        s = getattr(endpoint.effective_slos, slo)
        return None if s is None else (endpoint.namespace, endpoint.kind, s.percentile, s.threshold_ms, s.for_minutes,
                                       s.severity)

    def rule(targets: Sequence[Target], window: str, wakes: Wakes) -> AlertRule:
        endpoints = [endpoint for endpoint, _ in targets]
        s = getattr(endpoints[0].effective_slos, slo)
        expr = above(_selector(endpoints), s.percentile, s.threshold_ms, window)
        objective = f"{q.percentile_label(s.percentile)} <= {q.format_number(s.threshold_ms)} ms"
        return AlertRule(slo, alert, q.with_endpoint_label(expr, m.LABEL_RESOURCE_NAME), s.for_minutes, s.severity,
                         f"{_WHO}: {s.label} {what} above {q.format_number(s.threshold_ms)} ms", tuple(endpoints),
                         settings=_resource_settings(endpoints[0], objective, s.for_minutes))

    return key, rule


_latency_key, _latency_rule = _percentile_slo("latency", LATENCY_ALERT, q.latency_above, "latency")
_ttfb_key, _ttfb_rule = _percentile_slo("ttfb", TTFB_ALERT, q.ttfb_above, "time to first byte")


def _error_rate_key(endpoint: ResolvedEndpoint) -> Hashable | None:
    s = endpoint.effective_slos.error_rate
    return None if s is None else (endpoint.namespace, endpoint.kind, s.max_percent, s.for_minutes, s.severity)


def _error_rate_rule(targets: Sequence[Target], window: str, wakes: Wakes) -> AlertRule:
    endpoints = [endpoint for endpoint, _ in targets]
    s = endpoints[0].effective_slos.error_rate
    assert s is not None
    expr = q.error_percent_above(_selector(endpoints), s.max_percent, window)
    return AlertRule("error-rate", ERROR_RATE_ALERT, q.with_endpoint_label(expr, m.LABEL_RESOURCE_NAME), s.for_minutes,
                     s.severity, f"{_WHO}: more than {q.format_number(s.max_percent)} % of requests fail",
                     tuple(endpoints), settings=_resource_settings(
                         endpoints[0], f"errors <= {q.format_number(s.max_percent)} %", s.for_minutes))


def _replicas_at_max_key(endpoint: ResolvedEndpoint, side: Optional[str], ceiling: int,
                         wake: Optional[int]) -> Hashable | None:
    s = endpoint.effective_slos.replicas_at_max
    # A ceiling of 0 (parked) is never pinned, and a ceiling of 1 is always "at its maximum" while it serves: the
    # alert would fire for as long as the endpoint is up and say nothing about demand (its latency and time-to-first-
    # byte alerts do).
    if s is None or ceiling <= 1:
        return None
    return (endpoint.namespace, side, ceiling, s.for_minutes, s.severity)


def _replicas_at_max_rule(targets: Sequence[Target], window: str, wakes: Wakes) -> AlertRule:
    endpoints, side = [endpoint for endpoint, _ in targets], targets[0][1]
    s = endpoints[0].effective_slos.replicas_at_max
    assert s is not None
    ceiling = _ceiling(targets[0])
    expr = q.replicas_at_max(_deployments(endpoints, side), ceiling)
    return AlertRule("replicas-at-max", REPLICAS_AT_MAX_ALERT, _endpoint_labelled(expr, side), s.for_minutes,
                     s.severity, f"{_who(side)}: pinned at its maximum of {ceiling} replicas", tuple(endpoints), side,
                     _deployment_settings(endpoints[0], f"replicas < {ceiling}", s.for_minutes))


def _no_ready_pods_key(endpoint: ResolvedEndpoint, side: Optional[str], ceiling: int,
                       wake: Optional[int]) -> Hashable | None:
    s = endpoint.effective_slos.no_ready_pods
    return None if s is None else (endpoint.namespace, side, s.for_minutes, s.severity, wake)


def _no_ready_pods_rule(targets: Sequence[Target], window: str, wakes: Wakes) -> AlertRule:
    """No ready pod for the SLO's ``for_minutes``; for an endpoint expected to wake from zero, for its cold-start
    estimate plus those minutes, so a wake that goes as planned pages no one."""
    endpoints, side = [endpoint for endpoint, _ in targets], targets[0][1]
    s = endpoints[0].effective_slos.no_ready_pods
    assert s is not None
    wake = wake_minutes(targets[0], wakes)
    minutes = s.for_minutes if wake is None else wake + s.for_minutes
    objective = "ready replicas > 0" if wake is None else f"ready replicas > 0 within a {wake}m wake +"
    expr = q.no_ready_pods(_deployments(endpoints, side))
    return AlertRule("no-ready-pods", NO_READY_PODS_ALERT, _endpoint_labelled(expr, side), minutes,
                     s.severity, f"{_who(side)}: replicas requested but none is ready", tuple(endpoints), side,
                     _deployment_settings(endpoints[0], objective, s.for_minutes))


def _wake_slow_key(endpoint: ResolvedEndpoint, side: Optional[str], ceiling: int,
                   wake: Optional[int]) -> Hashable | None:
    s = endpoint.effective_slos.no_ready_pods
    return None if s is None or wake is None else (endpoint.namespace, side, wake)


def _wake_slow_rule(targets: Sequence[Target], window: str, wakes: Wakes) -> AlertRule:
    """A warning once a wake has taken longer than its estimate, before the page (``no-ready-pods``) comes."""
    endpoints, side = [endpoint for endpoint, _ in targets], targets[0][1]
    wake = wake_minutes(targets[0], wakes)
    assert wake is not None
    expr = q.no_ready_pods(_deployments(endpoints, side))
    return AlertRule("wake-slow", WAKE_SLOW_ALERT, _endpoint_labelled(expr, side), wake, "warning",
                     f"{_who(side)}: waking from zero takes longer than its {wake}-minute estimate", tuple(endpoints),
                     side, _deployment_settings(endpoints[0], "ready replicas > 0", wake))


def _resource_settings(endpoint: ResolvedEndpoint, objective: str, for_minutes: int) -> tuple[tuple[str, str], ...]:
    """The labels of a rule over resource metrics: what its key holds (namespace, kind, the objective, duration)."""
    return ((m.LABEL_NAMESPACE, endpoint.namespace), (m.LABEL_RESOURCE_TYPE, endpoint.kind),
            ("slo", f"{objective} for {for_minutes}m"))


def _deployment_settings(endpoint: ResolvedEndpoint, objective: str, for_minutes: int) -> tuple[tuple[str, str], ...]:
    return ((m.LABEL_NAMESPACE, endpoint.namespace), ("slo", f"{objective} for {for_minutes}m"))


def _selector(endpoints: Sequence[ResolvedEndpoint]) -> q.Selector:
    first = endpoints[0]
    return q.endpoints_selector(first.namespace, first.kind, [endpoint.name for endpoint in endpoints])


def _deployments(endpoints: Sequence[ResolvedEndpoint], side: Optional[str]) -> q.Selector:
    return q.deployments_selector(endpoints[0].namespace, [endpoint.name for endpoint in endpoints], side)


def _endpoint_labelled(expr: str, side: Optional[str]) -> str:
    return q.with_endpoint_label(expr, m.LABEL_DEPLOYMENT, q.deployment_endpoint_pattern(side))


def _who(side: Optional[str]) -> str:
    return _WHO if side is None else f"{_WHO} {side}"


SLO_CLASSES: tuple[SloClass, ...] = (
    SloClass("latency", LATENCY_ALERT, _per_endpoint(_latency_key), _latency_rule),
    SloClass("ttfb", TTFB_ALERT, _per_endpoint(_ttfb_key), _ttfb_rule),
    SloClass("error-rate", ERROR_RATE_ALERT, _per_endpoint(_error_rate_key), _error_rate_rule),
    SloClass("replicas-at-max", REPLICAS_AT_MAX_ALERT, _per_deployment(_replicas_at_max_key), _replicas_at_max_rule),
    SloClass("no-ready-pods", NO_READY_PODS_ALERT, _per_deployment(_no_ready_pods_key), _no_ready_pods_rule),
    SloClass("wake-slow", WAKE_SLOW_ALERT, _per_deployment(_wake_slow_key), _wake_slow_rule),
)


def group_name(slo_class: str) -> str:
    return GROUP_PREFIX + slo_class


def alert_rules(endpoints: Sequence[ResolvedEndpoint], window: str, wakes: Wakes = NO_WAKES) -> list[AlertRule]:
    """Every rule, SLO class by class; within a class one rule per set of endpoints (or sides) with equal
    settings. ``wakes``: the cold-start estimates of the targets that scale to zero (see ``Wakes``)."""
    rules: list[AlertRule] = []
    for slo_class in SLO_CLASSES:
        sets: dict[Hashable, list[Target]] = {}
        for endpoint in endpoints:
            for key, target in slo_class.keys(endpoint, wakes):
                sets.setdefault(key, []).append(target)
        rules.extend(slo_class.rule(members, window, wakes) for members in sets.values())
    return rules


def endpoint_rules(endpoint: ResolvedEndpoint, window: str, wakes: Wakes = NO_WAKES) -> list[AlertRule]:
    """The alert rules for one endpoint on its own, in SLO class order."""
    return alert_rules([endpoint], window, wakes)


def rule_groups(endpoints: Sequence[ResolvedEndpoint], window: str, wakes: Wakes = NO_WAKES) -> dict[str, Any]:
    """``{"groups": [...]}`` of the SLO alert rules: one group per SLO class that has at least one rule."""
    return _document(alert_rules(endpoints, window, wakes))


_GPU = "{{ $labels.Hostname }} GPU {{ $labels.gpu }}"


def gpu_health_rules(window: str) -> list[AlertRule]:
    """Alerts on the GPU health signals HyperPod's own dashboards watch; one rule each, whatever the fleet's size."""
    def rule(alert: str, expr: str, for_minutes: int, severity: str, summary: str) -> AlertRule:
        return AlertRule("gpu-health", alert, expr, for_minutes, severity, f"{_GPU}: {summary}", ())

    return [
        rule(GPU_XID_ERROR_ALERT, q.gpu_xid_error(), 1, "critical", "the driver reported an XID error"),
        rule(GPU_UNCORRECTABLE_REMAPPED_ROWS_ALERT, q.gpu_uncorrectable_remapped_rows(), 1, "critical",
             "memory rows remapped after uncorrectable ECC errors; reset the GPU"),
        rule(GPU_ROW_REMAP_FAILURE_ALERT, q.gpu_row_remap_failure(), 1, "critical",
             "remapping a memory row failed; replace the node"),
        rule(GPU_THERMAL_THROTTLING_ALERT, q.gpu_thermal_throttling(window), 10, "warning",
             "throttled for temperature"),
    ]


Rule = Union[AlertRule, RecordingRule]


def all_rules(endpoints: Sequence[ResolvedEndpoint], window: str, gpu_health: bool = False,
              wakes: Wakes = NO_WAKES) -> list[Rule]:
    """What the workspace holds: the SLO alerts, the SLO series the dashboards read, and (``gpu_health``) the GPU
    health alerts."""
    rules: list[Rule] = [*alert_rules(endpoints, window, wakes), *recording_rules(endpoints)]
    if gpu_health:
        rules += gpu_health_rules(window)
    return rules


def _document(rules: Sequence[Rule]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for rule in rules:
        groups.setdefault(rule.group, []).append(rule.to_dict())
    return {"groups": [{"name": name, "rules": members} for name, members in groups.items()]}


def _dump(document: Any) -> str:
    # Never wrap: a wrapped line could split an unresolved CDK token (ARN, region) in two.
    return yaml_writer.dump(document, width=yaml_writer.NO_WRAP)


def rule_groups_yaml(endpoints: Sequence[ResolvedEndpoint], window: str, wakes: Wakes = NO_WAKES) -> str:
    """One rules file with the SLO alert rules; empty string when there are no alerts."""
    rules = alert_rules(endpoints, window, wakes)
    return _dump(_document(rules)) if rules else ""


def rules_yaml(endpoints: Sequence[ResolvedEndpoint], window: str, gpu_health: bool = False,
               wakes: Wakes = NO_WAKES) -> str:
    """One rules file with every rule of ``all_rules``; empty string when there is none."""
    rules = all_rules(endpoints, window, gpu_health, wakes)
    return _dump(_document(rules)) if rules else ""


def rule_files(endpoints: Sequence[ResolvedEndpoint], window: str, budget_bytes: Optional[int] = None,
               gpu_health: bool = False, wakes: Wakes = NO_WAKES) -> list[str]:
    """Every rule of ``all_rules`` as one or more files of at most ``budget_bytes`` each (one
    ``AWS::APS::RuleGroupsNamespace`` per file), packed in order; ``[]`` when there is no rule.

    No rule reads another rule's output, so rules can go to any file; each file keeps one group per class.
    """
    budget_bytes = RULES_FILE_BUDGET_BYTES if budget_bytes is None else budget_bytes
    files: list[list[Rule]] = []
    size = 0
    for rule in all_rules(endpoints, window, gpu_health, wakes):
        # Upper bound of what the rule adds to a file: its own text plus its group's header.
        cost = len(_dump(_document([rule])))
        if cost > budget_bytes:
            name = rule.alert if isinstance(rule, AlertRule) else rule.record
            raise ValueError(f"one rule ({name}, {len(rule.endpoints)} endpoints) needs {cost} bytes, "
                             f"more than the {budget_bytes}-byte rules file budget; give those endpoints "
                             "different SLO settings or spread them over more namespaces")
        if not files or size + cost > budget_bytes:
            files.append([])
            size = len("groups:\n")
        files[-1].append(rule)
        size += cost
    return [_dump(_document(rules)) for rules in files]


def rules_count(endpoints: Sequence[ResolvedEndpoint], window: str, gpu_health: bool = False,
                wakes: Wakes = NO_WAKES) -> int:
    """How many rules the workspace holds for these endpoints (AMP's quota counts alerting and recording rules)."""
    return len(all_rules(endpoints, window, gpu_health, wakes))


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

