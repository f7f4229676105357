"""Every manifest an endpoint renders validates strictly against its CRD; representative ones are snapshotted."""
from __future__ import annotations

from rule_support import endpoint_problems

from types import SimpleNamespace
from typing import Any, Union

import cdk8s
import pytest

from endpoint_fixtures import ACM_ARN, BARE_VIEW, ROLE_ARN, VIEW
from hyperpod_constructs.k8s.api_objects import MANAGED_BY_LABEL
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import add_endpoint_object, render_endpoint
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from hyperpod_constructs.intent.endpoint import DEFAULT_IMAGE, InferenceEndpoint
from hyperpod_constructs.intent.endpoint_options import (
    HttpProbe,
    LoadBalancer,
    Metrics,
    Probes,
    RequestLimits,
    RoutingAlgorithm,
    Tag,
    Tls,
)
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.kv_cache import KvCache, L2Cache
from hyperpod_constructs.intent.model_source import ModelSource, SecretKeyRef
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.intent.routing import IntelligentRouting, Routing
from support import stand_in_bucket, validate_manifest, validate_manifests

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]
SHA = "0123456789abcdef0123456789abcdef01234567"
MODELS = stand_in_bucket("my-models")  # what the renderer reads of an s3.IBucket
ROUTER_QUERY = 'sum(rate(router_requests_total{namespace="hyperpod-inference-system"}[1m]))'


