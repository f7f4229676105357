"""Deployments as constructs: each chart the platform delivers has a handle whose cdk8s chart is the one source of
both outputs, so a patch made through cdk8s's escape hatch reaches the ``cdk deploy`` bundle and the GitOps export
alike, and a change made after the first output raises instead of letting them differ."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import cdk8s
import pytest
import yaml

from apps_support import REPO_ROOT, bundle_manifests, files_under, imported_bucket, s3_model
from hyperpod_constructs import (
    Autoscaling, ChartDeployment, EndpointDeployment, HyperPodInferencePlatform, HyperPodValidationError,
    InferenceEndpoint, InstanceGroup, JumpStartEndpoint, MigLayout, ModelStore, PrometheusTrigger,
    ScaledWorkload,
)
from support import validate_manifests

COMMAND = ["/bin/sh", "-c", "exec python3 -m vllm.entrypoints.openai.api_server \"$@\"", "--"]
AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-12345678-1234-1234-1234-123456789012"
GROUPS = [InstanceGroup("system", "ml.m5.2xlarge", count=1),
          InstanceGroup("gpu", "ml.g6e.48xlarge", count=0, max_count=2)]


def endpoint(platform: HyperPodInferencePlatform, name: str, **options: Any) -> InferenceEndpoint:
    return InferenceEndpoint(name, model=s3_model(platform, f"{name}/"), instance_type="ml.g6e.48xlarge", gpus=1,
                             **options)


def workload(name: str) -> ScaledWorkload:
    return ScaledWorkload(name=name, target_name=name, autoscaling=Autoscaling(
        min_replicas=1, max_replicas=2, trigger=PrometheusTrigger(
            name="rate", query="sum(rate(x[1m]))", target_value=10, server_address=AMP)))


def new_platform(tmp: Path, stack_id: str = "EscapeHatch") -> tuple[cdk.App, HyperPodInferencePlatform]:
    app = cdk.App(outdir=str(tmp / "cdk.out"))
    return app, HyperPodInferencePlatform(cdk.Stack(app, stack_id), "Platform", instance_groups=GROUPS,
                                          node_autoscaling=True)


def docs(text: str | bytes) -> list[dict[str, Any]]:
    return list(yaml.safe_load_all(text))


@pytest.fixture(scope="module")
def patched(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Patches on an endpoint (through ``.api_object``), a NodePool (through ``cdk8s.ApiObject.of``) and a chart
    of the user's own; then synth and export."""
    tmp = tmp_path_factory.mktemp("patched")
    app, platform = new_platform(tmp)
    deployment = platform.add_endpoint(endpoint(platform, "patched"))
    platform.add_endpoint(endpoint(platform, "untouched"))
    deployment.api_object.add_json_patch(cdk8s.JsonPatch.add("/spec/worker/command", COMMAND))
    (pool,) = [api_object for api_object in platform.node_pools.api_objects if api_object.kind == "NodePool"]
    cdk8s.ApiObject.of(pool).add_json_patch(cdk8s.JsonPatch.add("/spec/weight", 42))
    added = platform.add_chart("reader", lambda chart: None)
    assert isinstance(added, ChartDeployment) and added.chart_name == "reader"  # its handle, as every add_* returns
    cdk8s.ApiObject(added.chart, "sa", api_version="v1", kind="ServiceAccount",
                    metadata={"name": "model-reader", "namespace": "default"})
    app.synth()
    template = json.loads((Path(app.outdir) / "EscapeHatch.template.json").read_text())
    platform.export(tmp / "dist", picture=False)
    return {"platform": platform, "deployment": deployment,
            "bundle": bundle_manifests(template, Path(app.outdir)),
            "exported": files_under(tmp / "dist" / "manifests")}


def test_patches_reach_the_bundle_and_the_export_byte_for_byte(patched: dict[str, Any]):
    bundle, exported = patched["bundle"], patched["exported"]
    assert bundle == exported
    (custom_resource,) = docs(bundle["endpoint-default-patched.k8s.yaml"])
    assert custom_resource["spec"]["worker"]["command"] == COMMAND
    (untouched,) = docs(bundle["endpoint-default-untouched.k8s.yaml"])
    assert "command" not in untouched["spec"]["worker"]
    (pool,) = [doc for doc in docs(bundle["node-autoscaling.k8s.yaml"]) if doc["kind"] == "NodePool"]
    assert pool["spec"]["weight"] == 42
    (account,) = docs(bundle["reader.k8s.yaml"])
    assert account["metadata"]["name"] == "model-reader"
    # patched objects still carry the platform's labels (the applier prunes by them) and pass the CRD schemas
    for name in ("endpoint-default-patched.k8s.yaml", "node-autoscaling.k8s.yaml", "reader.k8s.yaml"):
        assert all(doc["metadata"]["labels"]["hyperpod-constructs.io/platform"] == patched["platform"].platform_label
                   for doc in docs(bundle[name]))
    assert validate_manifests([custom_resource, pool, account]) == 3


