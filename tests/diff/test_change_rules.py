"""Each service rule of hyperpod_constructs.diff.change_rules on a hand-written pair of templates (the ones the
platform apps cannot produce by a setting: an execution role, threads per core, an AMI release, auto-patching, an EKS
version or subnets of the same VPC), and the rules table as docs/deploy.md shows it."""
from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from hyperpod_constructs.diff import change_rules as rules
from hyperpod_constructs.diff.command import EXIT_CLEAN, EXIT_DESTRUCTIVE, main
from hyperpod_constructs.platform.plan_metadata import PLAN_METADATA_KEY
from support import REPO_ROOT

GROUP = {"InstanceGroupName": "gpu", "InstanceType": "ml.g6e.12xlarge", "InstanceCount": 2,
         "ExecutionRole": "arn:aws:iam::111122223333:role/nodes", "ThreadsPerCore": 2,
         "LifeCycleConfig": {"SourceS3Uri": "s3://scripts/lifecycle", "OnCreate": "on_create.sh"}}
TEMPLATE = {"Resources": {
    "HyperPod": {"Type": "AWS::SageMaker::Cluster", "Properties": {
        "ClusterName": "inference", "InstanceGroups": [GROUP],
        "VpcConfig": {"SecurityGroupIds": ["sg-1"], "Subnets": ["subnet-1", "subnet-2"]}}},
    "Eks": {"Type": "AWS::EKS::Cluster", "Properties": {
        "RoleArn": "arn:aws:iam::111122223333:role/eks", "Version": "1.32",
        "ResourcesVpcConfig": {"SubnetIds": ["subnet-1", "subnet-2"], "SecurityGroupIds": ["sg-1"]}}},
}}


def diff_with(tmp_path: Path, change: Any, deployed: Any = None) -> tuple[int, list[str]]:
    """TEMPLATE (with ``deployed`` applied to it) against the same with ``change`` applied."""
    old = copy.deepcopy(TEMPLATE)
    if deployed is not None:
        deployed(old["Resources"])
    new = copy.deepcopy(old)
    change(new["Resources"])
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    out, err = io.StringIO(), io.StringIO()
    code = main([str(tmp_path / "old.json"), str(tmp_path / "new.json")], stdout=out, stderr=err)
    assert not err.getvalue()
    return code, out.getvalue().splitlines()


def group(resources: dict) -> dict:
    return resources["HyperPod"]["Properties"]["InstanceGroups"][0]


def line(rule: rules.ChangeRule, what: str) -> str:
    held = f" (see {rule.source})" if rule.outcome in rules.HOLDS else ""
    known = "; endpoints on it: not known (OLD carries no plan figures)" if rule.outcome in rules.HOLDS else ""
    return f"    {_label(rule)}: {what}: {rule.effect}{held}{known}"


def _label(rule: rules.ChangeRule) -> str:
    from hyperpod_constructs.diff.report import LABELS
    return LABELS[rule.outcome]


@pytest.mark.parametrize("key, value, rule, what", [
    ("ExecutionRole", "arn:aws:iam::111122223333:role/other", rules.EXECUTION_ROLE,
     'gpu ExecutionRole: "arn:aws:iam::111122223333:role/nodes" -> "arn:aws:iam::111122223333:role/other"'),
    ("ThreadsPerCore", 1, rules.THREADS_PER_CORE, "gpu ThreadsPerCore: 2 -> 1"),
    ("ImageReleaseVersion", "1.2.3", rules.IMAGE_RELEASE, 'gpu + ImageReleaseVersion: "1.2.3"'),
    ("LifeCycleConfig", {"SourceS3Uri": "s3://scripts/lifecycle", "OnCreate": "setup.sh"}, rules.LIFECYCLE,
     'gpu LifeCycleConfig.OnCreate: "on_create.sh" -> "setup.sh"'),
])
def test_a_group_property_is_reported_by_its_rule(tmp_path: Path, key: str, value: Any, rule: rules.ChangeRule,
                                                  what: str) -> None:
    code, lines = diff_with(tmp_path, lambda resources: group(resources).__setitem__(key, value))
    assert line(rule, what) in lines, lines
    assert code == (EXIT_DESTRUCTIVE if rule.outcome in rules.HOLDS else EXIT_CLEAN)


def test_auto_patching_is_in_place_and_says_a_pinned_release_drifts(tmp_path: Path) -> None:
    code, lines = diff_with(tmp_path, lambda resources: group(resources).__setitem__(
        "AutoPatchConfig", {"PatchingStrategy": "WhenIdle"}))
    assert code == EXIT_CLEAN
    assert line(rules.AUTO_PATCH, 'gpu + AutoPatchConfig: {"PatchingStrategy": "WhenIdle"}') in lines


def test_what_the_service_reports_is_no_change(tmp_path: Path) -> None:
    # A template read back may carry the schema's read-only leaves: CurrentCount, AutoPatchConfig's next patch date.
    code, lines = diff_with(
        tmp_path, lambda resources: group(resources).update(CurrentCount=1, AutoPatchConfig={"PatchingStrategy": "WhenIdle"}),
        deployed=lambda resources: group(resources).update(AutoPatchConfig={
            "PatchingStrategy": "WhenIdle", "PatchSchedule": {"NextPatchDate": "2026-12-03"}}))
    assert (code, [text for text in lines if text.startswith("    ") or "updated in place" in text]) == (EXIT_CLEAN, [])