def _endpoints() -> dict[str, tuple[Endpoint, ResolvedPlatform]]:
    """name -> (endpoint, view): each model source, routing on/off, L2 tiered/redis, MIG, JumpStart."""
    return {
        "s3-defaults": (InferenceEndpoint(
            "llama-8b", model=ModelSource.s3(MODELS, "llama-3.1-8b-instruct/"),
            instance_type="ml.g5.12xlarge"), VIEW),
        "s3-bare-platform": (InferenceEndpoint(
            "llama-bare", model=ModelSource.s3(MODELS, "llama/", region="us-east-2", prefetch=True),
            instance_type="ml.g5.12xlarge", gpus=4), BARE_VIEW),
        "fsx-mig-tiered": (InferenceEndpoint(
            "llama-mig", model=ModelSource.fsx("models/llama-3.1-8b-instruct/"), instance_type="ml.p5.48xlarge",
            accelerator_partition="mig-3g.40gb", kv_cache=KvCache(l1=True, l2=L2Cache.tiered_storage()),
            routing=Routing.PREFIX_AWARE, sagemaker_endpoint_name="llama-mig-sme", model_version="1.0",
            autoscaling=Autoscaling(min_replicas=0, max_replicas=4, polling_interval_s=15, cooldown_s=120,
                                    triggers=(PrometheusTrigger.concurrent_requests(target=10),
                                              CloudWatchTrigger.invocations_per_instance("llama-mig-sme"))),
            tags=(Tag("team", "search"), Tag("cost-center", "1234")), max_deploy_time_s=5400), VIEW),
        "fsx-own-file-system": (InferenceEndpoint(
            "qwen-fsx", model=ModelSource.fsx("qwen/", file_system=SimpleNamespace(
                file_system_id="fs-0fedcba9876543210", dns_name="fs-0fedcba9876543210.fsx.us-west-2.amazonaws.com"),
                mount_name="zyxwvuts"), instance_type="ml.g5.8xlarge", routing=None, kv_cache=None), VIEW),
        "hf-kvaware-redis": (InferenceEndpoint(
            "qwen-kv", model=ModelSource.hugging_face("Qwen/Qwen2.5-7B-Instruct", commit_sha=SHA,
                                                      token_secret=SecretKeyRef("hf-token", "token")),
            image="vllm/vllm-openai:v0.19.1", instance_type="ml.g5.12xlarge", gpus=2,
            args=["/opt/ml/model", "--tensor-parallel-size", "2", "--max-model-len", "8192"],
            environment={"PYTHONHASHSEED": "123", "VLLM_REQUEST_TIMEOUT": "600"},
            kv_cache=KvCache(l2=L2Cache.redis("redis://kv-cache.internal:6379")),
            routing=IntelligentRouting(strategy=Routing.KV_AWARE, autoscaling=Autoscaling(
                min_replicas=1, max_replicas=3, trigger=PrometheusTrigger(
                    name="router-rps", query=ROUTER_QUERY, target_value=100, activation_target_value=1))),
            load_balancer=LoadBalancer(health_check_path="/health", routing_algorithm=RoutingAlgorithm.ROUND_ROBIN),
            tls=Tls.acm(ACM_ARN, "qwen.llm.example.com", hosted_zone_id="Z0123456789ABCDEFGHIJ"),
            metrics=Metrics(scrape_interval_s=30, model_metrics_path="/metrics"),
            request_limits=RequestLimits(max_concurrent_requests=64, max_queue_size=32, overflow_status_code=503),
            namespace="team-a"), VIEW),
        "nvme-host-path": (InferenceEndpoint(
            "llama-nvme", model=ModelSource.kubernetes_volume(host_path="/opt/dlami/nvme/llama-3.1-8b"),
            instance_types=["ml.g5.8xlarge", "ml.g5.12xlarge"], replicas=2), VIEW),
        "pvc-node-affinity": (InferenceEndpoint(
            "llama-pvc", model=ModelSource.kubernetes_volume(volume={"persistentVolumeClaim": {"claimName": "models"}}),
            node_affinity={"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{
                "matchExpressions": [{"key": "node.kubernetes.io/instance-type", "operator": "In",
                                      "values": ["ml.g5.12xlarge"]}]}]}},
            gpus=1, cpu="8", memory="48Gi", model_mount_path="/models/llama"), VIEW),
        "custom-image-no-routing": (InferenceEndpoint(
            "tgi-mistral", model=ModelSource.s3(MODELS, "mistral-7b/"),
            image="ghcr.io/huggingface/text-generation-inference:3.3.4", instance_type="ml.g5.12xlarge", gpus=4,
            port=8080, invocation_path="/generate", args=["--model-id", "/opt/ml/model", "--num-shard", "4"],
            probes=Probes(readiness=HttpProbe(path="/health", period_s=15), startup=HttpProbe(
                path="/health", period_s=10, failure_threshold=90)), metrics=Metrics(enabled=False),
            tls=None), VIEW),
        "cpu-only": (InferenceEndpoint(
            "embedder", model=ModelSource.s3(MODELS, "bge-small/"), image="my-registry/embedder:1.2",
            instance_type="ml.m5.2xlarge", cpu=4, memory="12Gi", invocation_path="/embed"), VIEW),
        "jumpstart-minimal": (JumpStartEndpoint(
            "deepseek-1-5b", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
            instance_type="ml.g5.8xlarge"), VIEW),
        "jumpstart-full": (JumpStartEndpoint(
            "llama-js", model_id="meta-textgeneration-llama-3-1-8b-instruct", model_version="2.1.0",
            hub_name="SageMakerPublicHub", accept_eula=True, gated_model_role_arn=ROLE_ARN,
            execution_role_arn=ROLE_ARN, instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb",
            environment={"SM_NUM_GPUS": "1"}, kv_cache=KvCache(l2=L2Cache.tiered_storage()),
            routing=Routing.SESSION, load_balancer=LoadBalancer(routing_algorithm="least_outstanding_requests"),
            tls=Tls.acm(ACM_ARN, "llama.llm.example.com"), metrics=Metrics(scrape_interval_s=60),
            autoscaling=Autoscaling(min_replicas=1, max_replicas=3,
                                    trigger=PrometheusTrigger.concurrent_requests(target=8)),
            replicas=1, sagemaker_endpoint_name="llama-js", max_deploy_time_s=7200), VIEW),
        "jumpstart-bare": (JumpStartEndpoint(
            "mistral-js", model_id="huggingface-llm-mistral-7b-instruct", accept_eula=True,
            instance_type="ml.g5.12xlarge", tls=None, metrics=None), BARE_VIEW),
    }


