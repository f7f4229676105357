"""The cluster: the EKS cluster HyperPod is orchestrated by (created or existing) and HyperPod's own settings.

An existing EKS cluster is the CDK's ``eks.ICluster`` (aws_eks_v2), named here for type checkers only so the
intent layer imports without Node.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Mapping, Optional, Union, get_args

from ..catalog import limits
from ..errors import require, require_one_of
from ..type_checks import check_fields
from .api_endpoint import ApiEndpoint
from .cdk_refs import is_cdk_object
from .frozen import Frozen

if TYPE_CHECKING:
    from aws_cdk import aws_eks_v2 as eks, aws_kms as kms

NodeRecovery = Literal["Automatic", "None"]


@dataclass(frozen=True, kw_only=True)
class TieredStorage:
    """HyperPod managed tiered storage (backs KV-cache L2 ``tieredstorage`` and tiered checkpointing)."""

    enabled: bool = True
    memory_percent: Optional[int] = None  # InstanceMemoryAllocationPercentage

    def __post_init__(self) -> None:
        if self.memory_percent is not None:
            low, high = limits.TIERED_STORAGE_PERCENT
            require(isinstance(self.memory_percent, int) and low <= self.memory_percent <= high, "tiered_storage",
                    "memory_percent", self.memory_percent, f"an integer percentage from {low} to {high}")


# Add-ons HyperPod and the inference operator need. The first three run as DaemonSets and come up with
# the first node; the rest schedule pods, so the platform orders them after the HyperPod cluster.
NETWORK_ADDONS = ("vpc-cni", "kube-proxy", "eks-pod-identity-agent")
WORKLOAD_ADDONS = ("coredns", "metrics-server", "cert-manager", "aws-fsx-csi-driver", "aws-mountpoint-s3-csi-driver")
EKS_WHERE = "cluster.eks"


@dataclass(frozen=True, kw_only=True)
class Eks:
    """The EKS cluster HyperPod is orchestrated by: ``Eks.new(...)`` (the default) or ``Eks.existing(cluster, ...)``."""

    type_description = "Eks.new(...) or Eks.existing(cluster, ...)"

    kubernetes_version: str = limits.DEFAULT_KUBERNETES_VERSION
    api_endpoint: ApiEndpoint = ApiEndpoint()
    addon_versions: Mapping[str, str] = Frozen({})  # pin an add-on, e.g. {"vpc-cni": "v1.19.2-eksbuild.1"}
    # HyperPod creates the access entry for its nodes' execution role itself (DescribeCluster reports it as
    # EksRoleAccessEntries); True manages that entry in CloudFormation instead, as type HYPERPOD_LINUX.
    hyperpod_node_access_entry: bool = False

    def __post_init__(self) -> None:
        require(type(self) is not Eks, EKS_WHERE, "eks", "Eks()", "Eks.new(...) or Eks.existing(cluster, ...)")
        check_fields(self, EKS_WHERE)
        _check_version(EKS_WHERE, self.kubernetes_version)
        unknown = sorted(set(self.addon_versions) - set(NETWORK_ADDONS + WORKLOAD_ADDONS))
        require(not unknown, EKS_WHERE, "addon_versions", unknown, f"keys from {NETWORK_ADDONS + WORKLOAD_ADDONS}")

    @staticmethod
    def new(*, kubernetes_version: str = limits.DEFAULT_KUBERNETES_VERSION, cluster_name: Optional[str] = None,
            admin_role_arns: Optional[tuple[str, ...]] = None, api_endpoint: ApiEndpoint = ApiEndpoint(),
            secrets_encryption: Union[bool, kms.IKey] = True, addon_versions: Optional[Mapping[str, str]] = None,
            hyperpod_node_access_entry: bool = False) -> "NewEks":
        """A cluster the platform creates (see ``NewEks``)."""
        return NewEks(kubernetes_version=kubernetes_version, cluster_name=cluster_name, admin_role_arns=admin_role_arns,
                      api_endpoint=api_endpoint, secrets_encryption=secrets_encryption,
                      addon_versions=addon_versions or {}, hyperpod_node_access_entry=hyperpod_node_access_entry)

    @staticmethod
    def existing(cluster: eks.ICluster, *, authentication_mode: str, kubernetes_version: str,
                 api_endpoint: ApiEndpoint = ApiEndpoint(), admin_role_arns: tuple[str, ...] = (),
                 install_addons: bool = False, addon_versions: Optional[Mapping[str, str]] = None,
                 hyperpod_node_access_entry: bool = False) -> "ExistingEks":
        """A cluster created elsewhere ("custom setup"), see ``ExistingEks``."""
        return ExistingEks(cluster=cluster, authentication_mode=authentication_mode,
                           kubernetes_version=kubernetes_version, api_endpoint=api_endpoint,
                           admin_role_arns=admin_role_arns, install_addons=install_addons,
                           addon_versions=addon_versions or {}, hyperpod_node_access_entry=hyperpod_node_access_entry)


@dataclass(frozen=True, kw_only=True)
class NewEks(Eks):
    """How the platform's own EKS cluster is created, exposed and administered."""

    cluster_name: Optional[str] = None
    # IAM roles given cluster-admin access entries. None: the CDK bootstrap's deploy role, i.e. whoever may run
    # `cdk deploy` for this stack (they could change these entries anyway); () grants nobody.
    admin_role_arns: Optional[tuple[str, ...]] = Frozen(None)
    # Envelope encryption of Kubernetes Secrets with KMS: True creates a key, a kms.IKey uses yours, False turns
    # it off. Create-only: changing it later replaces the EKS cluster.
    secrets_encryption: Union[bool, kms.IKey] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        require(isinstance(self.secrets_encryption, bool) or is_cdk_object(self.secrets_encryption, "key_arn"),
                EKS_WHERE, "secrets_encryption", self.secrets_encryption,
                "True (a key is created), False, or a kms.IKey of yours")
        if self.admin_role_arns is not None:
            for index, arn in enumerate(self.admin_role_arns):
                require(isinstance(arn, str) and (arn.startswith("arn:") or "${Token[" in arn), EKS_WHERE,
                        f"admin_role_arns[{index}]", arn, "an IAM role ARN (arn:aws:iam::123456789012:role/name)")

    @property
    def secrets_encryption_key(self) -> Optional[kms.IKey]:
        """The key the user gave, if any."""
        return None if isinstance(self.secrets_encryption, bool) else self.secrets_encryption


