"""Amazon Managed Grafana with the platform's dashboards, provisioned at deploy (opt-in).

Prerequisite: IAM Identity Center enabled in the account (``authentication="AWS_SSO"``, the default); without it
the Grafana workspace fails to create and the stack rolls back. ``GrafanaWorkspace(authentication="SAML")`` needs
nothing beforehand, but nobody signs in until the workspace's SAML identity provider is configured.

At deploy a custom resource creates an AMP data source in the workspace (SigV4 with the workspace's role) and
posts the inference and GPU dashboards (the same JSON as ``dist/grafana-dashboards/dashboards``), using a workspace
service account and a token that lives a few minutes. The stack outputs ``GrafanaWorkspaceId`` and ``GrafanaUrl``;
users and groups get their Grafana role with ``aws grafana update-permissions`` or in the console.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, GrafanaWorkspace, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelBucket, ModelSize,
    ModelSource, ModelStore, Observability, PrometheusTrigger,
)


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceGrafana", description="LLM inference on SageMaker HyperPod with Grafana")
    models = ModelBucket.from_context(stack, "Models")  # created, or `-c model_bucket=NAME` for an existing one
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("l40s", "ml.g6e.12xlarge", count=1),
        ],
        model_store=ModelStore(bucket=models.bucket),
        observability=Observability(grafana=GrafanaWorkspace()),  # needs IAM Identity Center (see above)
    )
    platform.add_endpoint(InferenceEndpoint(
        "qwen-7b",
        model=ModelSource.fsx("models/qwen2.5-7b-instruct/", size=ModelSize(parameters=7.62e9)),
        instance_type="ml.g6e.12xlarge",
        gpus=1,
        autoscaling=Autoscaling(min_replicas=1, max_replicas=4,
                                triggers=(PrometheusTrigger.concurrent_requests(target=10),)),
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/grafana-dashboards")
    app.synth()
