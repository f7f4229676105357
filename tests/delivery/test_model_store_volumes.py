"""The model store's objects are written once, as manifests; the typed chart is made from them only when touched."""
from __future__ import annotations

import json

import cdk8s

from hyperpod_constructs.resolve.platform_model import ResolvedModelStore
from hyperpod_constructs.k8s.api_objects import rendered
from hyperpod_constructs.k8s.model_store import add_model_store_volumes, model_store_manifests

STORE = ResolvedModelStore(file_system_id="fs-0123", dns_name="fs-0123.fsx.aws", mount_name="abcd",
                           claim_prefix="model-store")


def test_the_python_rendering_is_what_the_typed_chart_renders() -> None:
    manifests = model_store_manifests(STORE, 1200, "inference", "subnet-1", "sg-1")
    chart = cdk8s.Chart(cdk8s.App(), "model-store", disable_resource_name_hashes=True)
    objects = add_model_store_volumes(chart, manifests)
    assert [api_object.kind for api_object in objects] == ["StorageClass", "PersistentVolume", "PersistentVolumeClaim"]
    # Same keys, values and key order: an untouched chart's file and a touched one's do not differ.
    assert json.dumps([rendered(manifest) for manifest in manifests]) == json.dumps(chart.to_json())


def test_the_volume_binds_only_its_claim_on_the_file_system() -> None:
    storage_class, volume, claim = model_store_manifests(STORE, 1200, "inference", "subnet-1", "sg-1")
    assert volume["metadata"]["name"] == "model-store-inference-fs-0123" == claim["spec"]["volumeName"]
    assert volume["spec"]["claimRef"] == {"namespace": "inference", "name": "model-store-fs-0123"}
    assert claim["metadata"] == {"name": "model-store-fs-0123", "namespace": "inference"}
    assert storage_class["metadata"]["name"] == "fsx-model-store-fs-0123" == volume["spec"]["storageClassName"] \
        == claim["spec"]["storageClassName"]
    assert volume["spec"]["csi"] == {"driver": "fsx.csi.aws.com", "volumeHandle": "fs-0123",
                                     "volumeAttributes": {"dnsname": "fs-0123.fsx.aws", "mountname": "abcd"}}
    assert volume["spec"]["capacity"] == {"storage": "1200Gi"} == claim["spec"]["resources"]["requests"]


def test_a_new_file_system_names_new_objects_and_the_same_one_the_same() -> None:
    # Kubernetes refuses a new source on a PersistentVolume and new parameters on a StorageClass, and a bound claim
    # cannot move: a new file system must be new objects, the same file system the same ones.
    def names(store: ResolvedModelStore) -> list[tuple[str, str]]:
        return [(manifest["kind"], manifest["metadata"]["name"])
                for manifest in model_store_manifests(store, 1200, "inference", "subnet-1", "sg-1")]
    replaced = ResolvedModelStore(file_system_id="fs-0456", dns_name="fs-0456.fsx.aws", mount_name="efgh",
                                  claim_prefix="model-store")
    same = ResolvedModelStore(file_system_id="fs-0123", dns_name="fs-0123.fsx.aws", mount_name="abcd",
                              claim_prefix="model-store")
    assert not set(names(STORE)) & set(names(replaced))
    assert names(STORE) == names(same)


def test_a_larger_store_grows_the_volume_and_leaves_the_claims_request() -> None:
    # A bound claim's larger request is refused without a StorageClass that allows expansion; the volume's is not.
    _, volume, claim = model_store_manifests(STORE, 4800, "inference", "subnet-1", "sg-1")
    assert volume["spec"]["capacity"] == {"storage": "4800Gi"}
    assert claim["spec"]["resources"]["requests"] == {"storage": "1200Gi"}
