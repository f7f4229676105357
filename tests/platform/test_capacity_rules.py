"""Whole-GPU capacity at the floor and the ceiling, and max_count only where node autoscaling grows the group."""
from __future__ import annotations

import re

import aws_cdk as cdk

from apps_support import s3_model, synth_problems
from hyperpod_constructs import (
    Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, JumpStartEndpoint, NodeAutoscaling, NodePoolSpec, PrometheusTrigger,
)
from hyperpod_constructs.resolve.capacity import GpuDemand, GpuGroup, floor_nodes, pack_whole_gpus, whole_gpu_totals
from hyperpod_constructs.rules.capacity import check_whole_gpu_capacity



def scaled(low: int, high: int) -> Autoscaling:
    return Autoscaling(min_replicas=low, max_replicas=high, triggers=(PrometheusTrigger.concurrent_requests(
        server_address="https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-abc"),))


# ---- packing (pure) -----------------------------------------------------------------------------------------

L40S = GpuGroup("l40s", "ml.g6e.12xlarge", gpus_per_node=4, nodes=2)


def demand(name: str, gpus: int, low: int, high: int, *types: str) -> GpuDemand:
    return GpuDemand(endpoint=name, instance_types=types or ("ml.g6e.12xlarge",), min_replicas=low,
                     max_replicas=high, gpus=gpus)


def test_pods_are_packed_per_node_not_by_gpu_totals() -> None:
    # 3 pods x 3 GPUs = 9 GPUs > 8, but also: 2 pods x 3 GPUs need 2 nodes although 6 <= 8.
    assert pack_whole_gpus([L40S], [demand("a", 3, 2, 3)], "floor").unplaced == {}
    assert pack_whole_gpus([L40S], [demand("a", 3, 2, 3)], "ceiling").unplaced == {"a": 1}
    # 3-GPU pods leave one GPU per node, which 1-GPU pods then use (best fit).
    packing = pack_whole_gpus([L40S], [demand("a", 3, 2, 2), demand("b", 1, 2, 2)], "floor")
    assert packing.unplaced == {} and packing.nodes_used == {"l40s": 2}
    assert pack_whole_gpus([L40S], [demand("a", 3, 2, 2), demand("b", 1, 3, 3)], "floor").unplaced == {"b": 1}


def test_fixed_groups_fill_before_autoscaled_ones() -> None:
    fixed = GpuGroup("fixed", "ml.g6e.12xlarge", gpus_per_node=4, nodes=1)
    grow = GpuGroup("grow", "ml.g6e.12xlarge", gpus_per_node=4, nodes=3, autoscaled=True)
    assert floor_nodes([grow, fixed], [demand("a", 2, 3, 6)]) == {"grow": 1, "fixed": 1}
    assert floor_nodes([grow, fixed], [demand("a", 2, 2, 6)]) == {"grow": 0, "fixed": 1}


def test_mig_slices_and_whole_gpus_share_an_autoscaled_node() -> None:
    mixed = GpuGroup("mix", "ml.p5.48xlarge", gpus_per_node=4, nodes=4, autoscaled=True,
                     slices_per_node={"3g.40gb": 8})
    demands = [GpuDemand(endpoint="sliced", instance_types=("ml.p5.48xlarge",), min_replicas=9, max_replicas=9,
                         partition="3g.40gb"),
               GpuDemand(endpoint="whole", instance_types=("ml.p5.48xlarge",), min_replicas=1, max_replicas=1, gpus=4)]
    assert floor_nodes([mixed], demands) == {"mix": 2}


def test_pods_spill_to_the_next_preferred_instance_type() -> None:
    small = GpuGroup("g5", "ml.g5.8xlarge", gpus_per_node=1, nodes=2)
    spilling = demand("a", 1, 6, 6, "ml.g6e.12xlarge", "ml.g5.8xlarge")
    assert pack_whole_gpus([L40S, small], [spilling], "floor").unplaced == {}
    assert pack_whole_gpus([L40S, small], [demand("a", 1, 11, 11, "ml.g6e.12xlarge", "ml.g5.8xlarge")],
                           "floor").unplaced == {"a": 1}


def test_totals_per_instance_type() -> None:
    assert whole_gpu_totals([L40S], [demand("a", 2, 1, 3)], "floor") == {"ml.g6e.12xlarge": (2, 8)}
    assert whole_gpu_totals([L40S], [demand("a", 2, 1, 3)], "ceiling") == {"ml.g6e.12xlarge": (6, 8)}


def test_an_unbounded_autoscaled_group_is_left_alone() -> None:
    unbounded = GpuGroup("l40s", "ml.g6e.12xlarge", gpus_per_node=4, nodes=0, autoscaled=True, bounded=False)
    assert check_whole_gpu_capacity([unbounded], [demand("a", 4, 1, 9)]) == []


# ---- the platform rule -------------------------------------------------------------------------------------

def test_eight_gpus_at_min_replicas_on_four_available_is_an_error() -> None:
    def build(stack: cdk.Stack) -> None:
        platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
        platform.add_endpoint(InferenceEndpoint("big", model=s3_model(platform), instance_type="ml.g6e.12xlarge", gpus=4,
                                                autoscaling=scaled(2, 2)))
    report = synth_problems(build)
    assert ("endpoint 'big': whole GPUs needed (gpus x min_replicas)=8 is not allowed; whole ml.g6e.12xlarge GPUs the instance "
            "groups can hold at the floor: the endpoints on it ask for 8 (big: 2 x 4 GPU) and the groups offer 4 "
            "(group 'l40s': 1 node(s) x 4 GPU(s) (count)); 1 pod(s) of 'big' find no node with enough free GPUs. "
            "Raise count (or max_count with node autoscaling), lower min_replicas or gpus") in report


