"""A typed L2 over AWS::SageMaker::Cluster for EKS orchestration."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Sequence

from aws_cdk import (ArnFormat, RemovalPolicy, Stack, aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam, aws_s3 as s3,
                     aws_s3_deployment as s3deploy, aws_sagemaker as sagemaker)
from constructs import Construct

from ..catalog import limits
from ..errors import require
from ..intent.cluster import ClusterSettings
from ..intent.auto_patch import AutoPatch, BatchSize
from ..intent.instance_group import InstanceGroup
from .cluster_reference import ClusterGrants, IHyperPodCluster, _ImportedHyperPodCluster
from .eks import HyperPodEks
from .nag import acknowledge, logical_id, managed_policy
from .network import HyperPodNetwork

LIFECYCLE_DIR = Path(__file__).resolve().parents[1] / "assets" / "lifecycle"


def group_labels(group: InstanceGroup) -> dict[str, str]:
    """The group's own labels plus ``nvidia.com/mig.config`` when it has a MIG layout."""
    layout = group.mig_layout
    return {**group.labels, **(layout.node_labels if layout else {})}


def render_instance_group(group: InstanceGroup, execution_role_arn: str, lifecycle_uri: str,
                          vpc_override: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """One ``InstanceGroups[]`` entry in CloudFormation's shape (plain values, no jsii calls)."""
    rendered: dict[str, Any] = {
        "InstanceGroupName": group.name,
        "InstanceType": group.instance_type,
        "InstanceCount": group.count,
        "ExecutionRole": execution_role_arn,
        "LifeCycleConfig": {"SourceS3Uri": lifecycle_uri, "OnCreate": "on_create.sh"},
    }
    if group.min_count is not None:
        rendered["MinInstanceCount"] = group.min_count
    if group.threads_per_core is not None:
        rendered["ThreadsPerCore"] = group.threads_per_core
    if group.ebs_volume_gib is not None:
        rendered["InstanceStorageConfigs"] = [{"EbsVolumeConfig": {"VolumeSizeInGB": group.ebs_volume_gib}}]
    if group.deep_health_checks:
        rendered["OnStartDeepHealthChecks"] = list(group.deep_health_checks)
    labels = group_labels(group)
    if labels or group.taints:
        config: dict[str, Any] = {}
        if labels:
            config["Labels"] = labels
        if group.taints:
            config["Taints"] = [
                {"Key": taint.key, "Effect": taint.effect, **({"Value": taint.value} if taint.value else {})}
                for taint in group.taints
            ]
        rendered["KubernetesConfig"] = config
    if group.training_plan_arn is not None:
        rendered["TrainingPlanArn"] = group.training_plan_arn
    if group.capacity_type is not None:
        rendered["CapacityRequirements"] = {"Spot": {}} if group.capacity_type == "spot" else {"OnDemand": {}}
    if group.image_id is not None:
        rendered["ImageId"] = group.image_id
    if group.image_release_version is not None:
        rendered["ImageReleaseVersion"] = group.image_release_version
    if group.auto_patch is not None and group.auto_patch.in_cloudformation:
        # DrainFirst is the API's only: ``python -m hyperpod_constructs.patching`` applies it after deploy.
        rendered["AutoPatchConfig"] = render_auto_patch(group.auto_patch)
    if vpc_override is not None:
        rendered["OverrideVpcConfig"] = vpc_override
    return rendered


_CAPACITY_TYPES = {"instances": "INSTANCE_COUNT", "percent": "CAPACITY_PERCENTAGE"}  # CapacitySizeConfig.Type


def _capacity_size(batch: BatchSize) -> dict[str, Any]:
    return {"Type": _CAPACITY_TYPES[batch.unit], "Value": batch.value}


def render_auto_patch(patch: AutoPatch) -> dict[str, Any]:
    """``AutoPatchConfig`` in CloudFormation's shape, which is also the API's (``ClusterAutoPatchConfig``; a DrainFirst
    config adds the API-only ``DrainPolicy``); ``PatchSchedule`` is left out: HyperPod sets its ``NextPatchDate``
    (read-only)."""
    deployment: dict[str, Any] = {}
    if patch.batch_size is not None:
        policy: dict[str, Any] = {"MaximumBatchSize": _capacity_size(patch.batch_size)}
        if patch.rollback_batch_size is not None:
            policy["RollbackMaximumBatchSize"] = _capacity_size(patch.rollback_batch_size)
        deployment["RollingUpdatePolicy"] = policy
    if patch.wait_seconds is not None:
        deployment["WaitIntervalInSeconds"] = patch.wait_seconds
    if patch.rollback_alarms:
        deployment["AutoRollbackConfiguration"] = [{"AlarmName": alarm} for alarm in patch.rollback_alarms]
    config: dict[str, Any] = {"PatchingStrategy": patch.strategy}
    if deployment:
        config["DeploymentConfig"] = deployment
    drain: dict[str, Any] = {}
    if patch.drain_timeout_s is not None:
        drain["DrainTimeoutInSeconds"] = patch.drain_timeout_s
    if patch.on_drain_timeout is not None:
        drain["OnDrainTimeout"] = patch.on_drain_timeout
    if drain:
        config["DrainPolicy"] = drain
    return config


class HyperPodCluster(ClusterGrants, Construct):
    """The HyperPod cluster: instance groups, lifecycle scripts, execution role, recovery and scaling.

    Lifecycle scripts ship as an asset (``assets/lifecycle``, a working ``on_create.sh``) copied to a
    private, encrypted bucket. Pass ``lifecycle_scripts`` to ship your own folder instead. A second stack reuses
    the cluster through ``HyperPodCluster.from_cluster_attributes`` (both are an ``IHyperPodCluster``);
    ``grant_describe`` lets a role of yours read the cluster and its nodes.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        eks_cluster: HyperPodEks,
        network: HyperPodNetwork,
        instance_groups: Sequence[InstanceGroup],
        settings: ClusterSettings = ClusterSettings(),
        cluster_role: Optional[iam.IRole] = None,
        single_az_groups: Sequence[str] = (),
        lifecycle_scripts: Optional[Path] = None,
        removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
    ) -> None:
        """The cluster on ``eks_cluster``; the platform makes it from ``instance_groups=`` and ``cluster=``.

        Args:
            eks_cluster: The EKS cluster the HyperPod cluster is orchestrated by. Required.
            network: The subnets and security groups its nodes use. Required.
            instance_groups: The instance groups (1 to 100). Required.
            settings: The cluster's name, node recovery, provisioning mode and tiered storage.
                Default: ``ClusterSettings()`` (a generated name, automatic node recovery).
            cluster_role: The role HyperPod-managed Karpenter uses. Default: None (no node autoscaling).
            single_az_groups: Groups whose nodes stay in the first HyperPod subnet (those Karpenter scales).
                Default: none.
            lifecycle_scripts: A folder of lifecycle scripts to ship instead of the library's (``on_create.sh``
                first). Default: None (``assets/lifecycle``).
            removal_policy: What happens to the lifecycle scripts bucket when it leaves the stack (compute is always
                deleted). Default: ``RemovalPolicy.RETAIN`` (kept).
        """
        super().__init__(scope, construct_id)
        where = self.node.path
        require(limits.INSTANCE_GROUPS_MIN <= len(instance_groups) <= limits.INSTANCE_GROUPS_MAX, where,
                "instance_groups", f"{len(instance_groups)} groups", "1 to 100 instance groups")
        # Unique group names: the platform's rule instance-group-names-unique (rules).
        self._instance_groups = tuple(instance_groups)
        self._settings = settings
        self._eks_cluster = eks_cluster.cluster
        self._security_groups = tuple(network.security_groups)

        self._lifecycle_bucket = s3.Bucket(
            self, "LifecycleScripts", encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL, versioned=True,
            removal_policy=removal_policy, auto_delete_objects=False,
        )
        acknowledge(self.lifecycle_bucket, "AwsSolutions-S1",
                    "Holds only the lifecycle scripts; CloudTrail data events cover access.")
        deployment = s3deploy.BucketDeployment(
            self, "LifecycleScriptsDeployment", destination_bucket=self.lifecycle_bucket,
            destination_key_prefix="lifecycle", sources=[s3deploy.Source.asset(str(lifecycle_scripts or LIFECYCLE_DIR))],
        )
        lifecycle_uri = self.lifecycle_bucket.s3_url_for_object("lifecycle")

        self._role = self._execution_role(network, eks_cluster.cluster.cluster_arn)
        self._acknowledge_bucket_deployment()
        node_access = eks_cluster.grant_hyperpod_nodes(self.execution_role)

        props: dict[str, Any] = {
            "orchestrator": {"eks": {"clusterArn": eks_cluster.cluster.cluster_arn}},
            "vpc_config": {
                "securityGroupIds": [group.security_group_id for group in network.security_groups],
                "subnets": [subnet.subnet_id for subnet in network.hyperpod_subnets],
            },
            "node_recovery": settings.node_recovery,
        }
        if settings.name:
            props["cluster_name"] = settings.name
        if settings.node_provisioning_mode:
            props["node_provisioning_mode"] = settings.node_provisioning_mode
        if settings.tiered_storage is not None:
            tiered: dict[str, Any] = {"mode": "Enable" if settings.tiered_storage.enabled else "Disable"}
            if settings.tiered_storage.memory_percent is not None:
                tiered["instanceMemoryAllocationPercentage"] = settings.tiered_storage.memory_percent
            props["tiered_storage_config"] = tiered
        if cluster_role is not None:
            props["auto_scaling"] = {"mode": "Enable", "autoScalerType": "Karpenter"}
            props["cluster_role"] = cluster_role.role_arn
        self._resource = sagemaker.CfnCluster(self, "Resource", **props)
        # HyperPod-managed Karpenter needs each autoscaled group's subnets in one Availability Zone: those
        # groups use the first HyperPod subnet (where the model store lives too).
        single_az = {"SecurityGroupIds": props["vpc_config"]["securityGroupIds"],
                     "Subnets": [network.hyperpod_subnets[0].subnet_id]}
        # InstanceGroups go in as finished CloudFormation values: one jsii call however many groups.
        self.resource.add_property_override("InstanceGroups", [
            render_instance_group(group, self.execution_role.role_arn, lifecycle_uri,
                                  single_az if group.name in single_az_groups else None)
            for group in instance_groups
        ])
        # Compute is never retained: a retained cluster keeps billing and its nodes' network interfaces block
        # deleting the subnets and security groups. (removal_policy applies to the lifecycle bucket only.)
        self.resource.apply_removal_policy(RemovalPolicy.DESTROY)
        self.resource.node.add_dependency(deployment, *eks_cluster.network_addons)
        if node_access is not None:
            self.resource.node.add_dependency(node_access)
        self._cluster_arn = self.resource.attr_cluster_arn

    @staticmethod
    def from_cluster_attributes(scope: Construct, construct_id: str, *, cluster_arn: str, eks_cluster: eks.ICluster,
                                security_groups: Sequence[ec2.ISecurityGroup] = (),
                                cluster_name: Optional[str] = None) -> IHyperPodCluster:
        """A HyperPod cluster another stack created, for a second stack (values from its outputs or
        ``Fn.import_value``; CloudFormation tokens are allowed).

        Args:
            cluster_arn: The cluster's ARN (``arn:aws:sagemaker:<region>:<account>:cluster/<id>``). Required.
            eks_cluster: The EKS cluster it is orchestrated by (``aws_eks_v2.Cluster.from_cluster_attributes``).
                Required.
            security_groups: The security groups of its nodes. Default: none.
            cluster_name: The cluster's name. Default: None (unknown; HyperPod's APIs accept the ARN).
        """
        return _ImportedHyperPodCluster(scope, construct_id, cluster_arn=cluster_arn, eks_cluster=eks_cluster,
                                        security_groups=security_groups, cluster_name=cluster_name)

    @property
    def cluster_arn(self) -> str:
        """The cluster's ARN (a CloudFormation token)."""
        return self._cluster_arn

    @property
    def cluster_name(self) -> Optional[str]:
        """The cluster's name (``ClusterSettings.name``), or None when CloudFormation generates it."""
        return self._settings.name

    @property
    def eks_cluster(self) -> eks.ICluster:
        """The EKS cluster the HyperPod cluster is orchestrated by."""
        return self._eks_cluster

    @property
    def security_groups(self) -> tuple[ec2.ISecurityGroup, ...]:
        """The security groups of the cluster's nodes (the network's)."""
        return self._security_groups

    @property
    def instance_groups(self) -> tuple[InstanceGroup, ...]:
        """The instance groups, as given."""
        return self._instance_groups

    @property
    def settings(self) -> ClusterSettings:
        """The ``cluster=`` settings, as given."""
        return self._settings

    @property
    def lifecycle_bucket(self) -> s3.Bucket:
        """The private bucket the lifecycle scripts are copied to (``lifecycle/``)."""
        return self._lifecycle_bucket

    @property
    def execution_role(self) -> iam.Role:
        """The instance groups' execution role: join EKS, manage pod ENIs, pull images, read the lifecycle scripts."""
        return self._role

    @property
    def resource(self) -> sagemaker.CfnCluster:
        """The ``AWS::SageMaker::Cluster`` resource (the escape hatch for properties not modelled)."""
        return self._resource

    def _execution_role(self, network: HyperPodNetwork, eks_cluster_arn: str) -> iam.Role:
        role = iam.Role(
            self, "ExecutionRole", assumed_by=iam.ServicePrincipal("sagemaker.amazonaws.com"),
            description="HyperPod instance groups: join EKS, manage pod ENIs, pull images, read lifecycle scripts",
            managed_policies=[iam.ManagedPolicy.from_aws_managed_policy_name("AmazonSageMakerClusterInstanceRolePolicy")],
        )
        stack = Stack.of(self)
        subnet_arns = [stack.format_arn(service="ec2", resource="subnet", resource_name=subnet.subnet_id)
                       for subnet in network.hyperpod_subnets]
        group_arns = [stack.format_arn(service="ec2", resource="security-group", resource_name=group.security_group_id)
                      for group in network.security_groups]
        eni_arn = stack.format_arn(service="ec2", resource="network-interface", resource_name="*")
        # The VPC CNI on HyperPod nodes creates and wires pod ENIs (same permissions the CNI policy grants).
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:CreateNetworkInterface", "ec2:CreateNetworkInterfacePermission"],
            resources=[*subnet_arns, *group_arns, eni_arn],
        ))
        role.add_to_policy(iam.PolicyStatement(
            actions=["ec2:AssignPrivateIpAddresses", "ec2:UnassignPrivateIpAddresses", "ec2:AttachNetworkInterface",
                     "ec2:DetachNetworkInterface", "ec2:DeleteNetworkInterface", "ec2:DeleteNetworkInterfacePermission",
                     "ec2:ModifyNetworkInterfaceAttribute"],
            resources=[eni_arn, stack.format_arn(service="ec2", resource="instance", resource_name="*")],
        ))
        role.add_to_policy(iam.PolicyStatement(actions=["ec2:CreateTags"], resources=[eni_arn]))
        role.add_to_policy(iam.PolicyStatement(actions=["s3:ListBucket"], resources=[self.lifecycle_bucket.bucket_arn]))
        role.add_to_policy(iam.PolicyStatement(
            actions=["s3:GetObject"], resources=[self.lifecycle_bucket.arn_for_objects("lifecycle/*")]))
        role.add_to_policy(iam.PolicyStatement(
            sid="VpcCniDescribe",
            actions=["ec2:DescribeInstances", "ec2:DescribeTags", "ec2:DescribeNetworkInterfaces",
                     "ec2:DescribeInstanceTypes", "ec2:DescribeSubnets", "ec2:DescribeVpcs", "ec2:DescribeDhcpOptions",
                     "ec2:DescribeSecurityGroups"],
            resources=["*"],  # Describe* calls do not support resource-level permissions.
        ))
        # kubelet pulls the add-on and HyperPod agent images from ECR (AWS-owned registries in other accounts,
        # and the user's own): the managed policy has no ECR actions, so nodes would stay NotReady without these.
        role.add_to_policy(iam.PolicyStatement(
            sid="EcrAuthorization", actions=["ecr:GetAuthorizationToken"], resources=["*"]))  # no resource type
        role.add_to_policy(iam.PolicyStatement(
            sid="EcrImagePull",
            actions=["ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer", "ecr:BatchCheckLayerAvailability"],
            resources=[stack.format_arn(service="ecr", region="*", account="*", resource="repository", resource_name="*")],
        ))
        # The eks-pod-identity-agent on each node exchanges its token for pod credentials (observability collector).
        role.add_to_policy(iam.PolicyStatement(
            sid="PodIdentity", actions=["eks-auth:AssumeRoleForPodIdentity"], resources=[eks_cluster_arn]))
        # AWS's execution role lets node agents read CloudWatch alarms; kept so agents behave as on AWS's stack.
        role.add_to_policy(iam.PolicyStatement(
            sid="AlarmRead", actions=["cloudwatch:DescribeAlarms"],
            resources=[stack.format_arn(service="cloudwatch", resource="alarm", resource_name="*",
                                        arn_format=ArnFormat.COLON_RESOURCE_NAME)]))
        acknowledge(role, "AwsSolutions-IAM4", "AmazonSageMakerClusterInstanceRolePolicy is the policy HyperPod "
                    "requires on instance-group execution roles.",
                    managed_policy("AmazonSageMakerClusterInstanceRolePolicy"))
        acknowledge(role, "AwsSolutions-IAM5", "Pod ENIs and instances are created at run time, so their ARNs are "
                    "unknown; ec2:Describe* and ecr:GetAuthorizationToken have no resource-level permissions; images "
                    "come from AWS-owned registries in other accounts; nodes read every lifecycle script.",
                    "Resource::arn:<AWS::Partition>:ecr:*:*:repository/*",
                    "Resource::arn:<AWS::Partition>:cloudwatch:<AWS::Region>:<AWS::AccountId>:alarm:*",
                    "Resource::arn:<AWS::Partition>:ec2:<AWS::Region>:<AWS::AccountId>:network-interface/*",
                    "Resource::arn:<AWS::Partition>:ec2:<AWS::Region>:<AWS::AccountId>:instance/*",
                    "Resource::*", f"Resource::<{logical_id(self.lifecycle_bucket)}.Arn>/lifecycle/*")
        return role

    def _acknowledge_bucket_deployment(self) -> None:
        """BucketDeployment's shared handler is a stack-level singleton owned by aws-cdk-lib."""
        stack = Stack.of(self)
        for child in stack.node.children:
            if not child.node.id.startswith("Custom::CDKBucketDeployment"):
                continue
            acknowledge(child, "AwsSolutions-L1", "aws-cdk-lib pins the BucketDeployment handler's runtime.")
            acknowledge(child, "AwsSolutions-IAM4", "aws-cdk-lib's BucketDeployment handler logs with the basic "
                        "execution policy.", managed_policy("service-role/AWSLambdaBasicExecutionRole"))
            acknowledge(child, "AwsSolutions-IAM5", "BucketDeployment copies the asset objects into the lifecycle "
                        "bucket, which needs object-level wildcards on both buckets.",
                        "Action::s3:GetObject*", "Action::s3:GetBucket*", "Action::s3:List*", "Action::s3:DeleteObject*",
                        "Action::s3:Abort*",
                        "Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*",
                        f"Resource::<{logical_id(self.lifecycle_bucket)}.Arn>/*")
