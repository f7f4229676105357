"""KEDA ScaledObject and TriggerAuthentication manifests for ``ScaledWorkload``s.

Rendered from ``ResolvedScaledWorkload`` records (``resolve.endpoint.resolve_scaled_workload``: triggers
final). The ``prometheus`` trigger reaches AMP with
SigV4 (``awsRegion`` + an ``authenticationRef`` to a TriggerAuthentication with ``podIdentity.provider:
aws``, which makes KEDA use its operator's own AWS identity, e.g. from an EKS Pod Identity association).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

import cdk8s

from ..resolve.records import CloudWatchTriggerRecord, PrometheusTriggerRecord, ResolvedScaledWorkload
from .api_objects import MANAGED_BY_LABEL, add_typed_object

KEDA_API_VERSION = "keda.sh/v1alpha1"
# operator autoScalingSpec metricType -> KEDA trigger metricType
_METRIC_TYPES = {"Average": "AverageValue", "Value": "Value"}


def render_trigger_authentication(name: str, namespace: str, role_arn: Optional[str] = None) -> dict[str, Any]:
    """KEDA authenticates to AWS as its own operator (``provider: aws``), or assumes ``role_arn`` from there."""
    pod_identity: dict[str, Any] = {"provider": "aws"}
    if role_arn:
        pod_identity["roleArn"] = role_arn
    return {
        "apiVersion": KEDA_API_VERSION, "kind": "TriggerAuthentication",
        "metadata": {"name": name, "namespace": namespace, "labels": dict(MANAGED_BY_LABEL)},
        "spec": {"podIdentity": pod_identity},
    }


def _number(value: float) -> str:
    """KEDA trigger metadata is strings; keep integers integral ('10', not '10.0')."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _prometheus_trigger(trigger: PrometheusTriggerRecord, workload: ResolvedScaledWorkload) -> dict[str, Any]:
    metadata: dict[str, str] = {}
    if trigger.server_address:  # without one, the platform's rule prometheus-trigger-server reports it at synth
        metadata["serverAddress"] = trigger.server_address
    metadata.update(query=trigger.query, threshold=_number(trigger.target_value), awsRegion=workload.region)
    if trigger.activation_target_value is not None:
        metadata["activationThreshold"] = _number(trigger.activation_target_value)
    if trigger.namespace is not None:
        metadata["namespace"] = trigger.namespace
    out: dict[str, Any] = {
        "type": "prometheus", "name": trigger.name, "metricType": _METRIC_TYPES[trigger.metric_type],
        "metadata": metadata, "authenticationRef": {"name": workload.authentication_name},
    }
    if trigger.use_cached_metrics is not None:
        out["useCachedMetrics"] = trigger.use_cached_metrics
    return out


def _cloudwatch_trigger(trigger: CloudWatchTriggerRecord, workload: ResolvedScaledWorkload) -> dict[str, Any]:
    metadata = {
        "namespace": trigger.namespace, "metricName": trigger.metric_name, "metricStat": trigger.metric_stat,
        "targetMetricValue": _number(trigger.target_value), "awsRegion": workload.region,
    }
    if trigger.dimensions:
        metadata["dimensionName"] = ";".join(name for name, _ in trigger.dimensions)
        metadata["dimensionValue"] = ";".join(value for _, value in trigger.dimensions)
    if trigger.activation_target_value is not None:
        metadata["activationTargetMetricValue"] = _number(trigger.activation_target_value)
    if trigger.min_value is not None:
        metadata["minMetricValue"] = _number(trigger.min_value)
    if trigger.metric_collection_period is not None:
        metadata["metricStatPeriod"] = str(trigger.metric_collection_period)
    if trigger.metric_collection_start_time is not None:
        metadata["metricCollectionTime"] = str(trigger.metric_collection_start_time)
    out: dict[str, Any] = {"type": "aws-cloudwatch", "name": trigger.name, "metadata": metadata,
                           "authenticationRef": {"name": workload.authentication_name}}
    if trigger.metric_type is not None:
        out["metricType"] = _METRIC_TYPES[trigger.metric_type]
    if trigger.use_cached_metrics is not None:
        out["useCachedMetrics"] = trigger.use_cached_metrics
    return out


def render_scaled_object(workload: ResolvedScaledWorkload) -> dict[str, Any]:
    scaling = workload.autoscaling
    spec: dict[str, Any] = {
        "scaleTargetRef": {"apiVersion": workload.target_api_version, "kind": workload.target_kind,
                           "name": workload.target_name},
        "minReplicaCount": scaling.min_replicas,
        "maxReplicaCount": scaling.max_replicas,
    }
    for key, value in (("pollingInterval", scaling.polling_interval_s), ("cooldownPeriod", scaling.cooldown_s),
                       ("initialCooldownPeriod", scaling.initial_cooldown_s)):
        if value is not None:
            spec[key] = value
    behavior: dict[str, Any] = {}
    if scaling.scale_up_stabilization_s is not None:
        behavior["scaleUp"] = {"stabilizationWindowSeconds": scaling.scale_up_stabilization_s}
    if scaling.scale_down_stabilization_s is not None:
        behavior["scaleDown"] = {"stabilizationWindowSeconds": scaling.scale_down_stabilization_s}
    if behavior:
        spec["advanced"] = {"horizontalPodAutoscalerConfig": {"behavior": behavior}}
    spec["triggers"] = [
        _prometheus_trigger(trigger, workload) if isinstance(trigger, PrometheusTriggerRecord)
        else _cloudwatch_trigger(trigger, workload)
        for trigger in scaling.triggers
    ]
    return {
        "apiVersion": KEDA_API_VERSION, "kind": "ScaledObject",
        "metadata": {"name": workload.name, "namespace": workload.namespace, "labels": dict(MANAGED_BY_LABEL)},
        "spec": spec,
    }


def render_keda(workloads: Iterable[ResolvedScaledWorkload], role_arn: Optional[str] = None) -> list[dict[str, Any]]:
    """One TriggerAuthentication per (namespace, name) in use, then one ScaledObject per workload."""
    workloads = tuple(workloads)  # unique names and targets: the platform model refuses duplicates
    auths: list[tuple[str, str]] = []
    for workload in workloads:
        key = (workload.namespace, workload.authentication_name)
        if key not in auths:
            auths.append(key)
    manifests = [render_trigger_authentication(name, namespace, role_arn) for namespace, name in auths]
    manifests.extend(render_scaled_object(workload) for workload in workloads)
    return manifests


def add_scaled_workloads(chart: cdk8s.Chart, workloads: Iterable[ResolvedScaledWorkload],
                         role_arn: Optional[str] = None) -> list[cdk8s.ApiObject]:
    """The TriggerAuthentications and ScaledObjects of ``workloads`` (``render_keda``), added to ``chart``."""
    return add_keda_objects(chart, render_keda(workloads, role_arn))


def add_keda_objects(chart: cdk8s.Chart, manifests: Iterable[Mapping[str, Any]]) -> list[cdk8s.ApiObject]:
    """KEDA manifests (from ``render_keda``) added to ``chart`` as the typed classes ``cdk8s import`` generated."""
    from .imports import keda_scaled_object as scaled, keda_trigger_authentication as auth  # jsii assemblies

    kinds = {"ScaledObject": (scaled.ScaledObject, scaled.ScaledObjectSpec),
             "TriggerAuthentication": (auth.TriggerAuthentication, auth.TriggerAuthenticationSpec)}
    return [add_typed_object(chart, *kinds[manifest["kind"]], manifest,
                             f"{manifest['kind']} {manifest['metadata']['name']!r}")
            for manifest in manifests]