def test_the_ceiling_is_checked_against_max_count() -> None:
    def build(stack: cdk.Stack) -> None:
        platform = HyperPodInferencePlatform(stack, "Platform", node_autoscaling=True, instance_groups=[
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)])
        platform.add_endpoint(InferenceEndpoint("a", model=s3_model(platform), instance_type="ml.g6e.12xlarge", gpus=2,
                                                autoscaling=scaled(1, 3)))
        platform.add_endpoint(InferenceEndpoint("b", model=s3_model(platform), instance_type="ml.g6e.12xlarge", gpus=1,
                                                autoscaling=scaled(0, 3)))
    report = synth_problems(build)
    assert re.search(r"endpoint 'b': whole GPUs needed \(gpus x max_replicas\)=9 is not allowed; whole ml\.g6e\.12xlarge GPUs the "
                     r"instance groups can hold at the ceiling: the endpoints on it ask for 9 \(a: 3 x 2 GPU, "
                     r"b: 3 x 1 GPU\) and the groups offer 8 \(group 'l40s': 2 node\(s\) x 4 GPU\(s\) \(max_count\)\); "
                     r"1 pod\(s\) of 'b' find no node", report), report


def test_a_setup_that_fits_synthesizes_and_the_plan_shows_whole_gpus() -> None:
    app = cdk.App()
    platform = HyperPodInferencePlatform(cdk.Stack(app, "Fits"), "Platform", node_autoscaling=True, instance_groups=[
        InstanceGroup("system", "ml.m5.2xlarge", count=2),  # the system pods' nodes: a cluster cannot start empty
        InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)])
    platform.add_endpoint(InferenceEndpoint("a", model=s3_model(platform), instance_type="ml.g6e.12xlarge", gpus=2,
                                            autoscaling=scaled(1, 3)))
    platform.add_endpoint(JumpStartEndpoint("js", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                            instance_type="ml.g6e.12xlarge"))
    app.synth()  # 3 x 2 + 1 = 7 of 8 GPUs at the ceiling (4 x 2 + 1 would fail, see above)
    text = platform.plan.render()
    assert ("Whole GPUs (requested at min / max replicas, available at count or max_count)\n"
            "  ml.g6e.12xlarge: floor 3+ / 8, ceiling 7+ / 8 (88%)\n"
            "  (+: JumpStart models counted as 1 GPU per replica; their configuration may use more)\n") in text
    assert "l40s                ml.g6e.12xlarge         1..2 (autoscaled)       4..8" in text


def test_jumpstart_counts_at_least_one_gpu_per_replica() -> None:
    def build(stack: cdk.Stack) -> None:
        platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup("l4", "ml.g6.2xlarge", count=1)])
        platform.add_endpoint(JumpStartEndpoint("js", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                                instance_type="ml.g6.2xlarge", replicas=2))
    assert "endpoint 'js': whole GPUs needed (gpus x min_replicas)=2 is not allowed" in synth_problems(build)


# ---- max_count ---------------------------------------------------------------------------------------------

def test_max_count_without_node_autoscaling_is_an_error() -> None:
    def build(stack: cdk.Stack) -> None:
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=1, max_count=4)])
    assert ("instance group 'l40s': max_count=4 is not allowed; only on a group node autoscaling grows: node "
            "autoscaling is off, so HyperPod keeps count=1 instances and the group never reaches 4; pass "
            "node_autoscaling=True to grow it with Karpenter (from count=0), or drop max_count and set count=4 for "
            "a fixed size") in synth_problems(build)


def test_max_count_on_a_group_no_node_pool_names_is_an_error() -> None:
    def build(stack: cdk.Stack) -> None:
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup("a", "ml.g6e.12xlarge", count=0, max_count=2),
            InstanceGroup("b", "ml.g6e.12xlarge", count=0, max_count=3)],
            node_autoscaling=NodeAutoscaling(node_pools=(NodePoolSpec(name="a", instance_groups=("a",)),)))
    report = synth_problems(build)
    assert ("instance group 'b': max_count=3 is not allowed; only on a group node autoscaling grows: no NodePool "
            "includes the group, so HyperPod keeps count=0 instances and the group never reaches 3; add 'b' to a "
            "NodePoolSpec's instance_groups, or drop max_count and set count=3 for a fixed size") in report
    assert "instance group 'a': max_count" not in report


def test_thin_kv_cache_headroom_is_a_cdk_warning() -> None:
    from aws_cdk.assertions import Annotations, Match

    from hyperpod_constructs import ModelSize

    app = cdk.App()
    stack = cdk.Stack(app, "Thin")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint(
        "llama-70b", model=s3_model(stack, "llama-70b/", size=ModelSize(parameters=70.6e9)),
        instance_type="ml.g6e.12xlarge", gpus=4))
    app.synth()
    warnings = [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]
    assert any("endpoint 'llama-70b': 70.6B parameters in bfloat16 = 141.2 GB leaves 31.6 GB for the KV cache" in w
               and "[ack: Annotation::hyperpod-constructs:thin-kv-cache]" in w for w in warnings), warnings
    assert "141.2 GB weights + 31.6 GB KV of 192 GB" in platform.plan.render()
