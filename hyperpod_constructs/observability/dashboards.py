"""Grafana dashboards as code, built with grafana-foundation-sdk (no hand-written dashboard JSON).

- ``hyperpod-inference``: one row per endpoint (traffic, errors, latency, TTFB, concurrency, pods vs max,
  plus KV-cache and routing panels only for endpoints that enable them).
- ``hyperpod-gpu-<group>``: GPU utilisation per instance group, and one row per MIG profile.

Every panel reads from a ``datasource`` variable of type Prometheus, so the same JSON imports into any
Grafana that has the AMP workspace as a data source. All PromQL comes from ``queries``.
"""
from __future__ import annotations

import gc
import hashlib
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Sequence

from grafana_foundation_sdk.builders import common as common_builder
from grafana_foundation_sdk.builders import dashboard as dash
from grafana_foundation_sdk.builders import prometheus, stat, timeseries
from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models import common
from grafana_foundation_sdk.models import dashboard as model

from hyperpod_constructs.observability import queries as q
from hyperpod_constructs.observability.metrics import RATE_WINDOW
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.platform_model import ResolvedEndpoint

DASHBOARD_PREFIX = "hyperpod-"  # every dashboard's name starts with it: how an earlier run's files are known
INFERENCE_DASHBOARD = f"{DASHBOARD_PREFIX}inference"
GPU_DASHBOARD_PREFIX = f"{DASHBOARD_PREFIX}gpu-"
DATASOURCE_VARIABLE = "datasource"
_DATASOURCE = model.DataSourceRef(type_val="prometheus", uid="${" + DATASOURCE_VARIABLE + "}")
_TAGS = ["hyperpod", "inference"]
_UID_MAX = 40  # Grafana rejects longer dashboard uids
_LATENCY_PERCENTILES = (0.5, 0.9, 0.99)


def _uid(name: str) -> str:
    if len(name) <= _UID_MAX:
        return name
    digest = hashlib.sha1(name.encode()).hexdigest()[:8]
    return f"{name[:_UID_MAX - 9]}-{digest}"


class _Ids:
    """Stable panel ids in build order, so re-importing a dashboard keeps panel links."""

    def __init__(self) -> None:
        self._next = 0

    def __call__(self) -> int:
        self._next += 1
        return self._next


def _target(expr: str, legend: str, ref_id: str) -> prometheus.Dataquery:
    return prometheus.Dataquery().expr(expr).legend_format(legend).ref_id(ref_id).datasource(_DATASOURCE)


def _timeseries(ids: _Ids, title: str, unit: str, targets: Sequence[tuple[str, str]], *, width: int = 8,
                description: str = "", slo_threshold: Optional[float] = None,
                min_value: Optional[float] = 0, max_value: Optional[float] = None) -> timeseries.Panel:
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
        panel = panel.with_target(_target(expr, legend, chr(ord("A") + index)))
    if slo_threshold is not None:
        # Draw the SLO as a dashed red line: the alert fires when the series stays above it.
        panel = (panel.thresholds(dash.ThresholdsConfig().mode(model.ThresholdsMode.ABSOLUTE).steps([
            model.Threshold(value=None, color="green"), model.Threshold(value=float(slo_threshold), color="red")]))
            .thresholds_style(common_builder.GraphThresholdsStyleConfig().mode(common.GraphTresholdsStyleMode.DASHED)))
    return panel


def _stat(ids: _Ids, title: str, unit: str, expr: str, *, width: int = 4) -> stat.Panel:
    return (stat.Panel().id(ids()).title(title).datasource(_DATASOURCE).unit(unit).span(width).height(8)
            .with_target(_target(expr, title, "A")))


