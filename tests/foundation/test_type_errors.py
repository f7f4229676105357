"""Wrong types, mistyped instance types and repeated names: a clear error where they are written, never a
traceback from deep inside."""
from __future__ import annotations

import re
from typing import Any, Callable

import aws_cdk as cdk
import pytest

from apps_support import imported_bucket, synth_problems
from support import stand_in_bucket

from hyperpod_constructs import (
    Autoscaling, ClusterSettings, HyperPodInferencePlatform, HyperPodTypeError, HyperPodValidationError,
    InferenceEndpoint, InferenceOperatorOptions, InstanceGroup, JumpStartEndpoint, KvCache, MigDemand, ModelSource, ModelStore,
    NodeAutoscaling, NodePoolSpec, Observability, Prices, Probes, ScaledWorkload, plan_mig,
)

SYSTEM = InstanceGroup("system", "ml.m5.2xlarge", count=1)


def platform(**overrides: Any) -> HyperPodInferencePlatform:
    args: dict[str, Any] = dict(instance_groups=[SYSTEM])
    args.update(overrides)
    return HyperPodInferencePlatform(cdk.Stack(cdk.App(), "Types"), "Platform", **args)


def s3_endpoint(**overrides: Any) -> InferenceEndpoint:
    args: dict[str, Any] = dict(model=ModelSource.s3(stand_in_bucket("models"), "m/"), instance_type="ml.m5.2xlarge", gpus=0,
                                image="my/image:1")
    args.update(overrides)
    return InferenceEndpoint("m", **args)


