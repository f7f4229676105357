"""Three models and a LoRA adapter behind one authenticated Inference Gateway.

One ``InferenceGatewayConfig`` serves every model on one address: body-based routing reads each request's ``model``
and picks that model's scheduler; each scheduler (llm-d) picks a pod by queue depth, KV-cache use and prefix reuse.
The SQL adapter is served by the Llama pods and routed to their scheduler. Requests need a JSON Web Token from the
Cognito user pool below (``audiences``: its app client); the gateway's certificate is issued by cert-manager and
imported into ACM by the add-on's gateway controller, which the operator options turn on with its IAM role.
Each endpoint attaches to the gateway by name (operator v3.6: the operator merges its scheduler entry into the config,
keeping the weights and adapters declared here) and turns on the v3.3 caches: its weights on the nodes' local NVMe
(the catalog gives ml.g6e.12xlarge 3800 GiB of it) and its serving image pre-pulled, so a pod scaling out starts from
local disk. Each scheduler runs one replica (the library's default): the endpoint picker keeps its prefix index per replica, so
two replicas would spread requests sharing a prefix as round-robin does (the ``prefix-scheduler-replicas`` advice).
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import (
    GatewayScheduler, HyperPodInferencePlatform, InferenceEndpoint, InferenceGateway, InferenceOperatorOptions,
    InstanceGroup, JwtAuthentication, ModelBucket, ModelCache, ModelSource, ModelStore, SchedulerWeights,
)

ISSUER = "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_ExAmPlE1"
# Endpoint name -> (path on the model store, the model name requests carry). The operator labels each endpoint's
# pods app=<endpoint name>, which GatewayScheduler.for_endpoint selects.
MODELS = {
    "llama-8b": ("models/llama-3.1-8b-instruct/", "meta-llama/Llama-3.1-8B-Instruct"),
    "qwen-7b": ("models/qwen2.5-7b-instruct/", "Qwen/Qwen2.5-7B-Instruct"),
    "mistral-7b": ("models/mistral-7b-instruct-v0.3/", "mistralai/Mistral-7B-Instruct-v0.3"),
}
SQL_ADAPTER = "llama-8b-sql"  # loaded by the Llama server (--lora-modules), routed to its scheduler
GATEWAY = "models"


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceGateway", description="Three models and a LoRA adapter behind one gateway")
    models = ModelBucket.from_context(stack, "Models").bucket  # created, or cdk synth -c model_bucket=NAME
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=2),
                         InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        model_store=ModelStore(bucket=models, capacity_gib=1200),
        operator=InferenceOperatorOptions(inference_gateway=True),  # the gateway controller and its role
    )
    for name, (path, model_name) in MODELS.items():
        lora = name == "llama-8b"
        platform.add_endpoint(InferenceEndpoint(
            name, model=ModelSource.fsx(path), instance_type="ml.g6e.12xlarge", gpus=1,
            inference_gateway=GATEWAY, model_cache=ModelCache(weights=True, image=True),
            args=["/opt/ml/model", "--served-model-name", model_name,
                  *(["--enable-lora", "--lora-modules", f"{SQL_ADAPTER}=/opt/ml/model/adapters/sql"] if lora else [])],
        ))
    platform.add_inference_gateway(InferenceGateway(
        name=GATEWAY,
        schedulers=[GatewayScheduler.for_endpoint(
            name, model_name=model_name,
            # The adapter's requests favour pods that have it loaded already.
            weights=SchedulerWeights(lora_affinity=2) if name == "llama-8b" else None,
            lora_adapters=[SQL_ADAPTER] if name == "llama-8b" else ())
            for name, (_, model_name) in MODELS.items()],
        auth=JwtAuthentication(provider_name="cognito", issuer=ISSUER,
                               jwks_uri=f"{ISSUER}/.well-known/jwks.json", audiences=["models-app-client"]),
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/inference-gateway")
    app.synth()
