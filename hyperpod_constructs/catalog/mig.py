"""NVIDIA MIG on HyperPod: profiles per GPU model, their geometry, placement rules and HyperPod's stock layouts.

Pure data and pure functions, no CDK imports. Sources: the HyperPod CLI's ``INSTANCE_TYPE_MIG_PROFILES``
(profile names per instance type), the HyperPod GPU partitioning doc (devices per GPU), NVIDIA's MIG user
guide (placements on the 8 memory slices of a GPU) and the HyperPod gpu-operator chart's
``default-mig-config`` ConfigMap (stock layout names, transcribed below so nothing is read at runtime).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, Optional

from .instance_types import instance_type

COMPUTE_SLICES_PER_GPU = 7
MEMORY_SLICES_PER_GPU = 8


@dataclass(frozen=True)
class MigGeometry:
    """The shape of a MIG profile: what it uses of a GPU and where it may start.

    ``starts`` are the valid first memory slices (0-7) of the profile on a GPU; the profile then covers
    ``memory_slices`` consecutive slices. Every MIG GPU HyperPod offers (A100, H100, H200, B200, B300,
    GB200) has the same six shapes; only the memory per slice differs.
    """

    kind: str
    compute_slices: int
    memory_slices: int
    starts: tuple[int, ...]
    max_per_gpu: int


# Ordered from smallest to largest; the order of profile names in _PROFILE_NAMES follows it.
GEOMETRIES: tuple[MigGeometry, ...] = (
    MigGeometry("1g", 1, 1, (0, 1, 2, 3, 4, 5, 6), 7),
    MigGeometry("1g-2x-memory", 1, 2, (0, 2, 4, 6), 4),  # e.g. 1g.20gb on H100: one compute slice, two memory slices
    MigGeometry("2g", 2, 2, (0, 2, 4), 3),
    MigGeometry("3g", 3, 4, (0, 4), 2),
    MigGeometry("4g", 4, 4, (0,), 1),
    MigGeometry("7g", 7, 8, (0,), 1),
)
GEOMETRY_BY_KIND: dict[str, MigGeometry] = {geometry.kind: geometry for geometry in GEOMETRIES}

# GPU model (InstanceTypeInfo.gpu_model) -> profile names in GEOMETRIES order.
_PROFILE_NAMES: dict[str, tuple[str, ...]] = {
    "A100 40GB": ("1g.5gb", "1g.10gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"),
    "A100 80GB": ("1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"),
    "H100 80GB": ("1g.10gb", "1g.20gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"),
    "H200 141GB": ("1g.18gb", "1g.35gb", "2g.35gb", "3g.71gb", "4g.71gb", "7g.141gb"),
    "B200 180GB": ("1g.23gb", "1g.45gb", "2g.45gb", "3g.90gb", "4g.90gb", "7g.180gb"),
    "B300 270GB": ("1g.34gb", "1g.67gb", "2g.67gb", "3g.135gb", "4g.135gb", "7g.269gb"),
    "GB200 186GB": ("1g.23gb", "1g.47gb", "2g.47gb", "3g.93gb", "4g.93gb", "7g.186gb"),
}

# HyperPod's MIG map is per instance type: ml.p5.4xlarge has an H100 but is not in it, and
# g5/g6/g6e (A10G, L4, L40S), Trainium and CPU types have no MIG at all.
MIG_INSTANCE_TYPES: tuple[str, ...] = (
    "ml.p4d.24xlarge",
    "ml.p4de.24xlarge",
    "ml.p5.48xlarge",
    "ml.p5e.48xlarge",
    "ml.p5en.48xlarge",
    "ml.p6-b200.48xlarge",
    "ml.p6-b300.48xlarge",
    "ml.p6e-gb200.36xlarge",
)


@dataclass(frozen=True)
class MigProfile:
    """One MIG profile (``3g.40gb``) of one GPU model."""

    name: str
    gpu_model: str
    geometry: MigGeometry

    @property
    def compute_slices(self) -> int:
        return self.geometry.compute_slices

    @property
    def memory_slices(self) -> int:
        return self.geometry.memory_slices

    @property
    def max_per_gpu(self) -> int:
        return self.geometry.max_per_gpu

    @property
    def memory_gb(self) -> int:
        """The memory in the profile's name (rounded by NVIDIA: ``3g.40gb`` -> 40)."""
        return int(self.name.split(".")[1].removesuffix("gb"))

    @property
    def memory_fraction(self) -> float:
        """Share of the GPU's memory the profile owns: its memory slices out of 8 (NVIDIA MIG user guide,
        "Supported MIG Profiles", column "Fraction of Memory"; a 7g profile owns all 8)."""
        return self.memory_slices / MEMORY_SLICES_PER_GPU


