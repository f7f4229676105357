"""Metric and label names the HyperPod observability add-on writes to Amazon Managed Prometheus.

Every query in this package names metrics through these constants, so a rename upstream is a one-line fix.
Sources: AWS doc "Implementing inference observability on HyperPod clusters" (reverse-proxy sidecar,
port 9113), HyperPod's own Grafana "Inference" dashboard, vLLM / LMCache / NVIDIA DCGM exporter and
kube-state-metrics documentation.
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
LABEL_INSTANCE_TYPE = "instance_type"
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
LMCACHE_REQUEST_CACHE_HIT_RATE = "lmcache:request_cache_hit_rate"  # gauge, 0..1
LMCACHE_NUM_VLLM_HIT_TOKENS_TOTAL = "lmcache:num_vllm_hit_tokens_total"  # counter, tokens

# --- NVIDIA DCGM exporter (accelerated compute metrics) ------------------------------------------------
DCGM_GPU_UTIL = "DCGM_FI_DEV_GPU_UTIL"  # percent 0..100, whole GPU
DCGM_FB_USED = "DCGM_FI_DEV_FB_USED"  # MiB
DCGM_FB_FREE = "DCGM_FI_DEV_FB_FREE"  # MiB
DCGM_GR_ENGINE_ACTIVE = "DCGM_FI_PROF_GR_ENGINE_ACTIVE"  # ratio 0..1, reported per MIG slice
LABEL_GPU = "gpu"
LABEL_HOSTNAME = "Hostname"
LABEL_GPU_INSTANCE_PROFILE = "GPU_I_PROFILE"  # e.g. "3g.40gb" on MIG slices
LABEL_GPU_INSTANCE_ID = "GPU_I_ID"
# Which label ties a GPU series to an instance group. The add-on decorates node-level series with the
# instance type; kept as one constant because it is the assumption most likely to need adjusting.
GPU_GROUP_LABEL = LABEL_INSTANCE_TYPE

# --- kube-state-metrics (node metrics level) -----------------------------------------------------------
KUBE_DEPLOYMENT_SPEC_REPLICAS = "kube_deployment_spec_replicas"
KUBE_DEPLOYMENT_STATUS_REPLICAS = "kube_deployment_status_replicas"
KUBE_DEPLOYMENT_STATUS_REPLICAS_AVAILABLE = "kube_deployment_status_replicas_available"
LABEL_DEPLOYMENT = "deployment"

# Window for rate()/increase(): four 15 s scrapes at the default interval, the usual minimum for rate().
RATE_WINDOW = "5m"
