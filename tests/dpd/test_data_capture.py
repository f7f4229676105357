"""Data capture: one negative test per rule (by its message), the rendered dataCapture against both CRDs, and the
grants a platform gives the writers."""
from __future__ import annotations

from rule_support import endpoint_problems

from typing import Any, Callable

import aws_cdk as cdk
import pytest
from aws_cdk import aws_kms as kms, aws_s3 as s3
from aws_cdk.assertions import Template

from apps_support import s3_model
from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.intent.data_capture import CaptureMode, DataCapture
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint
from support import stand_in_bucket, validate_manifest

STACK = cdk.Stack(cdk.App(), "CaptureSpecs")
BUCKET = s3.Bucket.from_bucket_name(STACK, "Imported", "llm-captures")
MODELS = stand_in_bucket()  # what the renderer reads of the model bucket; platforms below import their own
KMS_BUCKET = s3.Bucket(STACK, "KmsBucket", encryption=s3.BucketEncryption.KMS)
KEY = kms.Key.from_key_arn(STACK, "Key", "arn:aws:kms:us-west-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab")
VIEW = ResolvedPlatform(instance_groups=(InstanceGroup("g5", "ml.g5.12xlarge", count=1),), region="us-west-2")


def capture(**overrides: Any) -> DataCapture:
    props: dict[str, Any] = {"bucket": BUCKET}
    props.update(overrides)
    return DataCapture(**props)