MIG_PROFILES: dict[str, dict[str, MigProfile]] = {
    model: {name: MigProfile(name, model, geometry) for name, geometry in zip(names, GEOMETRIES, strict=True)}
    for model, names in _PROFILE_NAMES.items()
}


def supports_mig(instance_type_name: str) -> bool:
    """True when HyperPod can partition this instance type's GPUs with MIG."""
    return instance_type_name in MIG_INSTANCE_TYPES


def mig_gpu_model(instance_type_name: str) -> Optional[str]:
    """The GPU model whose MIG profiles apply, or None when the instance type has no MIG."""
    info = instance_type(instance_type_name)
    if info is None or not supports_mig(instance_type_name):
        return None
    return info.gpu_model


def mig_profiles_for_instance_type(instance_type_name: str) -> tuple[str, ...]:
    """Profile names (smallest first) for ``instance_type_name``; empty when it has no MIG."""
    model = mig_gpu_model(instance_type_name)
    return tuple(MIG_PROFILES[model]) if model else ()


def mig_profile(instance_type_name: str, profile: str) -> Optional[MigProfile]:
    """The profile ``profile`` (``3g.40gb``) on this instance type's GPU, or None when it does not exist there."""
    model = mig_gpu_model(instance_type_name)
    return MIG_PROFILES[model].get(profile) if model else None


# ---- placement ------------------------------------------------------------------------------------------

def _kind_counts(counts: Mapping[str, int], gpu_model: str) -> tuple[int, ...]:
    """Profile counts -> counts per geometry (GEOMETRIES order). KeyError for a profile the GPU lacks."""
    profiles = MIG_PROFILES[gpu_model]
    result = [0] * len(GEOMETRIES)
    for name, count in counts.items():
        result[GEOMETRIES.index(profiles[name].geometry)] += count
    return tuple(result)


@functools.cache
def _place_kinds(kind_counts: tuple[int, ...]) -> Optional[tuple[tuple[int, int], ...]]:
    """(geometry index, start) for every device, or None when they cannot share one GPU.

    Backtracking over the 8-slice occupancy bitmask, largest devices first; devices of the same shape are
    given increasing starts so each placement is tried once. There are at most 7 devices per GPU.
    """
    compute = sum(count * GEOMETRIES[i].compute_slices for i, count in enumerate(kind_counts))
    memory = sum(count * GEOMETRIES[i].memory_slices for i, count in enumerate(kind_counts))
    if compute > COMPUTE_SLICES_PER_GPU or memory > MEMORY_SLICES_PER_GPU:
        return None
    items = [i for i in reversed(range(len(GEOMETRIES))) for _ in range(kind_counts[i])]

    def place(index: int, used: int, min_start: int) -> Optional[list[tuple[int, int]]]:
        if index == len(items):
            return []
        geometry = GEOMETRIES[items[index]]
        for start in geometry.starts:
            if start < min_start:
                continue
            mask = ((1 << geometry.memory_slices) - 1) << start
            if used & mask:
                continue
            same_next = index + 1 < len(items) and items[index + 1] == items[index]
            rest = place(index + 1, used | mask, start + 1 if same_next else 0)
            if rest is not None:
                return [(items[index], start), *rest]
        return None

    found = place(0, 0, 0)
    return tuple(found) if found is not None else None


def find_placement(counts: Mapping[str, int], gpu_model: str) -> Optional[list[tuple[str, int]]]:
    """(profile, first memory slice) for each device of ``counts`` on one GPU, or None if they do not fit."""
    placement = _place_kinds(_kind_counts({p: c for p, c in counts.items() if c}, gpu_model))
    if placement is None:
        return None
    by_kind = {GEOMETRIES.index(p.geometry): p.name for p in MIG_PROFILES[gpu_model].values()}
    return [(by_kind[kind], start) for kind, start in placement]


def is_placeable(counts: Mapping[str, int], gpu_model: str) -> bool:
    """True when one GPU of ``gpu_model`` can hold all devices in ``counts`` at once."""
    return find_placement(counts, gpu_model) is not None


