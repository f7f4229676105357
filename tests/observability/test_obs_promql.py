"""Dashboards and alert rules: every expression parses, panels follow the endpoint's features, snapshots."""
from __future__ import annotations

import json
import re

import promql_parser
import pytest
import yaml

from hyperpod_constructs.observability import alerts, dashboards, metrics, queries
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from obs_fixtures import ENDPOINTS, INSTANCE_GROUPS

WAKES = {"llama-8b": 700.0}
WINDOW = "5m"


@pytest.fixture(scope="module")
def built() -> dict[str, dict]:
    return dashboards.build_dashboards(ENDPOINTS, INSTANCE_GROUPS, WINDOW)


@pytest.fixture(scope="module")
def rules() -> dict:  # llama-8b scales to zero with a 12-minute cold start
    return yaml.safe_load(alerts.rule_groups_yaml(ENDPOINTS, WINDOW, WAKES))


def _rule_exprs(document: dict) -> list[str]:
    return [rule["expr"] for group in document["groups"] for rule in group["rules"]]


def _row_panels(dashboard: dict) -> dict[str, list[dict]]:
    """Row title -> panels below it (rows are expanded, so panels follow their row at the top level)."""
    rows: dict[str, list[dict]] = {}
    current = None
    for panel in dashboard["panels"]:
        if panel["type"] == "row":
            current = panel["title"]
            rows[current] = []
        else:
            rows[current].append(panel)
    return rows


def test_every_dashboard_expression_parses(built: dict[str, dict]) -> None:
    exprs = [expr for model in built.values() for expr in dashboards.expressions(model)]
    assert len(exprs) > 0
    for expr in exprs:
        promql_parser.parse(expr)


def test_every_alert_expression_parses(rules: dict) -> None:
    exprs = _rule_exprs(rules)
    assert len(exprs) > 0
    for expr in exprs:
        promql_parser.parse(expr)


def test_inference_dashboard_uses_the_invocation_metrics(built: dict[str, dict]) -> None:
    text = "\n".join(dashboards.expressions(built[dashboards.INFERENCE_DASHBOARD]))
    for metric in ("model_invocations_total", "model_latency_milliseconds", "model_ttfb_milliseconds",
                   "model_errors_total", "model_concurrent_requests", "kube_deployment_status_replicas_available"):
        assert metric in text, metric


def _variables(model: dict) -> dict[str, dict]:
    return {variable["name"]: variable for variable in model["templating"]["list"]}


def test_one_row_repeated_per_endpoint_picked_in_the_variables(built: dict[str, dict]) -> None:
    model = built[dashboards.INFERENCE_DASHBOARD]
    [row] = [panel for panel in model["panels"] if panel["type"] == "row"]
    assert (row["title"], row["repeat"]) == ("${namespace}/${endpoint}", "endpoint")
    variables = _variables(model)
    assert list(variables) == ["datasource", "namespace", "endpoint"]
    assert variables["datasource"]["query"] == "prometheus"
    assert variables["endpoint"]["query"] == (
        'label_values(model_invocations_total{namespace="${namespace}"}, resource_name)')
    assert (variables["endpoint"]["multi"], variables["endpoint"]["includeAll"]) == (True, True)
    assert not variables["namespace"].get("multi")  # one namespace at a time: names are unique within it
    for panels in _row_panels(model).values():
        for panel in panels:
            assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}


def test_kv_cache_and_router_panels_only_when_some_endpoint_enables_them(built: dict[str, dict]) -> None:
    exprs = "\n".join(dashboards.expressions(built[dashboards.INFERENCE_DASHBOARD]))
    assert metrics.VLLM_PREFIX_CACHE_HITS_TOTAL in exprs and "Router: requests per pod" in json.dumps(built)
    plain = dashboards.inference_dashboard([ENDPOINTS[2]], WINDOW)  # neither a KV cache nor intelligent routing
    assert metrics.VLLM_PREFIX_CACHE_HITS_TOTAL not in "\n".join(dashboards.expressions(plain))
    assert not any(panel["title"].startswith("Router:") for panel in plain["panels"])


def test_lmcache_hit_rate_is_read_as_the_histogram_it_is(built: dict[str, dict]) -> None:
    exprs = "\n".join(dashboards.expressions(built[dashboards.INFERENCE_DASHBOARD]))
    name = metrics.LMCACHE_REQUEST_CACHE_HIT_RATE
    assert f"rate({name}_sum{{" in exprs and f"rate({name}_count{{" in exprs
    assert f"{name}{{" not in exprs  # the bare name is no series: a histogram has only _bucket, _sum, _count


def test_panels_select_the_endpoint_of_their_repeat(built: dict[str, dict]) -> None:
    for panel in _row_panels(built[dashboards.INFERENCE_DASHBOARD])["${namespace}/${endpoint}"]:
        for target in panel["targets"]:
            expr = target["expr"]
            assert 'namespace="${namespace}"' in expr, (panel["title"], expr)
            assert ('resource_name="${endpoint}"' in expr
                    or 'deployment=~"${endpoint}(-prefill.*|-decod.*)?"' in expr), (panel["title"], expr)


