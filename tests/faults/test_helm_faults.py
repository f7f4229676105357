"""Custom::HyperPodHelmChart under faults, driven the way Lambda and the Provider framework drive it.

``index.on_event``/``index.is_complete`` run through ``harness.ProviderFramework`` and ``CloudFormationResource``
(create, update, CloudFormation's rollback, delete) on a simulated clock; ``helm`` and ``kubectl`` are fake
executables first on PATH (``fake_helm.py``: releases with revisions in a JSON file), EKS ``DescribeCluster`` is
answered by botocore's Stubber and the chart archive by a loopback HTTP server that can fail.
"""
from __future__ import annotations

import http.server
import importlib.util
import io
import json
import os
import socket
import sys
import tarfile
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest

from tests.faults import harness

HANDLER_DIR = Path(__file__).resolve().parents[2] / "hyperpod_constructs" / "assets" / "kubectl_handler"
if str(HANDLER_DIR) not in sys.path:
    sys.path.insert(0, str(HANDLER_DIR))  # the modules import their siblings by bare name, as in Lambda

import cluster_access  # noqa: E402
import cluster_plan  # noqa: E402
import helm_installer  # noqa: E402
import helm_plan  # noqa: E402
import time_budget  # noqa: E402

SHA = "011ca927123e02b35a399935bbb3ab1905fe33c7"
CHART = "helm_chart/HyperPodHelmChart"
RELEASE = "kube-system/hyperpod-dependencies"
RESOURCE_TYPE = "Custom::HyperPodHelmChart"
CHART_YAML = """apiVersion: v2
name: hyperpod-helm-chart
version: 0.1.0
dependencies:
  - name: cert-manager
    version: "v1.18.2"
    repository: oci://quay.io/jetstack/charts
  - name: training-operators
    version: "0.1.0"
    repository: "file://charts/training-operators"
"""


def load_index() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kubectl_handler_index_for_helm_faults", HANDLER_DIR / "index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def archive_bytes(chart_yaml: str = CHART_YAML) -> bytes:
    top = f"sagemaker-hyperpod-cli-{SHA}"
    files = {f"{top}/{CHART}/Chart.yaml": chart_yaml, f"{top}/{CHART}/values.yaml": "trainingOperators: {}\n",
             f"{top}/README.md": "not the chart"}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, text in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            tar.addfile(info, io.BytesIO(text.encode()))
    return buffer.getvalue()


class ArchiveServer:
    """GitHub's archive endpoint on loopback; ``faults`` ("503", "reset", "hang") answer the next requests."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.always: str | None = None
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
                    time.sleep(2.0)  # longer than the test's per-attempt timeout
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
        return helm_plan.tarball_url(self.base_url, "aws/sagemaker-hyperpod-cli", SHA)

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()


class Cluster:
    """The fake helm's state file: releases, nodes, faults, latencies, calls; and whether the EKS cluster exists."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.exists = True
        self.write({"releases": {}, "nodes": 1, "faults": [], "latency": {}, "calls": []})

    def read(self) -> dict[str, Any]:
        return json.loads(self.path.read_text())

    def write(self, state: dict[str, Any]) -> None:
        self.path.write_text(json.dumps(state))

    def update(self, **changes: Any) -> None:
        self.write({**self.read(), **changes})

    def revisions(self) -> list[tuple[int, str, str]]:
        return [(r["revision"], r["status"], r["description"]) for r in self.read()["releases"].get(RELEASE, [])]

    def calls(self, command: str) -> list[dict[str, Any]]:
        return [call for call in self.read()["calls"] if call["argv"][:1] == [command]]


class World:
    def __init__(self, clock: harness.SimClock, cluster: Cluster, server: ArchiveServer) -> None:
        self.clock, self.cluster, self.server = clock, cluster, server
        self.contexts: list[harness.LambdaContext] = []
        self.pauses: list[float] = []
        index = load_index()

        def is_complete(event: Any, context: harness.LambdaContext) -> dict[str, Any]:
            self.contexts.append(context)
            return index.is_complete(event, context)

        self.framework = harness.ProviderFramework(clock, index.on_event, is_complete)
        self.resource = harness.CloudFormationResource(self.framework, RESOURCE_TYPE)

    def time_left_at(self, call: dict[str, Any]) -> float:
        """Seconds Lambda still gave the invocation when the fake tool was called."""
        context = [c for c in self.contexts if c.started <= call["at"]][-1]
        return context.started + context.timeout_seconds - call["at"]


