"""What the shared alert rules mean: for every endpoint and SLO class, exactly one rule selects its series, with
the endpoint's own threshold, percentile, duration and severity; no rule selects a series it should not; the
rules file does not grow per endpoint and splits into several files only past a byte budget.

A rule "selects" an endpoint when every vector selector in its PromQL (parsed by promql-parser) matches the
labels the operator (resource metrics) or kube-state-metrics (Deployment metrics) put on that endpoint's series.
"""
from __future__ import annotations

import re
from typing import Any, Iterator, Optional

import promql_parser
import pytest
import yaml

from hyperpod_constructs.observability import alerts
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from obs_fixtures import side as side_demand
from hyperpod_constructs.intent.slo import EndpointSlos, ErrorRateSlo, LatencySlo, NoReadyPodsSlo, TtfbSlo

WINDOW = "5m"

ENDPOINTS = (
    ResolvedEndpoint(name="llama-8b", max_replicas=8),                            # defaults
    ResolvedEndpoint(name="qwen-7b", max_replicas=8),                             # defaults, same max: shares all
    ResolvedEndpoint(name="phi-3", max_replicas=2),                               # defaults, other max
    ResolvedEndpoint(name="llama-8b", namespace="team-a", max_replicas=8),        # same name, other namespace
    ResolvedEndpoint(name="mistral-7b", namespace="team-a", kind="jumpstart", max_replicas=4,
                     slos=EndpointSlos(latency=LatencySlo(threshold_ms=8000, percentile=0.95, for_minutes=5),
                                       ttfb=TtfbSlo(threshold_ms=900), error_rate=ErrorRateSlo(max_percent=1),
                                       no_ready_pods=NoReadyPodsSlo(for_minutes=2, severity="warning"))),
    ResolvedEndpoint(name="tight", max_replicas=8,
                     slos=EndpointSlos(latency=LatencySlo(threshold_ms=1500))),   # only a stricter latency
    ResolvedEndpoint(name="quiet", max_replicas=3, slos=EndpointSlos()),          # observed, no alerts
    # Disaggregated: the replica alerts watch each side's Deployment with that side's ceiling.
    ResolvedEndpoint(name="llama-70b", max_replicas=6, demands=(side_demand("prefill", 2), side_demand("decode", 4))),
    ResolvedEndpoint(name="mixtral", max_replicas=6, demands=(side_demand("prefill", 2), side_demand("decode", 3))),
)
# The cold-start estimates of the targets that scale to zero (seconds): a 10-minute and a 14-minute wake.
WAKES = {"phi-3": 600.0, "llama-70b/prefill": 830.0}
# Series that exist in the cluster but belong to no observed endpoint (or to one without that alert).
STRANGERS = (
    ResolvedEndpoint(name="qwen-7b", namespace="team-a", max_replicas=8),         # name known, namespace not
    ResolvedEndpoint(name="llama-8b", kind="jumpstart", max_replicas=8),          # name known, kind not
    ResolvedEndpoint(name="llama-8b-v2", max_replicas=8),                         # a prefix of the regex
)

# Labels each source puts on an endpoint's series (plus method/status, which every rule pins the same way).
RESOURCE_LABELS = ("namespace", "resource_name", "resource_type")
DEPLOYMENT_LABELS = ("namespace", "deployment")
DEPLOYMENT_CLASSES = ("replicas-at-max", "no-ready-pods", "wake-slow")


# How the operator names a side's Deployment (a suffix after the side is allowed).
SIDE_DEPLOYMENTS = {"prefill": "{name}-prefill-5d8f", "decode": "{name}-decode-77c1"}


def series_labels(endpoint: ResolvedEndpoint, side: Optional[str] = None) -> dict[str, str]:
    deployment = endpoint.name if side is None else SIDE_DEPLOYMENTS[side].format(name=endpoint.name)
    return {"namespace": endpoint.namespace, "resource_name": endpoint.name, "resource_type": endpoint.kind,
            "deployment": deployment}


