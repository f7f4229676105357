"""vLLM engine arguments the library derives or reads: parallelism across a replica's GPUs, memory utilization.

vLLM serves on one GPU unless told otherwise, so a replica with ``gpus=4`` needs ``--tensor-parallel-size 4``.
The library adds it when the args say nothing about parallelism; when they do, the parallel sizes must multiply to
the replica's GPUs (tensor x pipeline x data parallel), otherwise GPUs sit idle or the engine fails to start.
Both ``--name value`` and ``--name=value`` forms, and vLLM's short aliases, are understood.
"""
from __future__ import annotations

from typing import Optional, Sequence

from ..errors import require
from .model_size import DEFAULT_GPU_MEMORY_UTILIZATION

TENSOR_PARALLEL = ("--tensor-parallel-size", "-tp")
PIPELINE_PARALLEL = ("--pipeline-parallel-size", "-pp")
DATA_PARALLEL = ("--data-parallel-size", "-dp")
GPU_MEMORY_UTILIZATION = ("--gpu-memory-utilization",)


def arg_value(args: Sequence[str], names: Sequence[str]) -> Optional[str]:
    """The value of the last occurrence of an option (``--x v`` or ``--x=v``), or None when absent."""
    found: Optional[str] = None
    for index, arg in enumerate(args):
        name, equals, value = arg.partition("=")
        if name not in names:
            continue
        if equals:
            found = value
        elif index + 1 < len(args):
            found = args[index + 1]
        else:
            found = ""
    return found


def _int_option(args: Sequence[str], names: Sequence[str], where: str, field: str) -> Optional[int]:
    raw = arg_value(args, names)
    if raw is None:
        return None
    require(raw.isdigit() and int(raw) >= 1, where, f"{field}[{names[0]}]", raw, "a whole number of at least 1")
    return int(raw)


def parallel_args(args: Sequence[str], gpus: int, where: str, field: str = "args") -> tuple[str, ...]:
    """Arguments to append so vLLM uses all ``gpus`` of a replica; raises when the user's own values disagree.
    ``gpus=0`` is a pod on a MIG slice: one slice per pod, so tensor, pipeline and data parallel are all 1."""
    sizes = {names[0]: _int_option(args, names, where, field)
             for names in (TENSOR_PARALLEL, PIPELINE_PARALLEL, DATA_PARALLEL)}
    given = {name: size for name, size in sizes.items() if size is not None}
    if not given:
        return (TENSOR_PARALLEL[0], str(gpus)) if gpus > 1 else ()
    product = 1
    for size in given.values():
        product *= size
    shown = " x ".join(f"{name} {size}" for name, size in given.items())
    require(product == 1 or gpus > 0, where, field, shown,
            "tensor parallel 1 on a MIG slice: a pod gets one MIG slice, and a slice cannot be split across "
            f"parallel ranks (vLLM would need {product} devices); drop the parallel sizes, or run whole GPUs "
            f"(gpus={product}, no accelerator_partition) for tensor parallel {product}")
    require(product == max(gpus, 1), where, field, shown,
            f"parallel sizes that multiply to the replica's {gpus} GPU(s) (gpus={gpus}): vLLM would use {product}; "
            f"drop them to get --tensor-parallel-size {gpus}, or change gpus")
    return ()


def gpu_memory_utilization(args: Sequence[str], where: str) -> float:
    """vLLM's ``--gpu-memory-utilization`` from the args, else its default."""
    raw = arg_value(args, GPU_MEMORY_UTILIZATION)
    if raw is None:
        return DEFAULT_GPU_MEMORY_UTILIZATION
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    require(0 < value <= 1, where, "args[--gpu-memory-utilization]", raw, "a fraction in (0, 1]")
    return value
