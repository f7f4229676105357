"""MIG planner: the smallest instance group that gives every endpoint its slices at max replicas.

An instance group has one ``nvidia.com/mig.config`` label, so every instance in it gets the same
per-GPU layout. The planner therefore looks for one per-instance layout L and an instance count N with
N x L >= demand, minimising first N (what you pay for) and then the GPUs per instance that carry slices
(the rest stay MIG-disabled whole GPUs, usable for ``nvidia.com/gpu`` requests).

Why this is exact: for a given N, a layout works iff it covers ceil(demand / N) per profile, so the
question becomes "fewest GPUs that cover a demand vector" (bin packing). Every MIG GPU HyperPod offers
splits its 8 memory slices the same way (catalog.mig.GEOMETRIES), which makes that question solvable in
closed form (``_fits`` below); tests compare it with an exhaustive search over all placeable GPU patterns.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..catalog.instance_types import instance_type as lookup_instance_type, unknown_instance_type_hint
from ..catalog.mig import (
    MIG_INSTANCE_TYPES,
    COMPUTE_SLICES_PER_GPU,
    GEOMETRIES,
    MEMORY_SLICES_PER_GPU,
    MIG_PROFILES,
    is_placeable,
    mig_gpu_model,
)
from ..errors import HyperPodValidationError, require
from ..intent.mig import MigLayout, validate_partition

# Geometry kinds in catalog order: 1g, 1g with 2 memory slices, 2g, 3g, 4g, 7g.
_K1, _K1X2, _K2, _K3, _K4, _K7 = range(6)
assert tuple(g.kind for g in GEOMETRIES) == ("1g", "1g-2x-memory", "2g", "3g", "4g", "7g")


@dataclass(frozen=True)
class MigDemand:
    """One endpoint's request: ``max_replicas`` pods, each on one ``partition`` device (``mig-3g.40gb``)."""

    name: str
    """The endpoint's name (unique among the demands of one plan).
    Required."""
    partition: str
    """The MIG device each pod uses, ``"mig-3g.40gb"`` (or ``"3g.40gb"``).
    Required."""
    max_replicas: int
    """The most pods the endpoint runs (at least 1); the plan serves all of them at once.
    Required."""


# ---- the packing model -----------------------------------------------------------------------------------
# A GPU's 8 memory slices are a left half (0-3) and a right half (4-7). 7g takes the whole GPU. 4g takes
# the left half; 3g takes either half. Otherwise a half is two 2-slice units: A(0-1), B(2-3) on the left,
# C(4-5), D(6-7) on the right. 2g starts at 0, 2 or 4, so it fits A, B or C ("full" units); the 1g with
# two memory slices fits any unit; a 1g fits any slice but 7, so two per full unit and one in D ("weak").
# These are exactly NVIDIA's start positions, and they keep compute within 7 automatically.

def _fits(need: Sequence[int], gpus: int) -> bool:
    """Can ``gpus`` GPUs hold ``need`` (counts per kind, 7g excluded)?

    Greedy choices, each optimal: 3g goes to right halves first (it costs one full + one weak unit there,
    two full units on the left, and a full unit can do anything a weak one can); 1g with two memory slices
    takes weak units first (a weak unit holds one 1g, a full unit two).
    """
    n1, n1x2, n2, n3, n4 = need[_K1], need[_K1X2], need[_K2], need[_K3], need[_K4]
    right3 = min(n3, gpus)
    left3 = n3 - right3
    if n4 + left3 > gpus:
        return False
    full = 2 * (gpus - n4 - left3) + (gpus - right3)
    weak = gpus - right3
    if n2 > full:
        return False
    full -= n2
    in_weak = min(n1x2, weak)
    weak -= in_weak
    if n1x2 - in_weak > full:
        return False
    full -= n1x2 - in_weak
    return n1 <= 2 * full + weak


def _min_gpus(need: Sequence[int]) -> int:
    """Fewest GPUs holding ``need`` (counts per kind): 7g GPUs plus a binary search for the rest."""
    items = sum(need[_K1:_K7])
    low, high = 0, items  # one device per GPU always fits
    while low < high:
        middle = (low + high) // 2
        if _fits(need, middle):
            high = middle
        else:
            low = middle + 1
    return need[_K7] + low


