"""Disaggregated prefill/decode: one negative test per rule (by its message), the rendered pdSpec against the CRD,
plan rows, dashboard panels and alerts per side."""
from __future__ import annotations

from rule_support import endpoint_problems

import dataclasses
from typing import Any, Callable

import promql_parser
import pytest
import yaml

from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.observability import alerts, dashboards, slo_series
from hyperpod_constructs.platform.plan import Plan
from hyperpod_constructs.intent.autoscaling import Autoscaling, PrometheusTrigger
from hyperpod_constructs.intent.disaggregation import DisaggregatedServing, DisaggregatedWorker, Topology
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.rules.mig_checks import check_partition_capacity
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from hyperpod_constructs.intent.routing import Routing
from hyperpod_constructs.k8s.model_deployment import render_endpoint
from support import stand_in_bucket, validate_manifest

AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-abc123"
P5 = "ml.p5.48xlarge"
GROUPS = (
    InstanceGroup("system", "ml.m5.2xlarge", count=2),
    InstanceGroup("h100", P5, count=0, max_count=2),
    InstanceGroup("h100-mig", P5, count=0, max_count=1, mig_config="all-3g.40gb"),
    InstanceGroup("l40s", "ml.g6e.48xlarge", count=1),
)
VIEW = ResolvedPlatform.of(GROUPS, NodeAutoscaling(), region="us-west-2", prometheus_query_url=AMP, namespace="inference")


def worker(**overrides: Any) -> DisaggregatedWorker:
    props: dict[str, Any] = {"instance_type": P5, "instance_group": "h100", "gpus": 4, "efa_devices": 16}
    props.update(overrides)
    return DisaggregatedWorker(**props)


def serving(prefill: Any = None, decode: Any = None, **overrides: Any) -> DisaggregatedServing:
    return DisaggregatedServing(prefill=prefill or worker(), decode=decode or worker(), **overrides)


def endpoint(disaggregation: Any = None, **overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": ModelSource.s3(stand_in_bucket(), "llama-70b/"), "instance_type": P5, "gpus": 4,
                             "disaggregation": disaggregation if disaggregation is not None else serving()}
    props.update(overrides)
    return InferenceEndpoint(props.pop("name", "llama-70b"), **props)


# ---- construction-time errors -------------------------------------------------------------------------------

