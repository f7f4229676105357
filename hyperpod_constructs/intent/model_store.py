"""The model store: FSx for Lustre linked to an S3 prefix, where endpoints load weights from."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional

from ..errors import require
from .cdk_refs import is_cdk_object, is_s3_prefix, read_once, s3_uri
from .names import is_dns_label

if TYPE_CHECKING:
    from aws_cdk import aws_s3 as s3

DeploymentType = Literal["PERSISTENT_2"]
THROUGHPUTS_MB_PER_TIB = (125, 250, 500, 1000)
SMALLEST_CAPACITY_GIB = 1200  # FSx for Lustre PERSISTENT_2's smallest file system; then multiples of 2400 GiB


@dataclass(frozen=True, kw_only=True)
class ModelStore:
    """FSx for Lustre (PERSISTENT_2, the type that supports S3 data repository associations).

    The objects under ``prefix`` in ``bucket`` (an ``s3.IBucket``: a Bucket of your stack, or
    ``s3.Bucket.from_bucket_name(...)`` for one that exists, in this account or another) appear under
    ``file_system_path``; new objects are imported automatically. Capacity is 1200 GiB or a multiple of 2400 GiB.

    Example:
        >>> import aws_cdk as cdk
        >>> from aws_cdk import aws_s3 as s3
        >>> from hyperpod_constructs import ModelStore
        >>> bucket = s3.Bucket.from_bucket_name(cdk.Stack(), "Models", "my-models")
        >>> ModelStore(bucket=bucket, prefix="llm/", capacity_gib=2400).capacity_gib
        2400
    """

    bucket: s3.IBucket
    """The S3 bucket the file system is linked to (an ``s3.IBucket``: a Bucket of your stack, or
    ``s3.Bucket.from_bucket_name(...)``); the S3 CSI driver's role may read it.
    Required."""
    prefix: Optional[str] = None
    """The key prefix inside ``bucket`` to link, such as ``"llm/"`` (not an ``s3://`` URI, no leading ``/``).
    Default: None (the whole bucket)."""
    capacity_gib: int = 1200
    """The file system's storage capacity in GiB: 1200 or a multiple of 2400.
    Default: 1200 (GiB)."""
    throughput_mb_per_tib: int = 250
    """Throughput per TiB of storage, in MB/s: 125, 250, 500 or 1000.
    Default: 250 (MB/s/TiB)."""
    file_system_path: str = "/models"
    """Where the linked S3 objects appear in the file system (an absolute path below the root).
    Default: ``"/models"``."""
    claim_name: str = "model-store"
    """What the name of the PersistentVolumeClaim bound to the file system starts with (a Kubernetes name): the
    claim is ``<claim_name>-<file system id>``, so a new file system gets a new claim (``platform.model_store_claim_name``
    is the whole name, for workloads of yours that mount it).
    Default: ``"model-store"``."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(is_cdk_object(self.bucket, "bucket_name"), where, "bucket", self.bucket,
                "an s3.IBucket (a Bucket in your stack, or s3.Bucket.from_bucket_name(stack, id, 'my-models'))")
        require(self.prefix is None or is_s3_prefix(self.prefix), where, "prefix", self.prefix,
                "a key prefix inside the bucket such as 'llm/' (not an s3:// URI, no leading '/', no '..') or None")
        require(self.capacity_gib == SMALLEST_CAPACITY_GIB or (self.capacity_gib > 0 and self.capacity_gib % 2400 == 0),
                where,
                "capacity_gib", self.capacity_gib, "1200 or a multiple of 2400 GiB (FSx for Lustre PERSISTENT_2)")
        require(self.throughput_mb_per_tib in THROUGHPUTS_MB_PER_TIB, where, "throughput_mb_per_tib",
                self.throughput_mb_per_tib, f"one of {THROUGHPUTS_MB_PER_TIB}")
        require(self.file_system_path.startswith("/") and self.file_system_path != "/", where, "file_system_path",
                self.file_system_path, "an absolute path below the root, e.g. /models")
        require(is_dns_label(self.claim_name),
                where, "claim_name", self.claim_name, "a Kubernetes name (lowercase alphanumerics and '-')")

    @property
    def bucket_name(self) -> str:
        """The bucket's name (read once from the CDK object)."""
        return str(read_once(self.bucket, "bucket_name"))

    @property
    def import_path(self) -> str:
        """``s3://bucket/prefix/``, the data repository path the file system is linked to."""
        return s3_uri(self.bucket_name, self.prefix)
