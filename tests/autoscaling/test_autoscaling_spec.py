"""Autoscaling (autoScalingSpec) spec: rendering, CRD validity, and one negative test per rule."""
from __future__ import annotations

import pytest

from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.autoscaling import (
    SELECTOR, Autoscaling, CloudWatchTrigger, PrometheusTrigger, model_selector,
)
from hyperpod_constructs import rules
from hyperpod_constructs.intent.keda_workload import ScaledWorkload
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.resolve.endpoint import resolve_scaled_workload, resolve_scaling
from hyperpod_constructs.k8s.operator_spec import autoscaling_spec
from support import validate_manifest

AMP = "https://aps-workspaces.us-east-1.amazonaws.com/workspaces/ws-0123abcd-4567"
VIEW = ResolvedPlatform(prometheus_query_url=AMP)
SEL = model_selector("llama-8b", "default")


def _iec(autoscaling_spec: dict) -> dict:
    """A minimal InferenceEndpointConfig carrying the rendered autoScalingSpec, for CRD validation."""
    return {
        "apiVersion": "inference.sagemaker.aws.amazon.com/v1", "kind": "InferenceEndpointConfig",
        "metadata": {"name": "llama-8b", "namespace": "default"},
        "spec": {
            "modelName": "llama-8b", "instanceType": "ml.g5.8xlarge",
            "modelSourceConfig": {"modelSourceType": "s3", "s3Storage": {"bucketName": "models", "region": "us-east-1"}},
            "worker": {"image": "vllm/vllm-openai:v0.10.0", "resources": {"limits": {"nvidia.com/gpu": "1"}},
                       "modelInvocationPort": {"containerPort": 8000}, "modelVolumeMount": {"name": "model-weights"}},
            "autoScalingSpec": autoscaling_spec,
        },
    }


def test_defaults_render_only_replica_bounds() -> None:
    assert autoscaling_spec(resolve_scaling(Autoscaling(), VIEW, "ep")) == {"minReplicaCount": 1, "maxReplicaCount": 5}


def test_full_spec_renders_camel_case_lists_and_validates_against_crd() -> None:
    autoscaling = Autoscaling(
        min_replicas=0, max_replicas=8, polling_interval_s=15, cooldown_s=120, initial_cooldown_s=60,
        scale_up_stabilization_s=0, scale_down_stabilization_s=60,
        triggers=(PrometheusTrigger.concurrent_requests(target=10),
                  PrometheusTrigger.p90_latency_ms(target_ms=2000),
                  PrometheusTrigger.request_rate(target_rps=5),
                  PrometheusTrigger.queue_depth(target=4, activation=0.5),
                  CloudWatchTrigger.invocations_per_instance("llama-8b-sme", target=30)),
    )
    spec = autoscaling_spec(resolve_scaling(autoscaling, VIEW, "ep", selector=SEL))
    assert spec["minReplicaCount"] == 0 and spec["maxReplicaCount"] == 8
    assert (spec["pollingInterval"], spec["cooldownPeriod"], spec["initialCooldownPeriod"]) == (15, 120, 60)
    assert (spec["scaleUpStabilizationTime"], spec["scaleDownStabilizationTime"]) == (0, 60)
    prometheus = spec["prometheusTriggerList"]
    assert [t["name"] for t in prometheus] == ["concurrent-requests", "p90-latency", "request-rate", "queue-depth"]
    assert prometheus[0]["query"] == 'sum(model_concurrent_requests{model_name="llama-8b",namespace="default"})'
    assert prometheus[0]["serverAddress"] == AMP and prometheus[0]["activationTargetValue"] == 1
    assert "model_latency_milliseconds_bucket{model_name=" in prometheus[1]["query"]
    assert prometheus[1]["metricType"] == "Value"
    assert prometheus[3]["query"].startswith("sum(vllm:num_requests_waiting{")
    assert all(SELECTOR not in t["query"] for t in prometheus)
    (cloudwatch,) = spec["cloudWatchTriggerList"]
    assert cloudwatch["metricName"] == "Invocations" and cloudwatch["namespace"] == "AWS/SageMaker"
    assert cloudwatch["dimensions"] == [{"name": "EndpointName", "value": "llama-8b-sme"},
                                        {"name": "VariantName", "value": "AllTraffic"}]
    assert "prometheusTrigger" not in spec and "cloudWatchTrigger" not in spec
    validate_manifest(_iec(spec))


