"""ModelBucket: a bucket the stack creates, or an existing one named in code or by `-c model_bucket=NAME`."""
from __future__ import annotations

import re

import aws_cdk as cdk
import pytest
from aws_cdk import aws_s3 as s3
from aws_cdk.assertions import Template

from hyperpod_constructs import HyperPodValidationError, ModelBucket


def stack(**context: str) -> cdk.Stack:
    return cdk.Stack(cdk.App(context=context), "Models")


def test_from_context_imports_the_named_bucket():
    models = ModelBucket.from_context(stack(model_bucket="team-models"), "Models")
    cdk.CfnWaitConditionHandle(cdk.Stack.of(models), "Anchor")  # a stack synthesizes with at least one resource
    template = Template.from_stack(cdk.Stack.of(models)).to_json()
    assert not models.created
    assert [r for r in template.get("Resources", {}).values() if r["Type"] == "AWS::S3::Bucket"] == []
    assert template["Outputs"]["ModelBucketName"]["Value"] == "team-models"
    assert models.upload_command("./weights", "qwen/") == "aws s3 sync ./weights s3://team-models/qwen/"


def test_without_context_the_stack_creates_the_bucket():
    models = ModelBucket.from_context(stack(), "Models")
    assert models.created and isinstance(models.bucket, s3.Bucket)


@pytest.mark.parametrize("value", ["My_Models", "ab", "models..v2", "192.168.1.1", ""])
def test_context_bucket_name_must_be_an_s3_bucket_name(value: str):
    with pytest.raises(HyperPodValidationError, match=re.escape(
            f"Models/Models: context model_bucket={value!r} is not allowed; an S3 bucket name: 3-63 lowercase "
            "letters, digits, '.' and '-', starting and ending with a letter or digit (cdk synth -c model_bucket=NAME)")):
        ModelBucket.from_context(stack(model_bucket=value), "Models")


def test_existing_bucket_name_is_checked_where_it_is_given():
    with pytest.raises(HyperPodValidationError, match=r"^Models/Models: existing_bucket_name='s3://x' is not allowed"):
        ModelBucket(stack(), "Models", existing_bucket_name="s3://x")


def test_an_existing_bucket_takes_no_access_log_bucket():
    scope = stack()
    logs = s3.Bucket.from_bucket_name(scope, "Logs", "access-logs")
    with pytest.raises(HyperPodValidationError, match=r"server_access_logs_bucket=.* is not allowed; None for an "
                                                      r"existing bucket \(its owner configures its logging\)"):
        ModelBucket(scope, "Models", existing_bucket_name="team-models", server_access_logs_bucket=logs)


def test_server_access_logs_go_to_the_given_bucket():
    scope = stack()
    logs = s3.Bucket(scope, "Logs")
    ModelBucket(scope, "Models", server_access_logs_bucket=logs)
    Template.from_stack(scope).has_resource_properties("AWS::S3::Bucket", {
        "LoggingConfiguration": {"DestinationBucketName": {"Ref": scope.get_logical_id(logs.node.default_child)}}})


def test_upload_command_needs_a_key_prefix():
    models = ModelBucket(stack(), "Models", existing_bucket_name="team-models")
    with pytest.raises(HyperPodValidationError, match=r"key_prefix='s3://team-models/qwen/' is not allowed; a key prefix"):
        models.upload_command("./weights", "s3://team-models/qwen/")
    with pytest.raises(HyperPodValidationError, match=r"key_prefix='/' is not allowed"):
        models.upload_command("./weights", "/")


def test_upload_command_quotes_the_local_directory():
    models = ModelBucket(stack(), "Models", existing_bucket_name="team-models")
    assert models.upload_command("./my weights", "m/") == "aws s3 sync './my weights' s3://team-models/m/"


def test_output_name_can_be_chosen_for_a_second_bucket():
    scope = stack()
    ModelBucket(scope, "Models")
    ModelBucket(scope, "MoreModels", existing_bucket_name="more-models", output_name="MoreModelsBucketName")
    assert {"ModelBucketName", "MoreModelsBucketName"} <= set(Template.from_stack(scope).to_json()["Outputs"])


def test_a_created_bucket_keeps_old_versions_for_30_days():
    scope = stack()
    ModelBucket(scope, "Models")
    bucket = next(resource["Properties"] for resource in Template.from_stack(scope).to_json()["Resources"].values()
                  if resource["Type"] == "AWS::S3::Bucket")
    assert bucket["VersioningConfiguration"] == {"Status": "Enabled"}
    assert bucket["LifecycleConfiguration"] == {"Rules": [{
        "Id": "ExpireNoncurrentVersions", "Status": "Enabled", "ExpiredObjectDeleteMarker": True,
        "NoncurrentVersionExpiration": {"NoncurrentDays": 30}}]}


def test_old_versions_can_be_kept_longer():
    scope = stack()
    ModelBucket(scope, "Models", noncurrent_version_retention_days=90)
    Template.from_stack(scope).has_resource_properties("AWS::S3::Bucket", {"LifecycleConfiguration": {"Rules": [
        {"NoncurrentVersionExpiration": {"NoncurrentDays": 90}, "ExpiredObjectDeleteMarker": True}]}})


@pytest.mark.parametrize("days", [0, -1, 1.5, True, "30"])
def test_retention_days_must_be_a_whole_number_of_at_least_one(days: object):
    with pytest.raises(HyperPodValidationError, match=re.escape(
            f"Models/Models: noncurrent_version_retention_days={days!r} is not allowed; a whole number of days, at "
            "least 1 (S3's minimum for NoncurrentDays), such as 30")):
        ModelBucket(stack(), "Models", noncurrent_version_retention_days=days)  # type: ignore[arg-type]


def test_an_existing_bucket_takes_no_retention_days():
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "noncurrent_version_retention_days=7 is not allowed; None for an existing bucket (its owner configures "
            "its versioning and lifecycle rules)")):
        ModelBucket(stack(), "Models", existing_bucket_name="team-models", noncurrent_version_retention_days=7)
