"""A new model store file system (CloudFormation replaced it: a new id, DNS name and mount name) delivered through the
kubectl function to the loopback API server, which refuses what the real one refuses: a PersistentVolume's new
source, a StorageClass's new parameters, a bound claim's new volume. The default app's own bundle, as staged.

The StorageClass, PersistentVolume and claim are named after the file system, so the Update applies three new
objects and the endpoints' new file system, then prunes the old three (a claim a pod of the user's still mounts is
deleted, and Kubernetes keeps it until that pod stops); its rollback, and a later return to the first file system,
go back the same way. With the objects named as before (one name whatever the file system), the Update is refused
and rolled back."""
from __future__ import annotations

import json
from typing import Any

from apps_support import APPLIER, only
from faults.bundles import TWO_INVOCATIONS, Bundle, read_bundle
from faults.conftest import CRD_FACTS, KARPENTER_CRD, hyperpod_node_class_crd
from faults.test_bundles_end_to_end import applier_properties, holds_exactly
from hyperpod_constructs.k8s.model_store import model_store_manifests
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore

FIRST = {"ModelStoreFileSystemId": "fs-0123456789abcdef0",
         "ModelStoreDnsName": "fs-0123456789abcdef0.fsx.us-west-2.amazonaws.com", "ModelStoreMountName": "abcdefgh"}
SECOND = {"ModelStoreFileSystemId": "fs-0fedcba9876543210",
          "ModelStoreDnsName": "fs-0fedcba9876543210.fsx.us-west-2.amazonaws.com", "ModelStoreMountName": "ijklmnop"}
THIRD = {"ModelStoreFileSystemId": "fs-0aaaabbbbccccdddd",
         "ModelStoreDnsName": "fs-0aaaabbbbccccdddd.fsx.us-west-2.amazonaws.com", "ModelStoreMountName": "qrstuvwx"}
STORE_KINDS = ("StorageClass", "PersistentVolume", "PersistentVolumeClaim")
# What Kubernetes' protection controllers put on a claim and its volume while in use; they take them off once no
# pod uses the claim (the claim gone, for the volume).
IN_USE = {"PersistentVolumeClaim": "kubernetes.io/pvc-protection", "PersistentVolume": "kubernetes.io/pv-protection"}


def with_store(props: dict[str, Any], store: dict[str, str]) -> dict[str, Any]:
    values = dict(props["Values"])
    assert set(store) <= set(values), sorted(values)
    return {**props, "Values": {**values, **store}}


def store_objects(kube) -> dict[str, str]:
    """Kind -> the name of the one object of that kind (each model store object is alone of its kind)."""
    found: dict[str, list[str]] = {kind: sorted(kube.names(kind)) for kind in STORE_KINDS}
    assert all(len(names) == 1 for names in found.values()), found
    return {kind: names[0] for kind, names in found.items()}


def file_systems_of_endpoints(kube) -> set[str]:
    return {item["spec"]["modelSourceConfig"]["fsxStorage"]["fileSystemId"]
            for item in kube.objects("InferenceEndpointConfig")
            if (item["spec"].get("modelSourceConfig") or {}).get("modelSourceType") == "fsx"}


def mark_in_use(kube, names: dict[str, str]) -> None:
    for kind, finalizer in IN_USE.items():
        live = kube.get("v1", kind, "default" if kind == "PersistentVolumeClaim" else None, names[kind])
        live["metadata"]["finalizers"] = [finalizer]
        kube.server.update(live, manager="kube-controller-manager")
        assert kube.get("v1", kind, live["metadata"].get("namespace"), names[kind])["metadata"]["finalizers"] == [finalizer]


def release(kube, names: dict[str, str]) -> None:
    for kind in IN_USE:
        kube.server.remove_finalizers("v1", kind, "default" if kind == "PersistentVolumeClaim" else None, names[kind])


def terminating(kube, names: dict[str, str]) -> dict[str, list[str]]:
    """Kind -> the finalizers of the object of ``names`` still there, being deleted."""
    found = {}
    for kind in IN_USE:
        live = kube.get("v1", kind, "default" if kind == "PersistentVolumeClaim" else None, names[kind])
        if live is not None:
            assert live["metadata"].get("deletionTimestamp"), live["metadata"]
            found[kind] = live["metadata"]["finalizers"]
    return found


