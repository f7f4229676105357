"""Common mistakes, one small constructor call each: every message names the construct, the field, the value and what
is allowed; every suggestion it makes is accepted where it was made; every field it names is public API."""
from __future__ import annotations

import dataclasses
import inspect
import re
from dataclasses import dataclass
from typing import Any, Callable

import pytest

import hyperpod_constructs
from hyperpod_constructs import (
    AutoPatch, Autoscaling, CloudWatchTrigger, ClusterSettings, Disruption, GrafanaWorkspace, HyperPodValidationError,
    InferenceEndpoint, InstanceGroup, IntelligentRouting, JumpStartEndpoint, KvCache, L2Cache, ModelSize, ModelSource,
    NodeAutoscaling, NodePoolSpec, NodeRequirement, ObservabilityMetrics, PrometheusTrigger, Taint,
)
from hyperpod_constructs.errors import close_matches, did_you_mean, located, one_of
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from rule_support import endpoint_problems

FSX = ModelSource.fsx("models/llama-3.1-8b/")


def endpoint(**fields: Any) -> InferenceEndpoint:
    return InferenceEndpoint("llama-8b", model=FSX, **{"instance_type": "ml.p5.48xlarge", **fields})


def jumpstart(**fields: Any) -> JumpStartEndpoint:
    return JumpStartEndpoint("qwen", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                             **{"instance_type": "ml.g6e.12xlarge", **fields})


@dataclass(frozen=True)
class Mistake:
    build: Callable[[Any], object]  # the constructor call, given the value to try
    value: Any  # the mistake
    where: str  # the construct the message names first
    field: str
    allowed: str  # part of what the message says is allowed


MISTAKES = {
    "replica bounds": Mistake(lambda v: Autoscaling(min_replicas=5, max_replicas=v), 2,
                              "Autoscaling", "max_replicas", "at least min_replicas (5)"),
    "endpoint instance type": Mistake(lambda v: endpoint(instance_type=v), "ml.p5.48xl",
                                      "endpoint 'llama-8b'", "instance_type", "did you mean 'ml.p5.48xlarge'"),
    "endpoint instance type list": Mistake(lambda v: endpoint(instance_type=None, instance_types=["ml.p5.48xlarge", v]),
                                           "ml.p5e.48xl", "endpoint 'llama-8b'", "instance_types[1]",
                                           "did you mean 'ml.p5e.48xlarge'"),
    "jumpstart instance type": Mistake(lambda v: jumpstart(instance_type=v), "ml.g6e.12xl",
                                       "endpoint 'qwen'", "instance_type", "did you mean 'ml.g6e.12xlarge'"),
    "partition format": Mistake(lambda v: endpoint(accelerator_partition=v), "mig-3g.40g",
                                "endpoint 'llama-8b'", "accelerator_partition", "did you mean 'mig-3g.40gb'"),
    "partition not on the GPU": Mistake(lambda v: endpoint(accelerator_partition=v), "mig-3g.20gb",
                                        "endpoint 'llama-8b'", "accelerator_partition", "ml.p5.48xlarge offers mig-1g"),
    "partition without MIG": Mistake(lambda v: endpoint(instance_type="ml.g6e.12xlarge", accelerator_partition=v),
                                     "mig-3g.40gb", "endpoint 'llama-8b'", "accelerator_partition",
                                     "ml.g6e.12xlarge (L40S 48GB) has no MIG support"),
    "routing": Mistake(lambda v: endpoint(routing=v), "prefix-aware", "endpoint 'llama-8b'", "routing",
                       "did you mean 'prefixaware'"),
    "routing strategy": Mistake(lambda v: IntelligentRouting(strategy=v), "kv-aware", "IntelligentRouting", "strategy",
                                "did you mean 'kvaware'"),
    "dtype": Mistake(lambda v: ModelSize(parameters=8.03e9, dtype=v), "bf61", "ModelSize", "dtype",
                     "did you mean 'bf16'"),
    "group instance type": Mistake(lambda v: InstanceGroup("l40s", v), "ml.g6e.12xl", "instance group 'l40s'",
                                   "instance_type", "did you mean 'ml.g6e.12xlarge'"),
    "group counts": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", count=3, max_count=v), 2,
                            "instance group 'h100'", "max_count", "at least count (3)"),
    "stock MIG layout": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", mig_config=v), "all-3g.40",
                                "instance group 'h100'", "mig_config", "did you mean 'all-3g.40gb'"),
    "stock MIG layout of another GPU": Mistake(lambda v: InstanceGroup("a100", "ml.p4d.24xlarge", mig_config=v),
                                               "all-3g.40gb", "instance group 'a100'", "mig_config",
                                               "did you mean 'all-7g.40gb' or 'all-3g.20gb'"),
    "MIG layout without MIG": Mistake(lambda v: InstanceGroup("l40s", "ml.g6e.12xlarge", mig_config=v), "all-3g.40",
                                      "instance group 'l40s'", "mig_config",
                                      "ml.g6e.12xlarge (L40S 48GB) has no MIG support in HyperPod; remove mig_config"),
    "capacity type": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", capacity_type=v), "Spot",
                             "instance group 'h100'", "capacity_type", "one of 'on-demand', 'spot'; did you mean 'spot'"),
    "taint effect": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", taints=(Taint("gpu", effect=v),)),
                            "NoSchedul", "instance group 'h100'", "taints[0].effect", "did you mean 'NoSchedule'"),
    "deep health check": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", deep_health_checks=(v,)),
                                 "InstanceStres", "instance group 'h100'", "deep_health_checks[0]",
                                 "did you mean 'InstanceStress'"),
    "AMI release": Mistake(lambda v: InstanceGroup("h100", "ml.p5.48xlarge", image_release_version=v), "1.2",
                           "instance group 'h100'", "image_release_version", "MAJOR.MINOR.PATCH, such as '1.2.3'"),
    "patching strategy": Mistake(lambda v: AutoPatch(strategy=v), "WhenIdel", "AutoPatch", "strategy",
                                 "did you mean 'WhenIdle'"),
    "metric type": Mistake(lambda v: PrometheusTrigger(name="load", query="sum(up)", target_value=1, metric_type=v),
                           "average", "prometheus trigger 'load'", "metric_type", "did you mean 'Average'"),
    "node recovery": Mistake(lambda v: ClusterSettings(node_recovery=v), "automatic", "ClusterSettings",
                             "node_recovery", "did you mean 'Automatic'"),
    "consolidation": Mistake(lambda v: Disruption(consolidation_policy=v), "WhenEmpti", "Disruption",
                             "consolidation_policy", "did you mean 'WhenEmpty'"),
    "node requirement key": Mistake(lambda v: NodeRequirement(key=v, values=("ml.p5.48xlarge",)),
                                    "node.kubernetes.io/instance_type", "node requirement 'node.kubernetes.io/instance_type'",
                                    "key", "did you mean 'node.kubernetes.io/instance-type'"),
    "metric level": Mistake(lambda v: ObservabilityMetrics(inference=v), "basic", "ObservabilityMetrics", "inference",
                            "did you mean 'BASIC'"),
    "grafana authentication": Mistake(lambda v: GrafanaWorkspace(authentication=v), "SSO", "GrafanaWorkspace",
                                      "authentication", "one of 'AWS_SSO', 'SAML'"),
    "a wrong type": Mistake(lambda v: KvCache(l1=v), "yes", "KvCache", "l1", "True or False"),
    # A child the endpoint rebuilds (its trigger bound to the SageMaker endpoint it registers) reports as the endpoint.
    "trigger of another endpoint": Mistake(
        lambda v: endpoint(sagemaker_endpoint_name="llama-8b", autoscaling=Autoscaling(
            trigger=CloudWatchTrigger.invocations_per_instance(v))),
        "mistral-7b", "endpoint 'llama-8b'", "autoscaling.triggers['invocations-per-instance'].dimensions['EndpointName']",
        "the endpoint's own SageMaker endpoint 'llama-8b'"),
}


