"""IAM for node autoscaling: the HyperPod cluster role Karpenter acts with.

- ``KarpenterClusterRole``: the ``ClusterRole`` of ``AWS::SageMaker::Cluster`` when
  ``AutoScaling {Mode: Enable, AutoScalerType: Karpenter}``; HyperPod's managed Karpenter uses it to add
  and remove nodes.

KEDA's own AWS identity is the inference operator add-on's KEDA role (``aws/inference_operator.py``).
"""
from __future__ import annotations

from typing import Optional

from aws_cdk import Acknowledgment, Stack, Validations, aws_iam as iam
from constructs import Construct


class KarpenterClusterRole(Construct):
    """The cluster role HyperPod-managed Karpenter assumes to add and delete cluster nodes.

    The cluster's ARN holds a service-generated id and only exists after creation, and the cluster itself
    references this role, so the node actions are scoped to ``cluster/*`` in this account and region with
    an ``aws:ResourceAccount`` condition; pass ``cluster_arn`` to pin an existing cluster instead.
    KMS permissions (for customer-managed EBS keys) are limited to calls made through SageMaker.
    """

    def __init__(self, scope: Construct, construct_id: str, *, cluster_arn: Optional[str] = None) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        self._role = iam.Role(
            self, "Role",
            assumed_by=iam.ServicePrincipal("hyperpod.sagemaker.amazonaws.com"),
            description="HyperPod cluster role: managed Karpenter adds and removes nodes",
        )
        cluster_resource = cluster_arn or stack.format_arn(service="sagemaker", resource="cluster", resource_name="*")
        self._role.add_to_policy(iam.PolicyStatement(
            sid="KarpenterNodeLifecycle",
            actions=["sagemaker:BatchAddClusterNodes", "sagemaker:BatchDeleteClusterNodes"],
            resources=[cluster_resource],
            conditions={"StringEquals": {"aws:ResourceAccount": stack.account}},
        ))
        self._role.add_to_policy(iam.PolicyStatement(
            sid="NodeVolumeEncryption",
            actions=["kms:CreateGrant", "kms:DescribeKey"],
            resources=[stack.format_arn(service="kms", resource="key", resource_name="*")],
            conditions={"StringEquals": {"kms:ViaService": f"sagemaker.{stack.region}.amazonaws.com"}},
        ))
        # cdk-nag v3: each IAM5 finding is acknowledged by its own id, on this role only.
        if cluster_arn is None:
            Validations.of(self._role).acknowledge(Acknowledgment(
                id="AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:sagemaker:<AWS::Region>:<AWS::AccountId>:cluster/*]",
                reason="The HyperPod cluster ARN (service-generated id) exists only after the cluster that references "
                       "this role is created, so node actions use cluster/* limited by aws:ResourceAccount."))
        Validations.of(self._role).acknowledge(Acknowledgment(
            id="AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]",
            reason="KMS keys are the user's EBS volume keys; usable only through SageMaker (kms:ViaService)."))

    @property
    def role(self) -> iam.Role:
        """The role the cluster's ``ClusterRole`` names: HyperPod's Karpenter adds and deletes nodes with it."""
        return self._role

    @property
    def role_arn(self) -> str:
        """The role's ARN, for the cluster's ``ClusterRole``."""
        return self._role.role_arn
