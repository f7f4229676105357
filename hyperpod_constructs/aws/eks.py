"""An EKS cluster prepared for HyperPod (created or imported), with its add-ons and access entries."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional

from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam
from constructs import Construct

from ..catalog import limits
from ..errors import require
from .nag import acknowledge, managed_policy
from .network import HyperPodNetwork

# Add-ons HyperPod and the inference operator need. The first three run as DaemonSets and come up with
# the first node; the rest schedule pods, so the platform orders them after the HyperPod cluster.
NETWORK_ADDONS = ("vpc-cni", "kube-proxy", "eks-pod-identity-agent")
WORKLOAD_ADDONS = ("coredns", "metrics-server", "cert-manager", "aws-fsx-csi-driver", "aws-mountpoint-s3-csi-driver")


@dataclass(frozen=True, kw_only=True)
class ExistingEksCluster:
    """An EKS cluster created elsewhere ("custom setup"). HyperPod needs API or API_AND_CONFIG_MAP auth."""

    cluster_name: str
    authentication_mode: str
    kubernetes_version: str
    vpc_id: Optional[str] = None
    security_group_ids: tuple[str, ...] = ()
    oidc_provider_arn: Optional[str] = None  # IAM OIDC provider the inference operator's roles trust
    install_addons: bool = False  # most existing clusters already run them

    def __post_init__(self) -> None:
        where = f"existing EKS cluster {self.cluster_name!r}"
        require(self.authentication_mode in limits.SUPPORTED_AUTH_MODES, where, "authentication_mode",
                self.authentication_mode, f"HyperPod supports {' or '.join(limits.SUPPORTED_AUTH_MODES)} (not CONFIG_MAP)")
        _check_version(where, self.kubernetes_version)


def _check_version(where: str, version: str) -> None:
    require(version in limits.SUPPORTED_KUBERNETES_VERSIONS, where, "kubernetes_version", version,
            f"a version HyperPod supports: {', '.join(limits.SUPPORTED_KUBERNETES_VERSIONS)}")


@dataclass(frozen=True, kw_only=True)
class EksOptions:
    """How the platform's own EKS cluster is created."""

    kubernetes_version: str = limits.DEFAULT_KUBERNETES_VERSION
    cluster_name: Optional[str] = None
    admin_role_arns: tuple[str, ...] = ()  # principals given cluster-admin access entries
    addon_versions: Mapping[str, str] = field(default_factory=dict)  # pin an add-on, e.g. {"vpc-cni": "v1.19.2-eksbuild.1"}
    # HyperPod creates the access entry for its nodes' execution role itself (DescribeCluster reports it as
    # EksRoleAccessEntries); True manages that entry in CloudFormation instead, as type HYPERPOD_LINUX.
    hyperpod_node_access_entry: bool = False

    def __post_init__(self) -> None:
        _check_version("eks", self.kubernetes_version)
        unknown = sorted(set(self.addon_versions) - set(NETWORK_ADDONS + WORKLOAD_ADDONS))
        require(not unknown, "eks", "addon_versions", unknown, f"keys from {NETWORK_ADDONS + WORKLOAD_ADDONS}")


class HyperPodEks(Construct):
    """The EKS side of HyperPod: the cluster, its access entries and add-ons.

    Manifests reach the cluster through the platform's one kubectl function (``KubectlHandler``), not an
    aws-cdk-lib kubectl provider.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        network: HyperPodNetwork,
        options: EksOptions = EksOptions(),
        existing: Optional[ExistingEksCluster] = None,
    ) -> None:
        super().__init__(scope, construct_id)
        self._node_access_entry = options.hyperpod_node_access_entry
        self.network_addons: list[eks.Addon] = []
        self.workload_addons: list[eks.Addon] = []
        if existing is None:
            self.kubernetes_version = options.kubernetes_version
            self.cluster: eks.ICluster = eks.Cluster(
                self, "Cluster",
                version=eks.KubernetesVersion.of(options.kubernetes_version),
                cluster_name=options.cluster_name,
                vpc=network.vpc,
                vpc_subnets=[ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS)],
                default_capacity=0,
                default_capacity_type=eks.DefaultCapacityType.NODEGROUP,
                # Managed add-ons below replace the unmanaged defaults so versions are visible and pinnable.
                bootstrap_self_managed_addons=False,
                endpoint_access=eks.EndpointAccess.PUBLIC_AND_PRIVATE,
                cluster_logging=[eks.ClusterLoggingTypes.API, eks.ClusterLoggingTypes.AUDIT,
                                 eks.ClusterLoggingTypes.AUTHENTICATOR, eks.ClusterLoggingTypes.CONTROLLER_MANAGER,
                                 eks.ClusterLoggingTypes.SCHEDULER],
            )
            acknowledge(self.cluster, "AwsSolutions-IAM4", "AmazonEKSClusterPolicy is the policy EKS requires on the "
                        "cluster role.", managed_policy("AmazonEKSClusterPolicy"))
            self._add_addons(options.addon_versions)
            for index, arn in enumerate(options.admin_role_arns):
                self.cluster.grant_cluster_admin(f"Admin{index}", arn)
            self.authentication_mode = "API"
        else:
            self.kubernetes_version = existing.kubernetes_version
            self.cluster = eks.Cluster.from_cluster_attributes(
                self, "Cluster", cluster_name=existing.cluster_name, vpc=network.vpc,
                security_group_ids=list(existing.security_group_ids) or None,
            )
            if existing.install_addons:
                self._add_addons(options.addon_versions)
            self.authentication_mode = existing.authentication_mode

    def _add_addons(self, versions: Mapping[str, str]) -> None:
        for name in NETWORK_ADDONS + WORKLOAD_ADDONS:
            addon = eks.Addon(self, _addon_id(name), cluster=self.cluster, addon_name=name,
                              addon_version=versions.get(name), preserve_on_delete=False)
            (self.network_addons if name in NETWORK_ADDONS else self.workload_addons).append(addon)

    def grant_hyperpod_nodes(self, execution_role: iam.IRole) -> Optional[eks.AccessEntry]:
        """The access entry HyperPod nodes join the cluster with (type HYPERPOD_LINUX, no policies), when the
        platform manages it rather than HyperPod."""
        if not self._node_access_entry:
            return None
        return eks.AccessEntry(self, "HyperPodNodeAccess", cluster=self.cluster, principal=execution_role.role_arn,
                               access_policies=[], access_entry_type=eks.AccessEntryType.HYPERPOD_LINUX)


def _addon_id(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-")) + "Addon"
