"""IAM for the autoscaling layers: trust, actions, scoping, cdk-nag and cfn-lint."""
from __future__ import annotations

import json
from pathlib import Path

import aws_cdk as cdk
import pytest
from aws_cdk import Validations, aws_iam as iam
from aws_cdk.assertions import Template
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs.aws.autoscaling_roles import KarpenterClusterRole
from support import cfn_lint_errors

OUR_PATHS = ("Autoscaling/Karpenter/",)


def _stack(app: cdk.App) -> cdk.Stack:
    stack = cdk.Stack(app, "Autoscaling")
    KarpenterClusterRole(stack, "Karpenter")
    return stack


@pytest.fixture(scope="module")
def template() -> Template:
    return Template.from_stack(_stack(cdk.App()))


def _policy_statements(template: Template, role_logical_prefix: str) -> list[dict]:
    policies = template.find_resources("AWS::IAM::Policy")
    statements: list[dict] = []
    for logical_id, policy in policies.items():
        if logical_id.startswith(role_logical_prefix):
            statements.extend(policy["Properties"]["PolicyDocument"]["Statement"])
    return statements


def test_karpenter_role_trust_and_actions(template: Template) -> None:
    template.has_resource_properties("AWS::IAM::Role", {"AssumeRolePolicyDocument": {"Statement": [{
        "Action": "sts:AssumeRole", "Effect": "Allow",
        "Principal": {"Service": "hyperpod.sagemaker.amazonaws.com"}}]}})
    statements = {s["Sid"]: s for s in _policy_statements(template, "KarpenterRoleDefaultPolicy")}
    nodes = statements["KarpenterNodeLifecycle"]
    assert nodes["Action"] == ["sagemaker:BatchAddClusterNodes", "sagemaker:BatchDeleteClusterNodes"]
    assert nodes["Resource"] == {"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"}, ":sagemaker:",
                                                   {"Ref": "AWS::Region"}, ":", {"Ref": "AWS::AccountId"},
                                                   ":cluster/*"]]}
    assert nodes["Condition"] == {"StringEquals": {"aws:ResourceAccount": {"Ref": "AWS::AccountId"}}}
    kms = statements["NodeVolumeEncryption"]
    assert kms["Action"] == ["kms:CreateGrant", "kms:DescribeKey"]
    assert kms["Condition"] == {"StringEquals": {"kms:ViaService": {
        "Fn::Join": ["", ["sagemaker.", {"Ref": "AWS::Region"}, ".amazonaws.com"]]}}}


def test_karpenter_role_pins_given_cluster_arn() -> None:
    stack = cdk.Stack(cdk.App(), "Pinned")
    KarpenterClusterRole(stack, "Karpenter", cluster_arn="arn:aws:sagemaker:us-east-1:123456789012:cluster/abc123")
    statements = {s["Sid"]: s for s in _policy_statements(Template.from_stack(stack), "KarpenterRoleDefaultPolicy")}
    assert statements["KarpenterNodeLifecycle"]["Resource"] == "arn:aws:sagemaker:us-east-1:123456789012:cluster/abc123"


def test_cdk_nag_no_unacknowledged_findings(tmp_path: Path) -> None:
    app = cdk.App(outdir=str(tmp_path))
    stack = _stack(app)
    # Positive control: an unacknowledged wildcard under our path must be reported, so the filter is live.
    control = iam.Role(stack.node.find_child("Karpenter"), "Control", assumed_by=iam.AccountRootPrincipal())
    control.add_to_policy(iam.PolicyStatement(actions=["s3:GetObject"], resources=["*"]))
    Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    try:
        app.synth()
    except Exception:  # jsii raises on any violation; the report says which
        pass
    report = json.loads((tmp_path / "validation-report.json").read_text())
    ours = [
        (violation["ruleName"], construct["constructPath"])
        for plugin in report["pluginReports"] for violation in plugin.get("violations", [])
        for construct in violation["violatingConstructs"]
        if construct["constructPath"].startswith(OUR_PATHS)
    ]
    assert ours == [("AwsSolutions-IAM5[Resource::*]", "Autoscaling/Karpenter/Control/DefaultPolicy/Resource")]


@pytest.mark.slow  # the default app, which contains this construct, is linted in the fast suite too
def test_cfn_lint_clean(template: Template) -> None:
    assert cfn_lint_errors(template.to_json()) == []
