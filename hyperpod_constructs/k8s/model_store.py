"""Kubernetes objects that mount the model store: a StorageClass, a static PV and a PVC."""
from __future__ import annotations

from typing import Any

import cdk8s

from ..intent.platform_model import ResolvedModelStore
from .api_objects import add_api_object, render_chart

STORAGE_CLASS = "fsx-model-store"
FSX_CSI_DRIVER = "fsx.csi.aws.com"


def model_store_manifests(store: ResolvedModelStore, capacity_gib: int, namespace: str,
                          subnet_id: str, security_group_id: str) -> list[dict[str, Any]]:
    """The objects of ``add_model_store_volumes`` as manifests (rendered by cdk8s)."""
    return render_chart(lambda chart: add_model_store_volumes(chart, store, capacity_gib, namespace, subnet_id,
                                                              security_group_id))


def add_model_store_volumes(chart: cdk8s.Chart, store: ResolvedModelStore, capacity_gib: int, namespace: str,
                            subnet_id: str, security_group_id: str) -> list[cdk8s.ApiObject]:
    """The StorageClass, the PersistentVolume binding the existing file system (static provisioning) and its
    PersistentVolumeClaim, added to ``chart``. The StorageClass also serves new volumes.

    PV and PVC are cdk8s-plus objects; cdk8s-plus has no StorageClass and no CSI volume source, so the StorageClass
    is a plain ApiObject and the PV's ``csi`` source (and its ``claimRef``, which cdk8s-plus writes without the
    claim's namespace) are JSON patches on it.
    """
    import cdk8s_plus_28 as kplus  # loads cdk8s-plus's jsii assembly: only with a model store

    volume_name = f"{store.claim_name}-{namespace}"
    storage_class = add_api_object(chart, {
        "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
        "metadata": {"name": STORAGE_CLASS},
        "provisioner": FSX_CSI_DRIVER,
        "reclaimPolicy": "Retain",
        "volumeBindingMode": "Immediate",
        "parameters": {"subnetId": subnet_id, "securityGroupIds": security_group_id, "deploymentType": "PERSISTENT_2"},
    })
    shared = {"access_modes": [kplus.PersistentVolumeAccessMode.READ_WRITE_MANY],
              "storage": cdk8s.Size.gibibytes(capacity_gib), "storage_class_name": STORAGE_CLASS}
    volume = kplus.PersistentVolume(chart, f"PersistentVolume-{volume_name}",
                                    metadata=cdk8s.ApiObjectMetadata(name=volume_name),
                                    reclaim_policy=kplus.PersistentVolumeReclaimPolicy.RETAIN,
                                    mount_options=["flock"], **shared)
    claim = kplus.PersistentVolumeClaim(chart, f"PersistentVolumeClaim-{namespace}-{store.claim_name}",
                                        metadata=cdk8s.ApiObjectMetadata(name=store.claim_name, namespace=namespace),
                                        volume=volume, **shared)
    volume_object = cdk8s.ApiObject.of(volume)
    volume_object.add_json_patch(
        cdk8s.JsonPatch.add("/spec/csi", {"driver": FSX_CSI_DRIVER, "volumeHandle": store.file_system_id,
                                          "volumeAttributes": {"dnsname": store.dns_name,
                                                               "mountname": store.mount_name}}),
        cdk8s.JsonPatch.add("/spec/claimRef", {"namespace": namespace, "name": store.claim_name}))
    return [storage_class, volume_object, cdk8s.ApiObject.of(claim)]
