"""The quick-setup composition: network, EKS, HyperPod, model store, operator, autoscaling, charts."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence, Union

import cdk8s
from aws_cdk import Annotations, Aws, RemovalPolicy, Stack, Token, aws_ec2 as ec2, aws_iam as iam
from constructs import Construct

from ..aws.eks import EksOptions, ExistingEksCluster, HyperPodEks
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.inference_operator import InferenceOperator, InferenceOperatorOptions
from ..aws.model_store import ModelStoreFileSystem
from ..aws.network import HyperPodNetwork
from ..errors import require
from ..k8s.api_objects import add_api_objects
from ..k8s.model_store import model_store_manifests
from ..spec.cluster import ClusterSettings
from ..spec.instance_group import InstanceGroup
from ..spec.model_store import ModelStore
from ..spec.node_autoscaling import NodeAutoscaling
from ..spec.platform_view import ModelStoreView, PlatformView
from .gitops import DeployTimeValues, write_manifests
from .plan import Plan
from .validations import ProblemList

NAMESPACE_PATTERN = r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$"


class HyperPodInferencePlatform(Construct):
    """LLM inference on SageMaker HyperPod, as the best-practice guide describes it, in one construct.

    Everything has the guide's default and every part can be replaced: pass ``vpc`` / ``existing_eks``
    for a custom setup, ``model_store=None`` to skip FSx, ``node_autoscaling`` for Karpenter.
    Endpoints and scaled workloads are added with ``add_endpoint`` / ``add_scaled_workload``; all of it
    is applied by ``cdk deploy`` and exported for GitOps by ``export``.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        instance_groups: Sequence[InstanceGroup],
        model_store: Optional[ModelStore] = None,
        node_autoscaling: Union[bool, NodeAutoscaling] = False,
        cluster: ClusterSettings = ClusterSettings(),
        eks: EksOptions = EksOptions(),
        existing_eks: Optional[ExistingEksCluster] = None,
        vpc: Optional[ec2.IVpc] = None,
        hyperpod_subnets: Optional[Sequence[ec2.ISubnet]] = None,
        security_groups: Optional[Sequence[ec2.ISecurityGroup]] = None,
        inference_operator: InferenceOperatorOptions = InferenceOperatorOptions(),
        namespace: str = "default",
        hourly_prices: Optional[Mapping[str, float]] = None,
        removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
    ) -> None:
        super().__init__(scope, construct_id)
        require(bool(re.match(NAMESPACE_PATTERN, namespace)), self.node.path, "namespace", namespace,
                "a Kubernetes namespace name (lowercase alphanumerics and '-', at most 63)")
        self.instance_groups: tuple[InstanceGroup, ...] = tuple(instance_groups)
        self.node_autoscaling = (node_autoscaling if isinstance(node_autoscaling, NodeAutoscaling)
                                 else NodeAutoscaling(enabled=bool(node_autoscaling)))
        self.settings = cluster
        self.namespace = namespace
        self.hourly_prices = hourly_prices
        self.deploy_time_values = DeployTimeValues(self)
        self._charts: dict[str, list[dict[str, Any]]] = {}
        self._cdk8s = cdk8s.App()
        self.problems = ProblemList()
        self.node.add_validation(self.problems)

        self.network = HyperPodNetwork(self, "Network", vpc=vpc, hyperpod_subnets=hyperpod_subnets,
                                       security_groups=security_groups)
        self.eks = HyperPodEks(self, "Eks", network=self.network, options=eks, existing=existing_eks)
        self.cluster_role: Optional[iam.IRole] = None
        if self.node_autoscaling.enabled:
            self.cluster_role = self._karpenter_cluster_role()
        self.hyperpod = HyperPodCluster(
            self, "HyperPod", eks_cluster=self.eks, network=self.network, instance_groups=self.instance_groups,
            settings=cluster, cluster_role=self.cluster_role, removal_policy=removal_policy)
        for addon in self.eks.workload_addons:
            addon.node.add_dependency(self.hyperpod.resource)

        self.model_store: Optional[ModelStoreFileSystem] = None
        if model_store is not None:
            self.model_store = ModelStoreFileSystem(self, "ModelStore", spec=model_store, network=self.network)

        self.operator = InferenceOperator(
            self, "InferenceOperator", cluster=self.eks.cluster, oidc_provider=self._oidc_provider(existing_eks),
            hyperpod_cluster_arn=self.hyperpod.cluster_arn, vpc_id=self.network.vpc.vpc_id,
            options=inference_operator, removal_policy=removal_policy)
        self.operator.addon.node.add_dependency(*self.eks.workload_addons)  # cert-manager and CSI drivers first

        self.view = self._build_view()
        self._register_cluster_checks()
        if self.model_store is not None:
            self._add_model_store_chart(model_store)

    # ---- what endpoints and charts see ---------------------------------------------------------------

    def _build_view(self) -> PlatformView:
        values = self.deploy_time_values
        region = Stack.of(self).region
        if Token.is_unresolved(region):
            region = values.register("Region", Aws.REGION, "Region the platform is deployed to")
        store = None
        if self.model_store is not None:
            store = ModelStoreView(
                file_system_id=values.register("ModelStoreFileSystemId", self.model_store.file_system_id,
                                               "FSx for Lustre file system holding the models"),
                dns_name=values.register("ModelStoreDnsName", self.model_store.dns_name, "Model store DNS name"),
                mount_name=values.register("ModelStoreMountName", self.model_store.mount_name,
                                           "Model store Lustre mount name"),
                claim_name=self.model_store.spec.claim_name,
                import_path=self.model_store.spec.import_path,
            )
        tls_bucket = values.register("TlsCertificateBucket", self.operator.tls_bucket.bucket_name,
                                     "Bucket for the operator's TLS certificates")
        return PlatformView(
            instance_groups=self.instance_groups,
            region=region,
            tiered_storage_enabled=self.settings.tiered_storage_enabled,
            node_autoscaling=self.node_autoscaling.enabled,
            prometheus_query_url=None,
            model_store=store,
            tls_certificate_s3_uri=f"s3://{tls_bucket}/certificates",
            namespace=self.namespace,
        )

    def _oidc_provider(self, existing: Optional[ExistingEksCluster]) -> iam.IOidcProvider:
        if existing is None:
            return iam.OidcProviderNative(self, "Oidc", url=self.eks.cluster.cluster_open_id_connect_issuer_url,
                                          client_ids=["sts.amazonaws.com"])
        require(existing.oidc_provider_arn is not None, self.node.path, "existing_eks.oidc_provider_arn", None,
                "the ARN of the cluster's IAM OIDC provider (the inference operator's roles trust it)")
        return iam.OidcProviderNative.from_oidc_provider_arn(self, "Oidc", existing.oidc_provider_arn)

    def _karpenter_cluster_role(self) -> iam.IRole:
        from ..aws.autoscaling_roles import KarpenterClusterRole

        return KarpenterClusterRole(self, "KarpenterClusterRole").role

    # ---- charts ----------------------------------------------------------------------------------------

    def add_chart(self, name: str, build: Callable[[cdk8s.Chart], None], after: Sequence[Construct] = ()) -> None:
        """Render a cdk8s chart, apply it with ``cdk deploy`` and keep it for the GitOps export."""
        require(name not in self._charts, self.node.path, "chart", name, "a chart name not used yet")
        chart = cdk8s.Chart(self._cdk8s, name, disable_resource_name_hashes=True)
        build(chart)
        manifests = chart.to_json()
        self._charts[name] = manifests
        self.eks.add_manifest(f"Chart-{name}", manifests,
                              after=[self.hyperpod.resource, self.operator.addon, *after])

    def _add_model_store_chart(self, spec: ModelStore) -> None:
        assert self.view.model_store is not None
        subnet = self.deploy_time_values.register("ModelStoreSubnetId", self.network.hyperpod_subnets[0].subnet_id,
                                                  "Subnet of the model store")
        group = self.deploy_time_values.register("NodeSecurityGroupId", self.network.security_groups[0].security_group_id,
                                                 "Security group of HyperPod nodes and the model store")
        manifests = model_store_manifests(self.view.model_store, spec.capacity_gib, self.namespace, subnet, group)
        self.add_chart("model-store", lambda chart: add_api_objects(chart, manifests))

    # ---- checks ----------------------------------------------------------------------------------------

    def _register_cluster_checks(self) -> None:
        from ..spec.node_autoscaling_checks import (
            check_node_autoscaling, check_node_provisioning_mode, node_autoscaling_warnings)

        self.problems.add(lambda: check_node_provisioning_mode(
            self.settings.node_provisioning_mode, self.node_autoscaling.enabled, f"{self.node.path}: cluster"))
        self.problems.add(lambda: check_node_autoscaling(self.instance_groups, self.node_autoscaling,
                                                         f"{self.node.path}: node_autoscaling"))
        for warning in node_autoscaling_warnings(self.instance_groups, self.node_autoscaling,
                                                 f"{self.node.path}: node_autoscaling"):
            Annotations.of(self).add_warning_v2("hyperpod-constructs:node-autoscaling", warning)

    # ---- plan and export -------------------------------------------------------------------------------

    @property
    def plan(self) -> Plan:
        autoscaled = frozenset(self.node_autoscaling.autoscaled_group_names(self.instance_groups))
        slices = {group.name: group.mig_layout.slices_per_instance(group.instance_type)
                  for group in self.instance_groups if group.mig_layout is not None}
        return Plan(groups=self.instance_groups, endpoints=(), autoscaled_groups=autoscaled,
                    slices_per_instance=slices, hourly_prices=self.hourly_prices)

    @property
    def charts(self) -> Mapping[str, list[dict[str, Any]]]:
        """Chart name -> manifests, as applied by ``cdk deploy`` (deploy-time values are CDK tokens)."""
        return dict(self._charts)

    def export(self, out_dir: Union[str, Path] = "dist") -> list[Path]:
        """Write ``manifests/*.k8s.yaml`` (GitOps), ``plan.txt`` and dashboards under ``out_dir``."""
        out = Path(out_dir)
        written = write_manifests(out / "manifests", self._charts, self.deploy_time_values)
        plan_path = out / "plan.txt"
        plan_path.write_text(self.plan.render())
        written.append(plan_path)
        return written

