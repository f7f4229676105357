"""What an existing EKS cluster must run before the platform deploys to it (``Eks.existing(...)``).

HyperPod's EKS prerequisites (VPC CNI 1.18.3 or newer) and the add-ons the inference operator and the storage
drivers rely on. Add-ons that clusters often run outside EKS add-ons (a self-managed DaemonSet, a Helm release)
name the kubectl command that shows them instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..catalog.limits import MIN_VPC_CNI_VERSION
from ..intent.cluster import NETWORK_ADDONS, WORKLOAD_ADDONS


@dataclass(frozen=True)
class AddonPrerequisite:
    name: str
    minimum_version: Optional[tuple[int, int, int]] = None
    # A kubectl command showing it when it runs outside EKS add-ons; None: it must be an EKS add-on.
    verify_otherwise: Optional[str] = None


EXISTING_CLUSTER_ADDONS: tuple[AddonPrerequisite, ...] = (
    AddonPrerequisite("vpc-cni", MIN_VPC_CNI_VERSION, "kubectl -n kube-system get daemonset aws-node "
                                             "-o jsonpath='{.spec.template.spec.containers[0].image}'"),
    AddonPrerequisite("eks-pod-identity-agent"),
    AddonPrerequisite("aws-mountpoint-s3-csi-driver"),
    AddonPrerequisite("aws-fsx-csi-driver"),
    AddonPrerequisite("metrics-server", verify_otherwise="kubectl get apiservice v1beta1.metrics.k8s.io"),
    AddonPrerequisite("cert-manager",
                      verify_otherwise="kubectl get deployments -A -l app.kubernetes.io/name=cert-manager"),
)
# With install_addons=True the stack creates these add-ons; CloudFormation cannot create one that exists.
INSTALLED_ADDONS: tuple[str, ...] = NETWORK_ADDONS + WORKLOAD_ADDONS
LOAD_BALANCER_SUBNET_TAGS = ("kubernetes.io/role/elb", "kubernetes.io/role/internal-elb")
