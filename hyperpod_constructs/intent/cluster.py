"""Cluster-wide HyperPod settings: name, node recovery, provisioning mode, tiered storage."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from ..catalog import limits
from ..errors import require
from ..type_checks import check_fields

NodeRecovery = Literal["Automatic", "None"]


@dataclass(frozen=True, kw_only=True)
class TieredStorage:
    """HyperPod managed tiered storage (backs KV-cache L2 ``tieredstorage`` and tiered checkpointing)."""

    enabled: bool = True
    memory_percent: Optional[int] = None  # InstanceMemoryAllocationPercentage

    def __post_init__(self) -> None:
        if self.memory_percent is not None:
            low, high = limits.TIERED_STORAGE_PERCENT
            require(isinstance(self.memory_percent, int) and low <= self.memory_percent <= high, "tiered_storage",
                    "memory_percent", self.memory_percent, f"an integer percentage from {low} to {high}")


@dataclass(frozen=True, kw_only=True)
class ClusterSettings:
    name: Optional[str] = None
    node_recovery: NodeRecovery = "Automatic"
    # HyperPod's only provisioning mode; required by Karpenter autoscaling and MIG. None omits it.
    node_provisioning_mode: Optional[str] = "Continuous"
    tiered_storage: Optional[TieredStorage] = None

    def __post_init__(self) -> None:
        check_fields(self, "cluster")
        if self.name is not None:
            require(bool(limits.CLUSTER_NAME_PATTERN.match(self.name)), "cluster", "name", self.name,
                    "1-63 letters, digits and hyphens, starting with a letter or digit")
        require(self.node_recovery in ("Automatic", "None"), "cluster", "node_recovery", self.node_recovery,
                "'Automatic' or 'None'")
        require(self.node_provisioning_mode in (None, "Continuous"), "cluster", "node_provisioning_mode",
                self.node_provisioning_mode, "'Continuous' (the only mode HyperPod offers) or None")

    @property
    def tiered_storage_enabled(self) -> bool:
        return self.tiered_storage is not None and self.tiered_storage.enabled
