"""HyperPod's tiered-storage daemon as L2 ``tieredstorage`` endpoints need it: sized for their nodes, on their nodes.

With ``TieredStorageConfig`` enabled, HyperPod runs its tiered-storage daemon (DaemonSet ``aws-hyperpod/ai-toolkit``,
configured by ConfigMap ``ai-toolkit-config``) on every node, so it also takes memory on nodes that serve no L2
cache (system nodes), and sizes it for no instance type in particular. AWS's quick setup (its ``tiered-cache-config``
function) therefore sizes and pins it: the daemon's memory request and limit are ``InstanceMemoryAllocationPercentage``
of the instance's memory, the cache capacity in its configuration is that less a 1 GiB buffer (whole GiB), and node
affinity keeps it on the instance groups that serve the cache. This module works those values out from the catalog, once; the rules in
``rules/endpoints.py`` refuse what cannot be sized.
"""
from __future__ import annotations

from typing import Iterator, Optional

from ..intent.kv_cache import L2Backend
from .platform_model import ResolvedPlatform
from .records import TieredKvCacheDaemon

DAEMON_NAMESPACE = "aws-hyperpod"
DAEMON_NAME = "ai-toolkit"  # the DaemonSet and its container
DAEMON_CONFIG_MAP = "ai-toolkit-config"
INSTANCE_GROUP_LABEL = "sagemaker.amazonaws.com/instance-group-name"  # HyperPod labels every node with its group
INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type"
# What AWS's function assumes when the cluster's TieredStorageConfig names no percentage.
DEFAULT_MEMORY_PERCENT = 20
CACHE_BUFFER_GIB = 1  # daemon memory the cache itself may not use


def memory_percent(platform: ResolvedPlatform) -> int:
    tiered = platform.cluster.tiered_storage
    declared = tiered.memory_percent if tiered is not None else None
    return DEFAULT_MEMORY_PERCENT if declared is None else declared


def daemon_sizing(memory_gib: int, percent: int) -> tuple[int, int]:
    """(daemon memory in MiB, cache capacity in whole GiB) for an instance with ``memory_gib`` of memory."""
    memory_mib = memory_gib * 1024 * percent // 100
    return memory_mib, memory_mib // 1024 - CACHE_BUFFER_GIB


def l2_tiered_storage_types(platform: ResolvedPlatform) -> Iterator[tuple[str, str]]:
    """(endpoint's ``where``, instance type) for every type an L2 tiered-storage endpoint may run on."""
    for endpoint in platform.endpoints:
        cache = endpoint.shared.kv_cache if endpoint.shared is not None else None
        if cache is None or cache.l2_backend != L2Backend.TIERED_STORAGE.value:
            continue
        for demand in endpoint.demands:
            for instance_type in demand.placement_types:
                yield endpoint.where, instance_type


def serving_groups(platform: ResolvedPlatform) -> tuple[str, ...]:
    """Names of the instance groups L2 tiered-storage endpoints may run on, in the platform's group order."""
    types = {instance_type for _, instance_type in l2_tiered_storage_types(platform)}
    return tuple(group.name for group in platform.instance_groups if group.instance_type in types)


def resolve_tiered_kv_cache_daemon(platform: ResolvedPlatform) -> Optional[TieredKvCacheDaemon]:
    """The daemon the platform's L2 tiered-storage endpoints need; None without such endpoints or when the rules
    refuse the platform (groups of several instance types, no room for a cache)."""
    names = serving_groups(platform)
    groups = [group for group in platform.instance_groups if group.name in names]
    if not platform.tiered_storage_enabled or len({group.instance_type for group in groups}) != 1:
        return None
    percent = memory_percent(platform)
    memory_mib, capacity_gib = daemon_sizing(groups[0].info.memory_gib, percent)
    if capacity_gib < 1:
        return None
    return TieredKvCacheDaemon(instance_groups=names, instance_type=groups[0].instance_type, memory_percent=percent,
                               memory_mib=memory_mib, cache_capacity_gib=capacity_gib)
