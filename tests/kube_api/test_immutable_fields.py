"""The API server refuses changes to PersistentVolume, PersistentVolumeClaim and StorageClass fields Kubernetes holds
immutable, as the real one does (``immutable_fields``), and allows the rest; the real kubectl applies both."""
from __future__ import annotations

import json
from typing import Any

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl


def storage_class(**changes: Any) -> dict[str, Any]:
    return {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "fsx"},
            "provisioner": "fsx.csi.aws.com", "reclaimPolicy": "Retain", "volumeBindingMode": "Immediate",
            "parameters": {"subnetId": "subnet-1"}, **changes}


def volume(handle: str = "fs-0123456789abcdef0", **spec: Any) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "models"},
            "spec": {"capacity": {"storage": "1200Gi"}, "accessModes": ["ReadWriteMany"],
                     "storageClassName": "fsx", "persistentVolumeReclaimPolicy": "Retain",
                     "csi": {"driver": "fsx.csi.aws.com", "volumeHandle": handle}, **spec}}


def apply(server: KubeApiServer, manifest: dict[str, Any]) -> Any:
    return kubectl(server, "apply", "--server-side", "--force-conflicts", "--field-manager", "test", "-f", "-",
                   stdin=json.dumps(manifest))


def test_a_storage_class_refuses_new_parameters_provisioner_reclaim_policy_and_binding_mode(kube_api):
    assert apply(kube_api, storage_class()).returncode == 0

    refused = apply(kube_api, storage_class(parameters={"subnetId": "subnet-2"}))
    assert refused.returncode == 1
    # kubectl words a 422 with causes itself: The <Kind> "<name>" is invalid: <field>: <message>
    assert 'The StorageClass "fsx" is invalid: parameters: Forbidden: updates to parameters are forbidden.' \
        in refused.stderr
    refused = apply(kube_api, storage_class(provisioner="ebs.csi.aws.com", reclaimPolicy="Delete",
                                            volumeBindingMode="WaitForFirstConsumer"))
    for said in ("provisioner: Forbidden: updates to provisioner are forbidden.",
                 "reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.",
                 'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable'):
        assert said in refused.stderr, refused.stderr
    assert kube_api.get("storage.k8s.io/v1", "StorageClass", None, "fsx")["parameters"] == {"subnetId": "subnet-1"}

    allowed = apply(kube_api, storage_class(allowVolumeExpansion=True, metadata={"name": "fsx", "labels": {"a": "b"}}))
    assert allowed.returncode == 0, allowed.stderr


def test_a_persistent_volume_refuses_a_new_volume_source_and_allows_capacity_and_claim_changes(kube_api):
    assert apply(kube_api, volume()).returncode == 0

    refused = apply(kube_api, volume("fs-0fedcba9876543210"))
    assert refused.returncode == 1
    assert ('The PersistentVolume "models" is invalid: spec.persistentvolumesource: Forbidden: '
            "spec.persistentvolumesource is immutable after creation") in refused.stderr
    live = kube_api.get("v1", "PersistentVolume", None, "models")
    assert live["spec"]["csi"]["volumeHandle"] == "fs-0123456789abcdef0"

    refused = apply(kube_api, volume(volumeMode="Block"))
    assert 'volumeMode: Invalid value: "Block": field is immutable' in refused.stderr

    allowed = apply(kube_api, volume(capacity={"storage": "2400Gi"}, mountOptions=["flock"],
                                     claimRef={"namespace": "default", "name": "models"}))
    assert allowed.returncode == 0, allowed.stderr


def test_a_volume_source_change_is_refused_to_every_kind_of_write(kube_api):
    kube_api.create(volume())
    patched = kubectl(kube_api, "patch", "persistentvolume", "models", "--type", "merge", "-p",
                      '{"spec":{"csi":{"volumeHandle":"fs-0fedcba9876543210"}}}')
    assert patched.returncode == 1 and "spec.persistentvolumesource is immutable" in patched.stderr
    replaced = kubectl(kube_api, "replace", "-f", "-", stdin=json.dumps(volume("fs-0fedcba9876543210")))
    assert replaced.returncode == 1 and "spec.persistentvolumesource is immutable" in replaced.stderr
    assert kubectl(kube_api, "delete", "persistentvolume", "models").returncode == 0  # deleting is allowed


def claim(volume_name: str = "models", storage: str = "1200Gi", **spec: Any) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "models", "namespace": "default"},
            "spec": {"accessModes": ["ReadWriteMany"], "storageClassName": "fsx", "volumeName": volume_name,
                     "resources": {"requests": {"storage": storage}}, **spec}}


def test_a_bound_claim_cannot_move_to_another_volume_and_may_only_grow(kube_api):
    assert apply(kube_api, claim()).returncode == 0

    refused = apply(kube_api, claim("models-fs-0fedcba9876543210"))
    assert refused.returncode == 1
    assert ('The PersistentVolumeClaim "models" is invalid: spec: Forbidden: spec is immutable after creation except '
            "resources.requests and volumeAttributesClassName for bound claims") in refused.stderr
    assert kube_api.get("v1", "PersistentVolumeClaim", "default", "models")["spec"]["volumeName"] == "models"
    refused = apply(kube_api, claim(storageClassName="other"))
    assert refused.returncode == 1 and "spec is immutable after creation" in refused.stderr
    refused = apply(kube_api, claim(storage="1100Gi"))
    assert "spec.resources.requests.storage: Forbidden: field can not be less than previous value" in refused.stderr

    # A larger request passes validation, then the resize admission plugin asks the claim's StorageClass.
    refused = apply(kube_api, claim(storage="2400Gi"))
    assert refused.returncode == 1
    assert ('persistentvolumeclaims "models" is forbidden: only dynamically provisioned pvc can be resized and the '
            "storageclass that provisions the pvc must support resize") in refused.stderr
    assert apply(kube_api, storage_class()).returncode == 0
    assert "must support resize" in apply(kube_api, claim(storage="2400Gi")).stderr
    assert apply(kube_api, storage_class(allowVolumeExpansion=True)).returncode == 0
    allowed = apply(kube_api, claim(storage="2400Gi"))
    assert allowed.returncode == 0, allowed.stderr


def test_a_claim_not_bound_yet_takes_its_volume_name_once(kube_api):
    unbound = claim()
    del unbound["spec"]["volumeName"]
    assert apply(kube_api, unbound).returncode == 0
    assert apply(kube_api, claim("models")).returncode == 0  # binding sets it
    assert "spec is immutable after creation" in apply(kube_api, claim("other")).stderr
