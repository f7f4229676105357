"""Accelerator memory one pod gets: whole GPUs of an instance type, or one MIG slice.

Pure data derived from the instance-type catalog (GPU memory per accelerator, as the EC2 instance-type pages
give it in GB) and the MIG profiles (a profile owns ``memory slices / 8`` of its GPU's memory, NVIDIA MIG user
guide "Supported MIG Profiles"). Figures are GB as the vendors print them (``H100 80GB``), which is what model
sizes are quoted in too.
"""
from __future__ import annotations

from typing import Optional

from .instance_types import instance_type
from .mig import mig_profile


def gpu_memory_gb(instance_type_name: str) -> Optional[float]:
    """Memory of one GPU of the instance type, or None for unknown or GPU-less types."""
    info = instance_type(instance_type_name)
    if info is None or not info.has_gpu:
        return None
    return float(info.gpu_memory_gib)


def mig_slice_memory_gb(instance_type_name: str, profile: str) -> Optional[float]:
    """Memory of one MIG device ``profile`` (``3g.40gb``) on the instance type's GPU, or None when it has no such
    profile."""
    found = mig_profile(instance_type_name, profile)
    per_gpu = gpu_memory_gb(instance_type_name)
    if found is None or per_gpu is None:
        return None
    return per_gpu * found.memory_fraction


def replica_memory_gb(instance_type_name: str, *, gpus: int = 0, profile: Optional[str] = None) -> Optional[float]:
    """Accelerator memory of one replica: one MIG slice of ``profile``, else ``gpus`` whole GPUs (None when unknown
    or when the replica has no GPU)."""
    if profile is not None:
        return mig_slice_memory_gb(instance_type_name, profile)
    per_gpu = gpu_memory_gb(instance_type_name)
    if per_gpu is None or gpus <= 0:
        return None
    return per_gpu * gpus
