"""Discovery (aggregated and legacy) and OpenAPI v3 as kubectl uses them."""
from __future__ import annotations

import json
import re

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl


def test_kubectl_uses_aggregated_discovery_two_requests(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "get", "deployments", "-A", "-o", "name")
    assert result.returncode == 0, result.stderr
    paths = [r.path for r in kube_api.requests]
    assert paths == ["/api", "/apis", "/apis/apps/v1/deployments"]


def test_api_resources_lists_builtin_kinds_with_scope_and_short_names(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "api-resources", "--no-headers")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()}
    assert rows["configmaps"] == ["configmaps", "cm", "v1", "true", "ConfigMap"]
    assert rows["namespaces"] == ["namespaces", "ns", "v1", "false", "Namespace"]
    assert rows["daemonsets"] == ["daemonsets", "ds", "apps/v1", "true", "DaemonSet"]
    assert rows["customresourcedefinitions"] == ["customresourcedefinitions", "crd,crds", "apiextensions.k8s.io/v1",
                                                 "false", "CustomResourceDefinition"]
    assert rows["selfsubjectaccessreviews"] == ["selfsubjectaccessreviews", "authorization.k8s.io/v1", "false",
                                                "SelfSubjectAccessReview"]
    for name in ("secrets", "serviceaccounts", "services", "pods", "events", "persistentvolumes",
                 "persistentvolumeclaims", "statefulsets", "deployments", "jobs", "clusterroles",
                 "clusterrolebindings", "roles", "rolebindings", "storageclasses", "mutatingwebhookconfigurations",
                 "validatingwebhookconfigurations", "leases"):
        assert name in rows


def test_api_resources_verbs(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "api-resources", "--verbs=create", "--api-group=authorization.k8s.io", "-o", "name")
    assert result.stdout.split() == ["selfsubjectaccessreviews.authorization.k8s.io"]


def test_legacy_discovery_documents(kube_api: KubeApiServer) -> None:
    for path in ("/api", "/apis", "/api/v1", "/apis/apps", "/apis/apps/v1"):
        result = kubectl(kube_api, "get", "--raw", path)
        assert result.returncode == 0, (path, result.stderr)
    resources = json.loads(kubectl(kube_api, "get", "--raw", "/apis/apps/v1").stdout)["resources"]
    names = {r["name"]: r for r in resources}
    assert names["deployments"]["shortNames"] == ["deploy"] and names["deployments"]["namespaced"] is True
    assert names["deployments/status"]["verbs"] == ["get", "patch", "update"]
    groups = json.loads(kubectl(kube_api, "get", "--raw", "/apis").stdout)["groups"]
    assert {"name": "apps", "versions": [{"groupVersion": "apps/v1", "version": "v1"}],
            "preferredVersion": {"groupVersion": "apps/v1", "version": "v1"}} in groups
    missing = kubectl(kube_api, "get", "--raw", "/apis/nothing.example.com/v1")
    assert missing.returncode == 1 and "the server could not find the requested resource" in missing.stderr


def test_openapi_v3_makes_kubectl_send_strict_field_validation(kube_api: KubeApiServer) -> None:
    manifest = json.dumps({"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "d", "namespace": "default"},
                           "spec": {"selector": {"matchLabels": {"a": "b"}}, "template": {
                               "metadata": {"labels": {"a": "b"}}, "spec": {"containers": [{"name": "c",
                                                                                            "image": "i"}]}}}})
    result = kubectl(kube_api, "apply", "--server-side", "-f", "-", "-v=8", stdin=manifest)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "daemonset.apps/d serverside-applied\n"
    patches = [r for r in kube_api.requests if r.method == "PATCH"]
    assert [p.query for p in patches] == [{"fieldManager": "kubectl", "fieldValidation": "Strict", "force": "false"}]
    assert "/openapi/v3/apis/apps/v1" in [r.path for r in kube_api.requests]
    assert not re.search(r"openapi/v2", result.stderr)


def test_unknown_resource_type(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "get", "widgets")
    assert result.returncode == 1
    assert 'error: the server doesn\'t have a resource type "widgets"' in result.stderr
