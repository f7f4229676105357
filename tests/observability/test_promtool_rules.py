"""The rules proven by Prometheus's promtool: every app's rules pass ``promtool check rules`` with no lint finding,
and ``promtool test rules`` feeds synthetic series to the rules the library writes and expects each alert class to
fire for the endpoint (or GPU) that breaches, after its ``for:`` duration and not before, with its labels and
annotations, and to stay quiet for the others: an endpoint scaled to zero, one at its maximum, endpoints with other
settings side by side, no traffic (``0/0``), a single-replica endpoint serving normally (no "at its maximum"
warning). Endpoints that scale to zero wake without a page within their cold-start estimate, get a warning once the
estimate has passed and a page after the SLO's own minutes more, and stay quiet while idle at zero.

Each case knows when its condition starts to hold (``onset``: 0 for a gauge, 1m for a rate, which needs two
samples); it expects no alert at ``onset + for - 1m`` and the alert at ``onset + for``. So a rule whose duration is
halved or doubled, or whose expression no longer matches, fails its case: the mutation tests below prove it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pytest
import yaml

from apps_support import app_files, app_param
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.intent.slo import EndpointSlos, ErrorRateSlo, LatencySlo, TtfbSlo
from hyperpod_constructs.observability import alerts, metrics as m
from hyperpod_constructs.observability.queries import format_number
from obs_fixtures import side
from promtool import FileOutcome, check_rules, outcome, test_rules as run_promtool_tests

WINDOW = "5m"

LLAMA = ResolvedEndpoint(name="llama-8b", max_replicas=8)                            # default SLOs
QWEN = ResolvedEndpoint(name="qwen-7b", max_replicas=8)                              # default SLOs: shares rules
TIGHT = ResolvedEndpoint(name="tight", max_replicas=8, slos=EndpointSlos(latency=LatencySlo(threshold_ms=1500)))
MISTRAL = ResolvedEndpoint(name="mistral-7b", namespace="team-a", kind="jumpstart", max_replicas=4,
                           slos=EndpointSlos(latency=LatencySlo(percentile=0.95, threshold_ms=8000, for_minutes=5),
                                             ttfb=TtfbSlo(threshold_ms=900), error_rate=ErrorRateSlo(max_percent=1)))
QUIET = ResolvedEndpoint(name="quiet", max_replicas=3)                               # no traffic at all
PARKED = ResolvedEndpoint(name="parked", max_replicas=0)                             # replicas=0 for good
SPLIT = ResolvedEndpoint(name="llama-70b", max_replicas=6, demands=(side("prefill", 2), side("decode", 4)))
SINGLE = ResolvedEndpoint(name="single", max_replicas=1)                           # one replica, serving normally
# Endpoints that scale to zero, each with a 10-minute cold-start estimate: one whose wake outruns it, one that wakes
# in 8 minutes, one idle at zero.
WAKE = ResolvedEndpoint(name="wake", max_replicas=4)
WOKEN = ResolvedEndpoint(name="woken", max_replicas=4)
IDLE = ResolvedEndpoint(name="idle", max_replicas=4)
WAKE_MINUTES = 10
WAKES = {endpoint.name: WAKE_MINUTES * 60 - 15.0 for endpoint in (WAKE, WOKEN, IDLE)}  # 9m45s: rounds up to 10m
ENDPOINTS = (LLAMA, QWEN, TIGHT, MISTRAL, QUIET, PARKED, SPLIT, SINGLE, WAKE, WOKEN, IDLE)

BUCKETS = ("1000", "2000", "30000", "60000", "+Inf")


def _labels(labels: dict[str, str]) -> str:
    return "{" + ", ".join(f'{name}="{value}"' for name, value in labels.items()) + "}"


def _resource(endpoint: ResolvedEndpoint, **extra: str) -> dict[str, str]:
    return {"namespace": endpoint.namespace, "resource_name": endpoint.name, "resource_type": endpoint.kind,
            "method": "POST", **extra}


def histogram(metric: str, endpoint: ResolvedEndpoint, bucket: str, per_minute: int = 60) -> list[dict[str, str]]:
    """``per_minute`` successful requests a minute, every one observed in the bucket ending at ``bucket``."""
    upper = BUCKETS.index(bucket)
    return [{"series": f"{metric}_bucket{_labels(_resource(endpoint, status='200', le=le))}",
             "values": f"0+{per_minute if index >= upper else 0}x40"} for index, le in enumerate(BUCKETS)]


def counter(metric: str, labels: dict[str, str], per_minute: float) -> dict[str, str]:
    return {"series": f"{metric}{_labels(labels)}", "values": f"0+{per_minute}x40"}


def gauge(metric: str, labels: dict[str, str], value: float) -> dict[str, str]:
    return {"series": f"{metric}{_labels(labels)}", "values": f"{value}x40"}


def humanize(value: float) -> str:
    """Prometheus's ``humanize`` template function (four significant digits, SI prefix), for the expected text."""
    if value == 0:
        return "0"
    prefixes = ["", "k", "M", "G", "T"] if abs(value) >= 1 else ["", "m", "u", "n", "p"]
    step = 1000.0 if abs(value) >= 1 else 1 / 1000.0
    index = 0
    while index < len(prefixes) - 1 and (abs(value) >= 1000 if step > 1 else abs(value) < 1):
        value /= step
        index += 1
    return f"{value:.4g}{prefixes[index]}"