def test_single_trigger_shorthand_and_explicit_server_address() -> None:
    trigger = PrometheusTrigger(name="q", query="sum(up)", target_value=1, server_address=AMP.replace("ws-0", "ws-9"))
    autoscaling = Autoscaling(trigger=trigger)
    assert autoscaling.all_triggers == (trigger,)
    spec = autoscaling_spec(resolve_scaling(autoscaling, ResolvedPlatform(), "ep"))
    assert spec["prometheusTriggerList"][0]["serverAddress"].endswith("ws-9123abcd-4567")
    assert spec["prometheusTriggerList"][0]["query"] == "sum(up)"


def test_explicit_selector_on_helper_needs_no_render_selector() -> None:
    trigger = PrometheusTrigger.concurrent_requests(selector='model_name="x"')
    assert not trigger.needs_selector
    assert autoscaling_spec(resolve_scaling(Autoscaling(trigger=trigger), VIEW, "ep"))["prometheusTriggerList"][0]["query"] == \
        'sum(model_concurrent_requests{model_name="x"})'


def test_token_server_address_is_not_pattern_checked() -> None:
    PrometheusTrigger(name="q", query="up", target_value=1, server_address="${Token[TOKEN.123]}")


# --- eager errors: one per rule, asserting the message ---------------------------------------------------

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"min_replicas": -1}, "Autoscaling: min_replicas=-1 is not allowed; a whole number of at least 0"),
    ({"max_replicas": -2}, "Autoscaling: max_replicas=-2 is not allowed; a whole number of at least 0"),
    ({"min_replicas": 0, "max_replicas": 0}, "Autoscaling: max_replicas=0 is not allowed; at least 1"),
    ({"min_replicas": 6, "max_replicas": 5}, "Autoscaling: max_replicas=5 is not allowed; at least min_replicas (6)"),
    ({"cooldown_s": -5}, "Autoscaling: cooldown_s=-5 is not allowed; a whole number of seconds, at least 0"),
    ({"polling_interval_s": -1}, "Autoscaling: polling_interval_s=-1 is not allowed"),
    ({"scale_down_stabilization_s": 1.5}, "Autoscaling: scale_down_stabilization_s=1.5 is not allowed"),
    ({"scale_up_stabilization_s": -30}, "Autoscaling: scale_up_stabilization_s=-30 is not allowed; a whole number of "
                                         "seconds, at least 0"),
    ({"triggers": ("x",)}, "Autoscaling: triggers[0]='x' is not allowed; expected a PrometheusTrigger(...) or a CloudWatchTrigger(...), got str"),
])
def test_autoscaling_rules(kwargs: dict, message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        Autoscaling(**kwargs)


def test_more_than_100_triggers_of_a_kind() -> None:
    triggers = tuple(PrometheusTrigger(name=f"t{i}", query="up", target_value=1) for i in range(101))
    with pytest.raises(HyperPodValidationError, match="triggers='101 PrometheusTriggers' is not allowed; at most 100"):
        Autoscaling(triggers=triggers)


def test_duplicate_trigger_names() -> None:
    trigger = PrometheusTrigger(name="same", query="up", target_value=1)
    with pytest.raises(HyperPodValidationError, match=r"triggers=\['same'\] is not allowed; unique trigger names"):
        Autoscaling(triggers=(trigger, trigger))


def test_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        Autoscaling(min_replica=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        PrometheusTrigger("name", "up", 1)  # type: ignore[misc]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target_value": 0}, "target_value=0 is not allowed; a number greater than 0"),
    ({"target_value": -1.5}, "target_value=-1.5 is not allowed; a number greater than 0"),
    ({"activation_target_value": -1}, "activation_target_value=-1 is not allowed; a number of at least 0"),
    ({"metric_type": "AverageValue"}, "metric_type='AverageValue' is not allowed; one of"),
    ({"server_address": "http://prometheus.monitoring:9090"}, "server_address='http://prometheus.monitoring:9090' "
     "is not allowed; an AMP workspace URL"),
    ({"query": " "}, "query=' ' is not allowed; a non-empty PromQL query"),
    ({"target_value": True}, "target_value=True is not allowed; a number greater than 0"),
])
def test_prometheus_trigger_rules(kwargs: dict, message: str) -> None:
    args = {"name": "q", "query": "up", "target_value": 1, **kwargs}
    with pytest.raises(HyperPodValidationError, match=f"prometheus trigger 'q': {message}"):
        PrometheusTrigger(**args)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target_value": 0}, "target_value=0 is not allowed; a number greater than 0"),
    ({"min_value": -1}, "min_value=-1 is not allowed; a number of at least 0"),
    ({"metric_name": ""}, "metric_name='' is not allowed; a non-empty CloudWatch metric name"),
    ({"dimensions": {"EndpointName": ""}}, r"dimensions\['EndpointName'\]='' is not allowed"),
    ({"metric_collection_period": -60}, "metric_collection_period=-60 is not allowed"),
    ({"metric_type": "Sum"}, "metric_type='Sum' is not allowed"),
    ({"namespace": ""}, "namespace='' is not allowed; a CloudWatch namespace"),
    ({"metric_collection_start_time": 1.5}, "metric_collection_start_time=1.5 is not allowed"),
])
def test_cloudwatch_trigger_rules(kwargs: dict, message: str) -> None:
    args = {"name": "cw", "metric_name": "Invocations", "target_value": 1, **kwargs}
    with pytest.raises(HyperPodValidationError, match=f"cloudwatch trigger 'cw': {message}"):
        CloudWatchTrigger(**args)


