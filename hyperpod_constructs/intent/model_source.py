"""Where an InferenceEndpointConfig's weights come from: S3, FSx for Lustre, Hugging Face Hub or a Kubernetes volume.

Renders ``spec.modelSourceConfig`` (and, for a Kubernetes volume, the pod volume the operator mounts).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..errors import require
from .frozen import Frozen
from .names import S3_URI, is_dns_subdomain
from ..type_checks import check_fields
from .model_size import ModelSize
from .tokens import is_token

# CRD patterns (IEC v1 huggingFaceModel) and AWS naming rules.
HF_MODEL_ID_PATTERN = re.compile(r"^[a-zA-Z0-9_.-]+/[a-zA-Z0-9_.-]+$")
COMMIT_SHA_PATTERN = re.compile(r"^[0-9a-f]{40}$")
# S3 general purpose bucket names: 3-63 lowercase letters, digits, '.', '-', starting and ending alphanumeric.
REGION_PATTERN = re.compile(r"^[a-z]{2}(-[a-z]+)+-\d+$")
FSX_ID_PATTERN = re.compile(r"^fs-[0-9a-f]{8,21}$")
# Kubernetes Secret names are DNS subdomains; keys are [-._a-zA-Z0-9]+.
SECRET_KEY_PATTERN = re.compile(r"^[-._a-zA-Z0-9]+$")
HOST_PATH_TYPES = ("", "Directory", "DirectoryOrCreate", "File", "FileOrCreate")


class ModelSourceType(enum.Enum):
    """``modelSourceConfig.modelSourceType`` (JumpStart models use the JumpStartModel CRD instead)."""

    FSX = "fsx"
    S3 = "s3"
    HUGGING_FACE = "huggingface"
    KUBERNETES_VOLUME = "kubernetesVolume"


@dataclass(frozen=True)
class SecretKeyRef:
    """A key in a Kubernetes Secret in the endpoint's namespace (e.g. the Hugging Face token)."""

    name: str
    key: str
    optional: Optional[bool] = None

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(is_dns_subdomain(self.name), where, "name", self.name, "a Kubernetes Secret name (lowercase DNS subdomain)")
        require(isinstance(self.key, str) and len(self.key) <= 253 and bool(SECRET_KEY_PATTERN.match(self.key)),
                where, "key", self.key, "a Secret key: letters, digits, '-', '_', '.'")

@dataclass(frozen=True)
class FsxFileSystem:
    """An FSx for Lustre file system other than the platform's model store."""

    file_system_id: str
    dns_name: Optional[str] = None
    mount_name: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class ModelSource:
    """Base of the model sources; build one with ``ModelSource.s3 / fsx / hugging_face / kubernetes_volume``.

    ``prefetch=True`` (operator default False) copies the weights to RAM before the server loads them: faster
    start when the model fits in memory. ``size=ModelSize(...)`` declares how big the weights are, so the endpoint
    can check that they fit each replica's GPU memory or MIG slice (see ``ModelSize``).
    """

    type_description = "a model source: ModelSource.s3(...), .fsx(...), .hugging_face(...) or .kubernetes_volume(...)"
    prefetch: Optional[bool] = None
    size: Optional[ModelSize] = None

    @property
    def source_type(self) -> ModelSourceType:
        raise NotImplementedError

    # -- constructors -------------------------------------------------------------------------------
    @staticmethod
    def s3(uri: str, *, region: Optional[str] = None, prefetch: Optional[bool] = None,
           size: Optional[ModelSize] = None) -> "S3ModelSource":
        """Weights under ``s3://bucket/prefix/``, mounted by the S3 CSI driver. ``region=None``: the platform's."""
        return S3ModelSource(uri=uri, region=region, prefetch=prefetch, size=size)

    @staticmethod
    def fsx(path: Optional[str] = None, *, file_system: Optional[FsxFileSystem] = None,
            prefetch: Optional[bool] = None, size: Optional[ModelSize] = None) -> "FsxModelSource":
        """Weights at ``path`` on FSx for Lustre; ``file_system=None``: the platform's model store."""
        return FsxModelSource(path=path, file_system=file_system, prefetch=prefetch, size=size)

    @staticmethod
    def hugging_face(model_id: str, *, token_secret: Optional[SecretKeyRef] = None, commit_sha: Optional[str] = None,
                     prefetch: Optional[bool] = None, size: Optional[ModelSize] = None) -> "HuggingFaceModelSource":
        """Download ``org/model`` from the Hugging Face Hub in an init container. ``token_secret`` (gated models)
        is injected as ``HF_TOKEN`` into that init container only; ``commit_sha=None`` means branch ``main``."""
        return HuggingFaceModelSource(model_id=model_id, token_secret=token_secret, commit_sha=commit_sha,
                                      prefetch=prefetch, size=size)

    @staticmethod
    def kubernetes_volume(*, host_path: Optional[str] = None, host_path_type: str = "Directory",
                          volume: Optional[Mapping[str, Any]] = None,
                          size: Optional[ModelSize] = None) -> "KubernetesVolumeModelSource":
        """Weights already on a Kubernetes volume (e.g. node-local NVMe via ``host_path``, or any volume source such
        as ``{"persistentVolumeClaim": {"claimName": "models"}}``). The operator creates no PV/PVC or CSI mount; it
        mounts the pod volume named like the worker's model volume mount, which the endpoint declares for you."""
        return KubernetesVolumeModelSource(host_path=host_path, host_path_type=host_path_type, volume=volume,
                                           size=size)

    # -- validation: at construction, located at the source's class -----------------------------------
    def __post_init__(self) -> None:
        self._validate(type(self).__name__)

    def _validate(self, where: str) -> None:
        check_fields(self, where)
        if self.prefetch is not None:
            require(isinstance(self.prefetch, bool), where, "prefetch", self.prefetch, "True or False")


