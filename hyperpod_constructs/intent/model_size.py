"""How big a model is, and whether it fits the accelerator memory of one replica.

A model source (or a JumpStart endpoint) may declare ``size=ModelSize(parameters=8.03e9, dtype="bfloat16")`` or
``size=ModelSize(weight_bytes=16_060_000_000)``. The fit rule compares the weights with the memory one replica gets
(its whole GPUs, or its MIG slice) after the engine's reserve:

- usable = replica memory x GPU memory utilization (vLLM's ``--gpu-memory-utilization``, default 0.9: the rest
  holds the CUDA context and activations);
- KV-cache room = usable - weights. No room at all is an error (the engine cannot allocate a single KV block);
  room under ``THIN_KV_SHARE`` of the replica's memory is a warning (short contexts, few concurrent requests).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from ..errors import Advice, require, require_one_of

# Bytes per parameter for the dtypes (and weight-only quantizations) LLM engines load.
DTYPE_BYTES: dict[str, float] = {
    "float32": 4, "fp32": 4,
    "bfloat16": 2, "bf16": 2, "float16": 2, "fp16": 2, "half": 2,
    "fp8": 1, "float8": 1, "int8": 1,
    "int4": 0.5, "fp4": 0.5, "awq": 0.5, "gptq": 0.5,
}
DEFAULT_GPU_MEMORY_UTILIZATION = 0.9  # vLLM's default for --gpu-memory-utilization
KV_BLOCK_TOKENS = 16  # vLLM's default KV-cache block size
THIN_KV_SHARE = 0.2  # warn when the KV cache gets less than this share of the replica's accelerator memory
_MIN_PARAMETERS = 1e6  # below this the value is almost certainly billions, not a count


@dataclass(frozen=True, kw_only=True)
class ModelSize:
    """The size of a model's weights: ``parameters`` (a count, e.g. ``8.03e9``) and ``dtype``, or ``weight_bytes``."""

    parameters: Union[int, float, None] = None
    """The parameter count, e.g. ``8.03e9`` (a count, not billions); give it with ``dtype``, or give ``weight_bytes``
    instead.
    Default: None."""
    dtype: str = "bfloat16"
    """The weights' data type or weight-only quantization: ``bfloat16``, ``float16``, ``float32``, ``fp8``, ``int8``,
    ``int4``, ``awq``, ``gptq``, ... (it sets the bytes per parameter).
    Default: ``"bfloat16"`` (2 bytes per parameter)."""
    weight_bytes: Optional[int] = None
    """The weights' total size in bytes, instead of ``parameters``.
    Default: None."""
    context_length: Optional[int] = None
    """The model's default context in tokens (``max_position_embeddings`` in its ``config.json``): what vLLM sizes
    for unless ``--max-model-len`` says less. With ``kv_bytes_per_token`` it is checked against the KV cache left.
    Default: None (not checked)."""
    kv_bytes_per_token: Optional[int] = None
    """KV-cache bytes one token takes: 2 x layers x KV heads x head size x bytes per element (Llama 3.1 8B in
    bfloat16: 2 x 32 x 8 x 128 x 2 = 131072).
    Default: None (not checked)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require((self.parameters is None) != (self.weight_bytes is None), where, "parameters / weight_bytes",
                (self.parameters, self.weight_bytes), "exactly one of parameters (with dtype) or weight_bytes")
        if self.parameters is not None:
            require(isinstance(self.parameters, (int, float)) and not isinstance(self.parameters, bool)
                    and self.parameters >= _MIN_PARAMETERS, where, "parameters", self.parameters,
                    "a parameter count such as 8.03e9 (a count, not billions)")
            require_one_of(self.dtype, tuple(DTYPE_BYTES), where, "dtype")
        if self.weight_bytes is not None:
            require(isinstance(self.weight_bytes, int) and not isinstance(self.weight_bytes, bool)
                    and self.weight_bytes > 0, where, "weight_bytes", self.weight_bytes,
                    "the weights' size in bytes, a positive whole number")
        self._check_context(where)

    def _check_context(self, where: str) -> None:
        for field in ("context_length", "kv_bytes_per_token"):
            value = getattr(self, field)
            require(value is None or (isinstance(value, int) and not isinstance(value, bool) and value > 0), where,
                    field, value, "a positive whole number")

    @property
    def weight_gb(self) -> float:
        """The weights' size in GB (10^9 bytes)."""
        if self.weight_bytes is not None:
            return self.weight_bytes / 1e9
        assert self.parameters is not None
        return self.parameters * DTYPE_BYTES[self.dtype] / 1e9

    def describe(self) -> str:
        """The size as messages quote it: ``"8.03B parameters in bfloat16 = 16.1 GB"``."""
        if self.weight_bytes is not None:
            return f"{self.weight_gb:.1f} GB of weights"
        assert self.parameters is not None
        return f"{self.parameters / 1e9:g}B parameters in {self.dtype} = {self.weight_gb:.1f} GB"