def test_a_replaced_execution_role_is_refused_although_its_reference_reads_the_same(tmp_path: Path) -> None:
    def with_role(name: str) -> Any:
        def change(resources: dict) -> None:
            resources["NodeRole"] = {"Type": "AWS::IAM::Role", "Properties": {
                "RoleName": name, "AssumeRolePolicyDocument": {"Statement": []}}}
            group(resources)["ExecutionRole"] = {"Fn::GetAtt": ["NodeRole", "Arn"]}
        return change
    code, lines = diff_with(tmp_path, with_role("nodes-2"), deployed=with_role("nodes"))  # RoleName: create-only
    assert code == EXIT_DESTRUCTIVE
    assert line(rules.EXECUTION_ROLE, "gpu ExecutionRole refers to NodeRole, which is replaced") in lines


def test_an_added_group_creates_nodes_and_holds_nothing(tmp_path: Path) -> None:
    added = dict(GROUP, InstanceGroupName="cpu", InstanceType="ml.m5.2xlarge")
    code, lines = diff_with(tmp_path, lambda resources: resources["HyperPod"]["Properties"]["InstanceGroups"].append(added))
    assert code == EXIT_CLEAN
    assert line(rules.GROUP_ADDED, "added cpu (ml.m5.2xlarge, 2 nodes)") in lines


def test_other_subnets_of_the_same_vpc_may_be_refused(tmp_path: Path) -> None:
    code, lines = diff_with(tmp_path, lambda resources: resources["Eks"]["Properties"]["ResourcesVpcConfig"].__setitem__(
        "SubnetIds", ["subnet-1", "subnet-3"]))
    assert code == EXIT_DESTRUCTIVE
    assert (f'  may be refused: Eks (AWS::EKS::Cluster): ResourcesVpcConfig.SubnetIds[1]: "subnet-2" -> "subnet-3": '
            f"{rules.EKS_SUBNETS.effect} (see {rules.EKS_NETWORK_REQUIREMENTS})") in lines


@pytest.mark.parametrize("version, refused", [("1.33", False), ("1.34", True), ("1.31", True)])
def test_eks_moves_one_minor_version_up_at_a_time(tmp_path: Path, version: str, refused: bool) -> None:
    code, lines = diff_with(tmp_path, lambda resources: resources["Eks"]["Properties"].__setitem__("Version", version))
    expected = (f'  refused: Eks (AWS::EKS::Cluster): Version: "1.32" -> "{version}": {rules.EKS_VERSION.effect} '
                f"(see {rules.EKS_UPDATE_VERSION})")
    assert (expected in lines, code) == (refused, EXIT_DESTRUCTIVE if refused else EXIT_CLEAN)


def test_every_rule_cites_an_aws_page_and_the_deploy_doc_lists_it() -> None:
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    table = text[text.index("### Change rules"):]
    for rule in rules.RULES:
        assert rule.source.startswith("https://docs.aws.amazon.com/"), rule
        assert f"| `{rule.type_name}` | {rule.subject} | {rule.outcome} | {rule.effect} | [{_page(rule.source)}]" \
               f"({rule.source}) |" in table, rule


def _page(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[1].removesuffix(".html")


def _mig_layout(name: str) -> Any:
    return lambda resources: group(resources).__setitem__("KubernetesConfig", {
        "Labels": {"nvidia.com/mig.config": name, "team": "llm"}})


def _deployed(count: int) -> Any:
    """The group as deployed: ``count`` nodes with layout ``all-3g.40gb``."""
    def deployed(resources: dict) -> None:
        _mig_layout("all-3g.40gb")(resources)
        group(resources)["InstanceCount"] = count
    return deployed


@pytest.mark.parametrize("count, figures, rule, nodes", [
    (2, True, rules.MIG_LAYOUT, " on its nodes (2 nodes)"),
    (0, True, rules.MIG_LAYOUT_NO_NODES, " (no nodes)"),
    # Without OLD's plan figures a count of zero may be an autoscaled group running nodes under load.
    (0, False, rules.MIG_LAYOUT, " on its nodes (0 nodes)"),
])
def test_a_new_mig_layout_reboots_a_group_with_nodes(tmp_path: Path, count: int, figures: bool,
                                                     rule: rules.ChangeRule, nodes: str) -> None:
    old = copy.deepcopy(TEMPLATE)
    _deployed(count)(old["Resources"])
    if figures:
        old["Metadata"] = {PLAN_METADATA_KEY: {"Platform": {"groups": {"gpu": {
            "nodeType": "ml.g6e.12xlarge", "autoscaled": False, "floor": {"nodes": count, "gpus": 4 * count},
            "ceiling": {"nodes": count, "gpus": 4 * count}, "endpoints": 0}}}}}
    new = copy.deepcopy(old)
    _mig_layout("all-1g.10gb")(new["Resources"])
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    out = io.StringIO()
    code = main([str(tmp_path / "old.json"), str(tmp_path / "new.json")], stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    what = f'    {_label(rule)}: gpu MIG layout "all-3g.40gb" -> "all-1g.10gb"{nodes}: {rule.effect}'
    assert any(line.startswith(what) for line in lines), lines
    # The other label is unchanged: no second line for KubernetesConfig.
    assert not [line for line in lines if "KubernetesConfig" in line]
    assert code == (EXIT_DESTRUCTIVE if rule.outcome in rules.HOLDS else EXIT_CLEAN)
