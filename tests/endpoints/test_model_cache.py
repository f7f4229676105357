"""Operator v3.3 fields: ``ModelCache`` (``spec.modelCacheConfig``), ``LoadBalancer.idle_timeout_s``, the standalone
``ModelWeightsCache`` (ModelWeightsCacheConfig) and the ``operator-version`` rule; one negative test per rule, the
manifests against the v3.3 CRDs, and the typed classes ``cdk8s import`` generated from them."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from aws_cdk import App, Stack, aws_s3 as s3

from hyperpod_constructs import (
    InferenceEndpoint, JumpStartEndpoint, LoadBalancer, ModelCache, ModelSource, ModelWeightsCache)
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs import rules
from hyperpod_constructs.resolve.endpoint import resolve_endpoint, resolve_weights_cache
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore, ResolvedPlatform
from hyperpod_constructs.k8s.api_objects import render_chart, rendered
from hyperpod_constructs.k8s.model_deployment import add_endpoint_object, render_endpoint
from hyperpod_constructs.k8s.model_weights_cache import add_weights_cache_object, weights_cache_manifest
from rule_support import with_endpoints
from support import validate_manifest

HF = ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct")
STORE = ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs.example", mount_name="abcd",
                           claim_prefix="models")
PLATFORM = ResolvedPlatform(model_store=STORE, namespace="inference")
CACHED = ModelCache(weights=True, host_path="/opt/dlami/nvme/weights", image=True)


def endpoint(**changes: Any) -> InferenceEndpoint:
    return InferenceEndpoint("llama", **{"model": HF, "instance_type": "ml.g6e.12xlarge", **changes})


def jumpstart(**changes: Any) -> JumpStartEndpoint:
    return JumpStartEndpoint("ds", **{"model_id": "deepseek-llm-r1-distill-qwen-1-5b", "accept_eula": True,
                                     "instance_type": "ml.g5.8xlarge", **changes})


def _message(error: pytest.ExceptionInfo[HyperPodValidationError]) -> str:
    return str(error.value)


# ---- ModelCache and the idle timeout: their rules -----------------------------------------------------

@pytest.mark.parametrize(("kwargs", "expected"), [
    ({}, "ModelCache: weights / image=(False, False) is not allowed; at least one cache turned on"),
    ({"image": True, "host_path": "/opt/dlami/nvme"},
     "ModelCache: host_path='/opt/dlami/nvme' is not allowed; a host path only with the weights cache"),
    ({"weights": True, "host_path": "cache"}, "ModelCache: host_path='cache' is not allowed; an absolute path"),
    ({"weights": True, "host_path": "/" + "x" * 255}, "of at most 255 characters"),
])
def test_model_cache_refuses(kwargs: dict[str, Any], expected: str) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        ModelCache(**kwargs)
    assert expected in _message(error)


def test_model_cache_switches_are_booleans() -> None:
    with pytest.raises(HyperPodValidationError) as error:
        ModelCache(weights="yes")  # type: ignore[arg-type]
    assert _message(error) == "ModelCache: weights='yes' is not allowed; True or False"


@pytest.mark.parametrize("timeout", [0, 4001, 1.5])
def test_idle_timeout_outside_the_crd_range_is_refused(timeout: Any) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        LoadBalancer(idle_timeout_s=timeout)
    assert _message(error) == (f"LoadBalancer: idle_timeout_s={timeout!r} is not allowed; an integer from 1 to 4000")


def test_the_weights_cache_is_refused_where_the_catalog_knows_there_is_no_local_nvme() -> None:
    with pytest.raises(HyperPodValidationError) as error:
        endpoint(instance_type="ml.m5.2xlarge", model_cache=ModelCache(weights=True))
    assert _message(error).startswith("endpoint 'llama': model_cache.weights=True is not allowed; an instance type "
                                      "with local NVMe instance storage: ml.m5.2xlarge has none (EBS only)")
    with pytest.raises(HyperPodValidationError, match="ml.c5.4xlarge has none"):  # every type the pods may use
        endpoint(instance_type=None, instance_types=["ml.g6e.12xlarge", "ml.c5.4xlarge"], gpus=0,
                 model_cache=ModelCache(weights=True))
    with pytest.raises(HyperPodValidationError, match="endpoint 'ds': model_cache.weights=True .* ml.m5.4xlarge"):
        jumpstart(instance_type="ml.m5.4xlarge", model_cache=ModelCache(weights=True))


def test_the_image_cache_alone_needs_no_local_nvme() -> None:
    assert endpoint(instance_type="ml.m5.2xlarge", model_cache=ModelCache(image=True)).model_cache is not None


def test_model_cache_must_be_a_model_cache() -> None:
    with pytest.raises(HyperPodValidationError) as error:
        endpoint(model_cache={"weights": True})
    assert _message(error) == ("endpoint 'llama': model_cache={'weights': True} is not allowed; expected a "
                               "ModelCache(...) or None, got dict")


# ---- what they render --------------------------------------------------------------------------------

def test_the_caches_and_the_timeout_render_into_the_v3_3_crd() -> None:
    cached = endpoint(model_cache=CACHED, load_balancer=LoadBalancer(health_check_path="/health", idle_timeout_s=900))
    manifest = render_endpoint(resolve_endpoint(cached, PLATFORM))
    assert manifest["spec"]["modelCacheConfig"] == {
        "weightsCache": {"enabled": True, "hostPath": "/opt/dlami/nvme/weights"}, "imageCache": {"enabled": True}}
    assert manifest["spec"]["loadBalancer"] == {"healthCheckPath": "/health", "idleTimeoutSeconds": 900}
    validate_manifest(manifest)
    js = render_endpoint(resolve_endpoint(jumpstart(model_cache=ModelCache(image=True),
                                                    load_balancer=LoadBalancer(idle_timeout_s=120)), PLATFORM))
    assert js["spec"]["modelCacheConfig"] == {"imageCache": {"enabled": True}}  # a cache left off is not written
    assert js["spec"]["loadBalancer"] == {"idleTimeoutSeconds": 120}
    validate_manifest(js)


def test_without_them_nothing_of_v3_3_is_written() -> None:
    spec = render_endpoint(resolve_endpoint(endpoint(), PLATFORM))["spec"]
    assert "modelCacheConfig" not in spec and "idleTimeoutSeconds" not in spec["loadBalancer"]


def test_the_typed_class_renders_the_same_object() -> None:
    record = resolve_endpoint(endpoint(model_cache=CACHED, load_balancer=LoadBalancer(idle_timeout_s=900)), PLATFORM)
    (typed,) = render_chart(lambda chart: add_endpoint_object(chart, record))
    assert typed == rendered({**render_endpoint(record), "metadata": typed["metadata"]})
    assert typed["spec"]["modelCacheConfig"]["weightsCache"]["hostPath"] == "/opt/dlami/nvme/weights"


# ---- ModelWeightsCache -------------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "expected"), [
    ({"name": "Llama"}, "model weights cache 'Llama': name='Llama' is not allowed; 1-63 lowercase letters"),
    ({"model": ModelSource.kubernetes_volume(host_path="/opt/models")},
     "model=" ),
    ({"instance_type": "ml.r6i.4xlarge"}, "instance_type='ml.r6i.4xlarge' is not allowed; an instance type with "
                                          "local NVMe instance storage: ml.r6i.4xlarge has none (EBS only)"),
    ({"instance_type": "ml.g6e.13xlarge"}, "instance_type='ml.g6e.13xlarge' is not allowed"),
    ({"instance_group": "gpu_group"}, "instance_group='gpu_group' is not allowed; the name of one of the"),
    ({"host_path": "nvme"}, "host_path='nvme' is not allowed; an absolute path"),
    ({"namespace": "Inference"}, "namespace='Inference' is not allowed"),
])
def test_model_weights_cache_refuses(kwargs: dict[str, Any], expected: str) -> None:
    given = {"name": "llama-weights", "model": HF, "instance_type": "ml.p5.48xlarge", **kwargs}
    with pytest.raises(HyperPodValidationError) as error:
        ModelWeightsCache(given.pop("name"), **given)
    assert expected in _message(error)
    if "model" in kwargs:
        assert "a remote model source to copy from: ModelSource.s3(...), .fsx(...) or .hugging_face(...)" in _message(error)


def test_model_weights_cache_renders_a_valid_object_that_reads_the_model_store() -> None:
    cache = ModelWeightsCache("llama-weights", model=ModelSource.fsx("models/llama/"), instance_type="ml.p5.48xlarge",
                              instance_group="h100", host_path="/opt/dlami/nvme/weights")
    manifest = weights_cache_manifest(resolve_weights_cache(cache, PLATFORM))
    assert manifest["metadata"] == {"name": "llama-weights", "namespace": "inference",
                                    "labels": {"app.kubernetes.io/managed-by": "hyperpod-constructs"}}
    assert manifest["spec"] == {
        "modelSourceConfig": {"modelSourceType": "fsx", "modelLocation": "models/llama",
                              "fsxStorage": {"fileSystemId": STORE.file_system_id, "dnsName": STORE.dns_name,
                                             "mountName": STORE.mount_name}},
        "hostPath": "/opt/dlami/nvme/weights",
        "nodeSelector": {"node.kubernetes.io/instance-type": "ml.p5.48xlarge",
                         "sagemaker.amazonaws.com/instance-group-name": "h100"}}
    validate_manifest(manifest)


def test_model_weights_cache_typed_class_renders_the_same_object() -> None:
    bucket = s3.Bucket.from_bucket_name(Stack(App(), "S"), "Models", "models-bucket")
    record = resolve_weights_cache(ModelWeightsCache("w", model=ModelSource.s3(bucket, "llama/"),
                                                     instance_type="ml.g6e.48xlarge"), PLATFORM)
    (typed,) = render_chart(lambda chart: add_weights_cache_object(chart, record))
    assert typed == rendered(weights_cache_manifest(record))
    assert typed["spec"]["modelSourceConfig"]["s3Storage"] == {"bucketName": "models-bucket", "region": "us-east-1"}


def test_a_weights_cache_name_is_taken_once_per_namespace() -> None:
    record = resolve_weights_cache(ModelWeightsCache("w", model=HF, instance_type="ml.p5.48xlarge"), PLATFORM)
    with pytest.raises(HyperPodValidationError) as error:
        PLATFORM.with_weights_cache(record).with_weights_cache(record)
    assert _message(error) == ("model weights cache 'w': name='w' is not allowed; a name not used by another model "
                               "weights cache in namespace 'inference'")


# ---- the operator-version rule -------------------------------------------------------------------------

def _version_problems(platform: ResolvedPlatform) -> list[str]:
    return list(rules.RULES["operator-version"].check(platform))


def test_v3_3_fields_with_an_older_pinned_add_on_are_refused_naming_both() -> None:
    pinned = dataclasses.replace(PLATFORM, operator_addon_version="v1.3.0-eksbuild.1")
    platform = with_endpoints(pinned, endpoint(model_cache=ModelCache(image=True)),
                              jumpstart(load_balancer=LoadBalancer(idle_timeout_s=300)))
    platform = platform.with_weights_cache(resolve_weights_cache(
        ModelWeightsCache("w", model=HF, instance_type="ml.p5.48xlarge"), platform))
    needs = ("the inference operator v3.3, which the add-on carries from v1.4.0-eksbuild.1; "
             "operator.addon_version='v1.3.0-eksbuild.1' is older")
    assert _version_problems(platform) == [
        f"endpoint 'llama': model_cache='ModelCache(...)' is not allowed; model_cache only with {needs}: pin "
        "v1.4.0-eksbuild.1 or later in InferenceOperatorOptions(addon_version=...), or leave it unset",
        f"endpoint 'ds': load_balancer.idle_timeout_s=300 is not allowed; load_balancer.idle_timeout_s only with "
        f"{needs}: pin v1.4.0-eksbuild.1 or later in InferenceOperatorOptions(addon_version=...), or leave it unset",
        f"model weights cache 'w': kind='ModelWeightsCacheConfig' is not allowed; a ModelWeightsCacheConfig only with "
        f"{needs}: pin v1.4.0-eksbuild.1 or later in InferenceOperatorOptions(addon_version=...), or leave it unset"]
    assert any(problem.startswith("endpoint 'llama': model_cache") for problem in rules.problems(platform))


@pytest.mark.parametrize("version", ["v1.4.0-eksbuild.1", "v1.5.0-eksbuild.1", "v2.0.0-eksbuild.2", None])
def test_the_add_on_that_carries_v3_3_or_none_pinned_passes(version: Any) -> None:
    platform = with_endpoints(dataclasses.replace(PLATFORM, operator_addon_version=version),
                              endpoint(model_cache=CACHED, load_balancer=LoadBalancer(idle_timeout_s=300)))
    assert _version_problems(platform) == []


def test_an_older_add_on_without_v3_3_fields_passes() -> None:
    platform = with_endpoints(dataclasses.replace(PLATFORM, operator_addon_version="v1.3.0-eksbuild.1"), endpoint())
    assert _version_problems(platform) == []


def test_add_on_versions_are_compared_as_numbers() -> None:
    from hyperpod_constructs.catalog.operator_versions import addon_predates, addon_version
    assert addon_version("v1.10.0-eksbuild.1") == (1, 10, 0) and addon_version("latest") is None
    assert not addon_predates("v1.10.0-eksbuild.1", "3.3") and addon_predates("v1.3.9-eksbuild.2", "3.3")
    assert not addon_predates("latest", "3.3")  # not a version: the add-on's own version check names it


def test_a_weights_cache_must_select_nodes_the_platform_runs() -> None:
    from hyperpod_constructs import InstanceGroup
    platform = dataclasses.replace(PLATFORM, instance_groups=(InstanceGroup("h100", "ml.p5.48xlarge", count=1),
                                                              InstanceGroup("system", "ml.m5.2xlarge", count=1)))

    def problems(**kwargs: Any) -> list[str]:
        cache = ModelWeightsCache("w", model=HF, **kwargs)
        return list(rules.RULES["weights-cache-placement"].check(
            platform.with_weights_cache(resolve_weights_cache(cache, platform))))
    assert problems(instance_type="ml.g6e.12xlarge") == [
        "model weights cache 'w': instance_type='ml.g6e.12xlarge' is not allowed; an instance type one of the "
        "platform's instance groups runs (it would pre-warm no node); the groups run: ml.m5.2xlarge, ml.p5.48xlarge"]
    assert problems(instance_type="ml.p5.48xlarge", instance_group="system") == [
        "model weights cache 'w': instance_group='system' is not allowed; a group of instance type ml.p5.48xlarge: h100"]
    assert problems(instance_type="ml.p5.48xlarge", instance_group="h100") == []
