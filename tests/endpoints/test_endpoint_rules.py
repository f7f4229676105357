"""One negative test per rule: construction-time errors, platform cross-checks and warnings, each by its message."""
from __future__ import annotations

from rule_support import endpoint_problems

import re
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from endpoint_fixtures import ACM_ARN, BARE_VIEW, VIEW
from support import stand_in_bucket
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from hyperpod_constructs.intent.endpoint import InferenceEndpoint, looks_like_vllm
from hyperpod_constructs.intent.endpoint_options import (
    HttpProbe,
    LoadBalancer,
    Metrics,
    Probes,
    RequestLimits,
    Tag,
    Tls,
)
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.kv_cache import KvCache, L2Backend, L2Cache
from hyperpod_constructs.intent.model_source import ModelSource, SecretKeyRef
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.intent.routing import IntelligentRouting, Routing
from hyperpod_constructs.k8s.model_deployment import render_endpoint

BUCKET = stand_in_bucket("my-models")
S3 = ModelSource.s3(BUCKET, "llama/")


def endpoint(**overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": S3, "instance_type": "ml.g5.12xlarge"}
    props.update(overrides)
    name = props.pop("name", "llama-8b")
    return InferenceEndpoint(name, **props)


def jumpstart(**overrides: Any) -> JumpStartEndpoint:
    props: dict[str, Any] = {"model_id": "deepseek-llm-r1-distill-qwen-1-5b", "accept_eula": True,
                             "instance_type": "ml.g5.12xlarge"}
    props.update(overrides)
    name = props.pop("name", "deepseek")
    return JumpStartEndpoint(name, **props)


# (id, factory, message regex). Each message names the endpoint, the field and what is allowed.
ERRORS: list[tuple[str, Callable[[], Any], str]] = [
    # names
    ("name-uppercase", lambda: endpoint(name="Llama"), r"endpoint 'Llama': name='Llama' .* lowercase"),
    ("name-leading-digit", lambda: endpoint(name="8b"), r"name='8b' .*starting with a letter"),
    ("name-too-long", lambda: endpoint(name="a" * 64), r"name='a{64}' .*1-63"),
    ("model-name-pattern", lambda: endpoint(model_name="llama_8b"), r"model_name='llama_8b' .*letters, digits and hyphens"),
    ("sagemaker-endpoint-name", lambda: endpoint(sagemaker_endpoint_name="-sme"),
     r"sagemaker_endpoint_name='-sme' .*starting and ending with a letter or digit"),
    ("namespace", lambda: endpoint(namespace="Team_A"), r"namespace='Team_A' .*Kubernetes namespace"),
    # model sources
    ("model-not-a-source", lambda: endpoint(model="s3://my-models/llama/"), r"model='s3://my-models/llama/' .*ModelSource.s3"),
    ("s3-bucket-uri", lambda: endpoint(model=ModelSource.s3("s3://my-models/llama/")),
     r"^S3ModelSource: bucket='s3://my-models/llama/' is not allowed; an s3.IBucket \(a Bucket in your app, or "
     r"s3.Bucket.from_bucket_name"),
    ("s3-prefix-uri", lambda: endpoint(model=ModelSource.s3(BUCKET, "s3://my-models/llama/")),
     r"^S3ModelSource: prefix='s3://my-models/llama/' is not allowed; a key prefix inside the bucket .*not an s3:// URI"),
    ("s3-prefix-absolute", lambda: endpoint(model=ModelSource.s3(BUCKET, "/llama/")), r"^S3ModelSource: prefix='/llama/'"),
    ("s3-prefix-dotdot", lambda: endpoint(model=ModelSource.s3(BUCKET, "a/../b")), r"^S3ModelSource: prefix='a/../b'"),
    ("s3-region", lambda: endpoint(model=ModelSource.s3(BUCKET, "x/", region="Oregon")), r"^S3ModelSource: region='Oregon' .*AWS region"),
    ("prefetch-bool", lambda: endpoint(model=ModelSource.s3(BUCKET, "x/", prefetch="yes")), r"^S3ModelSource: prefetch='yes' .*True or False"),
    ("fsx-file-system-id-string", lambda: endpoint(model=ModelSource.fsx("x/", file_system="fs-0123456789abcdef0")),
     r"^FsxModelSource: file_system='fs-0123456789abcdef0' is not allowed; an fsx.IFileSystem"),
    ("fsx-id", lambda: endpoint(model=ModelSource.fsx("x/", file_system=SimpleNamespace(file_system_id="fsx-123"))),
     r"^FsxModelSource: file_system.file_system_id='fsx-123' .*fs-0123456789abcdef0"),
    ("fsx-mount-name-alone", lambda: endpoint(model=ModelSource.fsx("x/", mount_name="abcdefgh")),
     r"^FsxModelSource: mount_name='abcdefgh' is not allowed; a mount name only together with file_system="),
    ("fsx-path-dotdot", lambda: endpoint(model=ModelSource.fsx("../etc")), r"^FsxModelSource: path='../etc' .*without '..'"),
    ("hf-model-id", lambda: endpoint(model=ModelSource.hugging_face("Llama-3.1-8B")), r"^HuggingFaceModelSource: model_id='Llama-3.1-8B' .*'org/model'"),
    ("hf-commit-sha-short", lambda: endpoint(model=ModelSource.hugging_face("org/m", commit_sha="abc123")),
     r"^HuggingFaceModelSource: commit_sha='abc123' .*40-character lowercase hex"),
    ("hf-commit-sha-upper", lambda: endpoint(model=ModelSource.hugging_face("org/m", commit_sha="A" * 40)),
     r"^HuggingFaceModelSource: commit_sha='A{40}'"),
    ("hf-secret-name", lambda: endpoint(model=ModelSource.hugging_face("org/m", token_secret=SecretKeyRef("HF Token", "t"))),
     r"^SecretKeyRef: name='HF Token' .*Secret name"),
    ("hf-secret-key", lambda: endpoint(model=ModelSource.hugging_face("org/m", token_secret=SecretKeyRef("hf", "a/b"))),
     r"^SecretKeyRef: key='a/b'"),
    ("k8s-volume-neither", lambda: endpoint(model=ModelSource.kubernetes_volume()), r"exactly one of host_path or volume"),
    ("k8s-volume-both", lambda: endpoint(model=ModelSource.kubernetes_volume(host_path="/a", volume={"emptyDir": {}})),
     r"exactly one of host_path or volume"),
    ("k8s-volume-relative", lambda: endpoint(model=ModelSource.kubernetes_volume(host_path="nvme/llama")),
     r"^KubernetesVolumeModelSource: host_path='nvme/llama' .*absolute path"),
    ("k8s-volume-type", lambda: endpoint(model=ModelSource.kubernetes_volume(host_path="/a", host_path_type="Socket")),
     r"^KubernetesVolumeModelSource: host_path_type='Socket'"),
    ("k8s-volume-named", lambda: endpoint(model=ModelSource.kubernetes_volume(volume={"name": "x", "emptyDir": {}})),
     r"^KubernetesVolumeModelSource: volume=.*without 'name'"),
    # image, placement and resources
    ("image-blank", lambda: endpoint(image="lmcache/vllm openai"), r"image='lmcache/vllm openai' .*container image"),
    ("placement-missing", lambda: endpoint(instance_type=None), r"exactly one of instance_type, instance_types or node_affinity"),
    ("placement-two", lambda: endpoint(instance_types=["ml.g5.8xlarge"]),
     r"instance_type / instance_types=.* mutually exclusive"),
    ("placement-affinity-and-type", lambda: endpoint(node_affinity={"requiredDuringSchedulingIgnoredDuringExecution": {}}),
     r"instance_type / node_affinity=.* mutually exclusive"),
    ("instance-type-pattern", lambda: endpoint(instance_type="g5.12xlarge"), r"instance_type='g5.12xlarge' .*did you mean 'ml.g5.12xlarge'"),
    ("instance-types-pattern", lambda: endpoint(instance_type=None, instance_types=["ml.g5.8xlarge", "p5.48xlarge"]),
     r"instance_types\[1\]='p5.48xlarge'"),
    ("instance-types-duplicate", lambda: endpoint(instance_type=None, instance_types=["ml.g5.8xlarge"] * 2),
     r"instance_types=\['ml.g5.8xlarge'\] .*each instance type once"),
    ("instance-types-string", lambda: endpoint(instance_type=None, instance_types="ml.g5.8xlarge"), r"use instance_type= for one"),
    ("node-affinity-keys", lambda: endpoint(instance_type=None, node_affinity={"nodeSelectorTerms": []}),
     r"node_affinity=.*NodeAffinity with keys"),
    ("gpus-and-partition", lambda: endpoint(instance_type="ml.p5.48xlarge", gpus=1, accelerator_partition="mig-3g.40gb"),
     r"gpus / accelerator_partition=\(1, 'mig-3g.40gb'\) .*not both"),
    ("gpus-negative", lambda: endpoint(gpus=-1), r"gpus=-1 .*integer >= 0"),
    ("gpus-too-many", lambda: endpoint(gpus=8), r"gpus=8 .*at most 4: ml.g5.12xlarge has 4 x A10G"),
    ("gpus-on-cpu-type", lambda: endpoint(instance_type="ml.m5.2xlarge", gpus=1), r"gpus=1 .*ml.m5.2xlarge has no NVIDIA GPUs"),
    ("partition-malformed", lambda: endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="3g-40gb"),
     r"accelerator_partition='3g-40gb' .*mig-<compute>g.<memory>gb"),
    ("partition-no-mig", lambda: endpoint(accelerator_partition="mig-1g.5gb"),
     r"ml.g5.12xlarge \(A10G 24GB\) has no MIG support"),
    ("partition-not-offered", lambda: endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.20gb"),
     r"accelerator_partition='mig-3g.20gb' .*ml.p5.48xlarge offers mig-1g.10gb"),
    ("cpu-quantity", lambda: endpoint(cpu="six"), r"cpu='six' .*CPU quantity"),
    ("memory-quantity", lambda: endpoint(memory="30GB"), r"memory='30GB' .*memory quantity"),
    ("replicas-negative", lambda: endpoint(replicas=-1), r"replicas=-1 .*integer >= 0"),
    ("port-zero", lambda: endpoint(port=0), r"port=0 .*from 1 to 65535"),
    ("port-too-big", lambda: endpoint(port=65536), r"port=65536 .*from 1 to 65535"),
    ("args-string", lambda: endpoint(args="--max-model-len 4096"), r"args='--max-model-len 4096' is not allowed; expected a list of strings or None, got str"),
    ("environment-name", lambda: endpoint(environment={"A=B": "1"}), r"environment\['A=B'\]='A=B' .*without '='"),
    ("environment-value", lambda: endpoint(environment={"PORT": 8000}), r"environment\['PORT'\]=8000 .*a string or a SecretKeyRef"),
    ("mount-path-relative", lambda: endpoint(model_mount_path="opt/ml/model"), r"model_mount_path='opt/ml/model' .*absolute"),
    ("invocation-path", lambda: endpoint(invocation_path="v1 chat"), r"invocation_path='v1 chat' .*URL path"),
    ("max-deploy-time", lambda: endpoint(max_deploy_time_s=0), r"max_deploy_time_s=0 .*from 1 to"),
    ("model-version-empty", lambda: endpoint(model_version=" "), r"model_version=' ' .*non-empty"),
    # routing and KV cache
    ("routing-enum", lambda: endpoint(routing="prefix"), r"routing='prefix' .*'prefixaware', 'kvaware', 'session', 'roundrobin'"),
    ("kvaware-chat-path", lambda: endpoint(routing=Routing.KV_AWARE, invocation_path="/v1/chat/completions"),
     r"invocation_path='/v1/chat/completions' .*'/completions' with routing=Routing.KV_AWARE.*/v1/chat/completions is not supported"),
    ("kvaware-operator-default-path", lambda: endpoint(image="my/server:1", routing=IntelligentRouting(strategy="kvaware")),
     r"invocation_path='invocations \(operator default\)' .*'/completions'"),
    ("router-autoscaling-helper-query", lambda: endpoint(routing=IntelligentRouting(
        autoscaling=Autoscaling(trigger=PrometheusTrigger.concurrent_requests()))),
     r"^IntelligentRouting: autoscaling.triggers\['concurrent-requests'\].query=.*router's own metrics"),
    ("l2-redis-url", lambda: endpoint(kv_cache=KvCache(l2=L2Cache.redis("kv-cache:6379"))),
     r"^L2Cache: url='kv-cache:6379' .*redis://host:port"),
    ("l2-tiered-url", lambda: endpoint(kv_cache=KvCache(l2=L2Cache(backend=L2Backend.TIERED_STORAGE, url="redis://x:1"))),
     r"^L2Cache: url='redis://x:1' .*no URL for tiered storage"),
    ("l2-backend-string", lambda: endpoint(kv_cache=KvCache(l2=L2Cache(backend="redis", url="redis://x:1"))),
     r"^L2Cache: backend='redis' .*L2Cache.tiered_storage\(\) or L2Cache.redis"),
    ("l1-bool", lambda: endpoint(kv_cache=KvCache(l1="on")), r"^KvCache: l1='on' .*True or False"),
    ("cache-config-relative", lambda: endpoint(kv_cache=KvCache(cache_config_file="lmcache.yaml")),
     r"^KvCache: cache_config_file='lmcache.yaml' .*absolute"),
    # load balancer, TLS
    ("health-check-path", lambda: endpoint(load_balancer=LoadBalancer(health_check_path="health")),
     r"^LoadBalancer: health_check_path='health' .*starting with '/'"),
    ("routing-algorithm-enum", lambda: endpoint(load_balancer=LoadBalancer(routing_algorithm="least_connections")),
     r"^LoadBalancer: routing_algorithm='least_connections' .*'least_outstanding_requests', 'round_robin'"),
    ("tls-output-uri", lambda: endpoint(tls=Tls.self_signed("https://bucket/certs")),
     r"^Tls: output_s3_uri='https://bucket/certs' .*s3://bucket/prefix"),
    ("acm-arn", lambda: endpoint(tls=Tls.acm("arn:aws:iam::123456789012:certificate/x", "llm.example.com")),
     r"^Tls: acm_certificate_arn=.*arn:<partition>:acm:<region>.*service 'iam', expected 'acm'$"),
    ("acm-needs-domain", lambda: endpoint(tls=Tls(acm_certificate_arn=ACM_ARN)),
     r"^Tls: domain_name=None .*both acm_certificate_arn and domain_name"),
    ("domain-uppercase", lambda: endpoint(tls=Tls.acm(ACM_ARN, "LLM.example.com")), r"^Tls: domain_name='LLM.example.com' .*lowercase"),
    ("domain-wildcard", lambda: endpoint(tls=Tls.acm(ACM_ARN, "*.example.com")), r"^Tls: domain_name='\*.example.com' .*no wildcard"),
    ("dns-needs-acm", lambda: endpoint(tls=Tls(hosted_zone_id="Z0123456789ABC")),
     r"^Tls: hosted_zone_id='Z0123456789ABC' .*requires a custom ACM certificate"),
    ("hosted-zone-pattern", lambda: endpoint(tls=Tls.acm(ACM_ARN, "llm.example.com", hosted_zone_id="z123")),
     r"^Tls: hosted_zone_id='z123' .*\^Z\[A-Z0-9\]\+\$"),
    # metrics, request limits, probes, tags
    ("scrape-too-fast", lambda: endpoint(metrics=Metrics(scrape_interval_s=4)), r"^Metrics: scrape_interval_s=4 .*from 5 to 300"),
    ("scrape-too-slow", lambda: endpoint(metrics=Metrics(scrape_interval_s=301)), r"^Metrics: scrape_interval_s=301"),
    ("metrics-port-low", lambda: endpoint(metrics=Metrics(model_metrics_port=80)), r"^Metrics: model_metrics_port=80 .*from 1024 to 65535"),
    ("metrics-port-high", lambda: endpoint(metrics=Metrics(model_metrics_port=70000)), r"^Metrics: model_metrics_port=70000"),
    ("metrics-path", lambda: endpoint(metrics=Metrics(model_metrics_path="metrics")), r"^Metrics: model_metrics_path='metrics'"),
    ("max-concurrent-zero", lambda: endpoint(request_limits=RequestLimits(max_concurrent_requests=0)),
     r"^RequestLimits: max_concurrent_requests=0 .*integer >= 1"),
    ("max-queue-negative", lambda: endpoint(request_limits=RequestLimits(max_concurrent_requests=8, max_queue_size=-1)),
     r"^RequestLimits: max_queue_size=-1 .*integer >= 0"),
    ("overflow-low", lambda: endpoint(request_limits=RequestLimits(max_concurrent_requests=8, overflow_status_code=399)),
     r"^RequestLimits: overflow_status_code=399 .*from 400 to 599"),
    ("overflow-high", lambda: endpoint(request_limits=RequestLimits(max_concurrent_requests=8, overflow_status_code=600)),
     r"^RequestLimits: overflow_status_code=600"),
    ("probe-path", lambda: endpoint(probes=Probes(readiness=HttpProbe(path="health"))), r"^HttpProbe: path='health'"),
    ("probe-period", lambda: endpoint(probes=Probes(liveness=HttpProbe(path="/health", period_s=0))),
     r"^HttpProbe: period_s=0 .*integer >= 1"),
    ("probe-port", lambda: endpoint(probes=Probes(startup=HttpProbe(path="/health", port=0))), r"^HttpProbe: port=0"),
    ("tag-aws-prefix", lambda: endpoint(tags=[Tag("aws:owner", "me")]), r"^Tag: name='aws:owner' .*not starting with 'aws:'"),
    ("tag-value-long", lambda: endpoint(tags=[Tag("team", "x" * 257)]), r"^Tag: value=.*at most 256"),
    ("tag-duplicate", lambda: endpoint(tags=[Tag("team", "a"), Tag("team", "b")]), r"tags=\['team'\] .*distinct"),
    ("option-type", lambda: endpoint(metrics=True), r"metrics=True .*a Metrics\(...\) or None"),
    # JumpStart
    ("js-eula", lambda: jumpstart(accept_eula=False), r"endpoint 'deepseek': accept_eula=False .*end-user license agreement \(EULA\)"),
    ("js-model-id", lambda: jumpstart(model_id="meta/llama"), r"model_id='meta/llama' .*JumpStart model id"),
    ("js-model-version", lambda: jumpstart(model_version="v1"), r"model_version='v1' .*semantic version"),
    ("js-hub-name", lambda: jumpstart(hub_name="arn:aws:sagemaker:us-west-2:123456789012:hub/x"), r"hub_name=.*hub name"),
    ("js-instance-type", lambda: jumpstart(instance_type="g5.12xlarge"), r"instance_type='g5.12xlarge' .*did you mean 'ml.g5.12xlarge'"),
    ("js-role-arn", lambda: jumpstart(execution_role_arn="arn:aws:iam::123:role/x"), r"execution_role_arn=.*IAM role ARN"),
    ("js-gated-role-arn", lambda: jumpstart(gated_model_role_arn="role/x"), r"gated_model_role_arn='role/x'"),
    ("js-partition-malformed", lambda: jumpstart(instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g"),
     r"accelerator_partition='mig-3g' .*mig-<compute>g.<memory>gb"),
    ("js-partition-no-mig", lambda: jumpstart(accelerator_partition="mig-3g.40gb"), r"ml.g5.12xlarge .*has no MIG support"),
    ("js-environment-count", lambda: jumpstart(environment={f"V{i}": "x" for i in range(101)}),
     r"environment='101 variables' .*at most 100"),
    ("js-environment-value", lambda: jumpstart(environment={"A": 1}), r"environment\['A'\]=1 .*string"),
    ("js-replicas", lambda: jumpstart(replicas=-2), r"replicas=-2"),
    ("js-sagemaker-endpoint", lambda: jumpstart(sagemaker_endpoint_name="bad_name"), r"sagemaker_endpoint_name='bad_name'"),
    ("js-routing-enum", lambda: jumpstart(routing="sticky"), r"routing='sticky'"),
    ("js-dns-needs-acm", lambda: jumpstart(tls=Tls(hosted_zone_id="Z123")), r"requires a custom ACM certificate"),
]


@pytest.mark.parametrize(("factory", "message"), [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS])
def test_rule_raises_named_error(factory: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        factory()


@pytest.mark.parametrize("factory", [
    lambda: InferenceEndpoint("llama-8b", model=S3, instance_type="ml.g5.12xlarge", gpu=1),
    lambda: InferenceEndpoint("llama-8b", S3),  # everything but the name is keyword-only
    lambda: InferenceEndpoint("llama-8b", instance_type="ml.g5.12xlarge"),  # model is required
    lambda: JumpStartEndpoint("js", model_id="m", instance_type="ml.g5.12xlarge"),  # accept_eula is required
    lambda: JumpStartEndpoint("js", model_id="m", accept_eula=True, instance_type="ml.g5.12xlarge", image="x"),
    lambda: KvCache(l3=True),
    lambda: L2Cache(backend=L2Backend.REDIS, host="x"),
    lambda: IntelligentRouting(Routing.KV_AWARE),
    lambda: Metrics(port=8080),
    lambda: RequestLimits(max_concurrent_requests=4, queue=2),
    lambda: LoadBalancer(idle_timeout_ms=60),
    lambda: Tls(certificate_arn=ACM_ARN),
    lambda: HttpProbe(path="/health", initial_delay=5),
    lambda: ModelSource.s3(BUCKET, "x/", uri="s3://my-models/x/"),
], ids=["endpoint-unknown", "endpoint-positional", "endpoint-model-required", "js-eula-required", "js-unknown",
        "kv-cache", "l2-cache", "routing-positional", "metrics", "request-limits", "load-balancer", "tls", "probe",
        "model-source"])
def test_unknown_or_missing_keyword_arguments_are_type_errors(factory: Callable[[], Any]) -> None:
    with pytest.raises(TypeError):
        factory()


# ---- cross-checks that need the platform ---------------------------------------------------------------

def test_instance_type_must_be_served_by_a_group() -> None:
    (problem,) = endpoint_problems(VIEW, endpoint(instance_type="ml.g6e.12xlarge"))
    assert problem == ("endpoint 'llama-8b': instance_type='ml.g6e.12xlarge' is not allowed; an instance type served by "
                       "an instance group; the platform's groups run: ml.g5.12xlarge, ml.g5.8xlarge, ml.m5.2xlarge, "
                       "ml.p5.48xlarge")
    problems = endpoint_problems(VIEW, endpoint(instance_type=None, instance_types=["ml.g5.12xlarge", "ml.g6.12xlarge"]))
    assert len(problems) == 1 and "instance_types[1]='ml.g6.12xlarge'" in problems[0]


def test_mig_partition_must_be_provided_by_a_group() -> None:
    ask = endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="mig-1g.10gb")
    (problem,) = endpoint_problems(VIEW, ask)
    assert re.search(r"accelerator_partition='mig-1g.10gb' .*no ml.p5.48xlarge instance group is partitioned with "
                     r"1g.10gb", problem)
    # all-3g.40gb on ml.p5.48xlarge: 2 slices per GPU x 8 GPUs x max_count 2 = 32; 40 replicas do not fit.
    big = endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb",
                   autoscaling=Autoscaling(min_replicas=1, max_replicas=40))
    (problem,) = endpoint_problems(VIEW, big)
    assert "provide 32 x 3g.40gb at max count" in problem and "need 40 at max replicas" in problem
    js = jumpstart(instance_type="ml.p5.48xlarge", accelerator_partition="mig-2g.20gb")
    assert any("no ml.p5.48xlarge instance group is partitioned with 2g.20gb" in p for p in endpoint_problems(VIEW, js))


