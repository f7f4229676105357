"""KEDA autoscaling for workloads the inference operator does not manage (a custom router, a batch consumer).

Operator endpoints scale through their own ``autoScalingSpec`` (``spec.autoscaling.Autoscaling``); anything
else gets a KEDA ``ScaledObject`` of its own, with the same trigger types and the same rules. KEDA reads
AMP / CloudWatch with the KEDA operator's AWS identity (``TriggerAuthentication`` with
``podIdentity.provider: aws``), so no credentials live in the cluster.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..errors import HyperPodValidationError, require
from .autoscaling import Autoscaling, Trigger
from .node_autoscaling import check_k8s_name
from .platform_view import PlatformView

DEFAULT_AUTHENTICATION_NAME = "keda-aws"
# Kinds KEDA can scale that this library knows the apiVersion of; others need target_api_version.
TARGET_API_VERSIONS = {"Deployment": "apps/v1", "StatefulSet": "apps/v1"}


@dataclass(frozen=True, kw_only=True)
class ScaledWorkload:
    """One KEDA ScaledObject over a Deployment / StatefulSet (or any kind with a ``scale`` subresource).

    Replica and timing fields mean what they mean in ``Autoscaling``; ``selector`` fills ``{selector}`` in
    helper-built PromQL queries (e.g. ``'pod=~"router-.*"'``). ``authentication_name`` is the
    TriggerAuthentication (in the same namespace) the triggers use.
    """

    name: str
    target_name: str
    namespace: str = "default"
    target_kind: str = "Deployment"
    target_api_version: Optional[str] = None
    min_replicas: int = 1
    max_replicas: int = 5
    polling_interval_s: Optional[int] = None
    cooldown_s: Optional[int] = None
    initial_cooldown_s: Optional[int] = None
    scale_up_stabilization_s: Optional[int] = None
    scale_down_stabilization_s: Optional[int] = None
    triggers: tuple[Trigger, ...] = ()
    trigger: Optional[Trigger] = None
    selector: Optional[str] = None
    authentication_name: str = DEFAULT_AUTHENTICATION_NAME

    def __post_init__(self) -> None:
        if self.trigger is not None:
            object.__setattr__(self, "triggers", (*tuple(self.triggers), self.trigger))
            object.__setattr__(self, "trigger", None)
        object.__setattr__(self, "triggers", tuple(self.triggers))
        where = self.where
        check_k8s_name(where, "name", self.name)
        check_k8s_name(where, "namespace", self.namespace)
        check_k8s_name(where, "authentication_name", self.authentication_name)
        require(isinstance(self.target_name, str) and bool(self.target_name), where, "target_name", self.target_name,
                "the name of the Deployment/StatefulSet to scale")
        require(self.target_kind in TARGET_API_VERSIONS or bool(self.target_api_version), where, "target_kind",
                self.target_kind, f"one of {tuple(TARGET_API_VERSIONS)}, or set target_api_version for other kinds")
        require(len(self.triggers) >= 1, where, "triggers", self.triggers,
                "at least one PrometheusTrigger or CloudWatchTrigger (a ScaledObject without triggers never scales)")
        if self.polling_interval_s is not None:
            # KEDA's ScaledObject CRD: pollingInterval minimum 1 (the operator's autoScalingSpec allows 0).
            require(isinstance(self.polling_interval_s, int) and self.polling_interval_s >= 1, where,
                    "polling_interval_s", self.polling_interval_s, "a whole number of seconds, at least 1")
        self.autoscaling  # same replica / timing / trigger rules as operator endpoints, reported for this workload

    @property
    def where(self) -> str:
        return f"scaled workload {self.namespace}/{self.name}"

    @property
    def autoscaling(self) -> Autoscaling:
        try:
            return Autoscaling(
                min_replicas=self.min_replicas, max_replicas=self.max_replicas,
                polling_interval_s=self.polling_interval_s, cooldown_s=self.cooldown_s,
                initial_cooldown_s=self.initial_cooldown_s, scale_up_stabilization_s=self.scale_up_stabilization_s,
                scale_down_stabilization_s=self.scale_down_stabilization_s, triggers=self.triggers,
            )
        except HyperPodValidationError as error:
            raise HyperPodValidationError(self.where, error.field, error.value, error.allowed) from None

    @property
    def api_version(self) -> str:
        return self.target_api_version or TARGET_API_VERSIONS[self.target_kind]

    def check(self, view: PlatformView) -> list[str]:
        """Cross-resource problems (a Prometheus trigger with no AMP query URL)."""
        return self.autoscaling.check(view, self.where)

    def warnings(self) -> list[str]:
        return self.autoscaling.warnings(self.where)
