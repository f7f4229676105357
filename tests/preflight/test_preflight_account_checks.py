"""Account checks against stubbed Service Quotas, CloudFormation, S3 and IAM Identity Center answers: each check
passing and failing, with its message and fix."""
from __future__ import annotations

from typing import Optional

import pytest

from hyperpod_constructs.preflight.account_checks import (
    check_bootstrap, check_buckets, check_identity_center, check_quotas)
from hyperpod_constructs.preflight.needs import BootstrapNeed, BucketNeed
from hyperpod_constructs.preflight.result import Status
from preflight_fixtures import (
    REGION, add_quotas, add_toolkit, answering, identity_center_instances, quota, stubbed, toolkit_stack)

P5, G6E = "ml.p5.48xlarge", "ml.g6e.12xlarge"


# ---- quotas ------------------------------------------------------------------------------------------------

def test_quota_at_or_above_the_ceiling_passes_and_applied_values_win_over_defaults() -> None:
    client, stubber = stubbed("service_quotas")
    add_quotas(stubber, defaults=[quota(P5, 0, "L-P5"), quota(G6E, 2, "L-G6E")], applied=[quota(P5, 4, "L-P5")])
    with answering(stubber):
        results = check_quotas(client, {P5: 4, G6E: 2}, REGION)
    assert [(result.name, result.status, result.detail) for result in results] == [
        (f'SageMaker quota "{G6E} for cluster usage"', Status.PASS, "2 >= 2 nodes at the plan's ceiling"),
        (f'SageMaker quota "{P5} for cluster usage"', Status.PASS, "4 >= 4 nodes at the plan's ceiling"),
    ]


def test_quota_below_the_ceiling_fails_with_the_increase_request() -> None:
    client, stubber = stubbed("service_quotas")
    add_quotas(stubber, defaults=[quota(P5, 0, "L-P5")], applied=[quota(P5, 2, "L-P5")])
    with answering(stubber):
        [result] = check_quotas(client, {P5: 4}, REGION)
    assert result.status is Status.FAIL
    assert result.detail.startswith("2 < 4 nodes at the plan's ceiling")
    assert result.fix == ("aws service-quotas request-service-quota-increase --service-code sagemaker "
                          "--quota-code L-P5 --desired-value 4 --region us-west-2")


def test_an_instance_type_without_a_quota_fails_and_a_type_never_run_is_skipped() -> None:
    client, stubber = stubbed("service_quotas")
    add_quotas(stubber, defaults=[], applied=[])
    with answering(stubber):
        skipped, missing = check_quotas(client, {P5: 2, G6E: 0}, REGION)
    assert (skipped.status, skipped.detail) == (Status.SKIP, "the plan runs no node of this type")
    assert missing.status is Status.FAIL
    assert missing.detail == f"no such quota in us-west-2: HyperPod may not offer {P5} there"
    assert "list-aws-default-service-quotas --service-code sagemaker" in missing.fix


def test_a_refused_quota_call_fails_naming_the_action() -> None:
    client, stubber = stubbed("service_quotas")
    stubber.add_client_error("list_aws_default_service_quotas",
                                                service_error_code="AccessDeniedException",
                                                service_message="not authorized", http_status_code=400)
    with stubber:
        [result] = check_quotas(client, {P5: 2}, REGION)
    assert result.status is Status.FAIL
    assert result.detail.startswith("servicequotas:ListAWSDefaultServiceQuotas failed: ")
    assert "AccessDeniedException" in result.detail
    assert result.fix.startswith("give these credentials servicequotas:ListAWSDefaultServiceQuotas")


# ---- CDK bootstrap -----------------------------------------------------------------------------------------

NEED = BootstrapNeed(version=21, qualifier="hnb659fds")


def test_a_recent_enough_bootstrap_stack_passes() -> None:
    client, stubber = stubbed("cloudformation")
    add_toolkit(stubber, toolkit_stack("28", qualifier="hnb659fds"))
    with answering(stubber):
        [result] = check_bootstrap(client, NEED, "CDKToolkit", REGION)
    assert (result.status, result.detail) == (Status.PASS, "version 28 (the app needs 21 or newer)")


@pytest.mark.parametrize("stack, need, detail, fix", [
    (None, NEED, "not found in us-west-2: the account and region are not bootstrapped",
     "cdk bootstrap aws://<account-id>/us-west-2"),
    (toolkit_stack("14"), NEED, "version 14, the app needs 21 or newer",
     "cdk bootstrap aws://<account-id>/us-west-2 (upgrades the stack in place)"),
    (toolkit_stack("28", qualifier="hnb659fds"), BootstrapNeed(21, "team1"),
     "bootstrapped with qualifier hnb659fds, the app is synthesized with team1",
     "cdk bootstrap aws://<account-id>/us-west-2 --qualifier team1"),
    (toolkit_stack("28", status="ROLLBACK_COMPLETE"), NEED, "status ROLLBACK_COMPLETE",
     "delete the failed stack, then cdk bootstrap aws://<account-id>/us-west-2"),
], ids=["missing", "old", "qualifier", "failed"])
def test_a_bootstrap_problem_fails_with_the_bootstrap_command(stack: Optional[dict], need: BootstrapNeed, detail: str,
                                                              fix: str) -> None:
    client, stubber = stubbed("cloudformation")
    add_toolkit(stubber, stack)
    with answering(stubber):
        [result] = check_bootstrap(client, need, "CDKToolkit", REGION)
    assert (result.status, result.detail, result.fix) == (Status.FAIL, detail, fix)


