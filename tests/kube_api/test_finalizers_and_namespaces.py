"""Finalizers and deletionTimestamp; namespace termination."""
from __future__ import annotations

import json

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl


def _cm(name: str, namespace: str = "default", finalizers: list[str] | None = None) -> dict:
    return {"apiVersion": "v1", "kind": "ConfigMap", "data": {"k": "v"},
            "metadata": {"name": name, "namespace": namespace, **({"finalizers": finalizers} if finalizers else {})}}


def test_delete_without_finalizers_removes_the_object(kube_api: KubeApiServer) -> None:
    kube_api.create(_cm("x"))
    result = kubectl(kube_api, "delete", "ConfigMap.v1./x", "-n", "default", "--ignore-not-found", "--wait=false")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith('configmap "x" deleted')
    assert kube_api.get("v1", "ConfigMap", "default", "x") is None
    (delete,) = [r for r in kube_api.requests if r.method == "DELETE"]
    assert delete.path == "/api/v1/namespaces/default/configmaps/x"


def test_delete_with_finalizers_sets_deletion_timestamp_until_the_last_goes(kube_api: KubeApiServer) -> None:
    kube_api.create(_cm("x", finalizers=["example.com/a", "example.com/b"]))
    result = kubectl(kube_api, "delete", "configmap", "x", "--wait=false")
    assert result.returncode == 0, result.stderr
    stored = kube_api.get("v1", "ConfigMap", "default", "x")
    assert stored["metadata"]["deletionTimestamp"] and stored["metadata"]["deletionGracePeriodSeconds"] == 0
    again = kubectl(kube_api, "delete", "configmap", "x", "--wait=false")
    assert again.returncode == 0
    assert kube_api.get("v1", "ConfigMap", "default", "x")["metadata"]["resourceVersion"] == \
        stored["metadata"]["resourceVersion"]  # deleting again changes nothing
    patch = kubectl(kube_api, "patch", "configmap", "x", "--type", "json", "-p",
                    '[{"op":"remove","path":"/metadata/finalizers/0"}]')
    assert patch.returncode == 0, patch.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x")["metadata"]["finalizers"] == ["example.com/b"]
    patch = kubectl(kube_api, "patch", "configmap", "x", "--type", "merge", "-p", '{"metadata":{"finalizers":null}}')
    assert patch.returncode == 0, patch.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x") is None


def test_propagation_policy_is_accepted(kube_api: KubeApiServer) -> None:
    kube_api.create(_cm("x"))
    result = kubectl(kube_api, "delete", "configmap", "x", "--cascade=foreground", "--wait=false")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x") is None


def test_kubectl_delete_waits_for_finalizers_removed_by_a_controller(kube_api: KubeApiServer) -> None:
    kube_api.create(_cm("x", finalizers=["example.com/a"]))
    seen: list[int] = []

    def controller(server: KubeApiServer) -> None:
        stored = server.get("v1", "ConfigMap", "default", "x")
        if stored and stored["metadata"].get("deletionTimestamp"):
            seen.append(1)
            if len(seen) > 2:
                server.remove_finalizers("v1", "ConfigMap", "default", "x")
    kube_api.on_tick(controller)
    result = kubectl(kube_api, "delete", "configmap", "x", "--timeout=20s")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x") is None


def test_namespace_termination_deletes_contents_and_refuses_new_content(kube_api: KubeApiServer) -> None:
    kube_api.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}})
    kube_api.create(_cm("plain", "team"))
    kube_api.create(_cm("held", "team", ["example.com/hold"]))
    result = kubectl(kube_api, "delete", "namespace", "team", "--wait=false")
    assert result.returncode == 0, result.stderr
    ns = kube_api.get("v1", "Namespace", None, "team")
    assert ns["status"]["phase"] == "Terminating" and ns["metadata"]["deletionTimestamp"]
    assert kube_api.get("v1", "ConfigMap", "team", "plain") is None
    assert kube_api.get("v1", "ConfigMap", "team", "held")["metadata"]["deletionTimestamp"]
    applied = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=json.dumps(_cm("new", "team")))
    assert applied.returncode == 1
    assert ('Error from server (Forbidden): configmaps "new" is forbidden: unable to create new content in namespace '
            "team because it is being terminated") in applied.stderr
    created = kubectl(kube_api, "create", "-f", "-", stdin=json.dumps(_cm("new2", "team")))
    assert "unable to create new content in namespace team because it is being terminated" in created.stderr
    kube_api.remove_finalizers("v1", "ConfigMap", "team", "held")
    assert kube_api.get("v1", "Namespace", None, "team") is None
    assert kube_api.objects("ConfigMap") == []


