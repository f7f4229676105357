"""What runs is what the plan says: for every app, the plan's floor and ceiling are recomputed from the synthesized
template (instance group counts), the Karpenter manifests (which groups grow, and how far) and the endpoint manifests
(replicas, GPUs and MIG slices per pod), and compared with the plan, as numbers and as the rendered text.

The floor of an autoscaled group is recomputed here independently, pod by pod (best fit, largest pods first, nodes
that run anyway before autoscaled ones), from the manifests' resource requests.
"""
from __future__ import annotations

import math
import re
import runpy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from apps_support import SynthesizedApp, app_param, only
from examples_support import app_files, exported_manifests
from support import REPO_ROOT

MIG_RESOURCE = re.compile(r"^nvidia\.com/mig-(\d+g\.\d+gb)$")
ENDPOINT_KINDS = ("InferenceEndpointConfig", "JumpStartModel")
# Disaggregated prefill/decode: pdSpec role -> (plan row suffix, autoScalingSpec key).
PD_ROLES = {"prefillSpec": ("prefill", "prefillAutoScaling"), "decodingSpec": ("decode", "decodingAutoScaling")}


@dataclass(frozen=True)
class Pods:
    """One endpoint as its manifest runs it."""

    name: str
    instance_type: str
    low: int
    high: int
    gpus: int  # whole GPUs per pod (JumpStart without a slice: at least 1, its configuration decides)
    partition: str | None


@pytest.fixture(params=[app_param(relative) for relative in app_files()])
def app(request: pytest.FixtureRequest, synthesized: Callable[[str], SynthesizedApp]) -> SynthesizedApp:
    return synthesized(request.param)


def manifests(app: SynthesizedApp, kind: str) -> list[dict[str, Any]]:
    return [m for charts in exported_manifests(app.platform).values() for m in charts if m["kind"] == kind]


def pods_from_manifests(app: SynthesizedApp) -> dict[str, Pods]:
    found: dict[str, Pods] = {}
    for kind in ENDPOINT_KINDS:
        for manifest in manifests(app, kind):
            spec = manifest["spec"]
            scaling = spec.get("autoScalingSpec")
            replicas = spec.get("replicas", 1)  # CRD default
            low = scaling.get("minReplicaCount", 1) if scaling else replicas
            high = scaling.get("maxReplicaCount", 5) if scaling else replicas
            if kind == "JumpStartModel":
                partition = spec["server"].get("acceleratorPartitionType")
                found[manifest["metadata"]["name"]] = Pods(
                    manifest["metadata"]["name"], spec["server"]["instanceType"], low, high,
                    0 if partition else 1, partition.removeprefix("mig-") if partition else None)
                continue
            if "pdSpec" in spec:  # one row per side, each with its own pods
                for key, (suffix, scaling_key) in PD_ROLES.items():
                    role = spec["pdSpec"][key]
                    side_scaling = spec["pdSpec"].get("autoScalingSpec", {}).get(scaling_key)
                    replicas = role.get("replicas", 1)
                    name = f"{manifest['metadata']['name']}/{suffix}"
                    found[name] = pods_of(name, role["nodeSelector"]["node.kubernetes.io/instance-type"],
                                          side_scaling["minReplicaCount"] if side_scaling else replicas,
                                          side_scaling["maxReplicaCount"] if side_scaling else replicas,
                                          role["resources"])
                continue
            instance_type = spec.get("instanceType") or spec["instanceTypes"][0]
            name = manifest["metadata"]["name"]
            found[name] = pods_of(name, instance_type, low, high, spec["worker"]["resources"])
    return found


def pods_of(name: str, instance_type: str, low: int, high: int, resources: dict[str, Any]) -> Pods:
    requests = resources.get("requests", {})
    mig = [match.group(1) for key in requests if (match := MIG_RESOURCE.match(key))]
    return Pods(name, instance_type, low, high, int(requests.get("nvidia.com/gpu", 0)), mig[0] if mig else None)


def template_counts(app: SynthesizedApp) -> dict[str, int]:
    cluster = only(app.template, "AWS::SageMaker::Cluster")["Properties"]
    return {group["InstanceGroupName"]: group["InstanceCount"] for group in cluster["InstanceGroups"]}