def test_whole_gpus_on_a_fully_partitioned_group() -> None:
    mig_rule, capacity_rule = endpoint_problems(VIEW, endpoint(instance_type="ml.p5.48xlarge", gpus=1))
    assert "every group of that type is MIG-partitioned" in mig_rule
    assert "whole GPUs needed (gpus x min_replicas)=1 is not allowed" in capacity_rule  # the whole-GPU capacity rule, once


def test_tiered_storage_l2_needs_tiered_storage_on_the_cluster() -> None:
    view = ResolvedPlatform(instance_groups=VIEW.instance_groups)
    tiered = KvCache(l2=L2Cache.tiered_storage())
    (problem,) = endpoint_problems(view, endpoint(kv_cache=tiered))
    assert problem.startswith("endpoint 'llama-8b': kv_cache.l2='tieredstorage' is not allowed; L2 tiered storage needs "
                              "the HyperPod cluster's TieredStorageConfig (Mode=Enable)")
    assert endpoint_problems(view, jumpstart(kv_cache=tiered)) == [problem.replace("'llama-8b'", "'deepseek'")]
    assert endpoint_problems(VIEW, endpoint(kv_cache=tiered)) == []


def test_prometheus_trigger_needs_an_amp_query_url() -> None:
    scaling = Autoscaling(min_replicas=1, max_replicas=3, trigger=PrometheusTrigger.concurrent_requests())
    (problem,) = endpoint_problems(BARE_VIEW, endpoint(autoscaling=scaling))
    assert "autoscaling.triggers['concurrent-requests'].server_address=None" in problem
    assert "observability=Observability()" in problem
    router = IntelligentRouting(autoscaling=Autoscaling(trigger=PrometheusTrigger(
        name="router", query="sum(up)", target_value=5)))
    (problem,) = endpoint_problems(BARE_VIEW, endpoint(routing=router))
    assert problem.startswith("endpoint 'llama-8b' router: autoscaling.triggers['router'].server_address=None")
    assert endpoint_problems(BARE_VIEW, jumpstart(autoscaling=scaling)) != []


