"""Custom::HyperPodTieredKvCache under the same runtime as the applier: HyperPod's daemon configured in place, by
the real kubectl against the loopback API server."""
from __future__ import annotations

import json
from typing import Any

import pytest

from faults import harness
from faults.harness import CloudFormationResource

NAMESPACE, DAEMON, CONFIG = "aws-hyperpod", "ai-toolkit", "ai-toolkit-config"
CONFIG_TOML = ('[cache]\nmode = "memory"\ncapacity = "10GiB" # Total in-memory cache size\n'
               'eviction = "lru"\n')
PATCH = {"spec": {"template": {"spec": {
    "nodeSelector": {"node.kubernetes.io/instance-type": "ml.p5.48xlarge"},
    "containers": [{"name": DAEMON, "resources": {"requests": {"memory": "419430Mi"}, "limits": {"memory": "419430Mi"}}}]}}}}
RESTARTED_AT = "kubectl.kubernetes.io/restartedAt"
DAEMON_SET_REF = f"DaemonSet.v1.apps/{DAEMON}"
CONFIG_MAP_FILE = "config-map.json"  # the daemon's ConfigMap as the function writes it back (kubectl replace)


def daemon_set() -> dict[str, Any]:
    labels = {"app": DAEMON}
    return {"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": DAEMON, "namespace": NAMESPACE},
            "spec": {"selector": {"matchLabels": labels}, "template": {"metadata": {"labels": labels}, "spec": {
                "containers": [{"name": DAEMON, "image": "hyperpod/ai-toolkit:1"}, {"name": "sidecar", "image": "logs:1"}]}}}}


def config_map(text: str = CONFIG_TOML) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": CONFIG, "namespace": NAMESPACE},
            "data": {"config.toml": text}}


def properties(capacity: str = "408GiB") -> dict[str, Any]:
    return {"ClusterName": "llm", "Namespace": NAMESPACE, "DaemonSet": DAEMON, "ConfigMap": CONFIG,
            "CacheCapacity": capacity, "DaemonPatch": json.dumps(PATCH), "TimeoutSeconds": "1200"}


@pytest.fixture
def daemon(framework) -> CloudFormationResource:
    return CloudFormationResource(framework, "Custom::HyperPodTieredKvCache", service_timeout=1500)


def hyperpod_creates_the_daemon(kube, clock, after: float = 0.0, config: str = CONFIG_TOML) -> None:
    """HyperPod creates the daemon ``after`` seconds from now, once the cluster's tiered storage is on."""
    def create() -> None:
        if kube.get("v1", "Namespace", None, NAMESPACE) is None:
            kube.server.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}})
        kube.server.create(daemon_set(), manager="hyperpod")
        kube.server.create(config_map(config), manager="hyperpod")
    if after:
        kube.server.on_tick(harness.after(clock, after, create))
    else:
        create()


def live_daemon(kube) -> dict[str, Any]:
    return kube.get("apps/v1", "DaemonSet", NAMESPACE, DAEMON)


def restarts(kube) -> list[list[str]]:
    """The kubectl patches that restart the daemon (the patch is an argument, not the last one)."""
    return [argv for argv in kube.calls("patch") if any(RESTARTED_AT in argument for argument in argv)]


def test_the_daemon_hyperpod_creates_late_is_sized_pinned_and_restarted(aws, kube, clock, daemon, framework):
    hyperpod_creates_the_daemon(kube, clock, after=16 * 60)  # after the first invocation's 15 minutes

    assert daemon.create(properties()) == "CREATE_COMPLETE", daemon.reasons()

    config = kube.get("v1", "ConfigMap", NAMESPACE, CONFIG)["data"]["config.toml"]
    assert 'capacity = "408GiB" # Total in-memory cache size' in config and 'eviction = "lru"' in config
    template = live_daemon(kube)["spec"]["template"]
    containers = {c["name"]: c for c in template["spec"]["containers"]}
    assert containers[DAEMON]["resources"]["limits"] == {"memory": "419430Mi"}
    assert containers["sidecar"] == {"name": "sidecar", "image": "logs:1"}  # merged by name, not replaced
    assert template["spec"]["nodeSelector"] == {"node.kubernetes.io/instance-type": "ml.p5.48xlarge"}
    assert RESTARTED_AT in template["metadata"]["annotations"]
    assert "hyperpod-constructs.io/restart-pending" not in (live_daemon(kube)["metadata"].get("annotations") or {})
    assert daemon.data == {"Changed": "true"}
    assert len([entry for entry in framework.calls.log if entry[0] == "isComplete"]) >= 2
    assert framework.calls.overruns == 0


