"""Custom setup: HyperPod inference on a VPC, EKS cluster and security group that already exist.

Nothing here looks anything up, so it synthesizes without credentials and stays env-agnostic: the VPC is
imported with ``ec2.Vpc.from_vpc_attributes`` (explicit AZs and private subnet ids), the EKS cluster with
``eks.Cluster.from_cluster_attributes`` (its VPC, security groups and IAM OIDC provider, which the inference
operator's roles trust) and handed over as ``Eks.existing`` (HyperPod needs API or API_AND_CONFIG_MAP
authentication). The stack creates the HyperPod cluster on those
subnets, one L40S (g6e) group, the inference operator add-on and one custom model served from S3.
Replace the ids below with your own.
"""
from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup,
    ModelBucket, ModelSize, ModelSource, Network,
)

CLUSTER_NAME = "ml-platform"
VPC_ID = "vpc-0a1b2c3d4e5f60718"
AVAILABILITY_ZONES = ["us-west-2a", "us-west-2b"]
PRIVATE_SUBNET_IDS = ["subnet-0a1b2c3d4e5f60001", "subnet-0a1b2c3d4e5f60002"]
PRIVATE_ROUTE_TABLE_IDS = ["rtb-0a1b2c3d4e5f60001", "rtb-0a1b2c3d4e5f60002"]
# The security group EKS created for the cluster (ClusterSecurityGroupId), also passed to HyperPod so nodes and
# control plane share it, as AWS's quick setup does. EKS gives it an all-traffic rule from itself and all
# outbound; EFA also needs an egress rule to itself, added once by the cluster's owners:
#   aws ec2 authorize-security-group-egress --group-id sg-... --ip-permissions 'IpProtocol=-1,UserIdGroupPairs=[{GroupId=sg-...}]'
NODE_SECURITY_GROUP_ID = "sg-0a1b2c3d4e5f60718"
OIDC_PROVIDER_ARN = ("arn:aws:iam::111122223333:oidc-provider/"
                     "oidc.eks.us-west-2.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE")


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceByoVpcAndEks",
                      description="LLM inference on SageMaker HyperPod in an existing VPC and EKS cluster")
    vpc = ec2.Vpc.from_vpc_attributes(
        stack, "ExistingVpc", vpc_id=VPC_ID, availability_zones=AVAILABILITY_ZONES,
        private_subnet_ids=PRIVATE_SUBNET_IDS, private_subnet_route_table_ids=PRIVATE_ROUTE_TABLE_IDS)
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    node_security_group = ec2.SecurityGroup.from_security_group_id(
        stack, "ExistingNodeSecurityGroup", NODE_SECURITY_GROUP_ID, mutable=False)
    cluster = eks.Cluster.from_cluster_attributes(
        stack, "ExistingCluster", cluster_name=CLUSTER_NAME, vpc=vpc,
        security_group_ids=[NODE_SECURITY_GROUP_ID], cluster_security_group_id=NODE_SECURITY_GROUP_ID,
        open_id_connect_provider=iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(
            stack, "ExistingOidcProvider", OIDC_PROVIDER_ARN))
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        network=Network(vpc=vpc, security_groups=[node_security_group]),
        cluster=ClusterSettings(eks=Eks.existing(cluster, authentication_mode="API_AND_CONFIG_MAP",
                                                 kubernetes_version="1.32")),
        # HyperPod's dependency Helm chart (device plugins, health-monitoring agent, ...) is cluster-wide and
        # must be on the cluster before any HyperPod cluster joins it; on an existing cluster the team that owns
        # it installs it once (HyperPod's custom-setup instructions). Installing it again from this stack would
        # fight that Helm release, so this stack leaves it alone (helm_chart=None). No group here is
        # MIG-partitioned, so the chart's GPU operator is not needed either.
        operator=InferenceOperatorOptions(helm_chart=None),
    )
    # The stack cannot see an imported group's rules, so it lists the flows they must carry; this group was
    # checked against that list (see NODE_SECURITY_GROUP_ID above).
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:network:importedSecurityGroups",
        "The EKS cluster security group carries every flow: all traffic from and to itself, all outbound.")
    platform.add_endpoint(InferenceEndpoint(
        "qwen-7b",
        model=ModelSource.s3(models, "qwen2.5-7b-instruct/", size=ModelSize(parameters=7.62e9)),
        instance_type="ml.g6e.12xlarge",
        gpus=1,
    ))
    # The cluster's own S3 and FSx CSI add-ons need the roles the platform made (read access to the model bucket):
    # the cluster team sets them as the add-ons' service account roles, which this stack does not manage.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:csi-driver-roles",
        "The cluster team attaches platform.storage_drivers.s3_csi_role / fsx_csi_role to its add-ons.")
    # The stack depends on what the cluster already runs (cert-manager, the CSI drivers, ...): the warning lists
    # each with how to check it; acknowledge it once the cluster has them.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:existing-cluster-prerequisites",
        "The cluster team runs the listed add-ons and controllers; checked before each deploy.")
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/byo-vpc-and-eks")
    app.synth()