def endpoint(data_capture: Any, **overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": ModelSource.s3(MODELS, "llama/")}
    props.update(overrides)
    return InferenceEndpoint("llama-8b", instance_type="ml.g5.12xlarge", data_capture=data_capture, **props)


ERRORS: list[tuple[str, Callable[[], Any], str]] = [
    ("zero-percent", lambda: endpoint(capture(sampling_percentage=0)),
     r"^DataCapture: sampling_percentage=0 is not allowed; a whole percentage greater than 0 and at most 100"),
    ("over-100", lambda: endpoint(capture(sampling_percentage=101)), r"^DataCapture: sampling_percentage=101 is not allowed"),
    ("fraction", lambda: endpoint(capture(sampling_percentage=12.5)), r"^DataCapture: sampling_percentage=12.5 is not allowed"),
    ("bool-percent", lambda: endpoint(capture(sampling_percentage=True)), r"^DataCapture: sampling_percentage=True"),
    ("not-a-bucket", lambda: endpoint(capture(bucket="s3://llm-captures")),
     r"^DataCapture: bucket='s3://llm-captures' is not allowed; an s3.IBucket"),
    ("prefix-slash", lambda: endpoint(capture(prefix="/captures")),
     r"^DataCapture: prefix='/captures' is not allowed; an S3 key prefix of at most 443 characters without a leading '/'"),
    ("prefix-comma", lambda: endpoint(capture(prefix="a,b")), r"^DataCapture: prefix='a,b' is not allowed"),
    ("prefix-too-long", lambda: endpoint(capture(prefix="p" * 444)),
     r"^DataCapture: prefix='p{444}' is not allowed; an S3 key prefix of at most 443 characters"),
    ("capture-empty", lambda: endpoint(capture(capture=())),
     r"^DataCapture: capture=\(\) is not allowed; a non-empty list of CaptureMode.REQUEST and/or CaptureMode.RESPONSE"),
    ("capture-unknown", lambda: endpoint(capture(capture=("Prompt",))),
     r"^DataCapture: capture='Prompt' is not allowed; one of 'Input', 'Output'"),
    ("capture-twice", lambda: endpoint(capture(capture=(CaptureMode.REQUEST, "Input"))),
     r"^DataCapture: capture=\['REQUEST', 'REQUEST'\] is not allowed; each of"),
    ("content-type-pattern", lambda: endpoint(capture(json_content_types=("json",))),
     r"^DataCapture: json_content_types\[0\]='json' is not allowed; a media type such as application/json"),
    ("content-types-too-many", lambda: endpoint(capture(csv_content_types=tuple(f"text/csv{i}" for i in range(11)))),
     r"^DataCapture: csv_content_types=.* is not allowed; at most 10 content types"),
    ("content-type-both", lambda: endpoint(capture(json_content_types=("text/plain",), csv_content_types=("text/plain",))),
     r"^DataCapture: csv_content_types=\['text/plain'\] is not allowed; content types not also listed in json"),
    ("not-a-key", lambda: endpoint(capture(kms_key="alias/captures")),
     r"^DataCapture: kms_key='alias/captures' is not allowed; a kms.IKey"),
    ("key-arn-pattern", lambda: endpoint(capture(kms_key=kms.Key.from_key_arn(
        STACK, "SpacedKey", "arn:aws:kms:us-west-2:111122223333:key/1234 abcd"))),
     r"^DataCapture: kms_key='arn:aws:kms:us-west-2:111122223333:key/1234 abcd' is not allowed; a KMS key id, key ARN"),
    ("no-tier", lambda: endpoint(capture(model_pod=False)),
     r"^DataCapture: model_pod=False is not allowed; at least one tier on"),
    ("batch-size", lambda: endpoint(capture(batch_size=0)),
     r"^DataCapture: batch_size=0 is not allowed; an integer from 1 to 1000"),
    ("flush-interval", lambda: endpoint(capture(flush_interval_s=5)),
     r"^DataCapture: flush_interval_s=5 is not allowed; an integer from 10 to 300"),
    ("max-payload", lambda: endpoint(capture(max_payload_kb=20000)),
     r"^DataCapture: max_payload_kb=20000 is not allowed; an integer from 0 to 10240"),
    ("buffer-without-pod", lambda: endpoint(capture(model_pod=False, sagemaker_endpoint=True, batch_size=5),
                                            sagemaker_endpoint_name="llama"),
     r"^DataCapture: batch_size=5 is not allowed; only with model_pod=True"),
    ("alb-logs-kms-bucket", lambda: endpoint(capture(bucket=KMS_BUCKET, load_balancer_access_logs=True)),
     r"^DataCapture: load_balancer_access_logs=True is not allowed; False for a bucket encrypted with a KMS key"),
    ("not-a-capture", lambda: endpoint({"bucket": "x"}),
     r"data_capture=\{'bucket': 'x'\} is not allowed; expected a DataCapture\(\.\.\.\) or None, got dict"),
]


@pytest.mark.parametrize("factory,message", [(f, m) for _, f, m in ERRORS], ids=[i for i, _, _ in ERRORS])
def test_construction_rule(factory: Callable[[], Any], message: str) -> None:
    """The capture settings check themselves when built, before an endpoint sees them."""
    with pytest.raises(HyperPodValidationError, match=message):
        factory()


def test_jumpstart_checks_its_capture_too() -> None:
    with pytest.raises(HyperPodValidationError, match=r"^DataCapture: sampling_percentage=0"):
        JumpStartEndpoint("deepseek", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                          instance_type="ml.g5.12xlarge", data_capture=capture(sampling_percentage=0))


def test_sagemaker_tier_needs_a_registered_endpoint() -> None:
    problems = endpoint_problems(VIEW, endpoint(capture(sagemaker_endpoint=True)))
    assert problems == ["endpoint 'llama-8b': data_capture.sagemaker_endpoint=True is not allowed; False, or set "
                        "sagemaker_endpoint_name on the endpoint: the SageMaker endpoint tier captures at the SageMaker "
                        "runtime boundary, which exists only for a registered endpoint"]
    assert endpoint_problems(VIEW, endpoint(capture(sagemaker_endpoint=True), sagemaker_endpoint_name="llama-8b")) == []


def test_every_tier_renders_per_the_crd() -> None:
    full = capture(prefix="captures/llama/", sampling_percentage=25, capture=(CaptureMode.REQUEST,),
                   json_content_types=("application/json", "application/jsonlines"), csv_content_types=("text/csv",),
                   kms_key=KEY, sagemaker_endpoint=True, load_balancer_access_logs=True, batch_size=50,
                   flush_interval_s=30, max_payload_kb=1024)
    manifest = render_endpoint(resolve_endpoint(endpoint(full, sagemaker_endpoint_name="llama-8b"), VIEW))
    validate_manifest(manifest)
    spec = manifest["spec"]["dataCapture"]
    payload = {"enabled": True, "initialSamplingPercentage": 25, "captureOptions": [{"captureMode": "Input"}],
               "captureContentTypeHeader": {"jsonContentTypes": ["application/json", "application/jsonlines"],
                                            "csvContentTypes": ["text/csv"]},
               "kmsKeyId": KEY.key_arn}
    assert spec == {"s3Uri": "s3://llm-captures/captures/llama", "sagemakerEndpoint": payload,
                    "loadBalancer": {"enabled": True},
                    "modelPod": {**payload, "bufferConfig": {"batchSize": 50, "flushIntervalSeconds": 30},
                                 "payloadConfig": {"maxPayloadSizeKB": 1024}}}
    jumpstart = render_endpoint(resolve_endpoint(JumpStartEndpoint("deepseek", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                                  instance_type="ml.g5.12xlarge", data_capture=capture()), VIEW))
    validate_manifest(jumpstart)
    assert jumpstart["spec"]["dataCapture"] == {"s3Uri": "s3://llm-captures", "modelPod": {
        "enabled": True, "initialSamplingPercentage": 100,
        "captureOptions": [{"captureMode": "Input"}, {"captureMode": "Output"}]}}


# ---- grants on a platform -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def platform_template() -> tuple[HyperPodInferencePlatform, dict[str, Any]]:
    app = cdk.App()
    stack = cdk.Stack(app, "CaptureGrants")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("g5", "ml.g5.12xlarge", count=1)])
    bucket = s3.Bucket(stack, "Captures", enforce_ssl=True)
    key = kms.Key(stack, "CaptureKey", enable_key_rotation=True)
    platform.add_endpoint(endpoint(capture(bucket=bucket, prefix="llama", kms_key=key, load_balancer_access_logs=True),
                                    model=s3_model(platform, "llama/")))
    return platform, Template.from_stack(stack).to_json()