def refusal(mistake: Mistake) -> str:
    with pytest.raises(HyperPodValidationError) as raised:
        mistake.build(mistake.value)
    return str(raised.value)


@pytest.mark.parametrize("mistake", MISTAKES.values(), ids=MISTAKES.keys())
def test_the_message_names_the_construct_the_field_the_value_and_what_is_allowed(mistake: Mistake) -> None:
    message = refusal(mistake)
    assert message.startswith(f"{mistake.where}: {mistake.field}={mistake.value!r} is not allowed; "), message
    assert mistake.allowed in message, message


@pytest.mark.parametrize("mistake", [m for m in MISTAKES.values() if "did you mean" in m.allowed],
                         ids=[name for name, m in MISTAKES.items() if "did you mean" in m.allowed])
def test_every_suggestion_is_accepted_where_it_was_made(mistake: Mistake) -> None:
    suggestions = re.findall(r"'([^']+)'", refusal(mistake).rsplit("did you mean ", 1)[1])
    assert suggestions
    for suggestion in suggestions:
        mistake.build(suggestion)  # raises if taking the advice leads straight into another error


# What the library works out, not what a user writes (their fields, such as the platform's Prometheus query URL, are
# no fix to offer).
RESOLVED_RECORDS = ("PodDemand", "ResolvedEndpoint", "ResolvedPlatform")


def _public_names() -> set[str]:
    """Every name a user writes: the fields and parameters of each public class and function, and the methods
    (``CloudWatchTrigger.invocations_per_instance``) with their parameters."""
    names: set[str] = set()
    for exported in sorted(set(hyperpod_constructs.__all__) - set(RESOLVED_RECORDS)):
        value = getattr(hyperpod_constructs, exported)
        members = [value.__init__ if inspect.isclass(value) else value]  # jsii's constructs hide it behind (*args)
        if inspect.isclass(value):
            if dataclasses.is_dataclass(value):
                names.update(field.name for field in dataclasses.fields(value) if field.init)
            methods = {name: inspect.getattr_static(value, name) for name in dir(value) if not name.startswith("_")}
            methods = {name: method for name, method in methods.items()
                       if isinstance(method, (classmethod, staticmethod)) or inspect.isfunction(method)}
            names.update(methods)
            members += list(methods.values())
        for member in members:
            try:
                names.update(inspect.signature(getattr(member, "__func__", member)).parameters)
            except (TypeError, ValueError):
                continue
    return names


