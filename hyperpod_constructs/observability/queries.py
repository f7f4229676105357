"""Every PromQL string this library emits, one function per signal.

Dashboards and alert rules both call these, so a panel and the alert on the same signal can never drift
apart. Functions take a ``Selector`` (which series) and, where it matters, a rate window.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Sequence, Union

from hyperpod_constructs.observability import metrics as m

MatchOp = Literal["=", "!=", "=~", "!~"]


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_number(value: Union[int, float]) -> str:
    """``5`` not ``5.0``; PromQL accepts both, readers prefer the first."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def percentile_label(percentile: float) -> str:
    """``p99``, ``p90``, ``p99.9``: how panels name a percentile."""
    return "p" + f"{percentile * 100:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Selector:
    """A set of label matchers, rendered as ``{a="x", b=~"y"}``."""

    matchers: tuple[tuple[str, MatchOp, str], ...] = ()

    def with_(self, label: str, op: MatchOp, value: str) -> Selector:
        return Selector(self.matchers + ((label, op, value),))

    def __call__(self, metric: str) -> str:
        """``metric{matchers}``; names with ':' (recording-rule style, vLLM/LMCache) are valid metric names."""
        if not self.matchers:
            return metric
        body = ", ".join(f"{label}{op}{_quote(value)}" for label, op, value in self.matchers)
        return f"{metric}{{{body}}}"


