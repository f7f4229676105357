"""The bucket model weights are uploaded to: one the stack creates (kept on delete), or an existing one by name.

Bucket names are global: an app that names a bucket it does not create depends on whoever owns that name, and
the model store's file-system link fails (rolling the stack back) when it is someone else's.

A created bucket is versioned: the model store's link imports S3 deletions into the file system, so one mistaken
``aws s3 rm`` would otherwise remove weights from S3 and from every node's mount for good. Old versions expire
after ``noncurrent_version_retention_days`` so overwritten weights do not cost storage for ever.
"""
from __future__ import annotations

import shlex
from typing import Any, Optional

from aws_cdk import CfnOutput, Duration, RemovalPolicy, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..errors import HyperPodValidationError, require
from ..intent.cdk_refs import is_s3_prefix, s3_uri
from ..intent.names import S3_BUCKET_NAME_HELP, is_s3_bucket_name
from ..intent.tokens import is_token
from .nag import acknowledge
from .s3_read import check_key_prefix, grant_s3_read

MODEL_BUCKET_CONTEXT = "model_bucket"  # cdk synth -c model_bucket=NAME
BUCKET_NAME_OUTPUT = "ModelBucketName"
# How long an overwritten or deleted object's old version stays restorable (docs/deploy.md, "The model bucket").
NONCURRENT_VERSION_RETENTION_DAYS = 30
NONCURRENT_VERSIONS_RULE = "ExpireNoncurrentVersions"