def test_access_not_effective_yet_is_waited_for(aws, kube, clock, daemon):
    kube.server.access(allowed=False)
    granted: list[float] = []

    def grant() -> None:
        granted.append(clock.now())
        kube.server.access()
    kube.server.on_tick(harness.after(clock, 45, grant))
    hyperpod_creates_the_daemon(kube, clock)

    assert daemon.create(properties()) == "CREATE_COMPLETE", daemon.reasons()

    assert RESTARTED_AT in live_daemon(kube)["spec"]["template"]["metadata"]["annotations"]
    # Refused reads before access was granted, and reads after it: how many retries 45 s leave room for depends on
    # how fast the machine runs each call, so no count is asserted.
    gets = kube.tool_calls.started("kubectl", "get")
    assert granted and len(gets) >= 2 and gets[0] < granted[0]
    assert not kube.calls("auth")


def test_a_deploy_that_changes_nothing_restarts_nothing(aws, kube, clock, daemon):
    hyperpod_creates_the_daemon(kube, clock)
    daemon.create(properties())
    before = len(restarts(kube))
    assert before == 1  # the Create changed the daemon and restarted it: the count below can see a restart

    assert daemon.update({**properties(), "TimeoutSeconds": "1201"}) == "UPDATE_COMPLETE"
    assert len(restarts(kube)) == before and daemon.data == {"Changed": "false"}


def test_a_restart_that_did_not_happen_happens_in_the_next_deploy(aws, kube, clock, daemon):
    """The restart is refused after the configuration was changed; the stack rolls back. The next deploy finds the
    configuration already set, and still restarts the daemon, because the restart is recorded as pending."""
    hyperpod_creates_the_daemon(kube, clock)
    refused: list[bool] = []

    def refuse_the_restart(server: Any) -> None:
        live = server.get("apps/v1", "DaemonSet", NAMESPACE, DAEMON)
        if not refused and live and live["spec"]["template"]["spec"].get("nodeSelector"):
            refused.append(True)  # resized and patched: the next patch of the DaemonSet is the restart
            # A refusal that lasts (a transient error would be retried): an admission policy pausing restarts.
            server.fail("PATCH", "DaemonSet", DAEMON, status=400, reason="BadRequest", times=1,
                        message='admission webhook "restarts.example.com" denied the request: restarts are paused')
    kube.server.on_tick(refuse_the_restart)

    assert daemon.create(properties()) == "ROLLBACK_COMPLETE"
    assert RESTARTED_AT not in (live_daemon(kube)["spec"]["template"]["metadata"].get("annotations") or {})

    again = CloudFormationResource(daemon.framework, "Custom::HyperPodTieredKvCache", service_timeout=1500)
    assert again.create(properties()) == "CREATE_COMPLETE", again.reasons()

    assert again.data == {"Changed": "true"}
    assert RESTARTED_AT in live_daemon(kube)["spec"]["template"]["metadata"]["annotations"]


def test_a_config_map_changed_between_read_and_write_is_read_again(aws, kube, clock, daemon):
    """HyperPod rewrites the ConfigMap while the function resizes it: the API server refuses the stale write (409),
    the function reads it again, and neither change is lost."""
    hyperpod_creates_the_daemon(kube, clock)
    changed: list[bool] = []

    def hyperpod_rewrites(server: Any) -> None:
        last = server.requests[-1] if server.requests else None
        # Hooks run as a request arrives, before it is served: the function's write then carries a stale version.
        if not changed and last and last.method == "PUT" and last.path.endswith(f"/configmaps/{CONFIG}"):
            changed.append(True)
            live = server.get("v1", "ConfigMap", NAMESPACE, CONFIG)
            live["data"]["hyperpod.toml"] = "written = true\n"
            server.update(live, manager="hyperpod")
    kube.server.on_tick(hyperpod_rewrites)

    assert daemon.create(properties()) == "CREATE_COMPLETE", daemon.reasons()

    data = kube.get("v1", "ConfigMap", NAMESPACE, CONFIG)["data"]
    assert 'capacity = "408GiB"' in data["config.toml"] and data["hyperpod.toml"] == "written = true\n"
    assert len([argv for argv in kube.calls("replace") if CONFIG_MAP_FILE in argv[2]]) == 2


def test_a_daemon_that_never_comes_fails_naming_it(aws, kube, daemon):
    assert daemon.create(properties()) == "ROLLBACK_COMPLETE"
    assert "HyperPod to create DaemonSet aws-hyperpod/ai-toolkit (it does once the cluster's tiered storage is " \
           "enabled)" in daemon.reasons()[0]


def test_an_unknown_daemon_configuration_is_refused_naming_the_config_map(aws, kube, clock, daemon):
    hyperpod_creates_the_daemon(kube, clock, config="[cache]\nsize = 10\n")
    assert daemon.create(properties()) == "ROLLBACK_COMPLETE"
    assert ("ConfigMap aws-hyperpod/ai-toolkit-config has no 'capacity = \"...\" # Total in-memory cache size' line "
            "in config.toml") in daemon.reasons()[0]


