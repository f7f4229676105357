"""The composition root: validates the platform's arguments and wires its parts, each built by one function of its
own module from a small frozen context (``network_part``, ``eks_part``, ``hyperpod_part``, ``operator_part``,
``model_store_part``, ``model_access_part``, ``observability_part``, ``access``, ``charts_part``, ``applier_part``,
``synth_checks``); endpoints and scaled workloads are added to the resolved platform afterwards."""
from __future__ import annotations

import copy
import inspect
import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence, Union

import cdk8s
from aws_cdk import Aws, RemovalPolicy, Stack, Token, aws_iam as iam
from constructs import Construct

from ..app_file import export_folder
from ..aws.data_capture import DataCaptureWriters
from ..aws.eks import HyperPodEks
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
from ..aws.inference_operator import InferenceOperator, InferenceOperatorOptions
from ..aws.kubectl_handler import KubectlHandler
from ..delivery.applier import ManifestApplier, ManifestDelivery
from ..aws.model_access import ModelSourceAccess
from ..aws.model_store import ModelStoreFileSystem
from ..aws.network import HyperPodNetwork
from ..aws.observability import InferenceObservability
from ..aws.stack_traces import record_no_stack_traces
from ..aws.storage_drivers import StorageDriverRoles
from ..aws.tiered_kv_cache import TieredKvCacheConfiguration
from ..error_output import declared_at, users_statement
from ..errors import HyperPodProblems
from .. import rules
from ..intent.cluster import ClusterSettings, ExistingEks
from ..intent.cluster_prerequisites import ClusterPrerequisite
from ..intent.cold_start import ColdStartAssumptions
from ..intent.endpoint import InferenceEndpoint
from ..planner.cold_start import (
    ColdStartContext, ColdStartEstimate, endpoint_cold_starts, estimate_cold_start, hold_budget)
from ..resolve.gateway import resolve_gateway
from ..resolve.endpoint import resolve_endpoint, resolve_scaled_workload, resolve_weights_cache
from ..intent.inference_gateway import InferenceGateway
from ..intent.instance_group import InstanceGroup
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.keda_workload import ScaledWorkload
from ..intent.model_cache import ModelWeightsCache
from ..intent.model_store import ModelStore
from ..intent.network import Network
from ..intent.node_autoscaling import NodeAutoscaling, NodePoolSpec, autoscaled_group_names
from ..intent.observability import Observability
from ..resolve.platform_model import ResolvedEndpoint, ResolvedModelStore, ResolvedPlatform
from ..resolve.scale_up_window import with_scale_up_window
from ..resolve.wake_retry import with_retry_after
from ..k8s.wake_hold import add_wake_hold_objects, wake_hold_manifests, wake_hold_of
from ..planner.wake_hold_budget import WakeHoldBudget, retry_after_s
from .wake_hold_part import hold_requests
from ..resolve.records import CustomSpec
from ..intent.slo import EndpointSlos
from ..resolve.tiered_kv_cache import TieredKvCacheDaemon, resolve_tiered_kv_cache_daemon
from ..sizing.preset import EndpointPreset
from ..k8s.inference_gateway import (
    add_gateway_object, add_lora_adapter_config_maps, lora_adapter_config_map_manifests)
from ..k8s.keda import add_keda_objects, render_keda
from ..k8s.model_deployment import add_endpoint_object, endpoint_manifest
from ..k8s.model_weights_cache import add_weights_cache_object, weights_cache_manifest
from ..k8s.tiered_kv_cache import write_configure_script
from ..prices.model import Prices
from ..type_checks import check_arguments
from .access import AccessContext, build_access
from .arguments import check_platform_arguments
from .advice import advise
from .applier_part import ApplierContext, ManifestApplication
from .charts_part import ChartsContext, PlatformCharts, build_platform_charts
from .cost_inputs import FixedCostContext, fixed_cost_items, price_warnings
from .delivery import ManifestFiles
from .deployments import ChartDeployment, EndpointDeployment, endpoint_chart_name, endpoint_construct_id
from .eks_part import EksContext, build_eks
from .gateways import gateway_chart_name, gateway_manifest
from ..delivery.bundle import DeployTimeValues, platform_label_value, write_files
from .hyperpod_part import HyperPodContext, build_hyperpod
from .model_access_part import ModelAccessContext, build_model_access
from .model_store_part import ModelStoreContext, build_model_store
from .network_part import NetworkContext, build_network
from .observability_part import AlarmRouting, ObservabilityContext, build_observability
from .operator_part import OperatorContext, build_operator
from .plan import Plan
from .plan_metadata import record_plan_metadata
from .plan_picture import draw_plan
from .declarations import Declarations
from .subnet_records import subnet_records, vpc_cidr
from .synth_checks import SynthChecksContext, add_synth_checks

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


