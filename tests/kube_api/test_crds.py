"""CRDs are served only once Established; deleting one removes its custom resources."""
from __future__ import annotations

import json
from pathlib import Path

from kube_api.server import KubeApiServer
from kube_api.test_server_side_apply import CRD
from kube_api.tools import kubectl

REPO = Path(__file__).resolve().parents[2]
WIDGET = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "default"},
          "spec": {"size": 1}}


def test_a_held_crd_is_not_served_until_established(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD, established=False)
    result = kubectl(kube_api, "get", "widgets")
    assert result.returncode == 1
    assert 'the server doesn\'t have a resource type "widgets"' in result.stderr
    applied = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=json.dumps(WIDGET))
    assert applied.returncode == 1
    assert 'no matches for kind "Widget" in version "example.com/v1"' in applied.stderr
    assert kube_api.get("apiextensions.k8s.io/v1", "CustomResourceDefinition", None,
                        "widgets.example.com").get("status") is None
    kube_api.establish("widgets.example.com")
    crd = kube_api.get("apiextensions.k8s.io/v1", "CustomResourceDefinition", None, "widgets.example.com")
    assert {c["type"]: c["status"] for c in crd["status"]["conditions"]} == {"NamesAccepted": "True",
                                                                            "Established": "True"}
    applied = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=json.dumps(WIDGET))
    assert applied.stdout == "widget.example.com/w serverside-applied\n", applied.stderr
    assert kubectl(kube_api, "get", "wd", "-o", "name").stdout == "widget.example.com/w\n"


def test_kubectl_wait_for_established(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=json.dumps(CRD))
    assert result.returncode == 0, result.stderr
    result = kubectl(kube_api, "wait", "--for=condition=Established", "crd/widgets.example.com", "--timeout=10s")
    assert result.stdout == "customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met\n", \
        result.stderr


def test_establishment_delay_on_the_clock(kube_api: KubeApiServer) -> None:
    clock = [1000.0]
    server = KubeApiServer(now=lambda: clock[0])
    with server:
        server.establish_delay(30)
        server.install_crd(CRD)
        assert kubectl(server, "get", "widgets").returncode == 1
        clock[0] += 31
        assert kubectl(server, "get", "widgets").returncode == 0


def test_crd_appears_in_discovery_and_openapi(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    rows = kubectl(kube_api, "api-resources", "--api-group=example.com", "--no-headers").stdout.split()
    assert rows == ["widgets", "wd", "example.com/v1", "true", "Widget"]
    document = json.loads(kubectl(kube_api, "get", "--raw", "/openapi/v3/apis/example.com/v1").stdout)
    patch = document["paths"]["/apis/example.com/v1/namespaces/{namespace}/widgets/{name}"]["patch"]
    assert patch["x-kubernetes-group-version-kind"] == {"group": "example.com", "version": "v1", "kind": "Widget"}
    assert "application/strategic-merge-patch+json" not in patch["requestBody"]["content"]


def test_deleting_a_crd_deletes_its_resources_and_stops_serving(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    kube_api.create(WIDGET)
    held = json.loads(json.dumps(WIDGET))
    held["metadata"].update(name="held", finalizers=["example.com/hold"])
    kube_api.create(held)
    result = kubectl(kube_api, "delete", "CustomResourceDefinition.v1.apiextensions.k8s.io/widgets.example.com",
                     "--wait=false")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("example.com/v1", "Widget", "default", "w") is None
    assert [o["metadata"]["name"] for o in kube_api.objects("Widget")] == ["held"]
    assert kube_api.objects("CustomResourceDefinition")
    # The held resource goes with its finalizer; then the CRD goes.
    from kube_api.resources import from_crd
    (rt,) = from_crd(kube_api.objects("CustomResourceDefinition")[0])
    kube_api.cluster.remove_finalizers(rt, "default", "held")
    assert kube_api.objects("Widget") == [] and kube_api.objects("CustomResourceDefinition") == []
    assert 'doesn\'t have a resource type "widgets"' in kubectl(kube_api, "get", "widgets").stderr


def test_project_crd_files_install(kube_api: KubeApiServer) -> None:
    for path in sorted((REPO / "tests/data/schemas/crds").glob("*.yaml")):
        kube_api.install_crd_file(path)
    result = kubectl(kube_api, "get", "scaledobjects.keda.sh,nodepools.karpenter.sh", "-A", "-o", "name")
    assert result.returncode == 0, result.stderr


def test_custom_resources_refuse_strategic_merge_patch(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    kube_api.create(WIDGET)
    result = kubectl(kube_api, "patch", "widget", "w", "--type", "strategic", "-p", '{"spec":{"size":2}}')
    assert result.returncode == 1
    assert ("error: application/strategic-merge-patch+json is not supported by example.com/v1, Kind=Widget: "
            "the body of the request was in an unknown format - accepted "
            "media types include: application/json-patch+json, application/merge-patch+json, "
            "application/apply-patch+yaml") in result.stderr
    result = kubectl(kube_api, "patch", "widget", "w", "--type", "merge", "-p", '{"spec":{"size":2}}')
    assert result.stdout == "widget.example.com/w patched\n", result.stderr
