"""The quick-setup composition: network, EKS, HyperPod, model store, operator, autoscaling, charts."""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence, Union

import cdk8s
from aws_cdk import Annotations, Aws, RemovalPolicy, Stack, Token, aws_ec2 as ec2, aws_iam as iam
from constructs import Construct

from ..aws.autoscaling_roles import KarpenterClusterRole
from ..aws.data_capture import DataCaptureWriters
from ..aws.eks import HyperPodEks, imported_attribute
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
from ..aws.inference_operator import CHART_FOR_INSTANCE_GROUPS, InferenceOperator, InferenceOperatorOptions
from ..aws.kubectl_handler import KubectlHandler
from ..aws.manifest_delivery import REMOVALS, ManifestApplier, ManifestDelivery
from ..aws.model_access import ModelSourceAccess
from ..aws.model_store import ModelStoreFileSystem
from ..aws.network import HyperPodNetwork
from ..aws.observability import InferenceObservability
from ..aws.replacement import warn_replacements
from ..aws.synth_time import at_synth
from ..aws.stack_traces import record_no_stack_traces
from ..aws.storage_drivers import FSX_CSI_ADDON, S3_CSI_ADDON, StorageDriverRoles, csi_addon_names
from ..errors import ADVICE_ID_PREFIX, Advice, HyperPodProblems, HyperPodValidationError, require
from ..k8s.karpenter import add_node_autoscaling, render_node_autoscaling
from ..k8s.keda import add_keda_objects, render_keda
from ..k8s.mig_config import add_mig_config_map
from ..k8s.model_deployment import add_endpoint_object, endpoint_manifest
from ..k8s.model_store import add_model_store_volumes, model_store_manifests
from ..aws.tiered_kv_cache import TieredKvCacheConfiguration
from ..k8s.tiered_kv_cache import daemon_patch, write_configure_script
from ..observability.dashboards import write_dashboards
from ..intent.cluster import ClusterSettings, Eks, ExistingEks
from ..intent.cluster_prerequisites import (
    EXISTING_CLUSTER_WARNING, existing_cluster_prerequisites, prerequisites_warning)
from ..intent.endpoint import InferenceEndpoint
from ..intent.endpoint_resolution import endpoint_record, resolve_scaled_workload
from ..intent.names import is_dns_label
from ..intent.instance_group import InstanceGroup
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.keda_workload import ScaledWorkload
from ..intent.mig import MigLayout
from ..intent.mig_config_map import resolve_mig_config_map
from ..intent.model_store import ModelStore
from ..intent.node_autoscaling import NodeAutoscaling, NodePoolSpec, autoscaled_group_names
from ..intent.node_pool_resolution import resolve_node_pools
from ..intent.network import Network
from ..intent.observability import Observability
from ..intent import rules
from ..intent.platform_model import ResolvedModelStore, ResolvedPlatform
from ..intent.records import CustomSpec
from ..intent.slo import EndpointSlos
from ..intent.rules.endpoints import tiered_kv_cache_daemon_step
from ..intent.tiered_kv_cache import (
    DAEMON_CONFIG_MAP, DAEMON_NAME, DAEMON_NAMESPACE, TieredKvCacheDaemon, tiered_kv_cache_daemon)
from ..prices.model import Prices
from .cost_inputs import fixed_cost_items, idle_floor_advice, price_warnings
from ..type_checks import check_arguments
from .access import AlarmRouting, add_access_outputs, add_synth_time_advice, byo_network_advice, retain_network_for_data
from .delivery import ManifestFiles
from .deployments import BuildChart, ChartDeployment, EndpointDeployment, endpoint_chart_name, endpoint_construct_id
from .gitops import DeployTimeValues, platform_label_value, write_files
from .plan import Plan
from .plan_picture import draw_plan
from .validations import RuleValidation

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]
CUSTOM_MIG_CONFIG_MAP = "hyperpod-mig-config"
# The GPU operator's MIG manager reads the ConfigMap named here (NVIDIA gpu-operator value
# migManager.config.name), nested under HyperPod's gpu-operator wrapper chart.
MIG_MANAGER_CONFIG_VALUES = ("gpu-operator", "gpu-operator", "migManager", "config", "name")




