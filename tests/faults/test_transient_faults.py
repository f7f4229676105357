"""Transient API server errors, as the real kubectl prints them from the real Status bodies: every kubectl call of
the applier and the tiered-KV daemon's resource runs again until the API server answers, within the request's
time; a refusal stays an answer. (Helm's are in test_helm_faults.py.)

The loopback server answers with the real server's status, reason and message (``kube_api.errors.TRANSIENT``), a
Retry-After header that client-go honours itself, or a connection reset with no answer at all.
"""
from __future__ import annotations

from typing import Any

import pytest

from faults.bundles import properties
from faults.harness import CloudFormationResource, after
from faults.test_applier_faults import SEVEN, publish
from faults.test_daemon_faults import (DAEMON, NAMESPACE, RESTARTED_AT, hyperpod_creates_the_daemon, live_daemon)
from faults.test_daemon_faults import properties as daemon_properties
from kube_api.errors import TRANSIENT

ONE = {"endpoint-default-e1": SEVEN["endpoint-default-e1"]}


def transient(server: Any, method: str, kind: str, which: str, times: int, name: str | None = None) -> None:
    status, reason, message = TRANSIENT[which]
    server.fail(method, kind, name, status=status, reason=reason, message=message, times=times)


@pytest.mark.parametrize("which", sorted(TRANSIENT))
def test_each_transient_answer_to_the_record_read_is_retried(aws, kube, manifests, which):
    """The record's read is a plain kubectl get (not an apply or a delete): 500, 503, 504, 429, an etcd leader
    change or timeout answered to it three times in a row do not fail the Create."""
    transient(kube.server, "GET", "ConfigMap", which, times=3)

    assert manifests.create(properties(publish(aws, "v1.zip", ONE))) == "CREATE_COMPLETE", manifests.reasons()
    assert kube.ours() == {"e1"}


def test_too_many_requests_with_retry_after_outlasting_kubectls_own_retries_is_retried(aws, kube, manifests):
    """client-go retries a 429 with Retry-After by itself, 10 times; the eleventh answer reaches the applier as
    kubectl's error, and the applier runs the call again."""
    status, reason, message = TRANSIENT["too many requests"]
    fault = kube.server.fail("GET", "ConfigMap", status=status, reason=reason, message=message, retry_after=0,
                             times=13)

    assert manifests.create(properties(publish(aws, "v1.zip", ONE))) == "CREATE_COMPLETE", manifests.reasons()
    assert not fault.active
    record_reads = [argv for argv in kube.calls("get") if argv[1].startswith("ConfigMap/")]
    assert len(record_reads) >= 2  # kubectl gave up once, and was run again


def test_an_api_server_answering_500_for_minutes_fails_only_at_the_deadline_with_its_words(aws, kube, manifests,
                                                                                            clock):
    """An error that lasts as long as the request is not retried past its deadline: the Create fails then, naming
    the call and the API server's words (the API server is healthy again for the rollback)."""
    status, reason, message = TRANSIENT["leader changed"]
    failing = kube.server.fail("*", "ConfigMap", status=status, reason=reason, message=message)
    kube.server.on_tick(after(clock, 600, failing.clear))
    started = clock.now()

    assert manifests.create({**properties(publish(aws, "v1.zip", ONE)), "TimeoutSeconds": "600"}) == \
        "ROLLBACK_COMPLETE"

    reason_text = manifests.reasons()[0]
    assert "did not finish before its deadline" in reason_text, reason_text
    assert "etcdserver: leader changed" in reason_text and "kubectl get ConfigMap/" in reason_text
    assert 600 - 60 <= clock.now() - started <= 600 + 60
    assert kube.ours() == set()


def test_an_rbac_refusal_soon_after_access_was_let_in_is_retried(aws, kube, manifests, clock):
    """The first call is let in (one API server replica has the access entry), the next ones meet a replica that
    has not got it yet: within the settle window after the request began, the refusal is run again."""
    denied: list[bool] = []

    def deny_from_the_second_call(server: Any) -> None:
        if len(kube.tool_calls.calls) >= 2 and not denied:
            denied.append(True)
            server.access(allowed=False)
            server.on_tick(after(clock, 30, server.access))
    kube.server.on_tick(deny_from_the_second_call)

    assert manifests.create(properties(publish(aws, "v1.zip", ONE))) == "CREATE_COMPLETE", manifests.reasons()
    assert denied and kube.ours() == {"e1"}


@pytest.mark.parametrize("which", ["leader changed", "unavailable", "connection reset"])
def test_the_daemons_calls_are_retried_on_transient_answers(aws, kube, clock, framework, which):
    """Its reads and patches; a patch's connection reset (kubectl does not repeat a PATCH itself) too."""
    hyperpod_creates_the_daemon(kube, clock)
    if which == "connection reset":
        kube.server.reset("PATCH", "DaemonSet", DAEMON, times=2)
    else:
        transient(kube.server, "GET", "DaemonSet", which, times=2)
        transient(kube.server, "PATCH", "DaemonSet", which, times=2, name=DAEMON)
    daemon = CloudFormationResource(framework, "Custom::HyperPodTieredKvCache", service_timeout=1500)

    assert daemon.create(daemon_properties()) == "CREATE_COMPLETE", daemon.reasons()
    assert RESTARTED_AT in live_daemon(kube)["spec"]["template"]["metadata"]["annotations"]
    assert kube.get("v1", "ConfigMap", NAMESPACE, "ai-toolkit-config") is not None
