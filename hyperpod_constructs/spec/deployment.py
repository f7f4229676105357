"""What every model deployment (custom or JumpStart) answers the same way: replicas, MIG slice, namespace."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .mig import normalize_partition

if TYPE_CHECKING:
    from .autoscaling import Autoscaling
    from .platform_view import PlatformView


class DeploymentReplicas:
    """Mixed into ``InferenceEndpoint`` and ``JumpStartEndpoint`` (frozen dataclasses with these fields)."""

    name: str
    autoscaling: Optional[Autoscaling]
    replicas: Optional[int]
    accelerator_partition: Optional[str]
    namespace: Optional[str]

    @property
    def where(self) -> str:
        return f"endpoint {self.name!r}"

    @property
    def max_pods(self) -> int:
        """Pods at the ceiling: autoscaling's max_replicas, else replicas (CRD default 1)."""
        if self.autoscaling is not None:
            return self.autoscaling.max_replicas
        return self.replicas if self.replicas is not None else 1

    @property
    def min_pods(self) -> int:
        """Pods at the floor: autoscaling's min_replicas (0 = scale to zero), else replicas (CRD default 1)."""
        if self.autoscaling is not None:
            return self.autoscaling.min_replicas
        return self.replicas if self.replicas is not None else 1

    @property
    def partition_profile(self) -> Optional[str]:
        """The MIG profile per pod without the prefix (``"3g.40gb"``), or None."""
        if self.accelerator_partition is None:
            return None
        return normalize_partition(self.accelerator_partition, self.where)

    def resolved_namespace(self, view: PlatformView) -> str:
        return self.namespace or view.namespace