def targets(endpoint: ResolvedEndpoint, slo_class: str) -> list[Optional[str]]:
    """The sides a class watches separately (None: the endpoint itself)."""
    if slo_class in DEPLOYMENT_CLASSES and endpoint.sides:
        return [side.side for side in endpoint.sides]
    return [None]


def vector_selectors(node: Any) -> Iterator[Any]:
    if isinstance(node, promql_parser.VectorSelector):
        yield node
        return
    for attribute in ("lhs", "rhs", "expr", "vector_selector", "param"):
        child = getattr(node, attribute, None)
        if child is not None:
            yield from vector_selectors(child)
    for child in getattr(node, "args", None) or ():
        yield from vector_selectors(child)


def matches(matcher: Any, value: str) -> bool:
    op = str(matcher.op)
    if op.endswith("Re"):  # MatchOp.Re / MatchOp.NotRe: fully anchored, as in Prometheus
        return bool(re.fullmatch(matcher.value, value)) == (op == "MatchOp.Re")
    return (matcher.value == value) == (op == "MatchOp.Equal")


def selects(rule: dict[str, Any], endpoint: ResolvedEndpoint, side: Optional[str] = None) -> bool:
    labels = series_labels(endpoint, side)
    for selector in vector_selectors(promql_parser.parse(rule["expr"])):
        known = RESOURCE_LABELS if "deployment" not in str(selector) else DEPLOYMENT_LABELS
        for matcher in selector.matchers.matchers:
            if matcher.name in known and not matches(matcher, labels[matcher.name]):
                return False
    return True


def threshold(rule: dict[str, Any]) -> float:
    """The number the endpoint's value is compared with (``label_replace(<query> > N, ...)``)."""
    comparison = promql_parser.parse(rule["expr"]).args[0]
    if isinstance(comparison.rhs, promql_parser.NumberLiteral):
        return comparison.rhs.val
    return comparison.rhs.expr.rhs.val  # no ready pods: (desired > 0) and (available == 0)


def percentile(rule: dict[str, Any]) -> Optional[float]:
    call = promql_parser.parse(rule["expr"]).args[0].lhs
    return call.args[0].val if isinstance(call, promql_parser.Call) and str(call.func.name) == "histogram_quantile" \
        else None


@pytest.fixture(scope="module")
def rules_by_class() -> dict[str, list[dict[str, Any]]]:
    document = yaml.safe_load(alerts.rule_groups_yaml(ENDPOINTS, WINDOW, WAKES))
    return {group["name"].removeprefix(alerts.GROUP_PREFIX): group["rules"] for group in document["groups"]}