@dataclass(frozen=True, kw_only=True)
class ExistingEks(Eks):
    """An EKS cluster created elsewhere, as ``eks.Cluster.from_cluster_attributes(...)`` imports it.

    Import it with ``vpc`` (HyperPod nodes join that VPC), ``open_id_connect_provider`` (the inference
    operator's roles trust it) and its ``security_group_ids`` / ``cluster_security_group_id`` (the stack checks
    that nodes share one with the control plane; deploy-time functions join the cluster security group to reach
    a private or CIDR-restricted endpoint). HyperPod needs API or API_AND_CONFIG_MAP authentication, which the
    import cannot tell, so it is stated here, as is the Kubernetes version.
    """

    cluster: eks.ICluster
    authentication_mode: str
    # Cluster-admin access entries this stack adds to the existing cluster (its owners already have access).
    admin_role_arns: tuple[str, ...] = Frozen(())
    install_addons: bool = False  # most existing clusters already run them

    def __post_init__(self) -> None:
        super().__post_init__()
        require(is_cdk_object(self.cluster, "cluster_arn"), EKS_WHERE, "cluster", self.cluster,
                "an eks.ICluster (aws_eks_v2), e.g. eks.Cluster.from_cluster_attributes(stack, 'Eks', "
                "cluster_name=..., vpc=..., open_id_connect_provider=...)")
        require(self.authentication_mode in limits.SUPPORTED_AUTH_MODES, EKS_WHERE, "authentication_mode",
                self.authentication_mode,
                f"HyperPod supports {' or '.join(limits.SUPPORTED_AUTH_MODES)} (not CONFIG_MAP)")


def _check_version(where: str, version: str) -> None:
    require(version in limits.SUPPORTED_KUBERNETES_VERSIONS, where, "kubernetes_version", version,
            f"a version HyperPod supports: {', '.join(limits.SUPPORTED_KUBERNETES_VERSIONS)}")


@dataclass(frozen=True, kw_only=True)
class ClusterSettings:
    """The cluster concern: the EKS cluster (``eks``) and the HyperPod cluster's own settings."""

    eks: Eks = NewEks()
    name: Optional[str] = None  # the HyperPod cluster's name
    node_recovery: NodeRecovery = "Automatic"
    # HyperPod's only provisioning mode; required by Karpenter autoscaling and MIG. None omits it.
    node_provisioning_mode: Optional[str] = "Continuous"
    tiered_storage: Optional[TieredStorage] = None

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        if self.name is not None:
            require(bool(limits.CLUSTER_NAME_PATTERN.match(self.name)), where, "name", self.name,
                    "1-63 letters, digits and hyphens, starting with a letter or digit")
        require_one_of(self.node_recovery, get_args(NodeRecovery), where, "node_recovery")
        require(self.node_provisioning_mode in (None, "Continuous"), where, "node_provisioning_mode",
                self.node_provisioning_mode, "'Continuous' (the only mode HyperPod offers) or None")

    @property
    def tiered_storage_enabled(self) -> bool:
        return self.tiered_storage is not None and self.tiered_storage.enabled
