"""AMI auto-patching of an instance group (``InstanceGroups[].AutoPatchConfig``).

HyperPod applies security-only, patch-level AMI updates to the group's nodes as they become idle, in batches, and
rolls an update back when one of the given CloudWatch alarms goes into ALARM. The fields and their ranges are those
of ``AWS::SageMaker::Cluster`` (cfn-lint 1.58.0's schema: ``AutoPatchConfig``, ``DeploymentConfig``,
``RollingUpdatePolicy``, ``CapacitySizeConfig``, ``AlarmDetails``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional, Sequence, get_args

from ..errors import require, require_one_of
from ..type_checks import check_fields
from .frozen import Frozen

PatchingStrategy = Literal["WhenIdle", "WhenAllIdle"]
PATCHING_STRATEGIES: tuple[str, ...] = get_args(PatchingStrategy)
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
    """``"WhenIdle"`` or ``"WhenAllIdle"`` (``PatchingStrategy``).
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

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require_one_of(self.strategy, PATCHING_STRATEGIES, where, "strategy")
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
        return ", ".join(parts)