def expected(endpoint: ResolvedEndpoint, slo_class: str, side: Optional[str] = None) -> Optional[dict[str, Any]]:
    """What the one rule covering (endpoint or its side, class) must say, or None when there is no such SLO."""
    slos = endpoint.effective_slos
    slo = {"latency": slos.latency, "ttfb": slos.ttfb, "error-rate": slos.error_rate,
           "replicas-at-max": slos.replicas_at_max, "no-ready-pods": slos.no_ready_pods,
           "wake-slow": slos.no_ready_pods}[slo_class]
    ceiling = endpoint.max_replicas if side is None else next(s.max_replicas for s in endpoint.sides if s.side == side)
    wake_s = WAKES.get(endpoint.name if side is None else f"{endpoint.name}/{side}")
    wake = None if wake_s is None else -(-int(wake_s) // 60)  # whole minutes, rounded up
    if slo is None or (slo_class == "replicas-at-max" and ceiling <= 1) or (slo_class == "wake-slow" and wake is None):
        return None
    value = {"latency": getattr(slo, "threshold_ms", None), "ttfb": getattr(slo, "threshold_ms", None),
             "error-rate": getattr(slo, "max_percent", None), "replicas-at-max": ceiling,
             "no-ready-pods": 0, "wake-slow": 0}[slo_class]
    minutes, severity = slo.for_minutes, slo.severity
    if slo_class == "no-ready-pods" and wake is not None:
        minutes = wake + slo.for_minutes  # the expected wake, then the SLO's own minutes
    if slo_class == "wake-slow":
        minutes, severity = wake, "warning"
    return {"threshold": float(value), "for": f"{minutes}m", "severity": severity,
            "percentile": getattr(slo, "percentile", None), "side": side}


@pytest.mark.parametrize("slo_class", [c.name for c in alerts.SLO_CLASSES])
def test_each_endpoint_is_covered_once_with_its_own_settings(rules_by_class: dict, slo_class: str) -> None:
    for endpoint in ENDPOINTS:
        for side in targets(endpoint, slo_class):
            where = f"{endpoint.key} {side or ''}"
            covering = [rule for rule in rules_by_class.get(slo_class, []) if selects(rule, endpoint, side)]
            want = expected(endpoint, slo_class, side)
            if want is None:
                assert covering == [], f"{where} has no {slo_class} SLO but is selected by {covering}"
                continue
            assert len(covering) == 1, f"{where}: {len(covering)} {slo_class} rules select it"
            rule = covering[0]
            assert threshold(rule) == want["threshold"], (where, rule["expr"])
            assert rule["for"] == want["for"] and rule["labels"]["severity"] == want["severity"], where
            assert rule["labels"].get("side") == want["side"], where
            if want["percentile"] is not None:
                assert percentile(rule) == want["percentile"], (where, rule["expr"])


def test_the_endpoint_label_names_the_endpoint_for_every_deployment_it_selects(rules_by_class: dict) -> None:
    # label_replace(..., "endpoint", "$1", "deployment", <pattern>): the pattern's group must give the name back.
    for slo_class in DEPLOYMENT_CLASSES:
        for rule in rules_by_class[slo_class]:
            pattern = promql_parser.parse(rule["expr"]).args[4].val
            for endpoint in ENDPOINTS:
                for side in targets(endpoint, slo_class):
                    if selects(rule, endpoint, side):
                        deployment = series_labels(endpoint, side)["deployment"]
                        assert re.fullmatch(pattern, deployment).group(1) == endpoint.name, (pattern, deployment)


def test_no_rule_selects_a_series_of_an_unobserved_endpoint(rules_by_class: dict) -> None:
    observed = {endpoint.key for endpoint in ENDPOINTS}
    for slo_class, rules in rules_by_class.items():
        for stranger in STRANGERS:
            if slo_class in DEPLOYMENT_CLASSES and stranger.key in observed:
                continue  # a Deployment is one per namespace/name, whatever kind of resource created it
            assert [r["expr"] for r in rules if selects(r, stranger)] == [], (slo_class, stranger.key)


def test_endpoints_with_equal_settings_share_a_rule(rules_by_class: dict) -> None:
    # Default SLOs in "default" share one rule per class (replicas-at-max: one per distinct max_replicas).
    latency = [r for r in rules_by_class["latency"]
               if all(selects(r, e) for e in ENDPOINTS[:3])]
    assert len(latency) == 1 and 'resource_name=~"llama-70b|llama-8b|mixtral|phi-3|qwen-7b"' in latency[0]["expr"]
    # default/max 8, default/max 2, team-a/max 8; prefill/max 2 (both sides share it), decode/max 4, decode/max 3.
    assert len(rules_by_class["replicas-at-max"]) == 6
    prefill = [r for r in rules_by_class["replicas-at-max"] if r["labels"].get("side") == "prefill"]
    assert len(prefill) == 1 and 'deployment=~"(llama-70b|mixtral)-prefill.*"' in prefill[0]["expr"]


def test_rule_count_and_bytes_do_not_grow_per_endpoint() -> None:
    def fleet(count: int) -> list[ResolvedEndpoint]:
        return [ResolvedEndpoint(name=f"model-{index:04d}", max_replicas=4) for index in range(count)]

    one, thousand = fleet(1), fleet(1000)
    wakes = {f"model-{index:04d}": 600.0 for index in range(1000)}  # every one wakes from zero in 10 minutes
    # One alert per SLO class, one series rule per SLO line (latency, TTFB, errors) and one for the replica ceiling.
    assert (alerts.rules_count(one, WINDOW, wakes=wakes) == alerts.rules_count(thousand, WINDOW, wakes=wakes)
            == len(alerts.SLO_CLASSES) + 4)
    per_endpoint = (len(alerts.rules_yaml(thousand, WINDOW, wakes=wakes))
                    - len(alerts.rules_yaml(one, WINDOW, wakes=wakes))) / 999
    # The name ("model-0000|", 11 bytes) appears in 9 alert selectors (errors, no-ready-pods and wake-slow select
    # twice) and in the 4 series rules'.
    assert per_endpoint <= 13 * 11 + 1, per_endpoint
    assert len(alerts.rule_files(thousand, WINDOW, wakes=wakes)) == 1


def test_rules_split_into_files_within_the_budget_and_lose_nothing() -> None:
    fleet = [ResolvedEndpoint(name=f"m-{index}", max_replicas=1 + index % 6) for index in range(60)]
    budget = 4096
    files = alerts.rule_files(fleet, WINDOW, budget_bytes=budget)
    assert len(files) > 1
    assert all(len(text.encode()) <= budget for text in files), [len(text) for text in files]
    split = [rule for text in files for group in yaml.safe_load(text)["groups"] for rule in group["rules"]]
    whole = [rule for group in yaml.safe_load(alerts.rules_yaml(fleet, WINDOW))["groups"] for rule in group["rules"]]
    assert sorted(map(repr, split)) == sorted(map(repr, whole))
    for text in files:  # one group per class in each file, named after the class
        names = [group["name"] for group in yaml.safe_load(text)["groups"]]
        assert len(names) == len(set(names)) and all(name.startswith(alerts.GROUP_PREFIX) for name in names)


def test_a_rule_bigger_than_the_budget_is_an_error_naming_it() -> None:
    fleet = [ResolvedEndpoint(name=f"m-{index}", max_replicas=4) for index in range(200)]
    with pytest.raises(ValueError, match=r"one rule \(HyperPodInferenceLatencyHigh, 200 endpoints\) needs "
                                         r"\d+ bytes, more than the 1000-byte rules file budget"):
        alerts.rule_files(fleet, WINDOW, budget_bytes=1000)


def test_every_generated_expression_parses() -> None:
    exprs = [rule.expr for rule in alerts.alert_rules(ENDPOINTS + STRANGERS, WINDOW)]
    assert len(exprs) > 10
    for expr in exprs:
        promql_parser.parse(expr)


def test_regex_names_match_only_themselves() -> None:
    from hyperpod_constructs.observability import queries

    selector = queries.deployments_selector("default", ["a.b", "c"])
    promql_parser.parse(selector("kube_deployment_spec_replicas"))
    matcher = selector.matchers[1]
    assert matcher == ("deployment", "=~", "a\\.b|c")
    assert re.fullmatch(matcher[2], "a.b") and not re.fullmatch(matcher[2], "axb")


def test_an_endpoint_parked_at_zero_replicas_is_never_pinned_at_max() -> None:
    """``replicas=0`` parks an endpoint: its ceiling is 0, so a replicas-at-max rule would always fire."""
    parked = [rule.alert for rule in alerts.endpoint_rules(ResolvedEndpoint(name="parked", max_replicas=0), "5m")]
    assert alerts.REPLICAS_AT_MAX_ALERT not in parked and alerts.NO_READY_PODS_ALERT in parked
