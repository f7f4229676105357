"""The manifest applier's flow against a fake cluster: the S3 download, the zip and the values filling run for
real; kubectl is a small in-memory API server that understands the commands the handler issues."""
from __future__ import annotations

import io
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Optional

import pytest
import yaml

SELECTOR_KEY = "hyperpod-constructs.io/platform"
OURS = "llminference-platform-3dd1587f"
RECORD = f"hyperpod-constructs-{OURS}"
IEC = "InferenceEndpointConfig.v1.inference.sagemaker.aws.amazon.com"
NODE_POOL = "NodePool.v1.karpenter.sh"
CLUSTER_SCOPED = ("NodePool", "HyperpodNodeClass", "PersistentVolume", "StorageClass")
LABELS = {"app.kubernetes.io/managed-by": "hyperpod-constructs", SELECTOR_KEY: OURS}


def endpoint(name: str, *, namespace: str = "default", bucket: str = "${TlsCertificateBucket}") -> dict[str, Any]:
    return {"apiVersion": "inference.sagemaker.aws.amazon.com/v1", "kind": "InferenceEndpointConfig",
            "metadata": {"name": name, "namespace": namespace, "labels": LABELS},
            "spec": {"modelName": name, "tlsConfig": {"tlsCertificateOutputS3Uri": f"s3://{bucket}/certs"}}}


def node_pool(name: str) -> dict[str, Any]:
    return {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": name, "labels": LABELS},
            "spec": {"template": {"spec": {"nodeClassRef": {"name": name}}}}}


def bundle_zip(charts: dict[str, list[dict[str, Any]]], values: tuple[str, ...] = ("TlsCertificateBucket",)) -> bytes:
    """A bundle as the library writes it: manifests/<chart>.k8s.yaml, manifests/values.env, inventory.json."""
    def kind(manifest: dict[str, Any]) -> str:
        group, _, version = manifest["apiVersion"].rpartition("/")
        return f"{manifest['kind']}.{version}.{group}" if group else manifest["kind"]

    inventory = {"values": list(values), "files": {
        f"{name}.k8s.yaml": [{"kind": kind(m), "namespace": m["metadata"].get("namespace"), "name": m["metadata"]["name"]}
                             for m in manifests] for name, manifests in charts.items()}}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, manifests in charts.items():
            archive.writestr(f"manifests/{name}.k8s.yaml", yaml.safe_dump_all(manifests, sort_keys=False))
        archive.writestr("manifests/values.env", "".join(f"{value}=\n" for value in values))
        archive.writestr("inventory.json", json.dumps(inventory))
    return buffer.getvalue()


