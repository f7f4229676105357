"""KEDA ScaledObject / TriggerAuthentication for non-operator workloads."""
from __future__ import annotations

import re

import cdk8s
import pytest

from apps_support import synth_problems
from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.resolve.endpoint import resolve_scaled_workload
from hyperpod_constructs.k8s.keda import add_scaled_workloads, render_keda, render_scaled_object
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from hyperpod_constructs.intent.keda_workload import ScaledWorkload
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from support import validate_manifests

AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-abc123"
VIEW = ResolvedPlatform(region="us-west-2", prometheus_query_url=AMP)
UP = PrometheusTrigger(name="q", query="up", target_value=1)


def resolved(workloads: tuple[ScaledWorkload, ...], platform: ResolvedPlatform = VIEW) -> tuple:
    return tuple(resolve_scaled_workload(workload, platform) for workload in workloads)


def _router() -> ScaledWorkload:
    return ScaledWorkload(
        name="router", namespace="inference", target_name="custom-router",
        autoscaling=Autoscaling(min_replicas=1, max_replicas=4, polling_interval_s=15, cooldown_s=120,
                                scale_up_stabilization_s=0, scale_down_stabilization_s=120,
                                trigger=PrometheusTrigger.request_rate(target_rps=50, activation_rps=0.5)),
        selector='namespace="inference",pod=~"custom-router-.*"',
    )


def _consumer() -> ScaledWorkload:
    queue = CloudWatchTrigger(name="queue", namespace="AWS/SQS", metric_name="ApproximateNumberOfMessagesVisible",
                              dimensions={"QueueName": "batch-requests"}, metric_stat="Maximum", target_value=20,
                              activation_target_value=0.5, min_value=0, metric_collection_period=60,
                              metric_collection_start_time=120)
    return ScaledWorkload(name="batch", namespace="inference", target_name="batch-consumer", target_kind="StatefulSet",
                          autoscaling=Autoscaling(min_replicas=0, max_replicas=10, trigger=queue))


def test_manifests_validate_and_snapshot(snapshot) -> None:
    manifests = render_keda(resolved((_router(), _consumer()), VIEW))
    assert [(m["kind"], m["metadata"]["name"]) for m in manifests] == [
        ("TriggerAuthentication", "keda-aws"), ("ScaledObject", "router"), ("ScaledObject", "batch")]
    assert validate_manifests(manifests) == 3
    assert manifests[0]["spec"] == {"podIdentity": {"provider": "aws"}}
    (prom,) = manifests[1]["spec"]["triggers"]
    assert prom["type"] == "prometheus" and prom["metricType"] == "AverageValue"
    assert prom["metadata"] == {
        "serverAddress": AMP, "awsRegion": "us-west-2", "threshold": "50", "activationThreshold": "0.5",
        "query": 'sum(rate(model_invocations_total{namespace="inference",pod=~"custom-router-.*"}[1m]))'}
    assert prom["authenticationRef"] == {"name": "keda-aws"}
    assert manifests[1]["spec"]["advanced"] == {"horizontalPodAutoscalerConfig": {"behavior": {
        "scaleUp": {"stabilizationWindowSeconds": 0}, "scaleDown": {"stabilizationWindowSeconds": 120}}}}
    (cw,) = manifests[2]["spec"]["triggers"]
    assert cw["type"] == "aws-cloudwatch"
    assert cw["metadata"]["dimensionName"] == "QueueName" and cw["metadata"]["dimensionValue"] == "batch-requests"
    assert manifests[2]["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "StatefulSet",
                                                      "name": "batch-consumer"}
    assert manifests == snapshot


def test_role_arn_goes_into_trigger_authentication() -> None:
    (auth, _) = render_keda(resolved((_consumer(),), VIEW), role_arn="arn:aws:iam::123456789012:role/keda-reader")
    assert auth["spec"]["podIdentity"] == {"provider": "aws", "roleArn": "arn:aws:iam::123456789012:role/keda-reader"}
    validate_manifests([auth])


