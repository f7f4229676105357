"""The constants of the memory model, each with where its value comes from, and KAITO's for comparison.

A replica's accelerator memory (its GPUs, or its MIG slice) is shared as vLLM shares it: the engine may use
``gpu memory utilization`` of it; out of that come the weights, then per GPU the engine's own overhead and the peak
activations of one forward step; what is left is the KV cache. docs/presets.md compares each term with KAITO's
estimator.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..intent.model_size import DEFAULT_GPU_MEMORY_UTILIZATION, KV_BLOCK_TOKENS as BLOCK_TOKENS


@dataclass(frozen=True)
class Constant:
    """One constant of the memory model: its value, its unit and where it comes from."""

    value: float
    unit: str
    source: str


GPU_MEMORY_UTILIZATION = Constant(
    DEFAULT_GPU_MEMORY_UTILIZATION, "share of the replica's accelerator memory",
    "vLLM's default --gpu-memory-utilization (documented engine argument); the rest is left to the CUDA driver")
ENGINE_OVERHEAD_GB = Constant(
    1.5, "GB per GPU",
    "assumption: the CUDA context, NCCL and cuBLAS workspaces and the CUDA graphs vLLM captures (its startup log "
    "reports them as non-torch memory and graph memory; about 0.5-1.5 GB on H100-class GPUs), rounded up")
ACTIVATION_TOKENS = Constant(
    2048, "tokens per forward step",
    "vLLM's chunked-prefill token budget per step (--max-num-batched-tokens) as the activation peak is sized for; "
    "an assumption where the engine's default differs by version and GPU")
ACTIVATION_BYTES_PER_HIDDEN = Constant(
    40, "bytes per token per hidden unit",
    "assumption: about 20 tensors of the hidden width in 16-bit live at the peak of one layer's forward pass "
    "(residual, norms, attention input and output, the MLP's pieces); not divided over tensor-parallel GPUs")
KV_BLOCK_TOKENS = Constant(BLOCK_TOKENS, "tokens per KV block", "vLLM's default --block-size: the KV cache is allocated in blocks")

# KAITO's node estimator (kaito-project/kaito, pkg/workspace/estimator/budget.go at 3cc8a5b6 and
# advancednodesestimator/estimator.go at 18b678cd), for the comparison table only.
KAITO_WEIGHT_FACTOR = 1.02  # the safetensors size grows by 2% once loaded
KAITO_UTILIZATION = 0.92  # its default budget per GPU (0.84 in its MIG path and older releases)
KAITO_MIG_UTILIZATION = 0.84
KAITO_BASE_OVERHEAD_GIB = 2.3  # per GPU; 1.5 on an A10
KAITO_OVERHEAD_WEIGHT_FACTOR = 0.05  # plus 5% of the GPU's share of the weights
KAITO_DEFAULT_MAX_MODEL_LEN = 2048  # the context it reserves KV for unless the user's config sets one

CONSTANTS: dict[str, Constant] = {
    "gpu_memory_utilization": GPU_MEMORY_UTILIZATION,
    "engine_overhead_gb": ENGINE_OVERHEAD_GB,
    "activation_tokens": ACTIVATION_TOKENS,
    "activation_bytes_per_hidden": ACTIVATION_BYTES_PER_HIDDEN,
    "kv_block_tokens": KV_BLOCK_TOKENS,
}