def _endpoint_panels(ids: _Ids, endpoint: ResolvedEndpoint, window: str) -> list[Any]:
    sel = q.endpoint_selector(endpoint)
    dep = q.deployment_selector(endpoint)
    slos = endpoint.effective_slos
    panels: list[Any] = [
        _timeseries(ids, "Request rate", "reqps", [(q.request_rate(sel, window), "requests/s")],
                    description="POST requests per second through the operator's reverse proxy."),
        _timeseries(ids, "Success rate", "percent", [(q.success_percent(sel, window), "successful %")],
                    max_value=100,
                    slo_threshold=None if slos.error_rate is None else 100 - slos.error_rate.max_percent),
        _timeseries(ids, "Errors by status code", "reqps", [(q.errors_by_status(sel, window), "{{status}}")]),
    ]
    latency_percentiles = sorted({*_LATENCY_PERCENTILES, *([slos.latency.percentile] if slos.latency else [])})
    panels.append(_timeseries(
        ids, "Latency (successful requests)", "ms",
        [(q.latency_quantile(sel, p, window), q.percentile_label(p)) for p in latency_percentiles],
        slo_threshold=None if slos.latency is None else slos.latency.threshold_ms))
    ttfb_percentile = slos.ttfb.percentile if slos.ttfb else 0.9
    panels.append(_timeseries(
        ids, f"Time to first byte {q.percentile_label(ttfb_percentile)}", "ms",
        [(q.ttfb_quantile(sel, ttfb_percentile, window), q.percentile_label(ttfb_percentile))],
        slo_threshold=None if slos.ttfb is None else slos.ttfb.threshold_ms))
    panels.append(_timeseries(ids, "Concurrent requests", "short", [(q.concurrent_requests(sel), "in flight")]))
    if endpoint.sides:
        panels += _side_panels(ids, endpoint)
    else:
        panels.append(_timeseries(
            ids, "Pods and replicas vs max", "short",
            [(q.active_pods(sel, window), "pods receiving traffic"), (q.replicas_desired(dep), "desired"),
             (q.replicas_available(dep), "available"), (q.replicas_max(endpoint.max_replicas), "max")],
            width=16, description="Desired/available come from kube-state-metrics; max is the autoscaling ceiling."))
        panels.append(_stat(ids, "Available replicas", "short", q.replicas_available(dep), width=8))
    if endpoint.kv_cache:
        msel = q.model_container_selector(endpoint)
        panels.append(_timeseries(
            ids, "KV cache hit rate", "percent",
            [(q.prefix_cache_hit_percent(msel, window), "vLLM prefix cache"),
             (q.lmcache_hit_percent(msel), "LMCache (per request)")], width=12, max_value=100))
        panels.append(_timeseries(ids, "Tokens served from LMCache", "short",
                                  [(q.lmcache_hit_tokens_rate(msel, window), "tokens/s")], width=12))
    if endpoint.intelligent_routing:
        panels.append(_timeseries(ids, "Router: requests per pod", "reqps",
                                  [(q.requests_per_pod(sel, window), "{{pod_name}}")], width=12))
        panels.append(_timeseries(
            ids, "Router: load skew (busiest pod / mean)", "short", [(q.routing_skew(sel, window), "skew")],
            width=12, description="1 = evenly spread. Prefix/KV-aware routing accepts some skew for cache hits."))
    return panels


def _side_panels(ids: _Ids, endpoint: ResolvedEndpoint) -> list[Any]:
    """A disaggregated endpoint: replicas vs max per side (prefill, decode), each side its own Deployment."""
    panels: list[Any] = []
    for side in endpoint.sides:
        dep = q.side_deployment_selector(endpoint, side)
        panels.append(_timeseries(
            ids, f"{side.side.capitalize()} replicas vs max", "short",
            [(q.replicas_desired(dep), "desired"), (q.replicas_available(dep), "available"),
             (q.replicas_max(side.max_replicas), "max")],
            width=8, description=f"The {side.side} Deployment (kube-state-metrics); max is its autoscaling ceiling."))
        panels.append(_stat(ids, f"Available {side.side} replicas", "short", q.replicas_available(dep), width=4))
    return panels


def _to_dict(builder: dash.Dashboard) -> dict[str, Any]:
    return json.loads(json.dumps(builder.build(), cls=JSONEncoder))


def _base(name: str, title: str, description: str) -> dash.Dashboard:
    return (dash.Dashboard(title).uid(_uid(name)).description(description).tags(list(_TAGS)).refresh("1m")
            .time("now-6h", "now").timezone("browser").editable()
            .with_variable(dash.DatasourceVariable(DATASOURCE_VARIABLE).label("Prometheus").type("prometheus")))


def inference_dashboard(endpoints: Sequence[ResolvedEndpoint], window: str = RATE_WINDOW) -> dict[str, Any]:
    """One dashboard, one row per endpoint, in the order given."""
    return _to_dict(_inference_builder(endpoints, window))