@dataclass(frozen=True)
class Expected:
    """One alert expected to fire: its labels (besides alertname) and the value its annotations print."""

    labels: dict[str, str]
    summary: str
    value: float

    def alert(self) -> dict[str, Any]:
        return {"exp_labels": self.labels, "exp_annotations": {
            "summary": self.summary, "description": f"{self.summary} (current value: {humanize(self.value)})"}}


@dataclass(frozen=True)
class Case:
    """Series for one alert class, and which alerts fire once their condition has held for ``for_minutes``."""

    alert: str
    for_minutes: int
    onset_minutes: int
    series: list[dict[str, str]]
    firing: list[Expected]
    early: list[Expected] = field(default_factory=list)  # alerts with a shorter duration, already firing before
    title: str = ""  # what the case shows, when an alert has more than one case

    @property
    def name(self) -> str:
        return f"{self.alert} ({self.title})" if self.title else self.alert

    def groups(self) -> list[dict[str, Any]]:
        not_yet = self.onset_minutes + self.for_minutes - 1
        fires = self.onset_minutes + self.for_minutes
        at = lambda minutes, expected: {"eval_time": f"{minutes}m", "alertname": self.alert,  # noqa: E731
                                        "exp_alerts": [e.alert() for e in expected]}
        return [{"name": f"{self.name} for {self.for_minutes}m", "interval": "1m", "input_series": self.series,
                 "alert_rule_test": [at(not_yet, self.early), at(fires, self.early + self.firing)]}]


def _endpoint(endpoint: ResolvedEndpoint, severity: str, slo: str) -> dict[str, str]:
    return {"namespace": endpoint.namespace, "resource_name": endpoint.name, "endpoint": endpoint.name,
            "resource_type": endpoint.kind, "severity": severity, "slo": slo}


def _who(endpoint: ResolvedEndpoint) -> str:
    return f"{endpoint.namespace}/{endpoint.name}"


def latency_case() -> Case:
    # llama-8b's requests take 30-60 s (p99 59.7 s > 30 s); tight's and qwen's 1-2 s (p99 1.99 s): only tight's
    # 1.5 s SLO is breached by it. mistral's p95 (28.6 s > 8 s) fires first: its duration is 5 minutes.
    metric = m.MODEL_LATENCY_MS
    series = (histogram(metric, LLAMA, "60000") + histogram(metric, TIGHT, "2000") + histogram(metric, QWEN, "2000")
              + histogram(metric, MISTRAL, "30000"))
    return Case(alerts.LATENCY_ALERT, 10, 1, series, firing=[
        Expected(_endpoint(LLAMA, "critical", "p99 <= 30000 ms for 10m"),
                 f"{_who(LLAMA)}: p99 latency above 30000 ms", 30000 + 30000 * 0.99),
        Expected(_endpoint(TIGHT, "critical", "p99 <= 1500 ms for 10m"),
                 f"{_who(TIGHT)}: p99 latency above 1500 ms", 1000 + 1000 * 0.99),
    ], early=[
        Expected(_endpoint(MISTRAL, "critical", "p95 <= 8000 ms for 5m"),
                 f"{_who(MISTRAL)}: p95 latency above 8000 ms", 2000 + 28000 * 0.95),
    ])


