"""What a change does, where CloudFormation's resource schemas do not say: the service rules the diff applies, each
with the AWS page it comes from.

The schemas (cfn-lint's copy of the CloudFormation registry, read by ``aws.replacement.create_only_paths``) say which
properties are create-only: changing one replaces the resource. Every other property is updated in place as far as
CloudFormation knows, and the service then performs the update, refuses it (the stack update fails and rolls
back), or performs it by taking nodes away. Those rules are below; docs/deploy.md shows the same table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# What a change does, from the least to the most serious:
#   in-place: updated, nothing running is removed;
#   new-nodes: updated for the nodes created from now on, running nodes are left as they are;
#   rolling: running nodes are updated (patched or replaced) a batch at a time;
#   reboots: running nodes are drained and rebooted in place;
#   removes: running nodes are terminated;
#   review: no AWS page says the service accepts it; expect it refused or applied to new nodes only;
#   refused: the service rejects the update, so the stack update fails and rolls back.
Outcome = Literal["in-place", "new-nodes", "rolling", "reboots", "removes", "review", "refused"]
# Outcomes a CI gate must hold for review (exit status 1).
HOLDS: frozenset[str] = frozenset({"rolling", "reboots", "removes", "review", "refused"})

UPDATE_CLUSTER_GUIDE = ("https://docs.aws.amazon.com/sagemaker/latest/dg/"
                        "sagemaker-hyperpod-eks-operate-cli-command-update-cluster.html")
SCALE_DOWN_GUIDE = "https://docs.aws.amazon.com/sagemaker/latest/dg/smcluster-scale-down.html"
CLUSTER_SCHEMA = "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-sagemaker-cluster.html"
UPDATE_CLUSTER_SOFTWARE = "https://docs.aws.amazon.com/sagemaker/latest/APIReference/API_UpdateClusterSoftware.html"
EKS_NETWORK_REQUIREMENTS = "https://docs.aws.amazon.com/eks/latest/userguide/network-reqs.html"
EKS_UPDATE_VERSION = "https://docs.aws.amazon.com/eks/latest/userguide/update-cluster.html"
FSX_STORAGE_CAPACITY = "https://docs.aws.amazon.com/fsx/latest/LustreGuide/managing-storage-capacity.html"
GPU_PARTITIONING_SETUP = ("https://docs.aws.amazon.com/sagemaker/latest/dg/"
                          "sagemaker-hyperpod-eks-gpu-partitioning-setup.html")


@dataclass(frozen=True)
class ChangeRule:
    """What changing ``subject`` of ``type_name`` does (``outcome``), in the diff's words (``effect``)."""

    type_name: str
    subject: str  # the property, or the kind of change (``a group removed``)
    outcome: Outcome
    effect: str
    source: str


GROUP_ADDED = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups: a group added", "in-place",
                         "HyperPod creates the group's nodes", UPDATE_CLUSTER_GUIDE)
GROUP_REMOVED = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups: a group removed", "removes",
                           "HyperPod terminates every node of the group and stops what runs on them",
                           SCALE_DOWN_GUIDE)
GROUP_RENAMED = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].InstanceGroupName", "removes",
                           "a new name is a new group: HyperPod terminates the old group's nodes and creates the "
                           "new group's", UPDATE_CLUSTER_GUIDE)
INSTANCE_TYPE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].InstanceType", "refused",
                           "UpdateCluster keeps an existing group's instance type; give the new type a new group",
                           UPDATE_CLUSTER_GUIDE)
EXECUTION_ROLE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].ExecutionRole", "refused",
                            "an existing group keeps the execution role it was created with", UPDATE_CLUSTER_GUIDE)
THREADS_PER_CORE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].ThreadsPerCore", "refused",
                              "an existing group keeps the threads per core it was created with",
                              UPDATE_CLUSTER_GUIDE)
COUNT_DOWN = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].InstanceCount: lower", "removes",
                        "HyperPod terminates nodes down to the new count", SCALE_DOWN_GUIDE)
