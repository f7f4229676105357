"""The HyperPod part: the ``AWS::SageMaker::Cluster`` on the EKS cluster, and the role HyperPod's Karpenter uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aws_cdk import RemovalPolicy, aws_iam as iam
from constructs import Construct

from ..aws.autoscaling_roles import KarpenterClusterRole
from ..aws.eks import HyperPodEks
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.network import HyperPodNetwork
from ..intent.cluster import ClusterSettings
from ..intent.instance_group import InstanceGroup


@dataclass(frozen=True)
class HyperPodContext:
    """What the HyperPod cluster needs: where it runs, its instance groups and ``cluster=`` settings, and whether
    Karpenter scales its nodes (and which groups it scales: those stay in one subnet)."""
    eks: HyperPodEks
    network: HyperPodNetwork
    instance_groups: tuple[InstanceGroup, ...]
    settings: ClusterSettings
    node_autoscaling: bool
    single_az_groups: tuple[str, ...]
    removal_policy: RemovalPolicy


@dataclass(frozen=True)
class HyperPodHandle:
    cluster: HyperPodCluster
    """``<scope>/HyperPod``: the cluster with its execution role and lifecycle scripts."""
    karpenter_role: Optional[iam.IRole]
    """``<scope>/KarpenterClusterRole``'s role, or None without node autoscaling."""


def build_hyperpod(scope: Construct, context: HyperPodContext) -> HyperPodHandle:
    """The cluster, created before the EKS add-ons that run pods on its nodes."""
    karpenter_role = KarpenterClusterRole(scope, "KarpenterClusterRole").role if context.node_autoscaling else None
    cluster = HyperPodCluster(
        scope, "HyperPod", eks_cluster=context.eks, network=context.network, instance_groups=context.instance_groups,
        settings=context.settings, cluster_role=karpenter_role, removal_policy=context.removal_policy,
        single_az_groups=context.single_az_groups)
    for addon in context.eks.workload_addons:
        addon.node.add_dependency(cluster.resource)
    return HyperPodHandle(cluster=cluster, karpenter_role=karpenter_role)