def ttfb_case() -> Case:
    # First bytes after 2-30 s: above llama-8b's 5 s (p90 27.2 s) and mistral's 900 ms; qwen's within 1 s.
    metric = m.MODEL_TTFB_MS
    series = histogram(metric, LLAMA, "30000") + histogram(metric, MISTRAL, "30000") + histogram(metric, QWEN, "1000")
    return Case(alerts.TTFB_ALERT, 10, 1, series, firing=[
        Expected(_endpoint(LLAMA, "warning", "p90 <= 5000 ms for 10m"),
                 f"{_who(LLAMA)}: p90 time to first byte above 5000 ms", 2000 + 28000 * 0.9),
        Expected(_endpoint(MISTRAL, "warning", "p90 <= 900 ms for 10m"),
                 f"{_who(MISTRAL)}: p90 time to first byte above 900 ms", 2000 + 28000 * 0.9),
    ])


def error_rate_case() -> Case:
    # 10 % of llama-8b's requests fail (> 5 %), 2 % of mistral's (> its 1 %), 1 % of qwen's (within 5 %);
    # quiet has counters but no traffic: 0/0 is no value, not a breach.
    series = []
    for endpoint, requests, errors in ((LLAMA, 60, 6), (MISTRAL, 100, 2), (QWEN, 100, 1), (QUIET, 0, 0)):
        series.append(counter(m.MODEL_INVOCATIONS_TOTAL, _resource(endpoint, status="200"), requests))
        series.append(counter(m.MODEL_ERRORS_TOTAL, _resource(endpoint, status="500"), errors))
    return Case(alerts.ERROR_RATE_ALERT, 5, 1, series, firing=[
        Expected(_endpoint(LLAMA, "critical", "errors <= 5 % for 5m"),
                 f"{_who(LLAMA)}: more than 5 % of requests fail", 10),
        Expected(_endpoint(MISTRAL, "critical", "errors <= 1 % for 5m"),
                 f"{_who(MISTRAL)}: more than 1 % of requests fail", 2),
    ])


def _deployment(namespace: str, deployment: str) -> dict[str, str]:
    return {"namespace": namespace, "deployment": deployment}


def _replicas(deployment: str, spec: int, available: int, namespace: str = "default") -> list[dict[str, str]]:
    return [gauge(m.KUBE_DEPLOYMENT_SPEC_REPLICAS, _deployment(namespace, deployment), spec),
            gauge(m.KUBE_DEPLOYMENT_STATUS_REPLICAS_AVAILABLE, _deployment(namespace, deployment), available)]


def _deployment_alert(endpoint: ResolvedEndpoint, deployment: str, severity: str, slo: str,
                      sidename: Optional[str] = None) -> dict[str, str]:
    labels = {"namespace": endpoint.namespace, "deployment": deployment, "endpoint": endpoint.name,
              "severity": severity, "slo": slo}
    return {**labels, "side": sidename} if sidename else labels


def replicas_at_max_case() -> Case:
    # llama-8b at its 8, the decode side at its 4: pinned. qwen at 7 of 8, the prefill side at 1 of 2, mistral at 0 of 4
    # (scaled to zero) and parked (a ceiling of 0) are not.
    series = (_replicas("llama-8b", 8, 8) + _replicas("qwen-7b", 7, 7) + _replicas("parked", 0, 0)
              + _replicas("mistral-7b", 0, 0, "team-a")
              + _replicas("llama-70b-prefill-5d8f", 1, 1) + _replicas("llama-70b-decode-77c1", 4, 4)
              # one replica of one, serving: a ceiling of 1 is no sign of unmet demand
              + _replicas("single", 1, 1))
    return Case(alerts.REPLICAS_AT_MAX_ALERT, 15, 0, series, firing=[
        Expected(_deployment_alert(LLAMA, "llama-8b", "warning", "replicas < 8 for 15m"),
                 "default/llama-8b: pinned at its maximum of 8 replicas", 8),
        Expected(_deployment_alert(SPLIT, "llama-70b-decode-77c1", "warning", "replicas < 4 for 15m", "decode"),
                 "default/llama-70b decode: pinned at its maximum of 4 replicas", 4),
    ])


