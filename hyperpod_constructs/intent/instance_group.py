"""Typed HyperPod instance groups, validated against HyperPod's rules before any CDK call."""
from __future__ import annotations

import functools
from dataclasses import KW_ONLY, dataclass
from typing import Literal, Mapping, Optional, Union, get_args

from ..error_output import record_declaration
from ..catalog import limits
from ..catalog.instance_types import InstanceTypeInfo, instance_type
from ..errors import require, require_one_of
from .frozen import Frozen
from ..type_checks import check_fields
from .arns import TRAINING_PLAN, check_arn
from .auto_patch import AutoPatch
from .mig import MigLayout, as_mig_layout
from .names import require_hyperpod_instance_type

CapacityType = Literal["on-demand", "spot"]
CAPACITY_TYPES = get_args(CapacityType)
TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]


@dataclass(frozen=True)
class Taint:
    """A Kubernetes taint HyperPod puts on every node of the group."""

    key: str
    """The taint key (a Kubernetes taint key of at most 317 characters).
    Required."""
    effect: TaintEffect = "NoSchedule"
    """What the taint does to pods that do not tolerate it: ``"NoSchedule"``, ``"PreferNoSchedule"`` or
    ``"NoExecute"``.
    Default: ``"NoSchedule"``."""
    value: Optional[str] = None
    """The taint value (1-63 alphanumerics, ``-``, ``_``, ``.``).
    Default: None (no value)."""


@dataclass(frozen=True)
class InstanceGroup:
    """One HyperPod instance group.

    ``count`` is the instance count HyperPod keeps (with node autoscaling, the count it starts at and
    must be 0); ``max_count`` is the ceiling node autoscaling may reach (used for NodePool limits and the
    plan); ``mig_config`` is a stock layout name (``"all-3g.40gb"``) or a ``MigLayout``.

    Example:
        >>> from hyperpod_constructs import InstanceGroup
        >>> InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb").mig_layout.name
        'all-3g.40gb'
        >>> InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=4).max_count
        4
    """

    name: str
    """The instance group's name (1-63 letters, digits and hyphens), unique in the cluster.
    Required."""
    instance_type: str
    """The SageMaker instance type of every node, e.g. ``"ml.p5.48xlarge"`` (from the catalog).
    Required."""
    _: KW_ONLY
    count: int = 1
    """The instance count HyperPod keeps (``InstanceCount``, 0-6758); with node autoscaling, the count it starts at.
    Default: 1."""
    min_count: Optional[int] = None
    """The fewest instances HyperPod must provision for the group (``MinInstanceCount``), at most ``count``.
    Default: None (omitted)."""
    max_count: Optional[int] = None
    """The ceiling node autoscaling may reach, at least ``count``; used for the NodePool limits and the plan.
    Default: None (``count``: the group does not grow)."""
    threads_per_core: Optional[int] = None
    """1 turns simultaneous multithreading off, 2 keeps it (``ThreadsPerCore``).
    Default: None (omitted: the instance type's default)."""
    ebs_volume_gib: Optional[int] = None
    """An extra EBS volume per node, in GiB (1-16384).
    Default: None (no extra volume)."""
    deep_health_checks: tuple[str, ...] = Frozen(())
    """Deep health checks HyperPod runs when a node starts: up to two of ``"InstanceStress"`` and
    ``"InstanceConnectivity"``.
    Default: none."""
    labels: Mapping[str, str] = Frozen({})
    """Kubernetes labels on every node of the group (``nvidia.com/mig.config`` is added for a MIG layout).
    Default: none."""
    taints: tuple[Taint, ...] = Frozen(())
    """Kubernetes taints on every node of the group (at most 50).
    Default: none."""
    training_plan_arn: Optional[str] = None
    """A SageMaker training plan whose reserved capacity the group uses
    (``arn:aws:sagemaker:<region>:<account>:training-plan/<name>``).
    Default: None (no training plan)."""
    capacity_type: Optional[CapacityType] = None
    """``"on-demand"`` or ``"spot"`` capacity (``CapacityRequirements``).
    Default: None (omitted: HyperPod's on-demand)."""
    image_id: Optional[str] = None
    """A custom AMI (``ami-...``) or ``"default"`` for the nodes (``ImageId``).
    Default: None (omitted: HyperPod's default image)."""
    image_release_version: Optional[str] = None
    """The HyperPod-managed AMI release to run, ``MAJOR.MINOR.PATCH`` such as ``"1.2.3"`` (``ImageReleaseVersion``;
    not with a custom ``image_id``). Changing it updates the group's software. ``auto_patch`` (and a software update
    run outside CloudFormation) can move the nodes past it; CloudFormation does not move them back and may report
    the property as drifted.
    Default: None (omitted: the latest release when the group is created)."""
    auto_patch: Optional[AutoPatch] = None
    """Security-only AMI patches HyperPod applies when nodes are idle, rolling and with rollback (``AutoPatchConfig``).
    Default: None (no automatic patching)."""
    mig_config: Union[str, MigLayout, None] = None
    """The MIG layout of every node: a stock layout name (``"all-3g.40gb"``) or a ``MigLayout``; the instance type must
    support MIG.
    Default: None (no MIG: whole GPUs)."""

    def __post_init__(self) -> None:
        record_declaration(self)  # a problem with the group found later names this statement
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
            check_arn(where, "training_plan_arn", self.training_plan_arn, TRAINING_PLAN)
        if self.capacity_type is not None:
            require_one_of(self.capacity_type, CAPACITY_TYPES, where, "capacity_type")
        if self.mig_config is not None:
            self.mig_layout.validate_for(self.instance_type, where)
        if self.image_id is not None:
            require(bool(limits.IMAGE_ID_PATTERN.match(self.image_id)), where, "image_id", self.image_id,
                    "ami-<8-17 hex digits> or 'default'")
        if self.image_release_version is not None:
            _check_release_version(where, self.image_release_version, self.image_id)

    @property
    def pinned_ami_can_drift(self) -> bool:
        """A pinned ``image_release_version`` that ``auto_patch`` moves past: CloudFormation may report drift."""
        return self.image_release_version is not None and self.auto_patch is not None

    @property
    def info(self) -> InstanceTypeInfo:
        """The catalog's facts about ``instance_type`` (GPUs, vCPUs, memory, EFA)."""
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


def _check_release_version(where: str, version: str, image_id: Optional[str]) -> None:
    require(isinstance(version, str) and limits.IMAGE_RELEASE_VERSION_MIN <= len(version) <= limits.IMAGE_RELEASE_VERSION_MAX
            and bool(limits.IMAGE_RELEASE_VERSION_PATTERN.match(version)), where, "image_release_version", version,
            "a HyperPod AMI release MAJOR.MINOR.PATCH, such as '1.2.3'")
    # The release version names a HyperPod-managed AMI; a custom AMI has none.
    require(image_id is None or image_id == "default", where, "image_release_version", version,
            f"no release version with the custom AMI image_id={image_id!r}: the version names a HyperPod-managed AMI "
            "(drop image_id, or set it to 'default')")


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