def model_location(path: Optional[str]) -> Optional[str]:
    """``modelLocation`` is a path relative to the bucket / file system root (the chart sample: ``llama31_8b``)."""
    if path is None:
        return None
    stripped = path.strip("/")
    return stripped or None


@dataclass(frozen=True, kw_only=True)
class S3ModelSource(ModelSource):
    uri: str
    region: Optional[str] = None

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.S3

    def _validate(self, where: str) -> None:
        super()._validate(where)
        require(isinstance(self.uri, str) and (is_token(self.uri) or bool(S3_URI.match(self.uri))),
                where, "uri", self.uri,
                "an S3 URI s3://<bucket>/<prefix>/ (bucket: 3-63 lowercase letters, digits, '.', '-')")
        if self.region is not None and not is_token(self.region):
            require(isinstance(self.region, str) and bool(REGION_PATTERN.match(self.region)), where, "region",
                    self.region, "an AWS region such as us-west-2")

    @property
    def bucket(self) -> str:
        """The bucket the driver mounts (the whole URI when it is a deploy-time token)."""
        return self.bucket_and_prefix()[0]

    def bucket_and_prefix(self) -> tuple[str, Optional[str]]:
        match = S3_URI.match(self.uri)
        if match is None:  # a token URI: only the bucket/prefix split is unknown, pass it whole as the bucket
            body = self.uri[len("s3://"):] if self.uri.startswith("s3://") else self.uri
            bucket, _, prefix = body.partition("/")
            return bucket, model_location(prefix)
        return match.group("bucket"), model_location(match.group("prefix"))

@dataclass(frozen=True, kw_only=True)
class FsxModelSource(ModelSource):
    path: Optional[str] = None
    file_system: Optional[FsxFileSystem] = None

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.FSX

    def _validate(self, where: str) -> None:
        super()._validate(where)
        if self.path is not None:
            require(isinstance(self.path, str) and ".." not in self.path.split("/"), where, "path", self.path,
                    "a path inside the file system, without '..'")
        if self.file_system is not None:  # its type is checked by check_fields
            fs_id = self.file_system.file_system_id
            require(is_token(fs_id) or (isinstance(fs_id, str) and bool(FSX_ID_PATTERN.match(fs_id))), where,
                    "file_system.file_system_id", fs_id, "an FSx file system id like fs-0123456789abcdef0")


@dataclass(frozen=True, kw_only=True)
class HuggingFaceModelSource(ModelSource):
    model_id: str
    token_secret: Optional[SecretKeyRef] = None
    commit_sha: Optional[str] = None

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.HUGGING_FACE

    def _validate(self, where: str) -> None:
        super()._validate(where)
        require(isinstance(self.model_id, str) and bool(HF_MODEL_ID_PATTERN.match(self.model_id)), where,
                "model_id", self.model_id,
                "a Hugging Face Hub id 'org/model' of letters, digits, '_', '.', '-' (e.g. meta-llama/Llama-3.1-8B-Instruct)")
        if self.commit_sha is not None:
            require(isinstance(self.commit_sha, str) and bool(COMMIT_SHA_PATTERN.match(self.commit_sha)), where,
                    "commit_sha", self.commit_sha, "a full 40-character lowercase hex commit SHA")

@dataclass(frozen=True, kw_only=True)
class KubernetesVolumeModelSource(ModelSource):
    host_path: Optional[str] = None
    host_path_type: str = "Directory"
    volume: Optional[Mapping[str, Any]] = Frozen(None)

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.KUBERNETES_VOLUME

    def _validate(self, where: str) -> None:
        super()._validate(where)
        require((self.host_path is None) != (self.volume is None), where, "host_path / volume",
                (self.host_path, self.volume), "exactly one of host_path or volume")
        if self.host_path is not None:
            require(isinstance(self.host_path, str) and self.host_path.startswith("/"), where, "host_path",
                    self.host_path, "an absolute path on the node, e.g. /opt/dlami/nvme/llama-3.1-8b")
            require(self.host_path_type in HOST_PATH_TYPES, where, "host_path_type", self.host_path_type,
                    f"one of {HOST_PATH_TYPES}")
        if self.volume is not None:
            # One volume source, without a name: the endpoint names it after the worker's model volume mount.
            require(isinstance(self.volume, Mapping) and len(self.volume) == 1 and "name" not in self.volume, where,
                    "volume", self.volume,
                    "one Kubernetes volume source without 'name', e.g. {'persistentVolumeClaim': {'claimName': 'models'}}")
