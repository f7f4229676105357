"""Two instance groups of one type with different GPU shapes (one MIG-partitioned, one whole-GPU): an endpoint on
that type is refused until it selects its group by HyperPod's instance-group node label."""
from __future__ import annotations

import json

from hyperpod_constructs import InferenceEndpoint, InstanceGroup, JumpStartEndpoint, ModelSource
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from rule_support import with_endpoints

P4D = "ml.p4d.24xlarge"
VIEW = ResolvedPlatform(instance_groups=(InstanceGroup("a100-mig", P4D, count=1, mig_config="all-3g.20gb"),
                                         InstanceGroup("a100", P4D, count=1)), region="us-west-2")
HF = ModelSource.hugging_face("Qwen/Qwen2.5-7B-Instruct")


def pinning(*endpoints) -> list[str]:
    return list(rules.RULES["endpoint-instance-group-pinned"].check(with_endpoints(VIEW, *endpoints)))


def test_a_mig_endpoint_on_a_shared_type_is_told_which_group_and_how() -> None:
    (problem,) = pinning(InferenceEndpoint("qwen", model=HF, instance_type=P4D, accelerator_partition="mig-3g.20gb"))
    affinity = {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [
        {"key": "node.kubernetes.io/instance-type", "operator": "In", "values": [P4D]},
        {"key": "sagemaker.amazonaws.com/instance-group-name", "operator": "In", "values": ["a100-mig"]}]}]}}
    assert problem == (
        f"endpoint 'qwen': instance_type='{P4D}' is not allowed; a type run by one kind of group, or a pinned group: "
        f"{P4D} runs a100-mig (MIG all-3g.20gb), a100 (whole GPUs), and Karpenter may grow any of them for these "
        "pods (mig-3g.20gb); pin the pods to the group meant for them (a100-mig) by HyperPod's node label "
        "sagemaker.amazonaws.com/instance-group-name: replace instance_type with "
        f"node_affinity={json.dumps(affinity)}")
    pinned = InferenceEndpoint("qwen", model=HF, node_affinity=affinity, accelerator_partition="mig-3g.20gb")
    assert pinning(pinned) == []


def test_a_whole_gpu_endpoint_is_pointed_at_the_whole_gpu_group() -> None:
    (problem,) = pinning(InferenceEndpoint("qwen", model=HF, instance_type=P4D, gpus=1))
    assert "(whole GPUs); pin the pods to the group meant for them (a100) by" in problem


def test_a_jumpstart_model_cannot_select_a_group_and_is_told_so() -> None:
    (problem,) = pinning(JumpStartEndpoint("js", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                           instance_type=P4D))
    assert problem.endswith(
        "a JumpStartEndpoint selects no node labels: give the groups different instance types, or deploy the model "
        "as an InferenceEndpoint with node_affinity on sagemaker.amazonaws.com/instance-group-name=a100")


def test_groups_of_one_shape_need_no_pinning() -> None:
    view = ResolvedPlatform(instance_groups=(InstanceGroup("a", P4D, count=1), InstanceGroup("b", P4D, count=1)))
    assert list(rules.RULES["endpoint-instance-group-pinned"].check(with_endpoints(
        view, InferenceEndpoint("qwen", model=HF, instance_type=P4D, gpus=1)))) == []
