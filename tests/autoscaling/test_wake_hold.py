"""A wake hold on a min-0 endpoint: the KEDA HTTP add-on's InterceptorRoute (valid against the add-on's CRD), one more
Prometheus trigger on the operator's autoScalingSpec (valid against the operator's CRD: the ScaledObject it renders
is the one writer of replicas), the pinned chart installed by the Helm installer before the routes are applied, and
the hold's time budget checked at synth with its figures, per entry point in the plan."""
from __future__ import annotations

import re
from typing import Any

import aws_cdk as cdk
import jsonschema
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from support import crd_schemas, validate_custom_resource
from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, IntelligentRouting,
    ModelSize, Observability, PrometheusTrigger, ScaledWorkload, WakeHold,
)
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.wake_hold import WAKE_TRIGGER_NAME
from hyperpod_constructs.k8s.wake_hold import render_interceptor_route
from hyperpod_constructs.planner.wake_hold_budget import WakeHoldBudget
from hyperpod_constructs.resolve.endpoint import resolve_scaling
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.resolve.records import WakeHoldRecord

AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"
HOLD = WakeHold(max_wait_s=900, service="llama", port=8080)


def held_platform(hold: WakeHold = HOLD, *, observability: bool = True, sagemaker: bool = False) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(cdk.App(), "Held")
    platform = HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=1),
                                            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)],
        node_autoscaling=True, observability=Observability() if observability else None)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/", size=ModelSize(parameters=8e9)), instance_type="ml.g6e.12xlarge",
        gpus=1, sagemaker_endpoint_name="llama" if sagemaker else None,
        autoscaling=Autoscaling(min_replicas=0, max_replicas=2, wake_hold=hold)))
    return stack, platform


def manifests(platform: HyperPodInferencePlatform, kind: str) -> list[dict[str, Any]]:
    return [manifest for chart in platform.charts.values() for manifest in chart if manifest.get("kind") == kind]


def warnings(stack: cdk.Stack) -> dict[str, str]:
    """Warning id -> message, after synth."""
    found = Annotations.from_stack(stack).find_warning("*", Match.any_value())
    return {re.findall(r"\[ack: Annotation::hyperpod-constructs:([^\]]+)\]", str(entry.entry.data))[0]:
            str(entry.entry.data) for entry in found}


def estimate_of(platform: HyperPodInferencePlatform) -> float:
    return next(e.known_s for e in platform.plan.cold_start_estimates() if e.endpoint.name == "llama")


# ---- the objects -----------------------------------------------------------------------------------------------

def test_the_route_and_the_trigger_the_operators_scaled_object_reads() -> None:
    _, platform = held_platform(WakeHold(max_wait_s=900, service="llama", port=8080, hosts=("llama.internal",),
                                         target_concurrency=4))
    [route] = manifests(platform, "InterceptorRoute")
    assert route["spec"] == {"target": {"service": "llama", "port": 8080},
                             "rules": [{"paths": [{"value": "/"}], "hosts": ["llama.internal"]}],
                             "scalingMetric": {"concurrency": {"targetValue": 4}}, "timeouts": {"readiness": "900s"}}
    assert route["metadata"]["name"] == "llama" and route["metadata"]["namespace"] == "default"
    validate_custom_resource(route)  # the add-on's own CRD (v0.15.0), structure only (CEL rules: see kubectl test)
    [endpoint] = manifests(platform, "InferenceEndpointConfig")
    [trigger] = [t for t in endpoint["spec"]["autoScalingSpec"]["prometheusTriggerList"]
                 if t["name"] == WAKE_TRIGGER_NAME]
    assert platform.observability is not None
    assert trigger["serverAddress"] == platform.observability.prometheus_query_url  # the platform's AMP workspace
    trigger["serverAddress"] = AMP  # the workspace's URL as CloudFormation resolves it, for the CRD's pattern
    validate_custom_resource(endpoint)
    assert trigger["query"] == 'sum(interceptor_request_concurrency{route_name="llama",route_namespace="default"})'
    assert trigger["targetValue"] == 4 and trigger["metricType"] == "Average"
    assert trigger["activationTargetValue"] == 0  # KEDA wakes the first pod once a request is held
    # No second writer of replicas: the add-on's route makes no ScaledObject, and the platform writes none for it.
    assert manifests(platform, "ScaledObject") == [] and manifests(platform, "HTTPScaledObject") == []


def test_an_endpoint_without_a_hold_has_no_route_and_no_add_on() -> None:
    stack = cdk.Stack(cdk.App(), "Plain")
    platform = HyperPodInferencePlatform(stack, "Platform",
                                         instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint("llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge",
                                            gpus=1))
    assert manifests(platform, "InterceptorRoute") == []
    assert platform.node.try_find_child("WakeHoldAddOn") is None