def test_a_custom_toolkit_stack_name_is_read_and_named_in_the_fix() -> None:
    client, stubber = stubbed("cloudformation")
    add_toolkit(stubber, None, name="Toolkit2")
    with answering(stubber):
        [result] = check_bootstrap(client, NEED, "Toolkit2", REGION)
    assert result.name == "CDK bootstrap stack Toolkit2"
    assert result.fix == "cdk bootstrap aws://<account-id>/us-west-2 --toolkit-stack-name Toolkit2"


def test_an_app_needing_no_bootstrap_skips_the_check() -> None:
    client, stubber = stubbed("cloudformation")
    with answering(stubber):
        [result] = check_bootstrap(client, None, "CDKToolkit", REGION)
    assert result.status is Status.SKIP


# ---- model buckets -----------------------------------------------------------------------------------------

IMPORTED = BucketNeed("my-models", "the model store", created_by_stack=False)


def test_a_readable_imported_bucket_passes_and_a_created_one_needs_no_call() -> None:
    created = BucketNeed("${Token[TOKEN.1]}", "endpoint llama", created_by_stack=True)
    client, stubber = stubbed("s3")
    stubber.add_response("head_bucket", {}, {"Bucket": "my-models"})
    with answering(stubber):
        imported, made = check_buckets(client, [IMPORTED, created], REGION)
    assert (imported.name, imported.status) == ("model bucket my-models (the model store)", Status.PASS)
    assert (made.status, made.detail) == (Status.PASS, "created by the stack")


@pytest.mark.parametrize("code, detail, fix", [
    ("404", "does not exist", "create it (aws s3 mb s3://my-models --region us-west-2)"),
    ("403", "exists but these credentials may not read it (403)", "allow s3:ListBucket on arn:aws:s3:::my-models"),
])
def test_a_missing_or_unreadable_bucket_fails(code: str, detail: str, fix: str) -> None:
    client, stubber = stubbed("s3")
    stubber.add_client_error("head_bucket", service_error_code=code, http_status_code=int(code),
                             expected_params={"Bucket": "my-models"})
    with answering(stubber):
        [result] = check_buckets(client, [IMPORTED], REGION)
    assert (result.status, result.detail) == (Status.FAIL, detail)
    assert result.fix.startswith(fix)


def test_a_bucket_named_at_deploy_time_is_skipped() -> None:
    client, stubber = stubbed("s3")
    with answering(stubber):
        [result] = check_buckets(client, [BucketNeed("${Token[TOKEN.9]}", "the model store", False)], REGION)
    assert (result.status, result.detail) == (Status.SKIP, "its name is only known at deploy time")


# ---- IAM Identity Center -----------------------------------------------------------------------------------

GRAFANA = "the Grafana workspace (authentication AWS_SSO)"


def test_identity_center_passes_when_an_instance_exists() -> None:
    client, stubber = stubbed("sso_admin")
    stubber.add_response("list_instances", identity_center_instances("arn:aws:sso:::instance/ssoins-1"), {})
    with answering(stubber):
        [result] = check_identity_center(client, GRAFANA, REGION)
    assert (result.status, result.detail) == (
        Status.PASS, f"instance arn:aws:sso:::instance/ssoins-1 ({GRAFANA} needs it)")


def test_identity_center_fails_when_grafana_needs_it_and_there_is_none() -> None:
    client, stubber = stubbed("sso_admin")
    stubber.add_response("list_instances", identity_center_instances(), {})
    with answering(stubber):
        [result] = check_identity_center(client, GRAFANA, REGION)
    assert (result.status, result.detail) == (Status.FAIL, f"no active instance in us-west-2, which {GRAFANA} needs")
    assert "GrafanaWorkspace(authentication='SAML')" in result.fix


def test_identity_center_is_skipped_when_nothing_needs_it() -> None:
    client, stubber = stubbed("sso_admin")
    with answering(stubber):
        [result] = check_identity_center(client, None, REGION)
    assert (result.status, result.detail) == (Status.SKIP, "nothing in this app needs it")


def test_a_call_without_credentials_fails_saying_so() -> None:
    from botocore.exceptions import NoCredentialsError

    client, _ = stubbed("sso_admin")

    def no_credentials(**_: object) -> None:  # raised before anything is signed or sent
        raise NoCredentialsError()

    client.meta.events.register("before-call.sso-admin.ListInstances", no_credentials)
    [result] = check_identity_center(client, GRAFANA, REGION)
    assert (result.status, result.detail) == (Status.FAIL, "sso:ListInstances failed: Unable to locate credentials")
    assert result.fix.startswith("check the credentials (aws sts get-caller-identity)")
