"""Operator v3.4-v3.7 fields typed from the documentation: their rules, how they render on both kinds (validated
against the carried schemas plus tests/data/operator_fields), and the refusal on an add-on that predates them."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rule_support import with_endpoints
from support import validate_custom_resource
from hyperpod_constructs import rules
from hyperpod_constructs.aws.inference_operator import InferenceOperatorOptions
from hyperpod_constructs.catalog.operator_versions import addon_predates, first_known_addon_for
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.intent.operator_fields import ContainerResources, Toleration
from hyperpod_constructs.k8s.model_deployment import render_endpoint
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

PLATFORM = ResolvedPlatform(namespace="inference", region="us-west-2")
BLOCK = ContainerResources(requests={"cpu": "500m", "memory": "1Gi"}, limits={"cpu": "1", "memory": "2Gi"})
NEW_FIELDS: dict[str, Any] = {
    "metrics_sidecar_resources": BLOCK, "metrics_collector_resources": BLOCK, "s3_uploader_resources": BLOCK,
    "tolerations": [Toleration(key="dedicated", value="inference", effect="NoSchedule"),
                    Toleration(operator="Exists", effect="NoExecute", toleration_seconds=60)],
    "lmcache_mode": "InProcess",
}


def custom(**fields: Any) -> InferenceEndpoint:
    return InferenceEndpoint("llama", model=ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct"),
                             instance_type="ml.g6e.12xlarge", **fields)


def jumpstart(**fields: Any) -> JumpStartEndpoint:
    return JumpStartEndpoint("qwen", model_id="huggingface-llm-qwen2-5-7b-instruct", accept_eula=True,
                             instance_type="ml.g5.8xlarge", **fields)


def test_the_fields_render_on_both_kinds_and_fit_the_documented_schema() -> None:
    spec = render_endpoint(resolve_endpoint(custom(**NEW_FIELDS, pod_template_annotations={"example.com/team": "ml"}),
                                            PLATFORM))
    body = spec["spec"]
    assert body["metricsSidecarResources"] == {"requests": {"cpu": "500m", "memory": "1Gi"},
                                               "limits": {"cpu": "1", "memory": "2Gi"}}
    assert body["metricsCollectorResources"] == body["s3UploaderResources"] == body["metricsSidecarResources"]
    assert body["tolerations"] == [
        {"key": "dedicated", "operator": "Equal", "value": "inference", "effect": "NoSchedule"},
        {"operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 60}]
    assert body["lmcache"] == {"mode": "InProcess"}
    assert body["kubernetes"]["podTemplateAnnotations"] == {"example.com/team": "ml"}
    validate_custom_resource(spec)
    js = render_endpoint(resolve_endpoint(jumpstart(**NEW_FIELDS), PLATFORM))
    assert js["spec"]["lmcache"] == {"mode": "InProcess"} and len(js["spec"]["tolerations"]) == 2
    validate_custom_resource(js)


def test_the_documented_schema_still_refuses_what_it_does_not_know() -> None:
    """The check above can fail: a mode the documentation does not name is refused."""
    import jsonschema

    spec = render_endpoint(resolve_endpoint(custom(lmcache_mode="InProcess"), PLATFORM))
    spec["spec"]["lmcache"]["mode"] = "Remote"
    with pytest.raises(jsonschema.ValidationError, match="'Remote' is not one of"):
        validate_custom_resource(spec)


@pytest.mark.parametrize("build, message", [
    (lambda: ContainerResources(requests={}, limits={"memory": "1Gi"}),
     r"ContainerResources: requests=\{\} is not allowed; at least one of cpu, memory, ephemeral-storage"),
    (lambda: ContainerResources(requests={"gpu": "1"}, limits={"memory": "1Gi"}),
     r"ContainerResources: requests key='gpu' is not allowed; one of 'cpu', 'memory', 'ephemeral-storage'"),
    (lambda: ContainerResources(requests={"cpu": "lots"}, limits={"memory": "1Gi"}),
     r"requests\['cpu'\]='lots' is not allowed; a Kubernetes quantity"),
    (lambda: Toleration(value="x"), r"Toleration: key=None is not allowed; a taint key with operator='Equal'"),
    (lambda: Toleration(operator="Exists", value="x"), r"value='x' is not allowed; None with operator='Exists'"),
    (lambda: Toleration(key="k", toleration_seconds=5), r"toleration_seconds=5 is not allowed; only with "
                                                        r"effect='NoExecute'"),
    (lambda: custom(lmcache_mode="Remote"), r"endpoint 'llama': lmcache_mode='Remote' is not allowed; one of "
                                            r"'InProcess', 'MultiProcess'"),
    (lambda: custom(lmcache_mode="MultiProcess"), r"lmcache_mode='MultiProcess' is not allowed; 'MultiProcess' only "
                                                  r"with LMCache 0.5.0 or later .* is LMCache 0.4.3"),
    (lambda: custom(tolerations=["dedicated"]), r"tolerations\[0\]='dedicated' is not allowed; expected a Toleration\(...\), got str"),
    (lambda: custom(pod_template_annotations={"bad key!": "x"}),
     r"pod_template_annotations\['bad key!'\]='x' is not allowed; a string value under a Kubernetes annotation key"),
    (lambda: InferenceOperatorOptions(priority_class_name="Not_A_Name"), r"operator: priority_class_name="),
])
def test_each_rule_names_the_field_the_value_and_what_is_allowed(build: Any, message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        build()


def test_multi_process_passes_with_a_later_lmcache_image() -> None:
    assert custom(lmcache_mode="MultiProcess", image="lmcache/vllm-openai:v0.5.1").lmcache_mode == "MultiProcess"


def _version_problems(pinned: str, endpoint: Any) -> list[str]:
    platform = with_endpoints(dataclasses.replace(PLATFORM, operator_addon_version=pinned), endpoint)
    return [problem for problem in rules.problems(platform) if "the inference operator v" in problem]


@pytest.mark.parametrize("field, operator", [
    ("metrics_sidecar_resources", "3.4"), ("metrics_collector_resources", "3.4"), ("s3_uploader_resources", "3.4"),
    ("tolerations", "3.7"), ("lmcache_mode", "3.7"),
])
def test_each_field_is_refused_on_an_addon_that_predates_it(field: str, operator: str) -> None:
    older = "v1.4.0-eksbuild.1"  # operator 3.3: older than every field here
    for endpoint in (custom(**{field: NEW_FIELDS[field]}), jumpstart(**{field: NEW_FIELDS[field]})):
        (problem,) = _version_problems(older, endpoint)
        assert problem.startswith(f"endpoint '{endpoint.name}': {field}=")
        assert f"{field} only with the inference operator v{operator}" in problem
        assert "operator.addon_version='v1.4.0-eksbuild.1' is older" in problem
    if operator == "3.4":
        assert "pin v1.5.0-eksbuild.1 or later" in problem
        assert _version_problems("v1.5.0-eksbuild.1", custom(**{field: NEW_FIELDS[field]})) == []
    else:
        assert "aws eks describe-addon-versions --addon-name amazon-sagemaker-hyperpod-inference" in problem
        assert _version_problems("v1.5.0-eksbuild.1", custom(**{field: NEW_FIELDS[field]}))  # 3.4 < 3.7
        assert _version_problems("v2.1.0-eksbuild.1", custom(**{field: NEW_FIELDS[field]})) == []  # newer: unknown


def test_pod_template_annotations_need_operator_3_6_and_the_priority_class_3_7() -> None:
    (problem,) = _version_problems("v1.5.0-eksbuild.1", custom(pod_template_annotations={"a": "b"}))
    assert "pod_template_annotations only with the inference operator v3.6" in problem
    with pytest.raises(HyperPodValidationError, match=r"priority_class_name='high' is not allowed; "
                                                      r"priority_class_name only with the inference operator v3.7"):
        InferenceOperatorOptions(priority_class_name="high", addon_version="v1.5.0-eksbuild.1")
    assert InferenceOperatorOptions(priority_class_name="high", addon_version="v2.1.0-eksbuild.1")


def test_the_version_table_answers_as_the_rule_needs() -> None:
    assert addon_predates("v1.4.0-eksbuild.1", "3.4") and not addon_predates("v1.5.0-eksbuild.1", "3.4")
    assert addon_predates("v1.1.0-eksbuild.1", "3.2")  # older than every version the table has
    assert first_known_addon_for("3.4") == "v1.5.0-eksbuild.1" and first_known_addon_for("3.7") is None