def rate_window(scrape_interval_seconds: int) -> str:
    """A window holding at least four scrapes (rate() needs two; four rides out one missed scrape)."""
    minutes = max(5, -(-4 * scrape_interval_seconds // 60))
    return f"{minutes}m"


# --- Selectors -----------------------------------------------------------------------------------------

# How the operator's Deployments of a disaggregated endpoint are named: after the resource, with the side after it.
# Matched as a prefix (``decod`` covers "decode" and "decoding") so a suffix the operator appends still matches.
SIDE_DEPLOYMENT_STEMS = {"prefill": "prefill", "decode": "decod"}


# --- Selectors of the dashboards, which read Grafana variables instead of names -----------------------------
# Grafana replaces ``${name}`` in a query before it is sent; in a repeated row, by that row's one value.
NAMESPACE_VARIABLE = "namespace"
ENDPOINT_VARIABLE = "endpoint"
NODE_VARIABLE = "node"
GPU_VARIABLE = "gpu"
MIG_PROFILE_VARIABLE = "mig_profile"


def variable(name: str) -> str:
    return "${" + name + "}"


def endpoint_variable_selector() -> Selector:
    """The series of the endpoint a repeated row shows: the operator's labels, valued by the variables."""
    return Selector(((m.LABEL_NAMESPACE, "=", variable(NAMESPACE_VARIABLE)),
                     (m.LABEL_RESOURCE_NAME, "=", variable(ENDPOINT_VARIABLE))))


def deployment_variable_selector() -> Selector:
    """kube-state-metrics series of that endpoint's Deployment, or of both sides' of a disaggregated one."""
    stems = "|".join(f"-{stem}.*" for stem in SIDE_DEPLOYMENT_STEMS.values())
    return Selector(((m.LABEL_NAMESPACE, "=", variable(NAMESPACE_VARIABLE)),
                     (m.LABEL_DEPLOYMENT, "=~", f"{variable(ENDPOINT_VARIABLE)}({stems})?")))


def namespaces_variable_selector() -> Selector:
    """The fleet overview's namespaces (a multi-value variable, ``.*`` for all)."""
    return Selector(((m.LABEL_NAMESPACE, "=~", variable(NAMESPACE_VARIABLE)),))


def gpu_variable_selector() -> Selector:
    """DCGM series of the nodes and GPU indexes picked in the GPU dashboard's variables (``.*`` for all)."""
    return Selector(((m.LABEL_HOSTNAME, "=~", variable(NODE_VARIABLE)), (m.LABEL_GPU, "=~", variable(GPU_VARIABLE))))


def endpoints_selector(namespace: str, kind: str, names: Sequence[str]) -> Selector:
    """Series of several endpoints of one kind in one namespace: one alert rule covers them all."""
    return Selector(((m.LABEL_NAMESPACE, "=", namespace), _name_matcher(m.LABEL_RESOURCE_NAME, names),
                     (m.LABEL_RESOURCE_TYPE, "=", kind)))


def deployments_selector(namespace: str, names: Sequence[str], side: Optional[str] = None) -> Selector:
    """kube-state-metrics series of several endpoints' Deployments in one namespace, or of one side's Deployment
    of each (``(a|b)-prefill.*``, see ``SIDE_DEPLOYMENT_STEMS``)."""
    if side is None:
        return Selector(((m.LABEL_NAMESPACE, "=", namespace), _name_matcher(m.LABEL_DEPLOYMENT, names)))
    alternatives = "|".join(_regex_literal(name) for name in sorted(names))
    group = alternatives if len(names) == 1 else f"({alternatives})"
    return Selector(((m.LABEL_NAMESPACE, "=", namespace),
                     (m.LABEL_DEPLOYMENT, "=~", f"{group}-{SIDE_DEPLOYMENT_STEMS[side]}.*")))


def deployment_endpoint_pattern(side: Optional[str]) -> str:
    """The regex whose first group is the endpoint's name in one of its Deployments' names."""
    return "(.*)" if side is None else f"(.*)-{SIDE_DEPLOYMENT_STEMS[side]}.*"


# What a per-endpoint result is keyed by, so one rule yields one series (and one alert) per endpoint.
BY_ENDPOINT = (m.LABEL_NAMESPACE, m.LABEL_RESOURCE_NAME)
BY_DEPLOYMENT = (m.LABEL_NAMESPACE, m.LABEL_DEPLOYMENT)


def _name_matcher(label: str, names: Sequence[str]) -> tuple[str, MatchOp, str]:
    """``label="a"`` for one name, ``label=~"a|b"`` for several (sorted, so adding one is a one-word diff)."""
    if len(names) == 1:
        return (label, "=", names[0])
    return (label, "=~", "|".join(_regex_literal(name) for name in sorted(names)))


def _regex_literal(value: str) -> str:
    # Endpoint names are letters, digits and '-'; anything else is escaped so it only matches itself.
    return "".join(ch if ch.isalnum() or ch in "-_" else "\\" + ch for ch in value)


def _by(labels: Sequence[str]) -> str:
    return f" by ({', '.join(labels)}) " if labels else ""


def _invocations(sel: Selector) -> Selector:
    return sel.with_(m.LABEL_METHOD, "=", m.INVOCATION_METHOD)


def _successful(sel: Selector) -> Selector:
    return _invocations(sel).with_(m.LABEL_STATUS, "=~", m.SUCCESS_STATUS_REGEX)


# --- Traffic ---------------------------------------------------------------------------------------------


def request_rate(sel: Selector, window: str = m.RATE_WINDOW, by: Sequence[str] = ()) -> str:
    """Requests per second (per ``by`` label set)."""
    return f"sum{_by(by)}(rate({_invocations(sel)(m.MODEL_INVOCATIONS_TOTAL)}[{window}]))"


def error_rate(sel: Selector, window: str = m.RATE_WINDOW, by: Sequence[str] = ()) -> str:
    """Failed requests per second (per ``by`` label set)."""
    return f"sum{_by(by)}(rate({_invocations(sel)(m.MODEL_ERRORS_TOTAL)}[{window}]))"


def error_percent(sel: Selector, window: str = m.RATE_WINDOW, by: Sequence[str] = ()) -> str:
    """Failed requests as a percentage of all requests (no series when there is no traffic)."""
    return f"100 * {error_rate(sel, window, by)} / {request_rate(sel, window, by)}"


def success_percent(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Successful requests as a percentage; ``or vector(0)`` keeps it at 100 % when no error was ever counted."""
    return f"100 * (1 - ({error_rate(sel, window)} or vector(0)) / {request_rate(sel, window)})"


def errors_by_status(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Failed requests per second, one series per HTTP status code."""
    return f"sum by ({m.LABEL_STATUS}) (rate({_invocations(sel)(m.MODEL_ERRORS_TOTAL)}[{window}]))"


def concurrent_requests(sel: Selector) -> str:
    """In-flight requests across all pods of the endpoint."""
    return f"sum({_invocations(sel)(m.MODEL_CONCURRENT_REQUESTS)})"


# --- Latency ---------------------------------------------------------------------------------------------


def _histogram_quantile(metric: str, sel: Selector, percentile: float, window: str, by: Sequence[str]) -> str:
    buckets = _successful(sel)(metric + m.BUCKET)
    return (f"histogram_quantile({format_number(percentile)}, "
            f"sum{_by((m.LABEL_HISTOGRAM_BUCKET, *by))}(rate({buckets}[{window}])))")


def latency_quantile(sel: Selector, percentile: float, window: str = m.RATE_WINDOW, by: Sequence[str] = ()) -> str:
    """End-to-end latency of successful requests at ``percentile``, in milliseconds."""
    return _histogram_quantile(m.MODEL_LATENCY_MS, sel, percentile, window, by)


def ttfb_quantile(sel: Selector, percentile: float, window: str = m.RATE_WINDOW, by: Sequence[str] = ()) -> str:
    """Time to first byte of successful requests at ``percentile``, in milliseconds."""
    return _histogram_quantile(m.MODEL_TTFB_MS, sel, percentile, window, by)


# --- Capacity --------------------------------------------------------------------------------------------


def active_pods(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Pods that served at least one request in the window."""
    per_pod = f"sum by ({m.LABEL_POD_NAME}) (rate({sel(m.MODEL_INVOCATIONS_TOTAL)}[{window}]))"
    return f"count({per_pod} > 0)"


def replicas_desired(dep: Selector, by: Sequence[str] = ()) -> str:
    return f"max{_by(by)}({dep(m.KUBE_DEPLOYMENT_SPEC_REPLICAS)})"


def replicas_available(dep: Selector, by: Sequence[str] = ()) -> str:
    return f"max{_by(by)}({dep(m.KUBE_DEPLOYMENT_STATUS_REPLICAS_AVAILABLE)})"


def replicas_max(dep: Selector) -> str:
    """The autoscaling ceiling of each Deployment (our recording rule), so the panel shows headroom at a glance."""
    return f"max by ({m.LABEL_DEPLOYMENT}) ({dep(m.DEPLOYMENT_MAX_REPLICAS)})"


# --- SLO lines (our recording rules, one series per endpoint) ---------------------------------------------


def latency_slo_threshold(sel: Selector) -> str:
    return f"max by ({m.LABEL_PERCENTILE}) ({sel(m.SLO_LATENCY_THRESHOLD_MS)})"


def ttfb_slo_threshold(sel: Selector) -> str:
    return f"max by ({m.LABEL_PERCENTILE}) ({sel(m.SLO_TTFB_THRESHOLD_MS)})"


def success_percent_slo(sel: Selector) -> str:
    """The lowest success rate the error-rate SLO allows: 100 minus its maximum error percentage."""
    return f"100 - max({sel(m.SLO_ERROR_PERCENT_MAX)})"


# --- KV cache and routing ---------------------------------------------------------------------------------


def prefix_cache_hit_percent(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """vLLM prefix-cache hits as a percentage of looked-up tokens."""
    hits = f"sum(rate({sel(m.VLLM_PREFIX_CACHE_HITS_TOTAL)}[{window}]))"
    queries = f"sum(rate({sel(m.VLLM_PREFIX_CACHE_QUERIES_TOTAL)}[{window}]))"
    return f"100 * {hits} / {queries}"


def lmcache_hit_percent(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """LMCache's mean per-request hit rate over the window, as a percentage. The metric is a histogram (LMCache
    metrics reference), so the mean is the rate of its ``_sum`` over the rate of its ``_count``."""
    total = f"sum(rate({sel(m.LMCACHE_REQUEST_CACHE_HIT_RATE + m.SUM)}[{window}]))"
    requests = f"sum(rate({sel(m.LMCACHE_REQUEST_CACHE_HIT_RATE + m.COUNT)}[{window}]))"
    return f"100 * {total} / {requests}"


def lmcache_hit_tokens_rate(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Tokens per second vLLM did not recompute because LMCache had them."""
    return f"sum(rate({sel(m.LMCACHE_NUM_VLLM_HIT_TOKENS_TOTAL)}[{window}]))"


def requests_per_pod(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Requests per second per pod: how the router spreads traffic."""
    return f"sum by ({m.LABEL_POD_NAME}) (rate({_invocations(sel)(m.MODEL_INVOCATIONS_TOTAL)}[{window}]))"


def routing_skew(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Busiest pod's request rate over the mean (1 = even). Prefix/KV-aware routing trades some skew for hits."""
    per_pod = requests_per_pod(sel, window)
    return f"max({per_pod}) / avg({per_pod})"


# --- GPUs ------------------------------------------------------------------------------------------------
# Utilisation is the profiling field, reported for whole GPUs and for MIG slices (DCGM_FI_DEV_GPU_UTIL is not).
BY_GPU = (m.LABEL_HOSTNAME, m.LABEL_GPU)


def gpu_activity_by_gpu(sel: Selector) -> str:
    """Graphics-engine activity (percent) per GPU; a partitioned GPU's is the mean of its slices'."""
    return f"100 * avg{_by(BY_GPU)}({sel(m.DCGM_GR_ENGINE_ACTIVE)})"


def gpu_activity_mean(sel: Selector) -> str:
    return f"100 * avg({sel(m.DCGM_GR_ENGINE_ACTIVE)})"


def gpu_memory_used_percent(sel: Selector) -> str:
    """Framebuffer memory used per GPU (MIG slices summed into their GPU)."""
    used = f"sum{_by(BY_GPU)}({sel(m.DCGM_FB_USED)})"
    free = f"sum{_by(BY_GPU)}({sel(m.DCGM_FB_FREE)})"
    return f"100 * {used} / ({used} + {free})"


def gpu_temperature(sel: Selector) -> str:
    return f"max{_by(BY_GPU)}({sel(m.DCGM_GPU_TEMP)})"


def gpu_power(sel: Selector) -> str:
    return f"max{_by(BY_GPU)}({sel(m.DCGM_POWER_USAGE)})"


def mig_slice_activity(sel: Selector, profile: str) -> str:
    """Graphics-engine activity (percent) of each MIG slice of ``profile`` (DCGM spelling, e.g. ``3g.40gb``)."""
    slices = sel.with_(m.LABEL_GPU_INSTANCE_PROFILE, "=", profile)(m.DCGM_GR_ENGINE_ACTIVE)
    return f"100 * avg by ({m.LABEL_HOSTNAME}, {m.LABEL_GPU}, {m.LABEL_GPU_INSTANCE_ID}) ({slices})"


def mig_slice_count(sel: Selector, profile: str) -> str:
    slices = sel.with_(m.LABEL_GPU_INSTANCE_PROFILE, "=", profile)(m.DCGM_GR_ENGINE_ACTIVE)
    return f"count({slices})"


def xid_error(sel: Selector) -> str:
    """The last XID error code per GPU (0: none)."""
    return f"max{_by(BY_GPU)}({sel(m.DCGM_XID_ERRORS)})"


def remapped_rows(sel: Selector, metric: str) -> str:
    """Rows remapped per GPU since boot (``metric``: the correctable or uncorrectable counter)."""
    return f"max{_by(BY_GPU)}({sel(metric)})"


def row_remap_failure(sel: Selector) -> str:
    return f"max{_by(BY_GPU)}({sel(m.DCGM_ROW_REMAP_FAILURE)})"


def thermal_throttling_ratio(sel: Selector, window: str = m.RATE_WINDOW) -> str:
    """Share of the time each GPU was throttled for temperature (the counter is in microseconds)."""
    return f"max{_by(BY_GPU)}(rate({sel(m.DCGM_THERMAL_VIOLATION)}[{window}])) / 1e6"


# --- Fleet overview: endpoints ranked ------------------------------------------------------------------------
TOP_ENDPOINTS = 10


def top(expr: str, count: int = TOP_ENDPOINTS) -> str:
    return f"topk({count}, {expr})"


def deployments_at_zero(sel: Selector) -> str:
    """Our endpoints' Deployments asked for 0 replicas: those our recording rule knows, so other Deployments in the
    namespace do not count."""
    spec = f"max{_by(BY_DEPLOYMENT)}({sel(m.KUBE_DEPLOYMENT_SPEC_REPLICAS)})"
    return f"({spec} == 0) and on ({', '.join(BY_DEPLOYMENT)}) {sel(m.DEPLOYMENT_MAX_REPLICAS)}"


# --- Alert conditions (a query plus a comparison), per endpoint of a selector ------------------------------
# Each keeps the ``by`` labels, so one rule over many endpoints fires one alert per endpoint breaching it.


def latency_above(sel: Selector, percentile: float, threshold_ms: float, window: str = m.RATE_WINDOW,
                  by: Sequence[str] = BY_ENDPOINT) -> str:
    return f"{latency_quantile(sel, percentile, window, by)} > {format_number(threshold_ms)}"


def ttfb_above(sel: Selector, percentile: float, threshold_ms: float, window: str = m.RATE_WINDOW,
               by: Sequence[str] = BY_ENDPOINT) -> str:
    return f"{ttfb_quantile(sel, percentile, window, by)} > {format_number(threshold_ms)}"


def error_percent_above(sel: Selector, max_percent: float, window: str = m.RATE_WINDOW,
                        by: Sequence[str] = BY_ENDPOINT) -> str:
    return f"{error_percent(sel, window, by)} > {format_number(max_percent)}"


def replicas_at_max(dep: Selector, max_replicas: int, by: Sequence[str] = BY_DEPLOYMENT) -> str:
    return f"{replicas_desired(dep, by)} >= {int(max_replicas)}"


def no_ready_pods(dep: Selector, by: Sequence[str] = BY_DEPLOYMENT) -> str:
    """Replicas are wanted (spec > 0) but none is available; a scaled-to-zero endpoint does not match."""
    return f"({replicas_desired(dep, by)} > 0) and ({replicas_available(dep, by)} == 0)"


def deployments_at_max(sel: Selector) -> str:
    """Our endpoints' Deployments whose desired replicas reached their autoscaling ceiling (a ceiling of 0, a parked
    endpoint, is not a maximum)."""
    spec = f"max{_by(BY_DEPLOYMENT)}({sel(m.KUBE_DEPLOYMENT_SPEC_REPLICAS)})"
    return f"{spec} >= on ({', '.join(BY_DEPLOYMENT)}) ({sel(m.DEPLOYMENT_MAX_REPLICAS)} > 0)"


def gpu_xid_error() -> str:
    return f"{xid_error(Selector())} > 0"


def gpu_uncorrectable_remapped_rows() -> str:
    return f"{remapped_rows(Selector(), m.DCGM_UNCORRECTABLE_REMAPPED_ROWS)} > 0"


def gpu_row_remap_failure() -> str:
    return f"{row_remap_failure(Selector())} > 0"


def gpu_thermal_throttling(window: str = m.RATE_WINDOW) -> str:
    return f"{thermal_throttling_ratio(Selector(), window)} > 0"


def with_endpoint_label(expr: str, source_label: str, pattern: str = "(.*)") -> str:
    """Copy the endpoint's name (the first group of ``pattern`` in ``source_label``, the resource or Deployment name)
    into an ``endpoint`` label: Alertmanager groups and titles alerts by it."""
    return f'label_replace({expr}, "endpoint", "$1", "{source_label}", "{pattern}")'