def test_a_change_after_the_outputs_raises_at_the_next_one(patched: dict[str, Any], tmp_path: Path):
    patched["deployment"].api_object.add_json_patch(cdk8s.JsonPatch.add("/spec/replicas", 3))
    with pytest.raises(HyperPodValidationError, match=(
            r"Platform: manifests=\['endpoint-default-patched'\] is not allowed; no change after the manifests "
            r"were first rendered \(by platform.export\(\) or at synth for cdk deploy\)")):
        patched["platform"].export(tmp_path, picture=False)


def test_a_change_after_export_makes_synth_raise(tmp_path: Path):
    app, platform = new_platform(tmp_path)
    deployment = platform.add_endpoint(endpoint(platform, "late"))
    platform.export(tmp_path / "dist", picture=False)
    deployment.api_object.add_json_patch(cdk8s.JsonPatch.add("/spec/worker/command", COMMAND))
    with pytest.raises(Exception, match=r"manifests=\['endpoint-default-late'\] is not allowed"):
        app.synth()


def test_changing_what_platform_charts_returns_changes_no_output(tmp_path: Path):
    _, platform = new_platform(tmp_path)
    platform.add_endpoint(endpoint(platform, "llama"))
    before = platform.manifest_files.charts()["endpoint-default-llama"][0]["spec"]["worker"]
    platform.charts["endpoint-default-llama"][0]["spec"]["worker"]["command"] = COMMAND
    assert "command" not in before and "command" not in platform.charts["endpoint-default-llama"][0]["spec"]["worker"]


def test_charts_and_endpoints_are_added_before_the_first_output(tmp_path: Path):
    _, platform = new_platform(tmp_path)
    platform.export(tmp_path / "dist", picture=False)
    with pytest.raises(HyperPodValidationError, match=(
            r"Platform: chart='endpoint-default-after' is not allowed; charts added before the manifests are first "
            r"rendered \(by platform.export\(\) or app.synth\(\)\)")):
        platform.add_endpoint(endpoint(platform, "after"))
    assert platform.endpoints == []


def every_kind(tmp: Path) -> HyperPodInferencePlatform:
    """A platform with a chart of every kind: endpoints (custom and JumpStart), node pools, a custom MIG
    ConfigMap, the model store's volumes and scaled workloads."""
    app = cdk.App(outdir=str(tmp / "cdk.out"))
    stack = cdk.Stack(app, "EveryKind")
    platform = HyperPodInferencePlatform(
        stack, "Platform", node_autoscaling=True,
        model_store=ModelStore(bucket=imported_bucket(stack, "models"), capacity_gib=1200),
        instance_groups=[*GROUPS, InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config=MigLayout.custom(
            name="mixed", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}))])
    platform.add_endpoint(endpoint(platform, "llama"))
    platform.add_endpoint(JumpStartEndpoint("deepseek", model_id="deepseek-llm-r1-distill-qwen-1-5b",
                                            accept_eula=True, instance_type="ml.g6e.48xlarge"))
    platform.add_scaled_workloads(workload("router"))
    return platform


def test_a_touched_chart_renders_what_the_python_rendering_gives(tmp_path: Path):
    """Reading ``.chart`` switches a handle from the Python rendering to cdk8s: the files stay the same."""
    files = {}
    for touch in (False, True):
        platform = every_kind(tmp_path / str(touch))
        deployments = [*platform.endpoint_deployments, platform.node_pools, platform.mig_config_map,
                       platform.model_store_volumes, *platform.scaled_workloads]
        assert len(deployments) == len(platform.charts) == 6
        if touch:
            assert all(isinstance(deployment.chart, cdk8s.Chart) for deployment in deployments)
        files[touch] = platform.manifest_files.files()
    assert files[False] == files[True]


def test_an_untouched_endpoint_costs_one_jsii_request(tmp_path: Path):
    """Its construct; no cdk8s chart is made for it, when it is added or when its manifests are rendered."""
    sys.path.insert(0, str(REPO_ROOT / "benchmarks"))
    from jsii_calls import counting

    _, platform = new_platform(tmp_path)
    platform.add_endpoint(endpoint(platform, "first"))  # the first one grants the model bucket's read
    endpoints = [endpoint(platform, f"model-{index}") for index in range(5)]  # on the same bucket
    with counting() as calls:
        for each in endpoints:
            platform.add_endpoint(each)
        platform.manifest_files.files()
    assert (calls["total"], calls["create"]) == (5, 5), calls


