"""Does a model fit one replica on an instance type (whole GPUs) or a MIG slice, and with how much KV cache?

Per replica, in GB (10^9 bytes, as GPU memory and model sizes are quoted):

    usable    = replica memory x gpu memory utilization
    reserved  = gpus x (engine overhead + activations)      activations = tokens per step x hidden x bytes
    kv pool   = usable - weights - reserved
    kv tokens = kv pool / (kv bytes per token x KV replication), down to whole 16-token blocks

It fits when the KV cache holds ``concurrency`` sequences of ``max_model_len`` tokens; the shortfall is the KV cache
those sequences need minus the pool. Whole GPUs: the fewest GPUs per replica that fit, among the tensor-parallel
sizes the model's heads divide (``ModelArchitecture.tensor_parallel_ok``) and the instance's GPU count divides; a
MIG slice serves one replica on one slice (tensor parallel 1).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional, Sequence, Union

from ..catalog.accelerator_memory import replica_memory_gb
from ..catalog.instance_types import INSTANCE_TYPES, instance_type as lookup_instance_type
from ..catalog.mig import mig_profile, mig_profiles_for_instance_type
from ..catalog.model_catalog import ModelFacts, find_model
from ..errors import require
from ..prices.model import Prices
from .constants import (
    ACTIVATION_BYTES_PER_HIDDEN, ACTIVATION_TOKENS, ENGINE_OVERHEAD_GB, GPU_MEMORY_UTILIZATION, KV_BLOCK_TOKENS)

GPU = "gpu"


@dataclass(frozen=True)
class SizingRequest:
    """What the model must serve: the context per sequence and how many sequences at once (build it with ``of``,
    which checks the numbers)."""

    model: ModelFacts
    """The model: ``catalog_model(id)`` or ``model_from_config(path)``.
    Required."""
    max_model_len: int
    """Tokens per sequence (vLLM's ``--max-model-len``).
    Required."""
    concurrency: int = 1
    """Sequences the KV cache must hold at once at ``max_model_len``.
    Default: 1."""

    @classmethod
    def of(cls, model: ModelFacts, max_model_len: Optional[int] = None, concurrency: int = 1,
           where: str = "sizing", fields: tuple[str, str] = ("max_model_len", "concurrency")) -> SizingRequest:
        """Checks the numbers: a context of at least one block and at most the model's own, one sequence or more
        (``fields`` names them in errors)."""
        longest = model.architecture.max_context
        length = longest if max_model_len is None else max_model_len
        require(isinstance(length, int) and not isinstance(length, bool) and 16 <= length <= longest, where,
                fields[0], max_model_len,
                f"a context of 16 to {longest} tokens ({model.model_id}'s max_position_embeddings); leave it unset "
                "for the model's own")
        require(isinstance(concurrency, int) and not isinstance(concurrency, bool) and concurrency >= 1, where,
                fields[1], concurrency, "a number of concurrent sequences, 1 or more")
        return cls(model, length, concurrency)


@dataclass(frozen=True)
class Candidate:
    """One way to run a replica (an instance type's whole GPUs, or one MIG slice) and what it holds."""

    instance_type: str
    """The HyperPod instance type.
    Required."""
    accelerator: str
    """``"gpu"`` for whole GPUs, else the MIG profile (``"mig-3g.40gb"``).
    Required."""
    gpus_per_replica: int
    """Tensor-parallel size: whole GPUs per replica (1 on a MIG slice).
    Required."""
    memory_gb: float
    """The replica's accelerator memory in GB.
    Required."""
    weights_gb: float
    """The weights in GB.
    Required."""
    overhead_gb: float
    """Engine overhead and activations in GB, all of the replica's GPUs together.
    Required."""
    kv_pool_gb: float
    """What is left for the KV cache in GB (negative: the weights do not even fit).
    Required."""
    kv_cache_tokens: int
    """Tokens the KV cache holds, in whole 16-token blocks.
    Required."""
    needed_kv_gb: float
    """The KV cache ``concurrency`` sequences of the requested context need, in GB.
    Required."""
    max_model_len: int
    """The context that fits: the requested one when it fits, else the longest that ``concurrency`` sequences fit
    (0: none).
    Required."""
    sequences: int
    """How many sequences of the requested context the KV cache holds at once.
    Required."""
    usd_per_hour: Optional[float] = None
    """The instance's hourly price.
    Default: None (no prices given, or none for this type)."""

    @property
    def fits(self) -> bool:
        """The KV cache holds ``concurrency`` sequences of the requested context."""
        return self.kv_pool_gb >= self.needed_kv_gb and self.kv_pool_gb > 0

    @property
    def shortfall_gb(self) -> float:
        """GB of accelerator memory missing for the request (0 when it fits)."""
        return 0.0 if self.fits else self.needed_kv_gb - self.kv_pool_gb

    @property
    def partition(self) -> Optional[str]:
        """The MIG profile (``3g.40gb``), or None for whole GPUs."""
        return None if self.accelerator == GPU else self.accelerator.removeprefix("mig-")

    @property
    def replicas_per_instance(self) -> int:
        """Replicas one instance holds: its GPUs over ``gpus_per_replica``, or its MIG slices of the profile."""
        info = lookup_instance_type(self.instance_type)
        assert info is not None
        if self.partition is None:
            return info.gpu_count // self.gpus_per_replica
        profile = mig_profile(self.instance_type, self.partition)
        assert profile is not None
        return profile.max_per_gpu * info.gpu_count

    @property
    def usd_per_replica_hour(self) -> Optional[float]:
        """The instance's hourly price over the replicas it holds; None without a price."""
        return None if self.usd_per_hour is None else self.usd_per_hour / self.replicas_per_instance

    def as_json(self) -> dict[str, object]:
        """The keys ``python -m hyperpod_constructs.size --json`` writes."""
        return {"instance_type": self.instance_type, "accelerator": self.accelerator,
                "gpus_per_replica": self.gpus_per_replica, "fits": self.fits,
                "shortfall_gb": round(self.shortfall_gb, 2), "max_model_len": self.max_model_len,
                "kv_cache_tokens": self.kv_cache_tokens, "usd_per_hour": self.usd_per_hour}

    def explain(self, request: SizingRequest) -> str:
        """One line: the memory terms and the verdict."""
        where = (f"{self.gpus_per_replica} GPU" if self.partition is None else f"1x {self.accelerator}") + \
            f" of {self.instance_type}"
        usable = self.memory_gb * GPU_MEMORY_UTILIZATION.value
        left = (f"{self.kv_pool_gb:.1f} GB KV cache ({self.kv_cache_tokens} tokens)" if self.kv_pool_gb > 0
                else f"{self.kv_pool_gb:.1f} GB: no room for the KV cache")
        head = (f"{where}: {self.memory_gb:g} GB x {GPU_MEMORY_UTILIZATION.value:g} = {usable:.1f} GB usable - "
                f"{self.weights_gb:.1f} GB weights - {self.overhead_gb:.1f} GB engine overhead and activations = "
                f"{left}")
        if self.fits:
            return (f"{head}: fits {self.sequences} sequence(s) of {request.max_model_len} tokens "
                    f"({request.concurrency} asked)")
        return (f"{head}: {request.concurrency} sequence(s) of {request.max_model_len} tokens need "
                f"{self.needed_kv_gb:.1f} GB, short by {self.shortfall_gb:.1f} GB"
                + (f"; the context that fits is {self.max_model_len} tokens" if self.max_model_len else ""))


def activation_gb(model: ModelFacts) -> float:
    """Peak activations of one forward step, per GPU."""
    return ACTIVATION_TOKENS.value * model.architecture.hidden_size * ACTIVATION_BYTES_PER_HIDDEN.value / 1e9


def _whole_blocks(tokens: float) -> int:
    block = int(KV_BLOCK_TOKENS.value)
    whole = int(max(tokens, 0))
    return whole - whole % block


def candidate(request: SizingRequest, instance_type: str, *, gpus: int = 1, partition: Optional[str] = None,
              prices: Optional[Prices] = None) -> Candidate:
    """The model on ``gpus`` whole GPUs of ``instance_type``, or on one MIG slice ``partition`` (``3g.40gb``)."""
    model = request.model
    architecture = model.architecture
    memory = replica_memory_gb(instance_type, gpus=gpus, profile=partition)
    assert memory is not None, (instance_type, gpus, partition)
    tensor_parallel = 1 if partition is not None else gpus
    weights = model.weight_bytes / 1e9
    overhead = tensor_parallel * (ENGINE_OVERHEAD_GB.value + activation_gb(model))
    pool = memory * GPU_MEMORY_UTILIZATION.value - weights - overhead
    per_token = architecture.kv_bytes_per_token * architecture.kv_replication(tensor_parallel)
    tokens = _whole_blocks(pool * 1e9 / per_token)
    needed = request.concurrency * request.max_model_len * per_token / 1e9
    context = min(request.max_model_len, _whole_blocks(tokens / request.concurrency))
    return Candidate(
        instance_type=instance_type, accelerator=GPU if partition is None else f"mig-{partition}",
        gpus_per_replica=tensor_parallel, memory_gb=memory, weights_gb=weights, overhead_gb=overhead,
        kv_pool_gb=pool, kv_cache_tokens=tokens, needed_kv_gb=needed, max_model_len=context,
        sequences=tokens // request.max_model_len,
        usd_per_hour=prices.hourly(instance_type) if prices is not None else None)


def tensor_parallel_sizes(model: ModelFacts, gpu_count: int) -> list[int]:
    """GPUs per replica the instance's GPU count and the model's heads both allow, smallest first."""
    return [size for size in range(1, gpu_count + 1)
            if gpu_count % size == 0 and model.architecture.tensor_parallel_ok(size)]


def whole_gpu_candidate(request: SizingRequest, instance_type: str, prices: Optional[Prices] = None,
                        gpus: Optional[int] = None) -> Candidate:
    """The fewest whole GPUs of ``instance_type`` that fit (else the most the heads allow, with its shortfall);
    ``gpus`` fixes the count instead."""
    info = lookup_instance_type(instance_type)
    assert info is not None and info.has_gpu, instance_type
    if gpus is not None:
        return candidate(request, instance_type, gpus=gpus, prices=prices)
    sizes = tensor_parallel_sizes(request.model, info.gpu_count)
    tried = [candidate(request, instance_type, gpus=size, prices=prices) for size in sizes]
    return next((found for found in tried if found.fits), tried[-1])


def gpu_instance_types() -> list[str]:
    """The catalog's NVIDIA GPU instance types (vLLM's CUDA engine; Trainium needs its own build)."""
    return sorted(name for name, info in INSTANCE_TYPES.items() if info.has_gpu)


def candidates(request: SizingRequest, instance_types: Optional[Sequence[str]] = None,
               prices: Optional[Prices] = None) -> list[Candidate]:
    """Every way to run a replica on the instance types (default: every GPU type): whole GPUs and each MIG profile;
    those that fit first, then by accelerator memory per replica."""
    found = list(_each(request, instance_types or gpu_instance_types(), prices))
    return sorted(found, key=lambda each: (not each.fits, each.memory_gb, each.instance_type, each.accelerator))


def _each(request: SizingRequest, instance_types: Sequence[str], prices: Optional[Prices]) -> Iterator[Candidate]:
    for name in dict.fromkeys(instance_types):
        yield whole_gpu_candidate(request, name, prices)
        for profile in mig_profiles_for_instance_type(name):
            yield candidate(request, name, partition=profile, prices=prices)


def size_model(model: Union[str, Path, ModelFacts], *, max_model_len: Optional[int] = None, concurrency: int = 1,
               instance_types: Optional[Sequence[str]] = None, prices: Optional[Prices] = None) -> list[Candidate]:
    """What ``python -m hyperpod_constructs.size`` prints, as values: ``model`` (a catalog id, a config.json path
    or ``ModelFacts``) on every instance type given (default: every GPU type) and each of its MIG profiles.

    >>> best = size_model("Qwen/Qwen3-8B", max_model_len=16384, instance_types=["ml.g6e.xlarge"])[0]
    >>> (best.fits, best.gpus_per_replica, best.sequences)
    (True, 1, 10)
    """
    facts = model if isinstance(model, ModelFacts) else find_model(model, "size_model")
    return candidates(SizingRequest.of(facts, max_model_len, concurrency, "size_model"), instance_types, prices)
