"""HyperPod and EKS limits from the AWS::SageMaker::Cluster schema and the HyperPod EKS prerequisites page."""
from __future__ import annotations

import re

# SageMaker resource names (clusters, models, endpoints, JumpStart model ids and hubs).
SAGEMAKER_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,62}$")
CLUSTER_NAME_PATTERN = SAGEMAKER_NAME_PATTERN
INSTANCE_GROUP_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9](-*[a-zA-Z0-9])*$")
INSTANCE_GROUP_NAME_MAX = 63
INSTANCE_COUNT_MAX = 6758
INSTANCE_GROUPS_MIN, INSTANCE_GROUPS_MAX = 1, 100
SECURITY_GROUPS_MIN, SECURITY_GROUPS_MAX = 1, 5
SUBNETS_MIN, SUBNETS_MAX = 1, 16
THREADS_PER_CORE = (1, 2)
EBS_VOLUME_GIB_MIN, EBS_VOLUME_GIB_MAX = 1, 16384
INSTANCE_STORAGE_CONFIGS_MAX = 4
DEEP_HEALTH_CHECKS = ("InstanceStress", "InstanceConnectivity")
TAINTS_MAX = 50
TAINT_KEY_MAX, TAINT_VALUE_MAX = 317, 63
TAINT_KEY_PATTERN = re.compile(
    r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$"
)
TAINT_VALUE_PATTERN = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$")
TAINT_EFFECTS = ("NoSchedule", "PreferNoSchedule", "NoExecute")
# Kubernetes label rules: optional DNS-subdomain prefix (<=253) + name (<=63); value <=63.
LABEL_KEY_PATTERN = TAINT_KEY_PATTERN
LABEL_NAME_MAX, LABEL_PREFIX_MAX, LABEL_VALUE_MAX = 63, 253, 63
LABEL_VALUE_PATTERN = TAINT_VALUE_PATTERN
TIERED_STORAGE_PERCENT = (0, 100)
IMAGE_ID_PATTERN = re.compile(r"^ami-[0-9a-fA-F]{8,17}$|^default$")
# InstanceGroups[].ImageReleaseVersion: a HyperPod-managed AMI release, MAJOR.MINOR.PATCH, 5-64 characters.
IMAGE_RELEASE_VERSION_PATTERN = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+$")
IMAGE_RELEASE_VERSION_MIN, IMAGE_RELEASE_VERSION_MAX = 5, 64

# SageMaker HyperPod EKS prerequisites: supported Kubernetes versions and authentication modes.
SUPPORTED_KUBERNETES_VERSIONS = ("1.28", "1.29", "1.30", "1.31", "1.32", "1.33", "1.34")
DEFAULT_KUBERNETES_VERSION = "1.33"
SUPPORTED_AUTH_MODES = ("API", "API_AND_CONFIG_MAP")
MIN_VPC_CNI_VERSION = (1, 18, 3)  # HyperPod's documented minimum Amazon VPC CNI version