ERRORS: list[tuple[str, Callable[[], Any], str]] = [
    ("unknown-instance-type", lambda: endpoint(serving(prefill=worker(instance_type="ml.p9.96xlarge"))),
     r"^DisaggregatedWorker: instance_type='ml.p9.96xlarge' is not allowed; an instance type from the catalog"),
    ("cpu-instance-type", lambda: endpoint(serving(decode=worker(instance_type="ml.m5.2xlarge"))),
     r"^DisaggregatedWorker: instance_type='ml.m5.2xlarge' is not allowed; an NVIDIA GPU instance type"),
    ("no-efa", lambda: endpoint(serving(prefill=worker(instance_type="ml.g5.xlarge", gpus=1))),
     r"^DisaggregatedWorker: instance_type='ml.g5.xlarge' is not allowed; an instance type with EFA for the "
     r"KV-cache transfer"),
    ("too-many-gpus", lambda: endpoint(serving(decode=worker(gpus=9))),
     r"^DisaggregatedWorker: gpus=9 is not allowed; an integer from 1 to 8"),
    ("gpus-and-partition", lambda: endpoint(serving(prefill=worker(accelerator_partition="mig-3g.40gb"))),
     r"^DisaggregatedWorker: gpus=4 is not allowed; unset together with accelerator_partition"),
    ("partition-not-offered", lambda: endpoint(serving(prefill=worker(
        instance_type="ml.g6e.48xlarge", instance_group=None, gpus=None, accelerator_partition="mig-3g.40gb")),
        instance_types=(P5, "ml.g6e.48xlarge"), instance_type=None),
     r"^DisaggregatedWorker: accelerator_partition='mig-3g.40gb' is not allowed; ml.g6e.48xlarge .* has no MIG"),
    ("no-efa-devices", lambda: endpoint(serving(decode=worker(efa_devices=0))),
     r"^DisaggregatedWorker: efa_devices=0 is not allowed; an integer >= 1"),
    ("replicas-zero", lambda: endpoint(serving(prefill=worker(replicas=0))),
     r"^DisaggregatedWorker: replicas=0 is not allowed; an integer from 1 to"),
    ("args-string", lambda: endpoint(serving(prefill=worker(args="--tensor-parallel-size 4"))),
     r"^DisaggregatedWorker: args='--tensor-parallel-size 4' is not allowed; a list of strings"),
    ("autoscaling-type", lambda: endpoint(serving(decode=worker(autoscaling={"max_replicas": 2}))),
     r"^DisaggregatedWorker: autoscaling=\{'max_replicas': 2\} is not allowed; expected an Autoscaling"),
    ("threshold-negative", lambda: endpoint(serving(routing_threshold_tokens=-1)),
     r"^DisaggregatedServing: routing_threshold_tokens=-1 is not allowed; an integer from 0 to 2147483647"),
    ("availability-zone", lambda: endpoint(serving(topology=Topology(availability_zone="us-west-2"))),
     r"^Topology: availability_zone='us-west-2' is not allowed; an Availability Zone name"),
    ("placement-group", lambda: endpoint(serving(topology=Topology(placement_group="p" * 256))),
     r"^Topology: placement_group='p{256}' is not allowed; a placement group name of 1-255"),
    ("side-not-a-worker", lambda: endpoint(serving(prefill="p5")),
     r"^DisaggregatedServing: prefill='p5' is not allowed; expected a DisaggregatedWorker\(\.\.\.\), got str"),
    ("not-serving", lambda: endpoint(disaggregation={"prefill": worker()}),
     r"disaggregation=\{'prefill'.* is not allowed; expected a DisaggregatedServing\(\.\.\.\) or None, got dict"),
    ("endpoint-autoscaling", lambda: endpoint(autoscaling=Autoscaling(max_replicas=2)),
     r"autoscaling=Autoscaling\(.*\) is not allowed; None with disaggregation: prefill and decode pods scale separately"),
    ("endpoint-replicas", lambda: endpoint(replicas=2),
     r"replicas=2 is not allowed; None with disaggregation: set disaggregation.prefill.replicas"),
    ("side-type-not-endpoint-type", lambda: endpoint(serving(decode=worker(
        instance_type="ml.g6e.48xlarge", instance_group="l40s"))),
     r"disaggregation.decode.instance_type='ml.g6e.48xlarge' is not allowed; one of the endpoint's instance types "
     r"\(ml.p5.48xlarge\)"),
    ("kv-aware-routing", lambda: endpoint(routing=Routing.KV_AWARE, invocation_path="/completions"),
     r"routing='kvaware' is not allowed; prefixaware, session or roundrobin with disaggregation"),
]


@pytest.mark.parametrize("factory,message", [(f, m) for _, f, m in ERRORS], ids=[i for i, _, _ in ERRORS])
def test_construction_rule(factory: Callable[[], Any], message: str) -> None:
    """A value checks itself when built (its class names the location); the endpoint checks how they combine."""
    with pytest.raises(HyperPodValidationError, match=message) as error:
        factory()
    assert message.startswith("^") or str(error.value).startswith("endpoint 'llama-70b': ")


# ---- platform checks ----------------------------------------------------------------------------------------

def test_a_valid_endpoint_has_no_problems_and_no_warnings() -> None:
    ep = endpoint(serving(prefill=worker(autoscaling=Autoscaling(min_replicas=1, max_replicas=2, triggers=(
        PrometheusTrigger.concurrent_requests(target=8),))), decode=worker(replicas=2)))
    assert endpoint_problems(VIEW, ep) == []
    assert ep.warnings() == []


