"""Llama 3.3 70B with disaggregated prefill and decode on H100s, and a sample of requests captured to S3.

Prefill pods turn long prompts into a KV cache, decode pods generate tokens; the cache moves between them over EFA
with GPUDirect RDMA (p5.48xlarge). Prompts of 2048 estimated tokens or more take the remote-prefill path, shorter
ones are prefilled by the decode pod itself. Each side has its own replicas, autoscaling, plan rows, dashboard
panels and replica alerts. One request in ten is captured at the model pod (prompt and completion), encrypted with
a customer-managed KMS key into a bucket of this stack; the operator's execution role is the writer.
"""
from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_kms as kms, aws_s3 as s3
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, CaptureMode, DataCapture, DisaggregatedServing, DisaggregatedWorker, HyperPodInferencePlatform,
    InferenceEndpoint, InstanceGroup, ModelBucket, ModelSize, ModelSource, ModelStore, Observability,
    PrometheusTrigger, Topology,
)

# AWS's DPD guide: an image with vLLM, LMCache, NVIDIA NIXL and the EFA libfabric provider.
DPD_IMAGE = "public.ecr.aws/deep-learning-containers/vllm:server-hyperpod-cuda-v1.1"


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceDisaggregated",
                      description="Llama 3.3 70B with disaggregated prefill/decode over EFA and request capture")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2),
        ],
        model_store=ModelStore(bucket=models, capacity_gib=1200),
        node_autoscaling=True,
        observability=Observability(),
    )
    key = kms.Key(stack, "CaptureKey", enable_key_rotation=True, description="Encrypts captured LLM requests")
    captures = s3.Bucket(stack, "Captures", encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
                         block_public_access=s3.BlockPublicAccess.BLOCK_ALL, versioned=True,
                         removal_policy=cdk.RemovalPolicy.RETAIN)
    cdk.Validations.of(captures).acknowledge(cdk.Acknowledgment(
        id="AwsSolutions-S1", reason="Captured payloads are encrypted with a customer key; CloudTrail data events, "
        "not server access logs, audit who reads them."))

    def side(args: list[str], max_replicas: int) -> DisaggregatedWorker:
        return DisaggregatedWorker(
            instance_type="ml.p5.48xlarge", instance_group="h100", gpus=4, efa_devices=16, args=args,
            autoscaling=Autoscaling(min_replicas=1, max_replicas=max_replicas,
                                    triggers=(PrometheusTrigger.concurrent_requests(target=16),)))

    platform.add_endpoint(InferenceEndpoint(
        "llama-3-3-70b",
        model=ModelSource.fsx("models/llama-3.3-70b-instruct/", size=ModelSize(parameters=70.6e9)),  # 141 GB bf16
        image=DPD_IMAGE,
        instance_type="ml.p5.48xlarge",
        gpus=4,
        disaggregation=DisaggregatedServing(
            prefill=side(["--tensor-parallel-size", "4", "--max-num-batched-tokens", "16384"], max_replicas=2),
            decode=side(["--tensor-parallel-size", "4", "--max-num-seqs", "128"], max_replicas=2),
            routing_threshold_tokens=2048,
            topology=Topology(same_az=True),
        ),
        data_capture=DataCapture(
            bucket=captures, prefix="captures/llama-3-3-70b", sampling_percentage=10,
            capture=(CaptureMode.REQUEST, CaptureMode.RESPONSE), json_content_types=("application/json",),
            kms_key=key, max_payload_kb=256,
        ),
    ))
    # Both sides keep a replica so the first long prompt does not wait for a node: one H100 node runs while idle.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:gpus-on-at-floor", "one prefill and one decode replica kept warm on purpose")
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/disaggregated-prefill-decode")
    app.synth()
