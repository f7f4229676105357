"""The one ARN shape check: partition, service, region where the service has one, 12-digit account, resource."""
from __future__ import annotations

import re
from typing import Any, Callable

import aws_cdk as cdk
import pytest
from aws_cdk import aws_kms as kms, aws_s3 as s3

from apps_support import imported_cluster, imported_vpc
from hyperpod_constructs import (
    DataCapture, Eks, HyperPodValidationError, InstanceGroup, PrometheusWorkspace, Tls)
from hyperpod_constructs.intent.arns import (
    ACM_CERTIFICATE, AMP_WORKSPACE, IAM_ROLE, KMS_KEY, PARTITIONS, TRAINING_PLAN, arn_problem, check_arn)

ROLE = "arn:aws:iam::111122223333:role/platform-admins"
CERTIFICATE = "arn:aws:acm:us-west-2:111122223333:certificate/1234abcd-12ab-34cd-56ef-1234567890ab"


@pytest.mark.parametrize(("value", "shape"), [
    (ROLE, IAM_ROLE),
    ("arn:aws-cn:iam::111122223333:role/path/to/admins", IAM_ROLE),
    ("arn:aws:iam::111122223333:role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_Admin_0123", IAM_ROLE),
    (CERTIFICATE, ACM_CERTIFICATE),
    ("arn:aws-us-gov:acm:us-gov-west-1:111122223333:certificate/abc-123", ACM_CERTIFICATE),
    ("arn:aws:aps:eu-central-1:111122223333:workspace/ws-1a2b3c4d-5678", AMP_WORKSPACE),
    ("arn:aws:kms:us-west-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab", KMS_KEY),
    ("arn:aws-iso-b:kms:us-isob-east-1:111122223333:alias/captures", KMS_KEY),
    ("arn:aws:sagemaker:us-east-1:111122223333:training-plan/p5-reserved", TRAINING_PLAN),
])
def test_well_formed_arns_pass(value: str, shape: Any) -> None:
    assert arn_problem(value, shape) is None
    check_arn("where", "field", value, shape)


@pytest.mark.parametrize(("value", "shape", "problem"), [
    ("platform-admins", IAM_ROLE, "not six ':'-separated parts starting with 'arn'"),
    ("arn:amazon:iam::111122223333:role/x", IAM_ROLE, "unknown partition 'amazon'"),
    ("arn:aws:sts::111122223333:role/x", IAM_ROLE, "service 'sts', expected 'iam'"),
    ("arn:aws:iam:us-west-2:111122223333:role/x", IAM_ROLE, "iam ARNs have no region, got 'us-west-2'"),
    ("arn:aws:iam::11112222333:role/x", IAM_ROLE, "account '11112222333' is not 12 digits"),
    ("arn:aws:iam::111122223333:user/alice", IAM_ROLE, "resource 'user/alice', expected role/<name>"),
    ("arn:aws:acm::111122223333:certificate/abc", ACM_CERTIFICATE, "region '' is not a region such as us-west-2"),
    ("arn:aws:acm:uswest2:111122223333:certificate/abc", ACM_CERTIFICATE, "region 'uswest2' is not a region"),
    ("arn:aws:aps:us-west-2:111122223333:workspace/1234", AMP_WORKSPACE, "resource 'workspace/1234', expected workspace/ws-<id>"),
    ("arn:aws:kms:us-west-2:111122223333:secret/x", KMS_KEY, "expected key/<id> or alias/<name>"),
    (42, IAM_ROLE, "not a string"),
])
def test_each_malformed_part_is_named(value: Any, shape: Any, problem: str) -> None:
    assert problem in (arn_problem(value, shape) or "")


def test_tokens_pass_unchanged() -> None:
    stack = cdk.Stack(cdk.App(), "Tokens")
    check_arn("where", "field", cdk.Fn.sub("arn:${AWS::Partition}:iam::${AWS::AccountId}:role/x"), IAM_ROLE)
    check_arn("where", "field", kms.Key(stack, "Key").key_arn, KMS_KEY)


def test_the_message_names_field_value_shape_and_problem() -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        check_arn("cluster.eks", "admin_role_arns[0]", "arn:aws:iam::1234:role/x", IAM_ROLE)
    assert str(raised.value) == (
        "cluster.eks: admin_role_arns[0]='arn:aws:iam::1234:role/x' is not allowed; an IAM role ARN: "
        f"arn:<partition>:iam::<12-digit account>:role/<name> (partition one of {', '.join(PARTITIONS)}); "
        "account '1234' is not 12 digits")


def _kms_capture(arn: str) -> Any:
    stack = cdk.Stack(cdk.App(), "Capture")
    return DataCapture(bucket=s3.Bucket(stack, "Captures"), kms_key=kms.Key.from_key_arn(stack, "Key", arn))


@pytest.mark.parametrize(("build", "message"), [
    (lambda: Eks.new(admin_role_arns=("arn:aws:iam::111122223333:user/alice",)),
     r"^cluster\.eks: admin_role_arns\[0\]='arn:aws:iam::111122223333:user/alice' is not allowed; an IAM role ARN: "
     r"arn:<partition>:iam::<12-digit account>:role/<name> .*; resource 'user/alice', expected role/<name>$"),
    (lambda: Tls.acm("arn:aws:acm:us-west-2:1111:certificate/abc", "llm.example.com"),
     r"^Tls: acm_certificate_arn='arn:aws:acm:us-west-2:1111:certificate/abc' is not allowed; an ACM certificate ARN: "
     r"arn:<partition>:acm:<region>:<12-digit account>:certificate/<id> .*; account '1111' is not 12 digits$"),
    (lambda: PrometheusWorkspace.existing(workspace_arn="arn:aws:aps::111122223333:workspace/ws-1"),
     r"^PrometheusWorkspace: workspace_arn='arn:aws:aps::111122223333:workspace/ws-1' is not allowed; an AMP workspace "
     r"ARN: .*; region '' is not a region such as us-west-2$"),
    (lambda: _kms_capture("arn:aws:kms:us-west-2:111122223333:keys/1234"),
     r"^DataCapture: kms_key='arn:aws:kms:us-west-2:111122223333:keys/1234' is not allowed; a KMS key or alias ARN: "
     r".*; resource 'keys/1234', expected key/<id> or alias/<name>$"),
    (lambda: InstanceGroup("p5", "ml.p5.48xlarge", training_plan_arn="arn:aws:sagemaker:us-east-1:111122223333:plan/x"),
     r"training_plan_arn='arn:aws:sagemaker:us-east-1:111122223333:plan/x' is not allowed; a SageMaker training plan "
     r"ARN: .*; resource 'plan/x', expected training-plan/<name>$"),
])
def test_every_arn_field_uses_the_check(build: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        build()


def test_existing_cluster_admin_role_arns_are_checked_too() -> None:
    stack = cdk.Stack(cdk.App(), "Existing")
    with pytest.raises(HyperPodValidationError, match=re.escape("admin_role_arns[1]='admins' is not allowed")):
        Eks.existing(imported_cluster(stack, imported_vpc(stack)), authentication_mode="API",
                     kubernetes_version="1.32", admin_role_arns=(ROLE, "admins"))
