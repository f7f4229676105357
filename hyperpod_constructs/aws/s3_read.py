"""Read access to model weights in S3 for a principal of the user's: the calls a reader makes, and no more.

A reader lists the keys under a prefix (``s3:ListBucket``, limited to that prefix by the ``s3:prefix`` condition
key) and downloads them (``s3:GetObject`` on the objects under it), decrypting through the bucket's KMS key when it
has one. ``IBucket.grant_read`` would add ``s3:GetObject*`` / ``s3:GetBucket*`` / ``s3:List*``, wildcards that also
name object versions, ACLs, access points and access grants.
"""
from __future__ import annotations

from typing import Optional

from aws_cdk import aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..errors import require
from ..intent.cdk_refs import is_s3_prefix
from .nag import acknowledge, bucket_arn_finding
from .principal_grants import grant_to_principal


def check_key_prefix(where: str, field: str, key_prefix: Optional[str]) -> None:
    """A key prefix a grant can name: None (the whole bucket) or a prefix such as ``llama-3.1-8b/``."""
    require(key_prefix is None or (is_s3_prefix(key_prefix) and bool(key_prefix.strip("/"))), where, field, key_prefix,
            "a key prefix inside the bucket such as 'llama-3.1-8b-instruct/' (not an s3:// URI, no leading '/', "
            "no '..'), or None for the whole bucket")


GRANT_READ_REASON = ("Granted by a hyperpod-constructs grant_read: a model reader downloads every object under the "
                     "model's prefix (read-only).")


def grant_s3_read(where: str, grantee: iam.IGrantable, bucket: s3.IBucket, key_prefix: Optional[str] = None, *,
                  reason: str = GRANT_READ_REASON) -> iam.Grant:
    """Let ``grantee`` list and download the objects under ``key_prefix`` of ``bucket`` (the whole bucket for None),
    and decrypt them with the bucket's KMS key if it has one. Returns the combined ``iam.Grant``; ``reason`` is what
    the cdk-nag acknowledgment of the object wildcard says; ``where`` starts the error for a grantee without an
    identity policy."""
    prefix = key_prefix or ""
    listing = grant_to_principal(where, grantee, ["s3:ListBucket"], [bucket.bucket_arn],
                                 {"StringLike": {"s3:prefix": [f"{prefix}*"]}} if prefix else None)
    objects = grant_to_principal(where, grantee, ["s3:GetObject"], [bucket.arn_for_objects(f"{prefix}*")])
    grant = listing.combine(objects)
    if bucket.encryption_key is not None:
        grant = grant.combine(bucket.encryption_key.grant_decrypt(grantee))
    _acknowledge_object_wildcard(grantee, bucket, prefix, reason)
    return grant


def _acknowledge_object_wildcard(grantee: iam.IGrantable, bucket: s3.IBucket, prefix: str, reason: str) -> None:
    """The object ARN ends in ``*`` (every key under the prefix), which cdk-nag's IAM5 reports: acknowledged on the
    grantee's policy, for that one resource, when the grantee is a construct of this app."""
    principal = grantee.grant_principal
    if isinstance(principal, Construct):
        acknowledge(principal, "AwsSolutions-IAM5", reason, f"Resource::{bucket_arn_finding(bucket)}/{prefix}*")
