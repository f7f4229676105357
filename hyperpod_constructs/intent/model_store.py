"""The model store: FSx for Lustre linked to an S3 prefix, where endpoints load weights from."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import require
from .names import S3_URI, is_dns_label

DeploymentType = Literal["PERSISTENT_2"]
THROUGHPUTS_MB_PER_TIB = (125, 250, 500, 1000)


@dataclass(frozen=True, kw_only=True)
class ModelStore:
    """FSx for Lustre (PERSISTENT_2, the type that supports S3 data repository associations).

    ``import_path`` is an ``s3://bucket/prefix/`` whose objects appear under ``file_system_path``;
    new objects are imported automatically. Capacity is 1200 GiB or a multiple of 2400 GiB.
    """

    import_path: str
    capacity_gib: int = 1200
    throughput_mb_per_tib: int = 250
    file_system_path: str = "/models"
    claim_name: str = "model-store"

    def __post_init__(self) -> None:
        where = "model_store"
        require(bool(S3_URI.match(self.import_path)), where, "import_path", self.import_path,
                "an S3 URI such as s3://my-models/ or s3://my-models/llm/")
        require(self.capacity_gib == 1200 or (self.capacity_gib > 0 and self.capacity_gib % 2400 == 0), where,
                "capacity_gib", self.capacity_gib, "1200 or a multiple of 2400 GiB (FSx for Lustre PERSISTENT_2)")
        require(self.throughput_mb_per_tib in THROUGHPUTS_MB_PER_TIB, where, "throughput_mb_per_tib",
                self.throughput_mb_per_tib, f"one of {THROUGHPUTS_MB_PER_TIB}")
        require(self.file_system_path.startswith("/") and self.file_system_path != "/", where, "file_system_path",
                self.file_system_path, "an absolute path below the root, e.g. /models")
        require(is_dns_label(self.claim_name),
                where, "claim_name", self.claim_name, "a Kubernetes name (lowercase alphanumerics and '-')")

    @property
    def bucket_name(self) -> str:
        match = S3_URI.match(self.import_path)
        assert match is not None
        return match["bucket"]