class FakeCluster:
    """Objects keyed by (Kind, group, namespace, name); answers get/apply/delete as kubectl would."""

    def __init__(self) -> None:
        self.objects: dict[tuple[str, str, Optional[str], str], dict[str, Any]] = {}
        self.record: Optional[dict[str, Any]] = None
        self.unserved: set[str] = set()  # Kind names whose CRD is not installed
        self.commands: list[list[str]] = []
        self.applied_files: list[list[str]] = []

    @staticmethod
    def _kind_group(kind_arg: str) -> tuple[str, str]:
        parts = kind_arg.split(".", 2)
        return parts[0], parts[2] if len(parts) == 3 else ""

    def put(self, manifest: dict[str, Any]) -> None:
        group = manifest["apiVersion"].rpartition("/")[0]
        metadata = manifest["metadata"]
        namespace = metadata.get("namespace") or (None if manifest["kind"] in CLUSTER_SCOPED else "default")
        self.objects[(manifest["kind"], group, namespace, metadata["name"])] = manifest

    def names(self) -> set[str]:
        return {key[3] for key in self.objects}

    def try_run(self, argv: list[str], env: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(list(argv))
        verb = argv[1]
        if verb == "get" and argv[2] == "configmap":
            out = json.dumps(self.record) if self.record else ""
            return subprocess.CompletedProcess(argv, 0, out, "")
        if verb == "get":
            kind, group = self._kind_group(argv[2])
            if kind in self.unserved:
                return subprocess.CompletedProcess(argv, 1, "", f'error: the server doesn\'t have a resource type "{kind}"')
            key, value = argv[argv.index("--selector") + 1].split("=")
            items = [{"apiVersion": m["apiVersion"], "kind": m["kind"],
                      "metadata": {"name": name, **({"namespace": ns} if ns else {})}}
                     for (k, g, ns, name), m in self.objects.items()
                     if (k, g) == (kind, group) and m["metadata"].get("labels", {}).get(key) == value]
            return subprocess.CompletedProcess(argv, 0, json.dumps({"kind": "List", "items": items}), "")
        if verb == "apply":
            path = Path(argv[argv.index("-f") + 1])
            if path.is_dir():
                self.applied_files.append(sorted(p.name for p in path.iterdir()))
                for file in sorted(path.iterdir()):
                    for manifest in yaml.safe_load_all(file.read_text()):
                        self.put(manifest)
            else:
                self.record = json.loads(path.read_text())
            return subprocess.CompletedProcess(argv, 0, "applied", "")
        if verb == "delete" and argv[2] == "configmap":
            self.record = None
            return subprocess.CompletedProcess(argv, 0, "", "")
        if verb == "delete":
            namespace = argv[argv.index("--namespace") + 1] if "--namespace" in argv else None
            for target in (arg for arg in argv if "/" in arg and not arg.startswith("/")):
                kind_arg, name = target.rsplit("/", 1)
                kind, group = self._kind_group(kind_arg)
                self.objects.pop((kind, group, namespace, name), None)
            return subprocess.CompletedProcess(argv, 0, "deleted", "")
        raise AssertionError(f"unexpected kubectl command {argv}")

    def run(self, argv: list[str], env: Any) -> str:
        result = self.try_run(argv, env)
        if result.returncode:
            raise RuntimeError(result.stderr)
        return result.stdout


def props(key: str, *, kinds: tuple[str, ...] = (IEC, NODE_POOL), bucket: str = "my-tls-bucket",
          cluster: str = "llm") -> dict[str, Any]:
    return {"ServiceToken": "token", "ClusterName": cluster, "BundleBucket": "assets", "BundleKey": key,
            "Selector": f"{SELECTOR_KEY}={OURS}", "RecordName": RECORD, "Kinds": list(kinds),
            "Values": {"TlsCertificateBucket": bucket}}


@pytest.fixture
def cluster(applier, monkeypatch, tmp_path) -> FakeCluster:
    """Replace the edges: S3 (boto3 client), the kubeconfig and access wait, and kubectl."""
    import boto3

    fake = FakeCluster()
    fake.bundles: dict[str, bytes] = {}  # type: ignore[attr-defined]
    fake.gone = False  # type: ignore[attr-defined]

    class S3:
        def download_file(self, bucket: str, key: str, filename: str) -> None:
            Path(filename).write_bytes(fake.bundles[key])  # type: ignore[attr-defined]

    monkeypatch.setenv("AWS_REGION", "us-west-2")
    monkeypatch.setattr(boto3, "client", lambda service, **kwargs: S3())
    real_mkdtemp = tempfile.mkdtemp  # the module is shared: keep the real one for the fake
    monkeypatch.setattr(applier.tempfile, "mkdtemp", lambda dir=None: real_mkdtemp(dir=tmp_path))
    monkeypatch.setattr(applier, "write_kubeconfig",
                        lambda name, region, workdir: None if fake.gone else f"{workdir}/kubeconfig")  # type: ignore[attr-defined]
    monkeypatch.setattr(applier, "wait_for_cluster_access", lambda kubeconfig, env: None)
    monkeypatch.setattr(applier, "run", fake.run)
    monkeypatch.setattr(applier, "try_run", fake.try_run)
    return fake


def create(applier, cluster: FakeCluster, charts: dict[str, list[dict[str, Any]]], key: str = "v1.zip") -> dict[str, Any]:
    cluster.bundles[key] = bundle_zip(charts)  # type: ignore[attr-defined]
    return applier.handler({"RequestType": "Create", "ResourceType": "Custom::HyperPodManifests",
                            "ResourceProperties": props(key)}, None)


def update(applier, cluster: FakeCluster, charts: dict[str, list[dict[str, Any]]], key: str, old_key: str,
           **new: Any) -> dict[str, Any]:
    cluster.bundles[key] = bundle_zip(charts)  # type: ignore[attr-defined]
    return applier.handler({"RequestType": "Update", "ResourceType": "Custom::HyperPodManifests",
                            "PhysicalResourceId": f"llm/{RECORD}", "ResourceProperties": props(key, **new),
                            "OldResourceProperties": props(old_key)}, None)


TWO = {"endpoint-default-a": [endpoint("a")], "endpoint-default-b": [endpoint("b")], "node-autoscaling": [node_pool("gpu")]}


def test_create_applies_every_file_server_side_with_the_values_filled(applier, cluster):
    result = create(applier, cluster, TWO)

    assert cluster.names() == {"a", "b", "gpu"}
    assert cluster.applied_files == [["endpoint-default-a.k8s.yaml", "endpoint-default-b.k8s.yaml", "node-autoscaling.k8s.yaml"]]
    a = cluster.objects[("InferenceEndpointConfig", "inference.sagemaker.aws.amazon.com", "default", "a")]
    assert a["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == "s3://my-tls-bucket/certs"  # ${...} filled
    (apply,) = [argv for argv in cluster.commands if argv[1] == "apply" and argv[-1].endswith("apply")]
    assert apply[:6] == ["/opt/kubectl/kubectl", "apply", "--server-side", "--force-conflicts",
                         "--field-manager", "hyperpod-constructs"]
    # owned objects are looked up by the platform's label, kind by kind
    gets = [argv for argv in cluster.commands if argv[1] == "get" and argv[2] != "configmap"]
    assert {argv[2] for argv in gets} == {IEC, NODE_POOL}
    assert all(argv[argv.index("--selector") + 1] == f"{SELECTOR_KEY}={OURS}" and "--all-namespaces" in argv
               for argv in gets)
    # the record remembers each file's hash, in kube-system, and is not labelled as the platform's (never pruned)
    assert cluster.record["metadata"] == {"name": RECORD, "namespace": "kube-system",
                                          "labels": {"app.kubernetes.io/managed-by": "hyperpod-constructs"}}
    assert set(cluster.record["data"]) == set(cluster.applied_files[0])
    assert result == {"PhysicalResourceId": f"llm/{RECORD}",
                      "Data": {"FilesApplied": "3", "FilesUnchanged": "0", "ObjectsPruned": "0"}}


def test_update_applies_only_what_changed_and_prunes_a_removed_endpoint(applier, cluster):
    create(applier, cluster, TWO)
    cluster.commands.clear()
    changed = {"endpoint-default-a": [endpoint("a") | {"spec": {"modelName": "a2"}}],
               "node-autoscaling": [node_pool("gpu")]}  # b removed, node-autoscaling unchanged

    result = update(applier, cluster, changed, "v2.zip", "v1.zip")

    assert cluster.applied_files[-1] == ["endpoint-default-a.k8s.yaml"]
    assert cluster.names() == {"a", "gpu"}
    (delete,) = [argv for argv in cluster.commands if argv[1] == "delete" and argv[2] != "configmap"]
    assert delete[-3:] == ["--namespace", "default", f"{IEC}/b"] and "--wait" in delete
    assert result["Data"] == {"FilesApplied": "1", "FilesUnchanged": "1", "ObjectsPruned": "1"}
    assert set(cluster.record["data"]) == {"endpoint-default-a.k8s.yaml", "node-autoscaling.k8s.yaml"}


def test_an_unchanged_update_applies_nothing(applier, cluster):
    create(applier, cluster, TWO)
    result = update(applier, cluster, TWO, "v2.zip", "v1.zip")
    assert len(cluster.applied_files) == 1
    assert result["Data"] == {"FilesApplied": "0", "FilesUnchanged": "3", "ObjectsPruned": "0"}


def test_a_changed_deploy_time_value_reapplies_the_files_that_use_it(applier, cluster):
    create(applier, cluster, TWO)
    update(applier, cluster, TWO, "v1.zip", "v1.zip", bucket="new-bucket")
    assert cluster.applied_files[-1] == ["endpoint-default-a.k8s.yaml", "endpoint-default-b.k8s.yaml"]


def test_an_object_deleted_out_of_band_is_applied_again(applier, cluster):
    create(applier, cluster, TWO)
    del cluster.objects[("InferenceEndpointConfig", "inference.sagemaker.aws.amazon.com", "default", "b")]
    update(applier, cluster, TWO, "v2.zip", "v1.zip")
    assert cluster.applied_files[-1] == ["endpoint-default-b.k8s.yaml"]
    assert "b" in cluster.names()


def test_removing_the_last_object_of_a_kind_still_prunes_it(applier, cluster):
    create(applier, cluster, TWO)
    without_pools = {name: manifests for name, manifests in TWO.items() if name != "node-autoscaling"}
    update(applier, cluster, without_pools, "v2.zip", "v1.zip", kinds=(IEC,))  # the old Kinds still list NodePool
    assert cluster.names() == {"a", "b"}
    (delete,) = [argv for argv in cluster.commands if argv[1] == "delete" and argv[2] != "configmap"]
    assert "--namespace" not in delete and delete[-1] == f"{NODE_POOL}/gpu"  # cluster-scoped


def test_delete_removes_only_this_platforms_objects_namespaced_first(applier, cluster):
    create(applier, cluster, TWO)
    theirs = endpoint("theirs") | {"metadata": {"name": "theirs", "namespace": "default",
                                                "labels": {SELECTOR_KEY: "another-platform"}}}
    cluster.put(theirs)
    cluster.commands.clear()

    result = applier.handler({"RequestType": "Delete", "ResourceType": "Custom::HyperPodManifests",
                              "PhysicalResourceId": f"llm/{RECORD}", "ResourceProperties": props("v1.zip")}, None)

    assert cluster.names() == {"theirs"} and cluster.record is None
    namespaced, cluster_scoped, record = [argv for argv in cluster.commands if argv[1] == "delete"]
    assert namespaced[-4:] == ["--namespace", "default", f"{IEC}/a", f"{IEC}/b"]
    assert "--namespace" not in cluster_scoped and cluster_scoped[-1] == f"{NODE_POOL}/gpu"
    assert record[1:4] == ["delete", "configmap", RECORD]
    assert result == {"PhysicalResourceId": f"llm/{RECORD}"}


def test_delete_when_the_cluster_is_gone_succeeds(applier, cluster):
    cluster.gone = True  # type: ignore[attr-defined]
    result = applier.handler({"RequestType": "Delete", "ResourceType": "Custom::HyperPodManifests",
                              "PhysicalResourceId": f"llm/{RECORD}", "ResourceProperties": props("v1.zip")}, None)
    assert result == {"PhysicalResourceId": f"llm/{RECORD}"} and cluster.commands == []


def test_create_fails_when_the_cluster_is_missing(applier, cluster):
    cluster.gone = True  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="EKS cluster 'llm' not found"):
        create(applier, cluster, TWO)


def test_a_kind_whose_crd_is_gone_has_no_objects_but_other_errors_fail(applier, cluster):
    create(applier, cluster, TWO)
    cluster.unserved.add("NodePool")
    applier.handler({"RequestType": "Delete", "ResourceType": "Custom::HyperPodManifests",
                     "PhysicalResourceId": f"llm/{RECORD}", "ResourceProperties": props("v1.zip")}, None)
    assert cluster.names() == {"gpu"}  # not listed, so not deleted, and no failure

    def forbidden(argv, env):
        return subprocess.CompletedProcess(argv, 1, "", 'nodepools is forbidden: User "x" cannot list resource')

    applier.try_run = forbidden  # monkeypatch restores the fixture's fake afterwards
    with pytest.raises(RuntimeError, match=f"listing {IEC} failed \\(1\\): nodepools is forbidden"):
        applier.list_owned([IEC], [f"{SELECTOR_KEY}={OURS}"], "k", {})


def test_a_value_the_bundle_needs_but_the_resource_does_not_pass_fails_naming_it(applier, cluster):
    cluster.bundles["v1.zip"] = bundle_zip(TWO, values=("TlsCertificateBucket", "ModelStoreFileSystemId"))  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"deploy-time values the custom resource does not pass: \['ModelStoreFileSystemId'\]"):
        applier.handler({"RequestType": "Create", "ResourceType": "Custom::HyperPodManifests",
                         "ResourceProperties": props("v1.zip")}, None)
    assert cluster.applied_files == []