def _no_ready_pods_series() -> list[dict[str, str]]:
    # llama-8b wants 2 and has none ready, so does the prefill side; qwen is scaled to zero (wants none), tight has
    # its one pod ready, parked is at zero for good. Waking from zero: "wake" wants 1 and never gets it, "woken" wants
    # 1 and has it ready after 8 minutes (within its 10-minute estimate), "idle" stays at zero.
    return (_replicas("llama-8b", 2, 0) + _replicas("qwen-7b", 0, 0) + _replicas("tight", 1, 1)
            + _replicas("parked", 0, 0)
            + _replicas("llama-70b-prefill-5d8f", 1, 0) + _replicas("llama-70b-decode-77c1", 1, 1)
            + _replicas("wake", 1, 0) + _replicas("idle", 0, 0)
            + [gauge(m.KUBE_DEPLOYMENT_SPEC_REPLICAS, _deployment("default", "woken"), 1),
               {"series": f"{m.KUBE_DEPLOYMENT_STATUS_REPLICAS_AVAILABLE}{_labels(_deployment('default', 'woken'))}",
                "values": "0x7 1x32"}])


_NO_READY_PODS_AT_ONCE = [
    Expected(_deployment_alert(LLAMA, "llama-8b", "critical", "ready replicas > 0 for 5m"),
             "default/llama-8b: replicas requested but none is ready", 2),
    Expected(_deployment_alert(SPLIT, "llama-70b-prefill-5d8f", "critical", "ready replicas > 0 for 5m", "prefill"),
             "default/llama-70b prefill: replicas requested but none is ready", 1),
]


def no_ready_pods_case() -> Case:
    # Endpoints not expected to wake page after the SLO's 5 minutes; the waking ones do not (yet).
    return Case(alerts.NO_READY_PODS_ALERT, 5, 0, _no_ready_pods_series(), firing=_NO_READY_PODS_AT_ONCE)


def wake_past_its_estimate_case() -> Case:
    # "wake" pages once its 10-minute estimate and the SLO's 5 minutes have passed; "woken" (ready at 8 minutes) and
    # "idle" (at zero, wanting none) never do.
    return Case(alerts.NO_READY_PODS_ALERT, WAKE_MINUTES + 5, 0, _no_ready_pods_series(), firing=[
        Expected(_deployment_alert(WAKE, "wake", "critical", f"ready replicas > 0 within a {WAKE_MINUTES}m wake + for 5m"),
                 "default/wake: replicas requested but none is ready", 1),
    ], early=_NO_READY_PODS_AT_ONCE, title="a wake past its estimate pages")


def wake_slow_case() -> Case:
    # The warning comes when the estimate has passed without a ready pod: "wake" only.
    return Case(alerts.WAKE_SLOW_ALERT, WAKE_MINUTES, 0, _no_ready_pods_series(), firing=[
        Expected(_deployment_alert(WAKE, "wake", "warning", f"ready replicas > 0 for {WAKE_MINUTES}m"),
                 f"default/wake: waking from zero takes longer than its {WAKE_MINUTES}-minute estimate", 1),
    ])


GPU_A = {"Hostname": "hyperpod-i-0a", "gpu": "0"}
GPU_B = {"Hostname": "hyperpod-i-0a", "gpu": "1"}  # healthy: every signal at 0


def _gpu(labels: dict[str, str], severity: str) -> dict[str, str]:
    return {**labels, "severity": severity}


def _gpu_case(alert: str, metric: str, bad: float, for_minutes: int, severity: str, summary: str,
              value: float, rate: bool = False) -> Case:
    make = counter if rate else gauge
    series = [make(metric, GPU_A, bad), make(metric, GPU_B, 0)]
    return Case(alert, for_minutes, 1 if rate else 0, series, firing=[
        Expected(_gpu(GPU_A, severity), f"hyperpod-i-0a GPU 0: {summary}", value)])


def gpu_cases() -> list[Case]:
    return [
        _gpu_case(alerts.GPU_XID_ERROR_ALERT, m.DCGM_XID_ERRORS, 79, 1, "critical",
                  "the driver reported an XID error", 79),
        _gpu_case(alerts.GPU_UNCORRECTABLE_REMAPPED_ROWS_ALERT, m.DCGM_UNCORRECTABLE_REMAPPED_ROWS, 2, 1, "critical",
                  "memory rows remapped after uncorrectable ECC errors; reset the GPU", 2),
        _gpu_case(alerts.GPU_ROW_REMAP_FAILURE_ALERT, m.DCGM_ROW_REMAP_FAILURE, 1, 1, "critical",
                  "remapping a memory row failed; replace the node", 1),
        # Throttled 30 s of every minute (the counter counts microseconds): half the time.
        _gpu_case(alerts.GPU_THERMAL_THROTTLING_ALERT, m.DCGM_THERMAL_VIOLATION, 30e6, 10, "warning",
                  "throttled for temperature", 0.5, rate=True),
    ]


