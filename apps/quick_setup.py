"""The default app (`make synth`): HyperPod quick setup for LLM inference, credential-free."""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    ClusterSettings, HyperPodInferencePlatform, InstanceGroup, ModelStore, TieredStorage,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInference", description="LLM inference on SageMaker HyperPod (hyperpod-constructs)")
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=4, mig_config="all-3g.40gb"),
        ],
        model_store=ModelStore(import_path="s3://my-models/", capacity_gib=1200),
        cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=20)),
        node_autoscaling=True,
    )
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist")
    app.synth()