CHECKS: list[tuple[str, Callable[[], InferenceEndpoint], ResolvedPlatform, str]] = [
    ("no-group-of-type", lambda: endpoint(serving(prefill=worker(instance_group=None)), instance_type=None,
                                          instance_types=(P5,)),
     dataclasses.replace(VIEW, instance_groups=GROUPS[:1]),
     "disaggregation.prefill.instance_type='ml.p5.48xlarge' is not allowed; an instance type served by an instance "
     "group; the platform's groups run: ml.m5.2xlarge"),
    ("group-missing", lambda: endpoint(serving(decode=worker(instance_group="h200"))), VIEW,
     "disaggregation.decode.instance_group='h200' is not allowed; the name of an instance group; the platform has: "
     "system, h100, h100-mig, l40s"),
    ("group-of-other-type", lambda: endpoint(serving(decode=worker(instance_group="l40s"))), VIEW,
     "disaggregation.decode.instance_type='ml.p5.48xlarge' is not allowed; ml.g6e.48xlarge, the instance type of "
     "group 'l40s'"),
    ("ceiling", lambda: endpoint(serving(decode=worker(autoscaling=Autoscaling(min_replicas=1, max_replicas=4)))),
     VIEW,
     "disaggregation='20 whole GPUs at max replicas (prefill: 1 pod(s) x 4 + decode: 4 pod(s) x 4)' is not allowed; "
     "a demand the ml.p5.48xlarge group(s) h100 can hold at the ceiling: they offer 16 whole GPUs on 2 node(s); "
     "raise max_count or lower max_replicas"),
    ("floor", lambda: endpoint(serving(prefill=worker(replicas=2))),
     dataclasses.replace(VIEW, node_autoscaling=NodeAutoscaling(enabled=False),
                         instance_groups=(InstanceGroup("h100", P5, count=1, max_count=2),)),
     "disaggregation='12 whole GPUs at min replicas (prefill: 2 pod(s) x 4 + decode: 1 pod(s) x 4)' is not allowed; "
     "a demand the ml.p5.48xlarge group(s) h100 can hold at the floor: they offer 8 whole GPUs on 1 node(s); "
     "raise the groups' count, turn on node autoscaling, or lower min_replicas"),
    ("whole-gpus-on-mig-group", lambda: endpoint(serving(prefill=worker(instance_group="h100-mig"))), VIEW,
     "disaggregation.prefill.gpus=4 is not allowed; a pod that fits on one node: no ml.p5.48xlarge node of group(s) "
     "h100-mig has 4 whole GPU(s) outside MIG partitions (at most 0 per node)"),
    ("mig-floor", lambda: endpoint(serving(
        prefill=worker(instance_group="h100-mig", gpus=None, accelerator_partition="mig-3g.40gb", efa_devices=2),
        decode=worker(instance_group="h100-mig", gpus=None, accelerator_partition="mig-3g.40gb", efa_devices=2)),
        accelerator_partition="mig-3g.40gb", gpus=None),
     dataclasses.replace(VIEW, node_autoscaling=NodeAutoscaling(enabled=False)),
     "disaggregation='2 mig-3g.40gb slices at min replicas (prefill: 1 pod(s) x 1 + decode: 1 pod(s) x 1)' is not "
     "allowed; a demand the ml.p5.48xlarge group(s) h100-mig can hold at the floor: they offer 0 mig-3g.40gb slices "
     "on 0 node(s)"),
]


@pytest.mark.parametrize("factory,view,message", [(f, v, m) for _, f, v, m in CHECKS], ids=[i for i, *_ in CHECKS])
def test_platform_check(factory: Callable[[], InferenceEndpoint], view: ResolvedPlatform, message: str) -> None:
    problems = endpoint_problems(view, factory())
    assert any(problem.startswith("endpoint 'llama-70b': " + message) for problem in problems), problems


def test_mig_sides_count_in_the_platform_wide_slice_check() -> None:
    # h100-mig offers 2 GPUs x ... = 16 slices of 3g.40gb at max count 1 (8 GPUs x 2); ask for 10 + 10.
    side = lambda: worker(instance_group="h100-mig", gpus=None, accelerator_partition="mig-3g.40gb",  # noqa: E731
                          efa_devices=1, autoscaling=Autoscaling(min_replicas=0, max_replicas=10))
    ep = endpoint(serving(prefill=side(), decode=side()), accelerator_partition="mig-3g.40gb", gpus=None)
    demands = resolve_endpoint(ep, VIEW).demands
    assert [(d.name, d.partition, d.max_replicas) for d in demands] == [
        ("llama-70b/prefill", "3g.40gb", 10), ("llama-70b/decode", "3g.40gb", 10)]
    problems = check_partition_capacity(VIEW.instance_groups, demands)
    assert len(problems) == 1 and "provide 16 x 3g.40gb at max count" in problems[0]
    assert "need 20 at max replicas (llama-70b/prefill: 10 + llama-70b/decode: 10)" in problems[0]
    # Reported once (the platform-wide slice rule), not again from the disaggregation capacity rule.
    assert [problem for problem in endpoint_problems(VIEW, ep) if "3g.40gb" in problem] == problems


