"""A preset endpoint: name the model, the context and the concurrency; the library sizes the rest.

``preset_endpoint`` reads Qwen3-8B's architecture from the model catalog, sizes one replica on each of the platform's
GPU groups (an L40S instance's whole GPUs, an H100 instance's MIG slices), keeps the smallest that holds 8 sequences
of 16,384 tokens, and writes the vLLM arguments, the model's size and the NVMe weights cache. The endpoint scales
from zero, and a ModelWeightsCacheConfig pre-warms the weights on the NVMe of the nodes it runs on. The plan's
Sizing section says why this size (docs/presets.md).
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, HyperPodInferencePlatform, InstanceGroup, ModelBucket, ModelSource,
    preset_endpoint,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferencePreset", description="A preset-sized endpoint on SageMaker HyperPod")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=1, mig_config="all-3g.40gb"),
        ],
        node_autoscaling=True,
    )
    preset = preset_endpoint(
        "qwen3-8b",
        model="Qwen/Qwen3-8B",
        source=ModelSource.s3(models, "qwen3-8b/"),
        instance_groups=platform.instance_groups,
        max_model_len=16384,
        concurrency=8,
        sagemaker_endpoint_name="qwen3-8b",
        autoscaling=Autoscaling(
            min_replicas=0, max_replicas=4, cooldown_s=900,
            # SageMaker's Invocations of this endpoint exist at 0 pods, so they wake it
            triggers=(CloudWatchTrigger.invocations_per_instance(target=30),),
        ),
    )
    platform.add_preset_endpoint(preset)
    # The weights wait on each node's NVMe before the first request: a cold start reads them locally.
    platform.add_model_weights_cache(preset.weights_cache(instance_group="l40s"))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/preset-endpoint")
    app.synth()