def test_fsx_source_needs_a_model_store_or_a_file_system() -> None:
    fsx = endpoint(model=ModelSource.fsx("llama/"))
    (problem,) = endpoint_problems(BARE_VIEW, fsx)
    assert "model='ModelSource.fsx()' is not allowed; the platform has no model store" in problem
    # Rendering goes on without a file system; the rule refuses the app at synth and at export.
    assert "fsxStorage" not in render_endpoint(resolve_endpoint(fsx, BARE_VIEW))["spec"]["modelSourceConfig"]


# ---- warnings -----------------------------------------------------------------------------------------

def test_routing_and_kv_cache_on_a_non_vllm_image_warn() -> None:
    tgi = endpoint(image="ghcr.io/huggingface/text-generation-inference:3.3.4", routing=Routing.PREFIX_AWARE,
                   kv_cache=KvCache())
    (warning,) = tgi.warnings()
    assert warning.startswith("endpoint 'llama-8b': kv_cache and routing work only with vLLM-based containers")
    assert "vllm_based=True" in warning
    assert endpoint(image="my-registry/llm:1", vllm_based=True, routing=Routing.SESSION).warnings() == []
    # Not asked for: a non-vLLM image gets neither, and no warning.
    plain = endpoint(image="ghcr.io/huggingface/text-generation-inference:3.3.4")
    assert plain.defaults.kv_cache is None and plain.defaults.routing is None and plain.warnings() == []