def test_prometheus_trigger_of_a_side_needs_a_workspace() -> None:
    ep = endpoint(serving(decode=worker(autoscaling=Autoscaling(max_replicas=2, triggers=(
        PrometheusTrigger.concurrent_requests(target=8),)))))
    problems = endpoint_problems(dataclasses.replace(VIEW, prometheus_query_url=None), ep)
    assert problems == ["endpoint 'llama-70b' decode: autoscaling.triggers['concurrent-requests'].server_address=None "
                        "is not allowed; set server_address (an AMP workspace's query URL), or turn on the "
                        "platform's observability=Observability(), whose AMP workspace the trigger then reads"]


# ---- warnings -----------------------------------------------------------------------------------------------

def test_warns_about_an_image_without_vllm() -> None:
    notes = endpoint(image="my-registry/my-server:1").warnings()
    assert any("disaggregation needs a worker image with vLLM, LMCache, NVIDIA NIXL" in note for note in notes)


def test_warns_about_efa_without_gpudirect_rdma() -> None:
    ep = endpoint(serving(prefill=worker(instance_type="ml.g6e.48xlarge", instance_group="l40s")),
                  instance_type=None, instance_types=(P5, "ml.g6e.48xlarge"))
    notes = ep.warnings()
    assert any("disaggregation.prefill.instance_type='ml.g6e.48xlarge' has EFA but is not one of the instance types"
               in note for note in notes), notes


def test_warns_when_sides_may_run_in_different_zones() -> None:
    notes = endpoint(serving(topology=Topology(same_az=False))).warnings()
    assert any("same_az=False lets prefill and decode pods run in different Availability Zones" in note
               for note in notes)


# ---- rendering ------------------------------------------------------------------------------------------------

def test_pd_spec_renders_per_the_crd() -> None:
    ep = endpoint(serving(
        prefill=worker(args=["--tensor-parallel-size", "4"], autoscaling=Autoscaling(min_replicas=1, max_replicas=2,
                       triggers=(PrometheusTrigger.concurrent_requests(target=8),))),
        decode=worker(instance_group=None, replicas=2, gpus=2, efa_devices=8, cpu="40", memory="400Gi"),
        routing_threshold_tokens=0, topology=Topology(same_az=True, availability_zone="us-west-2a",
                                                      placement_group="llm-cluster")))
    manifest = render_endpoint(resolve_endpoint(ep, VIEW))
    validate_manifest(manifest)
    pd = manifest["spec"]["pdSpec"]
    assert pd["prefillSpec"] == {
        "args": ["--tensor-parallel-size", "4"],
        "nodeSelector": {"node.kubernetes.io/instance-type": P5, "sagemaker.amazonaws.com/instance-group-name": "h100"},
        "resources": {"limits": {"nvidia.com/gpu": "4", "vpc.amazonaws.com/efa": "16"},
                      # 4 of 8 GPUs, less 10 % headroom: 192 vCPU x 0.45 = 86.4, 2048 GiB x 0.45 = 921.6 -> 921
                      "requests": {"cpu": "86400m", "memory": "921Gi", "nvidia.com/gpu": "4",
                                   "vpc.amazonaws.com/efa": "16"}}}
    assert pd["decodingSpec"] == {
        # vLLM would use 1 of the side's 2 GPUs: the endpoint adds tensor parallelism the side's args do not set
        "args": ["--tensor-parallel-size", "2"],
        "nodeSelector": {"node.kubernetes.io/instance-type": P5}, "replicas": 2,
        "resources": {"limits": {"nvidia.com/gpu": "2", "vpc.amazonaws.com/efa": "8"},
                      "requests": {"cpu": "40", "memory": "400Gi", "nvidia.com/gpu": "2", "vpc.amazonaws.com/efa": "8"}}}
    assert pd["routingThreshold"] == 0
    assert pd["topologySpec"] == {"sameAZ": True, "availabilityZone": "us-west-2a", "placementGroup": "llm-cluster"}
    assert set(pd["autoScalingSpec"]) == {"prefillAutoScaling"}
    trigger = pd["autoScalingSpec"]["prefillAutoScaling"]["prometheusTriggerList"][0]
    assert trigger["query"] == 'sum(model_concurrent_requests{model_name="llama-70b",namespace="inference"})'
    assert trigger["serverAddress"] == AMP
    assert "autoScalingSpec" not in manifest["spec"] and "replicas" not in manifest["spec"]


