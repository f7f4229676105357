"""The ConfigMap that carries custom MIG layouts to the GPU operator's MIG manager, written from its record
(``resolve.mig_config_map.resolve_mig_config_map``: the mig-parted document, checked name and namespace).

``add_mig_config_map`` adds it to a cdk8s chart as a cdk8s-plus ConfigMap.
"""
from __future__ import annotations

from typing import Any

import cdk8s

from .. import yaml_writer
from ..plain_data import plain_data
from ..resolve.records import MigConfigMapRecord
from .api_objects import render_chart

ACCELERATOR_PARTITION_CONFIGMAP_LABEL = "sagemaker.amazonaws.com/accelerator-partition-configmap"
CONFIG_KEY = "config.yaml"


def mig_parted_yaml(document: Any) -> str:
    """The document as block-style YAML, keys in the order given (stock layouts first, as in the chart)."""
    return yaml_writer.dump(plain_data(document))


def mig_config_map_manifest(config_map: MigConfigMapRecord) -> dict[str, Any]:
    """The ConfigMap of ``add_mig_config_map`` as a manifest, for use without a platform (rendered by cdk8s)."""
    (manifest,) = render_chart(lambda chart: add_mig_config_map(chart, config_map))
    return manifest


def add_mig_config_map(chart: cdk8s.Chart, config_map: MigConfigMapRecord) -> cdk8s.ApiObject:
    """The ConfigMap added to ``chart`` (a cdk8s-plus ConfigMap; its API object is returned).

    Point the gpu-operator at it with chart value ``migManager.config.name=<name>``; the ConfigMap must be
    in the gpu-operator's namespace.
    """
    import cdk8s_plus_28 as kplus  # loads cdk8s-plus's jsii assembly: only with custom MIG layouts

    name, namespace = config_map.name, config_map.namespace
    kube_config_map = kplus.ConfigMap(
        chart, f"ConfigMap-{namespace}-{name}",
        metadata=cdk8s.ApiObjectMetadata(name=name, namespace=namespace,
                                          labels={ACCELERATOR_PARTITION_CONFIGMAP_LABEL: "true"}),
        data={CONFIG_KEY: mig_parted_yaml(config_map.document)})
    return cdk8s.ApiObject.of(kube_config_map)
