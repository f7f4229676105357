"""Mistakes that used to synthesize and fail at deploy or run time, refused at synth with field, value and fix:
a SageMaker endpoint name registered twice, an FSx path outside the model store's folder, tiered storage that leaves
no room for the pods beside it, and node subnets too small for what the platform runs."""
from __future__ import annotations

import re
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2

from apps_support import VPC_ID, imported_bucket, s3_model, subnet_id, synth_problems
from hyperpod_constructs import (
    Autoscaling, ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, KvCache, L2Cache,
    ModelSource, ModelStore, Network, PrometheusTrigger, TieredStorage,
)
from hyperpod_constructs import rules
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore, ResolvedPlatform
from hyperpod_constructs.rules.tiered_storage import memory_gib
from hyperpod_constructs.resolve.subnets import SubnetRecord
from rule_support import with_endpoints
from support import stand_in_bucket

BUCKET = stand_in_bucket("my-models")
STORE = ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs.example", mount_name="abcdefgh",
                           claim_prefix="model-store", import_path="s3://my-models/")
P5 = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2, mig_config="all-3g.40gb")


def view(*groups: InstanceGroup, **facts: Any) -> ResolvedPlatform:
    return ResolvedPlatform.of(groups or (P5,), NodeAutoscaling(enabled=True), region="us-west-2", **facts)


def mig(name: str, **options: Any) -> InferenceEndpoint:
    options.setdefault("model", ModelSource.s3(BUCKET, f"{name}/"))
    return InferenceEndpoint(name, instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb", **options)


def rule(rule_id: str, platform: ResolvedPlatform) -> list[str]:
    return list(rules.RULES[rule_id].check(platform))


# ---- one SageMaker endpoint name per endpoint -------------------------------------------------------------------

def test_a_sagemaker_endpoint_name_registered_twice_is_refused_on_the_second_endpoint() -> None:
    platform = with_endpoints(view(), mig("llama", sagemaker_endpoint_name="chat"),
                              mig("qwen", sagemaker_endpoint_name="chat"), mig("mistral", sagemaker_endpoint_name="m"))
    assert rule("sagemaker-endpoint-names-unique", platform) == [
        "endpoint 'qwen': sagemaker_endpoint_name='chat' is not allowed; a name of its own: endpoint 'llama' already "
        "registers SageMaker endpoint 'chat' (names are unique per account and region, and this endpoint's "
        "CloudWatch triggers would read the other's traffic); use e.g. sagemaker_endpoint_name='qwen'"]


def test_distinct_sagemaker_endpoint_names_pass() -> None:
    platform = with_endpoints(view(), mig("llama", sagemaker_endpoint_name="llama"), mig("qwen"),
                              mig("mistral", sagemaker_endpoint_name="mistral"))
    assert rule("sagemaker-endpoint-names-unique", platform) == []


# ---- FSx paths on the model store ------------------------------------------------------------------------------

def test_an_fsx_path_outside_the_model_store_folder_is_refused_with_the_path_that_works() -> None:
    platform = with_endpoints(view(model_store=STORE), mig("llama", model=ModelSource.fsx("llama-3.1-8b-instruct/")))
    assert rule("fsx-path-in-model-store", platform) == [
        "endpoint 'llama': model.path='llama-3.1-8b-instruct' is not allowed; a path under the model store's "
        "file_system_path '/models', where its linked S3 objects (the objects of s3://my-models/) appear; the "
        "weights are not at /llama-3.1-8b-instruct: use ModelSource.fsx('models/llama-3.1-8b-instruct/')"]


def test_the_file_system_root_is_not_where_the_weights_are() -> None:
    platform = with_endpoints(view(model_store=STORE), mig("llama", model=ModelSource.fsx()))
    [problem] = rule("fsx-path-in-model-store", platform)
    assert problem.startswith("endpoint 'llama': model.path=None is not allowed;")
    assert "the weights are not at the root: use ModelSource.fsx('models/<model>/')" in problem


@pytest.mark.parametrize("path", ["models/llama/", "/models/llama", "models"])
def test_paths_under_the_model_store_folder_pass(path: str) -> None:
    platform = with_endpoints(view(model_store=STORE), mig("llama", model=ModelSource.fsx(path)))
    assert rule("fsx-path-in-model-store", platform) == []


def test_a_custom_file_system_path_follows_the_store() -> None:
    store = ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs.example", mount_name="abcdefgh",
                               claim_prefix="model-store", file_system_path="/weights")
    platform = with_endpoints(view(model_store=store), mig("a", model=ModelSource.fsx("weights/a/")),
                              mig("b", model=ModelSource.fsx("models/b/")))
    assert [problem.split(":")[0] for problem in rule("fsx-path-in-model-store", platform)] == ["endpoint 'b'"]