@pytest.mark.parametrize("label, make, message", [
    ("instance_groups as a dict", lambda: platform(instance_groups={"system": SYSTEM}),
     r"Types/Platform: instance_groups=\{'system': .*\} is not allowed; expected a list of InstanceGroup\(\.\.\.\), "
     r"got dict"),
    ("an instance group as a dict", lambda: platform(instance_groups=[SYSTEM, {"name": "gpu"}]),
     r"Types/Platform: instance_groups\[1\]=\{'name': 'gpu'\} is not allowed; expected an InstanceGroup\(\.\.\.\), got dict"),
    ("model_store as a dict", lambda: platform(model_store={"bucket": "my-models"}),
     r"model_store=\{'bucket': 'my-models'\} is not allowed; expected a ModelStore\(\.\.\.\) or None, got dict"),
    ("model_store as a string", lambda: platform(model_store="s3://m/"),
     r"model_store='s3://m/' is not allowed; expected a ModelStore\(\.\.\.\) or None, got str"),
    ("observability as a dict", lambda: platform(observability={"grafana": True}),
     r"observability=\{'grafana': True\} is not allowed; expected an Observability\(\.\.\.\) or None, got dict"),
    ("observability as True", lambda: platform(observability=True),
     r"observability=True is not allowed; expected an Observability\(\.\.\.\) or None, got bool"),
    ("cluster as a dict", lambda: platform(cluster={"name": "c"}),
     r"cluster=\{'name': 'c'\} is not allowed; expected a ClusterSettings\(\.\.\.\), got dict"),
    # A dict is truthy: it must not switch Karpenter on as if it were True.
    ("node_autoscaling as a dict", lambda: platform(node_autoscaling={"enabled": True}),
     r"node_autoscaling=\{'enabled': True\} is not allowed; expected True or False or a NodeAutoscaling\(\.\.\.\), "
     r"got dict"),
    ("node_autoscaling as a string", lambda: platform(node_autoscaling="yes"),
     r"node_autoscaling='yes' is not allowed; expected True or False or a NodeAutoscaling\(\.\.\.\), got str"),
    ("network as a dict", lambda: platform(network={"vpc": None}),
     r"Types/Platform: network=\{'vpc': None\} is not allowed; expected a Network\(\.\.\.\), got dict"),
    ("cluster.eks as a string", lambda: ClusterSettings(eks="prod"),
     r"ClusterSettings: eks='prod' is not allowed; expected Eks\.new\(\.\.\.\) or Eks\.existing\(cluster, \.\.\.\), got str"),
    ("operator as a dict", lambda: platform(operator={"alb": False}),
     r"operator=\{'alb': False\} is not allowed; expected an InferenceOperatorOptions\(\.\.\.\), got dict"),
    ("operator.helm_chart as a dict", lambda: InferenceOperatorOptions(helm_chart={"git_ref": "v3"}),
     r"operator: helm_chart=\{'git_ref': 'v3'\} is not allowed; expected a HyperPodHelmChart\(\.\.\.\) or None, "
     r"got dict"),
    ("operator.helm_chart as False", lambda: InferenceOperatorOptions(helm_chart=False),
     r"operator: helm_chart=False is not allowed; expected a HyperPodHelmChart\(\.\.\.\) or None, got bool"),
    ("removal_policy as a string", lambda: platform(removal_policy="destroy"),
     r"removal_policy='destroy' is not allowed; expected a RemovalPolicy member, got str"),
    ("observability.workspace as a string", lambda: Observability(workspace="ws-1"),
     r"observability: workspace='ws-1' is not allowed; expected PrometheusWorkspace.create\(\.\.\.\) or PrometheusWorkspace.existing\(\.\.\.\) or None, got str"),
    ("cluster.tiered_storage as True", lambda: ClusterSettings(tiered_storage=True),
     r"ClusterSettings: tiered_storage=True is not allowed; expected a TieredStorage\(\.\.\.\) or None, got bool"),
    ("instance group mig_config as a dict", lambda: InstanceGroup("g", "ml.p5.48xlarge", mig_config={"3g.40gb": 2}),
     r"instance group 'g': mig_config=\{'3g.40gb': 2\} is not allowed; expected a string or a MigLayout\(\.\.\.\) or "
     r"None, got dict"),
    ("instance group taints as dicts", lambda: InstanceGroup("g", "ml.m5.large", taints=({"key": "k"},)),
     r"instance group 'g': taints\[0\]=\{'key': 'k'\} is not allowed; expected a Taint\(\.\.\.\), got dict"),
    ("endpoint model as a string", lambda: s3_endpoint(model="s3://models/m/"),
     r"endpoint 'm': model='s3://models/m/' is not allowed; expected a model source: ModelSource.s3\(\.\.\.\), \.fsx.*, got str"),
    ("endpoint autoscaling as a dict", lambda: s3_endpoint(autoscaling={"max_replicas": 2}),
     r"endpoint 'm': autoscaling=\{'max_replicas': 2\} is not allowed; expected an Autoscaling\(\.\.\.\) or None"),
    ("endpoint kv_cache as True", lambda: s3_endpoint(kv_cache=True),
     r"endpoint 'm': kv_cache=True is not allowed; expected a KvCache\(\.\.\.\) or None"),
    ("endpoint routing as a dict", lambda: s3_endpoint(routing={"strategy": "prefixaware"}),
     r"endpoint 'm': routing=\{'strategy': 'prefixaware'\} is not allowed; expected a Routing member or an "
     r"IntelligentRouting\(\.\.\.\) or a string or None"),
    ("endpoint probes given a dict", lambda: s3_endpoint(probes=Probes(readiness={"path": "/health"})),
     r"^Probes: readiness=\{'path': '/health'\} is not allowed; expected a HttpProbe\(\.\.\.\) or None"),
    ("endpoint tags as strings", lambda: s3_endpoint(tags=("team=a",)),
     r"endpoint 'm': tags\[0\]='team=a' is not allowed; expected a Tag\(\.\.\.\), got str"),
    ("kv cache l2 as a string", lambda: s3_endpoint(image="vllm/vllm-openai:v0.9", kv_cache=KvCache(l2="redis")),
     r"^KvCache: l2='redis' is not allowed; expected L2Cache.tiered_storage\(\) or L2Cache.redis\(url\) or None, got str"),
    ("jumpstart autoscaling as a dict", lambda: JumpStartEndpoint("js", model_id="m", accept_eula=True,
                                                                  instance_type="ml.g6e.12xlarge",
                                                                  autoscaling={"min_replicas": 0}),
     r"endpoint 'js': autoscaling=\{'min_replicas': 0\} is not allowed; expected an Autoscaling\(\.\.\.\) or None"),
    ("autoscaling trigger as a dict", lambda: Autoscaling(trigger={"metric": "q"}),
     r"Autoscaling: trigger=\{'metric': 'q'\} is not allowed; expected a PrometheusTrigger\(\.\.\.\) or a "
     r"CloudWatchTrigger\(\.\.\.\) or None, got dict"),
    ("autoscaling triggers as a string", lambda: Autoscaling(triggers="q"),
     r"Autoscaling: triggers='q' is not allowed; expected a list of PrometheusTrigger\(\.\.\.\) or "
     r"CloudWatchTrigger\(\.\.\.\), got str"),
    ("node pools as dicts", lambda: NodeAutoscaling(node_pools=({"name": "p"},)),
     r"node_autoscaling: node_pools\[0\]=\{'name': 'p'\} is not allowed; expected a NodePoolSpec\(\.\.\.\)"),
    ("node pool disruption as a dict", lambda: NodePoolSpec(name="p", instance_groups=("g",), disruption={}),
     r"node pool 'p': disruption=\{\} is not allowed; expected a Disruption\(\.\.\.\), got dict"),
    ("scaled workload autoscaling as a dict", lambda: ScaledWorkload(name="w", target_name="d", autoscaling={}),
     r"autoscaling=\{\} is not allowed; expected an Autoscaling\(\.\.\.\), got dict"),
])
def test_wrong_type_names_parameter_and_expected_type(label: str, make: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodTypeError, match=message):
        make()


