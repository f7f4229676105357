"""What a second stack needs of a HyperPod cluster another stack created: ``IHyperPodCluster``, and the import.

``HyperPodCluster`` (the construct) and ``HyperPodCluster.from_cluster_attributes`` (values from the first stack's
outputs or ``Fn.import_value``) both provide it: the cluster's ARN and name, the EKS cluster it is orchestrated by,
and the security groups its nodes use (to open a port to them, or give a client the same group).
"""
from __future__ import annotations

from typing import Optional, Protocol, Sequence, runtime_checkable

from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam
from constructs import Construct

from ..catalog import limits
from ..errors import require
from ..intent.arns import HYPERPOD_CLUSTER, check_arn
from ..intent.cdk_refs import is_cdk_object
from ..intent.tokens import is_token
from .principal_grants import grant_to_principal

# What an operator's tooling reads of a cluster (each scoped to the cluster ARN in the Service Authorization
# Reference): the cluster, its nodes, one node.
DESCRIBE_ACTIONS = ("sagemaker:DescribeCluster", "sagemaker:ListClusterNodes", "sagemaker:DescribeClusterNode")


@runtime_checkable
class IHyperPodCluster(Protocol):
    """A HyperPod cluster orchestrated by EKS, created in this stack or imported."""

    @property
    def cluster_arn(self) -> str:
        """The cluster's ARN (``arn:...:sagemaker:<region>:<account>:cluster/<id>``)."""
        ...

    @property
    def cluster_name(self) -> Optional[str]:
        """The cluster's name, or None when CloudFormation generated it (HyperPod's APIs accept the ARN instead)."""
        ...

    @property
    def eks_cluster(self) -> eks.ICluster:
        """The EKS cluster the HyperPod cluster is orchestrated by."""
        ...

    @property
    def security_groups(self) -> tuple[ec2.ISecurityGroup, ...]:
        """The security groups of the cluster's nodes."""
        ...

    def grant_describe(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` describe the cluster and list and describe its nodes."""
        ...


class ClusterGrants:
    """The grants both kinds of HyperPod cluster give, on their ``cluster_arn``."""

    @property
    def cluster_arn(self) -> str:
        """The cluster's ARN."""
        raise NotImplementedError

    def grant_describe(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` (a role of yours: an operator's tooling, a health check) read the cluster:
        ``sagemaker:DescribeCluster``, ``sagemaker:ListClusterNodes`` and ``sagemaker:DescribeClusterNode`` on this
        cluster only. Returns the ``iam.Grant``."""
        return grant_to_principal(self.node.path, grantee, DESCRIBE_ACTIONS, [self.cluster_arn])


class _ImportedHyperPodCluster(ClusterGrants, Construct):
    """A HyperPod cluster of another stack; make it with ``HyperPodCluster.from_cluster_attributes``."""

    def __init__(self, scope: Construct, construct_id: str, *, cluster_arn: str, eks_cluster: eks.ICluster,
                 security_groups: Sequence[ec2.ISecurityGroup] = (), cluster_name: Optional[str] = None) -> None:
        """The cluster's attributes, checked at synth (CloudFormation tokens are allowed).

        Args:
            cluster_arn: The cluster's ARN. Required.
            eks_cluster: The EKS cluster it is orchestrated by (``aws_eks_v2.Cluster.from_cluster_attributes``).
                Required.
            security_groups: The security groups of its nodes. Default: none.
            cluster_name: The cluster's name. Default: None (unknown; use the ARN).
        """
        super().__init__(scope, construct_id)
        where = self.node.path
        check_arn(where, "cluster_arn", cluster_arn, HYPERPOD_CLUSTER)
        require(is_cdk_object(eks_cluster, "cluster_name"), where, "eks_cluster", eks_cluster,
                "an aws_eks_v2.ICluster (eks.Cluster.from_cluster_attributes(...))")
        groups = tuple(security_groups)
        for index, group in enumerate(groups):
            require(is_cdk_object(group, "security_group_id"), where, f"security_groups[{index}]", group,
                    "an ec2.ISecurityGroup (ec2.SecurityGroup.from_security_group_id(...))")
        require(cluster_name is None or is_token(cluster_name)
                or (isinstance(cluster_name, str) and bool(limits.CLUSTER_NAME_PATTERN.match(cluster_name))),
                where, "cluster_name", cluster_name, "1-63 letters, digits and hyphens, or None")
        self._cluster_arn, self._cluster_name = cluster_arn, cluster_name
        self._eks_cluster, self._security_groups = eks_cluster, groups

    @property
    def cluster_arn(self) -> str:
        """The cluster's ARN, as given."""
        return self._cluster_arn

    @property
    def cluster_name(self) -> Optional[str]:
        """The cluster's name as given, or None."""
        return self._cluster_name

    @property
    def eks_cluster(self) -> eks.ICluster:
        """The EKS cluster it is orchestrated by."""
        return self._eks_cluster

    @property
    def security_groups(self) -> tuple[ec2.ISecurityGroup, ...]:
        """The security groups of its nodes, as given."""
        return self._security_groups
