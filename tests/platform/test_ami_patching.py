"""AMI pinning and auto-patching on instance groups: each field's rules, the CloudFormation it renders (checked by
cfn-lint against the AWS::SageMaker::Cluster schema it carries), and what the plan says about drift."""
from __future__ import annotations

from typing import Any

import pytest

from support import cfn_lint_errors
from hyperpod_constructs import AutoPatch, BatchSize, HyperPodValidationError, InstanceGroup, Plan
from hyperpod_constructs.aws.hyperpod_cluster import render_instance_group

ROLE = "arn:aws:iam::111122223333:role/hyperpod-execution"
PATCH = AutoPatch(strategy="WhenIdle", batch_size=BatchSize.instances(1), rollback_batch_size=BatchSize.percent(50),
                  wait_seconds=300, rollback_alarms=("p99-latency", "error-rate"))


def cluster_template(*groups: dict[str, Any]) -> dict[str, Any]:
    """The smallest template holding a HyperPod cluster with these rendered groups (cfn-lint checks its schema)."""
    return {"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"Cluster": {
        "Type": "AWS::SageMaker::Cluster",
        "Properties": {"InstanceGroups": list(groups), "NodeRecovery": "Automatic",
                       "Orchestrator": {"Eks": {"ClusterArn": "arn:aws:eks:us-east-1:111122223333:cluster/c"}},
                       "VpcConfig": {"SecurityGroupIds": ["sg-0123456789abcdef0"],
                                     "Subnets": ["subnet-0123456789abcdef0"]}}}}}


def rendered(group: InstanceGroup) -> dict[str, Any]:
    return render_instance_group(group, ROLE, "s3://lifecycle-bucket/lifecycle")


def test_a_pinned_release_and_rolling_auto_patch_render_as_the_schema_has_them() -> None:
    group = rendered(InstanceGroup("h100", "ml.p5.48xlarge", count=2, image_release_version="1.2.3", auto_patch=PATCH))
    assert group["ImageReleaseVersion"] == "1.2.3"
    assert group["AutoPatchConfig"] == {
        "PatchingStrategy": "WhenIdle",
        "DeploymentConfig": {
            "RollingUpdatePolicy": {"MaximumBatchSize": {"Type": "INSTANCE_COUNT", "Value": 1},
                                    "RollbackMaximumBatchSize": {"Type": "CAPACITY_PERCENTAGE", "Value": 50}},
            "WaitIntervalInSeconds": 300,
            "AutoRollbackConfiguration": [{"AlarmName": "p99-latency"}, {"AlarmName": "error-rate"}],
        },
    }
    assert cfn_lint_errors(cluster_template(group)) == []


def test_a_strategy_alone_renders_without_a_deployment_config() -> None:
    group = rendered(InstanceGroup("cpu", "ml.m5.2xlarge", auto_patch=AutoPatch(strategy="WhenAllIdle")))
    assert group["AutoPatchConfig"] == {"PatchingStrategy": "WhenAllIdle"}
    assert "ImageReleaseVersion" not in group
    assert cfn_lint_errors(cluster_template(group)) == []


def test_the_lint_refuses_what_the_schema_refuses() -> None:
    """The check above can fail: a batch type the schema does not know is an error."""
    group = rendered(InstanceGroup("h100", "ml.p5.48xlarge", auto_patch=PATCH))
    group["AutoPatchConfig"]["DeploymentConfig"]["RollingUpdatePolicy"]["MaximumBatchSize"]["Type"] = "INSTANCES"
    assert any("INSTANCES" in error for error in cfn_lint_errors(cluster_template(group)))


def test_groups_without_the_fields_render_as_before() -> None:
    group = rendered(InstanceGroup("cpu", "ml.m5.2xlarge", count=2))
    assert not {"ImageReleaseVersion", "AutoPatchConfig"} & set(group)


