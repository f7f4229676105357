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

    def advice(self, where: str, size: ModelSize) -> Advice:
        return Advice("thin-kv-cache", (
            f"{where}: {size.describe()} leaves {self.kv_cache_gb:.1f} GB for the KV cache on {self.accelerator} "
            f"of {self.instance_type} ({self.memory_gb:g} GB, {self.usable_gb:.1f} GB usable), under "
            f"{THIN_KV_SHARE:.0%} of the replica's memory: expect short contexts and few concurrent requests; "
            "give each replica more accelerator memory or limit --max-model-len deliberately"))