def test_scale_to_zero_without_activation_threshold_warns() -> None:
    scaling = Autoscaling(min_replicas=0, max_replicas=2, trigger=CloudWatchTrigger(
        name="invocations", metric_name="Invocations", target_value=10, dimensions={"EndpointName": "llama"}))
    warnings = endpoint(autoscaling=scaling, sagemaker_endpoint_name="llama").warnings()
    assert any("activation_target_value 0/unset" in w for w in warnings)
    assert any("activation_target_value 0/unset" in w
               for w in jumpstart(autoscaling=scaling, sagemaker_endpoint_name="llama").warnings())


def test_tiered_storage_isolation_warning() -> None:
    warnings = endpoint(kv_cache=KvCache(l2=L2Cache.tiered_storage())).warnings()
    assert any("no isolation" in w and "not encrypted at rest" in w for w in warnings)


def test_routing_metrics_advice() -> None:
    (off,) = endpoint(metrics=Metrics(enabled=False)).warnings()
    assert "intelligent routing with metrics off" in off
    (other_port,) = endpoint(metrics=Metrics(model_metrics_port=9000)).warnings()
    assert "model_metrics_port=9000 differs from the container port 8000" in other_port
    (low,) = endpoint(port=80).warnings()
    assert "port 80 is below 1024" in low
    assert render_endpoint(resolve_endpoint(endpoint(port=80), VIEW))["spec"]["metrics"] == {"enabled": True}