ENDPOINTS = _endpoints()


@pytest.fixture(scope="module")
def manifests() -> dict[str, dict[str, Any]]:
    return {name: render_endpoint(resolve_endpoint(endpoint, view)) for name, (endpoint, view) in ENDPOINTS.items()}


@pytest.fixture(scope="module")
def synthesized() -> dict[str, list[dict[str, Any]]]:
    """Every endpoint through add_endpoint_object, a chart each in one cdk8s app (synthesized once for the module)."""
    app = cdk8s.App()
    charts = {}
    for name, (endpoint, view) in ENDPOINTS.items():
        charts[name] = cdk8s.Chart(app, name, disable_resource_name_hashes=True)
        add_endpoint_object(charts[name], resolve_endpoint(endpoint, view))
    return {name: chart.to_json() for name, chart in charts.items()}


@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_manifest_validates_against_crd(manifests: dict[str, dict[str, Any]], name: str) -> None:
    validate_manifest(manifests[name])


def test_charts_synthesize_the_same_manifests(synthesized: dict[str, list[dict[str, Any]]],
                                              manifests: dict[str, dict[str, Any]]) -> None:
    assert validate_manifests(doc for docs in synthesized.values() for doc in docs) == len(ENDPOINTS)
    for name, docs in synthesized.items():
        (doc,) = docs
        expected = manifests[name]
        assert doc["metadata"]["labels"] == MANAGED_BY_LABEL
        assert {**doc, "metadata": {k: v for k, v in doc["metadata"].items() if k != "labels"}} == expected


def test_no_endpoint_has_platform_problems(manifests: dict[str, dict[str, Any]]) -> None:
    for name, (endpoint, view) in ENDPOINTS.items():
        assert endpoint_problems(view, endpoint) == [], name


def test_snapshot(manifests: dict[str, dict[str, Any]], snapshot) -> None:
    assert manifests == snapshot


def test_vllm_best_practice_defaults(manifests: dict[str, dict[str, Any]]) -> None:
    spec = manifests["s3-defaults"]["spec"]
    worker = spec["worker"]
    assert worker["image"] == DEFAULT_IMAGE
    assert worker["args"] == ["/opt/ml/model"]
    assert spec["kvCacheSpec"] == {"enableL1Cache": True}
    assert spec["intelligentRoutingSpec"] == {"enabled": True, "routingStrategy": "prefixaware"}
    assert spec["invocationEndpoint"] == "/v1/chat/completions"
    assert spec["loadBalancer"] == {"healthCheckPath": "/health"}
    assert spec["metrics"] == {"enabled": True, "modelMetrics": {"port": 8000}}  # router metrics on the model port
    assert worker["requestLimits"] == {"maxConcurrentRequests": 256, "overflowStatusCode": 429}
    assert worker["probes"]["readinessProbe"]["httpGet"] == {"path": "/health", "port": 8000}
    assert spec["tlsConfig"] == {"tlsCertificateOutputS3Uri": VIEW.tls_certificate_s3_uri}
    assert spec["modelSourceConfig"] == {"modelSourceType": "s3", "modelLocation": "llama-3.1-8b-instruct",
                                         "s3Storage": {"bucketName": "my-models", "region": "us-west-2"}}
    # 1 of 4 A10G on ml.g5.12xlarge (48 vCPU, 192 GiB): a quarter, less 10% node headroom, and for memory less the
    # tiered-storage daemon's 20 % too (VIEW enables tiered storage): 192 x 1/4 x 70 % = 33.6.
    assert worker["resources"] == {"limits": {"nvidia.com/gpu": "1"},
                                   "requests": {"cpu": "10800m", "memory": "33Gi", "nvidia.com/gpu": "1"}}
    # Unset fields stay out so the operator's defaults apply.
    for key in ("replicas", "endpointName", "autoScalingSpec", "maxDeployTimeInSeconds", "dnsConfig", "tags"):
        assert key not in spec
    assert "mountPath" not in worker["modelVolumeMount"]


