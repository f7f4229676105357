"""Kubernetes objects that mount the model store: a StorageClass, a static PV and a PVC.

Written once, as plain manifests (``model_store_manifests``); the chart's typed objects are made from them
(``add_model_store_volumes``): the PV and PVC as cdk8s-plus-28's generated ``KubePersistentVolume`` /
``KubePersistentVolumeClaim`` (their specs through ``typed``), the StorageClass as a plain ``ApiObject``.
So a platform whose model-store chart nobody touches never loads cdk8s-plus's jsii assembly.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import cdk8s

from ..intent.model_store import SMALLEST_CAPACITY_GIB
from ..resolve.platform_model import ResolvedModelStore
from .api_objects import add_core_objects

FSX_CSI_DRIVER = "fsx.csi.aws.com"


def model_store_manifests(store: ResolvedModelStore, capacity_gib: int, namespace: str,
                          subnet_id: str, security_group_id: str) -> list[dict[str, Any]]:
    """The StorageClass, the PersistentVolume binding the existing file system (static provisioning) and its
    PersistentVolumeClaim. The StorageClass also serves new volumes; the PV's ``claimRef`` names the claim's
    namespace, so no other claim can bind it. All three are named after the file system (``ResolvedModelStore``
    says why): a new file system is three new objects, never a refused change."""
    volume_name = store.volume_name(namespace)
    storage = f"{capacity_gib}Gi"
    # The claim asks for the smallest file system, whatever the store's size: a request binds a claim to a volume at
    # least that large, and Kubernetes lets a bound claim's request grow only through a StorageClass that allows
    # expansion (for the CSI driver to grow the volume). Here CloudFormation grows the file system in place, so only
    # the volume's capacity, which Kubernetes lets change, follows it.
    claimed = f"{SMALLEST_CAPACITY_GIB}Gi"
    shared = {"accessModes": ["ReadWriteMany"], "storageClassName": store.storage_class_name,
              "volumeMode": "Filesystem"}
    return [
        {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": store.storage_class_name},
         "provisioner": FSX_CSI_DRIVER, "reclaimPolicy": "Retain", "volumeBindingMode": "Immediate",
         "parameters": {"subnetId": subnet_id, "securityGroupIds": security_group_id,
                        "deploymentType": "PERSISTENT_2"}},
        {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": volume_name},
         "spec": {**shared, "capacity": {"storage": storage},
                  "claimRef": {"namespace": namespace, "name": store.claim_name},
                  "csi": {"driver": FSX_CSI_DRIVER, "volumeHandle": store.file_system_id,
                          "volumeAttributes": {"dnsname": store.dns_name, "mountname": store.mount_name}},
                  "mountOptions": ["flock"], "persistentVolumeReclaimPolicy": "Retain"}},
        {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
         "metadata": {"name": store.claim_name, "namespace": namespace},
         "spec": {**shared, "resources": {"requests": {"storage": claimed}}, "volumeName": volume_name}},
    ]


def add_model_store_volumes(chart: cdk8s.Chart, manifests: Sequence[Mapping[str, Any]]) -> list[cdk8s.ApiObject]:
    """The objects of ``model_store_manifests``, added to ``chart``."""
    return add_core_objects(chart, manifests)
