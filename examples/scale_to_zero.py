"""Scale to zero: GPU nodes and model pods exist only while there is traffic.

Two loops (docs/autoscaling.md): KEDA scales the endpoint's pods 0 -> N (a CloudWatch ``Invocations`` trigger
that exists at zero pods wakes it; a Prometheus concurrency trigger scales 1 -> N), and HyperPod-managed Karpenter
adds and removes GPU nodes in groups that start at ``count=0``. One custom NodePool spans both GPU groups, removes
a node after 15 empty minutes and never disrupts more than one node at a time. A custom router Deployment (shipped
by your own chart, not by this stack) gets its own KEDA ScaledObject over an AMP request-rate query, and reaches the
model through the KEDA HTTP add-on's interceptor, which holds its requests while the model wakes from zero
(``WakeHold``; the plan says what each entry point lives through).
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, Disruption, DisruptionBudget, HyperPodInferencePlatform, InferenceEndpoint,
    InstanceGroup, ModelBucket, ModelSize, ModelSource, NodeAutoscaling, NodePoolLimits, NodePoolSpec, Observability,
    PrometheusTrigger, ScaledWorkload, WakeHold,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceScaleToZero", description="Scale-to-zero LLM inference on SageMaker HyperPod")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            # Stays up at zero traffic: the operator, KEDA, the router and the add-ons run here.
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=4),
            InstanceGroup("l40s-large", "ml.g6e.48xlarge", count=0, max_count=1),
        ],
        node_autoscaling=NodeAutoscaling(node_pools=(
            NodePoolSpec(
                name="gpu",
                instance_groups=("l40s", "l40s-large"),
                limits=NodePoolLimits(gpus=24),  # 4 x 4 + 1 x 8 L40S GPUs
                disruption=Disruption(consolidation_policy="WhenEmpty", consolidate_after="15m",
                                      budgets=(DisruptionBudget(nodes="1"),)),
            ),
        )),
        observability=Observability(),  # AMP for the Prometheus triggers, plus dashboards and SLO alerts
    )
    platform.add_endpoint(InferenceEndpoint(
        "mistral-7b",
        model=ModelSource.s3(models, "mistral-7b-instruct-v0.3/", size=ModelSize(parameters=7.25e9)),
        instance_type="ml.g6e.12xlarge",
        gpus=1,
        sagemaker_endpoint_name="mistral-7b",
        autoscaling=Autoscaling(
            min_replicas=0, max_replicas=16,
            cooldown_s=900,  # 15 idle minutes before the last pod goes; Karpenter then removes the empty node
            triggers=(
                # SageMaker's Invocations of this endpoint (mistral-7b) exist at 0 pods, so they wake it
                CloudWatchTrigger.invocations_per_instance(target=30),
                PrometheusTrigger.concurrent_requests(target=16),
            ),
            # In-cluster callers (the router) send requests to the KEDA HTTP add-on's interceptor, which holds them
            # up to 15 minutes while the endpoint wakes; the requests held wake it too (a trigger the platform adds).
            wake_hold=WakeHold(max_wait_s=900, service="mistral-7b", port=8080, hosts=("mistral-7b.internal",),
                               caller_timeouts_s={"request-router": 960}),
        ),
    ))
    # SageMaker runtime callers reach the pods, not the interceptor, and InvokeEndpoint allows 60 s: the platform warns.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:wake-hold-sagemaker-runtime",
        "SageMaker runtime callers of mistral-7b retry with backoff for the plan's estimate; the router is held")
    platform.add_scaled_workloads(ScaledWorkload(
        name="request-router",
        target_name="request-router",
        # the router receives the first request, so it never goes to zero
        autoscaling=Autoscaling(min_replicas=1, max_replicas=4, trigger=PrometheusTrigger(
            name="router-request-rate",
            query='sum(rate(http_requests_total{namespace="default", service="request-router"}[2m]))',
            target_value=200, activation_target_value=1, metric_type="Average",
        )),
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/scale-to-zero")
    app.synth()