def node_pools(app: SynthesizedApp) -> dict[str, tuple[list[str], dict[str, str]]]:
    """NodePool name -> (instance groups of its HyperpodNodeClass, its limits)."""
    classes = {m["metadata"]["name"]: m["spec"]["instanceGroups"] for m in manifests(app, "HyperpodNodeClass")}
    return {pool["metadata"]["name"]: (classes[pool["spec"]["template"]["spec"]["nodeClassRef"]["name"]],
                                       pool["spec"].get("limits", {})) for pool in manifests(app, "NodePool")}


def ceilings_from_synth(app: SynthesizedApp) -> dict[str, int]:
    """Nodes each group can reach: its InstanceCount, or for a Karpenter group the NodePool's limit in nodes."""
    groups = {group.name: group for group in app.platform.instance_groups}
    counts = template_counts(app)
    ceilings = dict(counts)
    for names, limits in node_pools(app).values():
        for name in names:
            assert counts[name] == 0, f"Karpenter group {name!r} must start at 0 in the template"
            # The pool's limit covers all its groups; it must equal what their max_count adds up to.
            if "nvidia.com/gpu" in limits:
                assert int(limits["nvidia.com/gpu"]) == sum(groups[n].max_count * groups[n].info.gpu_count
                                                            for n in names)
            elif "cpu" in limits:
                assert int(limits["cpu"]) == sum(groups[n].max_count * groups[n].info.vcpu for n in names)
            ceilings[name] = groups[name].max_count
    return ceilings


def floors_from_synth(app: SynthesizedApp, ceilings: dict[str, int]) -> dict[str, int]:
    """Fixed groups: InstanceCount. Karpenter groups: nodes the min-replica pods occupy, packed pod by pod."""
    groups = app.platform.instance_groups
    counts = template_counts(app)
    autoscaled = {name for names, _ in node_pools(app).values() for name in names}
    floors = {group.name: counts[group.name] for group in groups if group.name not in autoscaled}
    pods = list(pods_from_manifests(app).values())
    ordered = [g for g in groups if g.name not in autoscaled] + [g for g in groups if g.name in autoscaled]
    # Whole GPUs: one entry per node, [group, free GPUs, used?].
    nodes = []
    for group in ordered:
        whole = group.mig_layout.whole_gpus_per_instance(group.instance_type) if group.mig_layout else group.info.gpu_count
        nodes += [[group, whole, False] for _ in range(ceilings[group.name])]
    for pod in sorted((p for p in pods if p.partition is None and p.gpus), key=lambda p: -p.gpus):
        for _ in range(pod.low):
            fitting = [node for node in nodes if node[0].instance_type == pod.instance_type and node[1] >= pod.gpus]
            assert fitting, f"{pod.name}: no node left for a min replica"
            best = min(fitting, key=lambda node: (node[1] if node[2] else math.inf, nodes.index(node)))
            best[1] -= pod.gpus
            best[2] = True
    whole_used = {group.name: sum(1 for node in nodes if node[0] is group and node[2]) for group in groups}
    # MIG slices: fixed groups' slices first, then whole autoscaled nodes.
    mig_used: dict[str, int] = {}
    for pod in (p for p in pods if p.partition):
        remaining = pod.low
        for group in ordered:
            per_node = (group.mig_layout.slices_per_instance(group.instance_type).get(pod.partition, 0)
                        if group.mig_layout else 0)
            if group.instance_type != pod.instance_type or not per_node or remaining <= 0:
                continue
            take = min(ceilings[group.name], math.ceil(remaining / per_node))
            remaining -= take * per_node
            mig_used[group.name] = max(mig_used.get(group.name, 0), take)
    for group in groups:
        if group.name in autoscaled:
            floors[group.name] = max(whole_used[group.name], mig_used.get(group.name, 0))
    return floors


