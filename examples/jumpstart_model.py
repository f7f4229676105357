"""A gated JumpStart model (Meta Llama 3.1 8B Instruct) on a MIG slice of an H100.

``InferenceOperatorOptions(jumpstart_gated_models=True)`` creates the role the operator uses to download gated
JumpStart weights and passes it to the add-on (``jumpstartGatedModelDownloadRoleArn``). ``accept_eula=True``
records that you accepted Meta's license (read it on the model's JumpStart page first). The endpoint runs on one
``3g.40gb`` slice (``server.acceleratorPartitionType``) of a p5 group partitioned with the stock ``all-3g.40gb``
layout, and registers a SageMaker endpoint so it can be invoked through the SageMaker runtime API.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceOperatorOptions, InstanceGroup, JumpStartEndpoint, ModelSize,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceJumpStartModel", description="A gated JumpStart model on SageMaker HyperPod")
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb"),
        ],
        operator=InferenceOperatorOptions(jumpstart_gated_models=True),
    )
    platform.add_endpoint(JumpStartEndpoint(
        "llama-8b-js",
        model_id="meta-textgeneration-llama-3-1-8b-instruct",
        model_version="2.1.0",
        accept_eula=True,
        instance_type="ml.p5.48xlarge",
        accelerator_partition="mig-3g.40gb",
        sagemaker_endpoint_name="llama-8b-js",
        size=ModelSize(parameters=8.03e9),  # 16 GB of bf16 weights on a 40 GB slice
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/jumpstart-model")
    app.synth()
