"""The kubelet's ``maxPods`` of the smaller HyperPod instance types, and the pods every node and cluster runs anyway.

``MAX_PODS``: the EKS AMI's table (awslabs/amazon-eks-ami ``templates/shared/runtime/eni-max-pods.txt``, Apache-2.0,
as stored at commit 0254c5b4): ``ENIs x (IPv4 addresses per ENI - 1) + 2`` with the VPC CNI and no prefix delegation.
Only the sizes of catalog types below 60 are transcribed; a type not listed has more (100 or above) or is not in the
table (g7, g7e): ``max_pods`` is then None and nothing is checked. A HyperPod node may be configured lower than this
(one report, not traced to a source, saw 14 on ml.g5.2xlarge), never higher, so checks using it are lower bounds.
"""
from __future__ import annotations

from typing import Optional

_SMALL = {"medium": 8, "large": 29, "xlarge": 58, "2xlarge": 58}  # the Graviton families' small sizes
MAX_PODS: dict[str, int] = {
    **{f"ml.{family}.{size}": pods for family in ("c6g", "c7g", "c8g", "m6g", "m7g", "m8g")
       for size, pods in _SMALL.items()},
    **{f"ml.{family}.{size}": pods for family in ("c5", "c6a", "m5", "m6a", "m6i", "m7i", "r6i", "r7i")
       for size, pods in (("large", 29), ("xlarge", 58), ("2xlarge", 58))},
    "ml.t3.medium": 17, "ml.t3.large": 35, "ml.t3.xlarge": 58, "ml.t3.2xlarge": 58,
    "ml.g4dn.xlarge": 29, "ml.g4dn.2xlarge": 29, "ml.g4dn.4xlarge": 29, "ml.g4dn.8xlarge": 58, "ml.g4dn.16xlarge": 58,
    **{f"ml.{family}.{size}": 58 for family in ("g5", "g6", "g6e") for size in ("xlarge", "2xlarge")},
}

# DaemonSets of the EKS add-ons the platform installs, one pod on every node (intent.cluster NETWORK_ADDONS and the
# CSI drivers of WORKLOAD_ADDONS): aws-node, kube-proxy, eks-pod-identity-agent, fsx-csi-node, s3-csi-node. HyperPod
# and the observability add-on run more on GPU nodes, so this is a lower bound.
NODE_DAEMONSETS: tuple[str, ...] = ("aws-node", "kube-proxy", "eks-pod-identity-agent", "fsx-csi-node", "s3-csi-node")

# Deployments that must run somewhere before an endpoint can serve, at one replica each (their defaults run more):
# the add-ons' (coredns, metrics-server, cert-manager's three, the FSx CSI controller) and the inference operator's.
SYSTEM_DEPLOYMENTS: tuple[str, ...] = ("coredns", "metrics-server", "cert-manager", "cert-manager-cainjector",
                                       "cert-manager-webhook", "fsx-csi-controller",
                                       "hyperpod-inference-controller-manager")


def max_pods(instance_type: str) -> Optional[int]:
    """The kubelet's maxPods of ``instance_type`` when the table has it below 60, else None."""
    return MAX_PODS.get(instance_type)
