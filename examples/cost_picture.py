"""What the platform costs before you deploy: cost at the floor (idle) and at the ceiling, the fixed costs the
platform adds, and the saving against running the same endpoints always on without MIG, plus a picture of nodes,
GPUs and MIG slices (``dist/cost-picture/plan.svg``).

Prices come from AWS, not from this library: first write a dated price file with your credentials,

    python -m hyperpod_constructs.prices --region us-west-2 --app examples/cost_picture.py \\
        --amp-monthly 40 > prices.json

then run this app. It reads ``prices.json`` (or the file named by ``HYPERPOD_PRICES``); without one, the plan
says no prices were given. A chat model shares MIG slices of H100s and scales to one replica when idle; a reranker
takes whole L40S GPUs and scales to zero.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelBucket,
    ModelSource, ModelStore, Observability, Prices, PrometheusTrigger,
)


def price_file() -> Optional[Prices]:
    path = Path(os.environ.get("HYPERPOD_PRICES", "prices.json"))
    return Prices.from_file(path) if path.is_file() else None


def build(app: cdk.App, prices: Optional[Prices] = None) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceCostPicture", description="LLM inference with its cost picture")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2, mig_config="all-3g.40gb"),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2),
        ],
        model_store=ModelStore(bucket=models, capacity_gib=2400, throughput_mb_per_tib=125),
        node_autoscaling=True,
        observability=Observability(),
        prices=prices,
    )
    platform.add_endpoint(InferenceEndpoint(
        "chat",
        model=ModelSource.fsx("models/llama-3.1-8b-instruct/"),
        instance_type="ml.p5.48xlarge",
        accelerator_partition="mig-3g.40gb",
        autoscaling=Autoscaling(min_replicas=1, max_replicas=20,
                                triggers=(PrometheusTrigger.concurrent_requests(target=10),)),
    ))
    platform.add_endpoint(InferenceEndpoint(
        "rerank",
        model=ModelSource.fsx("models/bge-reranker-large/"),
        instance_type="ml.g6e.12xlarge",
        gpus=1,
        sagemaker_endpoint_name="rerank",
        autoscaling=Autoscaling(min_replicas=0, max_replicas=6, triggers=(
            CloudWatchTrigger.invocations_per_instance("rerank", target=50),  # exists at zero pods: wakes it
            PrometheusTrigger.concurrent_requests(target=16),
        )),
    ))
    # The chat model keeps one replica warm on purpose (first-token latency): one H100 node runs while idle.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:gpus-on-at-floor", "the chat model keeps one replica warm on purpose")
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app, price_file())
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/cost-picture")
    app.synth()
