"""The network part: the VPC, subnets and security groups HyperPod nodes, EKS and the model store share."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aws_cdk import Token, aws_ec2 as ec2
from constructs import Construct

from ..aws.eks import imported_attribute
from ..aws.network import HyperPodNetwork
from ..errors import require
from ..intent.cluster import Eks, ExistingEks
from ..intent.network import Network


@dataclass(frozen=True)
class NetworkContext:
    """What the network needs: the ``network=`` settings and the EKS choice (an existing cluster's VPC is the one
    HyperPod nodes join)."""
    network: Network
    eks: Eks
    where: str  # the platform's path, for errors


def build_network(scope: Construct, context: NetworkContext) -> HyperPodNetwork:
    """``<scope>/Network``: the VPC given, an existing cluster's, or a new one."""
    network = context.network
    return HyperPodNetwork(scope, "Network", vpc=_vpc(context), subnets=network.subnets,
                           security_groups=network.security_groups)


def _vpc(context: NetworkContext) -> Optional[ec2.IVpc]:
    """The VPC given, else an existing cluster's (HyperPod nodes join the cluster's VPC), else None (create one)."""
    network, eks = context.network, context.eks
    if not isinstance(eks, ExistingEks):
        return network.vpc
    cluster_vpc = imported_attribute(eks.cluster, "vpc")
    require(cluster_vpc is not None, context.where, "cluster.eks.cluster", eks.cluster.cluster_name,
            "a cluster imported with vpc= (eks.Cluster.from_cluster_attributes(..., vpc=...)): HyperPod nodes and "
            "deploy-time functions join its VPC")
    if network.vpc is None:
        return cluster_vpc
    ids = (network.vpc.vpc_id, cluster_vpc.vpc_id)
    require(Token.is_unresolved(ids[0]) or Token.is_unresolved(ids[1]) or ids[0] == ids[1], context.where,
            "network.vpc", ids[0], f"the existing cluster's VPC ({ids[1]}) or None (use the cluster's)")
    return network.vpc
