"""HyperPod's tiered-storage daemon sized and pinned at deploy, by the platform's kubectl function.

The daemon is HyperPod's (it appears once the cluster's tiered storage is on), so it is configured in place, never
applied or deleted: see ``delivery/engine/daemon_configurer.py``. GitOps users run the script
``platform.export()`` writes instead.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from aws_cdk import CustomResource, Duration
from constructs import Construct

from .kubectl_handler import KubectlHandler

RESOURCE_TYPE = "Custom::HyperPodTieredKvCache"
# HyperPod creates the daemon once the cluster's tiered storage is InService; past this the deploy fails naming it.
CONFIGURE_TIMEOUT = Duration.minutes(20)


class TieredKvCacheConfiguration(Construct):
    """Sets the daemon's cache capacity (``cache_capacity``, e.g. ``408GiB``) in its ConfigMap, applies
    ``daemon_patch`` (a strategic-merge patch: node affinity, node selector, memory) to its DaemonSet and restarts it
    when anything changed. Runs after ``after`` (the HyperPod cluster) and through ``handler``'s access entry."""

    def __init__(self, scope: Construct, construct_id: str, *, handler: KubectlHandler, namespace: str, daemon_set: str,
                 config_map: str, cache_capacity: str, daemon_patch: Mapping[str, Any], after: list[Construct]) -> None:
        super().__init__(scope, construct_id)
        self._resource = handler.custom_resource(
            self, "Resource", resource_type=RESOURCE_TYPE, timeout=CONFIGURE_TIMEOUT,
            properties={"ClusterName": handler.cluster.cluster_name, "Namespace": namespace, "DaemonSet": daemon_set,
                        "ConfigMap": config_map, "CacheCapacity": cache_capacity,
                        "DaemonPatch": json.dumps(daemon_patch, sort_keys=True, separators=(",", ":"))})
        self._resource.node.add_dependency(handler.access_entry, *after)

    @property
    def resource(self) -> CustomResource:
        """The ``Custom::HyperPodTieredKvCache`` custom resource that configures the daemon."""
        return self._resource
