"""Auto-patching that reaches serving groups: the idle strategies refused where an endpoint's minimum replicas live,
DrainFirst kept out of the CloudFormation template and applied after deploy (the request checked against botocore's
SageMaker model), its batch and drain timeout checked against the endpoints it would disrupt."""
from __future__ import annotations

import io
import json
from typing import Any

import botocore.session
import pytest
from botocore.stub import Stubber
from botocore.validate import validate_parameters

from rule_support import with_endpoints
from support import cfn_lint_errors
from hyperpod_constructs import rules
from hyperpod_constructs.aws.hyperpod_cluster import render_instance_group
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.auto_patch import AutoPatch, BatchSize
from hyperpod_constructs.intent.autoscaling import Autoscaling
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.patching.command import apply_drain_first, main
from hyperpod_constructs.patching.drain_first import DrainFirstError, drain_first_request
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from test_ami_patching import ROLE, cluster_template

DRAIN = AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=1800,
                  on_drain_timeout="Skip")


def platform(patch: AutoPatch, count: int = 2) -> ResolvedPlatform:
    groups = (InstanceGroup("system", "ml.m5.2xlarge", count=2),
              InstanceGroup("g6e", "ml.g6e.12xlarge", count=count, auto_patch=patch))
    return ResolvedPlatform.of(groups, NodeAutoscaling(), region="us-west-2")


def serving(min_replicas: int) -> InferenceEndpoint:
    return InferenceEndpoint("llama", model=ModelSource.fsx("models/llama/"),
                             instance_type="ml.g6e.12xlarge",
                             autoscaling=Autoscaling(min_replicas=min_replicas, max_replicas=2))


def problems(patch: AutoPatch, min_replicas: int, count: int = 2) -> list[str]:
    return rules.problems(with_endpoints(platform(patch, count), serving(min_replicas)))


@pytest.mark.parametrize("strategy", ["WhenIdle", "WhenAllIdle"])
def test_an_idle_strategy_on_a_group_serving_minimum_replicas_is_refused_with_the_fix(strategy: str) -> None:
    found = [problem for problem in problems(AutoPatch(strategy=strategy), 1) if "auto_patch.strategy" in problem]
    assert len(found) == 1
    assert found[0].startswith(f"instance group 'g6e': auto_patch.strategy={strategy!r}")
    assert "endpoint(s) 'llama' (min_replicas=1)" in found[0]
    assert "strategy='DrainFirst'" in found[0] and "python -m hyperpod_constructs.patching" in found[0]
    assert "min_replicas=0" in found[0]


def test_an_idle_strategy_is_fine_where_endpoints_scale_to_zero() -> None:
    assert not [problem for problem in problems(AutoPatch(strategy="WhenIdle"), 0) if "auto_patch" in problem]


def test_drain_first_needs_a_batch_size_and_its_drain_policy_needs_drain_first() -> None:
    with pytest.raises(HyperPodValidationError, match=r"AutoPatch: batch_size=None is not allowed.*"
                                                      r"RollingUpdatePolicy.MaximumBatchSize"):
        AutoPatch(strategy="DrainFirst")
    with pytest.raises(HyperPodValidationError, match=r"drain_timeout_s=600 .*only with strategy='DrainFirst'"):
        AutoPatch(strategy="WhenIdle", drain_timeout_s=600)
    with pytest.raises(HyperPodValidationError, match=r"drain_timeout_s=5401 .*whole seconds from 0 to 5400"):
        AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=5401)
    with pytest.raises(HyperPodValidationError, match=r"on_drain_timeout='Kill'.*'Skip', 'Force'"):
        AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), on_drain_timeout="Kill")


def test_drain_first_renders_no_auto_patch_config_so_cloudformation_accepts_the_template() -> None:
    group = render_instance_group(InstanceGroup("g6e", "ml.g6e.12xlarge", count=2, auto_patch=DRAIN), ROLE,
                                  "s3://lifecycle-bucket/lifecycle")
    assert "AutoPatchConfig" not in group
    assert cfn_lint_errors(cluster_template(group)) == []
    # What the template would say with it: cfn-lint (CloudFormation's schema) refuses the strategy.
    group["AutoPatchConfig"] = {"PatchingStrategy": "DrainFirst"}
    assert any("DrainFirst" in error for error in cfn_lint_errors(cluster_template(group)))


