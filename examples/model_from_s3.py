"""A custom model served straight from S3, without an FSx model store.

The operator mounts the bucket prefix with the Mountpoint for S3 CSI driver; ``prefetch=True`` copies the
weights into memory before vLLM loads them, which speeds up a cold start when the model fits in RAM.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelBucket, ModelSize, ModelSource,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceModelFromS3", description="A model from S3 on SageMaker HyperPod")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("a10g", "ml.g5.12xlarge", count=1),
        ],
    )
    platform.add_endpoint(InferenceEndpoint(
        "llama-8b-s3",
        model=ModelSource.s3(models, "llama-3.1-8b-instruct/", prefetch=True,
                             size=ModelSize(parameters=8.03e9)),  # 16 GB of bf16 weights on a 24 GB A10G
        instance_type="ml.g5.12xlarge",
        gpus=1,
        replicas=2,
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/model-from-s3")
    app.synth()
