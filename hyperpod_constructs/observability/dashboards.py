"""Grafana dashboards as code, built with grafana-foundation-sdk (no hand-written dashboard JSON).

Their size does not depend on how many endpoints or nodes there are: panels read Grafana variables, and the
per-endpoint rows are ONE row definition that Grafana repeats for each endpoint picked.

- ``hyperpod-inference``: variables ``namespace`` (one) and ``endpoint`` (any, or all); a row per endpoint,
  repeated: traffic, errors, latency, TTFB, concurrency, pods vs max (and KV-cache and routing panels when some
  endpoint enables them). SLO lines are series (``slo_series``' recording rules), so each repeat draws its own.
- ``hyperpod-inference-overview``: the fleet ranked: top endpoints by traffic, latency and errors; endpoints at
  zero replicas and at their maximum.
- ``hyperpod-gpus``: variables ``node`` and ``gpu``: utilisation, memory, temperature, power, GPU health (XID
  errors, remapped rows, row-remap failures, thermal throttling), and a row per MIG profile, repeated.

Every panel reads from a ``datasource`` variable of type Prometheus, so the same JSON imports into any
Grafana that has the AMP workspace as a data source. All PromQL comes from ``queries``.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from grafana_foundation_sdk.builders import bargauge, prometheus, stat, timeseries
from grafana_foundation_sdk.builders import common as common_builder
from grafana_foundation_sdk.builders import dashboard as dash
from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models import common
from grafana_foundation_sdk.models import dashboard as model

from hyperpod_constructs.observability import metrics as m
from hyperpod_constructs.observability import queries as q
from hyperpod_constructs.observability.metrics import RATE_WINDOW
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint

DASHBOARD_PREFIX = "hyperpod-"  # every dashboard's name starts with it: how an earlier run's files are known
INFERENCE_DASHBOARD = f"{DASHBOARD_PREFIX}inference"
OVERVIEW_DASHBOARD = f"{DASHBOARD_PREFIX}inference-overview"
GPU_DASHBOARD = f"{DASHBOARD_PREFIX}gpus"
DATASOURCE_VARIABLE = "datasource"
_DATASOURCE = model.DataSourceRef(type_val="prometheus", uid="${" + DATASOURCE_VARIABLE + "}")
_TAGS = ["hyperpod", "inference"]
_LATENCY_PERCENTILES = (0.5, 0.9, 0.99)
_OVERVIEW_PERCENTILE = 0.99
# How an SLO line looks next to the measured series: dashed red.
_SLO_LINE = [model.DynamicConfigValue(id_val="custom.lineStyle", value={"fill": "dash", "dash": [10, 10]}),
             model.DynamicConfigValue(id_val="color", value={"mode": "fixed", "fixedColor": "red"})]


class _Ids:
    """Stable panel ids in build order, so re-importing a dashboard keeps panel links."""

    def __init__(self) -> None:
        self._next = 0

    def __call__(self) -> int:
        self._next += 1
        return self._next


def _target(expr: str, legend: str, ref_id: str, instant: bool = False) -> prometheus.Dataquery:
    target = prometheus.Dataquery().expr(expr).legend_format(legend).ref_id(ref_id).datasource(_DATASOURCE)
    return target.instant() if instant else target


def _ref(index: int) -> str:
    return chr(ord("A") + index)


def _timeseries(ids: _Ids, title: str, unit: str, targets: Sequence[tuple[str, str]], *, width: int = 8,
                description: str = "", slo_lines: Sequence[tuple[str, str]] = (),
                min_value: Optional[float] = 0, max_value: Optional[float] = None) -> timeseries.Panel:
    """A time series panel; ``slo_lines`` are (expr, legend) of SLO series drawn dashed red after ``targets``."""
    panel = (timeseries.Panel().id(ids()).title(title).datasource(_DATASOURCE).unit(unit).span(width).height(8)
             .legend(common_builder.VizLegendOptions().display_mode(common.LegendDisplayMode.LIST)
                     .placement(common.LegendPlacement.BOTTOM).show_legend(True)))
    if description:
        panel = panel.description(description)
    if min_value is not None:
        panel = panel.min(min_value)
    if max_value is not None:
        panel = panel.max(max_value)
    for index, (expr, legend) in enumerate(targets):
        panel = panel.with_target(_target(expr, legend, _ref(index)))
    for index, (expr, legend) in enumerate(slo_lines, start=len(targets)):
        panel = panel.with_target(_target(expr, legend, _ref(index))).override_by_query(_ref(index), _SLO_LINE)
    return panel


def _stat(ids: _Ids, title: str, unit: str, expr: str, *, width: int = 4, description: str = "") -> stat.Panel:
    panel = (stat.Panel().id(ids()).title(title).datasource(_DATASOURCE).unit(unit).span(width).height(8)
             .with_target(_target(expr, title, "A")))
    return panel.description(description) if description else panel


def _ranking(ids: _Ids, title: str, unit: str, expr: str, legend: str, *, width: int = 8) -> bargauge.Panel:
    """Endpoints ranked by ``expr`` (a ``topk``), now: one bar each, largest first."""
    return (bargauge.Panel().id(ids()).title(title).datasource(_DATASOURCE).unit(unit).span(width).height(10)
            .orientation(common.VizOrientation.HORIZONTAL).display_mode(common.BarGaugeDisplayMode.BASIC)
            .with_target(_target(expr, legend, "A", instant=True)))


def _query_variable(name: str, label: str, query: str, *, multi: bool) -> dash.QueryVariable:
    variable = (dash.QueryVariable(name).label(label).datasource(_DATASOURCE).query(query)
                .refresh(model.VariableRefresh.ON_TIME_RANGE_CHANGED).sort(model.VariableSort.ALPHABETICAL_ASC))
    if multi:
        # ".*" for all, so the query does not grow with the number of values.
        variable = variable.multi(True).include_all(True).all_value(".*")
    return variable


# --- Inference: one row, repeated per endpoint ---------------------------------------------------------------

_ENDPOINT_LABEL = "{{namespace}}/{{resource_name}}"


def _endpoint_row_panels(ids: _Ids, window: str, kv_cache: bool, intelligent_routing: bool) -> list[Any]:
    sel = q.endpoint_variable_selector()
    dep = q.deployment_variable_selector()
    panels: list[Any] = [
        _timeseries(ids, "Request rate", "reqps", [(q.request_rate(sel, window), "requests/s")],
                    description="POST requests per second through the operator's reverse proxy."),
        _timeseries(ids, "Success rate", "percent", [(q.success_percent(sel, window), "successful %")],
                    slo_lines=[(q.success_percent_slo(sel), "SLO")], max_value=100),
        _timeseries(ids, "Errors by status code", "reqps", [(q.errors_by_status(sel, window), "{{status}}")]),
        _timeseries(ids, "Latency (successful requests)", "ms",
                    [(q.latency_quantile(sel, p, window), q.percentile_label(p)) for p in _LATENCY_PERCENTILES],
                    slo_lines=[(q.latency_slo_threshold(sel), "SLO {{percentile}}")]),
        _timeseries(ids, "Time to first byte", "ms",
                    [(q.ttfb_quantile(sel, p, window), q.percentile_label(p)) for p in _LATENCY_PERCENTILES],
                    slo_lines=[(q.ttfb_slo_threshold(sel), "SLO {{percentile}}")]),
        _timeseries(ids, "Concurrent requests", "short", [(q.concurrent_requests(sel), "in flight")]),
        _timeseries(ids, "Pods and replicas vs max", "short",
                    [(q.active_pods(sel, window), "pods receiving traffic"),
                     (q.replicas_desired(dep, (m.LABEL_DEPLOYMENT,)), "{{deployment}} desired"),
                     (q.replicas_available(dep, (m.LABEL_DEPLOYMENT,)), "{{deployment}} available")],
                    slo_lines=[(q.replicas_max(dep), "{{deployment}} max")], width=16,
                    description="Desired/available per Deployment (a disaggregated endpoint has one per side) from "
                                "kube-state-metrics; max is the autoscaling ceiling."),
        _stat(ids, "Available replicas", "short", f"sum({q.replicas_available(dep, (m.LABEL_DEPLOYMENT,))})", width=8),
    ]
    if kv_cache:
        panels.append(_timeseries(
            ids, "KV cache hit rate", "percent",
            [(q.prefix_cache_hit_percent(sel, window), "vLLM prefix cache"),
             (q.lmcache_hit_percent(sel, window), "LMCache (mean per request)")], width=12, max_value=100,
            description="Endpoints without a KV cache show no data."))
        panels.append(_timeseries(ids, "Tokens served from LMCache", "short",
                                  [(q.lmcache_hit_tokens_rate(sel, window), "tokens/s")], width=12))
    if intelligent_routing:
        panels.append(_timeseries(ids, "Router: requests per pod", "reqps",
                                  [(q.requests_per_pod(sel, window), "{{pod_name}}")], width=12))
        panels.append(_timeseries(
            ids, "Router: load skew (busiest pod / mean)", "short", [(q.routing_skew(sel, window), "skew")],
            width=12, description="1 = evenly spread. Prefix/KV-aware routing accepts some skew for cache hits."))
    return panels


def _to_dict(builder: dash.Dashboard) -> dict[str, Any]:
    return json.loads(json.dumps(builder.build(), cls=JSONEncoder))


def _base(name: str, title: str, description: str) -> dash.Dashboard:
    return (dash.Dashboard(title).uid(name).description(description).tags(list(_TAGS)).refresh("1m")
            .time("now-6h", "now").timezone("browser").editable()
            .with_variable(dash.DatasourceVariable(DATASOURCE_VARIABLE).label("Prometheus").type("prometheus")))


def inference_dashboard(endpoints: Sequence[ResolvedEndpoint], window: str = RATE_WINDOW) -> dict[str, Any]:
    """The per-endpoint dashboard: the same panels whatever the number of endpoints."""
    return _to_dict(_inference_builder(endpoints, window))


def _inference_builder(endpoints: Sequence[ResolvedEndpoint], window: str) -> dash.Dashboard:
    ids = _Ids()
    invocations = m.MODEL_INVOCATIONS_TOTAL
    namespace, endpoint = q.variable(q.NAMESPACE_VARIABLE), q.variable(q.ENDPOINT_VARIABLE)
    builder = (_base(INFERENCE_DASHBOARD, "HyperPod inference endpoints",
                     "Traffic, errors, latency and capacity per HyperPod inference endpoint: pick a namespace and "
                     "endpoints, one row each.")
               .with_variable(_query_variable(q.NAMESPACE_VARIABLE, "Namespace",
                                              f"label_values({invocations}, {m.LABEL_NAMESPACE})", multi=False))
               .with_variable(_query_variable(
                   q.ENDPOINT_VARIABLE, "Endpoint",
                   f'label_values({invocations}{{{m.LABEL_NAMESPACE}="{namespace}"}}, {m.LABEL_RESOURCE_NAME})',
                   multi=True)))
    builder = builder.with_row(dash.Row(f"{namespace}/{endpoint}").id(ids()).repeat(q.ENDPOINT_VARIABLE))
    for panel in _endpoint_row_panels(ids, window, any(e.kv_cache for e in endpoints),
                                      any(e.intelligent_routing for e in endpoints)):
        builder = builder.with_panel(panel)
    return builder


# --- Fleet overview -------------------------------------------------------------------------------------------


def overview_dashboard(window: str = RATE_WINDOW) -> dict[str, Any]:
    """Endpoints ranked by traffic, latency and errors, and those at zero or at their maximum."""
    return _to_dict(_overview_builder(window))


def _overview_builder(window: str) -> dash.Dashboard:
    ids = _Ids()
    sel = q.namespaces_variable_selector()
    by = q.BY_ENDPOINT
    builder = (_base(OVERVIEW_DASHBOARD, "HyperPod inference fleet",
                     "Every HyperPod inference endpoint ranked: the busiest, slowest and most failing, and those "
                     "scaled to zero or pinned at their maximum.")
               .with_variable(_query_variable(q.NAMESPACE_VARIABLE, "Namespace",
                                              f"label_values({m.MODEL_INVOCATIONS_TOTAL}, {m.LABEL_NAMESPACE})",
                                              multi=True)))
    percentile = q.percentile_label(_OVERVIEW_PERCENTILE)
    builder = builder.with_row(dash.Row(f"Top {q.TOP_ENDPOINTS} endpoints").id(ids()))
    for panel in (
        _ranking(ids, "By request rate", "reqps", q.top(q.request_rate(sel, window, by)), _ENDPOINT_LABEL),
        _ranking(ids, f"By {percentile} latency", "ms",
                 q.top(q.latency_quantile(sel, _OVERVIEW_PERCENTILE, window, by)), _ENDPOINT_LABEL),
        _ranking(ids, "By error rate", "percent", q.top(q.error_percent(sel, window, by)), _ENDPOINT_LABEL),
    ):
        builder = builder.with_panel(panel)
    at_zero = q.deployments_at_zero(sel)
    at_max = q.deployments_at_max(sel)
    builder = builder.with_row(dash.Row("Capacity").id(ids()))
    for panel in (
        _stat(ids, "Deployments at zero replicas", "short", f"count({at_zero}) or vector(0)",
              description="Endpoints (or sides) scaled to zero: the next request waits for a cold start."),
        _ranking(ids, "At zero replicas", "short", at_zero, "{{namespace}}/{{deployment}}", width=8),
        _stat(ids, "Deployments at their maximum", "short", f"count({at_max}) or vector(0)",
              description="Desired replicas at the autoscaling ceiling: more traffic queues."),
        _ranking(ids, "At their maximum", "short", at_max, "{{namespace}}/{{deployment}}", width=8),
    ):
        builder = builder.with_panel(panel)
    return builder


# --- GPUs -------------------------------------------------------------------------------------------------------

_GPU_LEGEND = "{{Hostname}} gpu{{gpu}}"


def gpu_dashboard(instance_groups: Sequence[InstanceGroup], window: str = RATE_WINDOW) -> dict[str, Any]:
    """The GPU dashboard: the same panels whatever the number of nodes (a MIG row when a group is partitioned)."""
    return _to_dict(_gpu_builder(instance_groups, window))


def _gpu_builder(instance_groups: Sequence[InstanceGroup], window: str) -> dash.Dashboard:
    ids = _Ids()
    sel = q.gpu_variable_selector()
    probe = m.DCGM_GPU_TEMP  # reported by every GPU, partitioned or not
    node = q.variable(q.NODE_VARIABLE)
    builder = (_base(GPU_DASHBOARD, "HyperPod GPUs",
                     "GPU utilisation, memory, temperature and health, and MIG-slice activity, per node and GPU.")
               .with_variable(_query_variable(q.NODE_VARIABLE, "Node", f"label_values({probe}, {m.LABEL_HOSTNAME})",
                                              multi=True))
               .with_variable(_query_variable(
                   q.GPU_VARIABLE, "GPU", f'label_values({probe}{{{m.LABEL_HOSTNAME}=~"{node}"}}, {m.LABEL_GPU})',
                   multi=True)))
    partitioned = any(group.mig_layout for group in instance_groups)
    if partitioned:
        builder = builder.with_variable(_query_variable(
            q.MIG_PROFILE_VARIABLE, "MIG profile",
            f'label_values({m.DCGM_GR_ENGINE_ACTIVE}{{{m.LABEL_HOSTNAME}=~"{node}"}}, {m.LABEL_GPU_INSTANCE_PROFILE})',
            multi=True))
    builder = builder.with_row(dash.Row("GPUs").id(ids()))
    for panel in (
        _timeseries(ids, "GPU utilisation (graphics engine active)", "percent",
                    [(q.gpu_activity_by_gpu(sel), _GPU_LEGEND)], width=12, max_value=100,
                    description="DCGM_FI_PROF_GR_ENGINE_ACTIVE, reported for whole GPUs and MIG slices "
                                "(DCGM_FI_DEV_GPU_UTIL is not reported for MIG); a partitioned GPU shows its "
                                "slices' mean."),
        _timeseries(ids, "GPU memory used", "percent", [(q.gpu_memory_used_percent(sel), _GPU_LEGEND)], width=8,
                    max_value=100),
        _stat(ids, "Mean GPU utilisation", "percent", q.gpu_activity_mean(sel)),
        _timeseries(ids, "GPU temperature", "celsius", [(q.gpu_temperature(sel), _GPU_LEGEND)], width=12,
                    min_value=None),
        _timeseries(ids, "GPU power", "watt", [(q.gpu_power(sel), _GPU_LEGEND)], width=12),
    ):
        builder = builder.with_panel(panel)
    builder = builder.with_row(dash.Row("GPU health").id(ids()))
    for panel in (
        _timeseries(ids, "XID errors (last code)", "none", [(q.xid_error(sel), _GPU_LEGEND)], width=8,
                    description="The last XID error the driver reported; 0 when none."),
        _timeseries(ids, "Remapped memory rows", "short",
                    [(q.remapped_rows(sel, m.DCGM_UNCORRECTABLE_REMAPPED_ROWS), f"{_GPU_LEGEND} uncorrectable"),
                     (q.remapped_rows(sel, m.DCGM_CORRECTABLE_REMAPPED_ROWS), f"{_GPU_LEGEND} correctable")], width=8),
        _timeseries(ids, "Row remap failures", "short", [(q.row_remap_failure(sel), _GPU_LEGEND)], width=4),
        _timeseries(ids, "Thermal throttling", "percentunit", [(q.thermal_throttling_ratio(sel, window), _GPU_LEGEND)],
                    width=4, description="Share of the time the GPU was slowed to stay within its temperature limit."),
    ):
        builder = builder.with_panel(panel)
    if partitioned:
        profile = q.variable(q.MIG_PROFILE_VARIABLE)
        builder = builder.with_row(dash.Row(f"MIG slices {profile}").id(ids()).repeat(q.MIG_PROFILE_VARIABLE))
        builder = (builder
                   .with_panel(_timeseries(ids, f"{profile} slice activity", "percent",
                                           [(q.mig_slice_activity(sel, profile), f"{_GPU_LEGEND}/{{{{GPU_I_ID}}}}")],
                                           width=20, max_value=100,
                                           description="DCGM_FI_PROF_GR_ENGINE_ACTIVE per MIG slice."))
                   .with_panel(_stat(ids, f"{profile} slices reporting", "short", q.mig_slice_count(sel, profile))))
    return builder


def build_dashboards(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
                     window: str = RATE_WINDOW) -> dict[str, dict[str, Any]]:
    """Dashboard name -> Grafana dashboard JSON (as a dict). Empty inputs produce no dashboard."""
    return {name: _to_dict(builder) for name, builder in _builders(endpoints, instance_groups, window).items()}


def dashboards_by_uid_json(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
                           window: str = RATE_WINDOW) -> tuple[list[str], str]:
    """The dashboards' uids, sorted, and one JSON object of uid -> dashboard with sorted keys: the same text as
    ``json.dumps`` of ``build_dashboards``' dicts by uid."""
    models = {model.uid: model for model in (builder.build() for builder in
                                             _builders(endpoints, instance_groups, window).values())}
    return sorted(models), json.dumps(models, cls=JSONEncoder, sort_keys=True)


