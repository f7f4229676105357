"""The charts part: the platform's own cdk8s charts under ``<platform>/Charts/<name>`` (model store volumes, the custom
MIG layouts' ConfigMap, Karpenter's NodePools), delivered with the endpoints' in the same bundle and export."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from constructs import Construct

from ..aws.hyperpod_dependencies import HyperPodHelmChart
from ..aws.network import HyperPodNetwork
from ..intent.instance_group import InstanceGroup
from ..intent.mig import MigLayout
from ..intent.model_store import ModelStore
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.mig_config_map import resolve_mig_config_map
from ..resolve.node_pools import resolve_node_pools
from ..k8s.karpenter import add_node_autoscaling, render_node_autoscaling
from ..k8s.mig_config import add_mig_config_map
from ..k8s.model_store import add_model_store_volumes, model_store_manifests
from .delivery import ManifestFiles
from .deployments import BuildChart, ChartDeployment

CUSTOM_MIG_CONFIG_MAP = "hyperpod-mig-config"
# The GPU operator's MIG manager reads the ConfigMap named here (NVIDIA gpu-operator value
# migManager.config.name), nested under HyperPod's gpu-operator wrapper chart.
MIG_MANAGER_CONFIG_VALUES = ("gpu-operator", "gpu-operator", "migManager", "config", "name")
# Where the MIG ConfigMap goes without the dependency chart (the GPU operator is then the user's).
MIG_CONFIG_NAMESPACE = "kube-system"


def custom_mig_layouts(groups: Sequence[InstanceGroup]) -> list[MigLayout]:
    """The groups' MIG layouts HyperPod does not ship: the platform's ConfigMap holds them."""
    return [group.mig_layout for group in groups if group.mig_layout is not None and not group.mig_layout.is_stock]


class PlatformCharts:
    """Makes the handles of charts under ``<scope>/Charts/<name>``, each registered with the platform's files."""

    def __init__(self, scope: Construct, files: ManifestFiles) -> None:
        self._scope = Construct(scope, "Charts")
        self._files = files

    def add(self, name: str, build: BuildChart, manifests: Optional[list[dict[str, Any]]] = None) -> ChartDeployment:
        """``build`` adds what ``manifests`` (when given: the objects as dicts, for the chart to be made only once it
        is touched) hold."""
        return self._files.add(name, lambda: ChartDeployment(
            self._scope, name, chart_name=name, build=build, manifests=manifests))


@dataclass(frozen=True)
class ChartsContext:
    """What the platform's own charts are rendered from: the resolved platform (before any endpoint), the
    ``model_store=`` spec and the network its volumes use, and the dependency chart (the MIG ConfigMap's namespace)."""
    resolved: ResolvedPlatform
    model_store: Optional[ModelStore]
    network: HyperPodNetwork
    dependency_chart: Optional[HyperPodHelmChart]
    register: Callable[[str, str, str], str]  # DeployTimeValues.register: the volumes' subnet and security group


@dataclass(frozen=True)
class ChartHandles:
    model_store_volumes: Optional[ChartDeployment]
    """``model-store``: StorageClass, PersistentVolume and claim; None without a model store."""
    mig_config_map: Optional[ChartDeployment]
    """``mig-config``: the custom MIG layouts' ConfigMap; None without custom layouts."""
    node_pools: Optional[ChartDeployment]
    """``node-autoscaling``: Karpenter's NodePools; None without node autoscaling."""


def build_platform_charts(charts: PlatformCharts, context: ChartsContext) -> ChartHandles:
    return ChartHandles(model_store_volumes=_model_store_volumes(charts, context),
                        mig_config_map=_mig_config_map(charts, context), node_pools=_node_pools(charts, context))


def _node_pools(charts: PlatformCharts, context: ChartsContext) -> Optional[ChartDeployment]:
    if not context.resolved.node_autoscaling.enabled:
        return None
    pools = resolve_node_pools(context.resolved)
    return charts.add("node-autoscaling", lambda chart: add_node_autoscaling(chart, pools),
                      render_node_autoscaling(pools))


def _model_store_volumes(charts: PlatformCharts, context: ChartsContext) -> Optional[ChartDeployment]:
    store, spec = context.resolved.model_store, context.model_store
    if store is None or spec is None:
        return None
    network, namespace = context.network, context.resolved.namespace
    subnet = context.register("ModelStoreSubnetId", network.hyperpod_subnets[0].subnet_id, "Subnet of the model store")
    group = context.register("NodeSecurityGroupId", network.security_groups[0].security_group_id,
                             "Security group of HyperPod nodes and the model store")
    manifests = model_store_manifests(store, spec.capacity_gib, namespace, subnet, group)
    return charts.add("model-store", lambda chart: add_model_store_volumes(chart, manifests), manifests)


def _mig_config_map(charts: PlatformCharts, context: ChartsContext) -> Optional[ChartDeployment]:
    layouts = custom_mig_layouts(context.resolved.instance_groups)
    if not layouts:
        return None
    dependencies = context.dependency_chart
    namespace = dependencies.namespace if dependencies is not None else MIG_CONFIG_NAMESPACE
    config_map = resolve_mig_config_map(layouts, name=CUSTOM_MIG_CONFIG_MAP, namespace=namespace)
    return charts.add("mig-config", lambda chart: [add_mig_config_map(chart, config_map)])