def test_a_new_file_system_is_delivered_as_new_volume_objects_and_rolled_back_the_same_way(
        quick_setup, aws, kube, manifests):
    props = applier_properties(quick_setup.template)
    staged = (quick_setup.outdir / f"asset.{only(quick_setup.template, APPLIER)['Properties']['BundleKey']}").read_bytes()
    bundle = read_bundle(staged)
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    aws.bundles["as-staged.zip"] = staged
    props = {**props, "BundleKey": "as-staged.zip", "TimeoutSeconds": TWO_INVOCATIONS}
    label = props["Selector"].split("=", 1)[1]

    first = with_store(props, FIRST)
    assert manifests.create(first) == "CREATE_COMPLETE", manifests.reasons()
    holds_exactly(kube, bundle, label, first["Values"])
    before = store_objects(kube)
    assert file_systems_of_endpoints(kube) == {FIRST["ModelStoreFileSystemId"]}

    # A workload of the user's still mounts the old claim: Kubernetes keeps it (and its volume) until that pod
    # stops. The Update applies the new objects and moves the endpoints, then deletes the old ones and does not wait
    # for that pod.
    mark_in_use(kube, before)
    seen_when_pruned: list[tuple[bool, set[str]]] = []

    def watch_prune(server: Any) -> None:
        old_claim = server.get("v1", "PersistentVolumeClaim", "default", before["PersistentVolumeClaim"])
        if not seen_when_pruned and old_claim is not None and old_claim["metadata"].get("deletionTimestamp"):
            new_claims = kube.names("PersistentVolumeClaim") - {before["PersistentVolumeClaim"]}
            seen_when_pruned.append((bool(new_claims), file_systems_of_endpoints(kube)))
    kube.server.on_tick(watch_prune)
    second = with_store(props, SECOND)
    assert manifests.update(second) == "UPDATE_COMPLETE", manifests.reasons()
    # The old claim was deleted only once the new one existed and every endpoint had moved.
    assert seen_when_pruned == [(True, {SECOND["ModelStoreFileSystemId"]})]
    assert terminating(kube, before) == {kind: [finalizer] for kind, finalizer in IN_USE.items()}
    assert file_systems_of_endpoints(kube) == {SECOND["ModelStoreFileSystemId"]}
    moved = {kind: name for kind in STORE_KINDS for name in kube.names(kind) if name != before[kind]}
    assert all(SECOND["ModelStoreFileSystemId"] in name for name in moved.values()) and len(moved) == 3
    volume = kube.get("v1", "PersistentVolume", None, moved["PersistentVolume"])
    assert volume["spec"]["csi"]["volumeHandle"] == SECOND["ModelStoreFileSystemId"]
    assert volume["spec"]["claimRef"]["name"] == moved["PersistentVolumeClaim"]
    assert volume["spec"]["storageClassName"] == moved["StorageClass"]

    # Back to the first file system while that pod still runs: its claim cannot be created again before it is gone,
    # so the Update fails at its deadline, and the rollback to the second file system completes.
    assert manifests.update(first) == "UPDATE_ROLLBACK_COMPLETE"
    assert ("still waiting for objects of the bundle still being deleted to go before they are applied again: "
            f"PersistentVolume {before['PersistentVolume']} (finalizers kubernetes.io/pv-protection)") \
        in manifests.reasons()[-1]
    assert file_systems_of_endpoints(kube) == {SECOND["ModelStoreFileSystemId"]}
    release(kube, before)  # the pod stopped
    holds_exactly(kube, bundle, label, second["Values"])

    # An Update to a third file system fails elsewhere (an admission webhook refuses its volume) after the endpoints
    # moved: the rollback brings back the second file system's objects and prunes the third's.
    third_volume = next(name for name in bundle.filled(THIRD) if name[0] == "PersistentVolume")[2]
    kube.server.fail("PATCH", "PersistentVolume", third_volume, status=400, reason="BadRequest",
                     message='admission webhook "volumes.example.com" denied the request: not now')
    assert manifests.update(with_store(props, THIRD)) == "UPDATE_ROLLBACK_COMPLETE"
    assert "denied the request: not now" in manifests.reasons()[-1]
    holds_exactly(kube, bundle, label, second["Values"])
    assert file_systems_of_endpoints(kube) == {SECOND["ModelStoreFileSystemId"]}

    # Back to the first file system once nothing holds its claim (a later stack failure rolling a finished Update
    # back sends the same request).
    assert manifests.update(first) == "UPDATE_COMPLETE", manifests.reasons()
    holds_exactly(kube, bundle, label, first["Values"])
    assert store_objects(kube) == before


