"""AMI auto-patching of an instance group (``InstanceGroups[].AutoPatchConfig``).

HyperPod applies security-only, patch-level AMI updates to the group's nodes as they become idle, in batches, and
rolls an update back when one of the given CloudWatch alarms goes into ALARM. The fields and their ranges are those
of ``AWS::SageMaker::Cluster`` (cfn-lint 1.58.0's schema: ``AutoPatchConfig``, ``DeploymentConfig``,
``RollingUpdatePolicy``, ``CapacitySizeConfig``, ``AlarmDetails``).

``"DrainFirst"`` and its ``DrainPolicy`` are the SageMaker API's only (``ClusterAutoPatchConfig`` in botocore 1.44.5
and later): CloudFormation's schema still offers ``WhenIdle`` and ``WhenAllIdle``. A DrainFirst group therefore
renders no ``AutoPatchConfig`` in the template, and the strategy is applied after deploy by
``python -m hyperpod_constructs.patching`` (``UpdateCluster`` on that one group; docs/deploy.md says what
CloudFormation's drift detection and the project's diff then report).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional, Sequence, get_args

from ..errors import require, require_one_of
from ..type_checks import check_fields
from .frozen import Frozen

PatchingStrategy = Literal["WhenIdle", "WhenAllIdle", "DrainFirst"]
PATCHING_STRATEGIES: tuple[str, ...] = get_args(PatchingStrategy)
IDLE_STRATEGIES: tuple[str, ...] = ("WhenIdle", "WhenAllIdle")  # CloudFormation's enum; they wait for idle nodes
DRAIN_FIRST = "DrainFirst"  # API only: cordon, evict, patch in batches
OnDrainTimeout = Literal["Skip", "Force"]
ON_DRAIN_TIMEOUT: tuple[str, ...] = get_args(OnDrainTimeout)
DRAIN_TIMEOUT_MAX = 5400  # ClusterDrainPolicy.DrainTimeoutInSeconds: 0-5400
DRAIN_TIMEOUT_DEFAULT = 3600  # the API's default when DrainPolicy leaves it out
BatchUnit = Literal["instances", "percent"]
BATCH_UNITS: tuple[str, ...] = get_args(BatchUnit)
WAIT_SECONDS_MAX = 3600  # DeploymentConfig.WaitIntervalInSeconds: 0-3600
ROLLBACK_ALARMS_MAX = 10  # AutoRollbackConfiguration: 1-10 alarms
ALARM_NAME_MAX = 256  # AlarmDetails.AlarmName: 1-256 characters, not only blanks
_NOT_BLANK = re.compile(r"(?!\s*$).+")


@dataclass(frozen=True)
class BatchSize:
    """How many of the group's instances one step of a rolling AMI update takes (``CapacitySizeConfig``). Build with
    ``BatchSize.instances(n)`` or ``BatchSize.percent(p)``."""

    value: int
    """The number of instances, or the percentage of the group's instances (1-100).
    Required."""
    unit: BatchUnit = "instances"
    """``"instances"`` (``INSTANCE_COUNT``) or ``"percent"`` (``CAPACITY_PERCENTAGE``).
    Default: ``"instances"``."""

    @staticmethod
    def instances(count: int) -> "BatchSize":
        """``count`` instances at a time."""
        return BatchSize(count, "instances")

    @staticmethod
    def percent(share: int) -> "BatchSize":
        """``share`` percent of the group's instances at a time (1-100)."""
        return BatchSize(share, "percent")

    def __post_init__(self) -> None:
        where = type(self).__name__
        require_one_of(self.unit, BATCH_UNITS, where, "unit")
        valid_int = isinstance(self.value, int) and not isinstance(self.value, bool)
        if self.unit == "percent":
            require(valid_int and 1 <= self.value <= 100, where, "value", self.value,
                    "a whole percentage from 1 to 100")
        else:
            require(valid_int and self.value >= 1, where, "value", self.value, "a whole number of instances, at least 1")

    def describe(self) -> str:
        """``"2 instances"`` or ``"25%"``, as the plan writes it."""
        return f"{self.value}%" if self.unit == "percent" else f"{self.value} instance{'s' if self.value != 1 else ''}"