def test_jumpstart_kv_aware_warns() -> None:
    warnings = jumpstart(routing=Routing.KV_AWARE).warnings()
    assert any("kvaware routing supports only the /completions" in w for w in warnings)


def test_cache_config_file_overrides_warning() -> None:
    warnings = endpoint(kv_cache=KvCache(l2=L2Cache.redis("redis://c:6379"), cache_config_file="/etc/lmcache.yaml"))\
        .warnings()
    assert any("cache_config_file overrides l1/l2" in w for w in warnings)


# ---- small behaviours -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("image", "expected"), [
    ("lmcache/vllm-openai:v0.4.3", True),
    ("vllm/vllm-openai:v0.19.1", True),
    ("public.ecr.aws/deep-learning-containers/vllm:0.11-gpu-py312", True),
    ("123456789012.dkr.ecr.us-west-2.amazonaws.com/team/vllm-custom@sha256:" + "a" * 64, True),
    ("ghcr.io/huggingface/text-generation-inference:3.3.4", False),
    ("763104351884.dkr.ecr.us-west-2.amazonaws.com/djl-inference:0.33.0-lmi15.0.0-vllm", False),  # tag only
    ("${Token[TOKEN.123]}", False),
])
def test_looks_like_vllm(image: str, expected: bool) -> None:
    assert looks_like_vllm(image) is expected