def test_delete_leaves_hyperpods_daemon_alone(aws, kube, clock, daemon):
    hyperpod_creates_the_daemon(kube, clock)
    daemon.create(properties())
    assert daemon.delete() == "DELETE_COMPLETE"
    assert live_daemon(kube) is not None and kube.get("v1", "ConfigMap", NAMESPACE, CONFIG) is not None



# ---- a request CloudFormation gave up on ------------------------------------------------------------------------

STOPPED = "stopped without touching the cluster"
RECORD_PREFIX = "hyperpod-constructs.tiered-kv."


@pytest.fixture
def short_invocations(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two-minute invocations: CloudFormation's next request starts between two polls of the one it gave up on.
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", 120.0)


def hyperpod_creates_the_daemon_as_the_next_request_comes(kube, clock, framework) -> None:
    """HyperPod creates the daemon as CloudFormation sends the request after the next one (a rollback, the Delete of
    a cancelled Create): that request's first poll comes before the next poll of the one CloudFormation gave up on,
    which is due a query interval after its last, so the order is the design's, not the machine's."""
    sent: list[str] = []

    def create(request: Any) -> None:
        sent.append(request["RequestId"])
        if len(sent) == 2:
            hyperpod_creates_the_daemon(kube, clock)
    framework.on_request.append(create)


def capacity(kube) -> str:
    config = kube.get("v1", "ConfigMap", NAMESPACE, CONFIG)["data"]["config.toml"]
    return config.split('capacity = "', 1)[1].split('"', 1)[0]


def daemon_writes_since(kube, moment: float) -> list[list[str]]:
    """kubectl calls that changed the daemon (its DaemonSet or its ConfigMap) started at or after ``moment``."""
    return [argv for when, argv in kube.tool_calls.calls if when >= moment and argv[1] in ("patch", "replace")
            and (any(DAEMON_SET_REF in arg for arg in argv) or any(arg.endswith(CONFIG_MAP_FILE) for arg in argv))]


def records(kube) -> list[str]:
    return [name for name in kube.names("ConfigMap") if name.startswith(RECORD_PREFIX)]


def test_an_update_cancelled_and_rolled_back_before_its_wait_ended_keeps_the_rolled_back_capacity(
        aws, kube, clock, daemon, framework, short_invocations):
    """HyperPod replaces the daemon (tiered storage turned off and on): the Update to 204GiB waits for it and is
    cancelled 200 s in. The daemon is back as the rollback comes, which sets 408GiB again and restarts it. The
    cancelled Update's waiter polls on and finds the daemon too: it must neither set its 204GiB nor restart the
    daemon, which CloudFormation records at 408GiB (a redeploy of the same template sends no Update to repair it)."""
    hyperpod_creates_the_daemon(kube, clock)
    assert daemon.create(properties("408GiB")) == "CREATE_COMPLETE", daemon.reasons()
    kube.server.delete("apps/v1", "DaemonSet", NAMESPACE, DAEMON)
    kube.server.delete("v1", "ConfigMap", NAMESPACE, CONFIG)
    hyperpod_creates_the_daemon_as_the_next_request_comes(kube, clock, framework)

    assert daemon.update(properties("204GiB"), cancel_after=200) == "UPDATE_ROLLBACK_COMPLETE", daemon.reasons()
    rolled_back = clock.now()
    assert capacity(kube) == "408GiB" and daemon_writes_since(kube, 0.0)  # the rollback's (the count can see writes)
    framework.drain()

    assert capacity(kube) == "408GiB"
    assert daemon_writes_since(kube, rolled_back) == []  # no capacity written, no restart, nothing marked pending
    [stale] = [answer for _, answer in framework.unheard]
    assert stale.status == "FAILED" and STOPPED in stale.reason and "later request" in stale.reason


def test_a_delete_while_a_cancelled_create_still_polls_leaves_the_daemon_as_hyperpod_made_it(
        aws, kube, clock, daemon, framework, short_invocations):
    """A sibling resource fails 300 s into the Create, which waits for HyperPod to create the daemon: CloudFormation
    deletes the resource. HyperPod creates the daemon as the Delete comes; the Create's waiter polls on and must not
    size, pin or restart it for a stack that no longer has the resource: the Delete's claim stops it."""
    hyperpod_creates_the_daemon_as_the_next_request_comes(kube, clock, framework)

    assert daemon.create(properties(), cancel_after=300) == "ROLLBACK_COMPLETE", daemon.reasons()
    framework.drain()

    live = live_daemon(kube)
    assert capacity(kube) == "10GiB" and live["spec"]["template"]["spec"].get("nodeSelector") is None
    assert RESTARTED_AT not in (live["spec"]["template"]["metadata"].get("annotations") or {})
    assert daemon_writes_since(kube, 0.0) == []
    [stale] = [answer for _, answer in framework.unheard]
    assert stale.status == "FAILED" and STOPPED in stale.reason and "a Delete that finished" in stale.reason
    assert records(kube) == []  # the Delete kept its tombstone until the Create stopped, then removed it
