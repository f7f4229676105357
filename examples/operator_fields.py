"""Inference operator v3.4-v3.7 fields, typed from AWS's documentation (no CRD newer than v3.3 is published).

The custom endpoint sizes the operator's reverse-proxy sidecar and metrics collector (``metricsSidecarResources``,
``metricsCollectorResources``, operator v3.4: each block replaces the operator's defaults whole), annotates its pods
(``kubernetes.podTemplateAnnotations``, v3.6), tolerates the taint of a dedicated GPU group and sets how LMCache runs
(``tolerations``, ``lmcache.mode``, v3.7). The JumpStart endpoint sizes its
data-capture uploader (``s3UploaderResources``). The operator itself runs at a PriorityClass of yours
(``priorityClassName``, v3.7). Each field is refused at synth when ``addon_version`` pins an add-on older than its
operator version; docs/endpoints.md says which fields are typed from documentation only.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    ContainerResources, HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup,
    JumpStartEndpoint, ModelBucket, ModelSize, ModelSource, Taint, Toleration,
)

DEDICATED = Taint("dedicated", value="inference", effect="NoSchedule")
PROXY = ContainerResources(requests={"cpu": "500m", "memory": "1Gi"}, limits={"cpu": "2", "memory": "4Gi"})
COLLECTOR = ContainerResources(requests={"cpu": "100m", "memory": "256Mi"}, limits={"cpu": "500m", "memory": "512Mi"})


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceOperatorFields", description="Operator v3.4-v3.7 fields on HyperPod")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=1, taints=[DEDICATED]),
            InstanceGroup("a10g", "ml.g5.12xlarge", count=1),
        ],
        operator=InferenceOperatorOptions(priority_class_name="system-cluster-critical"),
    )
    platform.add_endpoint(InferenceEndpoint(
        "qwen-7b",
        model=ModelSource.s3(models, "qwen2.5-7b-instruct/", size=ModelSize(parameters=7.6e9)),
        instance_type="ml.g6e.12xlarge",
        gpus=1,
        tolerations=[Toleration(key=DEDICATED.key, value=DEDICATED.value, effect="NoSchedule")],
        lmcache_mode="InProcess",  # "MultiProcess" needs an LMCache 0.5.0 image or later
        metrics_sidecar_resources=PROXY,
        metrics_collector_resources=COLLECTOR,
        pod_template_annotations={"example.com/cost-center": "ml-serving"},
    ))
    platform.add_endpoint(JumpStartEndpoint(
        "qwen-js",
        model_id="huggingface-llm-qwen2-5-7b-instruct",
        accept_eula=True,
        instance_type="ml.g5.12xlarge",
        s3_uploader_resources=ContainerResources(requests={"cpu": "100m", "memory": "128Mi"},
                                                 limits={"cpu": "250m", "memory": "256Mi"}),
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/operator-fields")
    app.synth()