def test_slo_lines_are_series_drawn_dashed_red(built: dict[str, dict]) -> None:
    panels = {p["title"]: p for p in _row_panels(built[dashboards.INFERENCE_DASHBOARD])["${namespace}/${endpoint}"]}
    for title, series in (("Latency (successful requests)", metrics.SLO_LATENCY_THRESHOLD_MS),
                          ("Time to first byte", metrics.SLO_TTFB_THRESHOLD_MS),
                          ("Success rate", metrics.SLO_ERROR_PERCENT_MAX),
                          ("Pods and replicas vs max", metrics.DEPLOYMENT_MAX_REPLICAS)):
        panel = panels[title]
        [line] = [t for t in panel["targets"] if series in t["expr"]]
        [override] = [o for o in panel["fieldConfig"]["overrides"] if o["matcher"]["options"] == line["refId"]]
        assert {"id": "color", "value": {"mode": "fixed", "fixedColor": "red"}} in override["properties"], title
    assert [t["legendFormat"] for t in panels["Latency (successful requests)"]["targets"]] == [
        "p50", "p90", "p99", "SLO {{percentile}}"]


def test_dashboards_do_not_grow_with_endpoints() -> None:
    def fleet(count: int) -> list[ResolvedEndpoint]:
        return [ResolvedEndpoint(name=f"model-{index:04d}", max_replicas=4, kv_cache=True) for index in range(count)]

    one = dashboards.build_dashboards(fleet(1), INSTANCE_GROUPS, WINDOW)
    thousand = dashboards.build_dashboards(fleet(1000), INSTANCE_GROUPS, WINDOW)
    assert one == thousand  # the same JSON: panels, queries and size


def test_overview_ranks_endpoints_and_counts_those_at_zero_and_at_max(built: dict[str, dict]) -> None:
    model = built[dashboards.OVERVIEW_DASHBOARD]
    exprs = dashboards.expressions(model)
    assert sum(expr.startswith(f"topk({queries.TOP_ENDPOINTS}, ") for expr in exprs) == 3
    assert any("== 0) and on (namespace, deployment) hyperpod:deployment_max_replicas" in expr for expr in exprs)
    assert any(">= on (namespace, deployment) (hyperpod:deployment_max_replicas" in expr for expr in exprs)
    assert _variables(model)["namespace"]["allValue"] == ".*"
    for panel in model["panels"]:
        for target in panel.get("targets") or []:
            assert 'namespace=~"${namespace}"' in target["expr"], target["expr"]


def test_one_gpu_dashboard_with_health_and_a_repeated_mig_row(built: dict[str, dict]) -> None:
    gpus = built[dashboards.GPU_DASHBOARD]
    assert list(_row_panels(gpus)) == ["GPUs", "GPU health", "MIG slices ${mig_profile}"]
    [mig] = [panel for panel in gpus["panels"] if panel["type"] == "row" and panel.get("repeat")]
    assert mig["repeat"] == "mig_profile"
    exprs = "\n".join(dashboards.expressions(gpus))
    # Utilisation from the profiling field, which MIG slices report; no label AWS's queries do not use.
    assert metrics.DCGM_GR_ENGINE_ACTIVE in exprs and "DCGM_FI_DEV_GPU_UTIL" not in exprs
    assert "instance_type" not in exprs
    for metric in (metrics.DCGM_XID_ERRORS, metrics.DCGM_UNCORRECTABLE_REMAPPED_ROWS,
                   metrics.DCGM_CORRECTABLE_REMAPPED_ROWS, metrics.DCGM_ROW_REMAP_FAILURE,
                   metrics.DCGM_THERMAL_VIOLATION, metrics.DCGM_GPU_TEMP):
        assert metric in exprs, metric
    whole = dashboards.gpu_dashboard(INSTANCE_GROUPS[1:], WINDOW)  # no partitioned group
    assert list(_row_panels(whole)) == ["GPUs", "GPU health"]


def test_the_provisioned_file_is_the_dashboards_by_uid_as_json(built: dict[str, dict]) -> None:
    uids, text = dashboards.dashboards_by_uid_json(ENDPOINTS, INSTANCE_GROUPS, WINDOW)
    by_uid = {model["uid"]: model for model in built.values()}
    assert uids == sorted(by_uid) and len(uids) == len(built)
    assert text == json.dumps(by_uid, sort_keys=True)  # byte for byte what the dicts give, made without them


def test_dashboard_uids_fit_grafana_limit(built: dict[str, dict]) -> None:
    assert all(len(model["uid"]) <= 40 for model in built.values())  # Grafana rejects longer uids


