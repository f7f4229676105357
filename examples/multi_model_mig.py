"""Several small models sharing H100 GPUs through MIG, with a layout computed by the planner.

``plan_mig`` takes what each model needs at max replicas and returns the smallest p5 group that serves all of
them: a custom MIG layout (rendered as a mig-parted ConfigMap the GPU operator's MIG manager reads, and as the
group's ``nvidia.com/mig.config`` label) and an instance count (the group's ``max_count``). Each endpoint then asks
for one slice of its profile. Run ``python -c "from examples.multi_model_mig import PLAN; print(PLAN.render())"``
from the repository root to see the layout.
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, MigDemand, ModelBucket, ModelSize,
    ModelSource, ModelStore, Observability, PrometheusTrigger, plan_mig,
)

# Model name -> (path on the model store, size, MIG slice, max replicas). Each slice leaves room for the KV cache:
# the 7B model in bf16 (15 GB) would leave under 3 GB of a 20 GB slice, so it is served 4-bit (AWQ).
MODELS = {
    "llama-3-1-8b": ("models/llama-3.1-8b-instruct/", ModelSize(parameters=8.03e9), "mig-3g.40gb", 6),
    "qwen2-5-7b": ("models/qwen2.5-7b-instruct-awq/", ModelSize(parameters=7.62e9, dtype="awq"), "mig-2g.20gb", 4),
    "qwen2-5-1-5b": ("models/qwen2.5-1.5b-instruct/", ModelSize(parameters=1.54e9), "mig-1g.10gb", 10),
}
PLAN = plan_mig("ml.p5.48xlarge",
                [MigDemand(name, partition, max_replicas) for name, (_, _, partition, max_replicas) in MODELS.items()],
                layout_name="small-llm-mix")


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceMultiModelMig", description="Small LLMs sharing MIG-partitioned H100s")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=PLAN.instance_count, mig_config=PLAN.layout),
        ],
        model_store=ModelStore(bucket=models, capacity_gib=1200),
        node_autoscaling=True,
        observability=Observability(),
    )
    for name, (path, size, partition, max_replicas) in MODELS.items():
        platform.add_endpoint(InferenceEndpoint(
            name,
            model=ModelSource.fsx(path, size=size),
            instance_type="ml.p5.48xlarge",
            accelerator_partition=partition,
            autoscaling=Autoscaling(min_replicas=1, max_replicas=max_replicas,
                                    triggers=(PrometheusTrigger.concurrent_requests(target=8),)),
        ))
    # Every model keeps one replica on its MIG slice, so the packed H100 node runs while idle by design.
    cdk.Annotations.of(platform).acknowledge_warning(
        "Annotation::hyperpod-constructs:gpus-on-at-floor", "each model keeps one replica on its slice on purpose")
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/multi-model-mig")
    app.synth()