def _pack(need: Sequence[int]) -> list[list[int]]:
    """One concrete assignment of ``need`` to ``_min_gpus(need)`` GPUs, as counts per kind per GPU."""
    gpus = _min_gpus(need) - need[_K7]
    layouts = [[0] * 6 for _ in range(gpus)]
    n3 = need[_K3]
    right3 = min(n3, gpus)
    left3 = n3 - right3
    full: list[tuple[int, int]] = []  # (gpu, capacity in 1g devices) for units A, B, C
    weak: list[tuple[int, int]] = []  # unit D
    for gpu in range(gpus):
        if gpu < need[_K4]:
            layouts[gpu][_K4] += 1
        elif gpu < need[_K4] + left3:
            layouts[gpu][_K3] += 1
        else:
            full += [(gpu, 2), (gpu, 2)]
        if gpu < right3:
            layouts[gpu][_K3] += 1
        else:
            full.append((gpu, 2))
            weak.append((gpu, 1))
    for _ in range(need[_K2]):
        gpu, _cap = full.pop()
        layouts[gpu][_K2] += 1
    for _ in range(need[_K1X2]):
        gpu, _cap = weak.pop() if weak else full.pop()
        layouts[gpu][_K1X2] += 1
    slots = [gpu for gpu, cap in full + weak for _ in range(cap)]
    for _ in range(need[_K1]):
        layouts[slots.pop()][_K1] += 1
    layouts += [[0, 0, 0, 0, 0, 1] for _ in range(need[_K7])]
    return layouts


# ---- the plan -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MigPlan:
    """A planned instance group: ``instance_count`` instances, each with ``gpu_layouts`` (one per GPU index).

    ``gpu_layouts[i]`` maps profile -> devices on GPU i of every instance; ``{}`` is a MIG-disabled GPU.
    Utilisation counts the slices the endpoints request at max replicas against all GPUs of all instances.
    """

    instance_type: str
    """The instance type planned for.
    Required."""
    gpu_model: str
    """The instance type's GPU model, which sets the MIG profiles.
    Required."""
    instance_count: int
    """The fewest instances that serve every demand at max replicas.
    Required."""
    gpu_layouts: tuple[Mapping[str, int], ...]
    """Per GPU index, the MIG devices on that GPU of every instance (profile to count); ``{}`` is a GPU left
    MIG-disabled.
    Required."""
    demand: Mapping[str, int]
    """The MIG devices requested at max replicas, profile (``"3g.40gb"``) to count.
    Required."""
    endpoints: tuple[MigDemand, ...]
    """The demands planned for, as given.
    Required."""
    layout: MigLayout
    """The planned layout as a ``MigLayout``, for ``InstanceGroup(mig_config=...)``.
    Required."""

    @property
    def gpus_per_instance(self) -> int:
        """GPUs per instance."""
        return len(self.gpu_layouts)

    @property
    def partitioned_gpus_per_instance(self) -> int:
        """GPUs per instance with MIG devices (the rest stay whole)."""
        return sum(1 for layout in self.gpu_layouts if layout)

    @property
    def slices_per_instance(self) -> dict[str, int]:
        """MIG devices one instance provides, profile to count."""
        totals: dict[str, int] = {}
        for layout in self.gpu_layouts:
            for profile, count in layout.items():
                totals[profile] = totals.get(profile, 0) + count
        return totals

    def _used(self, attribute: str) -> int:
        profiles = MIG_PROFILES[self.gpu_model]
        return sum(getattr(profiles[p], attribute) * n for p, n in self.demand.items())

    @property
    def compute_slices_used(self) -> int:
        """Compute slices the demand uses, across all instances."""
        return self._used("compute_slices")

    @property
    def compute_slices_available(self) -> int:
        """Compute slices of all GPUs of all instances (7 per GPU)."""
        return self.instance_count * self.gpus_per_instance * COMPUTE_SLICES_PER_GPU

    @property
    def memory_slices_used(self) -> int:
        """Memory slices the demand uses, across all instances."""
        return self._used("memory_slices")

    @property
    def memory_slices_available(self) -> int:
        """Memory slices of all GPUs of all instances (8 per GPU)."""
        return self.instance_count * self.gpus_per_instance * MEMORY_SLICES_PER_GPU

    def mig_parted_config(self) -> dict:
        """The planned layout as an NVIDIA mig-parted document."""
        return self.layout.mig_parted_config()

    def render(self) -> str:
        """A plain-text table of the plan, for the CLI, docs and review."""
        lines = [f"MIG plan for {self.instance_type} ({self.gpu_model}, {self.gpus_per_instance} GPUs per instance)",
                 "", f"{'endpoint':<24} {'partition':<14} {'max replicas':>12}"]
        for endpoint in self.endpoints:
            lines.append(f"{endpoint.name:<24} {endpoint.partition:<14} {endpoint.max_replicas:>12}")
        lines += ["", f"Layout {self.layout.name!r} on every instance:",
                  f"{'GPU':<5} {'MIG devices':<40} {'compute':>8} {'memory':>7}"]
        profiles = MIG_PROFILES[self.gpu_model]
        for index, layout in enumerate(self.gpu_layouts):
            if not layout:
                lines.append(f"{index:<5} {'(MIG disabled: whole GPU)':<40} {'-':>8} {'-':>7}")
                continue
            devices = " + ".join(f"{n}x {p}" for p, n in layout.items())
            compute = sum(profiles[p].compute_slices * n for p, n in layout.items())
            memory = sum(profiles[p].memory_slices * n for p, n in layout.items())
            lines.append(f"{index:<5} {devices:<40} {f'{compute}/7':>8} {f'{memory}/8':>7}")
        lines += ["", f"{'profile':<10} {'requested':>9} {'provided':>9}"]
        per_instance = self.slices_per_instance
        for profile in profiles:
            if profile in self.demand:
                lines.append(f"{profile:<10} {self.demand[profile]:>9} "
                             f"{per_instance.get(profile, 0) * self.instance_count:>9}")

        def share(used: int, available: int) -> str:
            return f"{used} of {available} ({100 * used / available:.0f}%)"

        whole = self.gpus_per_instance - self.partitioned_gpus_per_instance
        lines += ["",
                  f"Instances: {self.instance_count} ({self.instance_count * self.gpus_per_instance} GPUs, "
                  f"{whole * self.instance_count} of them whole GPUs left MIG-disabled)",
                  f"Compute slices used: {share(self.compute_slices_used, self.compute_slices_available)}",
                  f"Memory slices used:  {share(self.memory_slices_used, self.memory_slices_available)}"]
        return "\n".join(lines)