def properties(wait: bool = False, timeout: int = 1200, **values: Any) -> dict[str, str]:
    return {
        "ClusterName": "llm", "Repository": "aws/sagemaker-hyperpod-cli", "ChartPath": CHART, "GitRef": SHA,
        "Release": "hyperpod-dependencies", "Namespace": "kube-system",
        "Values": json.dumps({"inferenceOperators": {"enabled": False}, **values}), "Wait": str(wait).lower(),
        "TimeoutSeconds": str(timeout),
    }


def executable(folder: Path, name: str, source: Path) -> None:
    harness.write_tool(folder / name, f"import runpy\nrunpy.run_path({str(source)!r}, run_name='__main__')\n")


def stubbed_eks(cluster: Cluster) -> Any:
    """Each kubeconfig asks DescribeCluster once: a fresh client answering that one call."""
    from botocore.stub import Stubber

    def aws_client(service: str, region: str) -> Any:
        import botocore.session

        assert service == "eks", service
        client = botocore.session.get_session().create_client("eks", region_name=region)
        stubber = Stubber(client)
        if cluster.exists:
            stubber.add_response("describe_cluster", {"cluster": {
                "name": "llm", "endpoint": "https://ABC.gr7.us-west-2.eks.amazonaws.com",
                "certificateAuthority": {"data": "Q0E="}}}, {"name": "llm"})
        else:
            stubber.add_client_error("describe_cluster", "ResourceNotFoundException", "No cluster found for name: llm.",
                                     404, expected_params={"name": "llm"})
        stubber.activate()
        return client

    return aws_client


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    pytest.importorskip("boto3", reason="the Lambda runtime's boto3 writes the kubeconfig")
    clock = harness.SimClock(tmp_path / "clock.json")
    cluster = Cluster(tmp_path / "helm-state.json")
    tools = tmp_path / "bin"
    tools.mkdir()
    executable(tools, "helm", Path(__file__).with_name("fake_helm.py"))
    executable(tools, "kubectl", Path(__file__).with_name("fake_kubectl_for_helm.py"))
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_HELM_STATE", str(cluster.path))
    monkeypatch.setenv("FAKE_CLOCK", str(clock.path))
    for name, value in {"AWS_REGION": "us-west-2", "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE",
                        "AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "session"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(cluster_plan, "LAYER_DIRS", ())  # the fakes, even where a real layer is unpacked
    monkeypatch.setattr(cluster_access, "aws_client", stubbed_eks(cluster))
    server = ArchiveServer()
    monkeypatch.setattr(helm_installer, "ARCHIVE_BASE_URL", server.base_url)
    made = World(clock, cluster, server)

    def pause(seconds: float) -> None:
        made.pauses.append(seconds)
        clock.pause(seconds)

    monkeypatch.setattr(time_budget, "now", clock.now)
    monkeypatch.setattr(time_budget, "pause", pause)
    yield made
    server.stop()


@pytest.fixture
def short_invocations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Invocations of a few seconds, so a call that really hangs costs seconds of the test, not minutes."""
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", time_budget.RESERVE_SECONDS + 6)
    monkeypatch.setattr(helm_plan, "SHORTEST_HELM_SECONDS", 1.0)
    monkeypatch.setattr(helm_plan, "HELM_EXIT_SECONDS", 0.5)
    monkeypatch.setattr(helm_plan, "RECOVERY_SECONDS", 1.0)


def flag(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def test_helm_timeout_fits_in_the_time_left_and_the_release_records_the_request(world: World):
    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    (upgrade,) = world.cluster.calls("upgrade")
    timeout = float(flag(upgrade["argv"], "--timeout").removesuffix("s"))
    left = world.time_left_at(upgrade)
    # Helm's own limit ends before Lambda's, with room to record the release and to repair it after a failure
    assert 0 < timeout <= left - time_budget.RESERVE_SECONDS - helm_plan.HELM_EXIT_SECONDS - helm_plan.RECOVERY_SECONDS
    assert "--rollback-on-failure" not in upgrade["argv"]  # it would make Helm 4 wait for nodes that do not exist yet
    ((revision, status, description),) = world.cluster.revisions()
    assert (revision, status) == (1, "deployed") and description.startswith(helm_plan.DESCRIPTION_PREFIX)
    assert world.framework.calls.overruns == 0


def test_a_deploy_of_the_installed_request_downloads_nothing(world: World):
    world.resource.create(properties())
    assert world.resource.update(properties()) == "UPDATE_COMPLETE"
    assert len(world.server.requests) == 1 and len(world.cluster.calls("upgrade")) == 1


def test_too_little_time_left_defers_helm_to_the_next_invocation(world: World):
    # The first history call takes most of the invocation: starting Helm now would get it killed mid-way.
    world.cluster.update(latency={"history": [860]})
    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    (upgrade,) = world.cluster.calls("upgrade")
    assert len([c for c in world.framework.calls.log if c[0] == "isComplete"]) == 2
    assert upgrade["at"] > world.contexts[1].started  # in the second invocation
    assert world.framework.calls.overruns == 0


def test_a_hanging_helm_is_stopped_before_lambda_kills_it_and_the_next_invocation_repairs_the_release(
        world: World, short_invocations: None, caplog: pytest.LogCaptureFixture):
    world.cluster.update(faults=[{"command": "upgrade", "kind": "hang"}])
    caplog.set_level("INFO")

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert world.framework.calls.overruns == 0  # stopped inside the invocation, never "Task timed out"
    assert "helm upgrade --install did not finish within" in caplog.text
    # the stopped install was left pending-install; the next invocation uninstalled it and installed afresh
    assert "uninstalled (it never was deployed): its revision 1 is pending-install" in caplog.text
    assert [(r, s) for r, s, _ in world.cluster.revisions()] == [(1, "deployed")]


@pytest.mark.parametrize(("before", "repair"), [
    ([(1, "pending-install", "Preparing upgrade")], "uninstall"),
    ([(1, "deployed", "Install complete"), (2, "pending-upgrade", "Preparing upgrade")], "rollback"),
])
def test_a_release_left_pending_by_a_killed_run_is_repaired_before_the_next_deploy(
        world: World, caplog: pytest.LogCaptureFixture, before: list[tuple[int, str, str]], repair: str):
    world.cluster.update(releases={RELEASE: [
        {"revision": n, "status": s, "description": d, "values": {}, "chart": "c", "app_version": "1"}
        for n, s, d in before]})
    caplog.set_level("INFO")

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert len(world.cluster.calls(repair)) == 1
    assert f"is {before[-1][1]}" in caplog.text
    assert world.cluster.revisions()[-1][1] == "deployed"


def test_waiting_without_nodes_fails_in_helms_words_and_a_first_install_leaves_nothing(world: World):
    world.cluster.update(nodes=0)

    assert world.resource.create(properties(wait=True)) == "ROLLBACK_COMPLETE"

    (reason,) = world.resource.reasons()
    assert reason.startswith(f"helm upgrade --install of release {RELEASE} failed: Error: INSTALLATION FAILED: "
                             "release hyperpod-dependencies failed, and has been uninstalled due to "
                             "rollback-on-failure being set: resource Deployment/kube-system/")
    assert reason.endswith("context deadline exceeded")
    assert world.cluster.revisions() == []
    (upgrade,) = world.cluster.calls("upgrade")
    assert "--rollback-on-failure" in upgrade["argv"] and "--wait=watcher" in upgrade["argv"]
    # Helm gives its own rollback the same --timeout again: both fit in the invocation
    assert 2 * float(flag(upgrade["argv"], "--timeout").removesuffix("s")) < world.time_left_at(upgrade)
    assert world.framework.calls.overruns == 0


def test_a_failed_first_install_without_wait_is_uninstalled(world: World):
    conflict = ('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: '
                ".spec.template.spec.containers[name=\"manager\"].image")
    world.cluster.update(faults=[{"command": "upgrade", "kind": "fail", "message": conflict}])

    assert world.resource.create(properties()) == "ROLLBACK_COMPLETE"

    assert world.resource.reasons() == [
        f"helm upgrade --install of release {RELEASE} failed: Error: INSTALLATION FAILED: {conflict}; "
        f"release {RELEASE} uninstalled (it never was deployed): its revision 1 is failed"]
    assert world.cluster.revisions() == []


def test_waiting_without_nodes_on_an_upgrade_leaves_the_previous_release(world: World):
    world.cluster.update(nodes=0)
    world.resource.create(properties())  # installed without waiting, as on a cluster whose nodes join later
    before = world.cluster.revisions()

    assert world.resource.update(properties(wait=True)) == "UPDATE_ROLLBACK_COMPLETE"

    reason = world.resource.reasons()[0]
    assert f"of release {RELEASE} failed: Error: UPGRADE FAILED: " in reason and "context deadline exceeded" in reason
    # Helm's own rollback waited for nodes too and failed; the installer rolled back without waiting
    assert reason.endswith(f"release {RELEASE} rolled back to revision 1: its revision 3 is failed")
    revisions = world.cluster.revisions()
    assert revisions[-1][1:] == ("deployed", "Rollback to 1")
    assert revisions[-1] == (4, "deployed", "Rollback to 1") and revisions[0][2] == before[0][2]
    assert len(world.server.requests) == 2  # CloudFormation's rollback found the old request installed
    assert world.framework.calls.overruns == 0


def test_downloads_are_retried_with_backoff(world: World, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(helm_installer, "DOWNLOAD_ATTEMPT_SECONDS", 0.5)
    world.server.faults = ["503", "reset", "hang"]

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert len(world.server.requests) == 4
    assert world.pauses == [2.0, 4.0, 8.0]


def test_an_unreachable_source_fails_the_update_naming_the_url_and_the_rollback_keeps_the_release(world: World):
    world.resource.create(properties())
    before = world.cluster.revisions()
    world.server.always = "503"

    assert world.resource.update(properties(trainingOperators={"enabled": False})) == "UPDATE_ROLLBACK_COMPLETE"

    assert world.resource.reasons() == [
        f"could not download {world.server.url()} after {helm_installer.DOWNLOAD_ATTEMPTS} attempts: "
        "HTTP Error 503: Service Unavailable"]
    assert world.cluster.revisions() == before
    assert len(world.cluster.calls("upgrade")) == 1


def test_deleting_a_release_that_is_gone_succeeds(world: World):
    world.resource.create(properties())
    world.cluster.update(releases={})
    assert world.resource.delete() == "DELETE_COMPLETE"


def test_deleting_when_the_cluster_is_gone_succeeds_without_helm(world: World):
    world.resource.create(properties())
    world.cluster.exists = False
    calls = len(world.cluster.read()["calls"])
    assert world.resource.delete() == "DELETE_COMPLETE"
    assert len(world.cluster.read()["calls"]) == calls


def test_deleting_a_pending_release_uninstalls_it(world: World):
    world.resource.create(properties())
    state = world.cluster.read()
    state["releases"][RELEASE].append({"revision": 2, "status": "pending-upgrade", "description": "Preparing upgrade",
                                       "values": {}, "chart": "c", "app_version": "1"})
    world.cluster.write(state)
    assert world.resource.delete() == "DELETE_COMPLETE"
    assert world.cluster.revisions() == []


def test_a_stuck_uninstall_is_bounded_by_the_deadline(world: World, short_invocations: None):
    world.resource.create(properties(timeout=25))
    world.cluster.update(faults=[{"command": "uninstall", "kind": "hang", "always": True}])

    assert world.resource.delete() == "DELETE_FAILED"

    assert world.resource.last_reason.startswith(
        f"Delete of Helm release llm/{RELEASE} did not finish before its deadline")
    assert world.framework.calls.overruns == 0


def test_a_dependency_range_is_refused_naming_it(world: World):
    world.server.body = archive_bytes(CHART_YAML.replace('"v1.18.2"', '"^1.18.0"'))
    assert world.resource.create(properties()) == "ROLLBACK_COMPLETE"
    assert world.resource.reasons() == [
        f"the chart helm_chart/HyperPodHelmChart at {SHA} has dependencies without an exact version, so the commit does not pin them: "
        "cert-manager '^1.18.0'"]