def test_unpack_refuses_members_that_leave_the_folder(applier, tmp_path):
    archive = tmp_path / "evil.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("../escape.yaml", "x")
    with pytest.raises(RuntimeError, match="'../escape.yaml' would land outside the bundle folder"):
        applier.unpack(str(archive), str(tmp_path / "out"))


def test_the_dispatcher_routes_by_resource_type(dispatcher, monkeypatch):
    seen = []
    monkeypatch.setitem(dispatcher.HANDLERS, "Custom::HyperPodManifests", lambda event, context: seen.append(event) or {})
    dispatcher.handler({"ResourceType": "Custom::HyperPodManifests"}, None)
    assert seen == [{"ResourceType": "Custom::HyperPodManifests"}]
    assert set(dispatcher.HANDLERS) == {"Custom::HyperPodHelmChart", "Custom::HyperPodManifests"}
    with pytest.raises(ValueError, match="handles Custom::HyperPodHelmChart, Custom::HyperPodManifests, not 'Custom::Other'"):
        dispatcher.handler({"ResourceType": "Custom::Other"}, None)


def test_the_default_apps_bundle_applies_completely(applier, cluster, quick_setup):
    """The contract between the library's bundle and this handler: the real bundle of the default app, applied."""
    props_of_app = next(value for value in quick_setup.template["Resources"].values()
                        if value["Type"] == "Custom::HyperPodManifests")["Properties"]
    staged = quick_setup.outdir / f"asset.{props_of_app['BundleKey'].removesuffix('.zip')}"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(staged.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(staged).as_posix())
    cluster.bundles["app.zip"] = buffer.getvalue()  # type: ignore[attr-defined]
    values = {name: f"value-of-{name.lower()}" for name in props_of_app["Values"]}
    event_props = {**props_of_app, "ServiceToken": "token", "ClusterName": "llm", "BundleBucket": "assets",
                   "BundleKey": "app.zip", "Values": values}

    result = applier.handler({"RequestType": "Create", "ResourceType": "Custom::HyperPodManifests",
                              "ResourceProperties": event_props}, None)

    expected = {manifest["metadata"]["name"] for chart in quick_setup.platform.charts.values() for manifest in chart}
    assert cluster.names() == expected
    applied = json.dumps(list(cluster.objects.values()))
    assert "${" not in applied and "value-of-modelstorefilesystemid" in applied
    assert result["Data"]["FilesApplied"] == str(len(quick_setup.platform.charts))
    # and Delete removes all of it
    applier.handler({"RequestType": "Delete", "ResourceType": "Custom::HyperPodManifests",
                     "PhysicalResourceId": result["PhysicalResourceId"], "ResourceProperties": event_props}, None)
    assert cluster.objects == {} and cluster.record is None