# snake_case words outside quotes, not part of a dotted path (module names such as hyperpod_constructs.catalog)
IDENTIFIER = re.compile(r"(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.])")


def _rule_problems() -> dict[str, str]:
    """Whole-app problems of a platform without observability, model store or tiered storage."""
    platform = ResolvedPlatform(instance_groups=(InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),))
    scaled = endpoint(instance_type="ml.g6e.12xlarge", kv_cache=KvCache(l2=L2Cache.tiered_storage()),
                      autoscaling=Autoscaling(trigger=PrometheusTrigger.concurrent_requests()))
    problems = endpoint_problems(platform, scaled) + endpoint_problems(platform, endpoint())
    return {f"rule {index}": problem for index, problem in enumerate(problems)}


def _deploy_mistake_problems() -> dict[str, str]:
    """The rules for mistakes that used to fail at deploy: one SageMaker name twice, an FSx path outside the model
    store's folder, tiered storage crowding out the pods, subnets too small."""
    from hyperpod_constructs import TieredStorage
    from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
    from hyperpod_constructs.resolve.platform_model import ResolvedModelStore
    from hyperpod_constructs.resolve.subnets import SubnetRecord
    from rule_support import with_endpoints

    platform = ResolvedPlatform.of(
        (InstanceGroup("h100", "ml.p5.48xlarge", count=2, mig_config="all-3g.40gb"),), NodeAutoscaling(),
        cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=90)),
        model_store=ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs", mount_name="m",
                                       claim_prefix="model-store"),
        subnets=(SubnetRecord("subnet-1", "10.0.0.0/28"),))
    endpoints = [InferenceEndpoint(name, model=ModelSource.fsx("llama/"), instance_type="ml.p5.48xlarge",
                                   accelerator_partition="mig-3g.40gb", kv_cache=KvCache(l2=L2Cache.tiered_storage()),
                                   sagemaker_endpoint_name="chat", replicas=16)
                 for name in ("llama-8b", "llama-8b-copy")]
    problems = rules.problems(with_endpoints(platform, *endpoints))
    wanted = {"sagemaker_endpoint_name=", "model.path=", "memory_percent=", "network: subnets="}
    found = {f"deploy mistake {index}": problem for index, problem in enumerate(problems)
             if any(marker in problem for marker in wanted)}
    assert {marker for marker in wanted for problem in found.values() if marker in problem} == wanted, problems
    return found


def test_every_field_a_message_names_is_public() -> None:
    public = _public_names()
    messages = ({name: refusal(mistake) for name, mistake in MISTAKES.items()} | _rule_problems()
                | _deploy_mistake_problems())
    assert len(messages) >= len(MISTAKES) + 8  # workspace, FSx, L2, instance type; the four deploy mistakes
    unknown = {}
    for name, message in messages.items():
        text = re.sub(r"'[^']*'", "", message)  # values and suggestions, as the user wrote them
        found = set(IDENTIFIER.findall(text)) - public
        if found:
            unknown[name] = sorted(found)
    assert unknown == {}


def test_close_matches_ignore_case_and_keep_the_choices_spelling() -> None:
    assert close_matches("SPOT", ["on-demand", "spot"]) == ["spot"]
    assert did_you_mean("reserved", ["on-demand", "spot"]) == ""
    assert one_of("Spot", ["on-demand", "spot"]) == "one of 'on-demand', 'spot'; did you mean 'spot'?"


def test_a_parent_relocates_its_childs_error_once() -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        with located("endpoint 'llama-8b'", "autoscaling"):
            Autoscaling(min_replicas=5, max_replicas=2)
    assert str(raised.value) == ("endpoint 'llama-8b': autoscaling.max_replicas=2 is not allowed; "
                                 "at least min_replicas (5)")
    with pytest.raises(HyperPodValidationError) as raised:
        with located("endpoint 'llama-8b'", "autoscaling"):  # already at the parent: not prefixed twice
            raise HyperPodValidationError("endpoint 'llama-8b'", "autoscaling.triggers", (), "a trigger")
    assert raised.value.field == "autoscaling.triggers"


def test_a_node_pools_group_name_suggests_a_group_it_does_not_list_yet() -> None:
    groups = (InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2),
              InstanceGroup("h100-spare", "ml.p5.48xlarge", count=0, max_count=2))

    def pool_problems(*names: str) -> list[str]:
        pools = NodeAutoscaling(node_pools=(NodePoolSpec(name="gpu", instance_groups=names),))
        return [problem for problem in rules.problems(ResolvedPlatform.of(groups, pools)) if "node pool" in problem]

    (problem,) = pool_problems("h100", "h100-spar")
    assert problem.endswith("instance_groups='h100-spar' is not allowed; names of the cluster's instance groups: "
                            "['h100', 'h100-spare']; did you mean 'h100-spare'?")  # not h100: listed already
    assert pool_problems("h100", "h100-spare") == []