def test_bare_platform_uses_operator_defaults(manifests: dict[str, dict[str, Any]]) -> None:
    spec = manifests["s3-bare-platform"]["spec"]
    assert manifests["s3-bare-platform"]["metadata"]["namespace"] == "default"
    assert spec["modelSourceConfig"]["s3Storage"]["region"] == "us-east-2"
    assert spec["modelSourceConfig"]["prefetchEnabled"] is True
    assert "tlsConfig" not in spec  # no platform TLS bucket: the operator's tlsCertificateS3Bucket applies
    assert spec["worker"]["resources"]["limits"] == {"nvidia.com/gpu": "4"}


def test_mig_partition_requests_one_slice_and_its_share(manifests: dict[str, dict[str, Any]]) -> None:
    spec = manifests["fsx-mig-tiered"]["spec"]
    assert spec["worker"]["resources"] == {
        "limits": {"nvidia.com/mig-3g.40gb": "1"},
        "requests": {"cpu": "9200m", "memory": "98Gi", "nvidia.com/mig-3g.40gb": "1"}}
    assert spec["modelSourceConfig"] == {"modelSourceType": "fsx", "modelLocation": "models/llama-3.1-8b-instruct",
                                         "fsxStorage": {"fileSystemId": VIEW.model_store.file_system_id,
                                                        "dnsName": VIEW.model_store.dns_name,
                                                        "mountName": VIEW.model_store.mount_name}}
    assert spec["kvCacheSpec"] == {"enableL1Cache": True, "enableL2Cache": True,
                                   "l2CacheSpec": {"l2CacheBackend": "tieredstorage"}}
    scaling = spec["autoScalingSpec"]
    assert scaling["minReplicaCount"] == 0 and scaling["maxReplicaCount"] == 4
    assert scaling["prometheusTriggerList"][0]["query"] == \
        'sum(model_concurrent_requests{model_name="llama-mig",namespace="inference"})'
    assert spec["endpointName"] == "llama-mig-sme"
    assert spec["tags"] == [{"name": "team", "value": "search"}, {"name": "cost-center", "value": "1234"}]


def test_kv_aware_routing_uses_completions_and_acm(manifests: dict[str, dict[str, Any]]) -> None:
    manifest = manifests["hf-kvaware-redis"]
    spec = manifest["spec"]
    assert manifest["metadata"]["namespace"] == "team-a"
    assert spec["invocationEndpoint"] == "/completions"
    assert spec["intelligentRoutingSpec"]["routingStrategy"] == "kvaware"
    assert spec["intelligentRoutingSpec"]["autoScalingSpec"]["prometheusTriggerList"][0]["query"] == ROUTER_QUERY
    assert spec["kvCacheSpec"]["l2CacheSpec"] == {"l2CacheBackend": "redis",
                                                  "l2CacheLocalUrl": "redis://kv-cache.internal:6379"}
    assert spec["modelSourceConfig"] == {"modelSourceType": "huggingface", "huggingFaceModel": {
        "modelId": "Qwen/Qwen2.5-7B-Instruct", "commitSHA": SHA, "tokenSecretRef": {"name": "hf-token", "key": "token"}}}
    assert spec["tlsConfig"] == {"customCertificateConfig": {"acmArn": ACM_ARN, "domainName": "qwen.llm.example.com"}}
    assert spec["dnsConfig"] == {"hostedZoneId": "Z0123456789ABCDEFGHIJ"}
    assert spec["loadBalancer"] == {"healthCheckPath": "/health", "routingAlgorithm": "round_robin"}
    assert spec["worker"]["requestLimits"] == {"maxConcurrentRequests": 64, "maxQueueSize": 32,
                                               "overflowStatusCode": 503}