def test_kv_aware_defaults_invocation_path_to_completions() -> None:
    kv = endpoint(routing=Routing.KV_AWARE)
    assert kv.defaults.invocation_path == "/completions"
    assert endpoint(routing=Routing.KV_AWARE, invocation_path="completions").defaults.invocation_path == "completions"


def test_routing_strings_and_shorthand_normalise() -> None:
    assert endpoint(routing="session").defaults.routing == IntelligentRouting(strategy=Routing.SESSION)
    assert endpoint(routing=None).defaults.routing is None


def test_non_default_port_is_passed_to_vllm() -> None:
    assert endpoint(port=8081).defaults.args == ("/opt/ml/model", "--port", "8081")


def test_cdk_tokens_skip_pattern_checks() -> None:
    token = "${Token[TOKEN.42]}"
    manifest = render_endpoint(resolve_endpoint(endpoint(model=ModelSource.s3(stand_in_bucket(token), "llama/"),
                                        tls=Tls.acm(token, "llm.example.com"), sagemaker_endpoint_name=token), VIEW))
    assert manifest["spec"]["modelSourceConfig"]["s3Storage"]["bucketName"] == token
    assert manifest["spec"]["modelSourceConfig"]["modelLocation"] == "llama"


def test_groups_without_mig_do_not_break_mig_checks() -> None:
    view = ResolvedPlatform(instance_groups=(InstanceGroup("h100", "ml.p5.48xlarge", count=1),))
    assert endpoint_problems(view, endpoint(instance_type="ml.p5.48xlarge", gpus=8)) == []