class HyperPodInferencePlatform(Construct):
    """LLM inference on SageMaker HyperPod, as the best-practice guide describes it, in one construct.

    Everything has the guide's default and every part can be replaced. Props are grouped by concern:
    ``network=Network(vpc=...)`` and ``cluster=ClusterSettings(eks=Eks.existing(cluster, ...))`` for a custom
    setup, ``operator=InferenceOperatorOptions(...)`` for the operator add-on and the dependency Helm chart,
    ``observability=Observability(...)``, ``delivery=``; ``model_store=None`` skips FSx, ``node_autoscaling``
    turns on Karpenter.
    Endpoints and scaled workloads are added with ``add_endpoint`` / ``add_scaled_workloads``, which return
    handles on their cdk8s charts (``platform.node_pools``, ``mig_config_map`` and ``model_store_volumes`` are
    the others'); all of it is exported for GitOps by ``export`` and, with ``delivery=ManifestDelivery.CDK_DEPLOY``
    (the default), applied by ``cdk deploy`` from the same rendered files (one S3 bundle, one custom resource).
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        instance_groups: Sequence[InstanceGroup],
        model_store: Optional[ModelStore] = None,
        node_autoscaling: Union[bool, NodeAutoscaling] = False,
        network: Network = Network(),
        cluster: ClusterSettings = ClusterSettings(),
        operator: InferenceOperatorOptions = InferenceOperatorOptions(),
        observability: Optional[Observability] = None,
        delivery: ManifestDelivery = ManifestDelivery.CDK_DEPLOY,
        namespace: str = "default",
        hourly_prices: Optional[Mapping[str, float]] = None,
        prices: Optional[Prices] = None,
        removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
        manifest_removal: RemovalPolicy = RemovalPolicy.DESTROY,
    ) -> None:
        """Build the platform in ``scope``; add endpoints with ``add_endpoint`` afterwards.

        Args:
            instance_groups: The HyperPod instance groups (nodes) of the cluster. Required.
            model_store: FSx for Lustre linked to an S3 prefix, which ``ModelSource.fsx(...)`` reads weights from.
                Default: None (no file system).
            node_autoscaling: HyperPod-managed Karpenter: True (one NodePool per group with ``max_count``), False,
                or a ``NodeAutoscaling`` with its NodePools. Default: False (groups keep their ``count``).
            network: The VPC, subnets and security groups. Default: ``Network()`` (a VPC the platform creates).
            cluster: The EKS cluster and the HyperPod cluster's settings. Default: ``ClusterSettings()`` (a new EKS
                cluster, automatic node recovery).
            operator: The inference operator add-on and the dependency Helm chart.
                Default: ``InferenceOperatorOptions()`` (the add-on, and the chart the instance groups need).
            observability: Amazon Managed Prometheus, Grafana, the observability add-on, dashboards and SLO alerts.
                Default: None (none of them).
            delivery: Who applies the Kubernetes manifests.
                Default: ``ManifestDelivery.CDK_DEPLOY`` (``cdk deploy`` applies them; ``export()`` writes them too).
            namespace: The Kubernetes namespace of endpoints that name none, and of the model store's volume
                claim. Default: ``"default"``.
            hourly_prices: Replaced by ``prices``: a mapping given here raises an error saying how to write it as
                ``prices=Prices(instance_hourly={...})``. Default: None.
            prices: Instance and fixed prices for the plan's cost: ``Prices.from_file(...)``, or
                ``Prices(instance_hourly={...})`` for instance prices only. Default: None (the plan shows no cost).
            removal_policy: What happens to data (the model store, buckets, KMS keys, the AMP workspace) when it
                leaves the stack. Default: ``RemovalPolicy.RETAIN`` (kept).
            manifest_removal: What a stack delete does to the Kubernetes objects the stack applied with
                ``ManifestDelivery.CDK_DEPLOY`` (endpoints, NodePools, volumes...): ``RemovalPolicy.DESTROY`` deletes
                them, ``RemovalPolicy.RETAIN`` leaves them running and billing; only these two are allowed.
                Default: ``RemovalPolicy.DESTROY`` (deleted with the stack).
        """
        super().__init__(scope, construct_id)
        record_no_stack_traces(self)  # `cdk synth` would print the jsii kernel's temp path above each warning
        self._path: str = self.node.path  # read once: every jsii property read is a round trip to Node
        check_arguments(self._path, HyperPodInferencePlatform.__init__, locals())
        require(is_dns_label(namespace), self._path, "namespace", namespace,
                "a Kubernetes namespace name (lowercase alphanumerics and '-', at most 63)")
        self.instance_groups: tuple[InstanceGroup, ...] = tuple(instance_groups)
        """The instance groups, as given."""
        self.node_autoscaling = (node_autoscaling if isinstance(node_autoscaling, NodeAutoscaling)
                                 else NodeAutoscaling(enabled=bool(node_autoscaling)))
        """Node autoscaling as a ``NodeAutoscaling`` (``True``/``False`` turned into one)."""
        self.settings = cluster
        """The ``cluster=`` settings (EKS and HyperPod), as given."""
        self.namespace = namespace
        """The platform's default Kubernetes namespace."""
        require(hourly_prices is None, self.node.path, "hourly_prices", hourly_prices,
                "None: instance prices are prices=Prices(instance_hourly={...}) (Prices also holds the fixed-cost "
                "rates; Prices.from_file reads a price file)")
        require(prices is None or isinstance(prices, Prices), self.node.path, "prices", prices,
                "a Prices, e.g. Prices.from_file('prices.json')")
        self.prices = prices
        """The ``prices=`` given, or None."""
        self.observability_options = observability
        """The ``observability=`` settings given, or None."""
        advise(self, price_warnings(prices, Stack.of(self).region, self.instance_groups), "prices")
        self.deploy_time_values = DeployTimeValues(self)
        """The CloudFormation values the manifests hold as placeholders (file system ids, bucket names, the region...),
        filled in when ``cdk deploy`` applies them."""
        self.delivery = delivery
        """Who applies the manifests."""
        self.platform_label = platform_label_value(Stack.of(self).stack_name, self.node.path)
        """The label value every object the platform delivers carries (its stack and path), so pruning touches only its
        own objects."""
        self.manifest_files = ManifestFiles(self.deploy_time_values, self.platform_label, self._path)
        """Every chart the platform delivers, rendered once for both ``cdk deploy`` and ``export()``."""
        self.manifests: Optional[ManifestApplier] = None
        """The custom resource that applies the manifests with ``ManifestDelivery.CDK_DEPLOY``, made at synth; None
        before and with GitOps."""
        self.endpoint_deployments: list[EndpointDeployment] = []
        """The handles ``add_endpoint`` returned, in the order the endpoints were added."""
        # Handles on the other charts: Platform/Charts/<chart name>, apart from the endpoints' ids.
        self._charts_scope = Construct(self, "Charts")
        self.model_store_volumes: Optional[ChartDeployment] = None
        """The handle on the model store's chart (StorageClass, PersistentVolume and claim), or None without a model
        store."""
        self.mig_config_map: Optional[ChartDeployment] = None
        """The handle on the chart with the custom MIG layouts' ConfigMap, or None without custom layouts."""
        self.node_pools: Optional[ChartDeployment] = None
        """The handle on the Karpenter NodePools' chart, or None without node autoscaling."""
        self.scaled_workloads: list[ChartDeployment] = []
        """The handles ``add_scaled_workloads`` returned."""
        self._keda_objects: set[tuple[str, str, str]] = set()  # (kind, namespace, name) already in a chart

        self.removal_policy = removal_policy
        """The removal policy of the platform's data."""
        require(manifest_removal in REMOVALS, self._path, "manifest_removal", manifest_removal,
                "RemovalPolicy.DESTROY (a stack delete deletes the Kubernetes objects the stack applied) or "
                "RemovalPolicy.RETAIN (it leaves them running, and their nodes billing)")
        self.manifest_removal = manifest_removal
        """What a stack delete does to the Kubernetes objects the stack applied (DESTROY or RETAIN)."""
        self.network = HyperPodNetwork(self, "Network", vpc=self._vpc(network, cluster), subnets=network.subnets,
                                       security_groups=network.security_groups)
        """The VPC, subnets and security groups in use (created or imported)."""
        self.eks = HyperPodEks(self, "Eks", network=self.network, options=cluster.eks, removal_policy=removal_policy)
        """The EKS cluster in use (created or imported) with its add-ons and access entries."""
        node_pools = self.node_autoscaling.pools(self.instance_groups)  # the one place they are computed
        self.cluster_role: Optional[iam.IRole] = None
        """The IAM role HyperPod's Karpenter uses, or None without node autoscaling."""
        if self.node_autoscaling.enabled:
            self.cluster_role = KarpenterClusterRole(self, "KarpenterClusterRole").role
        self.hyperpod = HyperPodCluster(
            self, "HyperPod", eks_cluster=self.eks, network=self.network, instance_groups=self.instance_groups,
            settings=cluster, cluster_role=self.cluster_role, removal_policy=removal_policy,
            single_az_groups=autoscaled_group_names(node_pools))
        """The HyperPod cluster (``AWS::SageMaker::Cluster``) with its execution role and lifecycle scripts."""
        # One function runs Helm for the dependency chart and kubectl for the manifests.
        self.kubectl: Optional[KubectlHandler] = None
        """The function that runs Helm and kubectl at deploy time, or None when nothing needs it (GitOps without the
        Helm chart)."""
        helm_chart = (self._default_helm_chart() if operator.helm_chart is CHART_FOR_INSTANCE_GROUPS
                      else operator.helm_chart)
        if helm_chart is not None or delivery is ManifestDelivery.CDK_DEPLOY:
            self.kubectl = KubectlHandler(self, "Kubectl", cluster=self.eks.cluster,
                                         vpc_subnets=self.eks.function_subnets)
        self.dependencies: Optional[HyperPodDependencies] = None
        """HyperPod's dependency Helm chart, installed at deploy time, or None when ``operator.helm_chart`` is None."""
        if helm_chart is not None:
            # HyperPod requires its dependency chart on the cluster before the HyperPod cluster is created.
            self.dependencies = HyperPodDependencies(self, "HyperPodDependencies", cluster=self.eks.cluster,
                                                     chart=helm_chart, handler=self.kubectl)
            self.hyperpod.resource.node.add_dependency(self.dependencies.resource)
        for addon in self.eks.workload_addons:
            addon.node.add_dependency(self.hyperpod.resource)

        self.model_store: Optional[ModelStoreFileSystem] = None
        """The FSx for Lustre file system and its S3 link, or None without a model store."""
        if model_store is not None:
            self.model_store = ModelStoreFileSystem(self, "ModelStore", spec=model_store, network=self.network,
                                                    removal_policy=removal_policy)

        self.oidc_provider = self._oidc_provider(cluster.eks)
        """The cluster's IAM OIDC provider, which the operator's roles trust."""
        # The S3 and FSx CSI drivers' roles; endpoints add the buckets they mount. Add-ons the platform installs
        # get them directly; on an existing cluster whose add-ons it does not manage, the user attaches them.
        self.storage_drivers = StorageDriverRoles(
            self, "StorageDrivers", oidc_provider=self.oidc_provider,
            model_store_bucket=model_store.bucket if model_store is not None else None)
        """The S3 and FSx CSI drivers' IAM roles; endpoints add the buckets they read."""
        self.storage_drivers.attach(self.eks.workload_addons)
        unmanaged = sorted({S3_CSI_ADDON, FSX_CSI_ADDON} - csi_addon_names(self.eks.workload_addons))
        if unmanaged:
            advise(self.storage_drivers, [(
                f"the platform does not install {', '.join(unmanaged)} on this existing cluster: give each add-on "
                "its role (platform.storage_drivers.s3_csi_role / fsx_csi_role, service accounts "
                "kube-system:s3-csi-driver-sa and kube-system:fsx-csi-controller-sa) or S3 and FSx model "
                "sources cannot mount")], "csi-driver-roles")
        if model_store is not None:
            self.storage_drivers.grant_read(model_store.bucket)
        self.model_access = ModelSourceAccess(drivers=self.storage_drivers, nodes=self.network.security_groups[0],
                                              register=self.deploy_time_values.register)
        """Grants the storage drivers read access to each endpoint's model source."""

        self.operator = InferenceOperator(
            self, "InferenceOperator", cluster=self.eks.cluster, oidc_provider=self.oidc_provider,
            hyperpod_cluster_arn=self.hyperpod.cluster_arn, vpc_id=self.network.vpc.vpc_id,
            options=operator, removal_policy=removal_policy)
        """The inference operator add-on with its execution role and TLS bucket."""
        self.operator.addon.node.add_dependency(*self.eks.workload_addons)  # cert-manager and CSI drivers first
        # What an existing cluster must run already (none for a created one): data for a preflight, one warning.
        self.cluster_prerequisites = existing_cluster_prerequisites(cluster.eks, alb=operator.alb, keda=operator.keda)
        """What an existing EKS cluster must already run because the platform depends on it and does not install it,
        each with a read-only command that checks it; empty for a cluster the platform creates."""
        if self.cluster_prerequisites:
            advise(self, [Advice(EXISTING_CLUSTER_WARNING, prerequisites_warning(
                self.eks.cluster.cluster_name, self.cluster_prerequisites))], "platform")
        self.data_capture_writers = DataCaptureWriters(self, writer=self.operator.execution_role,
                                                       register=self.deploy_time_values.register)
        """Grants the operator's execution role write access to each endpoint's data capture bucket."""
        # The operator manages Kubernetes objects with its execution role: cluster admin, as AWS's stack grants.
        self.operator.addon.node.add_dependency(
            self.eks.grant_cluster_admin("InferenceOperatorAccess", self.operator.execution_role.role_arn))

        self.observability: Optional[InferenceObservability] = None
        """The AMP workspace, add-on, dashboards and alerts, or None without ``observability=``."""
        if observability is not None:
            self.observability = InferenceObservability(
                self, "Observability", cluster=self.eks.cluster,
                instance_groups=[group for group in self.instance_groups if group.info.has_gpu],
                workspace=observability.workspace, grafana=observability.grafana, metrics=observability.metrics,
                logging=observability.logging, alarm_topic=observability.alarm_topic,
                removal_policy=removal_policy, sagemaker_spaces=observability.sagemaker_spaces)
            self.observability.addon.node.add_dependency(self.hyperpod.resource)
            # The association is served by the eks-pod-identity-agent add-on.
            self.observability.pod_identity_association.node.add_dependency(*self.eks.network_addons)

        self.alarm_routing = AlarmRouting(self, observability.alarm_emails if observability else ())
        """Where SLO alerts go: the alarm topic and its e-mail subscriptions."""
        self.alarm_routing.update()
        add_access_outputs(self)
        self.retained_network = retain_network_for_data(self)
        """What of a created network is kept so a retained model store's interfaces survive a stack deletion (construct
        paths)."""
        self.network_advice = byo_network_advice(self)
        """The warnings about an imported network the stack cannot check."""
        # At synth, over the complete app: the registered rules' advice (``self.model`` is built below).
        add_synth_time_advice(self, lambda: warn_replacements(self), self.alarm_routing.warn_unused_emails,
                              lambda: advise(self, rules.advice(self.model), "platform"),
                              lambda: advise(self, idle_floor_advice(self.plan), "cost"),
                              lambda: advise(self, [] if self._configures_daemon_at_deploy
                                             else tiered_kv_cache_daemon_step(self.model), "tiered-kv-cache-daemon"))

        given_chart = operator.helm_chart if isinstance(operator.helm_chart, HyperPodHelmChart) else None
        self.model = self._build_model(node_pools, given_chart.enable_gpu_operator if given_chart is not None else None)
        """The platform model: every fact the rules, charts, observability and the plan read, with the endpoints and
        scaled workloads added so far."""
        # Every cross-resource rule, once, over the model as it is when the app is complete: all problems at once.
        self.node.add_validation(RuleValidation(lambda: self.model))
        if self.model_store is not None:
            self._add_model_store_chart(model_store)
        self._add_mig_chart()
        if self.node_autoscaling.enabled:
            pools = resolve_node_pools(self.model)
            self.node_pools = self._add_platform_chart(
                "node-autoscaling", lambda chart: add_node_autoscaling(chart, pools), render_node_autoscaling(pools))
        self.tiered_kv_cache_configuration: Optional[TieredKvCacheConfiguration] = None
        """The custom resource that sizes HyperPod's tiered-storage daemon at deploy (``CDK_DEPLOY`` with L2
        tiered-storage endpoints), made at synth; None otherwise (GitOps users run the script ``export()`` writes)."""
        if delivery is ManifestDelivery.CDK_DEPLOY:
            # Endpoints are added after construction, so the bundle is made once the app is complete.
            at_synth(self, "ManifestDelivery", self._deliver)
        elif self.kubectl is not None:
            # Same construct path as the applier: switching from CDK_DEPLOY is an update that hands the objects
            # over to GitOps instead of a delete that removes them.
            self.manifests = ManifestApplier(self, "Manifests", handler=self.kubectl, bundle_dir=None, values={},
                                             **self.manifest_files.applier_identity)

    # ---- what endpoints and charts see ---------------------------------------------------------------

    def _build_model(self, node_pools: tuple[NodePoolSpec, ...], gpu_operator: Optional[bool]) -> ResolvedPlatform:
        """The platform's facts for checks, charts, observability and the plan; endpoints are added to it later."""
        values = self.deploy_time_values
        region = Stack.of(self).region
        if Token.is_unresolved(region):
            region = values.register("Region", Aws.REGION, "Region the platform is deployed to")
        store = None
        if self.model_store is not None:
            store = ResolvedModelStore(
                file_system_id=values.register("ModelStoreFileSystemId", self.model_store.file_system_id,
                                               "FSx for Lustre file system holding the models"),
                dns_name=values.register("ModelStoreDnsName", self.model_store.dns_name, "Model store DNS name"),
                mount_name=values.register("ModelStoreMountName", self.model_store.mount_name,
                                           "Model store Lustre mount name"),
                claim_name=self.model_store.spec.claim_name,
                import_path=self.model_store.spec.import_path,
            )
        values.register("TlsCertificateBucket", self.operator.tls_bucket.bucket_name,
                        "Bucket for the operator's TLS certificates")
        query_url = None
        if self.observability is not None:
            query_url = values.register("PrometheusQueryUrl", self.observability.prometheus_query_url,
                                        "Amazon Managed Prometheus query endpoint for KEDA triggers")
        return ResolvedPlatform(
            instance_groups=self.instance_groups,
            node_autoscaling=self.node_autoscaling,
            node_pools=node_pools,
            cluster=self.settings,
            gpu_operator=gpu_operator,
            region=region,
            prometheus_query_url=query_url,
            model_store=store,
            tls_certificate_s3_uri=self.operator.tls_certificate_s3_uri,
            namespace=self.namespace,
            jumpstart_gated_models=self.operator.gated_model_role is not None,
        )

    def _vpc(self, network: Network, cluster: ClusterSettings) -> Optional[ec2.IVpc]:
        """The VPC given, else an existing cluster's (HyperPod nodes join the cluster's VPC), else None (create one)."""
        if not isinstance(cluster.eks, ExistingEks):
            return network.vpc
        cluster_vpc = imported_attribute(cluster.eks.cluster, "vpc")
        require(cluster_vpc is not None, self._path, "cluster.eks.cluster", cluster.eks.cluster.cluster_name,
                "a cluster imported with vpc= (eks.Cluster.from_cluster_attributes(..., vpc=...)): HyperPod nodes and "
                "deploy-time functions join its VPC")
        if network.vpc is None:
            return cluster_vpc
        ids = (network.vpc.vpc_id, cluster_vpc.vpc_id)
        require(Token.is_unresolved(ids[0]) or Token.is_unresolved(ids[1]) or ids[0] == ids[1], self._path,
                "network.vpc", ids[0], f"the existing cluster's VPC ({ids[1]}) or None (use the cluster's)")
        return network.vpc

    def _oidc_provider(self, eks: Eks) -> iam.IOidcProvider:
        if not isinstance(eks, ExistingEks):
            return iam.OidcProviderNative(self, "Oidc", url=self.eks.cluster.cluster_open_id_connect_issuer_url,
                                          client_ids=["sts.amazonaws.com"])
        provider = imported_attribute(eks.cluster, "open_id_connect_provider")
        require(provider is not None, self._path, "cluster.eks.cluster", eks.cluster.cluster_name,
                "a cluster imported with open_id_connect_provider= (its IAM OIDC provider: the inference operator's "
                "roles trust it), e.g. iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(...)")
        return iam.OidcProviderNative.from_oidc_provider_arn(self, "Oidc", provider.open_id_connect_provider_arn)

    def _custom_mig_layouts(self) -> list[MigLayout]:
        return [group.mig_layout for group in self.instance_groups
                if group.mig_layout is not None and not group.mig_layout.is_stock]

    def _default_helm_chart(self) -> HyperPodHelmChart:
        """MIG groups need the chart's GPU operator; custom layouts need its MIG manager to read our ConfigMap."""
        has_mig = any(group.mig_layout is not None for group in self.instance_groups)
        values: dict[str, Any] = {}
        if self._custom_mig_layouts():
            node = values
            for key in MIG_MANAGER_CONFIG_VALUES[:-1]:
                node = node.setdefault(key, {})
            node[MIG_MANAGER_CONFIG_VALUES[-1]] = CUSTOM_MIG_CONFIG_MAP
        return HyperPodHelmChart(enable_gpu_operator=has_mig, values=values)

    # ---- charts ----------------------------------------------------------------------------------------

    def add_chart(self, name: str, build: Callable[[cdk8s.Chart], None]) -> cdk8s.Chart:
        """A cdk8s chart delivered with the platform's (exported as ``manifests/<name>.k8s.yaml``, applied by
        ``cdk deploy``): ``build`` fills it now; it is rendered when the first output needs it."""
        def build_chart(chart: cdk8s.Chart) -> list[cdk8s.ApiObject]:
            build(chart)
            return list(chart.api_objects)
        deployment = self.manifest_files.add(name, lambda: ChartDeployment(
            self._charts_scope, name, chart_name=name, build=build_chart))
        return deployment.chart

    def _add_platform_chart(self, name: str, build: BuildChart,
                            manifests: Optional[list[dict[str, Any]]] = None) -> ChartDeployment:
        """A chart under ``Platform/Charts/<name>``: ``build`` adds what ``manifests`` (when given: the objects as
        dicts, for the chart to be made only once it is touched) hold."""
        return self.manifest_files.add(name, lambda: ChartDeployment(
            self._charts_scope, name, chart_name=name, build=build, manifests=manifests))

    @property
    def _configures_daemon_at_deploy(self) -> bool:
        """``cdk deploy`` sizes HyperPod's tiered-storage daemon (GitOps users run the exported script)."""
        return self.delivery is ManifestDelivery.CDK_DEPLOY and self.kubectl is not None

    def _deliver(self) -> None:
        """One bundle of every chart, applied by one custom resource after everything the charts need; and the
        tiered-storage daemon's configuration, once the endpoints that need it are known."""
        daemon = self.tiered_kv_cache
        if daemon is not None and self._configures_daemon_at_deploy and self.tiered_kv_cache_configuration is None:
            assert self.kubectl is not None
            self.tiered_kv_cache_configuration = TieredKvCacheConfiguration(
                self, "TieredKvCache", handler=self.kubectl, namespace=DAEMON_NAMESPACE, daemon_set=DAEMON_NAME,
                config_map=DAEMON_CONFIG_MAP, cache_capacity=daemon.cache_capacity, daemon_patch=daemon_patch(daemon),
                after=[self.hyperpod.resource])
        if self.manifests is not None or not self.manifest_files.chart_names or self.kubectl is None:
            return
        ordered: list[Construct] = [self.hyperpod.resource, self.operator.addon]
        if self.dependencies is not None:
            ordered.append(self.dependencies.resource)
        self.manifests = self.manifest_files.apply_with(self, "Manifests", self.kubectl, after=ordered,
                                                        removal=self.manifest_removal)

    def _add_model_store_chart(self, spec: ModelStore) -> None:
        assert self.model.model_store is not None
        subnet = self.deploy_time_values.register("ModelStoreSubnetId", self.network.hyperpod_subnets[0].subnet_id,
                                                  "Subnet of the model store")
        group = self.deploy_time_values.register("NodeSecurityGroupId", self.network.security_groups[0].security_group_id,
                                                 "Security group of HyperPod nodes and the model store")
        manifests = model_store_manifests(self.model.model_store, spec.capacity_gib, self.namespace, subnet, group)
        self.model_store_volumes = self._add_platform_chart(
            "model-store", lambda chart: add_model_store_volumes(chart, manifests), manifests)

    def _add_mig_chart(self) -> None:
        layouts = self._custom_mig_layouts()
        if layouts:
            namespace = self.dependencies.chart.namespace if self.dependencies else "kube-system"
            config_map = resolve_mig_config_map(layouts, name=CUSTOM_MIG_CONFIG_MAP, namespace=namespace)
            self.mig_config_map = self._add_platform_chart("mig-config", lambda chart: [add_mig_config_map(
                chart, config_map)])

    # ---- endpoints and workloads -----------------------------------------------------------------------

    @property
    def endpoints(self) -> list[Endpoint]:
        """The endpoints added, as declared with their defaults resolved (what their handles hold)."""
        return [deployment.endpoint for deployment in self.endpoint_deployments]

    def add_endpoint(self, endpoint: Endpoint, *, slos: Optional[EndpointSlos] = None) -> EndpointDeployment:
        """Deploy a model: its chart is applied by ``cdk deploy``, checked against the platform at synth,
        charted on the inference dashboard and alerted on with ``slos`` (defaults when observability is on).

        Returns its handle, construct ``Platform/<name>`` (``<name>.<namespace>`` outside the platform's namespace):
        ``.api_object`` is the operator's custom resource, to patch fields the library does not model."""
        check_arguments(self._path, HyperPodInferencePlatform.add_endpoint, locals())
        endpoint = endpoint.resolve()  # the one resolution: the record below holds everything derived from it
        model = self.model
        resolved = endpoint_record(endpoint, model, slos)  # checks, charts, grants and observability read it
        resolved_model = model.with_endpoint(resolved, where=self._path)  # refuses a name taken in the namespace
        namespace = resolved.namespace
        manifest = endpoint_manifest(resolved)
        deployment = self.manifest_files.add(endpoint_chart_name(namespace, endpoint.name), lambda: EndpointDeployment(
            self, endpoint_construct_id(endpoint.name, namespace, self.namespace), endpoint=endpoint,
            namespace=namespace, manifest=manifest, build=lambda chart: [add_endpoint_object(chart, resolved)]))
        self.endpoint_deployments.append(deployment)
        self.model = resolved_model
        if isinstance(resolved.spec, CustomSpec):
            self.model_access.add(resolved.spec.model)
        else:
            self.storage_drivers.grant_jumpstart_read()  # the operator mounts its artifacts from AWS's buckets
        assert resolved.shared is not None
        if resolved.shared.data_capture is not None:
            self.data_capture_writers.add(resolved.shared.data_capture, resolved.where)
        advise(deployment, endpoint.warnings(), "endpoint")  # on Platform/<name>: the construct it is about
        if self.observability is not None:
            self.observability.add_endpoint(resolved)
            self.alarm_routing.update()
        return deployment

    def add_scaled_workloads(self, *workloads: ScaledWorkload, name: Optional[str] = None) -> ChartDeployment:
        """KEDA ScaledObjects for workloads that are not operator endpoints (a router, a batch consumer).

        Each call adds one chart, ``name`` (default ``scaled-workloads``, then ``scaled-workloads-2`` ...), holding
        its ScaledObjects and each TriggerAuthentication no earlier call added. Returns its handle."""
        check_arguments(self._path, HyperPodInferencePlatform.add_scaled_workloads, locals())
        if name is None:
            name = "scaled-workloads" + (f"-{len(self.scaled_workloads) + 1}" if self.scaled_workloads else "")
        records = tuple(resolve_scaled_workload(workload, self.model) for workload in workloads)
        model = self.model.with_scaled_workloads(records)  # refuses names and targets already taken
        # A TriggerAuthentication an earlier call added is not added again.
        manifests = [manifest for manifest in render_keda(records)
                     if _object_key(manifest) not in self._keda_objects]
        deployment = self._add_platform_chart(name, lambda chart: add_keda_objects(chart, manifests), manifests)
        self.model = model  # only once they rendered: a rejected call leaves the platform as it was
        self._keda_objects.update(_object_key(manifest) for manifest in manifests)
        self.scaled_workloads.append(deployment)
        for workload in workloads:
            advise(deployment, workload.warnings(), "scaled-workload")
        return deployment

    # ---- plan and export -------------------------------------------------------------------------------

    @property
    def plan(self) -> Plan:
        """Nodes, GPUs, MIG slices, cost at floor and ceiling, and the endpoints' memory fit."""
        return Plan.of(self.model, prices=self.prices,
                       fixed_costs=fixed_cost_items(self))

    @property
    def charts(self) -> Mapping[str, list[dict[str, Any]]]:
        """Chart name -> manifests as the charts hold them now, what ``cdk deploy`` applies (deploy-time values are
        CDK tokens). A copy: change a chart through its handle, so that both outputs see the change."""
        return copy.deepcopy(self.manifest_files.charts())

    def export(self, out_dir: Union[str, Path] = "dist", *, picture: Optional[bool] = None) -> list[Path]:
        """Write ``manifests/*.k8s.yaml`` (GitOps; the same files ``cdk deploy`` applies), ``plan.txt``,
        ``plan.svg`` and ``dashboards/*.json`` (what a Grafana workspace of the platform gets at deploy) under
        ``out_dir``. Manifest and dashboard files an earlier export wrote and this one does not are removed.

        The first of ``export()`` and synth renders the charts; a chart changed after that makes the next one raise.
        A platform with cross-resource problems raises ``HyperPodProblems`` listing them all, as ``cdk synth`` does.

        ``picture``: None draws ``plan.svg`` when matplotlib is installed (the ``picture`` extra) and says on
        stderr how to get it otherwise; True requires it; False skips it.
        """
        problems = rules.problems(self.model)
        if problems:  # what synth would refuse is not exported either
            raise HyperPodProblems(problems)
        out = Path(out_dir)
        written = write_files(out / "manifests", self.manifest_files.files())
        plan = self.plan
        plan_path = out / "plan.txt"
        plan_path.write_text(plan.render())
        written.append(plan_path)
        if picture is not False:
            try:
                written.append(draw_plan(plan, out / "plan.svg"))
            except ImportError as missing:
                if picture:
                    raise
                print(f"plan.svg not written: {missing}", file=sys.stderr)
        # Without observability there are no dashboards: files an earlier export wrote are removed all the same.
        written.extend(write_dashboards(out / "dashboards",
                                        self.observability.dashboards if self.observability is not None else {}))
        if self.tiered_kv_cache is not None:
            written.append(write_configure_script(self.tiered_kv_cache, out / "tiered-kv-cache"))
        return written

    @property
    def tiered_kv_cache(self) -> Optional[TieredKvCacheDaemon]:
        """HyperPod's tiered-storage daemon as the L2 ``tieredstorage`` endpoints need it (groups, memory, cache
        capacity), or None without such endpoints. ``export()`` writes the script that applies it."""
        return tiered_kv_cache_daemon(self.model)


def advise(construct: Construct, warnings: Sequence[str], area: str) -> None:
    """CDK warnings on ``construct`` (the one they are about), each with its rule's own id so acknowledging one rule
    leaves the others; a plain string gets ``hyperpod-constructs:<area>``."""
    for warning in warnings:
        warning_id = warning.warning_id if isinstance(warning, Advice) else ADVICE_ID_PREFIX + area
        Annotations.of(construct).add_warning_v2(warning_id, warning)


def _object_key(manifest: Mapping[str, Any]) -> tuple[str, str, str]:
    return manifest["kind"], manifest["metadata"].get("namespace", ""), manifest["metadata"]["name"]