def test_wrong_type_error_is_both_a_type_error_and_a_validation_error() -> None:
    with pytest.raises(TypeError) as raised:
        platform(model_store={"bucket": "my-models"})
    assert isinstance(raised.value, HyperPodValidationError)
    assert (raised.value.field, raised.value.where) == ("model_store", "Types/Platform")


@pytest.mark.parametrize("value", [{"name": "m"}, "llama", None])
def test_add_endpoint_rejects_what_is_not_an_endpoint(value: Any) -> None:
    target = platform()
    with pytest.raises(HyperPodTypeError, match=re.escape(
            f"Types/Platform: endpoint={value!r} is not allowed; expected an InferenceEndpoint(...) or a "
            f"JumpStartEndpoint(...), got {type(value).__name__}")):
        target.add_endpoint(value)


def test_add_endpoint_rejects_slos_of_another_type() -> None:
    with pytest.raises(HyperPodTypeError, match=r"slos=\{'p99_ms': 500\} is not allowed; expected an "
                                                r"EndpointSlos\(\.\.\.\) or None, got dict"):
        platform().add_endpoint(s3_endpoint(), slos={"p99_ms": 500})


def test_add_scaled_workloads_names_the_position() -> None:
    with pytest.raises(HyperPodTypeError, match=r"workloads\[0\]='router' is not allowed; expected a "
                                                r"ScaledWorkload\(\.\.\.\), got str"):
        platform().add_scaled_workloads("router")


def test_right_types_still_pass() -> None:
    """The checks accept what the hints allow: lists for tuples, ints for floats, True for node autoscaling."""
    stack = cdk.Stack(cdk.App(), "Types")
    built = HyperPodInferencePlatform(stack, "Platform", instance_groups=(SYSTEM,), node_autoscaling=False,
                                      prices=Prices(instance_hourly={"ml.m5.2xlarge": 1}),
                                      model_store=ModelStore(bucket=imported_bucket(stack)))
    assert built.node_autoscaling.enabled is False
    assert Autoscaling(max_replicas=2, triggers=[]).triggers == ()


# ---- instance types: the closest names, not all ninety ---------------------------------------------------

@pytest.mark.parametrize("typo, suggestion", [
    ("ml.p5.48xl", "'ml.p5.48xlarge'"),
    ("ml.g6e.12xlarg", "'ml.g6e.12xlarge'"),
    ("ML.P5.48XLARGE", "'ml.p5.48xlarge'"),
    ("p5.48xlarge", "'ml.p5.48xlarge'"),
])
def test_unknown_instance_type_suggests_the_closest(typo: str, suggestion: str) -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        InstanceGroup("g", typo)
    message = str(raised.value)
    assert f"instance_type={typo!r} is not allowed; a HyperPod instance type; did you mean {suggestion}" in message
    assert message.count("ml.") <= 4, message  # a few suggestions, not the whole catalog


def test_unknown_instance_type_without_close_match_lists_families() -> None:
    with pytest.raises(HyperPodValidationError, match=r"instance_type='gpu-large' is not allowed; a HyperPod instance "
                                                      r"type 'ml.<family>.<size>', family one of .*g6e.*p5"):
        InstanceGroup("g", "gpu-large")


def test_mig_planner_suggests_instance_types() -> None:
    with pytest.raises(HyperPodValidationError, match=r"instance_type='ml.p5.48xlarg' is not allowed; .*did you mean "
                                                      r"'ml.p5.48xlarge'"):
        plan_mig("ml.p5.48xlarg", [MigDemand("m", "mig-3g.40gb", 1)])


# ---- instance group names -------------------------------------------------------------------------------

def test_duplicate_instance_group_names_say_duplicate_and_name_the_group() -> None:
    report = synth_problems(lambda stack: HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        SYSTEM, InstanceGroup("gpu", "ml.g6e.12xlarge"), InstanceGroup("gpu", "ml.g6e.12xlarge", count=2)]))
    assert ("instance_groups[2].name='gpu' is not allowed; a name of its own: duplicate of instance_groups[1].name"
            in report)