def test_metrics_off_keeps_operator_port() -> None:
    assert render_endpoint(resolve_endpoint(endpoint(metrics=Metrics(enabled=False)), VIEW))["spec"]["metrics"] == {"enabled": False}


def test_plan_facts() -> None:
    scaled = endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="3g.40gb",
                      autoscaling=Autoscaling(min_replicas=0, max_replicas=6))
    assert (scaled.min_pods, scaled.max_pods, scaled.partition_profile, scaled.gpu_request) == (0, 6, "3g.40gb", 0)
    (demand,) = resolve_endpoint(scaled, VIEW).demands
    assert (demand.instance_type, demand.partition, demand.max_replicas) == ("ml.p5.48xlarge", "3g.40gb", 6)
    fixed = endpoint(replicas=3, gpus=2)
    assert (fixed.min_pods, fixed.max_pods, fixed.partition_profile, fixed.gpu_request) == (3, 3, None, 2)
    assert endpoint(instance_type="ml.m5.2xlarge").gpu_request == 0
    js = jumpstart(instance_type="ml.p5.48xlarge", accelerator_partition="mig-1g.10gb")
    assert (js.min_pods, js.max_pods, js.partition_profile) == (1, 1, "1g.10gb")


def test_rendering_is_repeatable() -> None:
    llama = endpoint(autoscaling=Autoscaling(min_replicas=1, max_replicas=2,
                                             trigger=PrometheusTrigger.concurrent_requests()))
    assert render_endpoint(resolve_endpoint(llama, VIEW)) == render_endpoint(resolve_endpoint(llama, VIEW))
