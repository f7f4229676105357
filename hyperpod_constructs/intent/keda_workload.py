"""KEDA autoscaling for workloads the inference operator does not manage (a custom router, a batch consumer).

Operator endpoints scale through their own ``autoScalingSpec`` (``spec.autoscaling.Autoscaling``); anything
else gets a KEDA ``ScaledObject`` of its own, with the same trigger types and the same rules. KEDA reads
AMP / CloudWatch with the KEDA operator's AWS identity (``TriggerAuthentication`` with
``podIdentity.provider: aws``), so no credentials live in the cluster.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..errors import HyperPodValidationError, one_of, require
from ..type_checks import check_fields
from .autoscaling import Autoscaling
from .names import check_k8s_name

DEFAULT_AUTHENTICATION_NAME = "keda-aws"
# Kinds KEDA can scale that this library knows the apiVersion of; others need target_api_version.
TARGET_API_VERSIONS = {"Deployment": "apps/v1", "StatefulSet": "apps/v1"}


@dataclass(frozen=True, kw_only=True)
class ScaledWorkload:
    """One KEDA ScaledObject over a Deployment / StatefulSet (or any kind with a ``scale`` subresource).

    ``autoscaling`` is the same ``Autoscaling`` operator endpoints take (replicas, timing, triggers, and the
    same rules); ``selector`` fills ``{selector}`` in helper-built PromQL queries (e.g. ``'pod=~"router-.*"'``).
    ``authentication_name`` is the TriggerAuthentication (in the same namespace) the triggers use.
    """

    name: str
    """The ScaledObject's name (a Kubernetes name), unique with ``namespace``.
    Required."""
    target_name: str
    """The name of the Deployment, StatefulSet or other object to scale.
    Required."""
    autoscaling: Autoscaling
    """Replicas, timing and triggers, as operator endpoints take them (at least one trigger; a CloudWatch trigger names
    its SageMaker endpoint).
    Required."""
    namespace: str = "default"
    """The namespace of the ScaledObject and its target.
    Default: ``"default"``."""
    target_kind: str = "Deployment"
    """The kind of the object to scale (it needs a ``scale`` subresource).
    Default: ``"Deployment"``."""
    target_api_version: Optional[str] = None
    """The apiVersion of ``target_kind``.
    Default: None (``apps/v1`` for Deployment and StatefulSet; other kinds must set it)."""
    selector: Optional[str] = None
    """The PromQL label selector that fills ``{selector}`` in helper-built queries, e.g. ``'pod=~"router-.*"'``.
    Default: None (queries with the placeholder are refused)."""
    authentication_name: str = DEFAULT_AUTHENTICATION_NAME
    """The KEDA TriggerAuthentication (in the same namespace) the triggers use: AWS pod identity of the KEDA operator.
    Default: ``"keda-aws"``."""

    def __post_init__(self) -> None:
        where = self.where
        check_fields(self, where)
        check_k8s_name(where, "name", self.name)
        check_k8s_name(where, "namespace", self.namespace)
        check_k8s_name(where, "authentication_name", self.authentication_name)
        require(isinstance(self.target_name, str) and bool(self.target_name), where, "target_name", self.target_name,
                "the name of the Deployment/StatefulSet to scale")
        if self.target_kind not in TARGET_API_VERSIONS and not self.target_api_version:
            kinds = one_of(self.target_kind, tuple(TARGET_API_VERSIONS))
            raise HyperPodValidationError(where, "target_kind", self.target_kind,
                                          f"{kinds}, or set target_api_version for other kinds")
        require(len(self.autoscaling.all_triggers) >= 1, where, "autoscaling.triggers", self.autoscaling.all_triggers,
                "at least one PrometheusTrigger or CloudWatchTrigger (a ScaledObject without triggers never scales)")
        for trigger in self.autoscaling.cloudwatch_triggers:
            require(trigger.is_bound, where, f"autoscaling.triggers[{trigger.name!r}].endpoint_name", None,
                    "the SageMaker endpoint whose metric scales this workload, passed explicitly: only an "
                    "InferenceEndpoint or JumpStartEndpoint binds invocations_per_instance() to itself")
        polling = self.autoscaling.polling_interval_s
        # KEDA's ScaledObject CRD: pollingInterval minimum 1 (the operator's autoScalingSpec allows 0).
        require(polling is None or polling >= 1, where, "autoscaling.polling_interval_s", polling,
                "a whole number of seconds, at least 1")

    @property
    def where(self) -> str:
        """How errors and warnings name this workload: ``scaled workload <namespace>/<name>``."""
        return f"scaled workload {self.namespace}/{self.name}"

    @property
    def api_version(self) -> str:
        """``target_api_version``, else the known apiVersion of ``target_kind``."""
        return self.target_api_version or TARGET_API_VERSIONS[self.target_kind]

    def warnings(self) -> list[str]:
        """Advice on the autoscaling (scale to zero that nothing wakes), each a CDK warning."""
        return self.autoscaling.warnings(self.where)