CASES: list[Case] = [latency_case(), ttfb_case(), error_rate_case(), replicas_at_max_case(), no_ready_pods_case(),
                     wake_past_its_estimate_case(), wake_slow_case(), *gpu_cases()]


def slo_series_group() -> dict[str, Any]:
    """The recorded SLO lines and ceilings: one series per endpoint with its own value, also at zero replicas."""
    series = ([counter(m.MODEL_INVOCATIONS_TOTAL, _resource(endpoint, status="200"), 60)
               for endpoint in (LLAMA, TIGHT, MISTRAL)]
              + _replicas("llama-8b", 0, 0) + _replicas("parked", 0, 0) + _replicas("llama-70b-decode-77c1", 2, 2))

    def sample(labels: dict[str, str], value: float) -> dict[str, Any]:
        return {"labels": _labels(labels), "value": value}

    def resource(endpoint: ResolvedEndpoint, value: float, **extra: str) -> dict[str, str]:
        return {"namespace": endpoint.namespace, "resource_name": endpoint.name, "resource_type": endpoint.kind,
                **extra, "value": format_number(value)}

    latency = m.SLO_LATENCY_THRESHOLD_MS
    return {"name": "SLO series", "interval": "1m", "input_series": series, "promql_expr_test": [
        {"expr": latency, "eval_time": "2m", "exp_samples": [
            sample({"__name__": latency, **resource(LLAMA, 30000, percentile="p99")}, 30000),
            sample({"__name__": latency, **resource(MISTRAL, 8000, percentile="p95")}, 8000),
            sample({"__name__": latency, **resource(TIGHT, 1500, percentile="p99")}, 1500)]},
        {"expr": f'{m.SLO_ERROR_PERCENT_MAX}{{namespace="team-a"}}', "eval_time": "2m", "exp_samples": [
            sample({"__name__": m.SLO_ERROR_PERCENT_MAX, **resource(MISTRAL, 1)}, 1)]},
        {"expr": m.DEPLOYMENT_MAX_REPLICAS, "eval_time": "2m", "exp_samples": [
            sample({"__name__": m.DEPLOYMENT_MAX_REPLICAS, "namespace": "default", "deployment": "llama-8b",
                    "value": "8"}, 8),
            sample({"__name__": m.DEPLOYMENT_MAX_REPLICAS, "namespace": "default", "deployment": "parked",
                    "value": "0"}, 0),
            sample({"__name__": m.DEPLOYMENT_MAX_REPLICAS, "namespace": "default", "side": "decode",
                    "deployment": "llama-70b-decode-77c1", "value": "4"}, 4)]},
    ]}


@pytest.fixture(scope="module")
def rules() -> str:
    return alerts.rules_yaml(ENDPOINTS, WINDOW, gpu_health=True, wakes=WAKES)


def test_every_alert_class_has_a_case() -> None:
    classes = ({slo_class.alert for slo_class in alerts.SLO_CLASSES}
               | {rule.alert for rule in alerts.gpu_health_rules(WINDOW)})
    assert {case.alert for case in CASES} == classes


def test_the_rules_pass_promtool_check_with_no_lint_finding(rules: str) -> None:
    result = check_rules(rules)
    assert result.returncode == 0, outcome(result)
    assert "SUCCESS" in result.stdout


@pytest.mark.parametrize("relative", [app_param(relative) for relative in app_files()])
def test_every_apps_rules_pass_promtool_check(relative: str, synthesized: Callable[[str], Any]) -> None:
    observability = synthesized(relative).platform.observability
    files = observability.rule_files if observability is not None else []
    if files:
        result = check_rules(*files)
        assert result.returncode == 0, outcome(result)


def test_promtool_check_reports_rules_it_cannot_tell_apart() -> None:
    # The lint finding the rules avoid, shown on two rules that differ only in their expression.
    twin = {"alert": "Twin", "expr": "up == 0", "labels": {"severity": "critical"}}
    text = yaml.safe_dump({"groups": [{"name": "a", "rules": [twin, {**twin, "expr": "up == 1"}]}]})
    result = check_rules(text)
    assert result.returncode == 3 and "duplicate rule" in result.stderr, outcome(result)


