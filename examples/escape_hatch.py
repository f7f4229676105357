"""Escape hatch: set operator fields the library does not model, through cdk8s.

``add_endpoint`` returns the endpoint's handle; its ``api_object`` is the InferenceEndpointConfig the operator
reconciles, a ``cdk8s.ApiObject``. JSON patches on it reach both outputs alike: the bundle ``cdk deploy`` applies
and the files ``platform.export()`` writes. Here the model pods run as a ServiceAccount of their own
(``spec.kubernetes.serviceAccountName``, which the app ships in a chart of its own with ``add_chart``) and the
worker's entrypoint is wrapped to raise the open-files limit before vLLM starts (``spec.worker.command``; the
library's ``args`` follow it).
"""
from __future__ import annotations

import aws_cdk as cdk
import cdk8s
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelBucket, ModelSize, ModelSource,
)

SERVICE_ACCOUNT = "qwen-7b-server"
COMMAND = ["/bin/sh", "-c", 'ulimit -n 65536 && exec vllm serve "$@"', "--"]  # the image's entrypoint, wrapped


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceEscapeHatch", description="Unmodelled operator fields set through cdk8s")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("a10g", "ml.g5.12xlarge", count=1),
        ],
    )
    deployment = platform.add_endpoint(InferenceEndpoint(
        "qwen-7b",
        model=ModelSource.s3(models, "qwen2.5-7b-instruct/", size=ModelSize(parameters=7.6e9)),
        instance_type="ml.g5.12xlarge",
        gpus=1,
    ))
    # The S3 model source adds no pod volumes, so spec.kubernetes is not there yet: add it whole.
    deployment.api_object.add_json_patch(
        cdk8s.JsonPatch.add("/spec/kubernetes", {"serviceAccountName": SERVICE_ACCOUNT}),
        cdk8s.JsonPatch.add("/spec/worker/command", COMMAND),
    )
    platform.add_chart("model-service-accounts", lambda chart: cdk8s.ApiObject(
        chart, "qwen-7b", api_version="v1", kind="ServiceAccount",
        metadata={"name": SERVICE_ACCOUNT, "namespace": deployment.namespace}))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/escape-hatch")
    app.synth()