def _inference_builder(endpoints: Sequence[ResolvedEndpoint], window: str) -> dash.Dashboard:
    ids = _Ids()
    builder = _base(INFERENCE_DASHBOARD, "HyperPod inference endpoints",
                    "Traffic, errors, latency and capacity per HyperPod inference endpoint.")
    for endpoint in endpoints:
        builder = builder.with_row(dash.Row(f"{endpoint.key} ({endpoint.kind})").id(ids()))
        for panel in _endpoint_panels(ids, endpoint, window):
            builder = builder.with_panel(panel)
    return builder


def gpu_dashboard(group: InstanceGroup) -> dict[str, Any]:
    """GPU utilisation of one instance group, plus one row per MIG profile it is partitioned into."""
    return _to_dict(_gpu_builder(group))


def _gpu_builder(group: InstanceGroup) -> dash.Dashboard:
    ids = _Ids()
    sel = q.gpu_selector(group)
    builder = _base(GPU_DASHBOARD_PREFIX + group.name, f"HyperPod GPUs: {group.name} ({group.instance_type})",
                    f"GPU and MIG-slice utilisation of instance group {group.name}.")
    builder = builder.with_row(dash.Row("GPUs").id(ids()))
    builder = (builder
               .with_panel(_timeseries(ids, "GPU utilisation by node", "percent",
                                       [(q.gpu_utilisation_by_node(sel), "{{Hostname}}")], width=12, max_value=100))
               .with_panel(_timeseries(ids, "GPU memory used", "percent",
                                       [(q.gpu_memory_used_percent(sel), "used %")], width=8, max_value=100))
               .with_panel(_stat(ids, "Mean GPU utilisation", "percent", q.gpu_utilisation_mean(sel))))
    for profile in group.mig_layout.profiles if group.mig_layout else ():
        builder = builder.with_row(dash.Row(f"MIG slices {profile}").id(ids()))
        builder = (builder
                   .with_panel(_timeseries(ids, f"{profile} slice activity", "percent",
                                           [(q.mig_slice_activity(sel, profile), "{{Hostname}} gpu{{gpu}}/{{GPU_I_ID}}")],
                                           width=20, max_value=100,
                                           description="DCGM_FI_PROF_GR_ENGINE_ACTIVE per MIG slice."))
                   .with_panel(_stat(ids, f"{profile} slices reporting", "short", q.mig_slice_count(sel, profile))))
    return builder


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while the dashboards are built.

    They are hundreds of thousands of objects at 1,000 endpoints (builders, models, then the JSON), none in a
    reference cycle, so reference counting frees them all; but each batch of new objects sets off a full collection
    that scans the whole app in memory too: four of them, about half of building the dashboards.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def build_dashboards(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
                     window: str = RATE_WINDOW) -> dict[str, dict[str, Any]]:
    """Dashboard name -> Grafana dashboard JSON (as a dict). Empty inputs produce no dashboard."""
    with _cycle_collector_paused():
        return {name: _to_dict(builder) for name, builder in _builders(endpoints, instance_groups, window).items()}


def dashboards_by_uid_json(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
                           window: str = RATE_WINDOW) -> tuple[list[str], str]:
    """The dashboards' uids, sorted, and one JSON object of uid -> dashboard with sorted keys: the same text as
    ``json.dumps`` of ``build_dashboards``' dicts by uid, without making those dicts (11 MB of them at 1,000
    endpoints)."""
    with _cycle_collector_paused():
        models = {model.uid: model for model in (builder.build() for builder in
                                                 _builders(endpoints, instance_groups, window).values())}
        return sorted(models), json.dumps(models, cls=JSONEncoder, sort_keys=True)


def _builders(endpoints: Sequence[ResolvedEndpoint], instance_groups: Sequence[InstanceGroup],
              window: str) -> dict[str, dash.Dashboard]:
    builders: dict[str, dash.Dashboard] = {}
    if endpoints:
        builders[INFERENCE_DASHBOARD] = _inference_builder(endpoints, window)
    for group in instance_groups:
        builders[GPU_DASHBOARD_PREFIX + group.name] = _gpu_builder(group)
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
