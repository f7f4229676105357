"""Where an InferenceEndpointConfig's weights come from: S3, FSx for Lustre, Hugging Face Hub or a Kubernetes volume.

Renders ``spec.modelSourceConfig`` (and, for a Kubernetes volume, the pod volume the operator mounts).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..errors import require, require_one_of
from .cdk_refs import is_cdk_object, is_s3_prefix, read_once
from .frozen import Frozen
from .names import is_dns_subdomain
from ..type_checks import check_fields
from .model_size import ModelSize
from .tokens import is_token

if TYPE_CHECKING:
    from aws_cdk import aws_fsx as fsx, aws_s3 as s3

# CRD patterns (IEC v1 huggingFaceModel) and AWS naming rules.
HF_MODEL_ID_PATTERN = re.compile(r"^[a-zA-Z0-9_.-]+/[a-zA-Z0-9_.-]+$")
COMMIT_SHA_PATTERN = re.compile(r"^[0-9a-f]{40}$")
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
    """The Secret's name (a lowercase DNS subdomain), in the endpoint's namespace.
    Required."""
    key: str
    """The key inside the Secret.
    Required."""
    optional: Optional[bool] = None
    """Whether the pod starts when the Secret or key is missing.
    Default: None (omitted: Kubernetes's false)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(is_dns_subdomain(self.name), where, "name", self.name, "a Kubernetes Secret name (lowercase DNS subdomain)")
        require(isinstance(self.key, str) and len(self.key) <= 253 and bool(SECRET_KEY_PATTERN.match(self.key)),
                where, "key", self.key, "a Secret key: letters, digits, '-', '_', '.'")

@dataclass(frozen=True, kw_only=True)
class ModelSource:
    """Base of the model sources; build one with ``ModelSource.s3 / fsx / hugging_face / kubernetes_volume``.

    ``prefetch=True`` (operator default False) copies the weights to RAM before the server loads them: faster
    start when the model fits in memory. ``size=ModelSize(...)`` declares how big the weights are, so the endpoint
    can check that they fit each replica's GPU memory or MIG slice (see ``ModelSize``).

    Example:
        >>> from hyperpod_constructs import ModelSource
        >>> ModelSource.fsx("models/llama/").path
        'models/llama/'
    """

    type_description = "a model source: ModelSource.s3(...), .fsx(...), .hugging_face(...) or .kubernetes_volume(...)"
    """How a wrong-type error names what to pass for a model source."""
    prefetch: Optional[bool] = None
    """Copy the weights to RAM before the server loads them: a faster start when the model fits in memory.
    Default: None (omitted: the operator's False)."""
    size: Optional[ModelSize] = None
    """How big the weights are, so the endpoint checks that they fit each replica's GPU memory or MIG slice.
    Default: None (not checked)."""

    @property
    def source_type(self) -> ModelSourceType:
        """``modelSourceConfig.modelSourceType`` of this kind of source."""
        raise NotImplementedError

    # -- constructors -------------------------------------------------------------------------------
    @staticmethod
    def s3(bucket: s3.IBucket, prefix: Optional[str] = None, *, region: Optional[str] = None,
           prefetch: Optional[bool] = None, size: Optional[ModelSize] = None) -> "S3ModelSource":
        """Weights under ``prefix`` in ``bucket`` (an ``s3.IBucket``: a Bucket of your app, or
        ``s3.Bucket.from_bucket_name(...)``), mounted by the S3 CSI driver, which the platform grants read access.

        Args:
            bucket: The bucket holding the weights. Required.
            prefix: The key prefix of the weights, e.g. ``"llama-3.1-8b/"``. Default: None (the bucket's root).
            region: The bucket's region. Default: None (the platform's region).
            prefetch: Copy the weights to RAM before the server loads them. Default: None (the operator's False).
            size: How big the weights are, checked against each replica's GPU memory. Default: None (not checked).
        """
        return S3ModelSource(bucket=bucket, prefix=prefix, region=region, prefetch=prefetch, size=size)

    @staticmethod
    def fsx(path: Optional[str] = None, *, file_system: Optional[fsx.IFileSystem] = None,
            mount_name: Optional[str] = None, prefetch: Optional[bool] = None,
            size: Optional[ModelSize] = None) -> "FsxModelSource":
        """Weights at ``path`` on FSx for Lustre; ``file_system=None``: the platform's model store. Another file
        system is an ``fsx.IFileSystem``: a ``LustreFileSystem`` of your app, or one imported with
        ``fsx.LustreFileSystem.from_lustre_file_system_attributes(...)`` plus its ``mount_name``.

        Args:
            path: The weights' path inside the file system. Default: None (its root).
            file_system: Another FSx for Lustre file system. Default: None (the platform's model store).
            mount_name: An imported file system's Lustre mount name (only with ``file_system``). Default: None (the
                file system's own).
            prefetch: Copy the weights to RAM before the server loads them. Default: None (the operator's False).
            size: How big the weights are, checked against each replica's GPU memory. Default: None (not checked).
        """
        return FsxModelSource(path=path, file_system=file_system, mount_name=mount_name, prefetch=prefetch, size=size)

    @staticmethod
    def hugging_face(model_id: str, *, token_secret: Optional[SecretKeyRef] = None, commit_sha: Optional[str] = None,
                     prefetch: Optional[bool] = None, size: Optional[ModelSize] = None) -> "HuggingFaceModelSource":
        """Download ``org/model`` from the Hugging Face Hub in an init container. ``token_secret`` (gated models)
        is injected as ``HF_TOKEN`` into that init container only.

        Args:
            model_id: The Hub id, ``org/model``. Required.
            token_secret: The Kubernetes Secret key holding a Hub token (gated models). Default: None (no token).
            commit_sha: The full 40-character commit to download. Default: None (branch ``main``).
            prefetch: Copy the weights to RAM before the server loads them. Default: None (the operator's False).
            size: How big the weights are, checked against each replica's GPU memory. Default: None (not checked).
        """
        return HuggingFaceModelSource(model_id=model_id, token_secret=token_secret, commit_sha=commit_sha,
                                      prefetch=prefetch, size=size)

    @staticmethod
    def kubernetes_volume(*, host_path: Optional[str] = None, host_path_type: str = "Directory",
                          volume: Optional[Mapping[str, Any]] = None,
                          size: Optional[ModelSize] = None) -> "KubernetesVolumeModelSource":
        """Weights already on a Kubernetes volume (e.g. node-local NVMe via ``host_path``, or any volume source such
        as ``{"persistentVolumeClaim": {"claimName": "models"}}``). The operator creates no PV/PVC or CSI mount; it
        mounts the pod volume named like the worker's model volume mount, which the endpoint declares for you.

        Args:
            host_path: An absolute path on the node. Give it or ``volume``. Default: None.
            host_path_type: The hostPath type checked before mounting: ``""``, ``Directory``, ``DirectoryOrCreate``,
                ``File`` or ``FileOrCreate``. Default: ``"Directory"``.
            volume: One Kubernetes volume source without ``name``, e.g. ``{"persistentVolumeClaim": {...}}``.
                Default: None.
            size: How big the weights are, checked against each replica's GPU memory. Default: None (not checked).
        """
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
    bucket: s3.IBucket
    prefix: Optional[str] = None
    region: Optional[str] = None

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.S3

    def _validate(self, where: str) -> None:
        super()._validate(where)
        require(is_cdk_object(self.bucket, "bucket_name"), where, "bucket", self.bucket,
                "an s3.IBucket (a Bucket in your app, or s3.Bucket.from_bucket_name(stack, id, 'my-models'))")
        require(self.prefix is None or is_s3_prefix(self.prefix), where, "prefix", self.prefix,
                "a key prefix inside the bucket such as 'llama-3.1-8b/' (not an s3:// URI, no leading '/', no '..')")
        if self.region is not None and not is_token(self.region):
            require(isinstance(self.region, str) and bool(REGION_PATTERN.match(self.region)), where, "region",
                    self.region, "an AWS region such as us-west-2")

    @property
    def bucket_name(self) -> str:
        """The bucket the driver mounts (a deploy-time token for a bucket the app creates)."""
        return str(read_once(self.bucket, "bucket_name"))

@dataclass(frozen=True, kw_only=True)
class FsxModelSource(ModelSource):
    path: Optional[str] = None
    file_system: Optional[fsx.IFileSystem] = None
    mount_name: Optional[str] = None  # an imported file system's Lustre mount name (a LustreFileSystem knows its own)

    @property
    def source_type(self) -> ModelSourceType:
        return ModelSourceType.FSX

    def _validate(self, where: str) -> None:
        super()._validate(where)
        if self.path is not None:
            require(isinstance(self.path, str) and ".." not in self.path.split("/"), where, "path", self.path,
                    "a path inside the file system, without '..'")
        require(self.mount_name is None or self.file_system is not None, where, "mount_name", self.mount_name,
                "a mount name only together with file_system= (the model store has its own)")
        if self.file_system is not None:
            require(is_cdk_object(self.file_system, "file_system_id"), where, "file_system", self.file_system,
                    "an fsx.IFileSystem (a LustreFileSystem in your app, or "
                    "fsx.LustreFileSystem.from_lustre_file_system_attributes(...))")
            fs_id = read_once(self.file_system, "file_system_id")
            require(is_token(fs_id) or (isinstance(fs_id, str) and bool(FSX_ID_PATTERN.match(fs_id))), where,
                    "file_system.file_system_id", fs_id, "an FSx file system id like fs-0123456789abcdef0")

    @property
    def file_system_attributes(self) -> Optional[tuple[str, Optional[str], Optional[str]]]:
        """(id, DNS name, mount name) of the file system given, None for the platform's model store."""
        fs = self.file_system
        if fs is None:
            return None
        return (read_once(fs, "file_system_id"), read_once(fs, "dns_name", None),
                self.mount_name or read_once(fs, "mount_name", None))

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
            require_one_of(self.host_path_type, HOST_PATH_TYPES, where, "host_path_type")
        if self.volume is not None:
            # One volume source, without a name: the endpoint names it after the worker's model volume mount.
            require(isinstance(self.volume, Mapping) and len(self.volume) == 1 and "name" not in self.volume, where,
                    "volume", self.volume,
                    "one Kubernetes volume source without 'name', e.g. {'persistentVolumeClaim': {'claimName': 'models'}}")