def test_group_floor_and_ceiling_match_template_and_manifests(app: SynthesizedApp) -> None:
    plan = app.platform.plan
    ceilings = ceilings_from_synth(app)
    floors = floors_from_synth(app, ceilings)
    assert {group.name: plan.ceiling(group) for group in plan.groups} == ceilings
    assert {group.name: plan.floor(group) for group in plan.groups} == floors
    assert {name for names, _ in node_pools(app).values() for name in names} == set(plan.autoscaled_groups)


def test_endpoint_replicas_and_accelerators_match_the_manifests(app: SynthesizedApp) -> None:
    from_manifests = pods_from_manifests(app)
    planned = {endpoint.name: endpoint for endpoint in app.platform.plan.endpoints}
    assert set(planned) == set(from_manifests)
    for name, pods in from_manifests.items():
        endpoint = planned[name]
        assert (endpoint.instance_type, endpoint.min_replicas, endpoint.max_replicas, endpoint.partition) == (
            pods.instance_type, pods.low, pods.high, pods.partition), name
        if endpoint.kind.startswith("custom"):
            assert endpoint.gpus == pods.gpus, name


def test_the_rendered_plan_shows_those_numbers(app: SynthesizedApp) -> None:
    text = app.platform.plan.render()
    ceilings = ceilings_from_synth(app)
    floors = floors_from_synth(app, ceilings)
    groups = {group.name: group for group in app.platform.instance_groups}
    rows = re.findall(r"^(\S+)\s+(ml\.\S+)\s+(\d+)\.\.(\d+)(?: \(autoscaled\))?\s+(\d+)\.\.(\d+)", text, re.M)
    shown = {name: (int(low), int(high), int(gpu_low), int(gpu_high))
             for name, _, low, high, gpu_low, gpu_high in rows if name in groups}
    assert shown == {name: (floors[name], ceilings[name], floors[name] * groups[name].info.gpu_count,
                            ceilings[name] * groups[name].info.gpu_count) for name in groups}
    gpus = lambda nodes: sum(nodes[name] * groups[name].info.gpu_count for name in groups)  # noqa: E731
    assert f"Floor:   {sum(floors.values())} nodes, {gpus(floors)} GPUs running when idle" in text
    assert f"Ceiling: {sum(ceilings.values())} nodes, {gpus(ceilings)} GPUs at full scale" in text
    pods = pods_from_manifests(app)
    for name, pod in pods.items():
        assert re.search(rf"^{re.escape(name)}\s+.+?\s+{re.escape(pod.instance_type)}\s+{pod.low}\.\.{pod.high}\s",
                         text, re.M), name
    # Whole GPUs requested at min / max replicas vs offered, per instance type with whole-GPU pods.
    for instance_type in {pod.instance_type for pod in pods.values() if pod.partition is None and pod.gpus}:
        sharing = [pod for pod in pods.values() if pod.instance_type == instance_type and pod.partition is None]
        offered = sum(ceilings[g.name] * (g.mig_layout.whole_gpus_per_instance(instance_type) if g.mig_layout
                                          else g.info.gpu_count)
                      for g in groups.values() if g.instance_type == instance_type)
        low, high = sum(p.low * p.gpus for p in sharing), sum(p.high * p.gpus for p in sharing)
        assert re.search(rf"^  {re.escape(instance_type)}: floor {low}\+? / {offered}, ceiling {high}\+? / {offered} ",
                         text, re.M), (instance_type, text)


@pytest.mark.slow  # the README's quick start builds an app of its own
def test_the_readme_shows_the_quick_starts_own_plan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan under the README's quick start is what that snippet (the README's first Python block) writes."""
    readme = (REPO_ROOT / "README.md").read_text()
    quick_start = re.search(r"## Quick start\n\n```python\n(.*?)```", readme, re.S)
    excerpt = re.search(r"The plan it writes to `dist/plan.txt`:\n\n```\n(.*?)```", readme, re.S)
    assert quick_start and excerpt, "README.md lost its quick start or the plan under it"
    (tmp_path / "quick_start.py").write_text(quick_start.group(1))
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(tmp_path / "quick_start.py"), run_name="__main__")
    assert excerpt.group(1) == (tmp_path / "dist" / "plan.txt").read_text()