class ModelBucket(Construct):
    """Where model weights live in S3, for ``ModelStore(bucket=...)`` and ``ModelSource.s3(...)``.

    Without ``existing_bucket_name`` the stack creates the bucket: S3-managed encryption, public access blocked,
    TLS-only, versioned (old versions expire after ``noncurrent_version_retention_days``), kept when the stack is
    deleted (``removal_policy``). With it, ``s3.Bucket.from_bucket_name`` imports
    that bucket (its policy must let this account read it). ``ModelBucket.from_context`` takes the name from
    ``cdk synth -c model_bucket=NAME``. Either way ``bucket`` is the ``s3.IBucket`` and the bucket's name is the
    stack output ``output_name``; ``grant_read`` lets a role of yours read the weights.
    """

    def __init__(self, scope: Construct, construct_id: str, *, existing_bucket_name: Optional[str] = None,
                 server_access_logs_bucket: Optional[s3.IBucket] = None,
                 removal_policy: RemovalPolicy = RemovalPolicy.RETAIN,
                 noncurrent_version_retention_days: Optional[int] = None,
                 output_name: str = BUCKET_NAME_OUTPUT) -> None:
        """The bucket, created or imported, and the stack output with its name.

        Args:
            existing_bucket_name: The name of a bucket to import instead of creating one (a CloudFormation token is
                allowed); its policy must let this account read it. Default: None (the stack creates the bucket).
            server_access_logs_bucket: The bucket the created bucket writes its S3 server access logs to; only
                without ``existing_bucket_name`` (an existing bucket's owner configures its logging).
                Default: None (no access logs).
            removal_policy: What happens to the created bucket when it leaves the stack; an existing bucket is
                never deleted. Default: ``RemovalPolicy.RETAIN`` (kept).
            noncurrent_version_retention_days: How many days an overwritten or deleted object's previous version
                stays in the created bucket, restorable, before S3 expires it (a whole number, at least 1); only
                without ``existing_bucket_name`` (an existing bucket's owner configures its versioning).
                Default: None (30 days for a created bucket).
            output_name: The logical id of the stack output holding the bucket's name (several buckets in one stack
                need distinct ones). Default: ``"ModelBucketName"``.
        """
        super().__init__(scope, construct_id)
        self._created = existing_bucket_name is None
        if existing_bucket_name is not None:
            require(is_token(existing_bucket_name) or is_s3_bucket_name(existing_bucket_name), self.node.path,
                    "existing_bucket_name", existing_bucket_name, S3_BUCKET_NAME_HELP)
            require(server_access_logs_bucket is None, self.node.path, "server_access_logs_bucket",
                    server_access_logs_bucket, "None for an existing bucket (its owner configures its logging)")
            require(noncurrent_version_retention_days is None, self.node.path, "noncurrent_version_retention_days",
                    noncurrent_version_retention_days,
                    "None for an existing bucket (its owner configures its versioning and lifecycle rules)")
            self._bucket: s3.IBucket = s3.Bucket.from_bucket_name(self, "Bucket", existing_bucket_name)
        else:
            days = (NONCURRENT_VERSION_RETENTION_DAYS if noncurrent_version_retention_days is None
                    else noncurrent_version_retention_days)
            require(isinstance(days, int) and not isinstance(days, bool) and days >= 1, self.node.path,
                    "noncurrent_version_retention_days", days,
                    "a whole number of days, at least 1 (S3's minimum for NoncurrentDays), such as 30")
            self._bucket = s3.Bucket(
                self, "Bucket", encryption=s3.BucketEncryption.S3_MANAGED, enforce_ssl=True,
                block_public_access=s3.BlockPublicAccess.BLOCK_ALL, removal_policy=removal_policy,
                server_access_logs_bucket=server_access_logs_bucket, versioned=True,
                # Old versions are the undo of a mistaken delete or overwrite; a delete marker left with no
                # version behind it once they expire is removed too, so listings stay clean.
                lifecycle_rules=[s3.LifecycleRule(
                    id=NONCURRENT_VERSIONS_RULE, noncurrent_version_expiration=Duration.days(days),
                    expired_object_delete_marker=True)])
            if server_access_logs_bucket is None:
                acknowledge(self._bucket, "AwsSolutions-S1",
                            "Model weights are published artifacts, written by whoever deploys; CloudTrail records "
                            "bucket changes. Pass server_access_logs_bucket= to log object access.")
        self._bucket_name: str = self._bucket.bucket_name  # read once: a jsii property read is a round trip
        output = CfnOutput(self, "Name", value=self.bucket_name,
                           description="The S3 bucket model weights are uploaded to")
        output.override_logical_id(output_name)

    @property
    def created(self) -> bool:
        """True when the stack creates the bucket, False when it imports ``existing_bucket_name``."""
        return self._created

    @property
    def bucket(self) -> s3.IBucket:
        """The bucket: the imported one, or the one the stack creates (S3-managed encryption, public access blocked,
        TLS only, versioned), for ``ModelStore(bucket=...)`` and ``ModelSource.s3(...)``."""
        return self._bucket

    @property
    def bucket_name(self) -> str:
        """The bucket's name (a CloudFormation token for a created bucket), also the stack output ``output_name``."""
        return self._bucket_name

    def grant_read(self, grantee: iam.IGrantable, key_prefix: Optional[str] = None) -> iam.Grant:
        """Let ``grantee`` (a role of yours) read model weights: ``s3:ListBucket`` limited to ``key_prefix`` (the
        ``s3:prefix`` condition) and ``s3:GetObject`` on the objects under it, plus ``kms:Decrypt`` through the
        bucket's key if it has one.

        Args:
            grantee: The principal to grant to (an ``iam.IGrantable``: a role, a function...). Required.
            key_prefix: The key prefix the grantee may read, such as ``"llama-3.1-8b-instruct/"`` (end it with
                ``/``: a prefix matches every key that starts with it). Default: None (the whole bucket).
        """
        check_key_prefix(self.node.path, "key_prefix", key_prefix)
        return grant_s3_read(self.node.path, grantee, self._bucket, key_prefix)

    @classmethod
    def from_context(cls, scope: Construct, construct_id: str, *, context_key: str = MODEL_BUCKET_CONTEXT,
                     **options: Any) -> "ModelBucket":
        """The bucket named by the app's context (``cdk synth -c model_bucket=NAME``), else one the stack creates."""
        name = scope.node.try_get_context(context_key)
        try:
            return cls(scope, construct_id, existing_bucket_name=name, **options)
        except HyperPodValidationError as error:
            if error.field != "existing_bucket_name":
                raise
            raise HyperPodValidationError(error.where, f"context {context_key}", error.value,
                                          f"{error.allowed} (cdk synth -c {context_key}=NAME)") from None

    def upload_command(self, local_dir: str, key_prefix: str) -> str:
        """``aws s3 sync <local_dir> s3://<bucket>/<key_prefix>``: a CloudFormation join while the name is a token."""
        require(is_s3_prefix(key_prefix) and bool(key_prefix.strip("/")), self.node.path, "key_prefix", key_prefix,
                "a key prefix inside the bucket such as 'llama-3.1-8b-instruct/' (not an s3:// URI, no leading '/')")
        return f"aws s3 sync {shlex.quote(local_dir)} {s3_uri(self.bucket_name, key_prefix)}"
