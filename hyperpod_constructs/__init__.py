"""hyperpod-constructs: LLM inference on Amazon SageMaker HyperPod (EKS) as typed CDK + cdk8s constructs."""
from .aws.eks import EksOptions, ExistingEksCluster
from .aws.inference_operator import InferenceOperatorOptions
from .errors import HyperPodValidationError
from .platform import HyperPodInferencePlatform, Plan
from .spec.cluster import ClusterSettings, TieredStorage
from .spec.instance_group import InstanceGroup, Taint
from .spec.model_store import ModelStore

__all__ = [
    "ClusterSettings",
    "EksOptions",
    "ExistingEksCluster",
    "HyperPodInferencePlatform",
    "HyperPodValidationError",
    "InferenceOperatorOptions",
    "InstanceGroup",
    "ModelStore",
    "Plan",
    "Taint",
    "TieredStorage",
]