def test_typed_kubectl_create_sends_protobuf(kube_api: KubeApiServer) -> None:
    # `kubectl create namespace/secret` send protobuf bodies (decoded for a few core kinds); others get 415.
    assert kubectl(kube_api, "create", "namespace", "n1").stdout == "namespace/n1 created\n"
    result = kubectl(kube_api, "create", "secret", "generic", "s", "--from-literal=k=v", "-n", "n1")
    assert result.stdout == "secret/s created\n", result.stderr
    assert kube_api.get("v1", "Secret", "n1", "s")["data"] == {"k": "dg=="}
    result = kubectl(kube_api, "create", "role", "r", "--verb=get", "--resource=pods")
    assert result.returncode == 1 and "(UnsupportedMediaType)" in result.stderr


def test_namespace_shape(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "create", "-f", "-", stdin='{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"n1"}}')
    assert result.stdout == "namespace/n1 created\n", result.stderr
    ns = kube_api.get("v1", "Namespace", None, "n1")
    assert ns["status"] == {"phase": "Active"} and ns["spec"] == {"finalizers": ["kubernetes"]}
    assert ns["metadata"]["labels"] == {"kubernetes.io/metadata.name": "n1"}
    result = kubectl(kube_api, "delete", "namespace", "n1")  # --wait: kubectl waits until it is gone
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "Namespace", None, "n1") is None


def _namespace(name: str, spec_finalizers: list[str]) -> str:
    return json.dumps({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name},
                       "spec": {"finalizers": spec_finalizers}})


def test_a_terminating_namespace_is_kept_while_its_spec_has_a_finalizer_whatever_is_written(
        kube_api: KubeApiServer) -> None:
    """A finalizer of the namespace's spec (a platform's own, besides the controller's ``kubernetes``) keeps it
    Terminating once its contents are gone; a write that is not /finalize (a label) cannot clear it."""
    assert kubectl(kube_api, "create", "-f", "-", stdin=_namespace("held", ["example.com/hold"])).returncode == 0
    assert kube_api.get("v1", "Namespace", None, "held")["spec"]["finalizers"] == ["example.com/hold", "kubernetes"]
    assert kubectl(kube_api, "delete", "namespace", "held", "--wait=false").returncode == 0

    labelled = kubectl(kube_api, "label", "namespace", "held", "touched=yes")
    assert labelled.returncode == 0, labelled.stderr
    stored = kube_api.get("v1", "Namespace", None, "held")
    assert stored is not None and stored["status"]["phase"] == "Terminating"
    assert stored["spec"]["finalizers"] == ["example.com/hold"]  # the controller finalized its own
    cleared = json.dumps({**json.loads(_namespace("held", [])), "spec": {"finalizers": ["example.com/hold"]},
                          "metadata": {"name": "held", "labels": {"touched": "yes"}}})
    assert kubectl(kube_api, "replace", "-f", "-", stdin=cleared.replace('["example.com/hold"]', "[]")).returncode == 0
    assert kube_api.get("v1", "Namespace", None, "held") is not None  # a PUT of the namespace keeps spec.finalizers

    finalized = kubectl(kube_api, "replace", "--raw", "/api/v1/namespaces/held/finalize", "-f", "-",
                        stdin=_namespace("held", []))
    assert finalized.returncode == 0, finalized.stderr
    assert kube_api.get("v1", "Namespace", None, "held") is None


def test_a_terminating_namespace_says_which_content_and_finalizer_hold_it(kube_api: KubeApiServer) -> None:
    kubectl(kube_api, "create", "namespace", "models")
    kube_api.create(_cm("weights", "models", finalizers=["example.com/cleanup"]))
    assert kubectl(kube_api, "delete", "namespace", "models", "--wait=false").returncode == 0

    got = kubectl(kube_api, "get", "namespace", "models", "-o", "json")
    conditions = {c["type"]: c for c in json.loads(got.stdout)["status"]["conditions"]}
    assert conditions["NamespaceContentRemaining"]["message"] == \
        "Some resources are remaining: configmaps. has 1 resource instances"
    assert conditions["NamespaceFinalizersRemaining"]["message"] == \
        "Some content in the namespace has finalizers remaining: example.com/cleanup in 1 resource instances"

    kube_api.remove_finalizers("v1", "ConfigMap", "models", "weights")
    assert kube_api.get("v1", "Namespace", None, "models") is None