def test_the_platform_refuses_the_path_at_synth_with_its_store_folder() -> None:
    def build(stack: cdk.Stack) -> None:
        platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[P5], node_autoscaling=True,
                                             model_store=ModelStore(bucket=imported_bucket(stack),
                                                                    file_system_path="/llm"))
        platform.add_endpoint(mig("llama", model=ModelSource.fsx("llama-3.1-8b-instruct/")))
    report = synth_problems(build)
    assert ("endpoint 'llama': model.path='llama-3.1-8b-instruct' is not allowed; a path under the model store's "
            "file_system_path '/llm'") in report
    assert "use ModelSource.fsx('llm/llama-3.1-8b-instruct/')" in report


# ---- tiered storage beside the pods ----------------------------------------------------------------------------

def tiered(percent: int) -> dict[str, Any]:
    return {"cluster": ClusterSettings(tiered_storage=TieredStorage(memory_percent=percent))}


def l2_mig(name: str, max_replicas: int, **options: Any) -> InferenceEndpoint:
    return mig(name, kv_cache=KvCache(l2=L2Cache.tiered_storage()),
               autoscaling=Autoscaling(min_replicas=0, max_replicas=max_replicas,
                                       triggers=(PrometheusTrigger.concurrent_requests(target=10),)), **options)


def test_tiered_storage_at_90_percent_beside_16_mig_pods_of_98_gib_is_refused() -> None:
    platform = with_endpoints(view(prometheus_query_url="https://aps.example", **tiered(90)), l2_mig("llama", 16))
    assert rule("tiered-storage-memory", platform) == [
        "cluster.tiered_storage: memory_percent=90 is not allowed; a share that leaves room for the pods beside it: "
        "the tiered-storage daemon requests 90 % of each ml.p5.48xlarge node's 2048 GiB (1843 GiB), and 16 pod(s) of "
        "'llama' on one node request 16 x 98 GiB = 1568 GiB, 1363 GiB more than the node has, so pods stay pending; "
        "lower memory_percent to at most 23, or set memory= on 'llama' to at most 12Gi, or lower its max_replicas"]


def test_the_same_pods_fit_beside_the_default_share_and_fewer_pods_fit_beside_more() -> None:
    assert rule("tiered-storage-memory", with_endpoints(
        view(prometheus_query_url="https://aps.example", **tiered(20)), l2_mig("llama", 16))) == []
    # Four pods per node at most (max_replicas): 4 x 98 GiB beside 70 % of 2048 GiB fits.
    assert rule("tiered-storage-memory", with_endpoints(
        view(prometheus_query_url="https://aps.example", **tiered(70)), l2_mig("llama", 4))) == []


def test_an_endpoint_without_l2_on_the_daemon_nodes_counts_too() -> None:
    platform = with_endpoints(view(prometheus_query_url="https://aps.example", **tiered(90)), l2_mig("llama", 1),
                              mig("batch", replicas=16))
    assert [problem.split("; ")[1].split(" pod(s) of ")[1].split(" ")[0]
            for problem in rule("tiered-storage-memory", platform)] == ["'batch'"]


def tp2_on_p5(**options: Any) -> InferenceEndpoint:
    """A TP-2 endpoint filling a p5 (four pods of two GPUs on each node), with the default pod memory."""
    return InferenceEndpoint("llama", model=ModelSource.s3(BUCKET, "llama/"), instance_type="ml.p5.48xlarge",
                             gpus=2, replicas=4, kv_cache=KvCache(l2=L2Cache.tiered_storage()), **options)


def pod_memory(platform: ResolvedPlatform) -> str:
    (endpoint,) = platform.endpoints
    return dict(endpoint.spec.resources.requests)["memory"]  # type: ignore[union-attr]