def _builders(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
              window: str) -> dict[str, dash.Dashboard]:
    builders: dict[str, dash.Dashboard] = {}
    if endpoints:
        builders[INFERENCE_DASHBOARD] = _inference_builder(endpoints, window)
        builders[OVERVIEW_DASHBOARD] = _overview_builder(window)
    if instance_groups:
        builders[GPU_DASHBOARD] = _gpu_builder(instance_groups, window)
    return builders


def write_dashboards(out_dir: Path, dashboards: Mapping[str, Mapping[str, Any]]) -> list[Path]:
    """Write each dashboard as ``<name>.json`` (Grafana dashboard model), removing the dashboard files of an
    earlier run that no longer exist (a renamed instance group's); other files in ``out_dir`` are left alone."""
    if out_dir.is_dir():
        for stale in out_dir.glob(f"{DASHBOARD_PREFIX}*.json"):
            if stale.stem not in dashboards:
                stale.unlink()
    if not dashboards:
        return []
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, dashboard in sorted(dashboards.items()):
        path = out_dir / f"{name}.json"
        path.write_text(json.dumps(dashboard, indent=2, sort_keys=True) + "\n")
        written.append(path)
    return written


def expressions(dashboard: dict[str, Any]) -> list[str]:
    """Every PromQL expression in a dashboard JSON (panels nested in rows included)."""
    found: list[str] = []

    def walk(panels: list[dict[str, Any]]) -> None:
        for panel in panels:
            found.extend(target["expr"] for target in panel.get("targets") or [] if target.get("expr"))
            walk(panel.get("panels") or [])

    walk(dashboard.get("panels") or [])
    return found
