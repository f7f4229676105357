"""A gated model downloaded from the Hugging Face Hub, pinned to a commit, with the token from a Secret.

Create the Secret before the endpoint (the token never passes through CloudFormation):
``kubectl create secret generic hf-token --from-literal=token=hf_...``. The operator downloads the model in an
init container and injects the token as ``HF_TOKEN`` into that container only.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSize, ModelSource, SecretKeyRef,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceModelFromHuggingFace",
                      description="A Hugging Face Hub model on SageMaker HyperPod")
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("l4", "ml.g6.12xlarge", count=1),
        ],
    )
    platform.add_endpoint(InferenceEndpoint(
        "llama-8b-hf",
        model=ModelSource.hugging_face(
            "meta-llama/Llama-3.1-8B-Instruct",
            token_secret=SecretKeyRef("hf-token", "token"),
            commit_sha="0e9e39f249a16976918f6564b8830bc894c89659",
            size=ModelSize(parameters=8.03e9),
        ),
        instance_type="ml.g6.12xlarge",
        gpus=1,
        args=["/opt/ml/model", "--max-model-len", "8192"],
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/model-from-hugging-face")
    app.synth()
