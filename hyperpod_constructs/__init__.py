"""hyperpod-constructs: LLM inference on Amazon SageMaker HyperPod (EKS) as typed CDK + cdk8s constructs.

Imports are lazy (PEP 562): ``from hyperpod_constructs import InstanceGroup`` loads only the intent layer, and
the pure-Python parts (catalog, intent, planner, observability queries) never start jsii's Node process; a CDK
class such as ``HyperPodInferencePlatform`` loads aws-cdk-lib on first use.

The names are listed by concern: the platform (``HyperPodInferencePlatform``, its instance groups, network, cluster,
model store, operator and delivery), endpoints (``InferenceEndpoint``, ``JumpStartEndpoint``, model sources and their
options), autoscaling (pods and nodes), MIG (layouts and the planner), observability (workspaces, metrics, SLOs) and
cost (``Plan``, ``Prices``), then the errors. Every field says what it is for and its default (``Default:``, or
``Required.``); the guides in ``docs/`` show them together in runnable apps.
"""
from __future__ import annotations

import importlib
from importlib import metadata as _metadata
from typing import TYPE_CHECKING, Any

from .error_output import install as _install_error_output

_install_error_output()  # an uncaught error of this library prints its message, not a traceback

# The version is set once, in pyproject.toml; this reads it from the installed distribution.
__version__ = _metadata.version("hyperpod-constructs")

# Module (relative to this package) -> the public names it defines, grouped by concern (the API reference lists them
# in this order). Keep in step with the TYPE_CHECKING imports below (a test compares them). The platform model's
# resolved records (ResolvedPlatform, ResolvedEndpoint, PodDemand) are read by renderers and rules, not written by
# users: import them from hyperpod_constructs.resolve.platform_model.
_EXPORTED_BY_MODULE: dict[str, tuple[str, ...]] = {
    # Platform: the composition root, the cluster and network it runs on, and how manifests are delivered.
    ".platform": ("HyperPodInferencePlatform",),
    ".intent.instance_group": ("InstanceGroup", "Taint"),
    ".intent.auto_patch": ("AutoPatch", "BatchSize"),
    ".intent.network": ("Network",),
    ".intent.cluster": ("ClusterSettings", "Eks", "TieredStorage"),
    ".intent.api_endpoint": ("ApiEndpoint",),
    ".intent.model_store": ("ModelStore",),
    ".aws.model_bucket": ("ModelBucket",),
    # What a second stack reuses, and grants for the user's own roles (docs/access.md).
    ".aws.hyperpod_cluster": ("HyperPodCluster",),
    ".aws.cluster_reference": ("IHyperPodCluster",),
    ".aws.model_store": ("ModelStoreFileSystem", "IModelStore"),
    ".aws.inference_operator": ("InferenceOperatorOptions", "GroupsChart"),
    ".aws.hyperpod_dependencies": ("HyperPodHelmChart", "HyperPodDependencies"),
    ".delivery.applier": ("ManifestDelivery",),
    ".platform.deployments": ("EndpointDeployment", "ChartDeployment"),
    ".aws.kubectl_handler": ("KubectlHandler",),
    ".aws.storage_drivers": ("StorageDriverRoles",),
    # Endpoints: the models served, where their weights come from, and the options of their operator resource.
    ".intent.deployment": ("EndpointBase",),
    ".intent.endpoint": ("InferenceEndpoint", "Auto"),
    ".intent.jumpstart": ("JumpStartEndpoint",),
    ".intent.model_source": ("ModelSource", "SecretKeyRef"),
    ".intent.model_size": ("ModelSize",),
    ".intent.endpoint_options": ("LoadBalancer", "RoutingAlgorithm", "Tls", "Metrics", "RequestLimits", "Probes",
        "HttpProbe", "Tag"),
    ".intent.routing": ("Routing", "IntelligentRouting"),
    ".intent.inference_gateway": ("InferenceGateway", "GatewayScheduler", "SchedulerImplementation",
        "SchedulerWeights", "PluginsConfigMap", "BodyBasedRouting", "JwtAuthentication", "RequiredClaim", "ClaimType",
        "GatewayTls", "GatewayPodDefaults", "EngineType", "AppProtocol"),
    ".intent.kv_cache": ("KvCache", "L2Cache"),
    ".resolve.tiered_kv_cache": ("TieredKvCacheDaemon",),
    ".intent.disaggregation": ("DisaggregatedServing", "DisaggregatedWorker", "Topology"),
    ".intent.data_capture": ("DataCapture", "CaptureMode"),
    ".intent.model_cache": ("ModelCache", "ModelWeightsCache"),
    ".intent.operator_fields": ("ContainerResources", "Toleration"),
    # Sizing: the model catalog, what fits where, and endpoints sized from a model id (docs/presets.md).
    ".sizing.preset": ("preset_endpoint", "EndpointPreset"),
    ".sizing.fit": ("size_model", "SizingRequest", "Candidate"),
    ".catalog.model_catalog": ("catalog_model", "model_from_config", "ModelFacts"),
    ".catalog.model_architecture": ("ModelArchitecture",),
    # Autoscaling: pods (KEDA, through the operator or for any workload) and nodes (HyperPod-managed Karpenter).
    ".intent.autoscaling": ("Autoscaling", "PrometheusTrigger", "CloudWatchTrigger"),
    ".intent.wake_hold": ("WakeHold",),
    ".intent.keda_workload": ("ScaledWorkload",),
    ".intent.node_autoscaling": ("NodeAutoscaling", "NodePoolSpec", "NodePoolLimits", "NodeRequirement", "Disruption",
        "DisruptionBudget"),
    # MIG: layouts of instance groups, and planning one from the slices endpoints ask for.
    ".intent.mig": ("MigLayout",),
    ".catalog.mig": ("stock_layouts_for_instance_type",),
    ".planner": ("plan_mig", "MigDemand", "MigPlan"),
    ".platform.mig_config_map": ("mig_config_map",),
    # Observability: what is collected and where, dashboards, and SLO alerts.
    ".intent.observability": ("Observability", "PrometheusWorkspace", "GrafanaWorkspace", "ObservabilityMetrics"),
    ".intent.slo": ("EndpointSlos", "LatencySlo", "TtfbSlo", "ErrorRateSlo", "ReplicasAtMaxSlo", "NoReadyPodsSlo"),
    ".aws.observability": ("InferenceObservability",),
    # Cost: the plan of nodes, GPUs and slices, and what it costs.
    ".platform.plan": ("Plan",),
    ".intent.cold_start": ("ColdStartAssumptions",),
    ".planner.cold_start": ("ColdStartEstimate", "ColdStartPart"),
    ".platform.cost": ("CostReport",),
    ".prices": ("Prices",),
    # Errors: what bad input raises.
    ".errors": ("HyperPodValidationError", "HyperPodTypeError", "HyperPodProblems"),
}
_EXPORTS: dict[str, str] = {name: module for module, names in _EXPORTED_BY_MODULE.items() for name in names}

