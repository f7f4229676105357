"""The model store's objects are written once, as manifests; the typed chart is made from them only when touched."""
from __future__ import annotations

import json

import cdk8s

from hyperpod_constructs.resolve.platform_model import ResolvedModelStore
from hyperpod_constructs.k8s.api_objects import rendered
from hyperpod_constructs.k8s.model_store import add_model_store_volumes, model_store_manifests

STORE = ResolvedModelStore(file_system_id="fs-0123", dns_name="fs-0123.fsx.aws", mount_name="abcd",
                           claim_name="model-store")


def test_the_python_rendering_is_what_the_typed_chart_renders() -> None:
    manifests = model_store_manifests(STORE, 1200, "inference", "subnet-1", "sg-1")
    chart = cdk8s.Chart(cdk8s.App(), "model-store", disable_resource_name_hashes=True)
    objects = add_model_store_volumes(chart, manifests)
    assert [api_object.kind for api_object in objects] == ["StorageClass", "PersistentVolume", "PersistentVolumeClaim"]
    # Same keys, values and key order: an untouched chart's file and a touched one's do not differ.
    assert json.dumps([rendered(manifest) for manifest in manifests]) == json.dumps(chart.to_json())


def test_the_volume_binds_only_its_claim_on_the_file_system() -> None:
    _, volume, claim = model_store_manifests(STORE, 1200, "inference", "subnet-1", "sg-1")
    assert volume["metadata"]["name"] == "model-store-inference" == claim["spec"]["volumeName"]
    assert volume["spec"]["claimRef"] == {"namespace": "inference", "name": "model-store"}
    assert volume["spec"]["csi"] == {"driver": "fsx.csi.aws.com", "volumeHandle": "fs-0123",
                                     "volumeAttributes": {"dnsname": "fs-0123.fsx.aws", "mountname": "abcd"}}
    assert volume["spec"]["capacity"] == {"storage": "1200Gi"} == claim["spec"]["resources"]["requests"]