def _mutated(rules: str, alert: str, change: Callable[[dict[str, Any]], None]) -> str:
    # libyaml's parser and emitter: the same documents as PyYAML's own, in a tenth of the time (36 mutations).
    document = yaml.load(rules, Loader=yaml.CSafeLoader)
    changed = 0
    for group in document["groups"]:
        for rule in group["rules"]:
            if rule.get("alert") == alert:
                change(rule)
                changed += 1
    assert changed, alert
    return yaml.dump(document, Dumper=yaml.CSafeDumper, sort_keys=False)


def _minutes(rule: dict[str, Any]) -> int:
    return int(rule["for"].removesuffix("m"))


MUTATIONS: dict[str, Callable[[dict[str, Any]], None]] = {
    "expression never true": lambda rule: rule.update(expr=f"({rule['expr']}) unless on() vector(1)"),
    "comparison reversed": lambda rule: rule.update(expr=rule["expr"].replace(" > ", " <= ").replace(" >= ", " < ")),
    "duration halved": lambda rule: rule.update({"for": f"{_minutes(rule) // 2}m"}),
    "duration doubled": lambda rule: rule.update({"for": f"{_minutes(rule) * 2}m"}),
}


def _broken_run(case: Case, mutation: str) -> str:
    return f"{case.name} with its {mutation}"


@pytest.fixture(scope="module")
def broken_rules(rules: str) -> dict[str, str]:
    """Per case and mutation (``_broken_run``): the rules with that case's alert mutated."""
    return {_broken_run(case, mutation): _mutated(rules, case.alert, change)
            for case in CASES for mutation, change in MUTATIONS.items()}


@pytest.fixture(scope="module")
def promtool_outcomes(rules: str, broken_rules: dict[str, str]) -> dict[str, FileOutcome]:
    """Every ``promtool test rules`` run of this module in one promtool process, a test file each (as if run alone):
    every case together, each case alone, and each case against each of its broken rules."""
    runs = {"every case": (rules, [group for case in CASES for group in case.groups()] + [slo_series_group()])}
    for case in CASES:
        runs[case.name] = (rules, case.groups())
        for mutation in MUTATIONS:
            name = _broken_run(case, mutation)
            runs[name] = (broken_rules[name], case.groups())
    return run_promtool_tests(runs)


def test_promtool_unit_tests_pass(promtool_outcomes: dict[str, FileOutcome]) -> None:
    result = promtool_outcomes["every case"]
    assert result.passed, result.output


@pytest.mark.parametrize("mutation", list(MUTATIONS))
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_broken_rule_fails_its_promtool_test(rules: str, broken_rules: dict[str, str],
                                               promtool_outcomes: dict[str, FileOutcome], case: Case,
                                               mutation: str) -> None:
    name = _broken_run(case, mutation)
    assert broken_rules[name] != rules
    result = promtool_outcomes[name]
    assert not result.passed, f"{name} still passes:\n{result.output}"
    assert case.alert in result.output


def test_the_cases_pass_on_their_own(promtool_outcomes: dict[str, FileOutcome]) -> None:
    # The mutation tests run each case alone: each must pass alone when nothing is broken.
    for case in CASES:
        result = promtool_outcomes[case.name]
        assert result.passed, result.output


def test_a_platforms_waking_endpoint_pages_only_after_its_planned_wake(
        synthesized: Callable[[str], Any]) -> None:
    # The scale-to-zero example's mistral-7b scales to zero: its no-ready-pods rule waits for the plan's cold-start
    # estimate (rounded up to whole minutes) plus the SLO's 5 minutes, and its wake-slow warning for the estimate.
    app = synthesized("examples/scale_to_zero.py")
    estimate = next(e for e in app.platform.plan.cold_start_estimates() if e.endpoint.name == "mistral-7b")
    minutes = -(-int(estimate.known_s) // 60)
    assert minutes > 5, estimate.known_s  # a wake longer than the SLO's own 5 minutes, or the test shows nothing
    rules = [rule for text in app.platform.observability.rule_files
             for group in yaml.safe_load(text)["groups"] for rule in group["rules"]
             if "mistral-7b" in rule.get("expr", "")]
    by_alert = {rule["alert"]: rule["for"] for rule in rules if rule.get("alert") in (
        alerts.NO_READY_PODS_ALERT, alerts.WAKE_SLOW_ALERT)}
    assert by_alert == {alerts.NO_READY_PODS_ALERT: f"{minutes + 5}m", alerts.WAKE_SLOW_ALERT: f"{minutes}m"}
