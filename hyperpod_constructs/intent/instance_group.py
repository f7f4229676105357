"""Typed HyperPod instance groups, validated against HyperPod's rules before any CDK call."""
from __future__ import annotations

import functools
from dataclasses import KW_ONLY, dataclass
from typing import Literal, Mapping, Optional, Union, get_args

from ..catalog import limits
from ..catalog.instance_types import InstanceTypeInfo, instance_type
from ..errors import require, require_one_of
from .frozen import Frozen
from ..type_checks import check_fields
from .mig import MigLayout, as_mig_layout
from .names import require_hyperpod_instance_type

CapacityType = Literal["on-demand", "spot"]
CAPACITY_TYPES = get_args(CapacityType)
TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]


@dataclass(frozen=True)
class Taint:
    """A Kubernetes taint HyperPod puts on every node of the group."""

    key: str
    effect: TaintEffect = "NoSchedule"
    value: Optional[str] = None


@dataclass(frozen=True)
class InstanceGroup:
    """One HyperPod instance group.

    ``count`` is the instance count HyperPod keeps (with node autoscaling, the count it starts at and
    must be 0); ``max_count`` is the ceiling node autoscaling may reach (used for NodePool limits and the
    plan); ``mig_config`` is a stock layout name (``"all-3g.40gb"``) or a ``MigLayout``.
    """

    name: str
    instance_type: str
    _: KW_ONLY
    count: int = 1
    min_count: Optional[int] = None
    max_count: Optional[int] = None
    threads_per_core: Optional[int] = None
    ebs_volume_gib: Optional[int] = None
    deep_health_checks: tuple[str, ...] = Frozen(())
    labels: Mapping[str, str] = Frozen({})
    taints: tuple[Taint, ...] = Frozen(())
    training_plan_arn: Optional[str] = None
    capacity_type: Optional[CapacityType] = None
    image_id: Optional[str] = None
    mig_config: Union[str, MigLayout, None] = None

    def __post_init__(self) -> None:
        where = f"instance group {self.name!r}"
        check_fields(self, where)
        require(bool(limits.INSTANCE_GROUP_NAME_PATTERN.match(self.name)) and len(self.name) <= limits.INSTANCE_GROUP_NAME_MAX,
                where, "name", self.name,
                "1-63 letters, digits and hyphens, starting and ending with a letter or digit")
        require_hyperpod_instance_type(self.instance_type, where, "instance_type")
        _check_count(where, "count", self.count)
        if self.min_count is not None:
            _check_count(where, "min_count", self.min_count)
            require(self.min_count <= self.count, where, "min_count", self.min_count,
                    f"at most count ({self.count})")
        if self.max_count is not None:
            _check_count(where, "max_count", self.max_count)
            require(self.max_count >= self.count, where, "max_count", self.max_count,
                    f"at least count ({self.count})")
        if self.threads_per_core is not None:
            require(self.threads_per_core in limits.THREADS_PER_CORE, where, "threads_per_core",
                    self.threads_per_core, "1 or 2")
        if self.ebs_volume_gib is not None:
            require(limits.EBS_VOLUME_GIB_MIN <= self.ebs_volume_gib <= limits.EBS_VOLUME_GIB_MAX, where,
                    "ebs_volume_gib", self.ebs_volume_gib, "1-16384 GiB")
        for index, check in enumerate(self.deep_health_checks):
            require_one_of(check, limits.DEEP_HEALTH_CHECKS, where, f"deep_health_checks[{index}]")
        require(len(set(self.deep_health_checks)) == len(self.deep_health_checks), where, "deep_health_checks",
                self.deep_health_checks, f"each of {limits.DEEP_HEALTH_CHECKS} at most once")
        for key, value in self.labels.items():
            _check_label(where, key, value)
        require(len(self.taints) <= limits.TAINTS_MAX, where, "taints", f"{len(self.taints)} taints",
                f"at most {limits.TAINTS_MAX}")
        for index, taint in enumerate(self.taints):
            _check_taint(where, index, taint)
        if self.training_plan_arn is not None:
            require(bool(limits.TRAINING_PLAN_ARN_PATTERN.match(self.training_plan_arn)), where,
                    "training_plan_arn", self.training_plan_arn,
                    "arn:aws:sagemaker:<region>:<account>:training-plan/<name>")
        if self.capacity_type is not None:
            require_one_of(self.capacity_type, CAPACITY_TYPES, where, "capacity_type")
        if self.mig_config is not None:
            self.mig_layout.validate_for(self.instance_type, where)
        if self.image_id is not None:
            require(bool(limits.IMAGE_ID_PATTERN.match(self.image_id)), where, "image_id", self.image_id,
                    "ami-<8-17 hex digits> or 'default'")

    @property
    def info(self) -> InstanceTypeInfo:
        info = instance_type(self.instance_type)
        assert info is not None  # checked in __post_init__
        return info

    @functools.cached_property
    def mig_layout(self) -> Optional[MigLayout]:
        """``mig_config`` as a MigLayout (stock names resolved), or None without MIG; resolved once per group
        (the platform asks for it per endpoint)."""
        if self.mig_config is None:
            return None
        return as_mig_layout(self.mig_config, f"instance group {self.name!r}", instance_type=self.instance_type)

    @property
    def ceiling(self) -> int:
        """The most instances this group can have: ``max_count`` when autoscaled, else ``count``."""
        return self.max_count if self.max_count is not None else self.count


def _check_count(where: str, name: str, value: int) -> None:
    require(isinstance(value, int) and 0 <= value <= limits.INSTANCE_COUNT_MAX, where, name, value,
            f"an integer from 0 to {limits.INSTANCE_COUNT_MAX}")


def _check_label(where: str, key: str, value: str) -> None:
    prefix, _, name = key.rpartition("/")
    require(bool(limits.LABEL_KEY_PATTERN.match(key)) and len(name) <= limits.LABEL_NAME_MAX
            and len(prefix) <= limits.LABEL_PREFIX_MAX, where, f"labels[{key!r}]", key,
            "a Kubernetes label key: optional DNS prefix (<=253) and '/', then a name of <=63 alphanumerics, '-', '_', '.'")
    require(isinstance(value, str) and len(value) <= limits.LABEL_VALUE_MAX
            and bool(limits.LABEL_VALUE_PATTERN.match(value)), where, f"labels[{key!r}]", value,
            "a Kubernetes label value: <=63 alphanumerics, '-', '_', '.', starting and ending alphanumeric")


def _check_taint(where: str, index: int, taint: Taint) -> None:
    require(len(taint.key) <= limits.TAINT_KEY_MAX and bool(limits.TAINT_KEY_PATTERN.match(taint.key)), where,
            f"taints[{index}].key", taint.key, "a Kubernetes taint key of at most 317 characters")
    if taint.value is not None:
        require(1 <= len(taint.value) <= limits.TAINT_VALUE_MAX and bool(limits.TAINT_VALUE_PATTERN.match(taint.value)),
                where, f"taints[{index}].value", taint.value, "1-63 alphanumerics, '-', '_', '.'")
    require_one_of(taint.effect, limits.TAINT_EFFECTS, where, f"taints[{index}].effect")