def test_one_rule_group_per_slo_class(rules: dict) -> None:
    groups = {group["name"]: group["rules"] for group in rules["groups"]}
    # llama-8b has every SLO and wakes from zero; mistral-7b (another namespace and kind) only latency and errors;
    # "embedder" none.
    assert list(groups) == [alerts.group_name(c.name) for c in alerts.SLO_CLASSES]
    assert [len(members) for members in groups.values()] == [2, 1, 2, 1, 1, 1]
    assert groups[alerts.group_name("no-ready-pods")][0]["for"] == "17m"  # the 12-minute wake, then 5 minutes
    assert groups[alerts.group_name("wake-slow")][0]["for"] == "12m"
    for group in groups.values():
        for rule in group:
            assert set(rule) == {"alert", "expr", "for", "labels", "annotations"}
            assert rule["labels"]["severity"] in {"critical", "warning"}
            # The endpoint comes from the series, so one rule can speak for many endpoints.
            assert rule["annotations"]["summary"].startswith("{{ $labels.namespace }}/{{ $labels.endpoint }}: ")
            assert rule["expr"].startswith("label_replace(") and '"endpoint", "$1"' in rule["expr"]
            assert re.fullmatch(r"[0-9]+m", rule["for"])
    mistral = groups[alerts.group_name("latency")][1]
    assert mistral["expr"].startswith("label_replace(histogram_quantile(0.95, ")
    assert " > 8000, " in mistral["expr"] and mistral["for"] == "5m"
    assert " > 1, " in groups[alerts.group_name("error-rate")][1]["expr"]


def test_capacity_alerts_use_max_replicas_and_ignore_scale_to_zero(rules: dict) -> None:
    by_alert = {r["alert"]: r["expr"] for group in rules["groups"] for r in group["rules"]}
    at_max = promql_parser.parse(by_alert[alerts.REPLICAS_AT_MAX_ALERT]).args[0]
    assert at_max.rhs.val == 8
    no_ready = promql_parser.parse(by_alert[alerts.NO_READY_PODS_ALERT]).args[0]
    assert isinstance(no_ready, promql_parser.BinaryExpr)  # (desired > 0) and (available == 0)
    assert "kube_deployment_spec_replicas" in by_alert[alerts.NO_READY_PODS_ALERT]


def test_no_rules_when_no_endpoint_has_slos() -> None:
    assert alerts.rule_groups_yaml([ENDPOINTS[2]], WINDOW) == ""


def test_alert_manager_definition_routes_to_sns_with_sigv4_region() -> None:
    definition = alerts.alert_manager_definition("arn:aws:sns:eu-west-1:111111111111:alerts", "eu-west-1")
    assert definition.startswith("alertmanager_config: |\n")
    config = yaml.safe_load(yaml.safe_load(definition)["alertmanager_config"])
    receiver = config["receivers"][0]
    assert config["route"]["receiver"] == receiver["name"]
    assert receiver["sns_configs"] == [{
        "topic_arn": "arn:aws:sns:eu-west-1:111111111111:alerts", "sigv4": {"region": "eu-west-1"},
        "subject": "{{ .CommonLabels.alertname }} {{ .CommonLabels.namespace }}/{{ .CommonLabels.endpoint }}"}]


@pytest.mark.parametrize("interval, window", [(5, "5m"), (30, "5m"), (75, "5m"), (90, "6m"), (300, "20m")])
def test_rate_window_holds_four_scrapes(interval: int, window: str) -> None:
    assert queries.rate_window(interval) == window


def test_label_values_are_escaped() -> None:
    sel = queries.Selector((("uri", "=", 'a"b\\c'),))
    expr = sel("model_invocations_total")
    assert expr == 'model_invocations_total{uri="a\\"b\\\\c"}'
    promql_parser.parse(expr)


def test_snapshot_dashboards(built: dict[str, dict], snapshot) -> None:
    assert json.dumps(built, indent=2, sort_keys=True) == snapshot


def test_snapshot_rules_yaml(snapshot) -> None:
    assert alerts.rules_yaml(ENDPOINTS, WINDOW, gpu_health=True) == snapshot  # alerts, SLO series, GPU health


def test_endpoint_without_slos_gets_defaults() -> None:
    endpoint = ResolvedEndpoint(name="x", max_replicas=2)
    assert ([rule.alert for rule in alerts.endpoint_rules(endpoint, WINDOW, {"x": 300.0})]
            == [c.alert for c in alerts.SLO_CLASSES])


def test_a_single_replica_endpoint_has_no_at_its_maximum_alert() -> None:
    # Serving normally at 1 of 1 replica would hold "at its maximum" for as long as the endpoint is up.
    endpoint = ResolvedEndpoint(name="x", max_replicas=1)
    assert alerts.REPLICAS_AT_MAX_ALERT not in [rule.alert for rule in alerts.endpoint_rules(endpoint, WINDOW)]


def test_only_an_endpoint_expected_to_wake_gets_the_wake_warning() -> None:
    endpoint = ResolvedEndpoint(name="x", max_replicas=2)
    assert alerts.WAKE_SLOW_ALERT not in [rule.alert for rule in alerts.endpoint_rules(endpoint, WINDOW)]
    assert alerts.WAKE_SLOW_ALERT not in [rule.alert for rule in alerts.endpoint_rules(endpoint, WINDOW, {"y": 60.0})]