def test_chart_synthesizes() -> None:
    app = cdk8s.App()
    chart = cdk8s.Chart(app, "keda", disable_resource_name_hashes=True)
    objects = add_scaled_workloads(chart, resolved((_router(), _consumer()), VIEW))
    synthesized = chart.to_json()
    assert [o.kind for o in objects] == [m["kind"] for m in synthesized]
    assert [m["kind"] for m in synthesized] == ["TriggerAuthentication", "ScaledObject", "ScaledObject"]
    assert validate_manifests(synthesized) == 3


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"name": "Router"}, "scaled workload inference/Router: name='Router' is not allowed"),
    ({"namespace": "Inference"}, "namespace='Inference' is not allowed; a Kubernetes name"),
    ({"authentication_name": "keda_aws"}, "authentication_name='keda_aws' is not allowed; a Kubernetes name"),
    ({"target_name": ""}, "target_name='' is not allowed; the name of the Deployment/StatefulSet to scale"),
    ({"target_kind": "Rollout"}, "target_kind='Rollout' is not allowed; one of 'Deployment', 'StatefulSet', "
                                 "or set target_api_version"),
    ({"autoscaling": Autoscaling()}, "autoscaling.triggers=() is not allowed; at least one PrometheusTrigger"),
    ({"autoscaling": Autoscaling(polling_interval_s=0, trigger=UP)},
     "autoscaling.polling_interval_s=0 is not allowed; a whole number of seconds, at least 1"),
    ({"autoscaling": {"min_replicas": 1}}, "autoscaling={'min_replicas': 1} is not allowed; expected an Autoscaling(...), got dict"),
])
def test_workload_rules(kwargs: dict, message: str) -> None:
    args = {"name": "router", "namespace": "inference", "target_name": "custom-router",
            "autoscaling": Autoscaling(trigger=UP), **kwargs}
    with pytest.raises(HyperPodValidationError, match=re.escape(message)):
        ScaledWorkload(**args)


def test_other_kind_with_api_version() -> None:
    workload = ScaledWorkload(name="r", target_name="r", target_kind="Rollout", target_api_version="argoproj.io/v1alpha1",
                              autoscaling=Autoscaling(trigger=UP))
    (record,) = resolved((workload,))
    assert render_scaled_object(record)["spec"]["scaleTargetRef"]["apiVersion"] == "argoproj.io/v1alpha1"


def test_duplicate_workloads_and_targets() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape("name='router' is not allowed; unique per namespace")):
        VIEW.with_scaled_workloads(resolved((_router(), _router())))
    with pytest.raises(HyperPodValidationError, match=re.escape("name='router' is not allowed; unique per namespace")):
        VIEW.with_scaled_workloads(resolved((_router(),))).with_scaled_workloads(resolved((_router(),)))  # across calls
    other = ScaledWorkload(name="router-2", namespace="inference", target_name="custom-router",
                           autoscaling=Autoscaling(trigger=UP))
    with pytest.raises(HyperPodValidationError,
                       match=re.escape("target_name='custom-router' is not allowed; a workload no other")):
        VIEW.with_scaled_workloads(resolved((_router(), other)))


def test_check_and_render_without_amp() -> None:
    workload = _router()
    assert rules.problems(VIEW.with_scaled_workloads(resolved((workload,)))) == []
    bare = ResolvedPlatform()
    (record,) = resolved((workload,), bare)
    (problem,) = rules.problems(bare.with_scaled_workloads((record,)))
    assert problem.startswith("scaled workload inference/router: autoscaling.triggers['request-rate'].server_address"
                              "=None is not allowed")
    # Rendering goes on (the problem is listed with all others at synth), without an address to point at.
    (trigger,) = render_scaled_object(record)["spec"]["triggers"]
    assert "serverAddress" not in trigger["metadata"]


def test_a_platform_without_amp_lists_the_scaled_workload_trigger_at_synth() -> None:
    report = synth_problems(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=1)]
    ).add_scaled_workloads(_router()))
    assert ("scaled workload inference/router: autoscaling.triggers['request-rate'].server_address=None is not "
            "allowed; set server_address (an AMP workspace's query URL), or turn on the platform's "
            "observability=Observability(), whose AMP workspace the trigger then reads") in report


def test_template_query_needs_selector() -> None:
    workload = ScaledWorkload(name="r", target_name="r",
                              autoscaling=Autoscaling(trigger=PrometheusTrigger.concurrent_requests()))
    with pytest.raises(HyperPodValidationError, match="a selector for the endpoint's metrics"):
        resolve_scaled_workload(workload, VIEW)  # resolved before anything renders


def test_scale_to_zero_warning() -> None:
    trigger = CloudWatchTrigger(name="q", metric_name="M", dimensions={"A": "b"}, target_value=1)
    workload = ScaledWorkload(name="c", target_name="c", autoscaling=Autoscaling(min_replicas=0, trigger=trigger))
    (warning,) = workload.warnings()
    assert warning.startswith("scaled workload default/c: autoscaling.min_replicas=0 but triggers ['q']")
