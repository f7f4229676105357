"""The charts part alone: each of the platform's own charts only when the resolved platform needs it, under
``<scope>/Charts/<name>``."""
from __future__ import annotations

from typing import Optional

from apps_support import imported_bucket
from hyperpod_constructs import HyperPodHelmChart, InstanceGroup, MigLayout, ModelStore, NodeAutoscaling
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore, ResolvedPlatform
from hyperpod_constructs.platform.charts_part import (
    CUSTOM_MIG_CONFIG_MAP, MIG_CONFIG_NAMESPACE, ChartHandles, ChartsContext, PlatformCharts, build_platform_charts)
from hyperpod_constructs.platform.delivery import ManifestFiles
from hyperpod_constructs.delivery.bundle import DeployTimeValues
from parts_support import WHERE, bare_stack, existing_eks, network_and_eks

CPU = InstanceGroup("cpu", "ml.m5.2xlarge", count=1)
CUSTOM_MIG = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2, mig_config=MigLayout.custom(
    name="mixed", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}))
STORE = ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs.example", mount_name="abcdef",
                           claim_prefix="model-store", import_path="s3://my-models/")


def charts(resolved: ResolvedPlatform, dependency_chart: Optional[HyperPodHelmChart] = None,
           with_store: bool = False) -> tuple[ChartHandles, ManifestFiles]:
    stack = bare_stack()
    network, _ = network_and_eks(stack, existing_eks(stack))
    values = DeployTimeValues(stack)
    files = ManifestFiles(values, "parts-label", WHERE)
    spec = ModelStore(bucket=imported_bucket(stack), capacity_gib=1200) if with_store else None
    handles = build_platform_charts(PlatformCharts(stack, files), ChartsContext(
        resolved, spec, network, dependency_chart, values.register))
    return handles, files


def test_a_platform_without_store_custom_mig_or_autoscaling_has_none_of_its_charts() -> None:
    handles, files = charts(ResolvedPlatform(instance_groups=(CPU,)))
    assert handles == ChartHandles(None, None, None) and files.chart_names == ()


def test_custom_layouts_get_their_config_map_in_the_dependency_charts_namespace() -> None:
    handles, _ = charts(ResolvedPlatform(instance_groups=(CPU, CUSTOM_MIG)))
    assert handles.mig_config_map is not None and handles.mig_config_map.node.path == "Parts/Charts/mig-config"
    (config_map,) = handles.mig_config_map.manifests()
    assert (config_map["metadata"]["name"], config_map["metadata"]["namespace"]) == (CUSTOM_MIG_CONFIG_MAP,
                                                                                      MIG_CONFIG_NAMESPACE)
    handles, _ = charts(ResolvedPlatform(instance_groups=(CPU, CUSTOM_MIG)),
                        HyperPodHelmChart(enable_gpu_operator=True, namespace="hyperpod-deps"))
    assert handles.mig_config_map.manifests()[0]["metadata"]["namespace"] == "hyperpod-deps"


def test_node_pools_and_model_store_volumes_are_charted_in_that_order() -> None:
    autoscaling = NodeAutoscaling(enabled=True)
    handles, files = charts(ResolvedPlatform(instance_groups=(CPU, CUSTOM_MIG), node_autoscaling=autoscaling,
                                             node_pools=autoscaling.pools((CPU, CUSTOM_MIG)), model_store=STORE),
                            with_store=True)
    assert files.chart_names == ("model-store", "mig-config", "node-autoscaling")
    assert handles.node_pools is not None
    assert [manifest["kind"] for manifest in handles.node_pools.manifests()].count("NodePool") == 1
    assert handles.model_store_volumes is not None
    kinds = [manifest["kind"] for manifest in handles.model_store_volumes.manifests()]
    assert kinds == ["StorageClass", "PersistentVolume", "PersistentVolumeClaim"]
    # The created node security group's id is a deploy-time value (the imported VPC's subnet ids are literals).
    assert files.values.names == ["NodeSecurityGroupId"]