# Attributes an earlier version had -> the one to use now: reading or assigning an old name raises, naming it.
RENAMED_ATTRIBUTES = {"model": "resolved_platform", "settings": "cluster_settings", "manifests": "manifest_applier",
                      "kubectl": "kubectl_handler", "cluster_role": "karpenter_role"}


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

    Example:
        >>> import aws_cdk as cdk
        >>> from hyperpod_constructs import (
        ...     HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource)
        >>> stack = cdk.Stack(cdk.App(), "Inference")
        >>> platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        ...     InstanceGroup("system", "ml.m5.2xlarge", count=1),
        ...     InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
        >>> llama = platform.add_endpoint(InferenceEndpoint(
        ...     "llama", model=ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct"),
        ...     instance_type="ml.g6e.12xlarge"))
        >>> [group.name for group in platform.plan.groups]
        ['system', 'l40s']
        >>> llama.node.path
        'Inference/Platform/llama'
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
        adopt_existing: bool = False,
        cold_start: ColdStartAssumptions = ColdStartAssumptions(),
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
            prices: Instance and fixed prices for the plan's cost: ``Prices.from_file(...)``, or
                ``Prices(instance_hourly={...})`` for instance prices only. Default: None (the plan shows no cost).
            removal_policy: What happens to data (the model store, buckets, KMS keys, the AMP workspace) when it
                leaves the stack. Default: ``RemovalPolicy.RETAIN`` (kept).
            manifest_removal: What a stack delete does to the Kubernetes objects the stack applied with
                ``ManifestDelivery.CDK_DEPLOY`` (endpoints, NodePools, volumes...): ``RemovalPolicy.DESTROY`` deletes
                them, ``RemovalPolicy.RETAIN`` leaves them running and billing; only these two are allowed.
                Default: ``RemovalPolicy.DESTROY`` (deleted with the stack).
            adopt_existing: With ``ManifestDelivery.CDK_DEPLOY``, take over objects of the bundle that already exist
                and are not this platform's: another platform's (same kind, namespace and name), or made by hand,
                Helm, Argo CD or Flux. The platform's label moves to them, the other owner's stack delete no longer
                deletes them, and this platform's does. Default: False (such an object fails the deploy, naming it
                and its owner; nothing is applied).
            cold_start: The figures the plan's cold-start estimate assumes where the app does not say (image size,
                node provisioning, engine start ...): your measurements instead of the published figures.
                Default: ``ColdStartAssumptions()`` (published figures and marked assumptions, docs/cold-start.md).
        """
        super().__init__(scope, construct_id)
        record_no_stack_traces(self)  # `cdk synth` would print the jsii kernel's temp path above each warning
        self._path: str = self.node.path  # read once: every jsii property read is a round trip to Node
        check_arguments(self._path, HyperPodInferencePlatform.__init__, locals())
        check_platform_arguments(self._path, namespace=namespace, hourly_prices=hourly_prices, prices=prices,
                                 manifest_removal=manifest_removal, adopt_existing=adopt_existing)
        groups = self._instance_groups = tuple(instance_groups)
        self._node_autoscaling = (node_autoscaling if isinstance(node_autoscaling, NodeAutoscaling)
                                  else NodeAutoscaling(enabled=bool(node_autoscaling)))
        self._cluster_settings, self._namespace, self._prices, self._delivery = cluster, namespace, prices, delivery
        self._declarations = Declarations.of_platform(groups, cluster)
        self._observability_options, self._removal_policy, self._manifest_removal = (
            observability, removal_policy, manifest_removal)
        self._cold_start, self._adopt_existing = cold_start, adopt_existing
        advise(self, price_warnings(prices, Stack.of(self).region, groups), "prices")
        files = self._files = ManifestFiles(DeployTimeValues(self), platform_label_value(
            Stack.of(self).stack_name, self._path), self._path)
        register = files.values.register
        self._charts = PlatformCharts(self, files)  # Platform/Charts/<chart name>: all but the endpoints'
        self._endpoint_deployments: list[EndpointDeployment] = []
        self._scaled_workloads: list[ChartDeployment] = []
        self._gateways: list[ChartDeployment] = []
        self._keda_objects: set[tuple[str, str, str]] = set()  # (kind, namespace, name) already in a chart

        network_ = self._network = build_network(self, NetworkContext(network, cluster.eks, self._path))
        eks = self._eks = build_eks(self, EksContext(network_, cluster.eks, removal_policy, self._path))
        node_pools = self._node_autoscaling.pools(groups)  # the one place they are computed
        self._hyperpod = build_hyperpod(self, HyperPodContext(
            eks.eks, network_, groups, cluster, node_autoscaling=self._node_autoscaling.enabled,
            single_az_groups=tuple(autoscaled_group_names(node_pools)), removal_policy=removal_policy))
        hyperpod = self._hyperpod.cluster
        operator_ = self._operator = build_operator(self, OperatorContext(
            eks.eks, cluster.eks, eks.oidc_provider, hyperpod, groups, operator,
            applies_manifests=delivery is ManifestDelivery.CDK_DEPLOY, removal_policy=removal_policy,
            register=register))
        self._model_store = build_model_store(self, ModelStoreContext(model_store, network_, removal_policy))
        self._model_access = build_model_access(self, ModelAccessContext(
            eks.oidc_provider, tuple(eks.eks.workload_addons), model_store.bucket if model_store is not None else None,
            network_.security_groups[0], register))
        observed = self._observability = build_observability(self, ObservabilityContext(
            observability, eks.eks, hyperpod, groups, removal_policy, self._expected_wakes))
        self._access = build_access(self, AccessContext(
            network_, eks.eks, observed.observability, has_model_store=model_store is not None,
            removal_policy=removal_policy, existing_cluster=isinstance(cluster.eks, ExistingEks), where=self._path))

        given_chart = operator.helm_chart if isinstance(operator.helm_chart, HyperPodHelmChart) else None
        gpu_operator = given_chart.enable_gpu_operator if given_chart is not None else None
        self._resolved = self._build_model(node_pools, gpu_operator, operator.addon_version)
        dependencies = operator_.dependencies
        self._chart_handles = build_platform_charts(self._charts, ChartsContext(
            self._resolved, model_store, network_, dependencies.chart if dependencies is not None else None, register))
        self._application = ManifestApplication(self, ApplierContext(
            files, delivery, manifest_removal, operator_.kubectl_handler, hyperpod=hyperpod.resource,
            after=(hyperpod.resource, *operator_.installed), tiered_kv_cache=lambda: self.tiered_kv_cache,
            adopt_existing=adopt_existing))
        add_synth_checks(self, SynthChecksContext(
            resolved=lambda: self._resolved, plan=lambda: self.plan, declarations=self._declarations,
            warn_unused_alarm_emails=observed.alarm_routing.warn_unused_emails,
            configures_daemon_at_deploy=self._application.configures_daemon_at_deploy))
        record_plan_metadata(self, self._path, lambda: self.plan)  # what the diff compares on a deployed template

    # ---- what the platform holds: read-only --------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:  # only called for a name the platform does not have
        if name in RENAMED_ATTRIBUTES:
            raise AttributeError(_renamed(name))
        raise AttributeError(f"{self.__class__.__name__!r} object has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        if name in RENAMED_ATTRIBUTES:
            raise AttributeError(_renamed(name))
        super().__setattr__(name, value)

    def add_endpoint(self, endpoint: Endpoint, *, slos: Optional[EndpointSlos] = None) -> EndpointDeployment:
        """Deploy a model: its chart is applied by ``cdk deploy``, checked against the platform at synth,
        charted on the inference dashboard and alerted on with ``slos`` (defaults when observability is on).

        Returns its handle, construct ``Platform/<name>`` (``<name>.<namespace>`` outside the platform's namespace):
        ``.api_object`` is the operator's custom resource, to patch fields the library does not model."""
        check_arguments(self._path, HyperPodInferencePlatform.add_endpoint, locals())
        return self._add_endpoint(endpoint, slos, ())

    def add_preset_endpoint(self, preset: EndpointPreset, *,
                            slos: Optional[EndpointSlos] = None) -> EndpointDeployment:
        """Deploy an endpoint ``preset_endpoint(...)`` sized: ``preset.endpoint`` as ``add_endpoint`` deploys it, and
        the plan's Sizing section says why it has that size (``preset.reasons``). Returns its handle."""
        check_arguments(self._path, HyperPodInferencePlatform.add_preset_endpoint, locals())
        return self._add_endpoint(preset.endpoint, slos, preset.reasons)

    def add_model_weights_cache(self, cache: ModelWeightsCache) -> ChartDeployment:
        """A ModelWeightsCacheConfig (operator v3.3): the operator copies the model's weights onto the local NVMe of
        the nodes ``cache`` selects before any endpoint exists. Its chart is ``weights-cache-<name>``; the node role
        gets read access to the model source as for an endpoint. Returns its handle."""
        check_arguments(self._path, HyperPodInferencePlatform.add_model_weights_cache, locals())
        record = resolve_weights_cache(cache, self._resolved)
        model = self._resolved.with_weights_cache(record)  # refuses a name taken in the namespace
        deployment = self._charts.add(f"weights-cache-{record.name}",
                                      lambda chart: add_weights_cache_object(chart, record),
                                      [weights_cache_manifest(record)])
        self._resolved = model
        self.model_access.add(record.model)
        return deployment

    def add_inference_gateway(self, gateway: InferenceGateway) -> ChartDeployment:
        """One Inference Gateway (an ``InferenceGatewayConfig``) serving many models; endpoints attach by its name.

        Needs ``operator=InferenceOperatorOptions(inference_gateway=True)`` (checked at synth). Returns its handle,
        chart ``inference-gateway-<namespace>-<name>`` (``.api_objects[0]`` is the config, for fields not modelled;
        then the body-based router's ConfigMap of each scheduler that lists LoRA adapters).
        The inference operator merges a scheduler entry into the config for each endpoint that attaches; ``cdk
        deploy`` applies only the platform's fields and never prunes or overwrites the operator's (docs/gateway.md)."""
        check_arguments(self._path, HyperPodInferencePlatform.add_inference_gateway, locals())
        resolved = resolve_gateway(gateway, self._resolved)
        model = self._resolved.with_gateway(resolved, where=self._path)  # refuses a name taken in the namespace
        manifest = gateway_manifest(resolved, self.deploy_time_values.register)
        deployment = self._charts.add(
            gateway_chart_name(resolved),
            lambda chart: [add_gateway_object(chart, manifest), *add_lora_adapter_config_maps(chart, resolved)],
            [manifest, *lora_adapter_config_map_manifests(resolved)])
        self._resolved = model  # only once it rendered: a refused gateway leaves the platform as it was
        self._gateways.append(deployment)
        return deployment

    def add_scaled_workloads(self, *workloads: ScaledWorkload, name: Optional[str] = None) -> ChartDeployment:
        """KEDA ScaledObjects for workloads that are not operator endpoints (a router, a batch consumer).

        Each call adds one chart, ``name`` (default ``scaled-workloads``, then ``scaled-workloads-2`` ...), holding
        its ScaledObjects and each TriggerAuthentication no earlier call added. Returns its handle."""
        check_arguments(self._path, HyperPodInferencePlatform.add_scaled_workloads, locals())
        if name is None:
            name = "scaled-workloads" + (f"-{len(self._scaled_workloads) + 1}" if self._scaled_workloads else "")
        records = tuple(resolve_scaled_workload(workload, self._resolved) for workload in workloads)
        model = self._resolved.with_scaled_workloads(records)  # refuses names and targets already taken
        # A TriggerAuthentication an earlier call added is not added again.
        manifests = [manifest for manifest in render_keda(records)
                     if _object_key(manifest) not in self._keda_objects]
        deployment = self._charts.add(name, lambda chart: add_keda_objects(chart, manifests), manifests)
        self._resolved = model  # only once they rendered: a rejected call leaves the platform as it was
        self._keda_objects.update(_object_key(manifest) for manifest in manifests)
        self._scaled_workloads.append(deployment)
        for workload in workloads:
            advise(deployment, workload.warnings(), "scaled-workload")
        return deployment

    # ---- plan and export -------------------------------------------------------------------------------

    def add_chart(self, name: str, build: Callable[[cdk8s.Chart], None]) -> ChartDeployment:
        """A cdk8s chart delivered with the platform's (exported as ``manifests/<name>.k8s.yaml``, applied by
        ``cdk deploy``): ``build`` fills it now; it is rendered when the first output needs it. Returns its handle,
        as every ``add_*`` does (``.chart`` is the cdk8s chart ``build`` filled)."""
        def build_chart(chart: cdk8s.Chart) -> list[cdk8s.ApiObject]:
            build(chart)
            return list(chart.api_objects)
        return self._charts.add(name, build_chart)

    # ---- endpoints and workloads -----------------------------------------------------------------------

    @property
    def endpoints(self) -> list[Endpoint]:
        """The endpoints added, as declared (what their handles hold; their records are in ``resolved_platform``)."""
        return [deployment.endpoint for deployment in self._endpoint_deployments]

    @property
    def plan(self) -> Plan:
        """Nodes, GPUs, MIG slices, cost at floor and ceiling, and the endpoints' memory fit."""
        sizing = tuple((deployment.endpoint.name, deployment.sizing_reasons)
                       for deployment in self._endpoint_deployments if deployment.sizing_reasons)
        return Plan.of(self._resolved, prices=self._prices, cold_start=self._cold_start, sizing=sizing,
                       fixed_costs=fixed_cost_items(FixedCostContext(
            eks_cluster=self.eks.cluster, network=self._network, observability=self._observability_options,
            model_store=self._model_store.spec if self._model_store is not None else None)))

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
        problems = rules.problems(self._resolved)
        if problems:  # what synth would refuse is not exported either
            raise HyperPodProblems(problems, self._declarations.locations(problems))
        out = export_folder(out_dir)  # a command reading the app sends it to its own temporary folder
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
        from ..observability.dashboards import write_dashboards  # grafana-foundation-sdk, only when exporting

        written.extend(write_dashboards(out / "dashboards",
                                        self.observability.dashboards if self.observability is not None else {}))
        if self.tiered_kv_cache is not None:
            written.append(write_configure_script(self.tiered_kv_cache, out / "tiered-kv-cache"))
        return written

    @property
    def instance_groups(self) -> tuple[InstanceGroup, ...]:
        """The instance groups, as given."""
        return self._instance_groups

    @property
    def node_autoscaling(self) -> NodeAutoscaling:
        """Node autoscaling as a ``NodeAutoscaling`` (``True``/``False`` turned into one)."""
        return self._node_autoscaling

    @property
    def cluster_settings(self) -> ClusterSettings:
        """The ``cluster=`` settings (EKS and HyperPod), as given."""
        return self._cluster_settings

    @property
    def namespace(self) -> str:
        """The platform's default Kubernetes namespace."""
        return self._namespace

    @property
    def prices(self) -> Optional[Prices]:
        """The ``prices=`` given, or None."""
        return self._prices

    @property
    def observability_options(self) -> Optional[Observability]:
        """The ``observability=`` settings given, or None."""
        return self._observability_options

    @property
    def delivery(self) -> ManifestDelivery:
        """Who applies the manifests."""
        return self._delivery

    @property
    def removal_policy(self) -> RemovalPolicy:
        """The removal policy of the platform's data."""
        return self._removal_policy

    @property
    def adopt_existing(self) -> bool:
        """Whether ``cdk deploy`` takes over objects of the bundle that another platform or a person made."""
        return self._adopt_existing

    @property
    def manifest_removal(self) -> RemovalPolicy:
        """What a stack delete does to the Kubernetes objects the stack applied (DESTROY or RETAIN)."""
        return self._manifest_removal

    @property
    def resolved_platform(self) -> ResolvedPlatform:
        """The resolved platform: every fact the rules, charts, observability and the plan read, with the endpoints
        and scaled workloads added so far."""
        return self._resolved

    @property
    def network(self) -> HyperPodNetwork:
        """The VPC, subnets and security groups in use (created or imported)."""
        return self._network

    @property
    def eks(self) -> HyperPodEks:
        """The EKS cluster in use (created or imported) with its add-ons and access entries."""
        return self._eks.eks

    @property
    def oidc_provider(self) -> iam.IOidcProvider:
        """The cluster's IAM OIDC provider, which the operator's roles trust."""
        return self._eks.oidc_provider

    @property
    def hyperpod(self) -> HyperPodCluster:
        """The HyperPod cluster (``AWS::SageMaker::Cluster``) with its execution role and lifecycle scripts."""
        return self._hyperpod.cluster

    @property
    def karpenter_role(self) -> Optional[iam.IRole]:
        """The IAM role HyperPod's Karpenter uses, or None without node autoscaling."""
        return self._hyperpod.karpenter_role

    @property
    def kubectl_handler(self) -> Optional[KubectlHandler]:
        """The function that runs Helm and kubectl at deploy time, or None when nothing needs it (GitOps without the
        Helm chart)."""
        return self._operator.kubectl_handler

    @property
    def dependencies(self) -> Optional[HyperPodDependencies]:
        """HyperPod's dependency Helm chart, installed at deploy time, or None when ``operator.helm_chart`` is None."""
        return self._operator.dependencies

    @property
    def operator(self) -> InferenceOperator:
        """The inference operator add-on with its execution role and TLS bucket."""
        return self._operator.operator

    @property
    def data_capture_writers(self) -> DataCaptureWriters:
        """Grants the operator's execution role write access to each endpoint's data capture bucket."""
        return self._operator.data_capture_writers

    @property
    def cluster_prerequisites(self) -> tuple[ClusterPrerequisite, ...]:
        """What an existing EKS cluster must already run because the platform depends on it and does not install it,
        each with a read-only command that checks it; empty for a cluster the platform creates."""
        return self._operator.cluster_prerequisites

    @property
    def model_store(self) -> Optional[ModelStoreFileSystem]:
        """The FSx for Lustre file system and its S3 link, or None without a model store."""
        return self._model_store

    @property
    def storage_drivers(self) -> StorageDriverRoles:
        """The S3 and FSx CSI drivers' IAM roles; endpoints add the buckets they read."""
        return self._model_access.storage_drivers

    @property
    def model_access(self) -> ModelSourceAccess:
        """Grants the storage drivers read access to each endpoint's model source."""
        return self._model_access.model_access

    @property
    def observability(self) -> Optional[InferenceObservability]:
        """The AMP workspace, add-on, dashboards and alerts, or None without ``observability=``."""
        return self._observability.observability

    @property
    def alarm_routing(self) -> AlarmRouting:
        """Where SLO alerts go: the alarm topic and its e-mail subscriptions."""
        return self._observability.alarm_routing

    @property
    def retained_network(self) -> tuple[str, ...]:
        """What of a created network is kept so a retained model store's interfaces survive a stack deletion
        (construct paths)."""
        return self._access.retained_network

    @property
    def network_advice(self) -> tuple[str, ...]:
        """The warnings about an imported network the stack cannot check."""
        return self._access.network_advice

    @property
    def deploy_time_values(self) -> DeployTimeValues:
        """The CloudFormation values the manifests hold as placeholders (file system ids, bucket names, the
        region...), filled in when ``cdk deploy`` applies them."""
        return self._files.values

    @property
    def platform_label(self) -> str:
        """The label value every object the platform delivers carries (its stack and path), so pruning touches only
        its own objects."""
        return self._files.platform_label

    @property
    def manifest_files(self) -> ManifestFiles:
        """Every chart the platform delivers, rendered once for both ``cdk deploy`` and ``export()``: iterate it for the
        file names, index it (``platform.manifest_files["values.env"]``) or call ``.files()`` for file name -> text,
        in memory, exactly what ``export()`` writes under ``manifests/``. Reading it renders the charts, as
        ``export()`` does: add every endpoint and chart first. ``hyperpod_constructs.testing`` builds on it."""
        return self._files

    @property
    def manifest_applier(self) -> Optional[ManifestApplier]:
        """The custom resource that applies the manifests with ``ManifestDelivery.CDK_DEPLOY``, made at synth (with
        GitOps, the one that hands them over); None before synth and without a kubectl function."""
        return self._application.applier

    @property
    def tiered_kv_cache_configuration(self) -> Optional[TieredKvCacheConfiguration]:
        """The custom resource that sizes HyperPod's tiered-storage daemon at deploy (``CDK_DEPLOY`` with L2
        tiered-storage endpoints), made at synth; None otherwise (GitOps users run the script ``export()`` writes)."""
        return self._application.tiered_kv_cache_configuration

    @property
    def endpoint_deployments(self) -> tuple[EndpointDeployment, ...]:
        """The handles ``add_endpoint`` returned, in the order the endpoints were added."""
        return tuple(self._endpoint_deployments)

    @property
    def scaled_workloads(self) -> tuple[ChartDeployment, ...]:
        """The handles ``add_scaled_workloads`` returned."""
        return tuple(self._scaled_workloads)

    @property
    def inference_gateways(self) -> tuple[ChartDeployment, ...]:
        """The handles ``add_inference_gateway`` returned, in the order the gateways were added."""
        return tuple(self._gateways)

    @property
    def model_store_volumes(self) -> Optional[ChartDeployment]:
        """The handle on the model store's chart (StorageClass, PersistentVolume and claim), or None without a model
        store."""
        return self._chart_handles.model_store_volumes

    @property
    def model_store_claim_name(self) -> Optional[str]:
        """The name of the model store's PersistentVolumeClaim in the platform's namespace (``<claim_name>-<file
        system id>``: a new file system is a new claim), or None without a model store. It holds the file system's id,
        a deploy-time value: used as is in a chart of the platform's, it is filled where every such value is."""
        store = self._resolved.model_store
        return store.claim_name if store is not None else None

    @property
    def mig_config_map(self) -> Optional[ChartDeployment]:
        """The handle on the chart with the custom MIG layouts' ConfigMap, or None without custom layouts."""
        return self._chart_handles.mig_config_map

    @property
    def node_pools(self) -> Optional[ChartDeployment]:
        """The handle on the Karpenter NodePools' chart, or None without node autoscaling."""
        return self._chart_handles.node_pools

    # ---- what endpoints and charts see ---------------------------------------------------------------

    def _build_model(self, node_pools: tuple[NodePoolSpec, ...], gpu_operator: Optional[bool],
                     operator_addon_version: Optional[str]) -> ResolvedPlatform:
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
                claim_prefix=self.model_store.spec.claim_name,
                import_path=self.model_store.spec.import_path,
                file_system_path=self.model_store.spec.file_system_path,
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
            cluster=self.cluster_settings,
            gpu_operator=gpu_operator,
            region=region,
            prometheus_query_url=query_url,
            model_store=store,
            tls_certificate_s3_uri=self.operator.tls_certificate_s3_uri,
            namespace=self.namespace,
            jumpstart_gated_models=self.operator.gated_model_role is not None,
            subnets=subnet_records(self._network.hyperpod_subnets),
            vpc_cidr_block=vpc_cidr(self._network.vpc),
            operator_addon_version=operator_addon_version,
            inference_gateway_controller=self.operator.gateway_controller is not None,
        )

    # ---- charts ----------------------------------------------------------------------------------------

    def _add_endpoint(self, endpoint: Endpoint, slos: Optional[EndpointSlos],
                      sizing_reasons: Sequence[str]) -> EndpointDeployment:
        resolved = resolve_endpoint(endpoint, self._resolved, slos)  # checks, charts, grants and observability read it
        resolved = with_scale_up_window(resolved, self._load_and_start_s(resolved))
        resolved = self._with_fallback_retry(resolved)
        resolved_model = self._resolved.with_endpoint(resolved, where=self._path)  # refuses a name taken in the namespace
        namespace = resolved.namespace
        manifest = endpoint_manifest(resolved)
        deployment = self.manifest_files.add(endpoint_chart_name(namespace, endpoint.name), lambda: EndpointDeployment(
            self, endpoint_construct_id(endpoint.name, namespace, self.namespace), endpoint=endpoint,
            namespace=namespace, manifest=manifest, companions=wake_hold_manifests(resolved),
            build=lambda chart: [add_endpoint_object(chart, resolved), *add_wake_hold_objects(chart, resolved)],
            sizing_reasons=sizing_reasons))
        self._endpoint_deployments.append(deployment)
        self._resolved = resolved_model
        self._declarations.record(resolved.where, declared_at(endpoint) or users_statement())
        if isinstance(resolved.spec, CustomSpec):
            self.model_access.add(resolved.spec.model)
        else:
            self.storage_drivers.allow_jumpstart_read()  # the operator mounts its artifacts from AWS's buckets
        assert resolved.shared is not None
        if resolved.shared.data_capture is not None:
            self.data_capture_writers.add(resolved.shared.data_capture, resolved.where)
        advise(deployment, endpoint.warnings(), "endpoint")  # on Platform/<name>: the construct it is about
        hold_requests(self, resolved, deployment, handler=self._operator.kubectl_handler,
                      cluster=self._eks.eks.cluster, after=self._operator.installed, application=self._application,
                      budget=self._hold_budget)
        if self.observability is not None:
            self.observability.add_endpoint(resolved)
            self.alarm_routing.update()
        return deployment

    def _hold_budget(self, name: str) -> Optional[WakeHoldBudget]:
        """The wake hold's figures of endpoint ``name`` from the plan's cold-start estimate; None without a hold."""
        return next((hold_budget(estimate) for estimate in self.plan.cold_start_estimates()
                     if estimate.endpoint.name == name), None)

    def _expected_wakes(self) -> dict[str, float]:
        """The plan's cold-start estimate of each endpoint (or side) that scales to zero, in seconds."""
        return {estimate.endpoint.name: estimate.known_s for estimate in self.plan.cold_start_estimates()}

    def _load_and_start_s(self, resolved: ResolvedEndpoint) -> Optional[float]:
        """The load-and-start part of ``resolved``'s cold start (image, weights, engine) when it scales to zero as
        one Deployment; None otherwise or when a part is unknown."""
        estimate = self._cold_start_estimate(resolved, frozenset())  # a warm node shortens only the node part
        return estimate.load_and_start_s if estimate is not None else None

    def _with_fallback_retry(self, resolved: ResolvedEndpoint) -> ResolvedEndpoint:
        """``resolved`` with its wake hold's Retry-After worked out from its cold-start estimate (the nodes kept warm
        are those of the endpoints added so far: a min-0 endpoint keeps none); unchanged without a hold."""
        hold = wake_hold_of(resolved)
        if hold is None:
            return resolved
        estimate = self._cold_start_estimate(resolved, self.plan.warm_instance_types())
        assert estimate is not None  # a hold needs min_replicas=0, so the endpoint has a cold start
        return with_retry_after(resolved, retry_after_s(hold.max_wait_s, estimate.known_s))

    def _cold_start_estimate(self, resolved: ResolvedEndpoint, warm: frozenset[str]) -> Optional[ColdStartEstimate]:
        """``resolved``'s cold start when it scales to zero as one Deployment, ``warm`` the instance types with a
        spare node at the floor; None otherwise."""
        store = self._model_store.spec if self._model_store is not None else None
        context = ColdStartContext(self._cold_start, store.capacity_gib if store is not None else None,
                                   store.throughput_mb_per_tib if store is not None else None, warm)
        starts = [start for start in endpoint_cold_starts(resolved) if start.name == resolved.name]
        return estimate_cold_start(starts[0], context) if starts else None

    @property
    def tiered_kv_cache(self) -> Optional[TieredKvCacheDaemon]:
        """HyperPod's tiered-storage daemon as the L2 ``tieredstorage`` endpoints need it (groups, memory, cache
        capacity), or None without such endpoints. ``export()`` writes the script that applies it."""
        return resolve_tiered_kv_cache_daemon(self._resolved)


def _renamed(name: str) -> str:
    return (f"HyperPodInferencePlatform.{name} is now HyperPodInferencePlatform.{RENAMED_ATTRIBUTES[name]} "
            "(read-only)")


def _object_key(manifest: Mapping[str, Any]) -> tuple[str, str, str]:
    return manifest["kind"], manifest["metadata"].get("namespace", ""), manifest["metadata"]["name"]


def _signature_without(function: Callable[..., Any], *names: str) -> inspect.Signature:
    signature = inspect.signature(function)
    return signature.replace(parameters=[parameter for parameter in signature.parameters.values()
                                         if parameter.name not in names])


# ``hourly_prices`` (replaced by ``prices``) is still accepted, so that passing it raises the error saying how to
# write it as ``prices=``; the signature the API reference and help() show leaves it out.
HyperPodInferencePlatform.__init__.__signature__ = _signature_without(  # type: ignore[attr-defined]
    HyperPodInferencePlatform.__init__, "hourly_prices")
