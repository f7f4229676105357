"""SelfSubjectAccessReview: kubectl auth can-i."""
from __future__ import annotations

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl


def test_can_i_everything_is_yes(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "auth", "can-i", "*", "*", "--all-namespaces")
    assert (result.returncode, result.stdout) == (0, "yes\n"), result.stderr
    (review,) = [r for r in kube_api.requests if r.method == "POST"]
    assert review.path == "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"


def test_access_entry_not_effective_yet_is_no(kube_api: KubeApiServer) -> None:
    kube_api.access(allowed=False)
    result = kubectl(kube_api, "auth", "can-i", "*", "*", "--all-namespaces")
    assert (result.returncode, result.stdout) == (1, "no\n")


def test_token_not_accepted_yet_is_401(kube_api: KubeApiServer) -> None:
    kube_api.access(authenticated=False)
    result = kubectl(kube_api, "auth", "can-i", "*", "*", "--all-namespaces")
    assert result.returncode == 1
    assert "Unauthorized" in result.stderr or "provide credentials" in result.stderr


def test_injected_fault_and_its_clearing(kube_api: KubeApiServer) -> None:
    fault = kube_api.fail("PATCH", "ConfigMap", "x", status=500, reason="InternalError",
                          message='Internal error occurred: failed calling webhook "w.example.com": timeout', times=1)
    cm = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","namespace":"default"}}'
    result = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=cm)
    assert result.returncode == 1
    assert 'Error from server (InternalError): Internal error occurred: failed calling webhook "w.example.com": ' \
           'timeout' in result.stderr
    assert kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=cm).returncode == 0  # times=1 used up
    fault.clear()


def test_hang_makes_request_timeout_fire(kube_api: KubeApiServer) -> None:
    kube_api.hang("GET", "ConfigMap", 3)
    result = kubectl(kube_api, "get", "configmaps", "--request-timeout=1s")
    assert result.returncode == 1
    assert "Client.Timeout" in result.stderr or "context deadline exceeded" in result.stderr or \
        "timeout" in result.stderr.lower()


def test_latency_advances_the_simulated_clock(kube_api: KubeApiServer) -> None:
    clock = [0.0]
    server = KubeApiServer(now=lambda: 1e9 + clock[0], advance=lambda s: clock.__setitem__(0, clock[0] + s))
    with server:
        server.latency(0.25)
        kubectl(server, "get", "configmaps")
        assert clock[0] == 0.25 * len(server.requests)