def test_kubernetes_volume_declares_the_model_volume(manifests: dict[str, dict[str, Any]]) -> None:
    spec = manifests["nvme-host-path"]["spec"]
    assert spec["modelSourceConfig"] == {"modelSourceType": "kubernetesVolume"}
    assert spec["kubernetes"] == {"volumes": [{"name": "model-weights", "hostPath": {
        "path": "/opt/dlami/nvme/llama-3.1-8b", "type": "Directory"}}]}
    assert spec["worker"]["modelVolumeMount"] == {"name": "model-weights"}
    assert spec["instanceTypes"] == ["ml.g5.8xlarge", "ml.g5.12xlarge"]
    # The pod must fit both types: the smaller share wins (g5.12xlarge: 1/4 of 48 vCPU and 192 GiB, less 10%, and
    # memory less tiered storage's 20 %).
    assert spec["worker"]["resources"]["requests"] == {"cpu": "10800m", "memory": "33Gi", "nvidia.com/gpu": "1"}
    pvc = manifests["pvc-node-affinity"]["spec"]
    assert pvc["kubernetes"]["volumes"] == [{"name": "model-weights",
                                             "persistentVolumeClaim": {"claimName": "models"}}]
    assert pvc["worker"]["modelVolumeMount"] == {"name": "model-weights", "mountPath": "/models/llama"}
    assert pvc["worker"]["args"] == ["/models/llama"]
    assert "instanceType" not in pvc and "nodeAffinity" in pvc


def test_non_vllm_image_gets_operator_defaults(manifests: dict[str, dict[str, Any]]) -> None:
    spec = manifests["custom-image-no-routing"]["spec"]
    for key in ("kvCacheSpec", "intelligentRoutingSpec", "loadBalancer", "tlsConfig"):
        assert key not in spec
    assert spec["metrics"] == {"enabled": False}
    assert "requestLimits" not in spec["worker"]
    assert spec["worker"]["probes"]["startupProbe"] == {"httpGet": {"path": "/health", "port": 8080},
                                                        "periodSeconds": 10, "failureThreshold": 90}
    cpu = manifests["cpu-only"]["spec"]
    assert cpu["worker"]["resources"] == {"requests": {"cpu": "4", "memory": "12Gi"}}
    assert "invocations" not in str(cpu) and cpu["invocationEndpoint"] == "/embed"


def test_jumpstart_manifests(manifests: dict[str, dict[str, Any]]) -> None:
    minimal = manifests["jumpstart-minimal"]["spec"]
    assert minimal["model"] == {"modelId": "deepseek-llm-r1-distill-qwen-1-5b", "acceptEula": True}
    assert minimal["server"] == {"instanceType": "ml.g5.8xlarge"}
    assert "kvCacheSpec" not in minimal and "intelligentRoutingSpec" not in minimal  # container unknown: opt in
    full = manifests["jumpstart-full"]["spec"]
    assert full["server"] == {"instanceType": "ml.p5.48xlarge", "executionRole": ROLE_ARN,
                              "acceleratorPartitionType": "mig-3g.40gb"}
    assert full["model"]["gatedModelDownloadRole"] == ROLE_ARN and full["model"]["modelVersion"] == "2.1.0"
    assert full["sageMakerEndpoint"] == {"name": "llama-js"}
    assert full["environmentVariables"] == [{"name": "SM_NUM_GPUS", "value": "1"}]
    assert full["intelligentRoutingSpec"] == {"enabled": True, "routingStrategy": "session"}
    assert full["loadBalancer"] == {"routingAlgorithm": "least_outstanding_requests"}
    bare = manifests["jumpstart-bare"]["spec"]
    assert set(bare) == {"model", "server"}