# ---- HyperPod's stock layouts ---------------------------------------------------------------------------

# The 60 keys of the gpu-operator chart's default-mig-config (values of node label nvidia.com/mig.config)
# with their devices per GPU, in file order. Every stock layout applies the same devices to all GPUs;
# "all-disabled" turns MIG off. There are no B200 or GB200 layouts in the chart.
STOCK_LAYOUTS: dict[str, dict[str, int]] = {
    "all-disabled": {},
    "all-1g.10gb": {"1g.10gb": 7},
    "all-1g.5gb": {"1g.5gb": 7},
    "all-1g.18gb": {"1g.18gb": 7},
    "all-3g.40gb": {"3g.40gb": 2},
    "all-3g.20gb": {"3g.20gb": 2},
    "all-3g.71gb": {"3g.71gb": 2},
    "all-7g.80gb": {"7g.80gb": 1},
    "all-7g.40gb": {"7g.40gb": 1},
    "all-7g.141gb": {"7g.141gb": 1},
    "mixed-1-3g.40gb-1-4g.40gb": {"3g.40gb": 1, "4g.40gb": 1},
    "mixed-1-3g.20gb-1-4g.20gb": {"3g.20gb": 1, "4g.20gb": 1},
    "mixed-1-3g.71gb-1-4g.71gb": {"3g.71gb": 1, "4g.71gb": 1},
    "mixed-1-1g.10gb-1-2g.20gb-1-4g.40gb": {"1g.10gb": 1, "2g.20gb": 1, "4g.40gb": 1},
    "mixed-1-1g.5gb-1-2g.10gb-1-4g.20gb": {"1g.5gb": 1, "2g.10gb": 1, "4g.20gb": 1},
    "mixed-1-1g.18gb-1-2g.35gb-1-4g.71gb": {"1g.18gb": 1, "2g.35gb": 1, "4g.71gb": 1},
    "mixed-3-1g.10gb-1-4g.40gb": {"1g.10gb": 3, "4g.40gb": 1},
    "mixed-3-1g.5gb-1-4g.20gb": {"1g.5gb": 3, "4g.20gb": 1},
    "mixed-3-1g.18gb-1-4g.71gb": {"1g.18gb": 3, "4g.71gb": 1},
    "mixed-1-1g.10gb-1-2g.20gb-1-3g.40gb": {"1g.10gb": 1, "2g.20gb": 1, "3g.40gb": 1},
    "mixed-1-1g.5gb-1-2g.10gb-1-3g.20gb": {"1g.5gb": 1, "2g.10gb": 1, "3g.20gb": 1},
    "mixed-1-1g.18gb-1-2g.35gb-1-3g.71gb": {"1g.18gb": 1, "2g.35gb": 1, "3g.71gb": 1},
    "mixed-3-1g.10gb-1-3g.40gb": {"1g.10gb": 3, "3g.40gb": 1},
    "mixed-3-1g.5gb-1-3g.20gb": {"1g.5gb": 3, "3g.20gb": 1},
    "mixed-3-1g.18gb-1-3g.71gb": {"1g.18gb": 3, "3g.71gb": 1},
    "mixed-2-2g.20gb-1-3g.40gb": {"2g.20gb": 2, "3g.40gb": 1},
    "mixed-2-2g.10gb-1-3g.20gb": {"2g.10gb": 2, "3g.20gb": 1},
    "mixed-2-2g.35gb-1-3g.71gb": {"2g.35gb": 2, "3g.71gb": 1},
    "mixed-2-1g.10gb-1-2g.20gb-1-3g.40gb": {"1g.10gb": 2, "2g.20gb": 1, "3g.40gb": 1},
    "mixed-2-1g.5gb-1-2g.10gb-1-3g.20gb": {"1g.5gb": 2, "2g.10gb": 1, "3g.20gb": 1},
    "mixed-2-1g.18gb-1-2g.35gb-1-3g.71gb": {"1g.18gb": 2, "2g.35gb": 1, "3g.71gb": 1},
    "mixed-4-1g.10gb-1-3g.40gb": {"1g.10gb": 4, "3g.40gb": 1},
    "mixed-4-1g.5gb-1-3g.20gb": {"1g.5gb": 4, "3g.20gb": 1},
    "mixed-4-1g.18gb-1-3g.71gb": {"1g.18gb": 4, "3g.71gb": 1},
    "mixed-1-1g.10gb-3-2g.20gb": {"1g.10gb": 1, "2g.20gb": 3},
    "mixed-1-1g.5gb-3-2g.10gb": {"1g.5gb": 1, "2g.10gb": 3},
    "mixed-1-1g.18gb-3-2g.35gb": {"1g.18gb": 1, "2g.35gb": 3},
    "mixed-3-1g.10gb-2-2g.20gb": {"1g.10gb": 3, "2g.20gb": 2},
    "mixed-3-1g.5gb-2-2g.10gb": {"1g.5gb": 3, "2g.10gb": 2},
    "mixed-3-1g.18gb-2-2g.35gb": {"1g.18gb": 3, "2g.35gb": 2},
    "mixed-5-1g.10gb-1-2g.20gb": {"1g.10gb": 5, "2g.20gb": 1},
    "mixed-5-1g.5gb-1-2g.10gb": {"1g.5gb": 5, "2g.10gb": 1},
    "mixed-5-1g.18gb-1-2g.35gb": {"1g.18gb": 5, "2g.35gb": 1},
    "all-1g.34gb": {"1g.34gb": 7},
    "all-1g.67gb": {"1g.67gb": 4},
    "all-2g.67gb": {"2g.67gb": 3},
    "all-3g.135gb": {"3g.135gb": 2},
    "all-4g.135gb": {"4g.135gb": 1},
    "all-7g.269gb": {"7g.269gb": 1},
    "mixed-1-3g.135gb-1-4g.135gb": {"3g.135gb": 1, "4g.135gb": 1},
    "mixed-1-1g.34gb-1-2g.67gb-1-4g.135gb": {"1g.34gb": 1, "2g.67gb": 1, "4g.135gb": 1},
    "mixed-3-1g.34gb-1-4g.135gb": {"1g.34gb": 3, "4g.135gb": 1},
    "mixed-1-1g.34gb-1-2g.67gb-1-3g.135gb": {"1g.34gb": 1, "2g.67gb": 1, "3g.135gb": 1},
    "mixed-3-1g.34gb-1-3g.135gb": {"1g.34gb": 3, "3g.135gb": 1},
    "mixed-2-2g.67gb-1-3g.135gb": {"2g.67gb": 2, "3g.135gb": 1},
    "mixed-2-1g.34gb-1-2g.67gb-1-3g.135gb": {"1g.34gb": 2, "2g.67gb": 1, "3g.135gb": 1},
    "mixed-4-1g.34gb-1-3g.135gb": {"1g.34gb": 4, "3g.135gb": 1},
    "mixed-1-1g.34gb-3-2g.67gb": {"1g.34gb": 1, "2g.67gb": 3},
    "mixed-3-1g.34gb-2-2g.67gb": {"1g.34gb": 3, "2g.67gb": 2},
    "mixed-5-1g.34gb-1-2g.67gb": {"1g.34gb": 5, "2g.67gb": 1},
}
STOCK_DISABLED = "all-disabled"