COUNT_UP = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].InstanceCount: higher", "in-place",
                      "HyperPod adds nodes up to the new count", UPDATE_CLUSTER_GUIDE)
LIFECYCLE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].LifeCycleConfig", "new-nodes",
                       "the scripts run when a node is created: nodes created from now on run the new ones, "
                       "running nodes keep what the old ones did", UPDATE_CLUSTER_GUIDE)
STORAGE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].InstanceStorageConfigs", "review",
                     "not among what the UpdateCluster guide lets an existing group change (count, lifecycle "
                     "scripts): running nodes keep their volumes; expect the update refused or applied to new nodes "
                     "only", UPDATE_CLUSTER_GUIDE)
IMAGE_RELEASE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].ImageReleaseVersion", "rolling",
                           "a software update (UpdateClusterSoftware) moves the group's running nodes to that AMI "
                           "version, a batch at a time", UPDATE_CLUSTER_SOFTWARE)
# The layout is the group's node label nvidia.com/mig.config; HyperPod relabels the running nodes, and the GPU
# operator's MIG manager (WITH_REBOOT=true in HyperPod's chart) repartitions each one's GPUs and reboots it.
MIG_LAYOUT = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].KubernetesConfig.Labels: nvidia.com/mig.config, "
                        "a group with nodes", "reboots",
                        "the MIG manager repartitions the GPUs of each running node and reboots it, stopping what "
                        "runs there; drain the nodes first", GPU_PARTITIONING_SETUP)
MIG_LAYOUT_NO_NODES = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].KubernetesConfig.Labels: "
                                 "nvidia.com/mig.config, a group without nodes", "in-place",
                                 "no node runs: nodes created from now on get the new layout", GPU_PARTITIONING_SETUP)
AUTO_PATCH = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[].AutoPatchConfig", "in-place",
                        "automatic patching can move running nodes past a pinned ImageReleaseVersion; CloudFormation "
                        "does not move them back and may report the property as drifted", CLUSTER_SCHEMA)
GROUP_IN_PLACE = ChangeRule("AWS::SageMaker::Cluster", "InstanceGroups[]: any other property", "in-place",
                            "UpdateCluster updates the group", UPDATE_CLUSTER_GUIDE)
EKS_OTHER_VPC = ChangeRule("AWS::EKS::Cluster", "ResourcesVpcConfig.SubnetIds / SecurityGroupIds: another VPC",
                           "refused", "EKS keeps a cluster in the VPC it was created in; new subnets must be in that "
                           "VPC and in the cluster's original Availability Zones", EKS_NETWORK_REQUIREMENTS)
EKS_SUBNETS = ChangeRule("AWS::EKS::Cluster", "ResourcesVpcConfig.SubnetIds / SecurityGroupIds: same VPC", "review",
                         "EKS accepts new subnets only in the cluster's VPC and original Availability Zones, which "
                         "the templates do not show", EKS_NETWORK_REQUIREMENTS)
EKS_VERSION = ChangeRule("AWS::EKS::Cluster", "Version: a downgrade or more than one minor version up", "refused",
                         "EKS upgrades a cluster one minor version at a time and never downgrades it",
                         EKS_UPDATE_VERSION)
FSX_SHRINK = ChangeRule("AWS::FSx::FileSystem", "StorageCapacity: lower", "refused",
                        "FSx for Lustre can only increase a file system's storage capacity", FSX_STORAGE_CAPACITY)

RULES: tuple[ChangeRule, ...] = (
    GROUP_ADDED, GROUP_REMOVED, GROUP_RENAMED, INSTANCE_TYPE, EXECUTION_ROLE, THREADS_PER_CORE, COUNT_DOWN, COUNT_UP,
    LIFECYCLE, STORAGE, IMAGE_RELEASE, MIG_LAYOUT, MIG_LAYOUT_NO_NODES, AUTO_PATCH, GROUP_IN_PLACE, EKS_OTHER_VPC,
    EKS_SUBNETS, EKS_VERSION, FSX_SHRINK)
