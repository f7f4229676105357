"""Conflicts: apply conflicts between managers, stale resourceVersions, AlreadyExists, NotFound."""
from __future__ import annotations

import json
from pathlib import Path

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl

CM = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "namespace": "default"},
      "data": {"key": "mine"}}


def _apply(server: KubeApiServer, manifest: dict, *extra: str):
    return kubectl(server, "apply", "--server-side", "--field-manager", "hyperpod-constructs", *extra, "-f", "-",
                   stdin=json.dumps(manifest))


def test_apply_conflicts_with_an_update_manager_as_kubectl_reports_it(kube_api: KubeApiServer) -> None:
    edited = json.loads(json.dumps(CM))
    edited["data"]["key"] = "edited"
    kube_api.create(edited, manager="kubectl-edit")
    result = _apply(kube_api, CM)
    assert result.returncode == 1
    assert result.stderr.startswith(
        'error: Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: .data.key\n'
        "Please review the fields above--they currently have other managers."), result.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x")["data"] == {"key": "edited"}


def test_force_conflicts_moves_ownership(kube_api: KubeApiServer) -> None:
    edited = json.loads(json.dumps(CM))
    edited["data"]["key"] = "edited"
    kube_api.create(edited, manager="kubectl-edit")
    result = _apply(kube_api, CM, "--force-conflicts")
    assert result.returncode == 0, result.stderr
    stored = kube_api.get("v1", "ConfigMap", "default", "x")
    assert stored["data"] == {"key": "mine"}
    entries = {(e["manager"], e["operation"]): e["fieldsV1"] for e in stored["metadata"]["managedFields"]}
    assert entries[("hyperpod-constructs", "Apply")] == {"f:data": {"f:key": {}}}
    assert entries[("kubectl-edit", "Update")] == {"f:data": {}}  # it keeps the map it created, not the key


def test_conflicts_with_several_fields_and_an_apply_manager(kube_api: KubeApiServer) -> None:
    other = json.loads(json.dumps(CM))
    other["data"] = {"a": "theirs", "b": "theirs"}
    kube_api.apply(other, manager="helm")
    mine = json.loads(json.dumps(CM))
    mine["data"] = {"a": "mine", "b": "mine"}
    result = _apply(kube_api, mine)
    assert result.returncode == 1
    assert 'error: Apply failed with 2 conflicts: conflicts with "helm":\n- .data.a\n- .data.b\n' in result.stderr


def test_applying_the_same_value_shares_ownership_without_conflict(kube_api: KubeApiServer) -> None:
    kube_api.create(CM, manager="kubectl-edit")
    assert _apply(kube_api, CM).returncode == 0
    managers = {e["manager"] for e in kube_api.get("v1", "ConfigMap", "default", "x")["metadata"]["managedFields"]}
    assert managers == {"kubectl-edit", "hyperpod-constructs"}


def test_replace_with_a_stale_resource_version_is_409(kube_api: KubeApiServer, tmp_path: Path) -> None:
    stale = kube_api.create(CM)
    kube_api.update({**stale, "data": {"key": "newer"}})
    stale["data"] = {"key": "stale"}
    path = tmp_path / "cm.json"
    path.write_text(json.dumps(stale))
    result = kubectl(kube_api, "replace", "-f", str(path))
    assert result.returncode == 1
    assert ('Error from server (Conflict): error when replacing "' + str(path) + '": Operation cannot be fulfilled '
            'on configmaps "x": the object has been modified; please apply your changes to the latest version and '
            "try again") in result.stderr
    assert kube_api.get("v1", "ConfigMap", "default", "x")["data"] == {"key": "newer"}
    fresh = kube_api.get("v1", "ConfigMap", "default", "x")
    fresh["data"] = {"key": "replaced"}
    path.write_text(json.dumps(fresh))
    result = kubectl(kube_api, "replace", "-f", str(path))
    assert result.stdout == "configmap/x replaced\n", result.stderr
    assert int(kube_api.get("v1", "ConfigMap", "default", "x")["metadata"]["resourceVersion"]) > int(
        fresh["metadata"]["resourceVersion"])


def test_create_existing_is_already_exists(kube_api: KubeApiServer) -> None:
    kube_api.create(CM)
    result = kubectl(kube_api, "create", "-f", "-", stdin=json.dumps(CM))
    assert result.returncode == 1
    assert 'Error from server (AlreadyExists): error when creating "STDIN": configmaps "x" already exists' in \
        result.stderr


def test_get_and_delete_missing_are_not_found_in_the_real_format(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "get", "configmap", "nope")
    assert result.returncode == 1
    assert result.stderr.strip() == 'Error from server (NotFound): configmaps "nope" not found'
    result = kubectl(kube_api, "delete", "deployment.v1.apps/nope")
    assert result.stderr.strip() == 'Error from server (NotFound): deployments.apps "nope" not found'
    result = kubectl(kube_api, "delete", "ConfigMap.v1./nope", "-n", "default", "--ignore-not-found", "--wait=false")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_generation_bumps_on_spec_change_only(kube_api: KubeApiServer) -> None:
    ds = {"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "d", "namespace": "default"},
          "spec": {"selector": {"matchLabels": {"a": "b"}}, "template": {"metadata": {"labels": {"a": "b"}},
                   "spec": {"containers": [{"name": "c", "image": "i:1"}]}}}}
    assert kube_api.create(ds)["metadata"]["generation"] == 1
    assert kubectl(kube_api, "label", "ds", "d", "x=y").returncode == 0
    assert kube_api.get("apps/v1", "DaemonSet", "default", "d")["metadata"]["generation"] == 1
    assert kubectl(kube_api, "set", "image", "ds/d", "c=i:2").returncode == 0
    assert kube_api.get("apps/v1", "DaemonSet", "default", "d")["metadata"]["generation"] == 2
    assert "generation" not in kube_api.create({**CM})["metadata"]