__all__ = list(_EXPORTS)


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
    from .platform import HyperPodInferencePlatform
    from .intent.instance_group import InstanceGroup, Taint
    from .intent.auto_patch import AutoPatch, BatchSize
    from .intent.network import Network
    from .intent.cluster import ClusterSettings, Eks, TieredStorage
    from .intent.api_endpoint import ApiEndpoint
    from .intent.model_store import ModelStore
    from .aws.model_bucket import ModelBucket
    from .aws.hyperpod_cluster import HyperPodCluster
    from .aws.cluster_reference import IHyperPodCluster
    from .aws.model_store import ModelStoreFileSystem, IModelStore
    from .aws.inference_operator import GroupsChart, InferenceOperatorOptions
    from .aws.hyperpod_dependencies import HyperPodHelmChart, HyperPodDependencies
    from .delivery.applier import ManifestDelivery
    from .platform.deployments import EndpointDeployment, ChartDeployment
    from .aws.kubectl_handler import KubectlHandler
    from .aws.storage_drivers import StorageDriverRoles
    from .intent.deployment import EndpointBase
    from .intent.endpoint import Auto, InferenceEndpoint
    from .intent.jumpstart import JumpStartEndpoint
    from .intent.model_source import ModelSource, SecretKeyRef
    from .intent.model_size import ModelSize
    from .intent.endpoint_options import (
        LoadBalancer, RoutingAlgorithm, Tls, Metrics, RequestLimits, Probes, HttpProbe, Tag)
    from .intent.routing import Routing, IntelligentRouting
    from .intent.inference_gateway import (
        InferenceGateway, GatewayScheduler, SchedulerImplementation, SchedulerWeights, PluginsConfigMap,
        BodyBasedRouting, JwtAuthentication, RequiredClaim, ClaimType, GatewayTls, GatewayPodDefaults, EngineType,
        AppProtocol)
    from .intent.kv_cache import KvCache, L2Cache
    from .resolve.tiered_kv_cache import TieredKvCacheDaemon
    from .intent.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
    from .intent.data_capture import DataCapture, CaptureMode
    from .intent.model_cache import ModelCache, ModelWeightsCache
    from .intent.operator_fields import ContainerResources, Toleration
    from .sizing.preset import preset_endpoint, EndpointPreset
    from .sizing.fit import size_model, SizingRequest, Candidate
    from .catalog.model_catalog import catalog_model, model_from_config, ModelFacts
    from .catalog.model_architecture import ModelArchitecture
    from .intent.autoscaling import Autoscaling, PrometheusTrigger, CloudWatchTrigger
    from .intent.wake_hold import WakeHold
    from .intent.keda_workload import ScaledWorkload
    from .intent.node_autoscaling import (
        NodeAutoscaling, NodePoolSpec, NodePoolLimits, NodeRequirement, Disruption, DisruptionBudget)
    from .intent.mig import MigLayout
    from .catalog.mig import stock_layouts_for_instance_type
    from .planner import plan_mig, MigDemand, MigPlan
    from .platform.mig_config_map import mig_config_map
    from .intent.observability import Observability, PrometheusWorkspace, GrafanaWorkspace, ObservabilityMetrics
    from .intent.slo import EndpointSlos, LatencySlo, TtfbSlo, ErrorRateSlo, ReplicasAtMaxSlo, NoReadyPodsSlo
    from .aws.observability import InferenceObservability
    from .platform.plan import Plan
    from .intent.cold_start import ColdStartAssumptions
    from .planner.cold_start import ColdStartEstimate, ColdStartPart
    from .platform.cost import CostReport
    from .prices import Prices
    from .errors import HyperPodValidationError, HyperPodTypeError, HyperPodProblems