def _statements(template: dict[str, Any], type_name: str) -> list[dict[str, Any]]:
    return [statement for resource in template["Resources"].values() if resource["Type"] == type_name
            for statement in resource["Properties"]["PolicyDocument"]["Statement"]]


def test_operator_execution_role_may_write_the_prefix_and_use_the_key(
        platform_template: tuple[HyperPodInferencePlatform, dict[str, Any]]) -> None:
    platform, template = platform_template
    role_policies = [resource for resource in template["Resources"].values() if resource["Type"] == "AWS::IAM::Policy"
                     and resource["Properties"]["Roles"] == [{"Ref": cdk.Stack.of(platform).get_logical_id(
                         platform.operator.execution_role.node.default_child)}]]
    statements = [s for policy in role_policies for s in policy["Properties"]["PolicyDocument"]["Statement"]]
    puts = [s for s in statements if "s3:PutObject" in s["Action"] and "s3:Abort*" in s["Action"]]
    assert len(puts) == 1
    assert puts[0]["Resource"]["Fn::Join"][1][1] == "/llama/*"  # only the capture prefix
    assert any(sorted(s["Action"]) == ["kms:Encrypt", "kms:GenerateDataKey*", "kms:ReEncrypt*"] for s in statements)


def test_load_balancer_logs_are_granted_to_elb_log_delivery(
        platform_template: tuple[HyperPodInferencePlatform, dict[str, Any]]) -> None:
    _, template = platform_template
    statements = _statements(template, "AWS::S3::BucketPolicy")
    delivery = [s for s in statements if s.get("Principal") == {"Service": "logdelivery.elasticloadbalancing.amazonaws.com"}]
    assert len(delivery) == 1 and "s3:PutObject" in delivery[0]["Action"]


def test_bucket_and_key_become_deploy_time_values(
        platform_template: tuple[HyperPodInferencePlatform, dict[str, Any]]) -> None:
    platform, template = platform_template
    assert {"DataCaptureBucket", "DataCaptureKmsKey"} <= set(platform.deploy_time_values.names)
    assert {"DataCaptureBucket", "DataCaptureKmsKey"} <= set(template["Outputs"])
    manifests = platform.deploy_time_values.to_placeholders(
        [m for name, ms in platform.charts.items() if name.startswith("endpoint-") for m in ms])
    spec = manifests[0]["spec"]["dataCapture"]
    assert spec["s3Uri"] == "s3://${DataCaptureBucket}/llama"
    assert spec["modelPod"]["kmsKeyId"] == "${DataCaptureKmsKey}"


def test_imported_bucket_cannot_take_load_balancer_logs() -> None:
    app = cdk.App()
    stack = cdk.Stack(app, "ImportedCaptureBucket")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("g5", "ml.g5.12xlarge", count=1)])
    imported = s3.Bucket.from_bucket_name(stack, "Imported", "llm-captures")
    with pytest.raises(HyperPodValidationError, match=r"endpoint 'llama-8b': data_capture.load_balancer_access_logs=True "
                       r"is not allowed; a bucket whose policy this stack can extend"):
        platform.add_endpoint(endpoint(capture(bucket=imported, load_balancer_access_logs=True),
                                        model=s3_model(platform, "llama/")))
