"""Request/response capture to S3 (``spec.dataCapture`` of InferenceEndpointConfig and JumpStartModel).

The operator captures at three points, each writing under ``{s3Uri}/{hash}/<tier>/``:

- the model pod (``modelPod``): request and response payloads next to the model, sampled, buffered, optionally
  KMS-encrypted; needs no SageMaker endpoint;
- the SageMaker endpoint (``sagemakerEndpoint``): payloads at the SageMaker runtime boundary, the format
  SageMaker Model Monitor reads; needs ``sagemaker_endpoint_name`` on the endpoint;
- the load balancer (``loadBalancer``): ALB access logs (paths, client IPs, latencies; no payloads).

Captured payloads are the prompts and completions themselves, so the bucket holds whatever users send the model.

Pure Python: the bucket and key are CDK objects (``s3.IBucket``, ``kms.IKey``) but this module only reads their
names and ARNs; the platform grants the writers (see ``aws/data_capture.py``).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..errors import require
from .arns import KMS_KEY, check_arn
from .endpoint_options import coerce_enum, require_int
from .frozen import Frozen, each, member_of
from .tokens import is_token

if TYPE_CHECKING:
    from aws_cdk import aws_kms as kms, aws_s3 as s3

# dataCapture CRD facts (InferenceEndpointConfig v1, chart 2.2.2).
CONTENT_TYPE_PATTERN = re.compile(r"^[a-zA-Z0-9](-*[a-zA-Z0-9])*/[a-zA-Z0-9](-*[a-zA-Z0-9.])*$")
CONTENT_TYPE_MAX_LENGTH = 256
CONTENT_TYPES_MAX = 10
KMS_KEY_ID_PATTERN = re.compile(r"^[a-zA-Z0-9:/_-]*$")
KMS_KEY_ID_MAX_LENGTH = 2048
S3_URI_MAX_LENGTH = 512
PREFIX_MAX_LENGTH = S3_URI_MAX_LENGTH - len("s3://") - 63 - 1  # room for the longest bucket name and '/'
PREFIX_PATTERN = re.compile(r"^[^,=]*$")  # s3Uri pattern ^s3://([^/]+)(/[^,=]*)?$
BATCH_SIZE_RANGE = (1, 1000)
FLUSH_INTERVAL_RANGE = (10, 300)
MAX_PAYLOAD_KB_RANGE = (0, 10240)


class CaptureMode(enum.Enum):
    """``captureOptions[].captureMode``: what a capture record holds."""

    REQUEST = "Input"
    """The request payload: the prompt."""
    RESPONSE = "Output"
    """The response payload: the completion."""


@dataclass(frozen=True, kw_only=True)
class DataCapture:
    """Capture a sample of requests and responses to an S3 bucket.

    ``bucket`` is the destination (``s3.IBucket``); ``prefix`` a key prefix inside it. ``sampling_percentage`` is
    the share of requests captured (1-100). ``capture`` says what each record holds (requests, responses or
    both). ``json_content_types`` / ``csv_content_types`` name the Content-Type headers stored as readable JSON or
    CSV instead of base64. ``kms_key`` encrypts the captured objects with your key (model pod and SageMaker
    endpoint tiers); without it the bucket's default encryption applies.

    Tiers: ``model_pod`` (default on), ``sagemaker_endpoint`` (needs the endpoint's ``sagemaker_endpoint_name``),
    ``load_balancer_access_logs``. ``batch_size``, ``flush_interval_s`` and ``max_payload_kb`` tune the model pod
    tier (operator defaults 10 records, 60 s, 0 = whole payload).
    """

    bucket: "s3.IBucket"
    """The destination bucket (an ``s3.IBucket``); the platform grants the writers.
    Required."""
    prefix: str = ""
    """A key prefix inside the bucket, e.g. ``"captures/llama"`` (no leading ``/``, no ``,`` or ``=``).
    Default: ``""`` (the bucket's root)."""
    sampling_percentage: int = 100
    """The share of requests captured, a whole percentage from 1 to 100.
    Default: 100 (%)."""
    capture: Sequence[CaptureMode] = Frozen((CaptureMode.REQUEST, CaptureMode.RESPONSE),
                                            convert=each(member_of(CaptureMode)))
    """What each record holds: ``CaptureMode.REQUEST`` and/or ``CaptureMode.RESPONSE`` (or their values).
    Default: both."""
    json_content_types: Sequence[str] = Frozen(())
    """Content-Type headers whose payloads are stored as readable JSON instead of base64 (at most 10).
    Default: none."""
    csv_content_types: Sequence[str] = Frozen(())
    """Content-Type headers whose payloads are stored as readable CSV instead of base64 (at most 10, none also in
    ``json_content_types``).
    Default: none."""
    kms_key: Optional["kms.IKey"] = None
    """A KMS key that encrypts the captured objects of the model pod and SageMaker endpoint tiers.
    Default: None (the bucket's default encryption)."""
    model_pod: bool = True
    """Capture at the model pod: sampled, buffered payloads next to the model; needs no SageMaker endpoint.
    Default: True."""
    sagemaker_endpoint: bool = False
    """Capture at the SageMaker endpoint, the format SageMaker Model Monitor reads; needs ``sagemaker_endpoint_name``
    on the endpoint.
    Default: False."""
    load_balancer_access_logs: bool = False
    """ALB access logs (paths, client IPs, latencies; no payloads); the bucket must use SSE-S3.
    Default: False."""
    batch_size: Optional[int] = None
    """Records the model pod tier buffers before it writes (1-1000, model pod tier only).
    Default: None (omitted: the operator's 10 records)."""
    flush_interval_s: Optional[int] = None
    """Seconds the model pod tier buffers at most before it writes (10-300, model pod tier only).
    Default: None (omitted: the operator's 60 s)."""
    max_payload_kb: Optional[int] = None
    """The most of each payload the model pod tier keeps, in KB (0-10240; 0 keeps the whole payload).
    Default: None (omitted: the operator's 0, the whole payload)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(hasattr(self.bucket, "bucket_name") and hasattr(self.bucket, "grant_put"), where, "bucket",
                self.bucket, "an s3.IBucket (a Bucket in your stack, or s3.Bucket.from_bucket_name(...))")
        require(isinstance(self.prefix, str) and bool(PREFIX_PATTERN.match(self.prefix)) and not self.prefix.startswith("/")
                and len(self.prefix) <= PREFIX_MAX_LENGTH, where, "prefix", self.prefix,
                f"an S3 key prefix of at most {PREFIX_MAX_LENGTH} characters without a leading '/', ',' or '=' "
                "(e.g. 'captures/llama')")
        require(isinstance(self.sampling_percentage, int) and not isinstance(self.sampling_percentage, bool)
                and 0 < self.sampling_percentage <= 100, where, "sampling_percentage", self.sampling_percentage,
                "a whole percentage greater than 0 and at most 100 (0 would capture nothing; remove data_capture instead)")
        require(not isinstance(self.capture, (str, CaptureMode)) and len(tuple(self.capture)) > 0, where,
                "capture", self.capture, "a non-empty list of CaptureMode.REQUEST and/or CaptureMode.RESPONSE")
        modes = tuple(coerce_enum(CaptureMode, mode, where, "capture") for mode in self.capture)
        require(len(set(modes)) == len(modes), where, "capture", [mode.name for mode in modes],
                "each of CaptureMode.REQUEST and CaptureMode.RESPONSE at most once")
        for name in ("json_content_types", "csv_content_types"):
            value = getattr(self, name)
            require(not isinstance(value, str), where, name, value, "a list of content types")
            types = tuple(value)
            require(len(types) <= CONTENT_TYPES_MAX, where, name, types,
                    f"at most {CONTENT_TYPES_MAX} content types")
            for index, content_type in enumerate(types):
                require(isinstance(content_type, str) and len(content_type) <= CONTENT_TYPE_MAX_LENGTH
                        and bool(CONTENT_TYPE_PATTERN.match(content_type)), where, f"{name}[{index}]",
                        content_type, "a media type such as application/json or text/csv (type/subtype)")
            require(len(set(types)) == len(types), where, name, types, "each content type once")
        overlap = sorted(set(self.json_content_types) & set(self.csv_content_types))
        require(not overlap, where, "csv_content_types", overlap,
                "content types not also listed in json_content_types (a payload is read as JSON or as CSV)")
        if self.kms_key is not None:
            require(hasattr(self.kms_key, "key_arn") and hasattr(self.kms_key, "grant_encrypt"), where,
                    "kms_key", self.kms_key, "a kms.IKey (a Key in your stack, or kms.Key.from_key_arn(...))")
            key = self.kms_key_id
            # A key in the stack is a token; an imported key's ARN is known now and must be what the CRD allows.
            require(is_token(key) or (len(key) <= KMS_KEY_ID_MAX_LENGTH and bool(KMS_KEY_ID_PATTERN.match(key))),
                    where, "kms_key", key, "a KMS key id, key ARN, alias name or alias ARN")
            if key.startswith("arn:"):
                check_arn(where, "kms_key", key, KMS_KEY)
        for name in ("model_pod", "sagemaker_endpoint", "load_balancer_access_logs"):
            require(isinstance(getattr(self, name), bool), where, name, getattr(self, name), "True or False")
        require(self.model_pod or self.sagemaker_endpoint or self.load_balancer_access_logs, where,
                "model_pod", False, "at least one tier on: model_pod, sagemaker_endpoint or "
                "load_balancer_access_logs (remove data_capture to capture nothing)")
        for name, (low, high) in (("batch_size", BATCH_SIZE_RANGE), ("flush_interval_s", FLUSH_INTERVAL_RANGE),
                                  ("max_payload_kb", MAX_PAYLOAD_KB_RANGE)):
            value = getattr(self, name)
            if value is not None:
                require_int(value, where, name, low, high)
                require(self.model_pod, where, name, value, "only with model_pod=True (it tunes that tier)")
        if self.load_balancer_access_logs:
            # ALB access logs support only SSE-S3 (AWS Elastic Load Balancing docs, "Access logs ... bucket
            # requirements"); a bucket whose default encryption is a KMS key would reject them.
            require(getattr(self.bucket, "encryption_key", None) is None, where, "load_balancer_access_logs",
                    True, "False for a bucket encrypted with a KMS key: ALB access logs need SSE-S3 (Amazon S3 managed keys)")

    # ---- where captures go ---------------------------------------------------------------------------------------

    @property
    def bucket_name(self) -> str:
        """The destination bucket's name (a token for a bucket of the stack)."""
        return str(self.bucket.bucket_name)

    @property
    def kms_key_id(self) -> Optional[str]:
        """The key's ARN, or None without ``kms_key``."""
        return None if self.kms_key is None else str(self.kms_key.key_arn)

    def s3_uri(self) -> str:
        """``s3://<bucket>/<prefix>``, the capture destination (``dataCapture.s3Uri``)."""
        prefix = self.prefix.strip("/")
        return f"s3://{self.bucket_name}" + (f"/{prefix}" if prefix else "")