def test_the_chart_is_pinned_installed_after_keda_and_before_the_routes() -> None:
    stack, _ = held_platform()
    template = cdk.assertions.Template.from_stack(stack).to_json()
    charts = {key: value for key, value in template["Resources"].items()
              if value["Type"] == "Custom::HyperPodHelmChart" and value["Properties"]["Repository"] == "kedacore/charts"}
    [(key, chart)] = charts.items()
    assert {name: chart["Properties"][name] for name in ("ChartPath", "GitRef", "Release", "Namespace")} == {
        "ChartPath": "http-add-on", "GitRef": "c4b92e9eed0ddc6668b1395d5f137e3ad4baa3d4",
        "Release": "keda-add-ons-http", "Namespace": "keda"}
    operator_addon = next(k for k, v in template["Resources"].items()
                          if v["Type"] == "AWS::EKS::Addon"
                          and v["Properties"]["AddonName"] == "amazon-sagemaker-hyperpod-inference")
    assert operator_addon in chart["DependsOn"]  # KEDA (in the operator add-on) first: the chart has a ScaledObject
    applier = next(v for v in template["Resources"].values() if v["Type"] == "Custom::HyperPodManifests")
    assert key in applier["DependsOn"]  # the InterceptorRoute CRD comes with the chart


# ---- refused ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("fields", "field", "allowed"), [
    ({"max_wait_s": 0}, "max_wait_s", "from 1 to 4000"),
    ({"max_wait_s": 4001}, "max_wait_s", "the longest idle timeout an ALB allows"),
    ({"max_wait_s": True}, "max_wait_s=True", "a whole number from 1 to 4000"),
    ({"service": "Llama_Svc"}, "service", "a Kubernetes Service name"),
    ({"port": 0}, "port", "from 1 to 65535"),
    ({"target_concurrency": 0}, "target_concurrency", "the CRD's minimum is 1"),
    ({"alb_idle_timeout_s": 4001}, "alb_idle_timeout_s", "as LoadBalancer.idle_timeout_s"),
    ({"caller_timeouts_s": {"router": 0}}, "caller_timeouts_s['router']", "at least 1"),
    ({"caller_timeouts_s": {"": 30}}, "caller_timeouts_s", "a non-empty caller name"),
])
def test_a_bad_hold_is_refused_naming_the_field_the_value_and_what_is_allowed(
        fields: dict[str, Any], field: str, allowed: str) -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        WakeHold(**{"max_wait_s": 900, "service": "llama", "port": 8080, **fields})
    message = str(raised.value)
    assert field in message and allowed in message, message


def test_a_hold_on_an_endpoint_that_does_not_scale_to_zero_is_refused() -> None:
    with pytest.raises(HyperPodValidationError, match=r"wake_hold.*None while min_replicas=1.*set min_replicas=0"):
        Autoscaling(min_replicas=1, max_replicas=2, wake_hold=HOLD)


def test_a_declared_trigger_may_not_take_the_holds_trigger_name() -> None:
    with pytest.raises(HyperPodValidationError, match=f"{WAKE_TRIGGER_NAME}.*another trigger name"):
        Autoscaling(min_replicas=0, wake_hold=HOLD, trigger=PrometheusTrigger(
            name=WAKE_TRIGGER_NAME, query="sum(up)", target_value=1, activation_target_value=0.5))


