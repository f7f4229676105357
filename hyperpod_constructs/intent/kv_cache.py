"""Managed tiered KV cache (``spec.kvCacheSpec``): L1 in CPU memory, optional L2 in tiered storage or Redis.

The operator runs it through LMCache, so it works with vLLM-based containers only.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Optional

from ..errors import Advice, require
from ..type_checks import check_fields
from .secrets import check_no_secret
from .tokens import is_token

REDIS_URL_PATTERN = re.compile(r"^rediss?://(?:[^@/\s]+@)?[A-Za-z0-9.-]+(?::\d{1,5})?(?:/\d+)?/?$")
# The operator's l2CacheLocalUrl is a plain string (no Secret reference), so a password there would be in the manifest.
REDIS_INSTEAD = ("a Redis URL without a password (redis://host:port, rediss:// for TLS): the operator's "
                 "l2CacheLocalUrl takes no Secret reference, so restrict who reaches the cache by network "
                 "(security groups) instead")


class L2Backend(enum.Enum):
    """``l2CacheSpec.l2CacheBackend`` (the CRD matches ``(?i)redis|tieredstorage``)."""

    TIERED_STORAGE = "tieredstorage"
    """HyperPod managed tiered storage on each node."""
    REDIS = "redis"
    """A Redis (or Valkey) cluster."""


@dataclass(frozen=True, kw_only=True)
class L2Cache:
    """Node-level shared KV cache. Build with ``L2Cache.tiered_storage()`` or ``L2Cache.redis(url)``."""

    type_description = "L2Cache.tiered_storage() or L2Cache.redis(url)"
    """How a wrong-type error names what to pass for an ``L2Cache``."""

    backend: L2Backend
    """Where the shared KV cache lives; set by ``L2Cache.tiered_storage()`` or ``L2Cache.redis(url)``.
    Required."""
    url: Optional[str] = None
    """The Redis URL, ``redis://host:port`` or ``rediss://host:port`` (Redis only).
    Default: None."""

    @staticmethod
    def tiered_storage() -> "L2Cache":
        """HyperPod managed tiered storage; the cluster needs ``TieredStorageConfig`` Mode=Enable."""
        return L2Cache(backend=L2Backend.TIERED_STORAGE)

    @staticmethod
    def redis(url: str) -> "L2Cache":
        """A Redis (or Valkey) cluster reachable from the pods, e.g. ``redis://cache.internal:6379``."""
        return L2Cache(backend=L2Backend.REDIS, url=url)

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(isinstance(self.backend, L2Backend), where, "backend", self.backend,
                "L2Cache.tiered_storage() or L2Cache.redis(url)")
        if self.backend is L2Backend.REDIS:
            check_no_secret(where, "url", self.url, REDIS_INSTEAD)
            require(self.url is not None and (is_token(self.url) or bool(REDIS_URL_PATTERN.match(self.url))), where,
                    "url", self.url, "a Redis URL redis://host:port or rediss://host:port")
        else:
            require(self.url is None, where, "url", self.url,
                    "no URL for tiered storage (the operator finds the node's tiered-storage daemon)")

@dataclass(frozen=True, kw_only=True)
class KvCache:
    """``kvCacheSpec``. ``l1=True`` offloads KV blocks to CPU memory; ``l2`` shares them across pods on a node
    (tiered storage) or the cluster (Redis). ``cache_config_file`` (an LMCache config file path in the container)
    overrides the rest."""

    l1: bool = True
    """Offload KV blocks to the pod's CPU memory (``enableL1Cache``).
    Default: True."""
    l2: Optional[L2Cache] = None
    """A second tier shared across pods, on the node (tiered storage) or the cluster (Redis).
    Default: None (no L2)."""
    cache_config_file: Optional[str] = None
    """An LMCache configuration file path inside the container; it overrides ``l1`` and ``l2``.
    Default: None."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require(isinstance(self.l1, bool), where, "l1", self.l1, "True or False")
        if self.cache_config_file is not None:
            require(isinstance(self.cache_config_file, str) and self.cache_config_file.startswith("/"), where,
                    "cache_config_file", self.cache_config_file, "an absolute file path inside the container")

    def warnings(self, where: str) -> list[str]:
        """Advice on the cache settings, each a CDK warning annotation."""
        notes: list[str] = []
        if self.l2 is not None and self.l2.backend is L2Backend.TIERED_STORAGE:
            notes.append(Advice("l2-tiered-storage-shared", f"{where}: L2 tiered storage is shared by every deployment "
                                "on the node, with no isolation between them, and is not encrypted at rest; keep "
                                "sensitive tenants on separate nodes."))
        if self.cache_config_file is not None and (self.l2 is not None or not self.l1):
            notes.append(Advice("kv-cache-config-file-overrides", f"{where}: kv_cache.cache_config_file overrides "
                                "l1/l2; the l1/l2 settings are ignored."))
        return notes
