"""Dashboards and alert rules: every expression parses, panels follow the endpoint's features, snapshots."""
from __future__ import annotations

import gc
import json
import re

import promql_parser
import pytest
import yaml

from hyperpod_constructs.observability import alerts, dashboards, metrics, queries
from hyperpod_constructs.intent.platform_model import ResolvedEndpoint
from obs_fixtures import ENDPOINTS, INSTANCE_GROUPS

WINDOW = "5m"


@pytest.fixture(scope="module")
def built() -> dict[str, dict]:
    return dashboards.build_dashboards(ENDPOINTS, INSTANCE_GROUPS, WINDOW)


@pytest.fixture(scope="module")
def rules() -> dict:
    return yaml.safe_load(alerts.rule_groups_yaml(ENDPOINTS, WINDOW))


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


def test_one_row_per_endpoint_with_a_prometheus_datasource_variable(built: dict[str, dict]) -> None:
    model = built[dashboards.INFERENCE_DASHBOARD]
    assert list(_row_panels(model)) == [f"{e.key} ({e.kind})" for e in ENDPOINTS]
    variables = model["templating"]["list"]
    assert [(v["name"], v["type"], v["query"]) for v in variables] == [("datasource", "datasource", "prometheus")]
    for panels in _row_panels(model).values():
        for panel in panels:
            assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}


def test_kv_cache_and_router_panels_only_where_enabled(built: dict[str, dict]) -> None:
    rows = _row_panels(built[dashboards.INFERENCE_DASHBOARD])
    for endpoint in ENDPOINTS:
        exprs = "\n".join(t["expr"] for p in rows[f"{endpoint.key} ({endpoint.kind})"] for t in p["targets"])
        assert (metrics.VLLM_PREFIX_CACHE_HITS_TOTAL in exprs) is endpoint.kv_cache, endpoint.name
        assert (metrics.LMCACHE_REQUEST_CACHE_HIT_RATE in exprs) is endpoint.kv_cache, endpoint.name
        titles = [p["title"] for p in rows[f"{endpoint.key} ({endpoint.kind})"]]
        assert any(t.startswith("Router:") for t in titles) is endpoint.intelligent_routing, endpoint.name
    assert any(e.kv_cache for e in ENDPOINTS) and not all(e.kv_cache for e in ENDPOINTS)


def test_panels_select_exactly_their_endpoint(built: dict[str, dict]) -> None:
    rows = _row_panels(built[dashboards.INFERENCE_DASHBOARD])
    for endpoint in ENDPOINTS:
        for panel in rows[f"{endpoint.key} ({endpoint.kind})"]:
            for target in panel["targets"]:
                expr = target["expr"]
                if "vector(" in expr and "{" not in expr:
                    continue
                assert f'namespace="{endpoint.namespace}"' in expr, (panel["title"], expr)
                assert (f'resource_name="{endpoint.name}"' in expr or f'deployment="{endpoint.name}"' in expr), expr


def test_slo_threshold_drawn_on_latency_panel(built: dict[str, dict]) -> None:
    rows = _row_panels(built[dashboards.INFERENCE_DASHBOARD])
    latency = next(p for p in rows["team-a/mistral-7b (jumpstart)"] if p["title"].startswith("Latency"))
    assert [s["value"] for s in latency["fieldConfig"]["defaults"]["thresholds"]["steps"]] == [None, 8000.0]
    # The SLO's own percentile (p95) is charted next to p50/p90/p99.
    assert [t["legendFormat"] for t in latency["targets"]] == ["p50", "p90", "p95", "p99"]


def test_gpu_dashboard_per_instance_group_with_mig_rows(built: dict[str, dict]) -> None:
    h100 = built["hyperpod-gpu-h100"]
    assert list(_row_panels(h100)) == ["GPUs", "MIG slices 3g.40gb", "MIG slices 1g.10gb"]
    exprs = "\n".join(dashboards.expressions(h100))
    assert 'DCGM_FI_DEV_GPU_UTIL{instance_type="ml.p5.48xlarge"}' in exprs
    assert 'DCGM_FI_PROF_GR_ENGINE_ACTIVE{instance_type="ml.p5.48xlarge", GPU_I_PROFILE="3g.40gb"}' in exprs
    assert list(_row_panels(built["hyperpod-gpu-l40s"])) == ["GPUs"]


@pytest.mark.parametrize("enabled", [True, False])
def test_dashboards_leave_no_reference_cycle_and_the_collector_as_they_found_it(enabled: bool) -> None:
    # Building dashboards pauses the cycle collector, which is safe only while what it builds holds no cycle.
    gc.collect()
    if not enabled:
        gc.disable()
    try:
        dashboards.build_dashboards(ENDPOINTS, INSTANCE_GROUPS, WINDOW)
        assert gc.isenabled() is enabled
        dashboards.dashboards_by_uid_json(ENDPOINTS, INSTANCE_GROUPS, WINDOW)
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
    assert gc.collect() == 0


def test_the_provisioned_file_is_the_dashboards_by_uid_as_json(built: dict[str, dict]) -> None:
    uids, text = dashboards.dashboards_by_uid_json(ENDPOINTS, INSTANCE_GROUPS, WINDOW)
    by_uid = {model["uid"]: model for model in built.values()}
    assert uids == sorted(by_uid) and len(uids) == len(built)
    assert text == json.dumps(by_uid, sort_keys=True)  # byte for byte what the dicts give, made without them


def test_dashboard_uids_fit_grafana_limit() -> None:
    from hyperpod_constructs.intent.instance_group import InstanceGroup

    group = InstanceGroup("a-very-long-instance-group-name-for-gpus", "ml.p5.48xlarge")
    uid = dashboards.gpu_dashboard(group)["uid"]
    assert len(uid) <= 40 and uid.startswith("hyperpod-gpu-a-very")


def test_one_rule_group_per_slo_class(rules: dict) -> None:
    groups = {group["name"]: group["rules"] for group in rules["groups"]}
    # llama-8b has every SLO; mistral-7b (another namespace and kind) only latency and errors; "embedder" none.
    assert list(groups) == [alerts.group_name(c.name) for c in alerts.SLO_CLASSES]
    assert [len(members) for members in groups.values()] == [2, 1, 2, 1, 1]
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
    assert alerts.rule_groups_yaml(ENDPOINTS, WINDOW) == snapshot


def test_endpoint_without_slos_gets_defaults() -> None:
    endpoint = ResolvedEndpoint(name="x", max_replicas=1)
    assert [rule.alert for rule in alerts.endpoint_rules(endpoint, WINDOW)] == [c.alert for c in alerts.SLO_CLASSES]
