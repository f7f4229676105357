"""Server-side apply through the real kubectl: managedFields, ownership, removal of fields no longer applied."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl

CRD = {
    "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
    "metadata": {"name": "widgets.example.com"},
    "spec": {"group": "example.com", "scope": "Namespaced",
             "names": {"kind": "Widget", "plural": "widgets", "singular": "widget", "shortNames": ["wd"]},
             "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
                 "type": "object", "properties": {"spec": {"type": "object", "properties": {
                     "size": {"type": "integer"},
                     "items": {"type": "array", "items": {"type": "object", "properties": {
                         "name": {"type": "string"}, "value": {"type": "string"}}}},
                     "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
                               "items": {"type": "object", "properties": {"name": {"type": "string"},
                                                                         "port": {"type": "integer"}}}}}}}}}}]}}


def _apply(server: KubeApiServer, manifest: dict | str, *extra: str):
    text = manifest if isinstance(manifest, str) else json.dumps(manifest)
    return kubectl(server, "apply", "--server-side", "--field-manager", "hyperpod-constructs", *extra, "-f", "-",
                   stdin=text)


def _cm(data: dict, labels: dict | None = None) -> dict:
    meta = {"name": "x", "namespace": "default", **({"labels": labels} if labels else {})}
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": data}


def test_apply_creates_with_an_apply_entry_in_fields_v1(kube_api: KubeApiServer) -> None:
    result = _apply(kube_api, _cm({"a": "1"}, {"app": "x"}))
    assert (result.returncode, result.stdout) == (0, "configmap/x serverside-applied\n"), result.stderr
    stored = kube_api.get("v1", "ConfigMap", "default", "x")
    assert stored is not None and stored["data"] == {"a": "1"}
    (entry,) = stored["metadata"]["managedFields"]
    assert {k: entry[k] for k in ("manager", "operation", "apiVersion", "fieldsType")} == {
        "manager": "hyperpod-constructs", "operation": "Apply", "apiVersion": "v1", "fieldsType": "FieldsV1"}
    assert entry["fieldsV1"] == {"f:data": {"f:a": {}}, "f:metadata": {"f:labels": {"f:app": {}}}}
    assert stored["metadata"]["uid"] and stored["metadata"]["creationTimestamp"]


def test_reapplying_the_same_configuration_changes_nothing(kube_api: KubeApiServer) -> None:
    _apply(kube_api, _cm({"a": "1"}))
    before = kube_api.get("v1", "ConfigMap", "default", "x")
    assert _apply(kube_api, _cm({"a": "1"})).returncode == 0
    assert kube_api.get("v1", "ConfigMap", "default", "x") == before


def test_fields_no_longer_applied_are_removed_unless_another_manager_owns_them(kube_api: KubeApiServer) -> None:
    _apply(kube_api, _cm({"a": "1", "b": "2", "c": "3"}))
    kube_api.apply(_cm({"c": "3"}), manager="someone-else")  # shares ownership of .data.c
    assert _apply(kube_api, _cm({"a": "1"})).returncode == 0
    stored = kube_api.get("v1", "ConfigMap", "default", "x")
    assert stored["data"] == {"a": "1", "c": "3"}
    managers = {e["manager"]: e["fieldsV1"] for e in stored["metadata"]["managedFields"]}
    assert managers == {"hyperpod-constructs": {"f:data": {"f:a": {}}}, "someone-else": {"f:data": {"f:c": {}}}}


def test_containers_are_keyed_by_name_and_env_by_name(kube_api: KubeApiServer) -> None:
    deployment = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "default"},
                  "spec": {"selector": {"matchLabels": {"a": "b"}}, "template": {
                      "metadata": {"labels": {"a": "b"}}, "spec": {"containers": [
                          {"name": "app", "image": "i:1", "env": [{"name": "E", "value": "v"}],
                           "ports": [{"containerPort": 80}]}]}}}}
    assert _apply(kube_api, deployment).returncode == 0
    fields = kube_api.get("apps/v1", "Deployment", "default", "d")["metadata"]["managedFields"][0]["fieldsV1"]
    container = fields["f:spec"]["f:template"]["f:spec"]["f:containers"]['k:{"name":"app"}']
    assert container["."] == {} and container["f:image"] == {} and container["f:name"] == {}
    assert container["f:env"]['k:{"name":"E"}'] == {".": {}, "f:name": {}, "f:value": {}}
    assert 'k:{"containerPort":80,"protocol":"TCP"}' in container["f:ports"]
    # A second container applied by another manager is merged in, not replacing the list.
    other = json.loads(json.dumps(deployment))
    other["spec"]["template"]["spec"]["containers"] = [{"name": "sidecar", "image": "s:1"}]
    kube_api.apply(other, manager="injector")
    names = [c["name"] for c in kube_api.get("apps/v1", "Deployment", "default", "d")["spec"]["template"]["spec"]
             ["containers"]]
    assert names == ["app", "sidecar"]


def test_custom_resource_lists_are_atomic_unless_the_schema_says_map(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    widget = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "default"},
              "spec": {"items": [{"name": "a", "value": "1"}], "ports": [{"name": "p", "port": 1}]}}
    result = _apply(kube_api, widget)
    assert result.stdout == "widget.example.com/w serverside-applied\n", result.stderr
    fields = kube_api.get("example.com/v1", "Widget", "default", "w")["metadata"]["managedFields"][0]["fieldsV1"]
    assert fields["f:spec"]["f:items"] == {}
    assert fields["f:spec"]["f:ports"] == {'k:{"name":"p"}': {".": {}, "f:name": {}, "f:port": {}}}


def test_an_item_no_longer_applied_goes_whole_and_another_managers_item_stays(kube_api: KubeApiServer) -> None:
    """Server-Side Apply docs: an associative list item a manager stops applying is removed with all its fields
    (its key fields go with it, not before it), while items another manager applied stay."""
    kube_api.install_crd(CRD)
    widget = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "default"},
              "spec": {"ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}]}}
    assert _apply(kube_api, widget).returncode == 0
    kube_api.apply({**widget, "spec": {"ports": [{"name": "c", "port": 3}]}}, manager="someone-else")
    widget["spec"]["ports"] = [{"name": "a", "port": 1}]

    assert _apply(kube_api, widget).returncode == 0

    ports = kube_api.get("example.com/v1", "Widget", "default", "w")["spec"]["ports"]
    assert ports == [{"name": "a", "port": 1}, {"name": "c", "port": 3}]


def test_non_apply_writes_record_update_entries_with_the_user_agent_manager(kube_api: KubeApiServer,
                                                                          tmp_path: Path) -> None:
    _apply(kube_api, _cm({"a": "1"}))
    result = kubectl(kube_api, "label", "configmap", "x", "team=t")
    assert result.returncode == 0, result.stderr
    result = kubectl(kube_api, "patch", "configmap", "x", "--type", "merge", "-p", '{"data":{"b":"2"}}')
    assert result.stdout == "configmap/x patched\n"
    entries = {(e["manager"], e["operation"]): e["fieldsV1"]
               for e in kube_api.get("v1", "ConfigMap", "default", "x")["metadata"]["managedFields"]}
    assert entries[("kubectl-label", "Update")] == {"f:metadata": {"f:labels": {".": {}, "f:team": {}}}}
    assert entries[("kubectl-patch", "Update")] == {"f:data": {"f:b": {}}}
    kube_api.requests.clear()
    import urllib.request  # noqa: F401  (the manager without fieldManager comes from the user agent)
    result = kubectl(kube_api, "get", "--raw", "/api/v1/namespaces/default/configmaps/x")
    assert result.returncode == 0


def test_manager_from_user_agent_when_no_field_manager() -> None:
    from kube_api.server import manager_from
    assert manager_from({}, "helm/v4.1.4 (linux/amd64) kubernetes/abc") == "helm"
    assert manager_from({"fieldManager": "m"}, "helm/v4") == "m"


def test_apply_in_a_missing_namespace_is_404(kube_api: KubeApiServer) -> None:
    cm = _cm({"a": "1"})
    cm["metadata"]["namespace"] = "nowhere"
    result = _apply(kube_api, cm)
    assert result.returncode == 1
    assert 'Error from server (NotFound): namespaces "nowhere" not found' in result.stderr


def test_apply_folder_with_multi_document_files_crds_and_namespaces(kube_api: KubeApiServer, tmp_path: Path) -> None:
    folder = tmp_path / "manifests"
    folder.mkdir()
    (folder / "00-namespace.yaml").write_text(yaml.safe_dump({"apiVersion": "v1", "kind": "Namespace",
                                                              "metadata": {"name": "team"}}))
    (folder / "01-crd.yaml").write_text(yaml.safe_dump(CRD))
    cm = _cm({"a": "1"})
    cm["metadata"]["namespace"] = "team"
    secret = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s", "namespace": "team"},
              "stringData": {"k": "v"}}
    (folder / "02-config.yaml").write_text(yaml.safe_dump_all([cm, secret]))
    result = kubectl(kube_api, "apply", "--server-side", "--force-conflicts", "--field-manager",
                     "hyperpod-constructs", "-f", f"{folder}/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "namespace/team serverside-applied",
        "customresourcedefinition.apiextensions.k8s.io/widgets.example.com serverside-applied",
        "configmap/x serverside-applied", "secret/s serverside-applied"]
    assert kube_api.get("v1", "Secret", "team", "s")["data"] == {"k": "dg=="}
    widget = {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "team"}}
    assert _apply(kube_api, widget).returncode == 0


def test_get_all_namespaces_in_chunks_and_managed_fields_shown_only_on_request(kube_api: KubeApiServer) -> None:
    for ns in ("default", "kube-system"):
        for name in ("a", "b"):
            kube_api.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": ns},
                             "data": {"k": "v"}})
    result = kubectl(kube_api, "get", "ConfigMap", "--all-namespaces", "--chunk-size", "1", "-o", "name")
    assert result.stdout.splitlines() == ["configmap/a", "configmap/b", "configmap/a", "configmap/b"], result.stderr
    limits = [r.query.get("limit") for r in kube_api.requests if r.path == "/api/v1/configmaps"]
    assert limits == ["1"] * 4
    plain = json.loads(kubectl(kube_api, "get", "cm", "a", "-n", "default", "-o", "json").stdout)
    assert "managedFields" not in plain["metadata"]
    shown = json.loads(kubectl(kube_api, "get", "cm", "a", "-n", "default", "-o", "json",
                               "--show-managed-fields").stdout)
    assert shown["metadata"]["managedFields"][0]["manager"] == "kubectl-client-side-apply"
    assert kube_api.get("v1", "ConfigMap", "default", "a")["metadata"]["managedFields"]


def test_label_and_field_selectors(kube_api: KubeApiServer) -> None:
    for name, labels in (("a", {"tier": "web", "env": "prod"}), ("b", {"tier": "db"}), ("c", {})):
        kube_api.create({"apiVersion": "v1", "kind": "ConfigMap",
                         "metadata": {"name": name, "namespace": "default", "labels": labels}})

    def names(*args: str) -> list[str]:
        result = kubectl(kube_api, "get", "cm", "-n", "default", "-o", "name", *args)
        assert result.returncode == 0, result.stderr
        return result.stdout.split()
    assert names("-l", "tier=web") == ["configmap/a"]
    assert names("-l", "tier in (web,db)") == ["configmap/a", "configmap/b"]
    assert names("-l", "tier") == ["configmap/a", "configmap/b"]
    assert names("-l", "!tier") == ["configmap/c"]
    assert names("-l", "tier!=web") == ["configmap/b", "configmap/c"]
    assert names("--field-selector", "metadata.name=b") == ["configmap/b"]
    assert names("--field-selector", "metadata.namespace=default,metadata.name!=b") == ["configmap/a",
                                                                                        "configmap/c"]
