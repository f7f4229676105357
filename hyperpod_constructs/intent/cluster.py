"""The cluster: the EKS cluster HyperPod is orchestrated by (created or existing) and HyperPod's own settings.

An existing EKS cluster is the CDK's ``eks.ICluster`` (aws_eks_v2), named here for type checkers only so the
intent layer imports without Node.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Mapping, Optional, Union, get_args

from ..error_output import record_declaration
from ..catalog import limits
from ..errors import require, require_one_of
from ..type_checks import check_fields
from .api_endpoint import ApiEndpoint
from .arns import IAM_ROLE, check_arn
from .cdk_refs import is_cdk_object
from .frozen import Frozen

if TYPE_CHECKING:
    from aws_cdk import aws_eks_v2 as eks, aws_kms as kms

NodeRecovery = Literal["Automatic", "None"]


@dataclass(frozen=True, kw_only=True)
class TieredStorage:
    """HyperPod managed tiered storage (backs KV-cache L2 ``tieredstorage`` and tiered checkpointing)."""

    enabled: bool = True
    """True sets the HyperPod cluster's ``TieredStorageConfig`` mode to ``Enable``, False to ``Disable``.
    Default: True."""
    memory_percent: Optional[int] = None
    """The share of each instance's memory tiered storage may use, as a percentage from 0 to 100
    (``InstanceMemoryAllocationPercentage``).
    Default: None (omitted: HyperPod's default share)."""

    def __post_init__(self) -> None:
        record_declaration(self)  # a problem with the share found later names this statement
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
    """How a wrong-type error names what to pass for an ``Eks``."""

    kubernetes_version: str = limits.DEFAULT_KUBERNETES_VERSION
    """The Kubernetes version of the EKS cluster, one HyperPod supports (1.28 to 1.34). A created cluster runs it; for
    an existing cluster, state the version it runs.
    Default: ``"1.33"``."""
    api_endpoint: ApiEndpoint = ApiEndpoint()
    """Who can reach the EKS API server endpoint.
    Default: ``ApiEndpoint.public()`` (the internet, and the VPC privately)."""
    addon_versions: Mapping[str, str] = Frozen({})
    """Pinned EKS add-on versions by add-on name, e.g. ``{"vpc-cni": "v1.19.2-eksbuild.1"}``; keys from vpc-cni,
    kube-proxy, eks-pod-identity-agent, coredns, metrics-server, cert-manager, aws-fsx-csi-driver and
    aws-mountpoint-s3-csi-driver.
    Default: no pins (EKS's default version of each add-on)."""
    hyperpod_node_access_entry: bool = False
    """HyperPod creates the access entry for its nodes' execution role itself (DescribeCluster reports it as
    ``EksRoleAccessEntries``); True manages that entry in CloudFormation instead, as type ``HYPERPOD_LINUX``.
    Default: False."""

    def __post_init__(self) -> None:
        require(type(self) is not Eks, EKS_WHERE, "eks", "Eks()", "Eks.new(...) or Eks.existing(cluster, ...)")
        check_fields(self, EKS_WHERE)
        _check_version(EKS_WHERE, self.kubernetes_version)
        unknown = sorted(set(self.addon_versions) - set(NETWORK_ADDONS + WORKLOAD_ADDONS))
        require(not unknown, EKS_WHERE, "addon_versions", unknown, f"keys from {NETWORK_ADDONS + WORKLOAD_ADDONS}")
        cni = self.addon_versions.get("vpc-cni")
        if cni is not None:
            minimum = ".".join(map(str, limits.MIN_VPC_CNI_VERSION))
            release = re.match(r"^v?(\d+)\.(\d+)\.(\d+)", cni)
            require(release is not None and tuple(map(int, release.groups())) >= limits.MIN_VPC_CNI_VERSION,
                    EKS_WHERE, "addon_versions['vpc-cni']", cni,
                    f"v{minimum} or newer (HyperPod's minimum), e.g. 'v1.19.2-eksbuild.1'")

    @staticmethod
    def new(*, kubernetes_version: str = limits.DEFAULT_KUBERNETES_VERSION, cluster_name: Optional[str] = None,
            admin_role_arns: Optional[tuple[str, ...]] = None, api_endpoint: ApiEndpoint = ApiEndpoint(),
            secrets_encryption: Union[bool, kms.IKey] = True, addon_versions: Optional[Mapping[str, str]] = None,
            hyperpod_node_access_entry: bool = False) -> "NewEks":
        """A cluster the platform creates.

        Args:
            kubernetes_version: The Kubernetes version it runs. Default: ``"1.33"``.
            cluster_name: The EKS cluster's name. Default: None (CloudFormation generates one).
            admin_role_arns: IAM role ARNs given cluster-admin access entries; ``()`` grants nobody.
                Default: None (the CDK bootstrap's deploy role).
            api_endpoint: Who can reach the API server endpoint. Default: ``ApiEndpoint.public()``.
            secrets_encryption: KMS envelope encryption of Kubernetes Secrets: True creates a key, a ``kms.IKey`` uses
                yours, False turns it off (create-only: changing it replaces the cluster). Default: True.
            addon_versions: Pinned EKS add-on versions by add-on name. Default: None (EKS's default versions).
            hyperpod_node_access_entry: True manages the nodes' access entry in CloudFormation instead of HyperPod.
                Default: False.
        """
        return NewEks(kubernetes_version=kubernetes_version, cluster_name=cluster_name, admin_role_arns=admin_role_arns,
                      api_endpoint=api_endpoint, secrets_encryption=secrets_encryption,
                      addon_versions=addon_versions or {}, hyperpod_node_access_entry=hyperpod_node_access_entry)

    @staticmethod
    def existing(cluster: eks.ICluster, *, authentication_mode: str, kubernetes_version: str,
                 api_endpoint: ApiEndpoint = ApiEndpoint(), admin_role_arns: tuple[str, ...] = (),
                 install_addons: bool = False, addon_versions: Optional[Mapping[str, str]] = None,
                 hyperpod_node_access_entry: bool = False) -> "ExistingEks":
        """A cluster created elsewhere ("custom setup").

        Args:
            cluster: The cluster, imported with ``eks.Cluster.from_cluster_attributes(...)`` with its ``vpc``,
                ``open_id_connect_provider`` and security group ids. Required.
            authentication_mode: ``"API"`` or ``"API_AND_CONFIG_MAP"``, as the cluster is set up. Required.
            kubernetes_version: The Kubernetes version the cluster runs. Required.
            api_endpoint: How the cluster's API server endpoint is exposed. Default: ``ApiEndpoint.public()``.
            admin_role_arns: IAM role ARNs this stack adds cluster-admin access entries for. Default: none.
            install_addons: True installs the add-ons HyperPod and the operator need. Default: False.
            addon_versions: Pinned versions of the add-ons installed. Default: None (EKS's default versions).
            hyperpod_node_access_entry: True manages the nodes' access entry in CloudFormation instead of HyperPod.
                Default: False.
        """
        return ExistingEks(cluster=cluster, authentication_mode=authentication_mode,
                           kubernetes_version=kubernetes_version, api_endpoint=api_endpoint,
                           admin_role_arns=admin_role_arns, install_addons=install_addons,
                           addon_versions=addon_versions or {}, hyperpod_node_access_entry=hyperpod_node_access_entry)


@dataclass(frozen=True, kw_only=True)
class NewEks(Eks):
    """How the platform's own EKS cluster is created, exposed and administered."""

    cluster_name: Optional[str] = None
    """The EKS cluster's name.
    Default: None (CloudFormation generates one)."""
    admin_role_arns: Optional[tuple[str, ...]] = Frozen(None)
    """IAM role ARNs given cluster-admin access entries; ``()`` grants nobody (the platform warns).
    Default: None (the CDK bootstrap's deploy role: whoever may run ``cdk deploy`` for this stack)."""
    secrets_encryption: Union[bool, kms.IKey] = True
    """Envelope encryption of Kubernetes Secrets with KMS: True creates a key, a ``kms.IKey`` uses yours, False turns
    it off. Create-only: changing it later replaces the EKS cluster.
    Default: True (a key is created)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        require(isinstance(self.secrets_encryption, bool) or is_cdk_object(self.secrets_encryption, "key_arn"),
                EKS_WHERE, "secrets_encryption", self.secrets_encryption,
                "True (a key is created), False, or a kms.IKey of yours")
        _check_admin_role_arns(self.admin_role_arns or ())

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
    """The existing cluster, imported with ``eks.Cluster.from_cluster_attributes(...)`` (aws_eks_v2) with its ``vpc``,
    ``open_id_connect_provider`` and security group ids.
    Required."""
    authentication_mode: str
    """The cluster's authentication mode, which the import cannot tell: ``"API"`` or ``"API_AND_CONFIG_MAP"`` (HyperPod
    does not support ``CONFIG_MAP``).
    Required."""
    admin_role_arns: tuple[str, ...] = Frozen(())
    """IAM role ARNs this stack adds cluster-admin access entries for (the cluster's owners already have access).
    Default: none."""
    install_addons: bool = False
    """True installs the add-ons HyperPod and the operator need (``addon_versions`` pins them); most existing clusters
    already run them.
    Default: False."""

    def __post_init__(self) -> None:
        super().__post_init__()
        require(is_cdk_object(self.cluster, "cluster_arn"), EKS_WHERE, "cluster", self.cluster,
                "an eks.ICluster (aws_eks_v2), e.g. eks.Cluster.from_cluster_attributes(stack, 'Eks', "
                "cluster_name=..., vpc=..., open_id_connect_provider=...)")
        require(self.authentication_mode in limits.SUPPORTED_AUTH_MODES, EKS_WHERE, "authentication_mode",
                self.authentication_mode,
                f"HyperPod supports {' or '.join(limits.SUPPORTED_AUTH_MODES)} (not CONFIG_MAP)")
        _check_admin_role_arns(self.admin_role_arns)


def _check_admin_role_arns(arns: tuple[str, ...]) -> None:
    for index, arn in enumerate(arns):
        check_arn(EKS_WHERE, f"admin_role_arns[{index}]", arn, IAM_ROLE)


def _check_version(where: str, version: str) -> None:
    require(version in limits.SUPPORTED_KUBERNETES_VERSIONS, where, "kubernetes_version", version,
            f"a version HyperPod supports: {', '.join(limits.SUPPORTED_KUBERNETES_VERSIONS)}")


@dataclass(frozen=True, kw_only=True)
class ClusterSettings:
    """The cluster concern: the EKS cluster (``eks``) and the HyperPod cluster's own settings.

    Example:
        >>> from hyperpod_constructs import ClusterSettings, TieredStorage
        >>> settings = ClusterSettings(name="inference", tiered_storage=TieredStorage(memory_percent=10))
        >>> settings.tiered_storage_enabled
        True
    """

    eks: Eks = NewEks()
    """The EKS cluster HyperPod is orchestrated by: ``Eks.new(...)`` or ``Eks.existing(cluster, ...)``.
    Default: ``Eks.new()`` (a cluster the platform creates)."""
    name: Optional[str] = None
    """The HyperPod cluster's name (1-63 letters, digits and hyphens); create-only: changing it replaces the cluster.
    Default: None (CloudFormation generates one)."""
    node_recovery: NodeRecovery = "Automatic"
    """``"Automatic"`` lets HyperPod replace or reboot faulty nodes; ``"None"`` leaves them to you.
    Default: ``"Automatic"``."""
    node_provisioning_mode: Optional[str] = "Continuous"
    """HyperPod's ``NodeProvisioningMode``; ``"Continuous"`` is its only mode and Karpenter autoscaling and MIG need
    it. None omits it.
    Default: ``"Continuous"``."""
    tiered_storage: Optional[TieredStorage] = None
    """HyperPod managed tiered storage (backs KV-cache L2 ``tieredstorage``).
    Default: None (no ``TieredStorageConfig``)."""

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
        """True when ``tiered_storage`` is set and enabled."""
        return self.tiered_storage is not None and self.tiered_storage.enabled
