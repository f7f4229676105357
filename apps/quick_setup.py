"""The default app (`make synth`): HyperPod quick setup for LLM inference, credential-free.

It exercises every capability: a system group and an autoscaled, MIG-partitioned H100 group, the FSx
model store, tiered storage for KV-cache L2, node autoscaling (Karpenter) and pod autoscaling to zero
(KEDA), a custom model with prefix-aware routing and L1+L2 cache on a MIG slice, a JumpStart model,
and observability with dashboards and SLO alerts. It deploys into an account with nothing set up beforehand:
Grafana, which needs IAM Identity Center, is opt-in (examples/grafana_dashboards.py).

The model store links a bucket the stack creates (kept on delete; outputs ModelBucketName and
ModelUploadCommand); `cdk synth -c model_bucket=NAME` uses an existing bucket instead.
"""
from __future__ import annotations

import aws_cdk as cdk

from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup,
    JumpStartEndpoint, KvCache, L2Cache, ModelBucket, ModelSize, ModelSource, ModelStore, Observability, PrometheusTrigger, Routing,
    TieredStorage,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInference", description="LLM inference on SageMaker HyperPod (hyperpod-constructs)")
    models = ModelBucket.from_context(stack, "Models")
    # Objects under s3://<bucket>/llama-3.1-8b-instruct/ appear on FSx as models/llama-3.1-8b-instruct/.
    cdk.CfnOutput(stack, "ModelUploadCommand", description="Upload the weights llama-8b loads (run before it starts)",
                  value=models.upload_command("./llama-3.1-8b-instruct", "llama-3.1-8b-instruct/"))
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2, mig_config="all-3g.40gb"),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2),
        ],
        model_store=ModelStore(bucket=models.bucket, capacity_gib=1200),
        cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=20)),
        node_autoscaling=True,
        # AMP, the add-on, dashboards (dist/dashboards) and SLO alerts: nothing to set up in the account first.
        # Grafana is opt-in (grafana=GrafanaWorkspace(), which needs IAM Identity Center): docs/observability.md.
        observability=Observability(),
    )
    platform.add_endpoint(InferenceEndpoint(
        "llama-8b",
        model=ModelSource.fsx("models/llama-3.1-8b-instruct/", size=ModelSize(parameters=8.03e9, dtype="bfloat16")),
        instance_type="ml.p5.48xlarge",
        accelerator_partition="mig-3g.40gb",
        kv_cache=KvCache(l1=True, l2=L2Cache.tiered_storage()),
        routing=Routing.PREFIX_AWARE,
        sagemaker_endpoint_name="llama-8b",
        autoscaling=Autoscaling(
            min_replicas=0, max_replicas=8,
            # The CloudWatch signal exists while no pod runs, so the first request wakes the endpoint.
            triggers=(PrometheusTrigger.concurrent_requests(target=10),
                      CloudWatchTrigger.invocations_per_instance(target=10)),  # reads the endpoint's llama-8b
        ),
    ))
    platform.add_endpoint(JumpStartEndpoint(
        "deepseek-qwen-1-5b",
        model_id="deepseek-llm-r1-distill-qwen-1-5b",
        accept_eula=True,
        instance_type="ml.g6e.12xlarge",
        size=ModelSize(parameters=1.78e9, dtype="bfloat16"),
    ))
    # Advice that does not apply here, acknowledged with the reason (tests/foundation/test_quick_setup.py lists it).
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:l2-tiered-storage-shared", "one tenant: every model on these nodes is this app's own")
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:gpus-on-at-floor", "the small JumpStart model is the always-on endpoint")
    return stack, platform


if __name__ == "__main__":
    # Imported here, not above: loading cdk-nag's jsii assembly costs seconds, and build() does not need it.
    from cdk_nag import AwsSolutionsChecks

    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist")
    app.synth()