def test_a_hold_outside_an_endpoints_own_autoscaling_is_refused() -> None:
    with pytest.raises(HyperPodValidationError, match=r"autoscaling.wake_hold.*an endpoint's own pods"):
        resolve_scaling(Autoscaling(min_replicas=0, wake_hold=HOLD), ResolvedPlatform(), "scaled workload default/x")
    stack = cdk.Stack(cdk.App(), "Router")
    platform = HyperPodInferencePlatform(stack, "Platform",
                                         instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    with pytest.raises(HyperPodValidationError, match="scaled workload default/router.*an endpoint's own pods"):
        platform.add_scaled_workloads(ScaledWorkload(name="router", target_name="router", autoscaling=Autoscaling(
            min_replicas=0, wake_hold=HOLD, trigger=CloudWatchTrigger(
                name="queue", metric_name="Depth", namespace="AWS/SQS", target_value=5, activation_target_value=1))))
    with pytest.raises(HyperPodValidationError, match="router.*an endpoint's own pods"):
        platform.add_endpoint(InferenceEndpoint(
            "llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge", gpus=1,
            routing=IntelligentRouting(autoscaling=Autoscaling(min_replicas=0, wake_hold=HOLD))))


def test_a_hold_without_an_amp_workspace_for_its_trigger_is_refused_at_synth() -> None:
    stack, _ = held_platform(observability=False)
    with pytest.raises(Exception, match=rf"triggers\[.{WAKE_TRIGGER_NAME}.\].server_address=None.*observability=Observability\(\)"):
        cdk.App.of(stack).synth()  # type: ignore[union-attr]


def test_the_kinds_crd_requires_what_the_route_always_writes() -> None:
    schema = crd_schemas()[("http.keda.sh/v1beta1", "InterceptorRoute")]
    route = render_interceptor_route(WakeHoldRecord(name="llama", namespace="default", max_wait_s=60, service="llama",
                                                    port=8080))
    del route["spec"]["scalingMetric"]
    with pytest.raises(jsonschema.ValidationError, match="'scalingMetric' is a required property"):
        jsonschema.validate(route, schema)


# ---- the budget ------------------------------------------------------------------------------------------------

def budget(hold_s: int, **fields: Any) -> WakeHoldBudget:
    return WakeHoldBudget(**{"endpoint": "llama", "hold_s": hold_s, "estimate_s": 815.0, "estimate_complete": True,
                             "alb_idle_timeout_s": None, "registered_with_sagemaker": False, **fields})


def test_a_hold_that_covers_the_estimate_within_every_limit_draws_nothing() -> None:
    assert budget(900, alb_idle_timeout_s=1000, caller_timeouts_s=(("router", 960),)).findings() == []


def test_a_hold_shorter_than_the_estimate_is_warned_with_both_figures() -> None:
    [advice] = budget(600).findings()
    assert advice.rule == "wake-hold-shorter-than-cold-start"
    assert "max_wait_s=600 is shorter than the plan's cold-start estimate of 815 s" in advice
    assert "raise max_wait_s to at least 815" in advice


def test_a_hold_longer_than_the_alb_in_front_of_the_interceptor_is_warned_with_the_figure_and_its_source() -> None:
    [advice] = budget(900, alb_idle_timeout_s=60).findings()
    assert advice.rule == "wake-hold-longer-than-alb"
    assert "max_wait_s=900 is longer than the ALB idle timeout of 60 s (alb_idle_timeout_s, as " \
           "LoadBalancer.idle_timeout_s)" in advice
    assert "raise the ALB's idle timeout to at least 900 s (at most 4000)" in advice


def test_a_caller_through_sagemaker_runtime_is_told_its_60_s_and_what_to_do() -> None:
    [advice] = budget(900, registered_with_sagemaker=True).findings()
    assert advice.rule == "wake-hold-sagemaker-runtime"
    assert "InvokeEndpoint allows 60 s (SageMaker API Reference, InvokeEndpoint)" in advice
    assert "retries with backoff for the estimate (815 s) or calls the interceptor's proxy Service" in advice


def test_a_hold_longer_than_a_callers_own_limit_is_warned_naming_the_caller() -> None:
    [advice] = budget(900, caller_timeouts_s=(("router", 300), ("batch", 3600))).findings()
    assert advice.rule == "wake-hold-longer-than-caller"
    assert "longer than caller 'router''s limit of 300 s" in advice and "batch" not in advice


def test_the_platform_warns_on_the_endpoint_with_the_plans_estimate() -> None:
    stack, platform = held_platform(WakeHold(max_wait_s=120, service="llama", port=8080, alb_idle_timeout_s=4000,
                                             caller_timeouts_s={"router": 60}), sagemaker=True)
    estimate = estimate_of(platform)
    cdk.App.of(stack).synth()  # type: ignore[union-attr]
    found = warnings(stack)
    assert f"cold-start estimate of {estimate:.0f} s" in found["wake-hold-shorter-than-cold-start"]
    assert "caller 'router''s limit of 60 s" in found["wake-hold-longer-than-caller"]
    assert "InvokeEndpoint allows 60 s" in found["wake-hold-sagemaker-runtime"]
    assert "wake-hold-longer-than-alb" not in found  # 4000 s declared
    # The hold's trigger wakes the endpoint: no advice that nothing would.
    assert not {"scale-to-zero-without-triggers", "scale-to-zero-on-pod-metrics"} & set(found)


def test_the_plan_says_per_entry_point_what_a_caller_lives_through() -> None:
    _, platform = held_platform(WakeHold(max_wait_s=900, service="llama", port=8080, alb_idle_timeout_s=1000,
                                         caller_timeouts_s={"router": 960}), sagemaker=True)
    text = platform.plan.render()
    first = f"{estimate_of(platform):.0f} s"
    assert ("a caller through the interceptor (keda/keda-add-ons-http-interceptor-proxy:8080): held up to 900 s "
            f"(first token expected at {first}), then 504 Gateway Timeout; an ALB in front of it closes idle "
            "connections after 1000 s") in text
    assert "a caller on the endpoint's ALB path: not held (the operator's ALB targets the pods, none at zero)" in text
    assert "a caller through an Inference Gateway: not held" in text
    assert "a caller through SageMaker runtime: not held; InvokeEndpoint allows 60 s" in text
    assert "caller 'router': gives up after 960 s (caller_timeouts_s)" in text