def test_handles_are_constructs_under_the_platform(tmp_path: Path):
    _, platform = new_platform(tmp_path)
    ours = platform.add_endpoint(endpoint(platform, "llama"))
    theirs = platform.add_endpoint(endpoint(platform, "llama", namespace="team-a"))
    assert isinstance(ours, EndpointDeployment) and ours.endpoint.name == "llama"
    # equal names in different namespaces: <name>.<namespace> outside the platform's namespace
    assert [ours.node.path, theirs.node.path] == ["EscapeHatch/Platform/llama", "EscapeHatch/Platform/llama.team-a"]
    assert platform.node.find_child("llama.team-a") is theirs
    assert theirs.api_object.metadata.namespace == "team-a"
    assert isinstance(platform.node_pools, ChartDeployment)
    assert platform.node_pools.node.path == "EscapeHatch/Platform/Charts/node-autoscaling"
    assert [api_object.kind for api_object in platform.node_pools.api_objects] == ["HyperpodNodeClass", "NodePool"]
    assert platform.endpoint_deployments == (ours, theirs)


def test_other_charts_have_handles_on_the_platform(tmp_path: Path):
    platform = every_kind(tmp_path)
    assert [o.kind for o in platform.model_store_volumes.api_objects] == [
        "StorageClass", "PersistentVolume", "PersistentVolumeClaim"]
    assert [o.kind for o in platform.mig_config_map.api_objects] == ["ConfigMap"]
    (jumpstart,) = [d for d in platform.endpoint_deployments if d.endpoint.name == "deepseek"]
    assert jumpstart.api_object.kind == "JumpStartModel"
    _, bare = new_platform(tmp_path, "Bare")
    assert (bare.model_store_volumes, bare.mig_config_map, bare.scaled_workloads) == (None, None, ())
    assert bare.model_store_claim_name is None


def test_a_workload_of_yours_names_the_model_store_claim_that_follows_the_file_system(tmp_path: Path):
    platform = every_kind(tmp_path)
    claim = next(o for o in platform.model_store_volumes.api_objects if o.kind == "PersistentVolumeClaim")
    assert claim.name == platform.model_store_claim_name
    def readers(chart: cdk8s.Chart) -> None:
        reader = cdk8s.ApiObject(chart, "reader", api_version="v1", kind="ConfigMap",
                                 metadata={"name": "reader", "namespace": "default"})
        reader.add_json_patch(cdk8s.JsonPatch.add("/data", {"claim": platform.model_store_claim_name}))
    platform.add_chart("model-readers", readers)
    platform.export(tmp_path / "dist", picture=False)
    exported = files_under(tmp_path / "dist" / "manifests")
    (reader,) = docs(exported["model-readers.k8s.yaml"])
    (volume_claim,) = [m for m in docs(exported["model-store.k8s.yaml"]) if m["kind"] == "PersistentVolumeClaim"]
    assert reader["data"]["claim"] == volume_claim["metadata"]["name"] == "model-store-${ModelStoreFileSystemId}"


def test_scaled_workloads_are_added_in_several_charts(tmp_path: Path):
    _, platform = new_platform(tmp_path)
    first = platform.add_scaled_workloads(workload("router"))
    second = platform.add_scaled_workloads(workload("batch"))
    named = platform.add_scaled_workloads(workload("ingest"), name="ingest-scaling")
    assert [d.chart_name for d in platform.scaled_workloads] == ["scaled-workloads", "scaled-workloads-2",
                                                                    "ingest-scaling"]
    assert [d for d in platform.scaled_workloads] == [first, second, named]
    charts = platform.charts
    # the namespace's TriggerAuthentication once, in the first chart that needs it
    assert [m["kind"] for m in charts["scaled-workloads"]] == ["TriggerAuthentication", "ScaledObject"]
    assert [m["kind"] for m in charts["scaled-workloads-2"]] == ["ScaledObject"]
    assert [o.kind for o in second.api_objects] == ["ScaledObject"]


def test_scaled_workload_names_are_unique_across_calls(tmp_path: Path):
    _, platform = new_platform(tmp_path)
    platform.add_scaled_workloads(workload("router"))
    with pytest.raises(HyperPodValidationError, match=r"name='router' is not allowed; unique per namespace"):
        platform.add_scaled_workloads(workload("router"))
    with pytest.raises(HyperPodValidationError, match=(
            r"Platform: chart='scaled-workloads' is not allowed; a chart name not used yet")):
        platform.add_scaled_workloads(workload("batch"), name="scaled-workloads")
    assert [d.chart_name for d in platform.scaled_workloads] == ["scaled-workloads"]
