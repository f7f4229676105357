"""The HyperPod inference operator as the EKS add-on ``amazon-sagemaker-hyperpod-inference``."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Optional, Union

from aws_cdk import Aws, Names, RemovalPolicy, Stack, aws_eks_v2 as eks, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..catalog.operator_versions import INFERENCE_ADDON, addon_predates
from ..intent.names import check_k8s_name
from ..rules.operator_version import needs_operator
from ..type_checks import check_fields, default_marker
from .addons import owned_addon
from ..errors import require
from ..intent.inference_gateway import addon_version_problem
from .hyperpod_dependencies import HyperPodHelmChart
from .inference_gateway import InferenceGatewayController
from .irsa import service_account_principal
from .nag import acknowledge, logical_id, managed_policy

ADDON_NAME = INFERENCE_ADDON
OPERATOR_NAMESPACE = "hyperpod-inference-system"
OPERATOR_SERVICE_ACCOUNT = "hyperpod-inference-controller-manager"
ALB_SERVICE_ACCOUNT = "aws-load-balancer-controller"
KEDA_SERVICE_ACCOUNT = "keda-operator"
# The add-on requires the execution role's name to start with this prefix.
EXECUTION_ROLE_PREFIX = "SageMakerHyperPodInference"
PRIORITY_CLASS_OPERATOR = "3.7"  # the operator version whose chart has priorityClassName


@default_marker
class GroupsChart(enum.Enum):
    """The type of ``InferenceOperatorOptions.helm_chart``'s default: the dependency chart the instance groups need.
    Leave the field unset for it; there is nothing to build."""

    FOR_INSTANCE_GROUPS = "for-instance-groups"
    """The chart with what the instance groups need (the GPU operator for MIG groups, ...)."""


CHART_FOR_INSTANCE_GROUPS = GroupsChart.FOR_INSTANCE_GROUPS


@dataclass(frozen=True, kw_only=True)
class InferenceOperatorOptions:
    """The operator concern: the inference operator add-on and HyperPod's dependency Helm chart.

    ``helm_chart``: by default the chart the instance groups need (its GPU operator when a group uses MIG, set up
    to read custom MIG layouts); a ``HyperPodHelmChart(...)`` installs that one as given; ``None`` installs
    none (on an existing cluster whose owners installed it already).
    """

    addon_version: Optional[str] = None
    """The ``amazon-sagemaker-hyperpod-inference`` add-on version.
    Default: None (the version EKS marks default for the cluster's Kubernetes version)."""
    jumpstart_gated_models: bool = False
    """Create the IAM role the operator downloads gated JumpStart models with (``jumpstartGatedModelDownloadRoleArn``).
    Default: False (gated JumpStart models need ``gated_model_role_arn``)."""
    alb: bool = True
    """Turn on the add-on's AWS Load Balancer Controller, with its IRSA role; endpoints' ALBs need it.
    Default: True."""
    keda: bool = True
    """Turn on the add-on's KEDA, with its IRSA role reading AMP and CloudWatch; autoscaling needs it.
    Default: True."""
    helm_chart: Union[HyperPodHelmChart, None, GroupsChart] = CHART_FOR_INSTANCE_GROUPS
    """HyperPod's dependency Helm chart: a ``HyperPodHelmChart(...)`` installs that one as given; None installs none
    (an existing cluster whose owners installed it).
    Default: the chart the instance groups need (its GPU operator when a group uses MIG, set up to read custom MIG
    layouts)."""
    inference_gateway: bool = False
    """Turn on the add-on's Inference Gateway controller (``inferenceGateway.enabled``), with the IRSA role it issues
    certificates with, created before the add-on; ``platform.add_inference_gateway`` needs it. Needs add-on
    v2.0.0-eksbuild.2 or later.
    Default: False."""
    priority_class_name: Optional[str] = None
    """The PriorityClass of the operator's own Deployment (``priorityClassName``, operator v3.7: a value of its Helm
    chart, aws/sagemaker-hyperpod-cli PR #464, passed as the add-on configuration value of that name like the chart's
    other values; typed from the documentation, no published add-on schema). The PriorityClass must exist.
    Default: None (the chart's default: none)."""

    def __post_init__(self) -> None:
        check_fields(self, "operator")
        if self.priority_class_name is not None:
            check_k8s_name("operator", "priority_class_name", self.priority_class_name)
            if self.addon_version is not None and addon_predates(self.addon_version, PRIORITY_CLASS_OPERATOR):
                require(False, "operator", "priority_class_name", self.priority_class_name,
                        f"priority_class_name only with {needs_operator(PRIORITY_CLASS_OPERATOR, self.addon_version)}")
        require(isinstance(self.inference_gateway, bool), "operator", "inference_gateway", self.inference_gateway,
                "True or False")
        if self.inference_gateway and self.addon_version is not None:
            problem = addon_version_problem(self.addon_version)
            require(problem is None, "operator", "addon_version", self.addon_version, str(problem))


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
        self._tls_bucket = s3.Bucket(
            self, "TlsCertificates", encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL, versioned=True, removal_policy=removal_policy,
        )
        acknowledge(self._tls_bucket, "AwsSolutions-S1",
                    "Holds only the operator's generated TLS certificates; CloudTrail covers access.")

        self._execution_role = iam.Role(
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
        self._execution_role.add_to_policy(iam.PolicyStatement(
            actions=["s3:GetObject", "s3:PutObject", "s3:PutObjectTagging", "s3:DeleteObject"],
            resources=[self._tls_bucket.arn_for_objects("*")]))
        self._execution_role.add_to_policy(iam.PolicyStatement(
            actions=["s3:ListBucket"], resources=[self._tls_bucket.bucket_arn]))
        # AmazonSageMakerHyperPodInferenceAccess scopes DescribeEndpointConfig to "endpointconfig/*", which no
        # endpoint-config ARN matches; the operator reads back the configs it creates.
        self._execution_role.add_to_policy(iam.PolicyStatement(
            sid="DescribeEndpointConfigs", actions=["sagemaker:DescribeEndpointConfig"],
            resources=[Stack.of(self).format_arn(service="sagemaker", resource="endpoint-config", resource_name="*")]))
        acknowledge(self._execution_role, "AwsSolutions-IAM4", "AmazonSageMakerHyperPodInferenceAccess is the policy "
                    "the add-on requires.", managed_policy("AmazonSageMakerHyperPodInferenceAccess"))
        acknowledge(self._execution_role, "AwsSolutions-IAM5", "Certificate objects are named at run time, inside the "
                    "operator's own TLS bucket; endpoint configs are named by the operator at run time.",
                    f"Resource::<{logical_id(self._tls_bucket)}.Arn>/*",
                    "Resource::arn:<AWS::Partition>:sagemaker:<AWS::Region>:<AWS::AccountId>:endpoint-config/*")

        config: dict[str, Any] = {
            "executionRoleArn": self._execution_role.role_arn,
            "tlsCertificateS3Bucket": self._tls_bucket.bucket_name,
            "hyperpodClusterArn": hyperpod_cluster_arn,
        }
        self._alb_role: Optional[iam.Role] = None
        if options.alb:
            self._alb_role = self._alb_controller_role(vpc_id)
            config["alb"] = {"enabled": True, "serviceAccount": {"create": True, "roleArn": self._alb_role.role_arn}}
        self._keda_role: Optional[iam.Role] = None
        if options.keda:
            self._keda_role = self._new_keda_role()
            config["keda"] = {"enabled": True,
                              "auth": {"aws": {"irsa": {"enabled": True, "roleArn": self._keda_role.role_arn}}}}
        if options.priority_class_name is not None:
            config["priorityClassName"] = options.priority_class_name
        self._gated_model_role: Optional[iam.Role] = None
        if options.jumpstart_gated_models:
            self._gated_model_role = self._new_gated_model_role()
            config["jumpstartGatedModelDownloadRoleArn"] = self._gated_model_role.role_arn
        self._gateway_controller: Optional[InferenceGatewayController] = None
        if options.inference_gateway:
            self._gateway_controller = InferenceGatewayController(self, "GatewayController",
                                                                  oidc_provider=oidc_provider)
            config.update(self._gateway_controller.addon_configuration())

        self._addon = owned_addon(self, "Addon", cluster=cluster, addon_name=ADDON_NAME,
                                  addon_version=options.addon_version, configuration_values=config,
                                  preserve_on_delete=False)
        if self._gateway_controller is not None:  # the add-on refuses the key while the role does not exist
            self._addon.node.add_dependency(self._gateway_controller.role)

    @property
    def addon(self) -> eks.Addon:
        """The ``amazon-sagemaker-hyperpod-inference`` EKS add-on, configured with this construct's roles and bucket."""
        return self._addon

    @property
    def execution_role(self) -> iam.Role:
        """The operator's execution role (``executionRoleArn``): SageMaker endpoints, certificates, load balancers."""
        return self._execution_role

    @property
    def tls_bucket(self) -> s3.Bucket:
        """The bucket the operator keeps its generated TLS certificates in (``tlsCertificateS3Bucket``)."""
        return self._tls_bucket

    @property
    def tls_certificate_s3_uri(self) -> str:
        """Where in ``tls_bucket`` the certificates go: ``s3://<bucket>/certificates``."""
        return f"s3://{self._tls_bucket.bucket_name}/certificates"

    @property
    def alb_role(self) -> Optional[iam.Role]:
        """The AWS Load Balancer Controller's IRSA role, or None without ``alb``."""
        return self._alb_role

    @property
    def keda_role(self) -> Optional[iam.Role]:
        """KEDA's IRSA role, reading CloudWatch and Amazon Managed Prometheus metrics, or None without ``keda``."""
        return self._keda_role

    @property
    def gated_model_role(self) -> Optional[iam.Role]:
        """The role the operator downloads gated JumpStart models with, or None without ``jumpstart_gated_models``."""
        return self._gated_model_role

    @property
    def gateway_controller(self) -> Optional[InferenceGatewayController]:
        """The Inference Gateway controller's role and add-on keys, or None without ``inference_gateway``."""
        return self._gateway_controller

    def _service_account_principal(self, namespace: str, service_account: str, like: bool = False) -> iam.IPrincipal:
        return service_account_principal(self, self._oidc, namespace, service_account, like)

    def _new_keda_role(self) -> iam.Role:
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

    def _new_gated_model_role(self) -> iam.Role:
        stack = Stack.of(self)
        role = iam.Role(self, "GatedModelRole",
                        assumed_by=self._service_account_principal("*", "hyperpod-inference-service-account*", like=True),
                        description="Downloads gated JumpStart models for JumpStartModel deployments")
        role.add_to_policy(iam.PolicyStatement(
            actions=["sagemaker:CreateHubContentPresignedUrls"],
            # SageMaker's public hub is owned by the account "aws", not the user's account.
            resources=[stack.format_arn(service="sagemaker", account="aws", resource="hub",
                                        resource_name="SageMakerPublicHub"),
                       stack.format_arn(service="sagemaker", account="aws", resource="hub-content",
                                        resource_name="SageMakerPublicHub/*/*")]))
        acknowledge(role, "AwsSolutions-IAM5", "Any model in the public hub may be deployed; the hub itself is fixed.",
                    "Resource::arn:<AWS::Partition>:sagemaker:<AWS::Region>:aws:hub-content/SageMakerPublicHub/*/*")
        return role

    def _alb_controller_role(self, vpc_id: str) -> iam.Role:
        """The AWS Load Balancer Controller's published IAM policy (v2.13, as AWS's quick setup attaches it),
        with account/region-scoped ARNs. Ingress to the node security group (untagged, not the controller's) is
        allowed on security groups of the platform's VPC only: the controller opens it to its ALB."""
        role = iam.Role(self, "AlbControllerRole",
                        assumed_by=self._service_account_principal(OPERATOR_NAMESPACE, ALB_SERVICE_ACCOUNT),
                        description="AWS Load Balancer Controller for inference endpoint Ingresses")
        stack = Stack.of(self)

        def arn(service: str, resource: str, name: str) -> str:
            return stack.format_arn(service=service, resource=resource, resource_name=name)

        security_groups = arn("ec2", "security-group", "*")
        vpc_arn = arn("ec2", "vpc", vpc_id)
        balancers = [arn("elasticloadbalancing", "targetgroup", "*/*"),
                     arn("elasticloadbalancing", "loadbalancer", "net/*/*"),
                     arn("elasticloadbalancing", "loadbalancer", "app/*/*")]
        listeners = [arn("elasticloadbalancing", kind, f"{lb}/*/*/*")
                     for kind in ("listener", "listener-rule") for lb in ("net", "app")]
        tag = "elbv2.k8s.aws/cluster"
        owned = {"Null": {f"aws:ResourceTag/{tag}": "false"}}
        untouched_tag = {"Null": {f"aws:RequestTag/{tag}": "true", f"aws:ResourceTag/{tag}": "false"}}
        statements = [
            iam.PolicyStatement(
                sid="ServiceLinkedRole", actions=["iam:CreateServiceLinkedRole"], resources=["*"],
                conditions={"StringEquals": {"iam:AWSServiceName": "elasticloadbalancing.amazonaws.com"}}),
            iam.PolicyStatement(sid="Describe", actions=[
                "ec2:DescribeAccountAttributes", "ec2:DescribeAddresses", "ec2:DescribeAvailabilityZones",
                "ec2:DescribeInternetGateways", "ec2:DescribeVpcs", "ec2:DescribeVpcPeeringConnections",
                "ec2:DescribeSubnets", "ec2:DescribeSecurityGroups", "ec2:DescribeInstances",
                "ec2:DescribeNetworkInterfaces", "ec2:DescribeTags", "ec2:GetCoipPoolUsage", "ec2:DescribeCoipPools",
                "ec2:GetSecurityGroupsForVpc", "ec2:DescribeIpamPools", "ec2:DescribeRouteTables",
                "elasticloadbalancing:DescribeLoadBalancers", "elasticloadbalancing:DescribeLoadBalancerAttributes",
                "elasticloadbalancing:DescribeListeners", "elasticloadbalancing:DescribeListenerCertificates",
                "elasticloadbalancing:DescribeSSLPolicies", "elasticloadbalancing:DescribeRules",
                "elasticloadbalancing:DescribeTargetGroups", "elasticloadbalancing:DescribeTargetGroupAttributes",
                "elasticloadbalancing:DescribeTargetHealth", "elasticloadbalancing:DescribeTags",
                "elasticloadbalancing:DescribeTrustStores", "elasticloadbalancing:DescribeListenerAttributes",
                "elasticloadbalancing:DescribeCapacityReservation"], resources=["*"]),
            iam.PolicyStatement(sid="CertificatesFirewallsShield", actions=[
                "cognito-idp:DescribeUserPoolClient", "acm:ListCertificates", "acm:DescribeCertificate",
                "iam:ListServerCertificates", "iam:GetServerCertificate",
                "waf-regional:GetWebACL", "waf-regional:GetWebACLForResource", "waf-regional:AssociateWebACL",
                "waf-regional:DisassociateWebACL", "wafv2:GetWebACL", "wafv2:GetWebACLForResource",
                "wafv2:AssociateWebACL", "wafv2:DisassociateWebACL", "shield:GetSubscriptionState",
                "shield:DescribeProtection", "shield:CreateProtection", "shield:DeleteProtection"], resources=["*"]),
            # The published policy allows this on every group; here only on groups in the platform's VPC.
            iam.PolicyStatement(
                sid="OpenVpcSecurityGroupsToLoadBalancers",
                actions=["ec2:AuthorizeSecurityGroupIngress", "ec2:RevokeSecurityGroupIngress"],
                resources=[security_groups], conditions={"ArnEquals": {"ec2:Vpc": vpc_arn}}),
            iam.PolicyStatement(sid="CreateSecurityGroup", actions=["ec2:CreateSecurityGroup"],
                                resources=[vpc_arn, security_groups]),
            iam.PolicyStatement(
                sid="TagNewSecurityGroup", actions=["ec2:CreateTags"], resources=[security_groups],
                conditions={"StringEquals": {"ec2:CreateAction": "CreateSecurityGroup"},
                            "Null": {f"aws:RequestTag/{tag}": "false"}}),
            iam.PolicyStatement(sid="TagOwnSecurityGroups", actions=["ec2:CreateTags", "ec2:DeleteTags"],
                                resources=[security_groups], conditions=untouched_tag),
            iam.PolicyStatement(
                sid="ManageOwnSecurityGroups",
                actions=["ec2:AuthorizeSecurityGroupIngress", "ec2:RevokeSecurityGroupIngress", "ec2:DeleteSecurityGroup"],
                resources=[security_groups], conditions=owned),
            iam.PolicyStatement(
                sid="CreateTaggedBalancers",
                actions=["elasticloadbalancing:CreateLoadBalancer", "elasticloadbalancing:CreateTargetGroup"],
                resources=["*"], conditions={"Null": {f"aws:RequestTag/{tag}": "false"}}),
            iam.PolicyStatement(sid="ListenersAndRules", actions=[
                "elasticloadbalancing:CreateListener", "elasticloadbalancing:DeleteListener",
                "elasticloadbalancing:CreateRule", "elasticloadbalancing:DeleteRule"], resources=["*"]),
            iam.PolicyStatement(sid="TagOwnBalancers",
                                actions=["elasticloadbalancing:AddTags", "elasticloadbalancing:RemoveTags"],
                                resources=balancers, conditions=untouched_tag),
            iam.PolicyStatement(sid="TagListenersAndRules",
                                actions=["elasticloadbalancing:AddTags", "elasticloadbalancing:RemoveTags"],
                                resources=listeners),
            iam.PolicyStatement(sid="ModifyOwnBalancers", actions=[
                "elasticloadbalancing:ModifyLoadBalancerAttributes", "elasticloadbalancing:SetIpAddressType",
                "elasticloadbalancing:SetSecurityGroups", "elasticloadbalancing:SetSubnets",
                "elasticloadbalancing:DeleteLoadBalancer", "elasticloadbalancing:ModifyTargetGroup",
                "elasticloadbalancing:ModifyTargetGroupAttributes", "elasticloadbalancing:DeleteTargetGroup",
                "elasticloadbalancing:ModifyListenerAttributes", "elasticloadbalancing:ModifyCapacityReservation",
                "elasticloadbalancing:ModifyIpPools"], resources=["*"], conditions=owned),
            iam.PolicyStatement(
                sid="TagOnCreate", actions=["elasticloadbalancing:AddTags"], resources=balancers,
                conditions={"StringEquals": {"elasticloadbalancing:CreateAction": ["CreateTargetGroup", "CreateLoadBalancer"]},
                            "Null": {f"aws:RequestTag/{tag}": "false"}}),
            iam.PolicyStatement(sid="Targets", actions=["elasticloadbalancing:RegisterTargets",
                                                        "elasticloadbalancing:DeregisterTargets"],
                                resources=[balancers[0]]),
            iam.PolicyStatement(sid="ListenerSettings", actions=[
                "elasticloadbalancing:SetWebAcl", "elasticloadbalancing:ModifyListener",
                "elasticloadbalancing:AddListenerCertificates", "elasticloadbalancing:RemoveListenerCertificates",
                "elasticloadbalancing:ModifyRule", "elasticloadbalancing:SetRulePriorities"], resources=["*"]),
        ]
        for statement in statements:
            role.add_to_policy(statement)
        prefix = "Resource::arn:<AWS::Partition>:"
        acknowledge(role, "AwsSolutions-IAM5", "The AWS Load Balancer Controller's published policy: it creates load "
                    "balancers, target groups, listeners and security groups at run time; mutations of those are "
                    "limited to resources carrying its elbv2.k8s.aws/cluster tag, ingress rules to the platform's VPC; "
                    "Describe and certificate/WAF/Shield calls have no resource-level permissions.",
                    "Resource::*", f"{prefix}ec2:<AWS::Region>:<AWS::AccountId>:security-group/*",
                    *[f"{prefix}elasticloadbalancing:<AWS::Region>:<AWS::AccountId>:{name}" for name in (
                        "targetgroup/*/*", "loadbalancer/net/*/*", "loadbalancer/app/*/*", "listener/net/*/*/*",
                        "listener/app/*/*/*", "listener-rule/net/*/*/*", "listener-rule/app/*/*/*")])
        return role
