"""hyperpod-constructs: LLM inference on Amazon SageMaker HyperPod (EKS) as typed CDK + cdk8s constructs.

Imports are lazy (PEP 562): ``from hyperpod_constructs import InstanceGroup`` loads only the spec layer, and
the pure-Python parts (catalog, spec, planner, observability queries) never start jsii's Node process; a CDK
class such as ``HyperPodInferencePlatform`` loads aws-cdk-lib on first use.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Module (relative to this package) -> the public names it defines. Keep in step with the TYPE_CHECKING
# imports below (a test compares them).
_EXPORTED_BY_MODULE: dict[str, tuple[str, ...]] = {
    ".aws.eks": ("EksOptions", "ExistingEksCluster"),
    ".aws.hyperpod_dependencies": ("HyperPodDependencies", "HyperPodHelmChart"),
    ".aws.inference_operator": ("InferenceOperatorOptions",),
    ".aws.kubectl_handler": ("KubectlHandler",),
    ".aws.manifest_delivery": ("ManifestDelivery",),
    ".aws.observability": ("InferenceObservability",),
    ".aws.storage_drivers": ("StorageDriverRoles",),
    ".errors": ("HyperPodValidationError", "HyperPodTypeError"),
    ".k8s.endpoint_chart": ("EndpointChart",),
    ".k8s.karpenter": ("NodeAutoscalingChart",),
    ".k8s.keda": ("KedaChart",),
    ".k8s.mig_config": ("mig_config_map",),
    ".planner": ("MigDemand", "MigPlan", "plan_mig"),
    ".platform": ("HyperPodInferencePlatform", "Observability", "Plan", "CostReport"),
    ".prices": ("Prices",),
    ".spec.api_endpoint": ("ApiEndpoint",),
    ".spec.autoscaling": ("Autoscaling", "CloudWatchTrigger", "PrometheusTrigger"),
    ".spec.cluster": ("ClusterSettings", "TieredStorage"),
    ".spec.data_capture": ("CaptureMode", "DataCapture"),
    ".spec.disaggregation": ("DisaggregatedServing", "DisaggregatedWorker", "Topology"),
    ".spec.endpoint": ("InferenceEndpoint",),
    ".spec.endpoint_options": ("HttpProbe", "LoadBalancer", "Metrics", "Probes", "RequestLimits", "RoutingAlgorithm",
        "Tag", "Tls"),
    ".spec.instance_group": ("InstanceGroup", "Taint"),
    ".spec.jumpstart": ("JumpStartEndpoint",),
    ".spec.keda_workload": ("ScaledWorkload",),
    ".spec.kv_cache": ("KvCache", "L2Cache"),
    ".spec.mig": ("MigLayout",),
    ".spec.model_size": ("ModelSize",),
    ".spec.model_source": ("FsxFileSystem", "ModelSource", "SecretKeyRef"),
    ".spec.model_store": ("ModelStore",),
    ".spec.node_autoscaling": ("Disruption", "DisruptionBudget", "NodeAutoscaling", "NodePoolLimits", "NodePoolSpec",
        "NodeRequirement"),
    ".spec.observability": ("GrafanaWorkspace", "ObservabilityMetrics", "PrometheusWorkspace"),
    ".spec.routing": ("IntelligentRouting", "Routing"),
    ".spec.slo": ("EndpointSlos", "ErrorRateSlo", "LatencySlo", "NoReadyPodsSlo", "ReplicasAtMaxSlo", "TtfbSlo"),
}
_EXPORTS: dict[str, str] = {name: module for module, names in _EXPORTED_BY_MODULE.items() for name in names}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # static type checkers and IDEs see the eager imports
    from .aws.eks import EksOptions, ExistingEksCluster
    from .aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
    from .aws.inference_operator import InferenceOperatorOptions
    from .aws.kubectl_handler import KubectlHandler
    from .aws.manifest_delivery import ManifestDelivery
    from .aws.observability import InferenceObservability
    from .aws.storage_drivers import StorageDriverRoles
    from .errors import HyperPodValidationError, HyperPodTypeError
    from .k8s.endpoint_chart import EndpointChart
    from .k8s.karpenter import NodeAutoscalingChart
    from .k8s.keda import KedaChart
    from .k8s.mig_config import mig_config_map
    from .planner import MigDemand, MigPlan, plan_mig
    from .platform import HyperPodInferencePlatform, Observability, Plan, CostReport
    from .prices import Prices
    from .spec.api_endpoint import ApiEndpoint
    from .spec.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
    from .spec.cluster import ClusterSettings, TieredStorage
    from .spec.data_capture import CaptureMode, DataCapture
    from .spec.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
    from .spec.endpoint import InferenceEndpoint
    from .spec.endpoint_options import (
        HttpProbe, LoadBalancer, Metrics, Probes, RequestLimits, RoutingAlgorithm, Tag, Tls)
    from .spec.instance_group import InstanceGroup, Taint
    from .spec.jumpstart import JumpStartEndpoint
    from .spec.keda_workload import ScaledWorkload
    from .spec.kv_cache import KvCache, L2Cache
    from .spec.mig import MigLayout
    from .spec.model_size import ModelSize
    from .spec.model_source import FsxFileSystem, ModelSource, SecretKeyRef
    from .spec.model_store import ModelStore
    from .spec.node_autoscaling import (
        Disruption, DisruptionBudget, NodeAutoscaling, NodePoolLimits, NodePoolSpec, NodeRequirement)
    from .spec.observability import GrafanaWorkspace, ObservabilityMetrics, PrometheusWorkspace
    from .spec.routing import IntelligentRouting, Routing
    from .spec.slo import EndpointSlos, ErrorRateSlo, LatencySlo, NoReadyPodsSlo, ReplicasAtMaxSlo, TtfbSlo
