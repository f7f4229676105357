"""Bundles as the library writes them (its YAML writer and inventory format), and the applier's properties."""
from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from typing import Any, Optional

import yaml

from hyperpod_constructs import yaml_writer
from hyperpod_constructs.delivery import bundle as delivery_bundle
from hyperpod_constructs.k8s.inference_gateway import REQUIRED_KINDS, SHARED_KINDS

PLATFORM = "llminference-platform-3dd1587f"
SELECTOR = f"hyperpod-constructs.io/platform={PLATFORM}"
RECORD = f"hyperpod-constructs-{PLATFORM}"
LABELS = {"app.kubernetes.io/managed-by": "hyperpod-constructs", "hyperpod-constructs.io/platform": PLATFORM}
IEC = "InferenceEndpointConfig"
IEC_GROUP = "inference.sagemaker.aws.amazon.com"


def endpoint(name: str, *, version: str = "v1", namespace: str = "default") -> dict[str, Any]:
    return {"apiVersion": f"{IEC_GROUP}/v1", "kind": IEC,
            "metadata": {"name": name, "namespace": namespace, "labels": dict(LABELS)},
            "spec": {"modelName": f"{name}-{version}",
                     "tlsConfig": {"tlsCertificateOutputS3Uri": "s3://${TlsCertificateBucket}/certs"}}}


def node_pool(name: str) -> dict[str, Any]:
    return {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": name, "labels": dict(LABELS)},
            "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.sagemaker.amazonaws.com",
                                                            "kind": "HyperpodNodeClass", "name": name}}}}}


def node_class(name: str) -> dict[str, Any]:
    return {"apiVersion": "karpenter.sagemaker.amazonaws.com/v1", "kind": "HyperpodNodeClass",
            "metadata": {"name": name, "labels": dict(LABELS)}, "spec": {"instanceGroups": [name]}}


def namespace(name: str) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name, "labels": dict(LABELS)}}


def crd(kind: str, group: str, plural: str) -> dict[str, Any]:
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": f"{plural}.{group}", "labels": dict(LABELS)},
            "spec": {"group": group, "names": {"kind": kind, "plural": plural}, "scope": "Namespaced",
                     "versions": [{"name": "v1", "served": True, "storage": True}]}}


def custom(kind: str, group: str, name: str, namespace_name: str) -> dict[str, Any]:
    return {"apiVersion": f"{group}/v1", "kind": kind,
            "metadata": {"name": name, "namespace": namespace_name, "labels": dict(LABELS)}, "spec": {}}


def bundle_zip(charts: dict[str, list[dict[str, Any]]], values: tuple[str, ...] = ("TlsCertificateBucket",)) -> bytes:
    """manifests/<chart>.k8s.yaml written by the library's manifest writer, manifests/values.env, inventory.json
    (with the objects of a second writer and the kinds they require, as the library marks them)."""
    inventory: dict[str, Any] = {"values": list(values), "files": {
        f"{name}.k8s.yaml": [{"kind": delivery_bundle.kubectl_kind(m["apiVersion"], m["kind"]),
                              "namespace": m["metadata"].get("namespace"), "name": m["metadata"]["name"]}
                             for m in manifests] for name, manifests in charts.items()}}
    refs = [ref for refs in inventory["files"].values() for ref in refs]
    if any(ref["kind"] in SHARED_KINDS for ref in refs):
        inventory["shared"] = [ref for ref in refs if ref["kind"] in SHARED_KINDS]
        inventory["requires"] = {kind: list(needed) for kind, needed in REQUIRED_KINDS.items()
                                 if any(ref["kind"] == kind for ref in refs)}
    files = {f"{name}.k8s.yaml": yaml_writer.dump_manifests(manifests) for name, manifests in charts.items()}
    files["values.env"] = "".join(f"{value}=\n" for value in values)
    return delivery_bundle.bundle_zip(delivery_bundle.bundle_members(files, inventory))


# The deadline of tests about what happens when something never comes: two invocations, the second one reaching the
# deadline, as with the library's 30 minutes (APPLY_TIMEOUT), in half the polls (each a real kubectl process).
TWO_INVOCATIONS = "1000"


def properties(key: str, *, bucket: str = "my-tls-bucket", delivery: str = "cdk-deploy", removal: str = "destroy",
               cluster: str = "llm", values: Optional[dict[str, str]] = None) -> dict[str, Any]:
    props: dict[str, Any] = {"ClusterName": cluster, "Selector": SELECTOR, "RecordName": RECORD, "Delivery": delivery,
                             "Removal": removal, "TimeoutSeconds": "1800"}
    if delivery == "cdk-deploy":
        props.update({"BundleBucket": "cdk-assets", "BundleKey": key,
                      "Values": values if values is not None else {"TlsCertificateBucket": bucket}})
    return props


# ---- an app's own bundle, as staged in its cloud assembly ------------------------------------------------

@dataclass(frozen=True)
class Bundle:
    """A bundle read back into charts (chart name -> its manifests, ``${Name}`` placeholders kept), so a test can
    change it the way a user's next synth would and publish it again."""

    charts: dict[str, list[dict[str, Any]]]
    values: tuple[str, ...]

    def zip(self) -> bytes:
        return bundle_zip(self.charts, self.values)

    def filled(self, values: dict[str, str]) -> dict[tuple[str, Optional[str], str], dict[str, Any]]:
        """(Kind, namespace, name) -> the manifest as the cluster must hold it, with the values filled in."""
        text = json.dumps(self.charts)
        for name, value in values.items():
            text = text.replace("${" + name + "}", json.dumps(value)[1:-1])
        return {(m["kind"], m["metadata"].get("namespace"), m["metadata"]["name"]): m
                for manifests in json.loads(text).values() for m in manifests}

    def with_charts(self, charts: dict[str, list[dict[str, Any]]]) -> "Bundle":
        return Bundle(charts, self.values)


def read_bundle(data: bytes) -> Bundle:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        inventory = json.loads(archive.read("inventory.json"))
        charts = {name.removesuffix(".k8s.yaml"): [m for m in yaml.safe_load_all(archive.read(f"manifests/{name}")) if m]
                  for name in inventory["files"]}
    return Bundle(charts, tuple(inventory["values"]))
