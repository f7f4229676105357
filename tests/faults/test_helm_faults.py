"""Custom::HyperPodHelmChart under faults, driven the way Lambda and the Provider framework drive it.

``index.on_event``/``index.is_complete`` run through ``harness.ProviderFramework`` and ``CloudFormationResource``
(create, update, CloudFormation's rollback, delete) on a simulated clock. ``helm`` (4.1.4) and ``kubectl`` (1.33.9)
are the real binaries the function ships (conftest's ``kube``), talking to the loopback Kubernetes API server
(``tests/kube_api``), which keeps Helm's releases as Helm does (Secrets ``owner=helm,name=<release>``) and can
fail, hang or slow down any request. EKS ``DescribeCluster`` answers with that server (conftest's ``aws``); the chart
is a real one (``helm_chart.py``) in an archive served on loopback by a server that can fail.

Helm's ``--timeout`` is real time, so the tests where Helm waits, or where a call hangs until the handler stops it,
run with invocations of a few seconds (``invocations``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from faults import harness
from faults.conftest import Cluster, StubbedAws
from faults.helm_chart import (CHART, CHART_OBJECTS, NAME, NAMESPACE, RANGE_CHART_YAML, RELEASE, REPOSITORY, SHA,
                               WORKLOAD, ArchiveServer, archive_bytes, chart_objects, descriptions, killed_helm_run,
                               revisions, write_chart)
from kube_api.errors import TRANSIENT
from kube_api.server import KubeApiServer
from kube_api.tools import helm

# The function's own modules, from the folder tests/conftest.py puts on sys.path (they import their siblings by bare
# name, as in Lambda).
import fencing
import helm_installer
import helm_plan
import index
import time_budget

RESOURCE_TYPE = "Custom::HyperPodHelmChart"


class World:
    """The stack's Custom::HyperPodHelmChart, the cluster behind it and the chart's source."""

    def __init__(self, clock: harness.SimClock, kube: Cluster, aws: StubbedAws, archive: ArchiveServer) -> None:
        self.clock, self.kube, self.aws, self.archive = clock, kube, aws, archive
        self.server: KubeApiServer = kube.server
        self.contexts: list[harness.LambdaContext] = []
        self.pauses: list[float] = []
        self.on_invocation: list[Callable[[int], None]] = []  # called with the invocation's number (1 = first)

        def is_complete(event: Any, context: harness.LambdaContext) -> dict[str, Any]:
            self.contexts.append(context)
            for hook in self.on_invocation:
                hook(len(self.contexts))
            return index.is_complete(event, context)

        self.framework = harness.ProviderFramework(clock, index.on_event, is_complete)
        self.resource = harness.CloudFormationResource(self.framework, RESOURCE_TYPE)

    def helm_calls(self, verb: str = "") -> list[list[str]]:
        return self.kube.tool_calls.of("helm", verb)

    def started_at(self, verb: str) -> list[float]:
        """When each helm call with this verb started, on the simulated clock."""
        return self.kube.tool_calls.started("helm", verb)

    def time_left_at(self, moment: float) -> float:
        """Seconds Lambda still gave the invocation at ``moment``."""
        context = [c for c in self.contexts if c.started <= moment][-1]
        return context.started + context.timeout_seconds - moment

    def revisions(self) -> list[tuple[int, str]]:
        return revisions(self.server)

    def descriptions(self) -> list[str]:
        return descriptions(self.server)

    def chart_objects(self) -> set[tuple[str, str]]:
        return chart_objects(self.server)


def properties(wait: bool = False, timeout: int = 1200, values: dict[str, Any] | None = None) -> dict[str, str]:
    return {
        "ClusterName": "llm", "Repository": REPOSITORY, "ChartPath": CHART, "GitRef": SHA, "Release": NAME,
        "Namespace": NAMESPACE, "Values": json.dumps({"inferenceOperators": {"enabled": False}, **(values or {})}),
        "Wait": str(wait).lower(), "TimeoutSeconds": str(timeout),
    }


@pytest.fixture
def api_server(clock: harness.SimClock) -> Iterator[KubeApiServer]:
    """An empty cluster, as HyperPod's dependency chart finds it (no operator CRDs: the chart needs none, and
    installing them costs every test a few tenths of a second)."""
    server = KubeApiServer(now=clock.now, advance=clock.pause)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def world(clock: harness.SimClock, kube: Cluster, aws: StubbedAws, monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    archive = ArchiveServer()
    monkeypatch.setattr(helm_installer, "ARCHIVE_BASE_URL", archive.base_url)
    made = World(clock, kube, aws, archive)

    def pause(seconds: float) -> None:
        made.pauses.append(seconds)
        clock.pause(seconds)
    monkeypatch.setattr(time_budget, "pause", pause)
    yield made
    archive.stop()


@pytest.fixture
def invocations(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Invocations of a few seconds, so Helm's real --timeout and a call that really hangs cost seconds of the test,
    not minutes. ``helm_exit``: what the installer keeps back for Helm to record the release and exit after its
    --timeout (Helm 4 takes up to ~2 s more than its --timeout, per wait, on this server)."""

    def short(seconds: float, helm_exit: float = 0.5, recovery: float = 1.0) -> None:
        monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", time_budget.RESERVE_SECONDS + seconds)
        monkeypatch.setattr(helm_plan, "SHORTEST_HELM_SECONDS", 1.0)
        monkeypatch.setattr(helm_plan, "HELM_EXIT_SECONDS", helm_exit)
        monkeypatch.setattr(helm_plan, "RECOVERY_SECONDS", recovery)
    return short


