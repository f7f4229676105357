"""hyperpod-constructs: LLM inference on Amazon SageMaker HyperPod (EKS) as typed CDK + cdk8s constructs."""
from .aws.eks import EksOptions, ExistingEksCluster
from .aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
from .aws.inference_operator import InferenceOperatorOptions
from .aws.kubectl_handler import KubectlHandler
from .aws.manifest_delivery import ManifestDelivery
from .aws.observability import InferenceObservability
from .aws.storage_drivers import StorageDriverRoles
from .errors import HyperPodTypeError, HyperPodValidationError
from .k8s.endpoint_chart import EndpointChart
from .k8s.karpenter import NodeAutoscalingChart
from .k8s.keda import KedaChart
from .k8s.mig_config import mig_config_map
from .planner import MigDemand, MigPlan, plan_mig
from .prices import Prices
from .platform import CostReport, HyperPodInferencePlatform, Observability, Plan
from .spec.api_endpoint import ApiEndpoint
from .spec.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from .spec.cluster import ClusterSettings, TieredStorage
from .spec.data_capture import CaptureMode, DataCapture
from .spec.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
from .spec.endpoint import InferenceEndpoint
from .spec.endpoint_options import HttpProbe, LoadBalancer, Metrics, Probes, RequestLimits, RoutingAlgorithm, Tag, Tls
from .spec.instance_group import InstanceGroup, Taint
from .spec.jumpstart import JumpStartEndpoint
from .spec.keda_workload import ScaledWorkload
from .spec.kv_cache import KvCache, L2Cache
from .spec.mig import MigLayout
from .spec.model_source import FsxFileSystem, ModelSource, SecretKeyRef
from .spec.model_store import ModelStore
from .spec.observability import GrafanaWorkspace, ObservabilityMetrics, PrometheusWorkspace
from .spec.node_autoscaling import (
    Disruption, DisruptionBudget, NodeAutoscaling, NodePoolLimits, NodePoolSpec, NodeRequirement)
from .spec.routing import IntelligentRouting, Routing
from .spec.slo import EndpointSlos, ErrorRateSlo, LatencySlo, NoReadyPodsSlo, ReplicasAtMaxSlo, TtfbSlo

__all__ = [
    "ApiEndpoint", "Autoscaling", "CaptureMode", "CloudWatchTrigger", "ClusterSettings", "CostReport", "DataCapture",
    "DisaggregatedServing", "DisaggregatedWorker", "Disruption", "DisruptionBudget", "EksOptions",
    "EndpointChart", "EndpointSlos", "ErrorRateSlo", "ExistingEksCluster", "FsxFileSystem", "GrafanaWorkspace",
    "HttpProbe", "HyperPodDependencies", "HyperPodHelmChart", "HyperPodInferencePlatform", "HyperPodTypeError",
    "HyperPodValidationError",
    "InferenceEndpoint", "InferenceObservability", "InferenceOperatorOptions", "InstanceGroup", "IntelligentRouting",
    "JumpStartEndpoint", "KedaChart", "KubectlHandler", "KvCache", "L2Cache", "LatencySlo", "LoadBalancer",
    "ManifestDelivery", "Metrics", "MigDemand",
    "MigLayout", "MigPlan", "ModelSource", "ModelStore", "NoReadyPodsSlo", "NodeAutoscaling", "NodeAutoscalingChart",
    "NodePoolLimits", "NodePoolSpec", "NodeRequirement", "Observability", "ObservabilityMetrics", "Plan", "Prices", "Probes",
    "PrometheusTrigger", "PrometheusWorkspace", "ReplicasAtMaxSlo", "RequestLimits", "Routing", "RoutingAlgorithm",
    "ScaledWorkload", "SecretKeyRef", "StorageDriverRoles", "Tag", "Taint", "TieredStorage", "Tls", "Topology", "TtfbSlo",
    "mig_config_map", "plan_mig",
]
