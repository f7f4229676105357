"""MIG layouts for instance groups, and MIG partitions for endpoints.

A layout is what node label ``nvidia.com/mig.config`` selects: either one of HyperPod's stock layouts
(``MigLayout.stock("all-3g.40gb")``) or a custom one that this library also renders as a mig-parted
config (``MigLayout.custom`` / ``MigLayout.per_device``). Validation is plain Python and runs at
construct time; everything that needs the instance type happens in ``validate_for``.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from dataclasses import dataclass
from typing import Literal, Mapping, Optional, Sequence, Union

from ..catalog import limits
from ..catalog.instance_types import instance_type as lookup_instance_type, unknown_instance_type_hint
from ..catalog.mig import (
    COMPUTE_SLICES_PER_GPU,
    GEOMETRIES,
    MEMORY_SLICES_PER_GPU,
    MIG_INSTANCE_TYPES,
    MIG_PROFILES,
    STOCK_LAYOUTS,
    find_placement,
    mig_gpu_model,
    mig_profiles_for_instance_type,
    stock_layouts_for_instance_type,
)
from ..errors import HyperPodValidationError, did_you_mean, require

MIG_CONFIG_LABEL = "nvidia.com/mig.config"
MIG_RESOURCE_PREFIX = "nvidia.com/mig-"
# Share of an instance's vCPU and memory kept back for kubelet, system daemons and the device plugins.
SYSTEM_HEADROOM = Fraction(1, 10)

_PROFILE_PATTERN = re.compile(r"^[1-7]g\.[1-9][0-9]*gb$")
_PARTITION_PATTERN = re.compile(r"^(?:mig-)?([1-7]g\.[1-9][0-9]*gb)$")
_VALID_COMPUTE = {f"{g.compute_slices}g" for g in GEOMETRIES}

Devices = Union[Literal["all"], tuple[int, ...]]


@dataclass(frozen=True)
class MigDeviceGroup:
    """The MIG devices to create on each GPU in ``devices`` ("all" or GPU indices).

    ``mig_devices`` is ``((profile, count), ...)``; empty means MIG is disabled on those GPUs, which then
    serve whole-GPU requests (``nvidia.com/gpu``) under the gpu-operator's mixed strategy.
    """

    devices: Devices
    """The GPUs the entry applies to: ``"all"`` or a tuple of GPU indices.
    Required."""
    mig_devices: tuple[tuple[str, int], ...]
    """``((profile, count), ...)``, the MIG devices per GPU; empty disables MIG on those GPUs.
    Required."""

    @property
    def mig_enabled(self) -> bool:
        """True when the entry creates MIG devices (False: whole GPUs)."""
        return bool(self.mig_devices)

    @property
    def counts(self) -> dict[str, int]:
        """``mig_devices`` as a dict, profile to count per GPU."""
        return dict(self.mig_devices)

    def gpu_count(self, gpus_per_instance: int) -> int:
        """How many GPUs of an instance with ``gpus_per_instance`` GPUs the entry applies to."""
        return gpus_per_instance if self.devices == "all" else len(self.devices)

    def describe(self) -> str:
        """``"all GPUs"`` or ``"GPUs 0,1"``, for messages."""
        if self.devices == "all":
            return "all GPUs"
        noun = "GPU" if len(self.devices) == 1 else "GPUs"
        return f"{noun} {','.join(str(i) for i in self.devices)}"


def _check_devices(where: str, field: str, devices: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """Profile syntax and counts; whether the profile exists depends on the GPU and is checked later."""
    require(isinstance(devices, Mapping), where, field, devices,
            "a mapping of MIG profile to count per GPU, e.g. {'3g.40gb': 1, '1g.10gb': 2}")
    for profile, count in devices.items():
        require(isinstance(profile, str) and bool(_PROFILE_PATTERN.match(profile)), where, field, profile,
                "MIG profiles are written <compute>g.<memory>gb, e.g. '3g.40gb' (no 'mig-' prefix here)")
        require(isinstance(count, int) and not isinstance(count, bool) and count >= 1, where,
                f"{field}[{profile!r}]", count, "a whole number of devices per GPU, at least 1")
    # Stable order: smallest compute first, then by name, so rendered configs do not depend on dict order.
    return tuple(sorted(devices.items(), key=lambda item: (int(item[0].split("g.")[0]), item[0])))


@dataclass(frozen=True)
class MigLayout:
    """A MIG layout for every node of an instance group; ``name`` is the ``nvidia.com/mig.config`` value."""

    name: str
    """The layout's name: the ``nvidia.com/mig.config`` node label value (a Kubernetes label value); a custom layout
    may not take a stock layout's name.
    Required."""
    groups: tuple[MigDeviceGroup, ...]
    """The device groups, one per set of GPUs (``MigLayout.stock``, ``custom`` and ``per_device`` build them).
    Required."""
    is_stock: bool = False
    """True for one of HyperPod's stock layouts (the gpu-operator chart already holds it); False for a custom layout,
    which the platform renders as a mig-parted ConfigMap.
    Default: False."""

    def __post_init__(self) -> None:
        where = f"MIG layout {self.name!r}"
        require(isinstance(self.name, str) and bool(limits.LABEL_VALUE_PATTERN.match(self.name))
                and 0 < len(self.name) <= limits.LABEL_VALUE_MAX, where, "name", self.name,
                "a Kubernetes label value: 1-63 letters, digits, '-', '_' or '.', starting and ending "
                "with a letter or digit (it becomes node label nvidia.com/mig.config)")
        if self.is_stock:
            if self.name not in STOCK_LAYOUTS:  # the hint (difflib) is only worth building for an error
                raise HyperPodValidationError(where, "name", self.name, _stock_hint(self.name))
        else:
            require(self.name not in STOCK_LAYOUTS, where, "name", self.name,
                    "a name that is not one of HyperPod's stock layouts (use MigLayout.stock for those)")
        require(len(self.groups) > 0, where, "groups", self.groups, "at least one device group")
        seen: set[int] = set()
        for group in self.groups:
            if group.devices == "all":
                require(len(self.groups) == 1, where, "devices", "all",
                        "'all' alone; list GPU indices in every entry of a per-device layout")
                continue
            require(isinstance(group.devices, tuple) and len(group.devices) > 0, where, "devices",
                    group.devices, "'all' or a non-empty tuple of GPU indices")
            for index in group.devices:
                require(isinstance(index, int) and not isinstance(index, bool) and index >= 0, where,
                        "devices", index, "GPU indices are whole numbers from 0")
                require(index not in seen, where, "devices", index, "each GPU index in only one entry")
                seen.add(index)

    # ---- constructors -----------------------------------------------------------------------------

    @classmethod
    def stock(cls, name: str, *, where: str = "MIG layout", field: str = "mig_config") -> MigLayout:
        """One of HyperPod's stock layouts (keys of the gpu-operator chart's ``default-mig-config``)."""
        if not (isinstance(name, str) and name in STOCK_LAYOUTS):
            raise HyperPodValidationError(where, field, name, _stock_hint(name))
        devices = STOCK_LAYOUTS[name]
        return cls(name=name, groups=(MigDeviceGroup("all", _check_devices(where, field, devices)),),
                   is_stock=True)

    @classmethod
    def custom(cls, *, name: str, devices: Mapping[str, int]) -> MigLayout:
        """The same MIG devices on every GPU, e.g. ``{"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}``."""
        where = f"MIG layout {name!r}"
        checked = _check_devices(where, "devices", devices)
        require(len(checked) > 0, where, "devices", dict(devices),
                "at least one MIG device; use MigLayout.stock('all-disabled') to turn MIG off")
        return cls(name=name, groups=(MigDeviceGroup("all", checked),))

    @classmethod
    def per_device(cls, *, name: str,
                   layouts: Union[Sequence[Mapping[str, int]], Mapping[Union[int, tuple[int, ...]], Mapping[str, int]]],
                   ) -> MigLayout:
        """Different MIG devices per GPU index.

        ``layouts`` is either one mapping per GPU (index 0, 1, ...) or a mapping from a GPU index or a
        tuple of indices to the devices, e.g. ``{(0, 1, 2, 3): {"3g.40gb": 2}, (4, 5, 6, 7): {"1g.10gb": 7}}``.
        ``{}`` leaves MIG disabled on that GPU (it serves whole-GPU requests). Every GPU of the instance
        type must be listed, so no GPU keeps whatever state it had before.
        """
        where = f"MIG layout {name!r}"
        if isinstance(layouts, Mapping):
            items = list(layouts.items())
        else:
            require(isinstance(layouts, Sequence) and not isinstance(layouts, str), where, "layouts", layouts,
                    "a list with one device mapping per GPU, or a mapping of GPU indices to device mappings")
            items = [((index,), devices) for index, devices in enumerate(layouts)]
        require(len(items) > 0, where, "layouts", layouts, "at least one GPU entry")
        groups: list[MigDeviceGroup] = []
        for key, devices in items:
            indices = (key,) if isinstance(key, int) and not isinstance(key, bool) else key
            require(isinstance(indices, tuple) and len(indices) > 0, where, "layouts", key,
                    "a GPU index (int) or a non-empty tuple of GPU indices")
            groups.append(MigDeviceGroup(tuple(indices), _check_devices(where, f"layouts[{key!r}]", devices)))
        return cls(name=name, groups=tuple(groups))

    # ---- derived values -----------------------------------------------------------------------------

    @property
    def label_value(self) -> str:
        """Value of node label ``nvidia.com/mig.config`` for the instance group."""
        return self.name

    @property
    def node_labels(self) -> dict[str, str]:
        """``{"nvidia.com/mig.config": name}``, the label the group's nodes get."""
        return {MIG_CONFIG_LABEL: self.name}

    @property
    def profiles(self) -> tuple[str, ...]:
        """Every profile the layout creates, each once."""
        return tuple(dict.fromkeys(p for group in self.groups for p, _ in group.mig_devices))

    def _gpus_per_instance(self, instance_type: str) -> int:
        info = lookup_instance_type(instance_type)
        return info.gpu_count if info is not None else 0

    def slices_per_instance(self, instance_type: str) -> dict[str, int]:
        """How many MIG devices of each profile one instance of ``instance_type`` provides."""
        gpus = self._gpus_per_instance(instance_type)
        totals: dict[str, int] = {}
        for group in self.groups:
            for profile, count in group.mig_devices:
                totals[profile] = totals.get(profile, 0) + count * group.gpu_count(gpus)
        return totals

    def whole_gpus_per_instance(self, instance_type: str) -> int:
        """GPUs per instance left with MIG disabled (they serve ``nvidia.com/gpu`` requests)."""
        gpus = self._gpus_per_instance(instance_type)
        return sum(group.gpu_count(gpus) for group in self.groups if not group.mig_enabled)

    def mig_parted_config(self) -> dict:
        """This layout as an NVIDIA mig-parted document (same shape as HyperPod's default-mig-config)."""
        entries = []
        for group in self.groups:
            entry: dict = {"devices": "all" if group.devices == "all" else list(group.devices),
                           "mig-enabled": group.mig_enabled}
            if group.mig_enabled:
                entry["mig-devices"] = dict(group.mig_devices)
            entries.append(entry)
        return {"version": "v1", "mig-configs": {self.name: entries}}

    # ---- validation against an instance type --------------------------------------------------------

    def validate_for(self, instance_type: str, where: str, field: str = "mig_config") -> None:
        """Raise HyperPodValidationError unless this layout can be applied to every node of ``instance_type``."""
        info = lookup_instance_type(instance_type)
        if info is None:  # the close-match hint (difflib) only for an error
            raise HyperPodValidationError(where, "instance_type", instance_type, unknown_instance_type_hint(instance_type))
        model = mig_gpu_model(instance_type)
        if model is None:
            raise HyperPodValidationError(where, field, self.name, no_mig_support(instance_type, field))
        gpus = info.gpu_count
        if self.groups[0].devices != "all":
            listed = sorted(i for group in self.groups for i in group.devices)  # type: ignore[union-attr]
            require(len(listed) <= gpus, where, f"{field}.layouts", f"{len(listed)} GPU entries",
                    f"at most one entry per GPU; {instance_type} has {gpus} GPUs")
            require(listed[-1] < gpus, where, f"{field}.layouts", listed[-1],
                    f"GPU indices 0-{gpus - 1} ({instance_type} has {gpus} GPUs)")
            missing = sorted(set(range(gpus)) - set(listed))
            require(not missing, where, f"{field}.layouts", f"GPUs {listed}",
                    f"an entry for every GPU 0-{gpus - 1} of {instance_type}; missing {missing} "
                    "(use {} to leave MIG disabled on a GPU)")
        profiles = MIG_PROFILES[model]
        for group in self.groups:
            label = f"{field} ({group.describe()})"
            allowed = f"{instance_type} ({model}) offers MIG profiles {', '.join(profiles)}"
            for profile, _ in group.mig_devices:
                if profile in profiles:
                    continue
                if not self.is_stock:
                    raise HyperPodValidationError(where, label, profile, allowed)
                usable = stock_layouts_for_instance_type(instance_type)  # reported by the name the user wrote
                raise HyperPodValidationError(where, field, self.name, f"{allowed}; stock layouts usable here: "
                                              f"{', '.join(usable)}{did_you_mean(self.name, usable)}")
            counts = group.counts
            compute = sum(profiles[p].compute_slices * n for p, n in counts.items())
            memory = sum(profiles[p].memory_slices * n for p, n in counts.items())
            require(compute <= COMPUTE_SLICES_PER_GPU, where, label, counts,
                    f"at most {COMPUTE_SLICES_PER_GPU} compute slices per GPU; this uses {compute} "
                    f"({_slice_breakdown(counts, profiles, 'compute')})")
            require(memory <= MEMORY_SLICES_PER_GPU, where, label, counts,
                    f"at most {MEMORY_SLICES_PER_GPU} memory slices per GPU; this uses {memory} "
                    f"({_slice_breakdown(counts, profiles, 'memory')})")
            # With today's six MIG shapes the slice totals already decide placement (tests prove it);
            # this keeps the check honest should a GPU with other start positions be added.
            if find_placement(counts, model) is None:
                rules = "; ".join(
                    f"{p} covers {profiles[p].memory_slices} slice(s) starting at "
                    f"{'|'.join(str(s) for s in profiles[p].geometry.starts)}" for p in counts)
                raise HyperPodValidationError(
                    where, label, counts,
                    f"MIG devices that can be placed side by side on one GPU's 8 memory slices; "
                    f"these fit the slice totals ({compute}/7 compute, {memory}/8 memory) but no "
                    f"non-overlapping placement exists ({rules})")


def _slice_breakdown(counts: Mapping[str, int], profiles: Mapping, kind: str) -> str:
    attr = "compute_slices" if kind == "compute" else "memory_slices"
    return " + ".join(f"{n}x{p}={n * getattr(profiles[p], attr)}" for p, n in counts.items())


# Names shown in AWS documentation examples that HyperPod's default-mig-config does not contain.
_DOC_ONLY_NAMES = {"all-2g.10gb"}


def _stock_hint(name: object, instance_type: Optional[str] = None) -> str:
    """What a stock layout name may be: on ``instance_type`` (when known) only the layouts it can run, so that the
    closest names suggested are valid there."""
    if instance_type is None:
        usable, among = tuple(STOCK_LAYOUTS), f"one of HyperPod's {len(STOCK_LAYOUTS)} stock layouts"
    else:
        usable = stock_layouts_for_instance_type(instance_type)
        among = f"one of the {len(usable)} stock layouts {instance_type} can run"
    doc_only = (f"AWS documentation examples use {name!r} but the gpu-operator chart has no such layout; "
                if name in _DOC_ONLY_NAMES else "")
    return (f"{among} (hyperpod_constructs.catalog.mig.STOCK_LAYOUTS); {doc_only}for your own layout use "
            f"MigLayout.custom(...) or MigLayout.per_device(...){did_you_mean(name, usable, count=5)}")


def no_mig_support(instance_type: str, field: str) -> str:
    """What is allowed when ``field`` asks for MIG on an instance type without it."""
    info = lookup_instance_type(instance_type)
    accelerator = (info.gpu_model or "no GPU") if info else "unknown instance type"
    return (f"{instance_type} ({accelerator}) has no MIG support in HyperPod; remove {field} or use a MIG-capable "
            f"instance type: {', '.join(MIG_INSTANCE_TYPES)}")


def as_mig_layout(value: Union[str, MigLayout], where: str, field: str = "mig_config",
                  instance_type: Optional[str] = None) -> MigLayout:
    """A stock layout name or a MigLayout, as a MigLayout (for ``InstanceGroup.mig_config``); a name is checked
    against what ``instance_type`` (when given) can run."""
    if isinstance(value, MigLayout):
        return value
    require(isinstance(value, str), where, field, value, "a stock layout name such as 'all-3g.40gb' or a MigLayout")
    if instance_type is not None and mig_gpu_model(instance_type) is None:
        raise HyperPodValidationError(where, field, value, no_mig_support(instance_type, field))
    if value not in STOCK_LAYOUTS:
        raise HyperPodValidationError(where, field, value, _stock_hint(value, instance_type))
    return MigLayout.stock(value, where=where, field=field)


# ---- endpoint side: partitions ------------------------------------------------------------------------

def normalize_partition(value: str, where: str = "endpoint", field: str = "accelerator_partition",
                        offered: Sequence[str] = ()) -> str:
    """``"mig-3g.40gb"`` or ``"3g.40gb"`` -> ``"3g.40gb"``; anything else is an error naming the format (and the
    closest of the partitions ``offered`` where it was given)."""
    match = _PARTITION_PATTERN.match(value) if isinstance(value, str) else None
    if match is None:  # the hint (difflib) only for an error
        raise HyperPodValidationError(where, field, value, "a MIG partition written mig-<compute>g.<memory>gb, e.g. "
                                      f"'mig-3g.40gb' (lower case){did_you_mean(value, offered)}")
    profile = match.group(1)
    compute = profile.split(".")[0]
    require(compute in _VALID_COMPUTE, where, field, value,
            f"MIG compute sizes are {', '.join(sorted(_VALID_COMPUTE))} (there is no {compute} profile)")
    return profile


def mig_resource_name(partition: str) -> str:
    """Kubernetes extended resource for a partition: ``"mig-3g.40gb"`` -> ``"nvidia.com/mig-3g.40gb"``."""
    return MIG_RESOURCE_PREFIX + normalize_partition(partition)


def validate_partition(instance_type: str, partition: str, where: str,
                       field: str = "accelerator_partition") -> str:
    """The normalized profile, after checking that ``instance_type`` offers it."""
    available = mig_profiles_for_instance_type(instance_type)
    if not available:
        raise HyperPodValidationError(where, field, partition, no_mig_support(instance_type, field))
    offered = ["mig-" + profile for profile in available]
    profile = normalize_partition(partition, where, field, offered)
    if profile not in available:
        raise HyperPodValidationError(where, field, partition,
                                      f"{instance_type} offers {', '.join(offered)}{did_you_mean(partition, offered)}")
    return profile


def _cpu_quantity(millicores: int) -> str:
    return str(millicores // 1000) if millicores % 1000 == 0 else f"{millicores}m"


def partition_resources(instance_type: str, partition: str, where: str = "endpoint",
                        field: str = "accelerator_partition") -> dict[str, str]:
    """Requests for one pod on one MIG device: the device plus a proportional share of vCPU and memory.

    The share is compute slices / (7 x GPUs per instance) of the instance, less SYSTEM_HEADROOM for the
    node itself, rounded down (CPU to 100m, memory to whole GiB) so a full layout always fits.
    """
    profile = validate_partition(instance_type, partition, where, field)
    info = lookup_instance_type(instance_type)
    assert info is not None  # validate_partition accepted it
    compute = MIG_PROFILES[info.gpu_model][profile].compute_slices  # type: ignore[index]
    # Exact arithmetic, so rounding down never depends on float error.
    share = Fraction(compute, COMPUTE_SLICES_PER_GPU * info.gpu_count) * (1 - SYSTEM_HEADROOM)
    millicores = math.floor(info.vcpu * 1000 * share / 100) * 100
    memory_gib = math.floor(info.memory_gib * share)
    return {"cpu": _cpu_quantity(millicores), "memory": f"{memory_gib}Gi", MIG_RESOURCE_PREFIX + profile: "1"}