@pytest.mark.parametrize("percent, memory", [
    (None, "358Gi"),  # TieredStorage(): 20 %; 2048 GiB x 2/8 x (90 % - 20 %) = 358.4
    (10, "409Gi"),    # 2048 x 2/8 x 80 %
])
def test_the_default_pod_memory_leaves_the_tiered_storage_share(percent: Any, memory: str) -> None:
    settings = {"cluster": ClusterSettings(tiered_storage=TieredStorage(memory_percent=percent))}
    platform = with_endpoints(view(InstanceGroup("p5", "ml.p5.48xlarge", count=1), **settings), tp2_on_p5())
    assert pod_memory(platform) == memory
    assert rule("tiered-storage-memory", platform) == []  # four pods and the daemon fit the node
    # Without tiered storage the pod takes its whole share of the node (90 %: 460 GiB).
    assert pod_memory(with_endpoints(view(InstanceGroup("p5", "ml.p5.48xlarge", count=1)), tp2_on_p5())) == "460Gi"


def test_a_pod_memory_given_beside_tiered_storage_is_still_checked() -> None:
    platform = with_endpoints(view(InstanceGroup("p5", "ml.p5.48xlarge", count=1), **tiered(20)),
                              tp2_on_p5(memory="460Gi"))
    (problem,) = rule("tiered-storage-memory", platform)
    assert "4 pod(s) of 'llama' on one node request 4 x 460 GiB = 1840 GiB, 202 GiB more than the node has" in problem


def test_memory_quantities_are_read_in_gib() -> None:
    assert (memory_gib("98Gi"), memory_gib("1Ti"), memory_gib("512Mi"), memory_gib(str(2 ** 30))) == (98, 1024, 0.5, 1)
    assert memory_gib("1e3") is None


# ---- node subnets ----------------------------------------------------------------------------------------------

def subnets(*cidrs: str) -> tuple[SubnetRecord, ...]:
    return tuple(SubnetRecord(subnet_id(index + 1), cidr) for index, cidr in enumerate(cidrs))


def test_subnets_too_small_for_nodes_pods_and_the_file_system_are_refused() -> None:
    groups = (InstanceGroup("system", "ml.m5.2xlarge", count=2), InstanceGroup("l40s", "ml.g6e.12xlarge", count=0,
                                                                                   max_count=20))
    platform = with_endpoints(
        view(*groups, model_store=STORE, subnets=subnets("10.0.0.0/27", "10.0.0.32/27")),
        InferenceEndpoint("qwen", model=ModelSource.s3(BUCKET, "qwen/"), instance_type="ml.g6e.12xlarge",
                          replicas=40, gpus=2))
    # 2 + 20 nodes, 40 pods and the file system: 63 addresses; two /27 subnets hold 2 x (32 - 5) = 54.
    assert rule("subnet-addresses", platform) == [
        "network: subnets='2 subnet(s) (10.0.0.0/27, 10.0.0.32/27) with 54 usable addresses' is not allowed; "
        "subnets with at least 63 IPv4 addresses for what the platform runs at full scale (22 node(s) at count or "
        "max_count, 40 endpoint pod(s) at max replicas, 1 for the model store; AWS keeps 5 of each subnet): pass "
        "larger subnets (a /25 holds that many), or lower max_count or max_replicas"]
    roomy = with_endpoints(view(*groups, model_store=STORE, subnets=subnets("10.0.0.0/26", "10.0.0.64/27")),
                           InferenceEndpoint("qwen", model=ModelSource.s3(BUCKET, "qwen/"),
                                             instance_type="ml.g6e.12xlarge", replicas=40, gpus=2))
    assert rule("subnet-addresses", roomy) == []  # 59 + 27 = 86


def test_subnets_of_unknown_range_without_the_vpcs_range_are_not_judged() -> None:
    platform = view(InstanceGroup("l40s", "ml.g6e.12xlarge", count=50),
                    subnets=(SubnetRecord(subnet_id(1), "10.0.0.0/28"), SubnetRecord(subnet_id(2), None)))
    assert rule("subnet-addresses", platform) == []