def flag(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def seconds(argv: list[str]) -> float:
    return float(flag(argv, "--timeout").removesuffix("s"))


def installed_chart(tmp_path: Path) -> Path:
    """The chart as the installer extracts it, for running helm beside the function."""
    return write_chart(tmp_path / "chart")


# ---- create and update ----------------------------------------------------------------------------------------

def test_helm_timeout_fits_in_the_time_left_and_the_release_records_the_request(world: World):
    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    (upgrade,) = world.helm_calls("upgrade")
    (started,) = world.started_at("upgrade")
    left = world.time_left_at(started)
    # Helm's own limit ends before Lambda's, with room to record the release and to repair it after a failure
    assert 0 < seconds(upgrade) <= left - time_budget.RESERVE_SECONDS - helm_plan.HELM_EXIT_SECONDS - helm_plan.RECOVERY_SECONDS
    assert "--rollback-on-failure" not in upgrade  # it would make Helm 4 wait for nodes that do not exist yet
    assert world.revisions() == [(1, "deployed")]
    (description,) = world.descriptions()
    assert description.startswith(helm_plan.DESCRIPTION_PREFIX)
    # the real chart is in the cluster, rendered with the values the installer passed
    assert world.chart_objects() == CHART_OBJECTS
    config = world.server.get("v1", "ConfigMap", NAMESPACE, "hyperpod-dependencies")
    assert config["data"] == {"region": "us-west-2", "inferenceOperators": "false"}
    deployment = world.server.get("apps/v1", "Deployment", NAMESPACE, WORKLOAD)
    assert deployment["spec"]["template"]["spec"]["containers"][0]["image"] == "health-monitoring-agent-us-west-2:1.0"
    assert world.framework.calls.overruns == 0


def is_helm(request: Any) -> bool:
    """A request Helm sent (its client's user agent), not kubectl."""
    return request.user_agent.lower().startswith("helm")


def test_access_not_effective_yet_is_waited_for(world: World):
    """The first call, the read of the resource's record, is run again until the API server lets the function in.
    Then Helm's first call meets an API server replica the access entry has not reached yet, which Helm words its own
    way ("the server has asked for the client to provide credentials"): it is run again too."""
    world.server.access(authenticated=False)
    granted: list[float] = []

    def grant() -> None:
        granted.append(world.clock.now())
        world.server.access()
    world.server.on_tick(harness.after(world.clock, 45, grant))
    helm_refused: list[float] = []

    def a_replica_without_the_entry(server: KubeApiServer) -> None:
        if granted and not helm_refused and server.requests and is_helm(server.requests[-1]):
            helm_refused.append(world.clock.now())
            server.access(authenticated=False)  # this request of Helm's is turned away, and those of the next 25 s
            server.on_tick(harness.after(world.clock, 25, server.access))
    world.server.on_tick(a_replica_without_the_entry)

    assert world.resource.create(properties()) == "CREATE_COMPLETE", world.resource.reasons()

    # Refused before access was granted, and run again: how many retries each wait leaves room for depends on how
    # fast the machine runs each call, so no count beyond "again" is asserted.
    gets = world.kube.tool_calls.started("kubectl", "get")
    assert granted and len(gets) >= 2 and gets[0] < granted[0]
    history = world.started_at("history")
    assert helm_refused and len(history) >= 2 and history[0] <= helm_refused[0] < history[-1]
    assert world.revisions() == [(1, "deployed")]
    assert not world.kube.calls("auth")


def test_a_deploy_of_the_installed_request_downloads_nothing(world: World):
    world.resource.create(properties())
    assert world.resource.update(properties()) == "UPDATE_COMPLETE"
    assert len(world.archive.requests) == 1 and len(world.helm_calls("upgrade")) == 1
    assert world.revisions() == [(1, "deployed")]


def test_too_little_time_left_defers_helm_to_the_next_invocation(world: World, monkeypatch: pytest.MonkeyPatch):
    """A 210 s invocation whose cluster answers Helm slowly (80 s a request after its first): after Helm's read of
    the history too little is left to start an upgrade, which would be killed mid-way."""
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", time_budget.RESERVE_SECONDS + 195)
    invocation: list[int] = []

    def invoked(number: int) -> None:
        invocation.append(number)
        world.server.latency(0)
    world.on_invocation.append(invoked)

    def slow_for_helm_in_the_first_invocation(server: KubeApiServer) -> None:
        # Latency applies from the next request on: Helm's own requests after its first, in the first invocation.
        server.latency(80 if invocation == [1] and server.requests and is_helm(server.requests[-1]) else 0)
    world.server.on_tick(slow_for_helm_in_the_first_invocation)

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert len([c for c in world.framework.calls.log if c[0] == "isComplete"]) == 2
    assert len(world.helm_calls("history")) == 2  # each invocation reads it once: there was nothing to repair
    (started,) = world.started_at("upgrade")
    assert started > world.contexts[1].started  # in the second invocation
    assert world.revisions() == [(1, "deployed")]
    assert world.framework.calls.overruns == 0


def test_a_hanging_helm_is_stopped_before_lambda_kills_it_and_the_next_invocation_repairs_the_release(
        world: World, invocations: Callable[..., None], caplog: pytest.LogCaptureFixture):
    invocations(4)
    hang = world.server.hang("PATCH", "Deployment", 300, name=WORKLOAD)  # Helm's apply of the Deployment
    hang.times = 1
    caplog.set_level("INFO")

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert world.framework.calls.overruns == 0  # stopped inside the invocation, never "Task timed out"
    assert "helm upgrade --install did not finish within" in caplog.text
    # the stopped install was left pending-install by Helm; the next invocation uninstalled it and installed afresh
    assert f"release {RELEASE} uninstalled (it never was deployed): its revision 1 is pending-install" in caplog.text
    assert [argv[0] for argv in world.helm_calls() if argv[0] in ("upgrade", "uninstall")] == [
        "upgrade", "uninstall", "upgrade"]
    assert world.revisions() == [(1, "deployed")]
    assert world.chart_objects() == CHART_OBJECTS


@pytest.mark.parametrize("pending", ["pending-install", "pending-upgrade"])
def test_a_release_left_pending_by_a_killed_run_is_repaired_before_the_next_deploy(
        world: World, caplog: pytest.LogCaptureFixture, tmp_path: Path, pending: str):
    chart = installed_chart(tmp_path)
    if pending == "pending-upgrade":
        assert helm(world.server, "upgrade", "--install", NAME, str(chart), "-n", NAMESPACE).returncode == 0
    killed_helm_run(world.server, chart, "--set", "global.region=us-east-1")  # a Helm killed mid-run, for real
    assert world.revisions()[-1] == (len(world.revisions()), pending)
    caplog.set_level("INFO")

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    if pending == "pending-install":
        assert len(world.helm_calls("uninstall")) == 1 and world.helm_calls("rollback") == []
        assert world.revisions() == [(1, "deployed")]
    else:
        (rollback,) = world.helm_calls("rollback")
        assert rollback[2] == "1" and world.helm_calls("uninstall") == []
        # Helm keeps the interrupted revision's record as it was, the rollback and the upgrade come after it
        assert world.revisions() == [(1, "superseded"), (2, "pending-upgrade"), (3, "superseded"), (4, "deployed")]
    assert f"release {RELEASE}" in caplog.text and f"is {pending}" in caplog.text
    assert world.descriptions()[-1].startswith(helm_plan.DESCRIPTION_PREFIX)
    assert world.server.get("v1", "ConfigMap", NAMESPACE, "hyperpod-dependencies")["data"]["region"] == "us-west-2"


def test_waiting_without_ready_workloads_fails_in_helms_words_and_a_first_install_leaves_nothing(
        world: World, invocations: Callable[..., None]):
    invocations(8, helm_exit=2.5, recovery=2.0)
    world.server.workload_never_ready("Deployment", NAMESPACE, WORKLOAD)  # no nodes to run it

    assert world.resource.create(properties(wait=True)) == "ROLLBACK_COMPLETE"

    (reason,) = world.resource.reasons()
    # Helm 4's words: no "INSTALLATION FAILED:" before them when --rollback-on-failure uninstalled the release
    assert reason == (
        f"helm upgrade --install of release {RELEASE} failed: Error: release {NAME} failed, and has been uninstalled "
        f"due to rollback-on-failure being set: resource Deployment/{NAMESPACE}/{WORKLOAD} not ready. "
        "status: InProgress, message: Available: 0/1\ncontext deadline exceeded")
    assert world.revisions() == [] and world.chart_objects() == set()
    (upgrade,) = world.helm_calls("upgrade")
    assert "--rollback-on-failure" in upgrade and "--wait=watcher" in upgrade
    # Helm gives its own rollback the same --timeout again: both fit in the invocation
    (started,) = world.started_at("upgrade")
    assert 2 * seconds(upgrade) < world.time_left_at(started) - time_budget.RESERVE_SECONDS
    assert world.framework.calls.overruns == 0


def test_a_failed_first_install_without_wait_is_uninstalled(world: World):
    conflict = ('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: '
                ".spec.template.spec.containers[name=\"manager\"].image")
    world.server.fail("PATCH", "Deployment", WORKLOAD, status=409, reason="Conflict", message=conflict, times=1)

    assert world.resource.create(properties()) == "ROLLBACK_COMPLETE"

    # Helm 4 names the object and says nothing of "INSTALLATION FAILED"
    assert world.resource.reasons() == [
        f"helm upgrade --install of release {RELEASE} failed: Error: conflict occurred while applying object "
        f"{NAMESPACE}/{WORKLOAD} apps/v1, Kind=Deployment: {conflict}; "
        f"release {RELEASE} uninstalled (it never was deployed): its revision 1 is failed"]
    assert world.revisions() == [] and world.chart_objects() == set()


@pytest.mark.parametrize("which", ["internal error", "unavailable", "server timeout"])
def test_a_helm_upgrade_failed_by_a_transient_error_is_repaired_and_run_again(world: World, which: str):
    """Helm prints the API server's message without its reason (``Error: ... Internal error occurred: ...``): the
    failed first install is uninstalled and the next invocation installs again. (Helm 4 repeats a write that met
    ``etcdserver: leader changed`` itself.)"""
    status, reason, message = TRANSIENT[which]
    world.server.fail("PATCH", "Deployment", WORKLOAD, status=status, reason=reason, message=message, times=1)

    assert world.resource.create(properties()) == "CREATE_COMPLETE", world.resource.reasons()

    assert len(world.helm_calls("upgrade")) == 2 and len(world.helm_calls("uninstall")) == 1
    assert world.revisions() == [(1, "deployed")] and world.chart_objects() == CHART_OBJECTS


def test_a_helm_upgrade_of_a_deployed_release_failed_by_a_transient_error_is_rolled_back_and_run_again(world: World):
    world.resource.create(properties())
    status, reason, message = TRANSIENT["internal error"]
    world.server.fail("PATCH", "ConfigMap", "hyperpod-dependencies", status=status, reason=reason, message=message,
                      times=1)

    assert world.resource.update(properties(values={"extra": "1"})) == "UPDATE_COMPLETE", world.resource.reasons()

    assert [state for _, state in world.revisions()][-1] == "deployed"
    assert len(world.helm_calls("upgrade")) == 3 and len(world.helm_calls("rollback")) == 1


def test_waiting_without_ready_workloads_on_an_upgrade_leaves_the_previous_release(
        world: World, invocations: Callable[..., None]):
    invocations(9, helm_exit=2.5, recovery=3.0)
    world.server.workload_never_ready("Deployment", NAMESPACE, WORKLOAD)
    world.resource.create(properties())  # installed without waiting, as on a cluster whose nodes join later
    (installed,) = world.descriptions()

    assert world.resource.update(properties(wait=True)) == "UPDATE_ROLLBACK_COMPLETE"

    reason = world.resource.reasons()[0]
    # Helm's own rollback waited for the workload too and failed, in Helm 4's words (not the log line Helm 4
    # writes before them, which repeats the upgrade's error escaped on one line) ...
    assert reason.startswith(
        f"helm upgrade --install of release {RELEASE} failed: Error: UPGRADE FAILED: an error occurred while rolling "
        f"back the release. original upgrade error: resource Deployment/{NAMESPACE}/{WORKLOAD} not ready. "
        "status: InProgress"), reason
    assert "level=WARN" not in reason
    assert "context deadline exceeded" in reason
    # ... and the installer rolled back without waiting
    assert reason.endswith(f"; release {RELEASE} rolled back to revision 1: its revision 3 is failed")
    assert world.revisions() == [(1, "superseded"), (2, "failed"), (3, "failed"), (4, "deployed")]
    assert world.descriptions()[0] == installed and world.descriptions()[-1] == "Rollback to 1"
    assert len(world.archive.requests) == 2  # CloudFormation's rollback found the old request installed
    assert world.framework.calls.overruns == 0


# ---- a request CloudFormation gave up on ------------------------------------------------------------------------

STOPPED = "stopped without touching the cluster"
RECORD_PREFIX = "hyperpod-constructs.helm."


@pytest.fixture
def short_invocations(monkeypatch: pytest.MonkeyPatch) -> None:
    # Five-minute invocations (time for an upgrade, helm_plan.upgrade_timeout): CloudFormation's next request
    # starts between two polls of the one it gave up on.
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", 300.0)


def helms_storage_unavailable_until_the_next_request(world: World) -> None:
    """From the next request on, the API server answers 503 to Helm's reads of its release records (transient: each
    invocation retries them until its time is up, and the framework polls again), until CloudFormation sends the
    request after it (a rollback, the Delete of a cancelled Create). That request's first poll comes before the next
    poll of the one CloudFormation gave up on, which is due a query interval after its last."""
    status, reason, message = TRANSIENT["unavailable"]
    unavailable = world.server.fail("GET", "Secret", status=status, reason=reason, message=message)
    sent: list[str] = []

    def recover(request: Any) -> None:
        sent.append(request["RequestId"])
        if len(sent) == 2:
            unavailable.clear()
    world.framework.on_request.append(recover)


def helm_calls_since(world: World, moment: float) -> list[list[str]]:
    return [argv for when, argv in world.kube.tool_calls.calls if argv[0] == "helm" and when >= moment]


def records(world: World) -> list[str]:
    return [item["metadata"]["name"] for item in world.server.objects("ConfigMap")
            if item["metadata"]["name"].startswith(RECORD_PREFIX)]


def stale_answers(world: World) -> list[harness.Answer]:
    return [answer for _, answer in world.framework.unheard]


def test_an_update_cancelled_and_rolled_back_before_its_wait_ended_leaves_the_previous_release(
        world: World, short_invocations: None):
    """The Update waits (the API server answers 503 to Helm) and is cancelled 200 s in; the rollback finds the release
    running the previous values and leaves it. The cancelled Update's waiter polls on: when the API server answers
    again, it must not upgrade to its values, which CloudFormation no longer records (a redeploy of the same
    template sends no Update to repair that)."""
    assert world.resource.create(properties()) == "CREATE_COMPLETE"
    (installed,) = world.descriptions()
    helms_storage_unavailable_until_the_next_request(world)

    assert world.resource.update(properties(values={"extra": "2"}), cancel_after=200) == "UPDATE_ROLLBACK_COMPLETE"
    rolled_back = world.clock.now()
    world.framework.drain()

    assert world.revisions() == [(1, "deployed")] and world.descriptions() == [installed]
    assert helm_calls_since(world, rolled_back) == []  # the cancelled Update's polls ran no helm
    [stale] = stale_answers(world)
    assert stale.status == "FAILED" and STOPPED in stale.reason and "later request" in stale.reason


def test_a_delete_while_a_cancelled_create_still_polls_leaves_no_release(world: World, short_invocations: None):
    """A sibling resource fails 300 s into the Create, which waits (the API server answers 503 to Helm): CloudFormation
    deletes the resource, with a physical id of its own making. The Create's waiter polls on and must not install
    the release for a stack that no longer has it: the Delete's claim stops it."""
    helms_storage_unavailable_until_the_next_request(world)

    assert world.resource.create(properties(), cancel_after=300) == "ROLLBACK_COMPLETE"
    world.framework.drain()

    assert world.revisions() == [] and world.chart_objects() == set()
    assert world.helm_calls("upgrade") == []
    [stale] = stale_answers(world)
    assert stale.status == "FAILED" and STOPPED in stale.reason and "a Delete that finished" in stale.reason
    assert records(world) == []  # the Delete kept its tombstone until the Create stopped, then removed it


# ---- the chart's source ---------------------------------------------------------------------------------------

def test_downloads_are_retried_with_backoff(world: World, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(helm_installer, "DOWNLOAD_ATTEMPT_SECONDS", 0.5)
    world.archive.faults = ["503", "reset", "hang"]

    assert world.resource.create(properties()) == "CREATE_COMPLETE"

    assert len(world.archive.requests) == 4
    assert world.pauses == [2.0, 4.0, 8.0]
    assert world.revisions() == [(1, "deployed")]


def test_an_unreachable_source_fails_the_update_naming_the_url_and_the_rollback_keeps_the_release(world: World):
    world.resource.create(properties())
    before = world.server.objects("Secret")
    world.archive.always = "503"

    assert world.resource.update(properties(values={"trainingOperators": {"enabled": False}})) == \
        "UPDATE_ROLLBACK_COMPLETE"

    assert world.resource.reasons() == [
        f"could not download {world.archive.url()} after {helm_installer.DOWNLOAD_ATTEMPTS} attempts: "
        "HTTP Error 503: Service Unavailable"]
    assert world.server.objects("Secret") == before and world.revisions() == [(1, "deployed")]
    assert len(world.helm_calls("upgrade")) == 1


def test_a_dependency_range_is_refused_naming_it(world: World):
    world.archive.body = archive_bytes(RANGE_CHART_YAML)
    assert world.resource.create(properties()) == "ROLLBACK_COMPLETE"
    assert world.resource.reasons() == [
        f"the chart {CHART} at {SHA} has dependencies without an exact version, so the commit does not pin them: "
        "cert-manager '^1.18.0'"]
    assert world.helm_calls("dependency") == [["dependency", "list", world.helm_calls("dependency")[0][2]]]
    assert world.helm_calls("upgrade") == [] and world.revisions() == []


# ---- delete ---------------------------------------------------------------------------------------------------

def test_deleting_a_release_that_is_gone_succeeds(world: World):
    world.resource.create(properties())
    assert helm(world.server, "uninstall", NAME, "-n", NAMESPACE).returncode == 0  # someone removed it
    assert world.revisions() == []

    assert world.resource.delete() == "DELETE_COMPLETE"

    assert len(world.helm_calls("uninstall")) == 1


def test_deleting_when_the_cluster_is_gone_succeeds_without_helm(world: World):
    world.resource.create(properties())
    world.aws.cluster_exists = False
    calls = len(world.kube.tool_calls.calls)

    assert world.resource.delete() == "DELETE_COMPLETE"

    assert len(world.kube.tool_calls.calls) == calls


def test_deleting_a_pending_release_uninstalls_it(world: World, tmp_path: Path):
    world.resource.create(properties())
    killed_helm_run(world.server, installed_chart(tmp_path), "--set", "global.region=us-east-1")
    assert world.revisions() == [(1, "deployed"), (2, "pending-upgrade")]

    assert world.resource.delete() == "DELETE_COMPLETE"

    assert world.revisions() == [] and world.chart_objects() == set()


def test_a_stuck_uninstall_is_bounded_by_the_deadline_and_a_later_deploy_finishes_it(
        world: World, invocations: Callable[..., None], caplog: pytest.LogCaptureFixture):
    invocations(6)
    assert world.resource.create(properties(timeout=25)) == "CREATE_COMPLETE"
    invocations(2.5)  # the uninstall is stopped after a few seconds
    hang = world.server.hang("DELETE", "ConfigMap", 300)  # every delete of a ConfigMap hangs

    assert world.resource.delete() == "DELETE_FAILED"

    assert world.resource.last_reason.startswith(
        f"Delete of Helm release llm/{RELEASE} did not finish before its deadline: helm uninstall "
        f"{NAME} did not finish within")
    assert world.revisions() == [(1, "uninstalling")]  # where Helm was when it was stopped
    assert world.framework.calls.overruns == 0

    # The release is deployed again (the stack retried, or a new one): Helm refuses to upgrade an "uninstalling"
    # release ('UPGRADE FAILED: "hyperpod-dependencies" has no deployed releases'), so the uninstall is finished first.
    hang.clear()
    invocations(6)
    caplog.set_level("INFO")
    again = harness.CloudFormationResource(world.framework, RESOURCE_TYPE)
    assert again.create(properties()) == "CREATE_COMPLETE", again.reasons()
    assert (f"release {RELEASE} uninstalled (its uninstall had been stopped): its revision 1 is uninstalling"
            in caplog.text)
    assert world.revisions() == [(1, "deployed")] and world.chart_objects() == CHART_OBJECTS


# ---- the resource's logical id changes (the construct moved, or the release moved to another stack) ---------------

OTHER_STACK = "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInferenceServing/1"
MOVED = {"new logical id": {"logical_id": "DependenciesHelmChart"}, "another stack": {"stack_id": OTHER_STACK}}


def moved_resource(world: World, moved: str) -> harness.CloudFormationResource:
    """The same release declared by another CloudFormation resource: CloudFormation creates it, then deletes the old
    one (in UPDATE_COMPLETE_CLEANUP_IN_PROGRESS, or when the old stack is deleted later)."""
    return harness.CloudFormationResource(world.framework, RESOURCE_TYPE, **MOVED[moved])


@pytest.mark.parametrize("values", [None, {"extra": "2"}], ids=["same values", "changed values"])
@pytest.mark.parametrize("moved", list(MOVED))
def test_a_moved_release_keeps_running_when_the_old_resource_is_deleted(
        world: World, caplog: pytest.LogCaptureFixture, moved: str, values: dict[str, Any] | None):
    """The new resource's Create takes the release over (with the same values too: a revision naming it), so the
    old resource's Delete leaves it; the stack's own delete later uninstalls it."""
    assert world.resource.create(properties()) == "CREATE_COMPLETE"
    new = moved_resource(world, moved)
    caplog.set_level("INFO")

    assert new.create(properties(values=values)) == "CREATE_COMPLETE", new.reasons()
    assert world.revisions() == [(1, "superseded"), (2, "deployed")]
    assert world.resource.delete() == "DELETE_COMPLETE"

    assert world.helm_calls("uninstall") == []
    assert world.revisions() == [(1, "superseded"), (2, "deployed")]
    assert world.chart_objects() == CHART_OBJECTS
    new_owner = fencing.resource_key({"StackId": new.stack_id, "LogicalResourceId": new.logical_id})
    assert f"left release {RELEASE} installed: revision 2 was installed by {new_owner}" in caplog.text
    assert records(world) == [fencing.record_name("helm", new_owner)]  # the old resource's record went with it

    assert new.delete() == "DELETE_COMPLETE"  # the stack that holds it now is deleted
    assert world.revisions() == [] and world.chart_objects() == set() and records(world) == []


@pytest.mark.parametrize("values", [None, {"extra": "2"}], ids=["same values", "changed values"])
@pytest.mark.parametrize("moved", list(MOVED))
def test_a_move_rolled_back_hands_the_release_back_to_the_old_resource(
        world: World, moved: str, values: dict[str, Any] | None):
    """The new resource's Create took the release over, then a sibling resource fails: CloudFormation's rollback
    deletes the new resource and keeps the old one, which never gets a request (or the new stack is deleted before
    the old one). The new resource's Delete rolls the release back to the old one's revision (its record says it is
    still there) instead of uninstalling it."""
    assert world.resource.create(properties()) == "CREATE_COMPLETE"
    config = world.server.get("v1", "ConfigMap", NAMESPACE, "hyperpod-dependencies")["data"]
    new = moved_resource(world, moved)
    assert new.create(properties(values=values)) == "CREATE_COMPLETE"

    assert new.delete() == "DELETE_COMPLETE"  # UPDATE_ROLLBACK_COMPLETE_CLEANUP_IN_PROGRESS

    assert world.helm_calls("uninstall") == []
    assert world.revisions() == [(1, "superseded"), (2, "superseded"), (3, "deployed")]
    assert world.descriptions()[-1] == "Rollback to 1" and world.chart_objects() == CHART_OBJECTS
    assert world.server.get("v1", "ConfigMap", NAMESPACE, "hyperpod-dependencies")["data"] == config
    # the old resource owns it again: an Update of the same request has nothing to do, its Delete uninstalls
    assert world.resource.update(properties(timeout=1500)) == "UPDATE_COMPLETE"
    assert len(world.helm_calls("upgrade")) == 2
    assert world.resource.delete() == "DELETE_COMPLETE"
    assert world.revisions() == [] and world.chart_objects() == set()


def test_a_move_whose_create_fails_leaves_the_release_to_the_old_resource(world: World):
    """The new resource's upgrade is refused: its Create fails, the release is rolled back to the old resource's
    revision, and CloudFormation's rollback deletes the new resource, whose Delete leaves the release to the old
    one, which the stack still holds."""
    assert world.resource.create(properties()) == "CREATE_COMPLETE"
    conflict = 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas'
    world.server.fail("PATCH", "Deployment", WORKLOAD, status=409, reason="Conflict", message=conflict, times=1)
    new = moved_resource(world, "new logical id")

    assert new.create(properties(values={"extra": "2"})) == "ROLLBACK_COMPLETE"

    assert world.helm_calls("uninstall") == []
    assert world.revisions() == [(1, "superseded"), (2, "failed"), (3, "deployed")]
    assert world.descriptions()[-1] == "Rollback to 1" and world.chart_objects() == CHART_OBJECTS
    assert world.resource.delete() == "DELETE_COMPLETE"  # the old resource still owns it
    assert world.revisions() == [] and world.chart_objects() == set()


def test_a_release_an_older_version_installed_is_still_uninstalled_by_its_delete(
        world: World, monkeypatch: pytest.MonkeyPatch):
    """A release whose description names no owner (installed before releases named theirs) is this resource's:
    an Update that finds it running the request needs no download, and its Delete uninstalls it."""
    with monkeypatch.context() as older_version:
        older_version.setattr(helm_plan, "description", lambda digest, *_: f"{helm_plan.DESCRIPTION_PREFIX}{digest}")
        assert world.resource.create(properties()) == "CREATE_COMPLETE"
    (installed,) = world.descriptions()
    assert " by " not in installed

    assert world.resource.update(properties(timeout=1500)) == "UPDATE_COMPLETE"
    assert world.descriptions() == [installed] and len(world.archive.requests) == 1
    assert world.resource.delete() == "DELETE_COMPLETE"

    assert world.revisions() == [] and world.chart_objects() == set()


def test_a_release_an_older_version_installed_is_taken_over_by_a_moved_resource(
        world: World, monkeypatch: pytest.MonkeyPatch):
    """The first deploy of this version moves the construct: the new resource's Create takes over the release whose
    description names no owner, so the old resource's Delete leaves it."""
    with monkeypatch.context() as older_version:
        older_version.setattr(helm_plan, "description", lambda digest, *_: f"{helm_plan.DESCRIPTION_PREFIX}{digest}")
        assert world.resource.create(properties()) == "CREATE_COMPLETE"
    new = moved_resource(world, "new logical id")

    assert new.create(properties()) == "CREATE_COMPLETE"
    assert world.resource.delete() == "DELETE_COMPLETE"

    assert world.revisions() == [(1, "superseded"), (2, "deployed")] and world.chart_objects() == CHART_OBJECTS
