"""The fallback a wake hold ends in: a small nginx in the endpoint's namespace answering 503 with Retry-After (what is
left of the cold-start estimate after the hold, at least 10 s), named by the route's ``coldStart.fallback``.

The config is checked by the real nginx (``nginx -t``) and served by it on a free port, so the status, the header and
the body a caller gets are nginx's own; the objects are cdk8s-plus-28's typed Deployment and Service, rendered the same
without cdk8s (the chart's stand-in) and applied by the real kubectl in test_wake_hold_cluster.py."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from autoscaling.test_wake_hold import HOLD, estimate_of, held_platform, manifests
from hyperpod_constructs import Autoscaling, InferenceEndpoint, WakeHold
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.k8s.api_objects import add_core_objects, rendered
from hyperpod_constructs.k8s.wake_fallback import FALLBACK_PORT, nginx_config, wake_fallback_manifests
from hyperpod_constructs.planner.wake_hold_budget import RETRY_AFTER_MIN_S, retry_after_s
from hyperpod_constructs.resolve.records import WakeHoldRecord
from apps_support import s3_model

RECORD = WakeHoldRecord(name="llama", namespace="serving", max_wait_s=600, service="llama", port=8080,
                        retry_after_s=215)


def nginx() -> str:
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        pytest.fail("nginx is not on PATH: `make setup` installs it (Debian package nginx-light)")
    return found


def local_config(config: str, scratch: Path, port: int) -> Path:
    """The config as the container runs it, but on ``port`` and writing under ``scratch`` (the pod mounts an emptyDir
    at /tmp): only those two strings change."""
    assert config.count(f"listen {FALLBACK_PORT} ") == 1 and "/tmp/" in config
    path = scratch / "nginx.conf"
    path.write_text(config.replace(f"listen {FALLBACK_PORT} ", f"listen 127.0.0.1:{port} ")
                    .replace("/tmp/", f"{scratch}/"))
    return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[int]:
    """The fallback's config served by the real nginx; yields its port."""
    port = free_port()
    config = local_config(nginx_config(RECORD), tmp_path, port)
    process = subprocess.Popen([nginx(), "-p", str(tmp_path), "-e", "stderr", "-c", str(config), "-g", "daemon off;"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):  # until it listens, or it exits (a config it refuses)
            if process.poll() is not None:
                pytest.fail(f"nginx exited {process.returncode}: {process.stderr.read() if process.stderr else ''}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            try:
                process.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                pass
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def request(port: int, method: str, path: str, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body or None, method=method,
                                  headers={"Host": "llama.internal", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(call, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


# ---- nginx -----------------------------------------------------------------------------------------------------

def test_the_real_nginx_accepts_the_config(tmp_path: Path) -> None:
    config = local_config(nginx_config(RECORD), tmp_path, free_port())
    result = subprocess.run([nginx(), "-t", "-p", str(tmp_path), "-e", "stderr", "-c", str(config)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr


def test_the_real_nginx_refuses_a_broken_config(tmp_path: Path) -> None:  # the check above can fail
    broken = local_config(nginx_config(RECORD).replace("return 503", "return 503 503 503"), tmp_path, free_port())
    result = subprocess.run([nginx(), "-t", "-p", str(tmp_path), "-e", "stderr", "-c", str(broken)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "invalid number of arguments" in result.stderr


@pytest.mark.parametrize("method, path, body", [
    ("POST", "/v1/chat/completions", json.dumps({"messages": [{"role": "user", "content": "x" * 2_000_000}]}).encode()),
    ("GET", "/v1/models", b""),
    ("GET", "/", b""),
], ids=["long-prompt", "models", "root"])
def test_every_request_gets_503_with_retry_after_and_a_json_body(served: int, method: str, path: str,
                                                                  body: bytes) -> None:
    status, headers, content = request(served, method, path, body)  # a 2 MB prompt too: no 413
    assert status == 503
    assert headers["Retry-After"] == "215"
    assert headers["Content-Type"] == "application/json"
    assert json.loads(content) == {"error": {
        "code": 503, "type": "endpoint_waking",
        "message": "endpoint 'llama' is starting from zero replicas and no replica was ready within 600 s; "
                   "retry after 215 s"}}


# ---- Retry-After -----------------------------------------------------------------------------------------------

def test_retry_after_is_the_rest_of_the_estimate_and_at_least_the_minimum() -> None:
    assert retry_after_s(600, 815.0) == 215
    assert retry_after_s(600, 814.2) == 215  # rounded up: a caller never comes back too early
    assert retry_after_s(900, 815.0) == RETRY_AFTER_MIN_S == 10  # the hold outlasted the estimate: a late wake
    assert retry_after_s(800, 805.0) == RETRY_AFTER_MIN_S


def test_the_platform_fills_retry_after_from_the_plans_estimate_and_the_plan_shows_it() -> None:
    _, platform = held_platform(WakeHold(max_wait_s=120, service="llama", port=8080))
    expected = retry_after_s(120, estimate_of(platform))
    assert expected > RETRY_AFTER_MIN_S
    [config_map] = manifests(platform, "ConfigMap")
    assert f"add_header Retry-After {expected} always;" in config_map["data"]["nginx.conf"]
    assert f"then 503 with Retry-After {expected} s (the hold's fallback)" in platform.plan.render()


# ---- the objects -----------------------------------------------------------------------------------------------

def test_the_route_names_the_fallback_which_runs_unprivileged_in_the_endpoints_namespace() -> None:
    _, platform = held_platform(HOLD)
    [route] = manifests(platform, "InterceptorRoute")
    assert route["spec"]["coldStart"] == {"fallback": {"service": {"name": "llama-wake-fallback", "port": 8080}}}
    [service] = manifests(platform, "Service")
    [deployment] = manifests(platform, "Deployment")
    assert {service["metadata"]["namespace"], deployment["metadata"]["namespace"]} == {"default"}
    assert service["metadata"]["name"] == deployment["metadata"]["name"] == "llama-wake-fallback"
    assert service["spec"]["ports"] == [{"name": "http", "port": 8080, "targetPort": "http"}]
    pod = deployment["spec"]["template"]["spec"]
    assert service["spec"]["selector"] == deployment["spec"]["template"]["metadata"]["labels"]
    [container] = pod["containers"]
    assert container["image"].startswith("public.ecr.aws/nginx/nginx-unprivileged:1.")
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["runAsNonRoot"] is True and container["securityContext"]["runAsUser"] == 101
    assert container["securityContext"]["capabilities"] == {"drop": ["ALL"]}
    assert set(container["resources"]) == {"requests", "limits"}
    assert pod["automountServiceAccountToken"] is False
    assert {mount["mountPath"] for mount in container["volumeMounts"]} == {"/etc/wake-fallback", "/tmp"}


def test_the_objects_render_the_same_without_cdk8s() -> None:
    import cdk8s

    fallback = wake_fallback_manifests(RECORD)
    chart = cdk8s.Chart(cdk8s.App(), "chart", disable_resource_name_hashes=True)
    add_core_objects(chart, fallback)
    assert json.dumps([rendered(manifest) for manifest in fallback]) == json.dumps(chart.to_json())


def test_an_endpoint_name_too_long_for_the_fallbacks_service_is_refused() -> None:
    stack, platform = held_platform(HOLD)
    name = "a" * 50
    with pytest.raises(HyperPodValidationError) as refused:
        platform.add_endpoint(InferenceEndpoint(
            name, model=s3_model(stack, "long/"), instance_type="ml.g6e.12xlarge", gpus=1,
            autoscaling=Autoscaling(min_replicas=0, max_replicas=1, wake_hold=HOLD)))
    message = str(refused.value)
    assert f"name={name!r}" in message
    assert f"fallback Service '{name}-wake-fallback'" in message
    assert "at most 49 characters, starting with a letter" in message


def test_a_record_without_retry_after_is_not_rendered() -> None:
    unfilled: Any = WakeHoldRecord(name="llama", namespace="serving", max_wait_s=600, service="llama", port=8080)
    with pytest.raises(AssertionError, match="fills retry_after_s"):
        wake_fallback_manifests(unfilled)
