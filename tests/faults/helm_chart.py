"""The chart source the Helm installer's tests serve, and Helm's state as the tests read it.

``archive_bytes`` is GitHub's archive of one commit holding a small chart the real helm 4 installs offline: its one
dependency is a local sub-chart (``file://charts/training-operators``), its templates render a ConfigMap and a
Deployment (a workload for ``--wait=watcher`` to wait for) and read the values the installer passes
(``helm_plan.region_defaults``). ``ArchiveServer`` serves it on loopback, with faults. The release is read from
Helm's own storage in the API server: Secrets labelled ``owner=helm,name=<release>``.
"""
from __future__ import annotations

import base64
import gzip
import http.server
import io
import json
import os
import shutil
import socket
import subprocess
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Optional

from kube_api import binaries
from kube_api.server import KubeApiServer

SHA = "011ca927123e02b35a399935bbb3ab1905fe33c7"
REPOSITORY = "aws/sagemaker-hyperpod-cli"
CHART = "helm_chart/HyperPodHelmChart"
NAME = "hyperpod-dependencies"
NAMESPACE = "kube-system"
RELEASE = f"{NAMESPACE}/{NAME}"
WORKLOAD = "health-monitoring-agent"  # the chart's Deployment
# What the chart renders (the parent's ConfigMap and Deployment, the sub-chart's ConfigMap).
CHART_OBJECTS = {("ConfigMap", "hyperpod-dependencies"), ("ConfigMap", "training-operators"),
                 ("Deployment", WORKLOAD)}

CHART_YAML = """apiVersion: v2
name: hyperpod-helm-chart
version: 0.1.0
dependencies:
  - name: training-operators
    version: "0.1.0"
    repository: "file://charts/training-operators"
"""
# A remote dependency named by a range: refused after `helm dependency list`, which reads Chart.yaml offline.
RANGE_CHART_YAML = CHART_YAML + """  - name: cert-manager
    version: "^1.18.0"
    repository: oci://quay.io/jetstack/charts
"""
VALUES_YAML = """global:
  region: ""
health-monitoring-agent:
  region: ""
  tag: "1.0"
trainingOperators: {}
inferenceOperators:
  enabled: true
"""
CONFIGMAP = """apiVersion: v1
kind: ConfigMap
metadata:
  name: hyperpod-dependencies
data:
  region: {{ .Values.global.region | quote }}
  inferenceOperators: {{ .Values.inferenceOperators.enabled | quote }}
"""
DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: health-monitoring-agent
spec:
  replicas: 1
  selector:
    matchLabels: {app: health-monitoring-agent}
  template:
    metadata:
      labels: {app: health-monitoring-agent}
    spec:
      containers:
      - name: agent
        image: "health-monitoring-agent-{{ index .Values "health-monitoring-agent" "region" }}:{{ index .Values "health-monitoring-agent" "tag" }}"
"""
SUBCHART_YAML = "apiVersion: v2\nname: training-operators\nversion: 0.1.0\n"
SUBCHART_CONFIGMAP = """apiVersion: v1
kind: ConfigMap
metadata:
  name: training-operators
data:
  enabled: "true"
"""


def chart_files(chart_yaml: str = CHART_YAML) -> dict[str, str]:
    """The chart folder's files, by path inside it."""
    return {"Chart.yaml": chart_yaml, "values.yaml": VALUES_YAML, "templates/configmap.yaml": CONFIGMAP,
            "templates/deployment.yaml": DEPLOYMENT, "charts/training-operators/Chart.yaml": SUBCHART_YAML,
            "charts/training-operators/templates/configmap.yaml": SUBCHART_CONFIGMAP}


def write_chart(folder: Path, chart_yaml: str = CHART_YAML) -> Path:
    for name, text in chart_files(chart_yaml).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def archive_bytes(chart_yaml: str = CHART_YAML) -> bytes:
    top = f"sagemaker-hyperpod-cli-{SHA}"
    files = {f"{top}/{CHART}/{name}": text for name, text in chart_files(chart_yaml).items()}
    files[f"{top}/README.md"] = "not the chart"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, text in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            tar.addfile(info, io.BytesIO(text.encode()))
    return buffer.getvalue()


