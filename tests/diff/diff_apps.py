"""Two versions of a small app, as a user changes it between deploys: the second renames the HyperPod cluster
(replaced), doubles the model store (updated in place), links it to another S3 prefix (its link is replaced),
drops one endpoint (its Kubernetes object is deleted) and runs another replica of the other (changed in place)."""
from __future__ import annotations

from typing import Any, Callable

import aws_cdk as cdk
from aws_cdk import aws_s3 as s3

from hyperpod_constructs import (
    ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource, ModelStore)


def small_app(*, version: int) -> Callable[[cdk.App], tuple[cdk.Stack, Any]]:
    def build(app: cdk.App) -> tuple[cdk.Stack, Any]:
        stack = cdk.Stack(app, "Inference")
        bucket = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
        platform = HyperPodInferencePlatform(
            stack, "Platform",
            instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=1),
                             InstanceGroup("l40s", "ml.g6e.12xlarge", count=2)],
            model_store=ModelStore(bucket=bucket, prefix="models/" if version == 1 else "weights/",
                                   capacity_gib=1200 if version == 1 else 2400),
            cluster=ClusterSettings(name="inference-a" if version == 1 else "inference-b"))
        platform.add_endpoint(InferenceEndpoint(
            "llama", model=ModelSource.fsx("models/llama/"), instance_type="ml.g6e.12xlarge",
            replicas=1 if version == 1 else 2))
        if version == 1:
            platform.add_endpoint(InferenceEndpoint("qwen", model=ModelSource.fsx("models/qwen/"),
                                                    instance_type="ml.g6e.12xlarge"))
        return stack, platform
    return build
