"""``mig_config_map``: the MIG manager's ConfigMap for custom layouts, for use without a platform."""
from __future__ import annotations

from typing import Any, Sequence

from ..intent.mig import MigLayout
from ..resolve.mig_config_map import DEFAULT_CONFIG_MAP_NAME, DEFAULT_NAMESPACE, resolve_mig_config_map
from ..k8s.mig_config import mig_config_map_manifest


def mig_config_map(layouts: Sequence[MigLayout], *, name: str = DEFAULT_CONFIG_MAP_NAME,
                   namespace: str = DEFAULT_NAMESPACE, include_stock: bool = True) -> dict[str, Any]:
    """The ConfigMap holding ``layouts`` (and by default HyperPod's stock layouts) as a manifest, for the gpu-operator
    chart value ``migManager.config.name=<name>``; raises on a name or namespace Kubernetes would not take."""
    return mig_config_map_manifest(resolve_mig_config_map(layouts, name=name, namespace=namespace,
                                                          include_stock=include_stock))