class ArchiveServer:
    """GitHub's archive endpoint on loopback; ``faults`` ("503", "reset", "hang") answer the next requests,
    ``always`` every request after them."""

    HANG_SECONDS = 1.0  # longer than the tests' per-attempt timeout

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.always: Optional[str] = None
        self.requests: list[str] = []
        self.body = archive_bytes()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                server.requests.append(self.path)
                fault = server.faults.pop(0) if server.faults else server.always
                if fault == "503":
                    self.send_error(503, "Service Unavailable")
                elif fault == "reset":  # an RST instead of an answer
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    self.connection.close()
                elif fault == "hang":
                    time.sleep(server.HANG_SECONDS)
                else:
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(server.body)))
                    self.end_headers()
                    self.wfile.write(server.body)

            def log_message(self, *args: Any) -> None:
                pass

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.http.daemon_threads = True
        # serve_forever looks for shutdown() every poll_interval: at its default (0.5 s) every stop waits that long.
        self.thread = threading.Thread(target=self.http.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}"

    def url(self) -> str:
        return f"{self.base_url}/{REPOSITORY}/tar.gz/{SHA}"

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()


# ---- Helm's state in the API server ---------------------------------------------------------------------------

def release_secrets(server: KubeApiServer, name: str = NAME, namespace: str = NAMESPACE) -> list[dict[str, Any]]:
    """The release's records as Helm 4 stores them, oldest revision first."""
    found = [s for s in server.objects("Secret") if s["metadata"].get("namespace") == namespace
             and (s["metadata"].get("labels") or {}).get("owner") == "helm"
             and s["metadata"]["labels"].get("name") == name]
    return sorted(found, key=lambda s: int(s["metadata"]["labels"]["version"]))


def revisions(server: KubeApiServer) -> list[tuple[int, str]]:
    """(revision, status) of each record, as the Secrets' labels say."""
    return [(int(s["metadata"]["labels"]["version"]), s["metadata"]["labels"]["status"]) for s in release_secrets(server)]


def release_record(secret: dict[str, Any]) -> dict[str, Any]:
    """The release a record holds (Helm: base64 of gzipped JSON, base64-encoded again as Secret data)."""
    return json.loads(gzip.decompress(base64.b64decode(base64.b64decode(secret["data"]["release"]))))


def descriptions(server: KubeApiServer) -> list[str]:
    return [release_record(s)["info"]["description"] for s in release_secrets(server)]


def chart_objects(server: KubeApiServer) -> set[tuple[str, str]]:
    """Which of the chart's objects are in the cluster."""
    return {(kind, name) for kind, name in CHART_OBJECTS
            if server.get("apps/v1" if kind == "Deployment" else "v1", kind, NAMESPACE, name) is not None}


def killed_helm_run(server: KubeApiServer, chart: Path, *args: str) -> None:
    """Run the real ``helm upgrade --install`` of the chart and kill it while its apply of the Deployment hangs:
    what a Lambda invocation killed mid-run leaves (a pending record). The hung request sleeps on past the test,
    so its apply never lands."""
    hang = server.hang("PATCH", "Deployment", 300, name=WORKLOAD)
    hang.times = 1
    home = Path(tempfile.mkdtemp(prefix="killed-helm-"))
    kubeconfig = server.write_kubeconfig(home / "kubeconfig")
    seen = len(server.requests)
    process = subprocess.Popen(
        [binaries.helm(), "upgrade", "--install", NAME, str(chart), "--namespace", NAMESPACE, "--create-namespace",
         "--kubeconfig", kubeconfig, "--timeout", "60s", *args],
        env={"PATH": binaries.path_with_tools(os.environ.get("PATH", "")), "HOME": str(home)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    try:
        while not any(r.method == "PATCH" and r.path.endswith(f"/deployments/{WORKLOAD}")
                      for r in server.requests[seen:]):
            if process.poll() is not None:
                raise AssertionError(f"helm was meant to hang; it exited {process.returncode}: {process.stderr.read()}")
            assert time.monotonic() < deadline, "helm never applied the Deployment"
            time.sleep(0.02)
    finally:
        process.kill()
        process.communicate()
        shutil.rmtree(home, ignore_errors=True)