def with_capacity(bundle: Bundle, capacity_gib: int) -> Bundle:
    """The bundle with the model store's objects as the library renders them for ``capacity_gib`` (the platform's
    labels kept): what the next synth of a larger ``ModelStore(capacity_gib=...)`` delivers."""
    store = ResolvedModelStore(file_system_id="${ModelStoreFileSystemId}", dns_name="${ModelStoreDnsName}",
                               mount_name="${ModelStoreMountName}", claim_prefix="model-store")
    staged = bundle.charts["model-store"]

    def rendered(capacity: int) -> list[dict[str, Any]]:
        manifests = model_store_manifests(store, capacity, "default", "${ModelStoreSubnetId}", "${NodeSecurityGroupId}")
        for manifest, as_staged in zip(manifests, staged):
            manifest["metadata"]["labels"] = as_staged["metadata"]["labels"]
        return manifests
    assert rendered(1200) == staged  # the rendering the default app staged (its store is 1200 GiB)
    return bundle.with_charts({**bundle.charts, "model-store": rendered(capacity_gib)})


def test_a_larger_file_system_is_the_same_volume_objects_updated_in_place(quick_setup, aws, kube, manifests):
    # FSx grows the file system in place (the same id). Kubernetes lets a PersistentVolume's capacity change, but a
    # claim's larger request only through a StorageClass that allows expansion, for the CSI driver to grow the volume:
    # the claim's request stays what binds it, the volume's capacity follows the file system.
    props = applier_properties(quick_setup.template)
    bundle = read_bundle((quick_setup.outdir / f"asset.{props['BundleKey']}").read_bytes())
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    label = props["Selector"].split("=", 1)[1]
    store = with_store(props, FIRST)
    aws.bundles["small.zip"], aws.bundles["large.zip"] = bundle.zip(), with_capacity(bundle, 4800).zip()
    assert manifests.create({**store, "BundleKey": "small.zip"}) == "CREATE_COMPLETE", manifests.reasons()
    before = store_objects(kube)

    larger = with_capacity(bundle, 4800)
    assert manifests.update({**store, "BundleKey": "large.zip"}) == "UPDATE_COMPLETE", manifests.reasons()
    holds_exactly(kube, larger, label, store["Values"])
    assert store_objects(kube) == before
    volume = kube.get("v1", "PersistentVolume", None, before["PersistentVolume"])
    assert volume["spec"]["capacity"] == {"storage": "4800Gi"}


def test_a_file_system_id_that_makes_no_kubernetes_name_is_refused_before_anything_is_applied(
        quick_setup, aws, kube, manifests):
    props = applier_properties(quick_setup.template)
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    aws.bundles[props["BundleKey"]] = (quick_setup.outdir / f"asset.{props['BundleKey']}").read_bytes()
    bad = with_store(props, {**FIRST, "ModelStoreFileSystemId": "FS_0123"})
    assert manifests.create(bad) == "ROLLBACK_COMPLETE"
    assert ("deploy-time value ModelStoreFileSystemId ('FS_0123') makes the name of StorageClass "
            "fsx-model-store-${ModelStoreFileSystemId} 'fsx-model-store-FS_0123', which is not a Kubernetes name "
            "(lowercase letters, digits, '-' and '.'") in manifests.reasons()[0]
    assert kube.ours() == set()


def test_upgrading_from_names_without_the_file_system_replaces_the_volume_objects_once(
        quick_setup, aws, kube, manifests):
    # Versions before this one named the objects fsx-model-store, model-store-<namespace> and model-store: the first
    # deploy of this version applies the new names, then prunes the old ones (a pod on the old claim keeps it).
    props = applier_properties(quick_setup.template)
    bundle = read_bundle((quick_setup.outdir / f"asset.{props['BundleKey']}").read_bytes())
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    label = props["Selector"].split("=", 1)[1]
    older = bundle.with_charts({**bundle.charts, "model-store": json.loads(
        json.dumps(bundle.charts["model-store"]).replace("-${ModelStoreFileSystemId}", ""))})
    aws.bundles["older.zip"], aws.bundles["this.zip"] = older.zip(), bundle.zip()
    store = with_store(props, FIRST)
    assert manifests.create({**store, "BundleKey": "older.zip"}) == "CREATE_COMPLETE", manifests.reasons()
    assert store_objects(kube) == {"StorageClass": "fsx-model-store", "PersistentVolume": "model-store-default",
                                   "PersistentVolumeClaim": "model-store"}
    mark_in_use(kube, store_objects(kube))

    assert manifests.update({**store, "BundleKey": "this.zip"}) == "UPDATE_COMPLETE", manifests.reasons()
    assert terminating(kube, {"PersistentVolume": "model-store-default", "PersistentVolumeClaim": "model-store"}) \
        == {kind: [finalizer] for kind, finalizer in IN_USE.items()}
    release(kube, {"PersistentVolume": "model-store-default", "PersistentVolumeClaim": "model-store"})
    holds_exactly(kube, bundle, label, store["Values"])
    assert store_objects(kube)["PersistentVolumeClaim"] == f"model-store-{FIRST['ModelStoreFileSystemId']}"
