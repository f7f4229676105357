"""Who may write an endpoint's captured requests and responses, and with which key.

Writers (see docs/endpoints.md, "Data capture"):

- model pod and SageMaker endpoint tiers: the inference operator's execution role. It is the identity the operator
  works with, the role it hands SageMaker for registered endpoints (it trusts ``sagemaker.amazonaws.com``), and
  the only role AWS's own setup lets write the operator's default capture location (its TLS bucket). It gets
  ``grant_put`` on the capture prefix and, with a KMS key, ``grant_encrypt`` on the key;
- the load balancer tier: Elastic Load Balancing's log delivery service, through the bucket policy
  (``logdelivery.elasticloadbalancing.amazonaws.com``).
"""
from __future__ import annotations

from typing import Callable

from aws_cdk import aws_iam as iam
from constructs import Construct

from ..errors import require
from ..resolve.records import DataCaptureRecord
from .deploy_time_names import NumberedValues
from .nag import acknowledge, bucket_arn_finding

ELB_LOG_DELIVERY = "logdelivery.elasticloadbalancing.amazonaws.com"


class DataCaptureWriters:
    """Grants every endpoint's capture destination to its writers and names its deploy-time values."""

    def __init__(self, scope: Construct, *, writer: iam.Role, register: Callable[[str, str, str], str]) -> None:
        """``register(name, value, description)`` names a deploy-time value (the platform's ``DeployTimeValues``)."""
        self._scope = scope
        self._writer = writer
        self._buckets = NumberedValues(register, "DataCaptureBucket", "Bucket for captured requests")
        self._keys = NumberedValues(register, "DataCaptureKmsKey", "KMS key for captured requests")

    def add(self, capture: DataCaptureRecord, where: str) -> None:
        """Grants for one endpoint's resolved capture destination; ``where`` names the endpoint in errors."""
        pattern = f"{capture.prefix.strip('/')}/*" if capture.prefix.strip("/") else "*"
        self._buckets.add(capture.bucket_name)
        if capture.model_pod or capture.sagemaker_endpoint:
            capture.bucket.grant_put(self._writer, pattern)
            findings = ["Action::s3:Abort*", f"Resource::{bucket_arn_finding(capture.bucket)}/{pattern}"]
            if capture.kms_key is not None:
                capture.kms_key.grant_encrypt(self._writer)
                self._keys.add(capture.kms_key_id or "")
                findings += ["Action::kms:ReEncrypt*", "Action::kms:GenerateDataKey*"]
            if getattr(capture.bucket, "encryption_key", None) is not None:
                findings += ["Action::kms:ReEncrypt*", "Action::kms:GenerateDataKey*"]
            acknowledge(self._writer, "AwsSolutions-IAM5", "Captured requests are written under keys the operator "
                        "names per deployment at run time, inside the capture prefix the app chose.", *findings)
        if capture.load_balancer_access_logs:
            capture.bucket.grant_put(iam.ServicePrincipal(ELB_LOG_DELIVERY), pattern)
            # Grant.success is True even when an imported bucket dropped the statement: look for the policy itself.
            require(capture.bucket.policy is not None, where, "data_capture.load_balancer_access_logs", True,
                    "a bucket whose policy this stack can extend (a Bucket defined in the app): an imported bucket "
                    f"needs a bucket policy letting {ELB_LOG_DELIVERY} put objects, added where the bucket is defined")
