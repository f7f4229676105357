"""One Lambda function that runs kubectl and Helm against the EKS cluster, for every custom resource that needs it.

HyperPod's dependency Helm chart (``Custom::HyperPodHelmChart``) and the platform's manifests
(``Custom::HyperPodManifests``) are served by the same function, so the 37 MB kubectl/Helm layer, the role,
the provider framework and the cluster-admin access entry exist once per platform.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Optional

from aws_cdk import (
    Acknowledgment, CustomResource, Duration, Size, Validations, aws_ec2 as ec2, aws_eks_v2 as eks,
    aws_iam as iam, aws_lambda as lambda_, aws_logs as logs, custom_resources as cr,
)
from aws_cdk.lambda_layer_kubectl_v33 import KubectlV33Layer
from constructs import Construct

from .function_role import function_role
from .nag import acknowledge_provider_framework

# The function's code is the delivery engine (hyperpod_constructs/delivery/engine), shipped as it is.
ENGINE_DIR = Path(__file__).resolve().parent.parent / "delivery" / "engine"
# The framework asks "done yet?" this often; each ask is one invocation of up to 15 minutes.
QUERY_INTERVAL = Duration.seconds(20)
# CloudFormation's wait for an answer beyond a request's own timeout: the last invocation and the reply.
ANSWER_MARGIN = Duration.minutes(5)
# The framework's own limit, a backstop behind every request's timeout (it answers only "Operation timed out").
FRAMEWORK_TIMEOUT = Duration.minutes(60)


class KubectlHandler(Construct):
    """The function (kubectl + Helm layer), its role (``eks:DescribeCluster`` on this cluster only, plus what a
    consumer grants), the provider framework and an EKS access entry giving the role cluster admin, which Helm
    needs for CRDs and cluster roles and the applier for any kind it applies. The cluster must use
    authentication mode API or API_AND_CONFIG_MAP. With ``vpc_subnets`` the function runs in the cluster's VPC
    (for a private endpoint); those subnets need a NAT route (Helm downloads the chart from GitHub).
    """

    def __init__(self, scope: Construct, construct_id: str, *, cluster: eks.ICluster,
                 vpc_subnets: Optional[ec2.SubnetSelection] = None) -> None:
        """The function and its access to ``cluster``.

        Args:
            cluster: The EKS cluster kubectl and Helm run against. Required.
            vpc_subnets: Subnets of the cluster's VPC to run the function in, with the cluster security group
                (needed for a private or CIDR-restricted API endpoint). Default: None (outside any VPC).
        """
        super().__init__(scope, construct_id)
        self._cluster = cluster
        log_group = logs.LogGroup(self, "Logs", retention=logs.RetentionDays.ONE_MONTH)
        self._role = function_role(self, "Role", log_group=log_group,
                                   description="Runs kubectl and Helm against the HyperPod EKS cluster")
        self._role.add_to_policy(iam.PolicyStatement(actions=["eks:DescribeCluster"], resources=[cluster.cluster_arn]))

        placement: dict[str, Any] = {}
        if vpc_subnets is not None:
            # The cluster security group admits its own members to the private API endpoint.
            placement = {"vpc": cluster.vpc, "vpc_subnets": vpc_subnets,
                         "security_groups": [cluster.cluster_security_group]}
            # A role passed to lambda.Function does not get the ENI permissions a VPC function needs.
            vpc_access = "service-role/AWSLambdaVPCAccessExecutionRole"
            self._role.add_managed_policy(iam.ManagedPolicy.from_aws_managed_policy_name(vpc_access))
            Validations.of(self._role).acknowledge(Acknowledgment(
                id=f"AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/{vpc_access}]",
                reason="AWS's policy for the network interfaces of a Lambda function in a VPC; "
                       "its EC2 actions only work with Resource '*'."))
        code = lambda_.Code.from_asset(str(ENGINE_DIR), exclude=["__pycache__", "*.pyc"])
        # onEvent only checks the request and stamps its deadline; isComplete does the work, one bounded
        # invocation after another, so no wait has to fit in one Lambda run.
        # It calls nothing, so its role may only write its logs, and it needs no network.
        on_event_role = function_role(self, "OnEventRole", log_group=log_group,
                                      description="Checks kubectl/Helm requests for the HyperPod EKS cluster")
        self._on_event_function = lambda_.Function(
            self, "OnEvent",
            description="Checks kubectl/Helm requests for the HyperPod EKS cluster and sets their deadline",
            runtime=lambda_.Runtime.PYTHON_3_14, handler="index.on_event", code=code, role=on_event_role,
            log_group=log_group, timeout=Duration.minutes(1), memory_size=256,
        )
        self._function = lambda_.Function(
            self, "Function",
            description="Runs kubectl and Helm against the HyperPod EKS cluster (dependency chart, manifests)",
            runtime=lambda_.Runtime.PYTHON_3_14,
            architecture=lambda_.Architecture.X86_64,  # the kubectl/helm layer ships x86-64 binaries
            handler="index.is_complete",
            code=code,
            layers=[KubectlV33Layer(self, "KubectlLayer")],
            role=self._role,
            log_group=log_group,
            timeout=Duration.minutes(15),
            memory_size=2048,  # helm unpacks and renders the GPU operator's CRDs; more memory is also more CPU
            ephemeral_storage_size=Size.gibibytes(2),
            **placement,
        )
        self._provider = cr.Provider(
            self, "Provider", on_event_handler=self._on_event_function, is_complete_handler=self._function,
            query_interval=QUERY_INTERVAL, total_timeout=FRAMEWORK_TIMEOUT)
        self._access_entry = eks.AccessEntry(
            self, "ClusterAdmin", cluster=cluster, principal=self._role.role_arn,
            access_policies=[eks.AccessPolicy.from_access_policy_name(
                "AmazonEKSClusterAdminPolicy", access_scope_type=eks.AccessScopeType.CLUSTER)],
        )
        acknowledge_provider_framework(self._provider, self._on_event_function, self._function)

    @property
    def cluster(self) -> eks.ICluster:
        """The cluster the function runs against."""
        return self._cluster

    @property
    def role(self) -> iam.Role:
        """The function's IAM role; consumers grant it what they need (e.g. reading the manifest bundle)."""
        return self._role

    @property
    def on_event_function(self) -> lambda_.Function:
        """The onEvent function, which the provider framework calls first for each request: a small function (no
        kubectl/Helm layer, one minute) that checks the request and stamps its deadline; ``function`` does the work
        in the isComplete invocations that follow."""
        return self._on_event_function

    @property
    def function(self) -> lambda_.Function:
        """The isComplete function: the Lambda function with the kubectl and Helm layer."""
        return self._function

    @property
    def provider(self) -> cr.Provider:
        """The CDK provider framework serving the custom resources (onEvent, then isComplete until done)."""
        return self._provider

    @property
    def access_entry(self) -> eks.AccessEntry:
        """The role's cluster-admin access entry; custom resources the function serves depend on it."""
        return self._access_entry

    @property
    def service_token(self) -> str:
        """The provider's service token, for a ``CustomResource`` the function serves."""
        return self._provider.service_token

    def custom_resource(self, scope: Construct, construct_id: str, *, resource_type: str,
                        properties: Mapping[str, Any], timeout: Duration) -> CustomResource:
        """A custom resource this function serves. ``timeout`` bounds each request from its first event: past it the
        request fails naming what it still waited for; CloudFormation waits ``ANSWER_MARGIN`` longer for the
        answer (``ServiceTimeout``), so even a lost answer fails the deploy in minutes rather than an hour."""
        return CustomResource(
            scope, construct_id, service_token=self.service_token, resource_type=resource_type,
            properties={**properties, "TimeoutSeconds": str(int(timeout.to_seconds()))},
            service_timeout=Duration.seconds(timeout.to_seconds() + ANSWER_MARGIN.to_seconds()))
