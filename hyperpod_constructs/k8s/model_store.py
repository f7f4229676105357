"""Kubernetes objects that mount the model store: a StorageClass, a static PV and a PVC."""
from __future__ import annotations

from typing import Any

import cdk8s

from ..intent.platform_model import ResolvedModelStore
from .api_objects import add_api_objects

STORAGE_CLASS = "fsx-model-store"
FSX_CSI_DRIVER = "fsx.csi.aws.com"


def model_store_manifests(store: ResolvedModelStore, capacity_gib: int, namespace: str,
                          subnet_id: str, security_group_id: str) -> list[dict[str, Any]]:
    """The PV binds the existing file system (static provisioning); the StorageClass also serves new volumes."""
    volume_name = f"{store.claim_name}-{namespace}"
    return [
        {
            "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
            "metadata": {"name": STORAGE_CLASS},
            "provisioner": FSX_CSI_DRIVER,
            "reclaimPolicy": "Retain",
            "volumeBindingMode": "Immediate",
            "parameters": {"subnetId": subnet_id, "securityGroupIds": security_group_id,
                           "deploymentType": "PERSISTENT_2"},
        },
        {
            "apiVersion": "v1", "kind": "PersistentVolume",
            "metadata": {"name": volume_name},
            "spec": {
                "capacity": {"storage": f"{capacity_gib}Gi"},
                "accessModes": ["ReadWriteMany"],
                "persistentVolumeReclaimPolicy": "Retain",
                "storageClassName": STORAGE_CLASS,
                "mountOptions": ["flock"],
                "csi": {"driver": FSX_CSI_DRIVER, "volumeHandle": store.file_system_id,
                        "volumeAttributes": {"dnsname": store.dns_name, "mountname": store.mount_name}},
                "claimRef": {"namespace": namespace, "name": store.claim_name},
            },
        },
        {
            "apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": store.claim_name, "namespace": namespace},
            "spec": {
                "accessModes": ["ReadWriteMany"],
                "storageClassName": STORAGE_CLASS,
                "volumeName": volume_name,
                "resources": {"requests": {"storage": f"{capacity_gib}Gi"}},
            },
        },
    ]


def add_model_store_volumes(chart: cdk8s.Chart, store: ResolvedModelStore, capacity_gib: int, namespace: str,
                            subnet_id: str, security_group_id: str) -> list[cdk8s.ApiObject]:
    """The StorageClass, PersistentVolume and PersistentVolumeClaim (``model_store_manifests``), added to ``chart``."""
    return add_api_objects(chart, model_store_manifests(store, capacity_gib, namespace, subnet_id, security_group_id))