def plan_mig(instance_type: str, endpoints: Sequence[MigDemand], *, layout_name: str = "planned-mig",
             where: str = "MIG planner") -> MigPlan:
    """Plan one instance group of ``instance_type`` that serves all ``endpoints`` at max replicas."""
    info = lookup_instance_type(instance_type)
    model = mig_gpu_model(instance_type)
    if info is None:  # the close-match hint (difflib) only for an error
        raise HyperPodValidationError(where, "instance_type", instance_type, unknown_instance_type_hint(instance_type))
    require(model is not None, where, "instance_type", instance_type,
            f"a MIG-capable HyperPod instance type, one of {', '.join(sorted(MIG_INSTANCE_TYPES))}")
    assert info is not None and model is not None
    require(len(endpoints) > 0, where, "endpoints", list(endpoints), "at least one endpoint")
    profiles = MIG_PROFILES[model]
    kinds = {name: GEOMETRIES.index(profile.geometry) for name, profile in profiles.items()}
    by_kind = {kind: name for name, kind in kinds.items()}

    demand: dict[str, int] = {}
    seen: set[str] = set()
    for endpoint in endpoints:
        endpoint_where = f"endpoint {endpoint.name!r}"
        require(endpoint.name not in seen, where, "endpoints", endpoint.name, "unique endpoint names")
        seen.add(endpoint.name)
        profile = validate_partition(instance_type, endpoint.partition, endpoint_where)
        require(isinstance(endpoint.max_replicas, int) and not isinstance(endpoint.max_replicas, bool)
                and endpoint.max_replicas >= 1, endpoint_where, "max_replicas", endpoint.max_replicas,
                "a whole number of replicas, at least 1")
        demand[profile] = demand.get(profile, 0) + endpoint.max_replicas

    need = [0] * 6
    for profile, count in demand.items():
        need[kinds[profile]] += count
    gpus = info.gpu_count
    # N x (GPUs per instance) must reach the fewest GPUs of the whole demand, so start there.
    count = max(1, math.ceil(_min_gpus(need) / gpus))
    while _min_gpus([math.ceil(n / count) for n in need]) > gpus:
        count += 1  # ends by count = max(need): one device per kind fits in 3 GPUs
    per_gpu = _pack([math.ceil(n / count) for n in need])

    gpu_layouts: list[dict[str, int]] = []
    for kind_counts in per_gpu:
        layout = {by_kind[k]: n for k, n in enumerate(kind_counts) if n}
        layout = dict(sorted(layout.items(), key=lambda item: kinds[item[0]]))
        if not is_placeable(layout, model):  # the packing model and the placement rules must agree
            raise HyperPodValidationError(where, "plan", layout, "an internal error: please report it")
        gpu_layouts.append(layout)
    gpu_layouts += [{} for _ in range(gpus - len(gpu_layouts))]

    return MigPlan(
        instance_type=instance_type,
        gpu_model=model,
        instance_count=count,
        gpu_layouts=tuple(gpu_layouts),
        demand=dict(sorted(demand.items(), key=lambda item: kinds[item[0]])),
        endpoints=tuple(endpoints),
        layout=_layout(layout_name, gpu_layouts),
    )


def _layout(name: str, gpu_layouts: Sequence[Mapping[str, int]]) -> MigLayout:
    """Identical GPUs share one mig-parted entry; a layout that is the same on every GPU uses "all"."""
    if all(layout == gpu_layouts[0] for layout in gpu_layouts) and gpu_layouts[0]:
        return MigLayout.custom(name=name, devices=gpu_layouts[0])
    grouped: dict[tuple[tuple[str, int], ...], list[int]] = {}
    for index, layout in enumerate(gpu_layouts):
        grouped.setdefault(tuple(layout.items()), []).append(index)
    return MigLayout.per_device(name=name, layouts={tuple(ix): dict(key) for key, ix in grouped.items()})