def test_mig_side_renders_its_slice_and_efa() -> None:
    side = worker(instance_group="h100-mig", gpus=None, accelerator_partition="mig-3g.40gb", efa_devices=2)
    ep = endpoint(serving(prefill=side, decode=side), accelerator_partition="mig-3g.40gb", gpus=None)
    manifest = render_endpoint(resolve_endpoint(ep, VIEW))
    validate_manifest(manifest)
    resources = manifest["spec"]["pdSpec"]["prefillSpec"]["resources"]
    assert resources["limits"] == {"nvidia.com/mig-3g.40gb": "1", "vpc.amazonaws.com/efa": "2"}
    assert resources["requests"]["nvidia.com/mig-3g.40gb"] == "1"


# ---- plan, dashboards, alerts --------------------------------------------------------------------------------

def test_plan_has_a_row_per_side_and_counts_both_at_the_floor() -> None:
    ep = endpoint(serving(decode=worker(autoscaling=Autoscaling(min_replicas=0, max_replicas=2))))
    plan = Plan(groups=GROUPS[:2], endpoints=resolve_endpoint(ep, VIEW).demands,
                autoscaled_groups=frozenset({"h100"}))
    text = plan.render()
    assert "llama-70b/prefill" in text and "llama-70b/decode" in text and "custom, decode" in text
    # Floor: prefill 1 pod x 4 GPUs (decode scales to zero) = half a p5 -> 1 node; ceiling 2 nodes.
    assert plan.floor(GROUPS[1]) == 1
    assert "Floor:   3 nodes, 8 GPUs running when idle" in text
    assert "Ceiling: 4 nodes, 16 GPUs at full scale" in text


def test_not_disaggregated_means_no_side_rows() -> None:
    plain = InferenceEndpoint("plain", model=ModelSource.s3(stand_in_bucket(), "x/"), instance_type=P5)
    (demand,) = resolve_endpoint(plain, VIEW).demands
    assert demand.side is None and demand.name == "plain" and resolve_endpoint(plain, VIEW).sides == ()


@pytest.fixture(scope="module")
def observed() -> ResolvedEndpoint:
    ep = endpoint(serving(decode=worker(autoscaling=Autoscaling(min_replicas=1, max_replicas=3))))
    return resolve_endpoint(ep, VIEW)


def test_dashboard_charts_replicas_per_side(observed: ResolvedEndpoint) -> None:
    # One panel charts each Deployment of the endpoint a row shows (a side each), each against its own ceiling,
    # which a recording rule writes per side.
    board = dashboards.inference_dashboard([observed])
    exprs = dashboards.expressions(board)
    for expr in exprs:
        promql_parser.parse(expr)
    assert ('max by (deployment) (kube_deployment_spec_replicas{namespace="${namespace}", '
            'deployment=~"${endpoint}(-prefill.*|-decod.*)?"})') in exprs
    ceilings = {dict(rule.labels)["side"]: rule for rule in slo_series.max_replicas_rules([observed])}
    assert set(ceilings) == {"prefill", "decode"}
    assert ceilings["decode"].expr == ('3 * group by (namespace, deployment) (kube_deployment_spec_replicas'
                                       '{namespace="inference", deployment=~"llama-70b-decod.*"})')


def test_alerts_watch_each_side(observed: ResolvedEndpoint) -> None:
    document = yaml.safe_load(alerts.rule_groups_yaml([observed], "5m"))
    rules = [rule for group in document["groups"] for rule in group["rules"]]
    replica_rules = [(rule["alert"], rule["labels"].get("side")) for rule in rules
                     if rule["alert"] in (alerts.REPLICAS_AT_MAX_ALERT, alerts.NO_READY_PODS_ALERT)]
    # The prefill side's ceiling is 1: one replica of one is that side serving, not pinned at a maximum.
    assert replica_rules == [(alerts.REPLICAS_AT_MAX_ALERT, "decode"),
                             (alerts.NO_READY_PODS_ALERT, "prefill"), (alerts.NO_READY_PODS_ALERT, "decode")]
    at_max = [rule for rule in rules if rule["alert"] == alerts.REPLICAS_AT_MAX_ALERT]
    assert at_max[0]["expr"] == ('label_replace(max by (namespace, deployment) (kube_deployment_spec_replicas'
                                 '{namespace="inference", deployment=~"llama-70b-decod.*"}) >= 3, '
                                 '"endpoint", "$1", "deployment", "(.*)-decod.*")')
    for rule in rules:
        promql_parser.parse(rule["expr"])