def test_trigger_name_required() -> None:
    with pytest.raises(HyperPodValidationError, match="prometheus trigger '': name='' is not allowed; a non-empty"):
        PrometheusTrigger(name="", query="up", target_value=1)
    with pytest.raises(HyperPodValidationError, match="cloudwatch trigger ' ': name=' ' is not allowed; a non-empty"):
        CloudWatchTrigger(name=" ", metric_name="M", target_value=1)


def test_invocations_helper_needs_endpoint_name() -> None:
    with pytest.raises(HyperPodValidationError, match="endpoint_name='' is not allowed"):
        CloudWatchTrigger.invocations_per_instance("")


def test_template_query_without_selector_is_an_error() -> None:
    autoscaling = Autoscaling(trigger=PrometheusTrigger.concurrent_requests())
    with pytest.raises(HyperPodValidationError, match="is not allowed; a selector for the endpoint's metrics"):
        autoscaling_spec(resolve_scaling(autoscaling, VIEW, "endpoint llama-8b"))


# --- cross-resource check and warnings ------------------------------------------------------------------

def test_check_prometheus_without_amp() -> None:
    autoscaling = Autoscaling(trigger=PrometheusTrigger.concurrent_requests())
    assert _scaling_problems(VIEW, autoscaling) == []
    assert _scaling_problems(ResolvedPlatform(), autoscaling) == [
        "scaled workload default/llama-8b: autoscaling.triggers['concurrent-requests'].server_address=None is not "
        "allowed; set server_address (an AMP workspace's query URL), or turn on the platform's "
        "observability=Observability(), whose AMP workspace the trigger then reads"
    ]
    assert _scaling_problems(ResolvedPlatform(), Autoscaling(trigger=CloudWatchTrigger.invocations_per_instance("e"))) == []
    # A trigger with its own server address needs no workspace.
    explicit = PrometheusTrigger(name="q", query="sum(up)", target_value=1, server_address=AMP)
    assert _scaling_problems(ResolvedPlatform(), Autoscaling(trigger=explicit)) == []


def _scaling_problems(platform: ResolvedPlatform, autoscaling: Autoscaling) -> list[str]:
    """The registered rules' problems for ``autoscaling`` on a scaled workload of that platform."""
    workload = ScaledWorkload(name="llama-8b", target_name="llama-8b", autoscaling=autoscaling, selector='pod=~"llama-8b-.*"')
    return rules.problems(platform.with_scaled_workloads((resolve_scaled_workload(workload, platform),)))


def test_warnings_scale_to_zero_without_activation() -> None:
    trigger = CloudWatchTrigger(name="cw", metric_name="Invocations", dimensions={"EndpointName": "e"}, target_value=5)
    (warning,) = Autoscaling(min_replicas=0, trigger=trigger).warnings("endpoint e")
    assert warning.startswith("endpoint e: autoscaling.min_replicas=0 but triggers ['cw'] have "
                              "activation_target_value 0/unset: scale-from-zero needs an activation threshold")
    assert Autoscaling(min_replicas=1, trigger=trigger).warnings("endpoint e") == []


def test_warnings_scale_to_zero_on_pod_metrics_only() -> None:
    (warning,) = Autoscaling(min_replicas=0, trigger=PrometheusTrigger.concurrent_requests()).warnings("ep")
    assert "only pod-emitted metrics ['concurrent-requests']" in warning
    mixed = Autoscaling(min_replicas=0, triggers=(PrometheusTrigger.concurrent_requests(),
                                                  CloudWatchTrigger.invocations_per_instance("e")))
    assert mixed.warnings("ep") == []


def test_warnings_scale_to_zero_without_triggers() -> None:
    (warning,) = Autoscaling(min_replicas=0).warnings("ep")
    assert "without triggers: nothing will ever scale it up from zero" in warning