def stock_layout_fits(layout_name: str, gpu_model: str) -> bool:
    """True when every profile of the stock layout exists on ``gpu_model`` and they fit one GPU together.

    Profile names alone are not enough: ``1g.10gb`` takes one memory slice on an H100 but two on an
    A100 40GB, so ``all-1g.10gb`` (seven of them) exists by name on ml.p4d.24xlarge but cannot be placed.
    """
    devices = STOCK_LAYOUTS[layout_name]
    profiles = MIG_PROFILES.get(gpu_model, {})
    return all(name in profiles for name in devices) and is_placeable(devices, gpu_model)


def stock_layouts_for_instance_type(instance_type_name: str) -> tuple[str, ...]:
    """The stock MIG layout names (HyperPod's default ConfigMap) that fit this instance type's GPUs, ``all-disabled``
    included; empty for a type without MIG.

    Example:
        >>> from hyperpod_constructs import stock_layouts_for_instance_type
        >>> "all-3g.40gb" in stock_layouts_for_instance_type("ml.p5.48xlarge")
        True
        >>> stock_layouts_for_instance_type("ml.g6e.12xlarge")
        ()
    """
    model = mig_gpu_model(instance_type_name)
    if model is None:
        return ()
    return tuple(name for name in STOCK_LAYOUTS if stock_layout_fits(name, model))