@pytest.mark.parametrize("kwargs, message", [
    (dict(image_release_version="1.2"), r"image_release_version='1.2' is not allowed; a HyperPod AMI release "
                                        r"MAJOR.MINOR.PATCH, such as '1.2.3'"),
    (dict(image_release_version="v1.2.3"), r"image_release_version='v1.2.3' is not allowed"),
    (dict(image_release_version="1." + "0" * 61 + ".0"), r"image_release_version='1\.0+\.0' is not allowed"),
    (dict(image_release_version="1.2.3", image_id="ami-0123456789abcdef0"),
     r"image_release_version='1.2.3' is not allowed; no release version with the custom AMI "
     r"image_id='ami-0123456789abcdef0': the version names a HyperPod-managed AMI"),
    (dict(auto_patch="WhenIdle"), r"auto_patch='WhenIdle' is not allowed; expected an AutoPatch\(...\) or None"),
])
def test_instance_group_ami_rules(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        InstanceGroup("gpu", "ml.g6e.12xlarge", **kwargs)


def test_a_release_with_the_default_image_is_allowed() -> None:
    group = InstanceGroup("gpu", "ml.g6e.12xlarge", image_id="default", image_release_version="10.20.30")
    assert rendered(group)["ImageReleaseVersion"] == "10.20.30"


@pytest.mark.parametrize("build, message", [
    (lambda: AutoPatch(strategy="WhenReady"),
     r"AutoPatch: strategy='WhenReady' is not allowed; one of 'WhenIdle', 'WhenAllIdle'"),
    (lambda: AutoPatch(strategy="WhenIdle", rollback_batch_size=BatchSize.instances(1)),
     r"AutoPatch: rollback_batch_size=.* is not allowed; only with batch_size"),
    (lambda: AutoPatch(strategy="WhenIdle", wait_seconds=3601),
     r"AutoPatch: wait_seconds=3601 is not allowed; whole seconds from 0 to 3600"),
    (lambda: AutoPatch(strategy="WhenIdle", wait_seconds=-1), r"wait_seconds=-1 is not allowed"),
    (lambda: AutoPatch(strategy="WhenIdle", rollback_alarms=tuple(f"a{i}" for i in range(11))),
     r"AutoPatch: rollback_alarms='11 alarms' is not allowed; at most 10"),
    (lambda: AutoPatch(strategy="WhenIdle", rollback_alarms=("  ",)),
     r"AutoPatch: rollback_alarms\[0\]='  ' is not allowed; a CloudWatch alarm name of 1-256 characters"),
    (lambda: AutoPatch(strategy="WhenIdle", rollback_alarms=("x" * 257,)), r"rollback_alarms\[0\]='x{257}'"),
    (lambda: AutoPatch(strategy="WhenIdle", batch_size=2), r"AutoPatch: batch_size=2 is not allowed; expected a "
                                                           r"BatchSize\(...\) or None"),
    (lambda: BatchSize.instances(0), r"BatchSize: value=0 is not allowed; a whole number of instances, at least 1"),
    (lambda: BatchSize.percent(101), r"BatchSize: value=101 is not allowed; a whole percentage from 1 to 100"),
    (lambda: BatchSize.percent(0), r"BatchSize: value=0 is not allowed; a whole percentage"),
    (lambda: BatchSize(2, "nodes"), r"BatchSize: unit='nodes' is not allowed; one of 'instances', 'percent'"),
])
def test_auto_patch_rules(build: Any, message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        build()


def test_the_plan_shows_the_ami_and_says_a_pinned_release_can_drift() -> None:
    groups = (InstanceGroup("cpu", "ml.m5.2xlarge", count=2),
              InstanceGroup("h100", "ml.p5.48xlarge", count=1, image_release_version="1.2.3", auto_patch=PATCH),
              InstanceGroup("l40s", "ml.g6e.12xlarge", count=1, image_release_version="1.2.3"))
    text = Plan(groups=groups, endpoints=()).render()
    ami = text.split("\nAMI\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line.split()[0] for line in ami] == ["group", "h100", "h100:", "l40s"]  # cpu sets nothing: no row
    assert ami[1].split()[1:4] == ["HyperPod", "default", "1.2.3"]
    assert "WhenIdle, 1 instance at a time, 300 s apart, rollback on 2 alarms" in ami[1]
    assert ami[2] == ("  h100: auto-patching moves nodes past release 1.2.3; CloudFormation does not move them back "
                      "and may report ImageReleaseVersion as drifted")
    assert ami[3].rstrip().endswith("off")  # pinned without auto-patching: it stays where it is pinned


def test_a_plan_without_ami_settings_has_no_ami_section() -> None:
    assert "\nAMI\n" not in Plan(groups=(InstanceGroup("cpu", "ml.m5.2xlarge"),), endpoints=()).render()