@dataclass(frozen=True)
class MemoryFit:
    """Weights against one replica's accelerator memory on one instance type."""

    instance_type: str
    accelerator: str  # "1x mig-3g.40gb", "4x GPU", "up to 4x GPU"
    memory_gb: float
    weights_gb: float
    utilization: float = DEFAULT_GPU_MEMORY_UTILIZATION

    @property
    def usable_gb(self) -> float:
        return self.memory_gb * self.utilization

    @property
    def kv_cache_gb(self) -> float:
        return self.usable_gb - self.weights_gb

    @property
    def fits(self) -> bool:
        return self.kv_cache_gb > 0

    @property
    def thin(self) -> bool:
        return self.fits and self.kv_cache_gb < THIN_KV_SHARE * self.memory_gb

    def summary(self) -> str:
        """For the plan: weights, KV-cache room and memory per replica."""
        bound = "up to " if self.accelerator.startswith("up to") else ""  # JumpStart: its configuration decides
        return (f"{self.weights_gb:.1f} GB weights + {max(self.kv_cache_gb, 0):.1f} GB KV "
                f"of {bound}{self.memory_gb:g} GB")

    def problem(self, size: ModelSize) -> str:
        return (f"a model that fits one replica's accelerator memory: {size.describe()}, but {self.accelerator} of "
                f"{self.instance_type} has {self.memory_gb:g} GB, {self.usable_gb:.1f} GB usable at GPU memory "
                f"utilization {self.utilization:g}, leaving no room for the KV cache; use more GPUs per replica "
                f"(gpus=...), a larger MIG slice or instance type, or a quantized model (dtype='fp8' / 'int4')")

    def tokens_that_fit(self, size: ModelSize) -> Optional[int]:
        """The longest context one sequence's KV cache fits in, in vLLM's 16-token blocks; None when the size gives
        no ``kv_bytes_per_token``."""
        if size.kv_bytes_per_token is None:
            return None
        tokens = int(max(self.kv_cache_gb, 0) * 1e9 // size.kv_bytes_per_token)
        return tokens - tokens % KV_BLOCK_TOKENS

    def context_problem(self, size: ModelSize, context: int, from_args: bool) -> Optional[str]:
        """Why a context of ``context`` tokens cannot be served (vLLM refuses to start), or None when it fits."""
        fits = self.tokens_that_fit(size)
        if fits is None or context <= fits:
            return None
        needed = context * size.kv_bytes_per_token / 1e9  # type: ignore[operator]
        source = "--max-model-len" if from_args else "the model's default context (size.context_length)"
        return (f"a context whose KV cache fits one replica: {source} of {context} tokens needs {needed:.1f} GB of KV "
                f"cache for one sequence, but {size.describe()} leaves {max(self.kv_cache_gb, 0):.1f} GB on "
                f"{self.accelerator} of {self.instance_type}, and vLLM refuses to start; the context that fits is "
                f"{fits} tokens: add '--max-model-len', '{fits}' to args, or give each replica more accelerator "
                "memory (gpus=...) or a quantized model")

    def advice(self, where: str, size: ModelSize) -> Advice:
        return Advice("thin-kv-cache", (
            f"{where}: {size.describe()} leaves {self.kv_cache_gb:.1f} GB for the KV cache on {self.accelerator} "
            f"of {self.instance_type} ({self.memory_gb:g} GB, {self.usable_gb:.1f} GB usable), under "
            f"{THIN_KV_SHARE:.0%} of the replica's memory: expect short contexts and few concurrent requests; "
            "give each replica more accelerator memory or limit --max-model-len deliberately"))
