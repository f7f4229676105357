"""Labels every HyperPod node carries, which selectors and affinities match on."""
from __future__ import annotations

INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type"  # the well-known Kubernetes label
INSTANCE_GROUP_LABEL = "sagemaker.amazonaws.com/instance-group-name"  # HyperPod's (AWS quick setup uses it)
