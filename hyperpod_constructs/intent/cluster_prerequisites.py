"""What an existing EKS cluster must already run, because the platform depends on it and does not install it.

A created cluster gets all of it from the stack. On ``Eks.existing(...)`` the stack installs only what it is told
to (``install_addons=True``: the EKS add-ons; the operator add-on: KEDA and the AWS Load Balancer Controller), so
the rest is the cluster owner's. The platform lists the ones that apply in one synth warning; each carries a
command that checks it, for a person or a preflight.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..catalog.limits import MIN_VPC_CNI_VERSION
from .cluster import Eks, ExistingEks

EXISTING_CLUSTER_WARNING = "existing-cluster-prerequisites"


@dataclass(frozen=True)
class ClusterPrerequisite:
    """Something the cluster must have: its name, what needs it, and a read-only command that shows it."""

    name: str
    needed_by: str
    how_to_check: str
    # Which stack setting makes it the stack's business: an add-on the stack installs with install_addons=True,
    # or a controller the operator add-on brings (alb / keda).
    installed_with: str
    eks_addon: Optional[str] = None
    """The EKS add-on that provides it (what ``preflight`` asks EKS about); None: not an add-on."""
    minimum_version: Optional[tuple[int, int, int]] = None
    """The oldest add-on version that works."""
    often_self_managed: bool = False
    """Clusters often run it outside EKS add-ons (a DaemonSet, a Helm release): not being an add-on is then a check
    for a person (``how_to_check``), not a failure."""


CLUSTER = "$CLUSTER"  # the placeholder the commands below use for the cluster's name
VPC = "$VPC_ID"

EXISTING_CLUSTER_PREREQUISITES: tuple[ClusterPrerequisite, ...] = (
    ClusterPrerequisite(
        "cert-manager", "the inference operator (its TLS certificates)",
        "kubectl get crd certificates.cert-manager.io", "install_addons", "cert-manager", often_self_managed=True),
    ClusterPrerequisite(
        "aws-mountpoint-s3-csi-driver", "S3 model sources",
        "kubectl get csidriver s3.csi.aws.com", "install_addons", "aws-mountpoint-s3-csi-driver"),
    ClusterPrerequisite(
        "aws-fsx-csi-driver", "the FSx model store and FSx model sources",
        "kubectl get csidriver fsx.csi.aws.com", "install_addons", "aws-fsx-csi-driver"),
    ClusterPrerequisite(
        "metrics-server", "the inference operator and autoscaling (the metrics API)",
        "kubectl get apiservice v1beta1.metrics.k8s.io", "install_addons", "metrics-server", often_self_managed=True),
    ClusterPrerequisite(
        "eks-pod-identity-agent", "the observability add-on's collector (Pod Identity credentials)",
        "kubectl -n kube-system get daemonset eks-pod-identity-agent", "install_addons", "eks-pod-identity-agent"),
    ClusterPrerequisite(
        f"vpc-cni {'.'.join(map(str, MIN_VPC_CNI_VERSION))} or newer", "HyperPod nodes joining the cluster",
        f"aws eks describe-addon --cluster-name {CLUSTER} --addon-name vpc-cni --query addon.addonVersion "
        "(self-managed: kubectl -n kube-system get daemonset aws-node -o jsonpath='{..image}')", "install_addons",
        "vpc-cni", MIN_VPC_CNI_VERSION, often_self_managed=True),
    ClusterPrerequisite(
        "load-balancer subnet tags", "the AWS Load Balancer Controller (endpoint load balancers)",
        f"aws ec2 describe-subnets --filters Name=vpc-id,Values={VPC} Name=tag-key,Values=kubernetes.io/role/elb,"
        "kubernetes.io/role/internal-elb --query 'Subnets[].SubnetId' (public subnets need kubernetes.io/role/elb=1, "
        "private ones kubernetes.io/role/internal-elb=1)", "alb"),
    ClusterPrerequisite(
        "no other AWS Load Balancer Controller", "the operator add-on, which installs its own",
        "kubectl get deployments -A -l app.kubernetes.io/name=aws-load-balancer-controller (none outside "
        "hyperpod-inference-system)", "alb"),
    ClusterPrerequisite(
        "no other KEDA", "the operator add-on, which installs its own",
        "kubectl get deployments -A -l app.kubernetes.io/name=keda-operator (none outside hyperpod-inference-system)",
        "keda"),
)

# The ones EKS add-ons provide (what install_addons=True installs instead): preflight asks EKS about these.
ADDON_PREREQUISITES = tuple(prerequisite for prerequisite in EXISTING_CLUSTER_PREREQUISITES if prerequisite.eks_addon)


def existing_cluster_prerequisites(eks: Eks, *, alb: bool, keda: bool) -> tuple[ClusterPrerequisite, ...]:
    """The prerequisites the platform relies on and does not install: none for a cluster it creates."""
    if not isinstance(eks, ExistingEks):
        return ()
    applies = {"install_addons": not eks.install_addons, "alb": alb, "keda": keda}
    return tuple(prerequisite for prerequisite in EXISTING_CLUSTER_PREREQUISITES if applies[prerequisite.installed_with])


def prerequisites_warning(cluster_name: str, prerequisites: tuple[ClusterPrerequisite, ...]) -> str:
    """One sentence listing them, for the synth warning."""
    listed = "; ".join(f"{item.name} (for {item.needed_by})" for item in prerequisites)
    return (f"the existing EKS cluster {cluster_name} must already have what this stack depends on and does not install: "
            f"{listed}. Check each before deploying (the commands are in docs/deploy.md, 'Existing clusters', and "
            "hyperpod_constructs.intent.cluster_prerequisites.EXISTING_CLUSTER_PREREQUISITES).")
