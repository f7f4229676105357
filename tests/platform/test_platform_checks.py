"""Cross-resource rules: `cdk synth` lists every problem at once, each naming construct, field, value, rule."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import aws_cdk as cdk
import pytest

from apps_support import VPC_ID, imported_cluster, imported_vpc, s3_model, subnet_id, synth_problems
from hyperpod_constructs import (
    Autoscaling, ClusterSettings, Eks, HyperPodHelmChart, HyperPodInferencePlatform, HyperPodValidationError,
    InferenceEndpoint, InferenceOperatorOptions, InstanceGroup, KvCache, L2Cache, ModelSource, Network,
    PrometheusTrigger,
)
from hyperpod_constructs.errors import HyperPodProblems
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from rule_support import with_endpoints
from support import stand_in_bucket


def llama(scope: Any, **overrides: Any) -> InferenceEndpoint:
    args: dict[str, Any] = dict(model=s3_model(scope, "llama/"), instance_type="ml.p5.48xlarge",
                                accelerator_partition="mig-3g.40gb")
    args.update(overrides)
    return InferenceEndpoint("llama-8b", **args)


@pytest.fixture(scope="module")
def report() -> str:
    """One app with many independent mistakes: all of them must be reported together."""
    def build(stack: cdk.Stack) -> None:
        platform = HyperPodInferencePlatform(
            stack, "Platform",
            instance_groups=[
                InstanceGroup("system", "ml.m5.2xlarge", count=1),
                # autoscaled but does not start at 0, and runs deep health checks
                InstanceGroup("h100", "ml.p5.48xlarge", count=1, max_count=2, mig_config="all-3g.40gb",
                              deep_health_checks=("InstanceStress",)),
            ],
            node_autoscaling=True,
            cluster=ClusterSettings(node_provisioning_mode=None, node_recovery="None"),
            operator=InferenceOperatorOptions(helm_chart=HyperPodHelmChart()),  # no GPU operator although MIG
        )
        platform.add_endpoint(llama(platform,
            # L2 tiered storage without the cluster's TieredStorageConfig
            kv_cache=KvCache(l2=L2Cache.tiered_storage()),
            # 40 slices at max replicas; the group offers 2 nodes x 16
            autoscaling=Autoscaling(min_replicas=1, max_replicas=40,
                                    triggers=(PrometheusTrigger.concurrent_requests(target=10),)),
        ))
        platform.add_endpoint(InferenceEndpoint("qwen", model=s3_model(stack, "qwen/"),
                                                instance_type="ml.g6e.12xlarge", gpus=1))
    return synth_problems(build)


@pytest.mark.parametrize("expected", [
    # instance type no group runs
    r"endpoint 'qwen': instance_type='ml\.g6e\.12xlarge' is not allowed; an instance type served by an instance "
    r"group; the platform's groups run: ml\.m5\.2xlarge, ml\.p5\.48xlarge",
    # MIG capacity across groups
    r"mig-3g\.40gb",
    r"40",
    # tiered storage
    r"endpoint 'llama-8b': .*tieredstorage.*TieredStorage",
    # Prometheus trigger without AMP
    r"autoscaling\.triggers\['concurrent-requests'\]\.server_address=None is not allowed; set server_address "
    r"\(an AMP workspace's query URL\), or turn on the platform's observability=Observability\(\)",
    # Karpenter rules
    r"instance group 'h100': count=1 is not allowed; 0 for a Karpenter-autoscaled group",
    r"deep_health_checks",
    r"node_provisioning_mode=None is not allowed; 'Continuous' when node autoscaling \(Karpenter\) is enabled",
    r"cluster: node_recovery='None' is not allowed; 'Automatic' when node autoscaling \(Karpenter\) is enabled",
    # MIG needs the GPU operator
    r"platform: operator\.helm_chart\.enable_gpu_operator=False is not allowed; True while an instance group has mig_config",
])
def test_every_problem_is_reported_in_one_synth(report: str, expected: str):
    assert re.search(expected, report, re.S), f"missing {expected!r} in:\n{report}"


def test_problems_name_the_construct_and_are_not_repeated(report: str):
    lines = [line.strip() for line in report.splitlines() if line.strip().startswith("[Checks/Platform]")]
    assert len(lines) == len(set(lines)) >= 8


def test_a_clean_platform_has_no_problems():
    app = cdk.App()
    stack = cdk.Stack(app, "Clean")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb")])
    platform.add_endpoint(llama(platform))
    app.synth()  # raises on any problem
    assert len(platform.charts) == 1


def test_duplicate_endpoint_names_are_rejected_eagerly():
    stack = cdk.Stack(cdk.App(), "Dup")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb")])
    platform.add_endpoint(llama(platform))
    with pytest.raises(HyperPodValidationError,
                       match=r"endpoint\.name='llama-8b' is not allowed; a name not used by another endpoint in "
                             r"namespace 'default'"):
        platform.add_endpoint(llama(platform))


def test_the_model_refuses_any_earlier_name_in_the_namespace_and_allows_it_in_another():
    groups = (InstanceGroup("g5", "ml.g5.12xlarge", count=2),)
    model = with_endpoints(ResolvedPlatform.of(groups, NodeAutoscaling()),
                           *(InferenceEndpoint(name, model=ModelSource.s3(stand_in_bucket("m"), "m/"),
                                               instance_type="ml.g5.12xlarge", gpus=1) for name in ("a", "b", "c")))
    first = model.endpoints[0]
    with pytest.raises(HyperPodValidationError, match=r"endpoint\.name='a' is not allowed; a name not used by another "
                                                      r"endpoint in namespace 'default'"):
        model.with_endpoint(first)  # the first of three, not only the last added
    elsewhere = dataclasses.replace(first, namespace="team-b")
    assert model.with_endpoint(elsewhere).endpoints[-1] is elsewhere
    # A model made with its endpoints at once (not one by one) knows their names too.
    with pytest.raises(HyperPodValidationError, match=r"endpoint\.name='b' is not allowed"):
        ResolvedPlatform.of(groups, NodeAutoscaling(), endpoints=model.endpoints).with_endpoint(model.endpoints[1])


def test_namespace_must_be_a_kubernetes_name():
    with pytest.raises(HyperPodValidationError, match=r"namespace='Team_A' is not allowed; a Kubernetes namespace"):
        HyperPodInferencePlatform(cdk.Stack(cdk.App(), "Ns"), "Platform", namespace="Team_A",
                                  instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])


def existing(cluster: Any) -> ClusterSettings:
    return ClusterSettings(eks=Eks.existing(cluster, authentication_mode="API", kubernetes_version="1.32"))


def test_existing_cluster_needs_its_oidc_provider():
    stack = cdk.Stack(cdk.App(), "Byo")
    cluster = imported_cluster(stack, imported_vpc(stack), oidc=False, cluster_name="prod")
    with pytest.raises(HyperPodValidationError, match=r"Byo/Platform: cluster\.eks\.cluster='prod' is not allowed; a "
                                                      r"cluster imported with open_id_connect_provider= \(its IAM OIDC "
                                                      r"provider: the inference operator's roles trust it\)"):
        HyperPodInferencePlatform(stack, "Platform", cluster=existing(cluster),
                                  instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])


def test_existing_cluster_needs_its_vpc():
    stack = cdk.Stack(cdk.App(), "Byo")
    with pytest.raises(HyperPodValidationError, match=r"Byo/Platform: cluster\.eks\.cluster='c' is not allowed; a "
                                                      r"cluster imported with vpc= .*HyperPod nodes and deploy-time "
                                                      r"functions join its VPC"):
        HyperPodInferencePlatform(stack, "Platform", cluster=existing(imported_cluster(stack)),
                                  instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])


def test_network_vpc_must_be_the_existing_clusters():
    from aws_cdk import aws_ec2 as ec2

    stack = cdk.Stack(cdk.App(), "Byo")
    other = ec2.Vpc.from_vpc_attributes(stack, "Other", vpc_id="vpc-2", availability_zones=["us-west-2a"],
                                        private_subnet_ids=["subnet-9"])
    with pytest.raises(HyperPodValidationError, match=r"Byo/Platform: network\.vpc='vpc-2' is not allowed; the existing "
                                                      rf"cluster's VPC \({VPC_ID}\) or None \(use the cluster's\)"):
        HyperPodInferencePlatform(stack, "Platform", network=Network(vpc=other),
                                  cluster=existing(imported_cluster(stack, imported_vpc(stack))),
                                  instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])


def test_existing_cluster_lends_its_vpc_to_the_network():
    stack = cdk.Stack(cdk.App(), "Byo")
    vpc = imported_vpc(stack)
    platform = HyperPodInferencePlatform(stack, "Platform", cluster=existing(imported_cluster(stack, vpc)),
                                         operator=InferenceOperatorOptions(helm_chart=None),
                                         instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])
    assert platform.network.vpc.vpc_id == VPC_ID and platform.network.created_vpc is None
    assert [subnet.subnet_id for subnet in platform.network.hyperpod_subnets] == [subnet_id(1), subnet_id(2)]
    assert platform.dependencies is None


def test_instance_group_limits_are_enforced():
    report = synth_problems(lambda stack: HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("gpu", "ml.g6e.xlarge"), InstanceGroup("gpu", "ml.g6e.2xlarge")]), "Names")
    assert ("platform: instance_groups[1].name='gpu' is not allowed; a name of its own: duplicate of "
            "instance_groups[0].name (every instance group needs a unique name)") in report
    with pytest.raises(HyperPodValidationError, match=r"instance_groups='0 groups' is not allowed; 1 to 100"):
        HyperPodInferencePlatform(cdk.Stack(cdk.App(), "None"), "Platform", instance_groups=[])
    with pytest.raises(HyperPodValidationError, match=r"instance_groups='101 groups' is not allowed; 1 to 100"):
        HyperPodInferencePlatform(cdk.Stack(cdk.App(), "Many"), "Platform", instance_groups=[
            InstanceGroup(f"g{i}", "ml.m5.large") for i in range(101)])


def test_advice_is_a_warning_annotation():
    from aws_cdk.assertions import Annotations, Match

    from hyperpod_constructs import Routing

    stack = cdk.Stack(cdk.App(), "Advice")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint(
        "custom-server", model=s3_model(stack), instance_type="ml.g6e.12xlarge", gpus=1,
        image="123456789012.dkr.ecr.us-west-2.amazonaws.com/my-server:1", routing=Routing.ROUND_ROBIN,
        autoscaling=Autoscaling(min_replicas=0, max_replicas=2, triggers=(
            PrometheusTrigger.concurrent_requests(target=5, activation=None,
                                                  server_address="https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"),))))
    annotations = Annotations.from_stack(stack)
    annotations.has_warning("/Advice/Platform/custom-server", Match.string_like_regexp(
        "endpoint 'custom-server': routing works only with vLLM-based containers, and image .* is not recognisably"))
    annotations.has_warning("/Advice/Platform/custom-server", Match.string_like_regexp(
        "endpoint 'custom-server': autoscaling.min_replicas=0 but triggers .* scale-from-zero needs an activation"))


def test_each_problem_is_listed_once(report: str) -> None:
    """The MIG capacity rule runs once over every endpoint (it used to run per endpoint too, its repeats removed by
    comparing messages); each problem line of the report is different."""
    problems = [line.strip() for line in report.splitlines() if "is not allowed;" in line]
    assert len(problems) == len(set(problems)) and len(problems) >= 8
    assert sum("accelerator_partition='mig-3g.40gb'" in problem for problem in problems) == 1


def test_export_refuses_what_synth_refuses(tmp_path: Any) -> None:
    stack = cdk.Stack(cdk.App(), "ExportProblems")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb")])
    platform.add_endpoint(llama(platform))
    platform.add_endpoint(InferenceEndpoint("qwen", model=ModelSource.fsx("qwen/"), instance_type="ml.p5.48xlarge",
                                            accelerator_partition="mig-3g.40gb"))  # no model store
    with pytest.raises(HyperPodProblems) as raised:
        platform.export(tmp_path / "dist", picture=False)
    assert raised.value.problems == (
        "endpoint 'qwen': model='ModelSource.fsx()' is not allowed; the platform has no model store: give the platform "
        "a ModelStore, or pass file_system=fsx.IFileSystem",)
    assert not (tmp_path / "dist").exists()
