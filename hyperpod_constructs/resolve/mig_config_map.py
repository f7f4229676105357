"""The ConfigMap that carries custom MIG layouts to the GPU operator's MIG manager, resolved and checked.

HyperPod's gpu-operator sub-chart ships ConfigMap ``default-mig-config`` (label
``sagemaker.amazonaws.com/accelerator-partition-configmap: "true"``, data key ``config.yaml`` holding a
mig-parted document) in the chart's release namespace, ``kube-system`` in HyperPod's install steps; the
MIG manager reads the one ConfigMap named by the chart value ``migManager.config.name``. A custom layout
therefore has to live in a ConfigMap that the MIG manager is pointed at, and that ConfigMap should keep
the stock layouts too, so groups labelled ``all-3g.40gb`` keep working. ``resolve_mig_config_map`` works out that
document once and refuses a name or namespace Kubernetes (or the chart) would not take; ``k8s/mig_config.py``
writes the ConfigMap from the record.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..catalog.mig import STOCK_LAYOUTS
from ..errors import require
from ..intent.frozen import freeze
from ..intent.mig import MigLayout
from ..intent.names import is_dns_label, is_dns_subdomain
from .records import MigConfigMapRecord

DEFAULT_CONFIG_MAP_NAME = "hyperpod-mig-config"
DEFAULT_NAMESPACE = "kube-system"


def mig_parted_document(layouts: Sequence[MigLayout], *, include_stock: bool = True) -> dict[str, Any]:
    """One mig-parted document with the stock layouts (optional) and ``layouts``, each name once (the first)."""
    configs: dict[str, Any] = {}
    if include_stock:
        for name in STOCK_LAYOUTS:
            configs.update(MigLayout.stock(name).mig_parted_config()["mig-configs"])
    for layout in layouts:  # the rule mig-layout-names-unique lists two different layouts of one name
        configs.setdefault(layout.name, layout.mig_parted_config()["mig-configs"][layout.name])
    return {"version": "v1", "mig-configs": configs}


def resolve_mig_config_map(layouts: Sequence[MigLayout], *, name: str = DEFAULT_CONFIG_MAP_NAME,
                           namespace: str = DEFAULT_NAMESPACE, include_stock: bool = True) -> MigConfigMapRecord:
    """The ConfigMap holding ``layouts`` (and by default HyperPod's stock layouts); raises on a name or namespace
    that is not a Kubernetes name, on the chart's own ConfigMap name, and on a ConfigMap without layouts."""
    where = f"MIG ConfigMap {name!r}"
    require(is_dns_subdomain(name), where, "name", name,
            "a Kubernetes object name: lower-case letters, digits, '-' and '.', at most 253 characters")
    require(is_dns_label(namespace), where,
            "namespace", namespace, "a Kubernetes namespace name: lower-case letters, digits and '-', at most 63")
    require(name != "default-mig-config", where, "name", name,
            "a name other than default-mig-config, which HyperPod's gpu-operator chart owns")
    require(include_stock or len(layouts) > 0, where, "layouts", list(layouts), "at least one layout")
    return MigConfigMapRecord(name=name, namespace=namespace,
                              document=freeze(mig_parted_document(layouts, include_stock=include_stock)))
