"""The HyperPod inference operator as the EKS add-on ``amazon-sagemaker-hyperpod-inference``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from aws_cdk import Aws, CfnJson, Names, RemovalPolicy, Stack, aws_eks_v2 as eks, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from .nag import acknowledge, logical_id, managed_policy

ADDON_NAME = "amazon-sagemaker-hyperpod-inference"
OPERATOR_NAMESPACE = "hyperpod-inference-system"
OPERATOR_SERVICE_ACCOUNT = "hyperpod-inference-controller-manager"
ALB_SERVICE_ACCOUNT = "aws-load-balancer-controller"
KEDA_SERVICE_ACCOUNT = "keda-operator"
# The add-on requires the execution role's name to start with this prefix.
EXECUTION_ROLE_PREFIX = "SageMakerHyperPodInference"


@dataclass(frozen=True, kw_only=True)
class InferenceOperatorOptions:
    addon_version: Optional[str] = None  # None = the version EKS marks default for the cluster version
    jumpstart_gated_models: bool = False  # create the role that downloads gated JumpStart models
    alb: bool = True
    keda: bool = True


class InferenceOperator(Construct):
    """The operator add-on with its execution role, ALB-controller and KEDA roles (IRSA) and TLS bucket."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        cluster: eks.ICluster,
        oidc_provider: iam.IOidcProvider,
        hyperpod_cluster_arn: str,
        vpc_id: str,
        options: InferenceOperatorOptions = InferenceOperatorOptions(),
        removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
    ) -> None:
        super().__init__(scope, construct_id)
        self._oidc = oidc_provider
        self.tls_bucket = s3.Bucket(
            self, "TlsCertificates", encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL, versioned=True, removal_policy=removal_policy,
        )
        acknowledge(self.tls_bucket, "AwsSolutions-S1",
                    "Holds only the operator's generated TLS certificates; CloudTrail covers access.")

        self.execution_role = iam.Role(
            self, "ExecutionRole",
            # IAM names are global: the construct's unique id and the region keep two deployments apart.
            role_name=f"{EXECUTION_ROLE_PREFIX}{Names.unique_id(self)[-20:]}-{Aws.REGION}",
            assumed_by=iam.CompositePrincipal(
                iam.ServicePrincipal("sagemaker.amazonaws.com"),
                self._service_account_principal(OPERATOR_NAMESPACE, OPERATOR_SERVICE_ACCOUNT),
            ),
            managed_policies=[iam.ManagedPolicy.from_aws_managed_policy_name("AmazonSageMakerHyperPodInferenceAccess")],
            description="HyperPod inference operator: SageMaker endpoints, certificates, load balancers",
        )
        self.execution_role.add_to_policy(iam.PolicyStatement(
            actions=["s3:GetObject", "s3:PutObject", "s3:PutObjectTagging", "s3:DeleteObject"],
            resources=[self.tls_bucket.arn_for_objects("*")]))
        self.execution_role.add_to_policy(iam.PolicyStatement(
            actions=["s3:ListBucket"], resources=[self.tls_bucket.bucket_arn]))
        acknowledge(self.execution_role, "AwsSolutions-IAM4", "AmazonSageMakerHyperPodInferenceAccess is the policy "
                    "the add-on requires.", managed_policy("AmazonSageMakerHyperPodInferenceAccess"))
        acknowledge(self.execution_role, "AwsSolutions-IAM5", "Certificate objects are named at run time, inside the "
                    "operator's own TLS bucket.", f"Resource::<{logical_id(self.tls_bucket)}.Arn>/*")

        config: dict[str, Any] = {
            "executionRoleArn": self.execution_role.role_arn,
            "tlsCertificateS3Bucket": self.tls_bucket.bucket_name,
            "hyperpodClusterArn": hyperpod_cluster_arn,
        }
        self.alb_role: Optional[iam.Role] = None
        if options.alb:
            self.alb_role = self._alb_controller_role(vpc_id)
            config["alb"] = {"enabled": True, "serviceAccount": {"create": True, "roleArn": self.alb_role.role_arn}}
        self.keda_role: Optional[iam.Role] = None
        if options.keda:
            self.keda_role = self._keda_role()
            config["keda"] = {"enabled": True, "auth": {"aws": {"irsa": {"enabled": True, "roleArn": self.keda_role.role_arn}}}}
        self.gated_model_role: Optional[iam.Role] = None
        if options.jumpstart_gated_models:
            self.gated_model_role = self._gated_model_role()
            config["jumpstartGatedModelDownloadRoleArn"] = self.gated_model_role.role_arn

        self.addon = eks.Addon(self, "Addon", cluster=cluster, addon_name=ADDON_NAME,
                               addon_version=options.addon_version, configuration_values=config,
                               preserve_on_delete=False)

    @property
    def tls_certificate_s3_uri(self) -> str:
        return f"s3://{self.tls_bucket.bucket_name}/certificates"

    def _service_account_principal(self, namespace: str, service_account: str, like: bool = False) -> iam.IPrincipal:
        """IRSA trust for one service account; ``like`` allows wildcards in namespace/name."""
        issuer = self._oidc.open_id_connect_provider_issuer
        subject = f"system:serviceaccount:{namespace}:{service_account}"
        conditions = CfnJson(self, f"Trust{namespace}{service_account}".replace("*", "Any").replace("-", ""), value={
            f"{issuer}:sub": subject, f"{issuer}:aud": "sts.amazonaws.com"})
        operator = "StringLike" if like else "StringEquals"
        return iam.OpenIdConnectPrincipal(self._oidc, {operator: conditions})

    def _keda_role(self) -> iam.Role:
        role = iam.Role(self, "KedaRole", assumed_by=self._service_account_principal(OPERATOR_NAMESPACE, KEDA_SERVICE_ACCOUNT),
                        description="KEDA in the inference add-on: read CloudWatch and Amazon Managed Prometheus metrics")
        role.add_to_policy(iam.PolicyStatement(
            actions=["cloudwatch:GetMetricData", "cloudwatch:GetMetricStatistics", "cloudwatch:ListMetrics"],
            resources=["*"]))  # CloudWatch metric reads have no resource-level permissions.
        role.add_to_policy(iam.PolicyStatement(
            actions=["aps:QueryMetrics", "aps:GetLabels", "aps:GetSeries", "aps:GetMetricMetadata"],
            resources=[Stack.of(self).format_arn(service="aps", resource="workspace", resource_name="*")]))
        acknowledge(role, "AwsSolutions-IAM5", "CloudWatch metric reads have no resource-level permissions; any "
                    "workspace in this account and region may back a trigger.", "Resource::*",
                    "Resource::arn:<AWS::Partition>:aps:<AWS::Region>:<AWS::AccountId>:workspace/*")
        return role

    def _gated_model_role(self) -> iam.Role:
        stack = Stack.of(self)
        role = iam.Role(self, "GatedModelRole",
                        assumed_by=self._service_account_principal("*", "hyperpod-inference-service-account*", like=True),
                        description="Downloads gated JumpStart models for JumpStartModel deployments")
        role.add_to_policy(iam.PolicyStatement(
            actions=["sagemaker:CreateHubContentPresignedUrls"],
            resources=[stack.format_arn(service="sagemaker", resource="hub", resource_name="SageMakerPublicHub"),
                       stack.format_arn(service="sagemaker", resource="hub-content", resource_name="SageMakerPublicHub/*/*")]))
        acknowledge(role, "AwsSolutions-IAM5", "Any model in the public hub may be deployed; the hub itself is fixed.",
                    "Resource::arn:<AWS::Partition>:sagemaker:<AWS::Region>:<AWS::AccountId>:hub-content/SageMakerPublicHub/*/*")
        return role

    def _alb_controller_role(self, vpc_id: str) -> iam.Role:
        """The AWS Load Balancer Controller's permissions, limited to resources it tags as its own."""
        role = iam.Role(self, "AlbControllerRole",
                        assumed_by=self._service_account_principal(OPERATOR_NAMESPACE, ALB_SERVICE_ACCOUNT),
                        description="AWS Load Balancer Controller for inference endpoint Ingresses")
        owned = {"Null": {"aws:ResourceTag/elbv2.k8s.aws/cluster": "false"}}
        role.add_to_policy(iam.PolicyStatement(
            actions=["iam:CreateServiceLinkedRole"], resources=["*"],
            conditions={"StringEquals": {"iam:AWSServiceName": "elasticloadbalancing.amazonaws.com"}}))
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:Describe*", "elasticloadbalancing:Describe*", "acm:ListCertificates", "acm:DescribeCertificate",
                     "cognito-idp:DescribeUserPoolClient", "wafv2:GetWebACLForResource", "shield:GetSubscriptionState",
                     "ec2:GetSecurityGroupsForVpc"],
            resources=["*"]))
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:CreateSecurityGroup"],
            resources=[Stack.of(self).format_arn(service="ec2", resource="vpc", resource_name=vpc_id),
                       Stack.of(self).format_arn(service="ec2", resource="security-group", resource_name="*")]))
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:CreateTags"], resources=[Stack.of(self).format_arn(service="ec2", resource="security-group", resource_name="*")],
            conditions={"StringEquals": {"ec2:CreateAction": "CreateSecurityGroup"}}))
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:AuthorizeSecurityGroupIngress", "ec2:RevokeSecurityGroupIngress", "ec2:DeleteSecurityGroup",
                     "ec2:CreateTags", "ec2:DeleteTags"],
            resources=["*"], conditions=owned))
        role.add_to_policy(iam.PolicyStatement(
            actions=["elasticloadbalancing:CreateLoadBalancer", "elasticloadbalancing:CreateTargetGroup",
                     "elasticloadbalancing:AddTags"],
            resources=["*"], conditions={"Null": {"aws:RequestTag/elbv2.k8s.aws/cluster": "false"}}))
        role.add_to_policy(iam.PolicyStatement(
            actions=["elasticloadbalancing:ModifyLoadBalancerAttributes", "elasticloadbalancing:SetIpAddressType",
                     "elasticloadbalancing:SetSecurityGroups", "elasticloadbalancing:SetSubnets",
                     "elasticloadbalancing:DeleteLoadBalancer", "elasticloadbalancing:ModifyTargetGroup",
                     "elasticloadbalancing:ModifyTargetGroupAttributes", "elasticloadbalancing:DeleteTargetGroup",
                     "elasticloadbalancing:RegisterTargets", "elasticloadbalancing:DeregisterTargets",
                     "elasticloadbalancing:RemoveTags"],
            resources=["*"], conditions=owned))
        role.add_to_policy(iam.PolicyStatement(
            actions=["elasticloadbalancing:CreateListener", "elasticloadbalancing:DeleteListener",
                     "elasticloadbalancing:CreateRule", "elasticloadbalancing:DeleteRule",
                     "elasticloadbalancing:ModifyListener", "elasticloadbalancing:ModifyRule",
                     "elasticloadbalancing:AddListenerCertificates", "elasticloadbalancing:RemoveListenerCertificates",
                     "elasticloadbalancing:SetWebAcl"],
            resources=["*"]))
        acknowledge(role, "AwsSolutions-IAM5", "The controller creates load balancers, target groups and security "
                    "groups at run time; mutations are limited to resources carrying its elbv2.k8s.aws/cluster tag.",
                    "Resource::*", "Action::ec2:Describe*", "Action::elasticloadbalancing:Describe*",
                    "Resource::arn:<AWS::Partition>:ec2:<AWS::Region>:<AWS::AccountId>:security-group/*")
        return role

