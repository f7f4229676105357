"""The ConfigMap that carries custom MIG layouts to the GPU operator's MIG manager.

HyperPod's gpu-operator sub-chart ships ConfigMap ``default-mig-config`` (label
``sagemaker.amazonaws.com/accelerator-partition-configmap: "true"``, data key ``config.yaml`` holding a
mig-parted document) in the chart's release namespace, ``kube-system`` in HyperPod's install steps; the
MIG manager reads the one ConfigMap named by the chart value ``migManager.config.name``. A custom layout
therefore has to live in a ConfigMap that the MIG manager is pointed at, and that ConfigMap should keep
the stock layouts too, so groups labelled ``all-3g.40gb`` keep working. That is what this renders.

``add_mig_config_map`` adds it to a cdk8s chart as a cdk8s-plus ConfigMap.
"""
from __future__ import annotations

from typing import Any, Sequence

import cdk8s

from .. import yaml_writer
from ..catalog.mig import STOCK_LAYOUTS
from ..errors import require
from ..intent.names import is_dns_label, is_dns_subdomain
from ..intent.mig import MigLayout
from .api_objects import render_chart

ACCELERATOR_PARTITION_CONFIGMAP_LABEL = "sagemaker.amazonaws.com/accelerator-partition-configmap"
DEFAULT_CONFIG_MAP_NAME = "hyperpod-mig-config"
DEFAULT_NAMESPACE = "kube-system"
CONFIG_KEY = "config.yaml"



def mig_parted_document(layouts: Sequence[MigLayout], *, include_stock: bool = True) -> dict[str, Any]:
    """One mig-parted document with the stock layouts (optional) and ``layouts``, each name once (the first)."""
    configs: dict[str, Any] = {}
    if include_stock:
        for name in STOCK_LAYOUTS:
            configs.update(MigLayout.stock(name).mig_parted_config()["mig-configs"])
    for layout in layouts:  # the rule mig-layout-names-unique lists two different layouts of one name
        configs.setdefault(layout.name, layout.mig_parted_config()["mig-configs"][layout.name])
    return {"version": "v1", "mig-configs": configs}


def mig_parted_yaml(document: dict[str, Any]) -> str:
    """The document as block-style YAML, keys in the order given (stock layouts first, as in the chart)."""
    return yaml_writer.dump(document)


def mig_config_map(layouts: Sequence[MigLayout], *, name: str = DEFAULT_CONFIG_MAP_NAME,
                   namespace: str = DEFAULT_NAMESPACE, include_stock: bool = True) -> dict[str, Any]:
    """The ConfigMap of ``add_mig_config_map`` as a manifest, for use without a platform (rendered by cdk8s)."""
    (manifest,) = render_chart(lambda chart: add_mig_config_map(
        chart, layouts, name=name, namespace=namespace, include_stock=include_stock))
    return manifest


def add_mig_config_map(chart: cdk8s.Chart, layouts: Sequence[MigLayout], *, name: str = DEFAULT_CONFIG_MAP_NAME,
                       namespace: str = DEFAULT_NAMESPACE, include_stock: bool = True) -> cdk8s.ApiObject:
    """A ConfigMap holding ``layouts`` (and by default HyperPod's stock layouts) for the MIG manager, added to
    ``chart`` (a cdk8s-plus ConfigMap; its API object is returned).

    Point the gpu-operator at it with chart value ``migManager.config.name=<name>``; the ConfigMap must be
    in the gpu-operator's namespace.
    """
    import cdk8s_plus_28 as kplus  # loads cdk8s-plus's jsii assembly: only with custom MIG layouts

    where = f"MIG ConfigMap {name!r}"
    require(is_dns_subdomain(name), where, "name", name,
            "a Kubernetes object name: lower-case letters, digits, '-' and '.', at most 253 characters")
    require(is_dns_label(namespace), where,
            "namespace", namespace, "a Kubernetes namespace name: lower-case letters, digits and '-', at most 63")
    require(name != "default-mig-config", where, "name", name,
            "a name other than default-mig-config, which HyperPod's gpu-operator chart owns")
    require(include_stock or len(layouts) > 0, where, "layouts", list(layouts), "at least one layout")
    document = mig_parted_document(layouts, include_stock=include_stock)
    config_map = kplus.ConfigMap(
        chart, f"ConfigMap-{namespace}-{name}",
        metadata=cdk8s.ApiObjectMetadata(name=name, namespace=namespace,
                                          labels={ACCELERATOR_PARTITION_CONFIGMAP_LABEL: "true"}),
        data={CONFIG_KEY: mig_parted_yaml(document)})
    return cdk8s.ApiObject.of(config_map)