def test_a_batch_draining_every_node_an_endpoint_runs_on_is_refused() -> None:
    whole = AutoPatch(strategy="DrainFirst", batch_size=BatchSize.percent(100))
    found = [problem for problem in problems(whole, 1) if "auto_patch.batch_size" in problem]
    assert found == [found[0]] and found[0].startswith("instance group 'g6e': auto_patch.batch_size='100%'")
    assert "evicting all of its 1 minimum replica(s) at once" in found[0] and "BatchSize.instances(1)" in found[0]
    assert not [problem for problem in problems(DRAIN, 1) if "auto_patch" in problem]


def test_drain_first_advice_prints_the_step_after_deploy() -> None:
    notes = [note for note in rules.advice(with_endpoints(platform(DRAIN), serving(1)))
             if note.rule == "drain-first-after-deploy"]
    assert len(notes) == 1
    assert ("python -m hyperpod_constructs.patching --cluster-name <the HyperPod cluster's name> --group g6e "
            "--batch-size 1 --drain-timeout 1800 --on-drain-timeout Skip") in str(notes[0])
    assert "drift detection may list the group's AutoPatchConfig" in str(notes[0])


DESCRIBED: dict[str, Any] = {
    "ClusterArn": "arn:aws:sagemaker:us-west-2:111122223333:cluster/abcdef123456", "ClusterName": "inference",
    "ClusterStatus": "InService", "Orchestrator": {"Eks": {"ClusterArn": "arn:aws:eks:us-west-2:111122223333:cluster/c"}},
    "InstanceGroups": [
        {"InstanceGroupName": "system", "InstanceType": "ml.m5.2xlarge", "CurrentCount": 2, "TargetCount": 2,
         "ExecutionRole": ROLE, "LifeCycleConfig": {"SourceS3Uri": "s3://b/l", "OnCreate": "on_create.sh"}},
        {"InstanceGroupName": "g6e", "InstanceType": "ml.g6e.12xlarge", "CurrentCount": 1, "TargetCount": 2,
         "ExecutionRole": ROLE, "LifeCycleConfig": {"SourceS3Uri": "s3://b/l", "OnCreate": "on_create.sh"},
         "ThreadsPerCore": 1, "Status": "InService",
         "KubernetesConfig": {"CurrentLabels": {"team": "ml"}, "DesiredLabels": {"team": "ml"}}},
    ],
    "VpcConfig": {"SecurityGroupIds": ["sg-0123456789abcdef0"], "Subnets": ["subnet-0123456789abcdef0"]},
}


def test_the_update_request_is_the_group_as_it_is_plus_drain_first_and_botocore_accepts_it() -> None:
    request = drain_first_request(DESCRIBED, "g6e", DRAIN)
    model = botocore.session.get_session().get_service_model("sagemaker")
    validate_parameters(request, model.operation_model("UpdateCluster").input_shape)  # raises when the API would
    (group,) = request["InstanceGroups"]
    assert group["InstanceCount"] == 2 and group["KubernetesConfig"] == {"Labels": {"team": "ml"}}
    assert "Status" not in group and "CurrentCount" not in group
    assert group["AutoPatchConfig"] == {
        "PatchingStrategy": "DrainFirst",
        "DeploymentConfig": {"RollingUpdatePolicy": {"MaximumBatchSize": {"Type": "INSTANCE_COUNT", "Value": 1}}},
        "DrainPolicy": {"DrainTimeoutInSeconds": 1800, "OnDrainTimeout": "Skip"}}


@pytest.mark.parametrize("change, message", [
    ({"ClusterStatus": "Updating"}, "cluster 'inference' is Updating; wait until it is InService"),
    ({"Orchestrator": {"Slurm": {}}}, "is not orchestrated by EKS"),
])
def test_the_request_is_refused_where_the_api_would_refuse_it(change: dict[str, Any], message: str) -> None:
    with pytest.raises(DrainFirstError, match=message):
        drain_first_request({**DESCRIBED, **change}, "g6e", DRAIN)
    with pytest.raises(DrainFirstError, match="has no instance group 'h100'; it has g6e, system"):
        drain_first_request(DESCRIBED, "h100", DRAIN)


