"""hyperpod-constructs: LLM inference on Amazon SageMaker HyperPod (EKS) as typed CDK + cdk8s constructs.

Imports are lazy (PEP 562): ``from hyperpod_constructs import InstanceGroup`` loads only the intent layer, and
the pure-Python parts (catalog, intent, planner, observability queries) never start jsii's Node process; a CDK
class such as ``HyperPodInferencePlatform`` loads aws-cdk-lib on first use.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .error_output import install as _install_error_output

_install_error_output()  # an uncaught error of this library prints its message, not a traceback

# Module (relative to this package) -> the public names it defines. Keep in step with the TYPE_CHECKING
# imports below (a test compares them).
_EXPORTED_BY_MODULE: dict[str, tuple[str, ...]] = {
    ".aws.hyperpod_dependencies": ("HyperPodDependencies", "HyperPodHelmChart"),
    ".aws.inference_operator": ("InferenceOperatorOptions",),
    ".aws.kubectl_handler": ("KubectlHandler",),
    ".aws.manifest_delivery": ("ManifestDelivery",),
    ".aws.observability": ("InferenceObservability",),
    ".aws.storage_drivers": ("StorageDriverRoles",),
    ".errors": ("HyperPodProblems", "HyperPodValidationError", "HyperPodTypeError"),
    ".k8s.mig_config": ("mig_config_map",),
    ".planner": ("MigDemand", "MigPlan", "plan_mig"),
    ".platform": ("HyperPodInferencePlatform", "Plan", "CostReport"),
    ".platform.deployments": ("ChartDeployment", "EndpointDeployment"),
    ".prices": ("Prices",),
    ".intent.api_endpoint": ("ApiEndpoint",),
    ".intent.autoscaling": ("Autoscaling", "CloudWatchTrigger", "PrometheusTrigger"),
    ".intent.cluster": ("ClusterSettings", "Eks", "TieredStorage"),
    ".intent.data_capture": ("CaptureMode", "DataCapture"),
    ".intent.disaggregation": ("DisaggregatedServing", "DisaggregatedWorker", "Topology"),
    ".intent.endpoint": ("InferenceEndpoint",),
    ".intent.endpoint_options": ("HttpProbe", "LoadBalancer", "Metrics", "Probes", "RequestLimits", "RoutingAlgorithm",
        "Tag", "Tls"),
    ".intent.instance_group": ("InstanceGroup", "Taint"),
    ".intent.jumpstart": ("JumpStartEndpoint",),
    ".intent.keda_workload": ("ScaledWorkload",),
    ".intent.kv_cache": ("KvCache", "L2Cache"),
    ".intent.mig": ("MigLayout",),
    ".intent.model_size": ("ModelSize",),
    ".intent.model_source": ("ModelSource", "SecretKeyRef"),
    ".intent.model_store": ("ModelStore",),
    ".intent.node_autoscaling": ("Disruption", "DisruptionBudget", "NodeAutoscaling", "NodePoolLimits", "NodePoolSpec",
        "NodeRequirement"),
    ".intent.network": ("Network",),
    ".intent.platform_model": ("PodDemand", "ResolvedEndpoint", "ResolvedPlatform"),
    ".intent.observability": ("GrafanaWorkspace", "Observability", "ObservabilityMetrics", "PrometheusWorkspace"),
    ".intent.routing": ("IntelligentRouting", "Routing"),
    ".intent.slo": ("EndpointSlos", "ErrorRateSlo", "LatencySlo", "NoReadyPodsSlo", "ReplicasAtMaxSlo", "TtfbSlo"),
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
    from .aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
    from .aws.inference_operator import InferenceOperatorOptions
    from .aws.kubectl_handler import KubectlHandler
    from .aws.manifest_delivery import ManifestDelivery
    from .aws.observability import InferenceObservability
    from .aws.storage_drivers import StorageDriverRoles
    from .errors import HyperPodProblems, HyperPodValidationError, HyperPodTypeError
    from .k8s.mig_config import mig_config_map
    from .planner import MigDemand, MigPlan, plan_mig
    from .platform import HyperPodInferencePlatform, Plan, CostReport
    from .platform.deployments import ChartDeployment, EndpointDeployment
    from .prices import Prices
    from .intent.api_endpoint import ApiEndpoint
    from .intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
    from .intent.cluster import ClusterSettings, Eks, TieredStorage
    from .intent.data_capture import CaptureMode, DataCapture
    from .intent.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
    from .intent.endpoint import InferenceEndpoint
    from .intent.endpoint_options import (
        HttpProbe, LoadBalancer, Metrics, Probes, RequestLimits, RoutingAlgorithm, Tag, Tls)
    from .intent.instance_group import InstanceGroup, Taint
    from .intent.jumpstart import JumpStartEndpoint
    from .intent.keda_workload import ScaledWorkload
    from .intent.kv_cache import KvCache, L2Cache
    from .intent.mig import MigLayout
    from .intent.model_size import ModelSize
    from .intent.model_source import ModelSource, SecretKeyRef
    from .intent.model_store import ModelStore
    from .intent.node_autoscaling import (
        Disruption, DisruptionBudget, NodeAutoscaling, NodePoolLimits, NodePoolSpec, NodeRequirement)
    from .intent.network import Network
    from .intent.platform_model import PodDemand, ResolvedEndpoint, ResolvedPlatform
    from .intent.observability import GrafanaWorkspace, Observability, ObservabilityMetrics, PrometheusWorkspace
    from .intent.routing import IntelligentRouting, Routing
    from .intent.slo import EndpointSlos, ErrorRateSlo, LatencySlo, NoReadyPodsSlo, ReplicasAtMaxSlo, TtfbSlo
