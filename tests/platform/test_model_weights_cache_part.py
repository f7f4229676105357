"""``platform.add_model_weights_cache``: a ModelWeightsCacheConfig in a chart of its own, the node role allowed to read
its model source, and at synth the operator-version rule against the pinned add-on."""
from __future__ import annotations

import aws_cdk as cdk
import pytest

from apps_support import s3_model, synth_problems
from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup, ModelCache,
    ModelWeightsCache)
from hyperpod_constructs.errors import HyperPodValidationError


def _platform(stack: cdk.Stack, addon_version: str | None = None) -> HyperPodInferencePlatform:
    return HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("h100", "ml.p5.48xlarge", count=1)],
                                     operator=InferenceOperatorOptions(addon_version=addon_version))


def test_a_weights_cache_gets_its_chart_and_the_exported_manifest() -> None:
    app = cdk.App()
    platform = _platform(cdk.Stack(app, "Warm"), "v1.4.0-eksbuild.1")
    deployment = platform.add_model_weights_cache(ModelWeightsCache(
        "llama-weights", model=s3_model(platform, "llama/"), instance_type="ml.p5.48xlarge", instance_group="h100"))
    (manifest,) = deployment.manifests()
    assert (manifest["kind"], manifest["metadata"]["name"]) == ("ModelWeightsCacheConfig", "llama-weights")
    assert manifest["spec"]["nodeSelector"]["sagemaker.amazonaws.com/instance-group-name"] == "h100"
    assert "weights-cache-llama-weights" in platform.charts
    app.synth()  # v1.4.0 carries operator v3.3: no problem
    with pytest.raises(HyperPodValidationError, match="name='llama-weights' is not allowed; a name not used"):
        platform.add_model_weights_cache(ModelWeightsCache("llama-weights", model=s3_model(platform, "llama/"),
                                                           instance_type="ml.p5.48xlarge"))


def test_a_pinned_add_on_older_than_v3_3_is_reported_at_synth() -> None:
    def build(stack: cdk.Stack) -> None:
        platform = _platform(stack, "v1.3.0-eksbuild.1")
        platform.add_endpoint(InferenceEndpoint("llama", model=s3_model(stack, "llama/"), instance_type="ml.p5.48xlarge",
                                                model_cache=ModelCache(weights=True)))
    report = synth_problems(build)
    assert ("endpoint 'llama': model_cache='ModelCache(...)' is not allowed; model_cache only with the inference "
            "operator v3.3, which the add-on carries from v1.4.0-eksbuild.1; operator.addon_version="
            "'v1.3.0-eksbuild.1' is older") in report
