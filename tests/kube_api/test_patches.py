"""Strategic merge patch, JSON merge patch, JSON patch; kubectl patch and rollout restart."""
from __future__ import annotations

import json

from kube_api.merge_patches import json_merge_patch, json_patch, strategic_merge_patch
from kube_api.server import KubeApiServer
from kube_api.tools import kubectl

DS = {"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "x", "namespace": "default"},
      "spec": {"selector": {"matchLabels": {"a": "b"}}, "template": {
          "metadata": {"labels": {"a": "b"}},
          "spec": {"containers": [{"name": "app", "image": "i:1", "env": [{"name": "A", "value": "1"}]},
                                  {"name": "side", "image": "s:1"}],
                   "tolerations": [{"key": "k1", "operator": "Exists"}]}}}}


def test_kubectl_patch_strategic_merges_containers_by_name(kube_api: KubeApiServer) -> None:
    kube_api.create(DS)
    patch = {"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "i:2"}],
                                            "tolerations": [{"key": "k2", "operator": "Exists"}]}}}}
    result = kubectl(kube_api, "patch", "DaemonSet.v1.apps/x", "--type", "strategic", "--patch", json.dumps(patch))
    assert result.stdout == "daemonset.apps/x patched\n", result.stderr
    spec = kube_api.get("apps/v1", "DaemonSet", "default", "x")["spec"]["template"]["spec"]
    assert spec["containers"] == [{"name": "app", "image": "i:2", "env": [{"name": "A", "value": "1"}]},
                                  {"name": "side", "image": "s:1"}]
    assert spec["tolerations"] == [{"key": "k2", "operator": "Exists"}]  # no merge key: replaced
    again = kubectl(kube_api, "patch", "DaemonSet.v1.apps/x", "--type", "strategic", "--patch", json.dumps(patch))
    assert again.stdout == "daemonset.apps/x patched (no change)\n", again.stderr


def test_rollout_restart_patches_the_template_annotation(kube_api: KubeApiServer) -> None:
    kube_api.create(DS)
    result = kubectl(kube_api, "rollout", "restart", "DaemonSet.v1.apps/x")
    assert result.stdout == "daemonset.apps/x restarted\n", result.stderr
    stored = kube_api.get("apps/v1", "DaemonSet", "default", "x")
    assert "kubectl.kubernetes.io/restartedAt" in stored["spec"]["template"]["metadata"]["annotations"]
    assert stored["metadata"]["generation"] == 2
    (patch,) = [r for r in kube_api.requests if r.method == "PATCH"]
    assert patch.query["fieldManager"] == "kubectl-rollout"


def test_json_patch_and_merge_patch_through_kubectl(kube_api: KubeApiServer) -> None:
    kube_api.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "namespace": "default"},
                     "data": {"a": "1", "b": "2"}})
    result = kubectl(kube_api, "patch", "cm", "c", "--type", "json", "-p", '[{"op":"replace","path":"/data/a","value":"9"}]')
    assert result.returncode == 0, result.stderr
    result = kubectl(kube_api, "patch", "cm", "c", "--type", "merge", "-p", '{"data":{"b":null}}')
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "c")["data"] == {"a": "9"}


def test_strategic_merge_patch_units() -> None:
    live = {"containers": [{"name": "a", "image": "1", "volumeMounts": [{"mountPath": "/x", "name": "v"}]}],
            "volumes": [{"name": "v"}, {"name": "w"}], "nodeSelector": {"k": "v"},
            "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchExpressions": [{"key": "a"}]}]}}}}
    patch = {"containers": [{"name": "a", "volumeMounts": [{"mountPath": "/y", "name": "w"}]},
                            {"name": "b", "image": "2"}],
             "volumes": [{"name": "w", "$patch": "delete"}],
             "nodeSelector": {"$patch": "replace", "new": "x"},
             "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                 {"matchExpressions": [{"key": "b"}]}]}}}}
    result = strategic_merge_patch(live, patch)
    assert result["containers"] == [
        {"name": "a", "image": "1", "volumeMounts": [{"mountPath": "/x", "name": "v"}, {"mountPath": "/y",
                                                                                      "name": "w"}]},
        {"name": "b", "image": "2"}]
    assert result["volumes"] == [{"name": "v"}]
    assert result["nodeSelector"] == {"new": "x"}
    assert result["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][
        "nodeSelectorTerms"] == [{"matchExpressions": [{"key": "b"}]}]
    assert strategic_merge_patch({"a": {"b": 1}, "c": 2}, {"a": {"$patch": "delete"}, "c": None}) == {}
    assert strategic_merge_patch({"metadata": {"finalizers": ["x"]}}, {"metadata": {"finalizers": ["y"]}}) == {
        "metadata": {"finalizers": ["x", "y"]}}


def test_merge_and_json_patch_units() -> None:
    assert json_merge_patch({"a": {"b": 1, "c": 2}, "l": [1]}, {"a": {"b": None}, "l": [2]}) == {"a": {"c": 2},
                                                                                                "l": [2]}
    assert json_patch({"a": [1, 2]}, [{"op": "add", "path": "/a/-", "value": 3},
                                      {"op": "remove", "path": "/a/0"}]) == {"a": [2, 3]}
