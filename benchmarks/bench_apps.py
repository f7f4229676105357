"""The apps the synth benchmark measures: the default app with N custom endpoints, ours and raw.

``ours(app, n)`` is apps/quick_setup.py with ``n`` custom endpoints like its llama-8b (llama-8b itself plus n-1
copies, each with at most one replica, and the MIG group's ceiling raised so their slices fit); ``patched(app, n)``
is that app with a JSON patch on every custom endpoint's API object. ``raw(app, n)`` is the same shape in plain
aws-cdk-lib + cdk8s (benchmarks/raw_app.py).
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

# mig-3g.40gb slices per ml.p5.48xlarge: 8 GPUs x 2 slices of all-3g.40gb.
SLICES_PER_NODE = 16
LLAMA_MAX_REPLICAS = 8


def ours(app: Any, endpoints: int) -> Any:
    from hyperpod_constructs import (
        Autoscaling, CloudWatchTrigger, ClusterSettings, GrafanaWorkspace, HyperPodInferencePlatform,
        InferenceEndpoint, InstanceGroup, JumpStartEndpoint, KvCache, L2Cache, ModelSource, ModelStore,
        Observability, PrometheusTrigger, Routing, TieredStorage,
    )
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3

    slices = LLAMA_MAX_REPLICAS + max(0, endpoints - 1)
    stack = cdk.Stack(app, "LlmInference", description="LLM inference on SageMaker HyperPod (hyperpod-constructs)")
    models = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=max(2, math.ceil(slices / SLICES_PER_NODE)),
                          mig_config="all-3g.40gb"),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2),
        ],
        model_store=ModelStore(bucket=models, capacity_gib=1200),
        cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=20)),
        node_autoscaling=True,
        observability=Observability(grafana=GrafanaWorkspace()),
    )
    for index in range(endpoints):
        name = "llama-8b" if index == 0 else f"llama-8b-{index}"
        platform.add_endpoint(InferenceEndpoint(
            name,
            model=ModelSource.fsx("models/llama-3.1-8b-instruct/"),
            instance_type="ml.p5.48xlarge",
            accelerator_partition="mig-3g.40gb",
            kv_cache=KvCache(l1=True, l2=L2Cache.tiered_storage()),
            routing=Routing.PREFIX_AWARE,
            sagemaker_endpoint_name=name,
            autoscaling=Autoscaling(
                min_replicas=0, max_replicas=LLAMA_MAX_REPLICAS if index == 0 else 1,
                triggers=(PrometheusTrigger.concurrent_requests(target=10),
                          CloudWatchTrigger.invocations_per_instance(name, target=10)),
            ),
        ))
    platform.add_endpoint(JumpStartEndpoint(
        "deepseek-qwen-1-5b", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
        instance_type="ml.g6e.12xlarge"))
    return stack


def patched(app: Any, endpoints: int) -> Any:
    """``ours`` with an escape-hatch patch on every custom endpoint: each one's cdk8s chart is made and rendered."""
    import cdk8s

    from hyperpod_constructs import InferenceEndpoint

    stack = ours(app, endpoints)
    for deployment in stack.node.find_child("Platform").endpoint_deployments:
        if isinstance(deployment.endpoint, InferenceEndpoint):
            deployment.api_object.add_json_patch(cdk8s.JsonPatch.add("/spec/worker/command", ["vllm", "serve"]))
    return stack


def default(app: Any, endpoints: int) -> Any:
    """apps/quick_setup.py exactly as `make synth` runs it (``endpoints`` is ignored)."""
    import quick_setup  # apps/ is on sys.path

    return quick_setup.build(app)[0]


def raw(app: Any, endpoints: int) -> Any:
    import raw_app

    return raw_app.build(app, max(0, endpoints - 1))


sys.path.insert(0, str(REPO / "apps"))
BUILDERS = {"ours": ours, "patched": patched, "default": default, "raw": raw}