def test_subnets_of_unknown_range_are_judged_against_the_vpcs_own_range() -> None:
    """Subnets imported by id alone lie inside the VPC: a /26 VPC (64 addresses, 5 kept in each of 2 subnets)
    holds at most 54, fewer than 60 nodes and the file system need."""
    unknown = (SubnetRecord(subnet_id(1), None), SubnetRecord(subnet_id(2), None))
    platform = view(InstanceGroup("l40s", "ml.g6e.12xlarge", count=60), model_store=STORE, subnets=unknown,
                    vpc_cidr_block="10.0.0.0/26")
    assert rule("subnet-addresses", platform) == [
        "network: vpc='10.0.0.0/26 (64 addresses)' is not allowed; a VPC range with at least 71 IPv4 addresses: the "
        "platform needs 61 at full scale (60 node(s) at count or max_count, 0 endpoint pod(s) at max replicas, 1 for "
        "the model store), and its 2 subnet(s), of ranges unknown at synth, lie inside the VPC's range, with 5 "
        "addresses of each kept by AWS, so they hold at most 54: use a larger VPC, or lower max_count or "
        "max_replicas; subnets in a secondary CIDR block of the VPC: import them with their ranges "
        "(ec2.Subnet.from_subnet_attributes(..., ipv4_cidr_block=...)) so that they are counted instead"]
    roomy = view(InstanceGroup("l40s", "ml.g6e.12xlarge", count=60), model_store=STORE, subnets=unknown,
                 vpc_cidr_block="10.0.0.0/25")
    assert rule("subnet-addresses", roomy) == []  # 128 - 10 = 118
    # Known subnet ranges are counted themselves; the VPC's range is only the fallback.
    known = view(InstanceGroup("l40s", "ml.g6e.12xlarge", count=50), subnets=subnets("10.0.0.0/28"),
                 vpc_cidr_block="10.0.0.0/16")
    assert rule("subnet-addresses", known)[0].startswith("network: subnets='1 subnet(s) (10.0.0.0/28)")


def test_the_platform_reads_the_vpcs_range_when_the_subnets_come_by_id_alone() -> None:
    def build(stack: cdk.Stack) -> None:
        vpc = ec2.Vpc.from_vpc_attributes(stack, "Vpc", vpc_id=VPC_ID, availability_zones=["us-west-2a"],
                                          vpc_cidr_block="10.0.0.0/27", private_subnet_ids=[subnet_id(1)])
        platform = HyperPodInferencePlatform(stack, "Platform", network=Network(vpc=vpc),
                                             instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=4)])
        platform.add_endpoint(InferenceEndpoint("qwen", model=s3_model(stack, "qwen/"),
                                                instance_type="ml.g6e.12xlarge", replicas=24, gpus=2))
    report = synth_problems(build)
    assert re.search(r"network: vpc='10\.0\.0\.0/27 \(32 addresses\)' is not allowed; a VPC range with at least "
                     r"33 IPv4 addresses: the platform needs 28", report), report


def test_the_platform_reads_the_ranges_of_the_subnets_it_is_given() -> None:
    def build(stack: cdk.Stack) -> None:
        vpc = ec2.Vpc.from_vpc_attributes(stack, "Vpc", vpc_id=VPC_ID, availability_zones=["us-west-2a"],
                                          private_subnet_ids=[subnet_id(1)])
        small = ec2.Subnet.from_subnet_attributes(stack, "Small", subnet_id=subnet_id(1),
                                                  availability_zone="us-west-2a", ipv4_cidr_block="10.0.0.0/28")
        platform = HyperPodInferencePlatform(stack, "Platform", network=Network(vpc=vpc, subnets=[small]),
                                             instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=4)])
        platform.add_endpoint(InferenceEndpoint("qwen", model=s3_model(stack, "qwen/"),
                                                instance_type="ml.g6e.12xlarge", replicas=8, gpus=2))
    report = synth_problems(build)
    assert re.search(r"network: subnets='1 subnet\(s\) \(10\.0\.0\.0/28\) with 11 usable addresses' is not "
                     r"allowed; subnets with at least 12 IPv4 addresses", report), report


def test_the_created_vpc_and_subnets_imported_by_id_alone_pass() -> None:
    stack = cdk.Stack(cdk.App(), "Roomy")
    HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=4)])
    cdk.App.of(stack).synth()  # two /18 private subnets