@dataclass(frozen=True, kw_only=True)
class AutoPatch:
    """Security-only, patch-level AMI updates HyperPod applies to the group's nodes when they are idle.

    ``strategy="WhenIdle"`` cordons every node and patches each one as it becomes idle; ``"WhenAllIdle"`` waits until
    all of them are idle, and patches none if they never are. ``batch_size``, ``wait_seconds`` and ``rollback_alarms``
    make the update rolling: that many nodes at a time, a pause between batches, and a rollback when an alarm fires
    during the pause (the execution role can read alarms: ``cloudwatch:DescribeAlarms``).
    """

    strategy: PatchingStrategy
    """``"WhenIdle"``, ``"WhenAllIdle"`` or ``"DrainFirst"`` (``PatchingStrategy``). The idle strategies never patch a
    node that never becomes idle (a node serving an endpoint's minimum replicas); ``"DrainFirst"`` cordons the nodes of
    a batch, evicts their pods and patches them, and is applied after deploy (the SageMaker API has it, CloudFormation
    does not).
    Required."""
    batch_size: Optional[BatchSize] = None
    """How many nodes each batch patches (``RollingUpdatePolicy.MaximumBatchSize``).
    Default: None (HyperPod's default batching)."""
    rollback_batch_size: Optional[BatchSize] = None
    """How many nodes each batch of a rollback restores (``RollingUpdatePolicy.RollbackMaximumBatchSize``); needs
    ``batch_size``.
    Default: None (HyperPod's default)."""
    wait_seconds: Optional[int] = None
    """Seconds HyperPod waits between batches, watching the alarms (``WaitIntervalInSeconds``, 0-3600).
    Default: None (HyperPod's default)."""
    rollback_alarms: Sequence[str] = Frozen(())
    """Names of CloudWatch alarms that roll the update back when they go into ALARM (``AutoRollbackConfiguration``,
    at most 10).
    Default: none (no automatic rollback)."""
    drain_timeout_s: Optional[int] = None
    """How long a DrainFirst batch waits for a node's pods to be evicted (``DrainPolicy.DrainTimeoutInSeconds``,
    0-5400); only with ``"DrainFirst"``. Checked at synth against the cold start of the endpoints the group serves.
    Default: None (the API's 3600 s)."""
    on_drain_timeout: Optional[OnDrainTimeout] = None
    """What a DrainFirst batch does when the drain times out (``DrainPolicy.OnDrainTimeout``): ``"Skip"`` leaves the
    node unpatched, ``"Force"`` deletes its pods without respecting PodDisruptionBudgets; only with ``"DrainFirst"``.
    Default: None (the API's ``"Skip"``)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require_one_of(self.strategy, PATCHING_STRATEGIES, where, "strategy")
        if self.strategy == DRAIN_FIRST:
            require(self.batch_size is not None, where, "batch_size", None,
                    "a BatchSize with strategy='DrainFirst' (the API requires RollingUpdatePolicy.MaximumBatchSize: "
                    "how many nodes are cordoned and drained at once), e.g. batch_size=BatchSize.instances(1)")
        else:
            for name in ("drain_timeout_s", "on_drain_timeout"):
                require(getattr(self, name) is None, where, name, getattr(self, name),
                        "only with strategy='DrainFirst' (a drain policy applies to DrainFirst only)")
        if self.drain_timeout_s is not None:
            require(isinstance(self.drain_timeout_s, int) and not isinstance(self.drain_timeout_s, bool)
                    and 0 <= self.drain_timeout_s <= DRAIN_TIMEOUT_MAX, where, "drain_timeout_s",
                    self.drain_timeout_s, f"whole seconds from 0 to {DRAIN_TIMEOUT_MAX}")
        if self.on_drain_timeout is not None:
            require_one_of(self.on_drain_timeout, ON_DRAIN_TIMEOUT, where, "on_drain_timeout")
        require(self.rollback_batch_size is None or self.batch_size is not None, where, "rollback_batch_size",
                self.rollback_batch_size, "only with batch_size (a rolling update policy needs its batch size)")
        if self.wait_seconds is not None:
            require(isinstance(self.wait_seconds, int) and not isinstance(self.wait_seconds, bool)
                    and 0 <= self.wait_seconds <= WAIT_SECONDS_MAX, where, "wait_seconds", self.wait_seconds,
                    f"whole seconds from 0 to {WAIT_SECONDS_MAX}")
        require(len(self.rollback_alarms) <= ROLLBACK_ALARMS_MAX, where, "rollback_alarms",
                f"{len(self.rollback_alarms)} alarms", f"at most {ROLLBACK_ALARMS_MAX}")
        for index, alarm in enumerate(self.rollback_alarms):
            require(isinstance(alarm, str) and 1 <= len(alarm) <= ALARM_NAME_MAX and bool(_NOT_BLANK.match(alarm)),
                    where, f"rollback_alarms[{index}]", alarm,
                    f"a CloudWatch alarm name of 1-{ALARM_NAME_MAX} characters, not only blanks")

    @property
    def in_cloudformation(self) -> bool:
        """Whether ``AWS::SageMaker::Cluster`` can express this patching (DrainFirst: applied after deploy)."""
        return self.strategy in IDLE_STRATEGIES

    @property
    def effective_drain_timeout_s(self) -> int:
        """The drain timeout HyperPod uses: the one given, else the API's default."""
        return DRAIN_TIMEOUT_DEFAULT if self.drain_timeout_s is None else self.drain_timeout_s

    @property
    def effective_on_drain_timeout(self) -> str:
        """What a timed-out drain does: the one given, else the API's ``"Skip"``."""
        return "Skip" if self.on_drain_timeout is None else self.on_drain_timeout

    def describe(self) -> str:
        """One line for the plan: ``"WhenIdle, 1 instance at a time, 300 s apart, rollback on 2 alarms"``."""
        parts = [self.strategy]
        if self.batch_size is not None:
            parts.append(f"{self.batch_size.describe()} at a time")
        if self.wait_seconds is not None:
            parts.append(f"{self.wait_seconds} s apart")
        if self.rollback_alarms:
            count = len(self.rollback_alarms)
            parts.append(f"rollback on {count} alarm{'s' if count != 1 else ''}")
        if self.strategy == DRAIN_FIRST:
            parts.append(f"drain {self.effective_drain_timeout_s} s then {self.effective_on_drain_timeout}, "
                         "applied after deploy")
        return ", ".join(parts)