def test_the_command_updates_once_and_then_has_nothing_to_do() -> None:
    client = botocore.session.get_session().create_client("sagemaker", region_name="us-west-2",
                                                          aws_access_key_id="x", aws_secret_access_key="x")
    with Stubber(client) as stub:
        stub.add_response("describe_cluster", DESCRIBED, {"ClusterName": "inference"})
        stub.add_response("update_cluster", {"ClusterArn": DESCRIBED["ClusterArn"]},
                          drain_first_request(DESCRIBED, "g6e", DRAIN))
        out = io.StringIO()
        assert apply_drain_first(client, "inference", "g6e", DRAIN, dry_run=False, out=out) == 0
        assert "DrainFirst patching requested" in out.getvalue()
        applied = json.loads(json.dumps(DESCRIBED))
        applied["InstanceGroups"][1]["AutoPatchConfig"] = drain_first_request(DESCRIBED, "g6e", DRAIN)[
            "InstanceGroups"][0]["AutoPatchConfig"]
        stub.add_response("describe_cluster", applied, {"ClusterName": "inference"})
        out = io.StringIO()
        assert apply_drain_first(client, "inference", "g6e", DRAIN, dry_run=False, out=out) == 0
        assert "already has this DrainFirst configuration; nothing to do" in out.getvalue()
        stub.assert_no_pending_responses()


def test_the_command_refuses_bad_arguments_by_name() -> None:
    assert main(["--cluster-name", "c", "--group", "g", "--batch-size", "1", "--drain-timeout", "9999"],
                session=object()) == 2


# --- the drain timeout against the time an evicted pod takes to be ready elsewhere ---
from hyperpod_constructs.intent.model_size import ModelSize  # noqa: E402
from hyperpod_constructs.planner.cold_start import ColdStartContext  # noqa: E402
from hyperpod_constructs.platform.drain_advice import drain_timeout_advice  # noqa: E402


def drain_advice(patch: AutoPatch, min_replicas: int = 1) -> list[str]:
    endpoint = InferenceEndpoint("llama", model=ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct",
                                                                          size=ModelSize(parameters=8.03e9)),
                                 instance_type="ml.g6e.12xlarge",
                                 autoscaling=Autoscaling(min_replicas=min_replicas, max_replicas=2))
    return [str(note) for note in drain_timeout_advice(with_endpoints(platform(patch), endpoint), ColdStartContext())]


def test_a_drain_timeout_shorter_than_a_restart_is_advised_against_with_the_outcome_of_each_policy() -> None:
    short = AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=60)
    (skip,) = drain_advice(short)
    assert skip.startswith("instance group 'g6e': a DrainFirst drain waits 60 s (drain_timeout_s), but an evicted "
                           "pod of endpoint 'llama' takes")
    assert "image " in skip and "weights " in skip and "engine " in skip and "route " in skip
    assert "on_drain_timeout='Skip' leaves the node on the previous AMI" in skip
    assert "raise AutoPatch(drain_timeout_s=...) to" in skip
    force = AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=60,
                      on_drain_timeout="Force")
    (forced,) = drain_advice(force)
    assert "on_drain_timeout='Force' then deletes its pods regardless of the budget" in forced


def test_a_timeout_longer_than_the_restart_or_an_endpoint_at_zero_is_not_advised() -> None:
    assert drain_advice(AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=5400)) == []
    short = AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(1), drain_timeout_s=0)
    assert drain_advice(short, min_replicas=0) == []


def test_a_group_starting_at_zero_is_measured_by_its_max_count() -> None:
    groups = (InstanceGroup("system", "ml.m5.2xlarge", count=2),
              InstanceGroup("g6e", "ml.g6e.12xlarge", count=0, max_count=2,
                            auto_patch=AutoPatch(strategy="DrainFirst", batch_size=BatchSize.instances(2))))
    found = [problem for problem in rules.problems(with_endpoints(
        ResolvedPlatform.of(groups, NodeAutoscaling(), region="us-west-2"), serving(1)))
        if "auto_patch.batch_size" in problem]
    assert len(found) == 1 and "a batch smaller than the group's 2 node(s)" in found[0]
