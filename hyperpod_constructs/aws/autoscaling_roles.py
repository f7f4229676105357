"""IAM for the two autoscaling layers: the HyperPod cluster role Karpenter acts with, and KEDA's identity.

- ``KarpenterClusterRole``: the ``ClusterRole`` of ``AWS::SageMaker::Cluster`` when
  ``AutoScaling {Mode: Enable, AutoScalerType: Karpenter}``; HyperPod's managed Karpenter uses it to add
  and remove nodes.
- ``KedaOperatorRole``: what the KEDA operator (bundled by the inference-operator add-on) reads metrics
  with, handed to it by an EKS Pod Identity association.
"""
from __future__ import annotations

from typing import Optional

from aws_cdk import Acknowledgment, Stack, Validations, aws_eks as eks, aws_iam as iam
from constructs import Construct

KEDA_NAMESPACE = "hyperpod-inference-system"  # where the add-on installs KEDA (facts 3.2)
KEDA_SERVICE_ACCOUNT = "keda-operator"  # KEDA chart's operator service account name


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
        self.role = iam.Role(
            self, "Role",
            assumed_by=iam.ServicePrincipal("hyperpod.sagemaker.amazonaws.com"),
            description="HyperPod cluster role: managed Karpenter adds and removes nodes",
        )
        cluster_resource = cluster_arn or stack.format_arn(service="sagemaker", resource="cluster", resource_name="*")
        self.role.add_to_policy(iam.PolicyStatement(
            sid="KarpenterNodeLifecycle",
            actions=["sagemaker:BatchAddClusterNodes", "sagemaker:BatchDeleteClusterNodes"],
            resources=[cluster_resource],
            conditions={"StringEquals": {"aws:ResourceAccount": stack.account}},
        ))
        self.role.add_to_policy(iam.PolicyStatement(
            sid="NodeVolumeEncryption",
            actions=["kms:CreateGrant", "kms:DescribeKey"],
            resources=[stack.format_arn(service="kms", resource="key", resource_name="*")],
            conditions={"StringEquals": {"kms:ViaService": f"sagemaker.{stack.region}.amazonaws.com"}},
        ))
        # cdk-nag v3: each IAM5 finding is acknowledged by its own id, on this role only.
        if cluster_arn is None:
            Validations.of(self.role).acknowledge(Acknowledgment(
                id="AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:sagemaker:<AWS::Region>:<AWS::AccountId>:cluster/*]",
                reason="The HyperPod cluster ARN (service-generated id) exists only after the cluster that references "
                       "this role is created, so node actions use cluster/* limited by aws:ResourceAccount."))
        Validations.of(self.role).acknowledge(Acknowledgment(
            id="AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]",
            reason="KMS keys are the user's EBS volume keys; usable only through SageMaker (kms:ViaService)."))

    @property
    def role_arn(self) -> str:
        return self.role.role_arn


class KedaOperatorRole(Construct):
    """KEDA's AWS identity: read CloudWatch metrics and query one AMP workspace, via EKS Pod Identity.

    Trust is ``pods.eks.amazonaws.com`` (``sts:AssumeRole`` + ``sts:TagSession``) from this account's
    cluster ``cluster_name``. The association binds the role to ``namespace``/``service_account``
    (defaults: the inference-operator add-on's ``hyperpod-inference-system`` / ``keda-operator``); set
    ``associate=False`` when KEDA gets the role some other way (e.g. the add-on's IRSA setting).
    Needs the ``eks-pod-identity-agent`` add-on on the cluster, and KEDA pods started after the association.
    """

    def __init__(self, scope: Construct, construct_id: str, *, cluster_name: str,
                 amp_workspace_arn: Optional[str] = None, namespace: str = KEDA_NAMESPACE,
                 service_account: str = KEDA_SERVICE_ACCOUNT, associate: bool = True) -> None:
        super().__init__(scope, construct_id)
        stack = Stack.of(self)
        self.namespace = namespace
        self.service_account = service_account
        self.role = iam.Role(
            self, "Role",
            assumed_by=iam.SessionTagsPrincipal(iam.ServicePrincipal("pods.eks.amazonaws.com")).with_conditions({
                "StringEquals": {"aws:SourceAccount": stack.account},
                "ArnEquals": {"aws:SourceArn": stack.format_arn(service="eks", resource="cluster",
                                                                 resource_name=cluster_name)},
            }),
            description="KEDA operator: read CloudWatch and AMP metrics for pod autoscaling",
        )
        self.role.add_to_policy(iam.PolicyStatement(
            sid="CloudWatchMetricsRead",
            actions=["cloudwatch:GetMetricData", "cloudwatch:GetMetricStatistics", "cloudwatch:ListMetrics"],
            resources=["*"],  # these CloudWatch read actions have no resource-level permissions
        ))
        if amp_workspace_arn is not None:
            self.role.add_to_policy(iam.PolicyStatement(
                sid="PrometheusQuery",
                actions=["aps:QueryMetrics", "aps:GetLabels", "aps:GetSeries", "aps:GetMetricMetadata"],
                resources=[amp_workspace_arn],
            ))
        Validations.of(self.role).acknowledge(Acknowledgment(
            id="AwsSolutions-IAM5[Resource::*]",
            reason="cloudwatch:GetMetricData, GetMetricStatistics and ListMetrics do not support resource-level "
                   "permissions; AMP access is limited to one workspace."))
        self.association: Optional[eks.CfnPodIdentityAssociation] = None
        if associate:
            self.association = eks.CfnPodIdentityAssociation(
                self, "PodIdentityAssociation", cluster_name=cluster_name, namespace=namespace,
                service_account=service_account, role_arn=self.role.role_arn,
            )

    @property
    def role_arn(self) -> str:
        return self.role.role_arn
