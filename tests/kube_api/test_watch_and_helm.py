"""Watch streams, and the real helm 4 (release Secrets, --wait=watcher, history, rollback, uninstall)."""
from __future__ import annotations

import base64
import gzip
import json
import threading
from pathlib import Path

from kube_api.server import KubeApiServer
from kube_api.tools import helm, kubectl

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: {{ .Values.replicas }}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: "nginx:{{ .Values.tag }}"
"""
CONFIGMAP = """apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  tag: "{{ .Values.tag }}"
"""


def _chart(tmp_path: Path) -> Path:
    chart = tmp_path / "chart"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: tiny\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text("replicas: 1\ntag: '1.0'\n")
    (chart / "templates" / "deployment.yaml").write_text(DEPLOYMENT)
    (chart / "templates" / "configmap.yaml").write_text(CONFIGMAP)
    return chart


def _install(server: KubeApiServer, chart: Path, *extra: str):
    return helm(server, "upgrade", "--install", "rel", str(chart), "--namespace", "ns", "--create-namespace",
                "--timeout", "60s", "--wait=watcher", "--rollback-on-failure", "--description", "d", *extra)


def _release_secrets(server: KubeApiServer) -> list[dict]:
    return sorted((s for s in server.objects("Secret") if s["type"] == "helm.sh/release.v1"),
                  key=lambda s: s["metadata"]["name"])


def test_helm_upgrade_install_history_rollback_uninstall(kube_api: KubeApiServer, tmp_path: Path) -> None:
    chart = _chart(tmp_path)
    result = _install(kube_api, chart)
    assert result.returncode == 0, result.stderr
    assert kube_api.get("apps/v1", "Deployment", "ns", "web")["spec"]["replicas"] == 1
    assert kube_api.get("v1", "ConfigMap", "ns", "settings")["data"] == {"tag": "1.0"}
    (secret,) = _release_secrets(kube_api)
    assert secret["metadata"]["name"] == "sh.helm.release.v1.rel.v1"
    assert secret["metadata"]["labels"]["owner"] == "helm" and secret["metadata"]["labels"]["status"] == "deployed"
    release = json.loads(gzip.decompress(base64.b64decode(base64.b64decode(secret["data"]["release"]))))
    assert release["info"]["description"] == "d"
    assert any("watch" in r.query for r in kube_api.requests), "helm --wait=watcher watches the resources"

    result = _install(kube_api, chart, "--set", "tag=2.0")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "ConfigMap", "ns", "settings")["data"] == {"tag": "2.0"}
    history = helm(kube_api, "history", "rel", "-n", "ns", "-o", "json")
    assert history.returncode == 0, history.stderr
    assert [(h["revision"], h["status"]) for h in json.loads(history.stdout)] == [(1, "superseded"),
                                                                                  (2, "deployed")]

    result = helm(kube_api, "rollback", "rel", "1", "-n", "ns")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("v1", "ConfigMap", "ns", "settings")["data"] == {"tag": "1.0"}
    assert [s["metadata"]["labels"]["status"] for s in _release_secrets(kube_api)] == ["superseded", "superseded",
                                                                                       "deployed"]

    result = helm(kube_api, "uninstall", "rel", "-n", "ns", "--wait", "--timeout", "60s")
    assert result.returncode == 0, result.stderr
    assert kube_api.get("apps/v1", "Deployment", "ns", "web") is None
    assert kube_api.get("v1", "ConfigMap", "ns", "settings") is None
    assert _release_secrets(kube_api) == []


def test_helm_wait_times_out_on_a_workload_never_ready(kube_api: KubeApiServer, tmp_path: Path) -> None:
    kube_api.workload_never_ready("Deployment", "ns", "web")
    result = helm(kube_api, "upgrade", "--install", "rel", str(_chart(tmp_path)), "--namespace", "ns",
                  "--create-namespace", "--timeout", "3s", "--wait=watcher")
    assert result.returncode == 1
    assert "context deadline exceeded" in result.stderr or "timed out" in result.stderr, result.stderr
    (secret,) = _release_secrets(kube_api)
    assert secret["metadata"]["labels"]["status"] == "failed"


def test_workload_status_controller(kube_api: KubeApiServer) -> None:
    kube_api.create({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "default"},
                     "spec": {"replicas": 2, "selector": {"matchLabels": {"a": "b"}}, "template": {
                         "metadata": {"labels": {"a": "b"}}, "spec": {"containers": [{"name": "c", "image": "i"}]}}}})
    status = kube_api.get("apps/v1", "Deployment", "default", "d")["status"]
    assert {k: status[k] for k in ("observedGeneration", "replicas", "readyReplicas", "availableReplicas",
                                   "updatedReplicas")} == {"observedGeneration": 1, "replicas": 2,
                                                           "readyReplicas": 2, "availableReplicas": 2,
                                                           "updatedReplicas": 2}
    assert {c["type"]: c["status"] for c in status["conditions"]} == {"Available": "True", "Progressing": "True"}
    result = kubectl(kube_api, "rollout", "status", "deployment/d", "--timeout=10s")
    assert result.returncode == 0, result.stderr
    assert 'deployment "d" successfully rolled out' in result.stdout


def test_watch_streams_added_modified_deleted(kube_api: KubeApiServer) -> None:
    kube_api.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "default"}})
    listed = json.loads(kubectl(kube_api, "get", "--raw", "/api/v1/namespaces/default/configmaps").stdout)
    revision = listed["metadata"]["resourceVersion"]

    def writes() -> None:
        kube_api.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "b", "namespace": "default"}})
        kube_api.update({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "b", "namespace": "default"},
                         "data": {"k": "v"}})
        kube_api.delete("v1", "ConfigMap", "default", "b")
    timer = threading.Timer(0.5, writes)
    timer.start()
    result = kubectl(kube_api, "get", "--raw",
                     f"/api/v1/namespaces/default/configmaps?watch=true&resourceVersion={revision}&timeoutSeconds=2")
    timer.join()
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(e["type"], e["object"]["metadata"]["name"]) for e in events] == [
        ("ADDED", "b"), ("MODIFIED", "b"), ("DELETED", "b")]


def test_kubectl_get_watch_sees_initial_objects(kube_api: KubeApiServer) -> None:
    kube_api.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "default"}})
    result = kubectl(kube_api, "get", "--raw", "/api/v1/watch/namespaces/default/configmaps?timeoutSeconds=1")
    assert [json.loads(line)["type"] for line in result.stdout.splitlines()] == ["ADDED"]
