"""Metric and label names the HyperPod observability add-on writes to Amazon Managed Prometheus, and the names of
the series our own recording rules write.

Every query in this package names metrics through these constants, so a rename upstream is a one-line fix.
docs/observability.md ("Where every metric comes from") gives the source of each: AWS doc "Implementing inference
observability on HyperPod clusters" (reverse-proxy sidecar, port 9113), HyperPod's own Grafana "Inference" and
"Cluster" dashboards, the vLLM, LMCache, NVIDIA dcgm-exporter and kube-state-metrics documentation.
"""
from __future__ import annotations

# --- Invocation metrics (operator's reverse-proxy sidecar, every endpoint) ---------------------------
MODEL_INVOCATIONS_TOTAL = "model_invocations_total"  # counter
MODEL_ERRORS_TOTAL = "model_errors_total"  # counter
MODEL_CONCURRENT_REQUESTS = "model_concurrent_requests"  # gauge
MODEL_LATENCY_MS = "model_latency_milliseconds"  # histogram
MODEL_TTFB_MS = "model_ttfb_milliseconds"  # histogram

# Histogram series suffixes (Prometheus exposition format).
BUCKET = "_bucket"
COUNT = "_count"
SUM = "_sum"

# Labels on invocation metrics.
LABEL_MODEL_NAME = "model_name"
LABEL_RESOURCE_NAME = "resource_name"  # the InferenceEndpointConfig / JumpStartModel name
LABEL_RESOURCE_TYPE = "resource_type"  # "inference-endpoint" | "jumpstart"
LABEL_NAMESPACE = "namespace"
LABEL_POD_NAME = "pod_name"
LABEL_NODE_NAME = "node_name"
LABEL_CLUSTER_NAME = "cluster_name"
LABEL_METHOD = "method"
LABEL_STATUS = "status"  # HTTP status code of the response
LABEL_HISTOGRAM_BUCKET = "le"

# HyperPod's dashboard counts model traffic as POST requests; health checks (/ping) are GETs.
INVOCATION_METHOD = "POST"
SUCCESS_STATUS_REGEX = "2.."

# --- KV cache (vLLM prefix cache, LMCache offload); only where the endpoint enables kvCacheSpec ------------
VLLM_PREFIX_CACHE_HITS_TOTAL = "vllm:prefix_cache_hits_total"  # counter, tokens
VLLM_PREFIX_CACHE_QUERIES_TOTAL = "vllm:prefix_cache_queries_total"  # counter, tokens
LMCACHE_REQUEST_CACHE_HIT_RATE = "lmcache:request_cache_hit_rate"  # histogram of per-request hit rates, 0..1
LMCACHE_NUM_VLLM_HIT_TOKENS_TOTAL = "lmcache:num_vllm_hit_tokens_total"  # counter, tokens

# --- NVIDIA DCGM exporter (accelerated compute metrics) ------------------------------------------------
# DCGM_FI_DEV_GPU_UTIL is not reported for MIG instances (dcgm-exporter maintainers, NVIDIA/dcgm-exporter#216
# and #430): utilisation is read from the profiling field, reported for whole GPUs and MIG slices alike.
DCGM_GR_ENGINE_ACTIVE = "DCGM_FI_PROF_GR_ENGINE_ACTIVE"  # ratio 0..1, per GPU or MIG slice
DCGM_FB_USED = "DCGM_FI_DEV_FB_USED"  # MiB
DCGM_FB_FREE = "DCGM_FI_DEV_FB_FREE"  # MiB
DCGM_GPU_TEMP = "DCGM_FI_DEV_GPU_TEMP"  # gauge, degrees C
DCGM_POWER_USAGE = "DCGM_FI_DEV_POWER_USAGE"  # gauge, W
# GPU health, as HyperPod's "Cluster" dashboard watches it ("GPU Errors" row).
DCGM_XID_ERRORS = "DCGM_FI_DEV_XID_ERRORS"  # gauge: the last XID error code, 0 when none
DCGM_UNCORRECTABLE_REMAPPED_ROWS = "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"  # counter
DCGM_CORRECTABLE_REMAPPED_ROWS = "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS"  # counter
DCGM_ROW_REMAP_FAILURE = "DCGM_FI_DEV_ROW_REMAP_FAILURE"  # gauge: 1 when remapping a row failed
DCGM_THERMAL_VIOLATION = "DCGM_FI_DEV_THERMAL_VIOLATION"  # counter: microseconds throttled for temperature
LABEL_GPU = "gpu"
LABEL_HOSTNAME = "Hostname"
LABEL_GPU_INSTANCE_PROFILE = "GPU_I_PROFILE"  # e.g. "3g.40gb" on MIG slices
LABEL_GPU_INSTANCE_ID = "GPU_I_ID"

# --- kube-state-metrics (node metrics level) -----------------------------------------------------------
KUBE_DEPLOYMENT_SPEC_REPLICAS = "kube_deployment_spec_replicas"
KUBE_DEPLOYMENT_STATUS_REPLICAS = "kube_deployment_status_replicas"
KUBE_DEPLOYMENT_STATUS_REPLICAS_AVAILABLE = "kube_deployment_status_replicas_available"
LABEL_DEPLOYMENT = "deployment"

# --- Our recording rules (observability/slo_series.py): each endpoint's SLO settings as series --------------
# Repeated dashboard panels cannot carry a per-endpoint threshold, so they chart these series instead.
SLO_LATENCY_THRESHOLD_MS = "hyperpod:slo_latency_threshold_ms"  # by namespace, resource_name; label percentile
SLO_TTFB_THRESHOLD_MS = "hyperpod:slo_ttfb_threshold_ms"  # by namespace, resource_name; label percentile
SLO_ERROR_PERCENT_MAX = "hyperpod:slo_error_percent_max"  # by namespace, resource_name
DEPLOYMENT_MAX_REPLICAS = "hyperpod:deployment_max_replicas"  # by namespace, deployment: the autoscaling ceiling
LABEL_PERCENTILE = "percentile"  # "p99" on the percentile SLO series

# Window for rate()/increase(): four 15 s scrapes at the default interval, the usual minimum for rate().
RATE_WINDOW = "5m"
