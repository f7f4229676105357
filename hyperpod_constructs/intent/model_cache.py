"""Host-local caches of inference operator v3.3 (EKS add-on v1.4.0-eksbuild.1), which shorten a pod's cold start.

``ModelCache`` is an endpoint's ``spec.modelCacheConfig``: the weights cache keeps the model's weights on the local
NVMe of each node the endpoint runs on, so a new pod there reads them locally instead of from S3, FSx or the Hub; the
image cache has the operator pre-pull the serving image onto those nodes (it creates a ModelImageCache). A
``ModelWeightsCache`` is a ModelWeightsCacheConfig of its own: it pre-warms the NVMe of the nodes it selects before
any endpoint exists. NVMe data is lost when a node is replaced; the cache fills again.
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Any, Optional

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..catalog.limits import INSTANCE_GROUP_NAME_MAX, INSTANCE_GROUP_NAME_PATTERN
from ..errors import require
from ..type_checks import check_fields
from .model_source import KubernetesVolumeModelSource, ModelSource
from .names import check_namespace, is_rfc1035_label, require_hyperpod_instance_type

API_VERSION = "inference.sagemaker.aws.amazon.com/v1"
WEIGHTS_CACHE_KIND = "ModelWeightsCacheConfig"
OPERATOR_VERSION = "v3.3"  # the operator version that first has these fields and kinds
DEFAULT_HOST_PATH = "/opt/dlami/nvme"  # the CRD's default: where HyperPod mounts the instance store
HOST_PATH_MAX = 255  # the CRD's maxLength


def check_host_path(where: str, field: str, path: Any) -> None:
    require(isinstance(path, str) and path.startswith("/") and 1 <= len(path) <= HOST_PATH_MAX, where, field, path,
            f"an absolute path on the node of at most {HOST_PATH_MAX} characters on its local NVMe "
            f"(default {DEFAULT_HOST_PATH}, where HyperPod mounts the instance store)")


def require_local_nvme(instance_type: str, where: str, field: str, value: Any) -> None:
    """Refuse the weights cache on an instance type the catalog knows has no local NVMe (EBS storage only)."""
    info = lookup_instance_type(instance_type)
    if info is not None and info.local_nvme_gib == 0:
        require(False, where, field, value,
                f"an instance type with local NVMe instance storage: {instance_type} has none (EBS only), so the "
                "weights cache has nowhere to keep the weights; use a type with instance store (P, G and Trn "
                "families, e.g. ml.g6e.12xlarge or ml.p5.48xlarge) or leave the weights cache off")


@dataclass(frozen=True, kw_only=True)
class ModelCache:
    """``spec.modelCacheConfig``: turn on the weights cache, the image cache or both (operator v3.3)."""

    weights: bool = False
    """Keep the model's weights on each node's local NVMe (``weightsCache.enabled``); the endpoint's instance types
    must have local NVMe.
    Default: False."""
    host_path: Optional[str] = None
    """Where on the node the weights cache keeps the weights (``weightsCache.hostPath``); only with ``weights``.
    Default: None (the operator's ``/opt/dlami/nvme``)."""
    image: bool = False
    """Pre-pull the serving image onto the endpoint's nodes (``imageCache.enabled``; the operator creates a
    ModelImageCache).
    Default: False."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for name in ("weights", "image"):
            require(isinstance(getattr(self, name), bool), where, name, getattr(self, name), "True or False")
        require(self.weights or self.image, where, "weights / image", (self.weights, self.image),
                "at least one cache turned on: weights=True, image=True or both (for none, leave model_cache unset)")
        if self.host_path is not None:
            require(self.weights, where, "host_path", self.host_path,
                    "a host path only with the weights cache (weights=True)")
            check_host_path(where, "host_path", self.host_path)



def check_model_cache(cache: ModelCache, instance_types: tuple[str, ...], where: str) -> None:
    """An endpoint's ``model_cache`` (its type checked with the endpoint's fields): with the weights cache, local
    NVMe on every instance type its pods may run on."""
    if cache.weights:
        for name in instance_types:
            require_local_nvme(name, where, "model_cache.weights", True)


@dataclass(frozen=True)
class ModelWeightsCache:
    """A ModelWeightsCacheConfig: the operator copies the model's weights onto the local NVMe of every node of
    ``instance_type`` (and ``instance_group``) before any endpoint exists, so the first pods start from local disk.
    An endpoint reading the same model with ``ModelCache(weights=True)`` finds them there."""

    name: str
    """The object's name (an RFC 1035 label: 1-63 lowercase letters, digits and ``-``).
    Required."""
    _: KW_ONLY
    model: ModelSource
    """The weights to cache: ``ModelSource.s3(...)``, ``.fsx(...)`` or ``.hugging_face(...)``.
    Required."""
    instance_type: str
    """The instance type whose nodes are pre-warmed (``nodeSelector``); it must have local NVMe.
    Required."""
    instance_group: Optional[str] = None
    """Only the nodes of this instance group (``nodeSelector`` on HyperPod's group label).
    Default: None (every node of ``instance_type``)."""
    host_path: Optional[str] = None
    """Where on the node the weights are kept (``hostPath``); an endpoint's ``ModelCache.host_path`` must match.
    Default: None (the operator's ``/opt/dlami/nvme``)."""
    namespace: Optional[str] = None
    """The object's namespace.
    Default: None (the platform's ``namespace``)."""

    @property
    def where(self) -> str:
        """How errors name it: ``model weights cache '<name>'``."""
        return f"model weights cache {self.name!r}"

    def __post_init__(self) -> None:
        where = self.where
        check_fields(self, where)
        require(is_rfc1035_label(self.name), where, "name", self.name,
                "1-63 lowercase letters, digits and '-', starting with a letter and ending with a letter or digit")
        require(isinstance(self.model, ModelSource) and type(self.model) is not ModelSource
                and not isinstance(self.model, KubernetesVolumeModelSource), where, "model", self.model,
                "a remote model source to copy from: ModelSource.s3(...), .fsx(...) or .hugging_face(...)")
        require_hyperpod_instance_type(self.instance_type, where, "instance_type")
        require_local_nvme(self.instance_type, where, "instance_type", self.instance_type)
        if self.instance_group is not None:
            require(isinstance(self.instance_group, str) and bool(INSTANCE_GROUP_NAME_PATTERN.match(self.instance_group))
                    and len(self.instance_group) <= INSTANCE_GROUP_NAME_MAX, where, "instance_group",
                    self.instance_group, "the name of one of the platform's instance groups")
        if self.host_path is not None:
            check_host_path(where, "host_path", self.host_path)
        if self.namespace is not None:
            check_namespace(where, "namespace", self.namespace)
