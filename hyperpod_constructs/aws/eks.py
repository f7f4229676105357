"""An EKS cluster prepared for HyperPod (created or imported), with its add-ons and access entries."""
from __future__ import annotations

from typing import Any, Mapping, Optional

from aws_cdk import (
    Annotations, DefaultStackSynthesizer, Fn, RemovalPolicy, Stack, aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam,
    aws_kms as kms)
from constructs import Construct

from ..errors import require
from ..intent.api_endpoint import ApiEndpoint
from ..intent.cluster import NETWORK_ADDONS, WORKLOAD_ADDONS, Eks, ExistingEks, NewEks
from .addons import owned_addon
from .nag import acknowledge, managed_policy
from .network import HyperPodNetwork


class HyperPodEks(Construct):
    """The EKS side of HyperPod: the cluster, its access entries and add-ons.

    A created cluster's control plane gets the node security group (``ResourcesVpcConfig.SecurityGroupIds``),
    as AWS's quick setup does, so nodes reach the API server and the control plane reaches kubelets and
    webhooks; EKS adds its own cluster security group.
    Manifests reach the cluster through the platform's one kubectl function (``KubectlHandler``).
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        network: HyperPodNetwork,
        options: Eks = NewEks(),
        removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
    ) -> None:
        super().__init__(scope, construct_id)
        self._node_access_entry = options.hyperpod_node_access_entry
        self._network = network
        self._network_addons: list[eks.Addon] = []
        self._workload_addons: list[eks.Addon] = []
        self._secrets_key: Optional[kms.IKey] = None
        self._api_endpoint = options.api_endpoint
        self._kubernetes_version = options.kubernetes_version
        self._admin_entries: list[eks.AccessEntry] = []
        if isinstance(options, NewEks):
            if options.secrets_encryption is not False:
                self._secrets_key = options.secrets_encryption_key or kms.Key(
                    self, "SecretsKey", enable_key_rotation=True, removal_policy=removal_policy,
                    description="Envelope encryption of the HyperPod EKS cluster's Kubernetes Secrets")
            self._cluster: eks.ICluster = eks.Cluster(
                self, "Cluster",
                version=eks.KubernetesVersion.of(options.kubernetes_version),
                cluster_name=options.cluster_name,
                vpc=network.vpc,
                vpc_subnets=[ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS)],
                # The node security group on the control plane ENIs: one group joins nodes and API server.
                security_group=network.security_groups[0],
                default_capacity=0,
                default_capacity_type=eks.DefaultCapacityType.NODEGROUP,
                # Managed add-ons below replace the unmanaged defaults so versions are visible and pinnable.
                bootstrap_self_managed_addons=False,
                endpoint_access=_endpoint_access(options.api_endpoint),
                secrets_encryption_key=self._secrets_key,
                cluster_logging=[eks.ClusterLoggingTypes.API, eks.ClusterLoggingTypes.AUDIT,
                                 eks.ClusterLoggingTypes.AUTHENTICATOR, eks.ClusterLoggingTypes.CONTROLLER_MANAGER,
                                 eks.ClusterLoggingTypes.SCHEDULER],
            )
            acknowledge(self._cluster, "AwsSolutions-IAM4", "AmazonEKSClusterPolicy is the policy EKS requires on the "
                        "cluster role.", managed_policy("AmazonEKSClusterPolicy"))
            self._add_addons(options.addon_versions)
            default_admin = options.admin_role_arns is None
            self._admin_role_arns = tuple(self._default_admins() if default_admin else options.admin_role_arns)
            self._uses_default_admin = default_admin and bool(self._admin_role_arns)
            self._authentication_mode = "API"
        else:
            assert isinstance(options, ExistingEks)
            require(not self._api_endpoint.functions_in_vpc
                    or imported_attribute(options.cluster, "cluster_security_group_id") is not None,
                    self.node.path, "cluster.eks.cluster", options.cluster.cluster_name,
                    "a cluster imported with cluster_security_group_id= (aws eks describe-cluster: "
                    "resourcesVpcConfig.clusterSecurityGroupId) when the endpoint is private or CIDR-restricted: "
                    "deploy-time functions join it to reach the API")
            self._cluster = options.cluster
            if options.install_addons:
                self._add_addons(options.addon_versions)
            self._uses_default_admin = False
            self._admin_role_arns = tuple(options.admin_role_arns)
            self._authentication_mode = options.authentication_mode
        for index, arn in enumerate(self._admin_role_arns):
            self._admin_entries.append(self.grant_cluster_admin(f"Admin{index}", arn))
        if not self._admin_role_arns and isinstance(options, NewEks):
            Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:eks:noAdmins",
                f"{self.node.path}: no IAM role gets a cluster-admin access entry (cluster.eks admin_role_arns is empty, or the "
                "stack's synthesizer has no CDK deploy role to default to), "
                "so nobody can run kubectl against the cluster after deploy; add an access entry yourself.")

    @property
    def cluster(self) -> eks.ICluster:
        """The EKS cluster: the one created here, or the imported ``Eks.existing(cluster, ...)``."""
        return self._cluster

    @property
    def network(self) -> HyperPodNetwork:
        """The network the cluster and its HyperPod nodes run in."""
        return self._network

    @property
    def kubernetes_version(self) -> str:
        """The cluster's Kubernetes version (``kubernetes_version=``; an existing cluster's as the app states it)."""
        return self._kubernetes_version

    @property
    def authentication_mode(self) -> str:
        """The cluster's authentication mode: ``"API"`` for a created cluster, as given for an existing one."""
        return self._authentication_mode

    @property
    def api_endpoint(self) -> ApiEndpoint:
        """Who can reach the cluster's API server endpoint."""
        return self._api_endpoint

    @property
    def secrets_key(self) -> Optional[kms.IKey]:
        """The KMS key that envelope-encrypts a created cluster's Kubernetes Secrets, or None (none, or an existing
        cluster)."""
        return self._secrets_key

    @property
    def network_addons(self) -> tuple[eks.Addon, ...]:
        """The networking add-ons this construct installs (VPC CNI, kube-proxy, the Pod Identity agent), which nodes
        need before they run pods; empty when it installs none."""
        return tuple(self._network_addons)

    @property
    def workload_addons(self) -> tuple[eks.Addon, ...]:
        """The add-ons that run pods on the nodes (CoreDNS, metrics-server, cert-manager, the FSx and S3 CSI drivers);
        empty when it installs none."""
        return tuple(self._workload_addons)

    @property
    def admin_role_arns(self) -> tuple[str, ...]:
        """The IAM role ARNs given a cluster-admin access entry (a created cluster's default: the CDK deploy role)."""
        return self._admin_role_arns

    @property
    def admin_entries(self) -> tuple[eks.AccessEntry, ...]:
        """The cluster-admin access entries of ``admin_role_arns``, in the same order."""
        return tuple(self._admin_entries)

    @property
    def uses_default_admin(self) -> bool:
        """True when ``admin_role_arns`` is the CDK deploy role because the app named no admins."""
        return self._uses_default_admin

    def _default_admins(self) -> list[str]:
        """The CDK bootstrap's deploy role: whoever can deploy this stack can administer its cluster."""
        synthesizer = Stack.of(self).synthesizer
        if isinstance(synthesizer, DefaultStackSynthesizer):
            return [Fn.sub(synthesizer.deploy_role_arn)]
        return []

    def grant_cluster_admin(self, construct_id: str, principal_arn: str) -> eks.AccessEntry:
        """A cluster-scoped AmazonEKSClusterAdminPolicy access entry for one IAM principal."""
        return eks.AccessEntry(self, construct_id, cluster=self._cluster, principal=principal_arn,
                               access_policies=[eks.AccessPolicy.from_access_policy_name(
                                   "AmazonEKSClusterAdminPolicy", access_scope_type=eks.AccessScopeType.CLUSTER)])

    @property
    def functions_in_vpc(self) -> bool:
        """Deploy-time functions (the kubectl function) must run in the VPC to reach the endpoint."""
        return self._api_endpoint.functions_in_vpc

    @property
    def function_subnets(self) -> Optional[ec2.SubnetSelection]:
        """Where deploy-time functions run: the HyperPod subnets when the endpoint is not open to the internet."""
        return ec2.SubnetSelection(subnets=list(self._network.hyperpod_subnets)) if self.functions_in_vpc else None

    def _add_addons(self, versions: Mapping[str, str]) -> None:
        for name in NETWORK_ADDONS + WORKLOAD_ADDONS:
            addon = owned_addon(self, _addon_id(name), cluster=self._cluster, addon_name=name,
                                addon_version=versions.get(name), preserve_on_delete=False)
            (self._network_addons if name in NETWORK_ADDONS else self._workload_addons).append(addon)

    def grant_hyperpod_nodes(self, execution_role: iam.IRole) -> Optional[eks.AccessEntry]:
        """The access entry HyperPod nodes join the cluster with (type HYPERPOD_LINUX, no policies), when the
        platform manages it rather than HyperPod."""
        if not self._node_access_entry:
            return None
        return eks.AccessEntry(self, "HyperPodNodeAccess", cluster=self._cluster, principal=execution_role.role_arn,
                               access_policies=[], access_entry_type=eks.AccessEntryType.HYPERPOD_LINUX)


def imported_attribute(cluster: eks.ICluster, name: str) -> Any:
    """An attribute of a cluster, or None when it was imported without it (CDK raises on reading those)."""
    try:
        return getattr(cluster, name)
    except RuntimeError:  # e.g. '"vpc" is not defined for this imported cluster'
        return None


def _addon_id(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-")) + "Addon"


def _endpoint_access(endpoint: ApiEndpoint) -> eks.EndpointAccess:
    """Public always keeps private access on, so nodes' API traffic stays inside the VPC."""
    if endpoint.mode == "private":
        return eks.EndpointAccess.PRIVATE
    if endpoint.allowed_cidrs:
        return eks.EndpointAccess.PUBLIC_AND_PRIVATE.only_from(*endpoint.allowed_cidrs)
    return eks.EndpointAccess.PUBLIC_AND_PRIVATE
