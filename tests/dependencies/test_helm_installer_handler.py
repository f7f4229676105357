"""The handler's flow with its edges (HTTP, boto3, helm) replaced; the tar extraction runs for real.

The same flow under faults (fake helm, Stubber, loopback archive server, the Provider framework) is in
``tests/faults/test_helm_faults.py``.
"""
from __future__ import annotations

import base64
import io
import json
import subprocess
import tempfile
import tarfile
from pathlib import Path
from typing import Any

import pytest

SHA = "011ca927123e02b35a399935bbb3ab1905fe33c7"
TOP = f"sagemaker-hyperpod-cli-{SHA}"
CHART = "helm_chart/HyperPodHelmChart"
REGIONAL = "gpu-operator:\n  operator:\n    repository: \"mirror.example\"\n"


def make_archive(path: Path, extra: dict[str, str] | None = None) -> None:
    files = {
        f"{TOP}/README.md": "repo readme",
        f"{TOP}/src/cli.py": "print('not the chart')",
        f"{TOP}/{CHART}/Chart.yaml": "apiVersion: v2\nname: hyperpod-helm-chart\nversion: 0.1.0\n",
        f"{TOP}/{CHART}/values.yaml": "inferenceOperators:\n  enabled: false\n",
        f"{TOP}/{CHART}/charts/gpu-operator/Chart.yaml": "apiVersion: v2\nname: gpu-operator\nversion: 0.1.0\n",
        f"{TOP}/{CHART}/charts/gpu-operator/regional-values/values-us-west-2.yaml": REGIONAL,
        **(extra or {}),
    }
    with tarfile.open(path, "w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def event(request_type: str, values: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "RequestType": request_type, "RequestId": "request-1", "LogicalResourceId": "Chart",
        "StackId": "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/0",
        "ResourceProperties": {
            "ServiceToken": "token", "ClusterName": "llm", "Repository": "aws/sagemaker-hyperpod-cli",
            "ChartPath": CHART, "GitRef": SHA, "Release": "hyperpod-dependencies", "Namespace": "kube-system",
            "Values": json.dumps(values), "Wait": "false", "TimeoutSeconds": "1200",
        },
        **extra,
    }


class Context:
    """A Lambda context with the whole 15 minutes left."""

    def get_remaining_time_in_millis(self) -> int:
        return 900_000


@pytest.fixture
def budget():
    import time_budget

    return time_budget.Budget(Context(), None)


class UncontestedRecord:
    """The resource's record (``claimed_record.ClaimedRecord``) when no other request of the resource polls: what
    the handler asks of it goes into the calls, in order with the helm calls. Fencing itself runs against the real
    kubectl in tests/faults/test_helm_faults.py."""

    def __init__(self, calls: dict[str, Any], kubeconfig: str, workdir: str, budget: Any) -> None:
        self.calls, self.kubeconfig, self.workdir, self.budget = calls, kubeconfig, workdir, budget

    def note(self, what: str) -> None:
        self.calls["run"].append(["kubectl", "record", what])

    def claim_turn(self) -> None:
        self.note("claim")

    def check_turn(self) -> None:
        self.note("check")

    def stored_claim(self) -> None:
        return None

    def settle(self, data: Any = None) -> None:
        self.note("settle")

    def settle_after_failure(self) -> None:
        self.note("settle after failure")

    def finish(self, empty: Any = None) -> None:
        self.note("finish")


@pytest.fixture
def edges(installer, monkeypatch, tmp_path):
    """Replace the I/O edges (HTTP, EKS, helm); record what the handler asked for. The fault tests run it whole."""
    calls: dict[str, Any] = {"run": [], "downloads": [], "values": None, "regional": None}
    archive = tmp_path / "fixture.tar.gz"
    make_archive(archive)

    def download(url: str, destination: str, budget) -> None:
        calls["downloads"].append(url)
        Path(destination).write_bytes(archive.read_bytes())

    def try_run(argv, env, budget, cap=None, retry_transient=True) -> subprocess.CompletedProcess:
        calls["run"].append(list(argv))
        if argv[1] == "history":
            return subprocess.CompletedProcess(argv, 1, "", "Error: release: not found")
        if argv[1] == "upgrade":
            files = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--values"]
            calls["values"] = json.loads(Path(files[-1]).read_text())
            calls["regional"] = Path(files[0]).read_text() if len(files) == 2 else None
            calls["chart_files"] = sorted(str(p.relative_to(argv[4])) for p in Path(argv[4]).rglob("*") if p.is_file())
            assert env["HOME"] == env["HELM_CACHE_HOME"].rsplit("/", 1)[0]  # helm writes under the work folder
        listing = "NAME\tVERSION\tREPOSITORY\tSTATUS\n" if argv[1:3] == ["dependency", "list"] else ""
        return subprocess.CompletedProcess(argv, 0, listing, "")

    def write_kubeconfig(cluster_name: str, region: str, workdir: str):
        calls["kubeconfig_for"] = (cluster_name, region)
        return None if calls.get("cluster_gone") else f"{workdir}/kubeconfig"

    monkeypatch.setenv("AWS_REGION", "us-west-2")
    # the work folder (cluster_access.work_folder) is made with tempfile.mkdtemp
    monkeypatch.setattr(tempfile, "mkdtemp", lambda dir=None: str(tmp_path / "work"))
    (tmp_path / "work").mkdir()
    monkeypatch.setattr(installer, "download", download)
    monkeypatch.setattr(installer, "try_run", try_run)
    monkeypatch.setattr(installer, "run", lambda argv, env, budget, cap=None: try_run(argv, env, budget).stdout)
    monkeypatch.setattr(installer, "write_kubeconfig", write_kubeconfig)
    monkeypatch.setattr(installer, "ClaimedRecord", lambda name, me, kubeconfig, workdir, env, budget:
                        UncontestedRecord(calls, kubeconfig, workdir, budget))
    return calls


def test_create_installs_the_pinned_chart(installer, edges, tmp_path, budget):
    result = installer.is_complete(event("Create", {"inferenceOperators": {"enabled": False}}), budget)

    assert edges["downloads"] == [f"https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/{SHA}"]
    # the turn claimed before any helm call, checked again before the upgrade, settled once it is done
    assert [argv[1:3] for argv in edges["run"]] == [
        ["record", "claim"], ["history", "hyperpod-dependencies"], ["dependency", "list"], ["dependency", "update"],
        ["record", "check"], ["upgrade", "--install"], ["record", "settle"]]
    # only the chart folder was extracted
    assert edges["chart_files"] == [
        "Chart.yaml", "charts/gpu-operator/Chart.yaml",
        "charts/gpu-operator/regional-values/values-us-west-2.yaml", "values.yaml"]
    assert edges["values"] == {
        "global": {"region": "us-west-2"}, "health-monitoring-agent": {"region": "us-west-2"},
        "inferenceOperators": {"enabled": False}}
    assert edges["regional"] is None
    assert result == {
        "IsComplete": True,
        "Data": {"ChartPath": CHART, "GitRef": SHA, "Repository": "aws/sagemaker-hyperpod-cli",
                 "Release": "hyperpod-dependencies", "Namespace": "kube-system"}}
    assert not (tmp_path / "work").exists()  # the work folder is removed after the run


def test_on_event_checks_the_request_and_names_the_release(installer):
    assert installer.on_event(event("Create", {})) == {"PhysicalResourceId": "llm/kube-system/hyperpod-dependencies"}
    assert installer.on_event(event("Delete", {}, PhysicalResourceId="llm/ns/old")) == {"PhysicalResourceId": "llm/ns/old"}
    broken = event("Create", {})
    broken["ResourceProperties"]["GitRef"] = ""
    with pytest.raises(ValueError, match="custom resource properties missing: GitRef"):
        installer.on_event(broken)


def test_update_with_gpu_operator_prepares_the_subchart_and_its_region_mirrors(installer, edges, tmp_path, budget):
    values = {"gpu-operator": {"enabled": True}, "nvidia-device-plugin": {"devicePlugin": {"enabled": False}}}
    installer.is_complete(event("Update", values, PhysicalResourceId="llm/kube-system/hyperpod-dependencies"), budget)

    chart_dir = tmp_path / "work" / "chart"
    dependency_updates = [argv[3] for argv in edges["run"] if argv[1:3] == ["dependency", "update"]]
    # the wrapper's own remote dependency (NVIDIA's chart) first, then the parent packs the wrapper with it
    assert dependency_updates == [str(chart_dir / "charts" / "gpu-operator"), str(chart_dir)]
    assert edges["regional"] == "gpu-operator:\n  gpu-operator:\n    operator:\n      repository: \"mirror.example\"\n"
    assert edges["values"]["nvidia-device-plugin"] == {"devicePlugin": {"enabled": False}}


def test_gpu_operator_in_a_region_without_mirrors_fails_with_the_known_regions(installer, edges, monkeypatch, budget):
    monkeypatch.setenv("AWS_REGION", "me-south-1")
    with pytest.raises(RuntimeError, match="no GPU operator image mirrors for me-south-1; it has: values-us-west-2.yaml"):
        installer.is_complete(event("Create", {"gpu-operator": {"enabled": True}}), budget)
    assert edges["run"][-1][1:] == ["record", "settle after failure"]  # a later Delete keeps no tombstone for it


def test_create_on_a_missing_cluster_names_it(installer, edges, budget):
    edges["cluster_gone"] = True
    with pytest.raises(RuntimeError, match="EKS cluster llm does not exist in us-west-2"):
        installer.is_complete(event("Create", {}), budget)


def test_delete_uninstalls_the_release_named_by_the_physical_id(installer, edges, budget):
    result = installer.is_complete(event("Delete", {}, PhysicalResourceId="llm/kube-system/old-release"), budget)
    claim, history, argv, finish = edges["run"]
    assert (claim[1:], finish[1:]) == (["record", "claim"], ["record", "finish"])
    assert history[1:3] == ["history", "old-release"]  # whose it is (here: gone, so nothing to leave to anyone)
    assert argv[1:3] == ["uninstall", "old-release"] and "--ignore-not-found" in argv
    assert flag_value(argv, "--timeout") == "60s"
    assert result == {"IsComplete": True}


def flag_value(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def test_delete_when_the_cluster_is_gone_succeeds(installer, edges, budget):
    edges["cluster_gone"] = True
    installer.is_complete(event("Delete", {}, PhysicalResourceId="llm/kube-system/hyperpod-dependencies"), budget)
    assert edges["run"] == []


def test_extraction_refuses_links_that_leave_the_chart(installer, tmp_path):
    archive = tmp_path / "evil.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        chart_yaml = b"name: x\n"
        info = tarfile.TarInfo(f"{TOP}/{CHART}/Chart.yaml")
        info.size = len(chart_yaml)
        tar.addfile(info, io.BytesIO(chart_yaml))
        link = tarfile.TarInfo(f"{TOP}/{CHART}/templates/escape")
        link.type = tarfile.SYMTYPE
        link.linkname = "../../../../etc/passwd"
        tar.addfile(link)
    with pytest.raises(tarfile.FilterError):
        installer.extract_chart(str(archive), CHART, str(tmp_path / "out"))


def test_extraction_fails_when_the_ref_has_no_chart(installer, tmp_path):
    archive = tmp_path / "other.tar.gz"
    make_archive(archive)
    with pytest.raises(RuntimeError, match="no Chart.yaml under 'helm_chart/Elsewhere'"):
        installer.extract_chart(str(archive), "helm_chart/Elsewhere", str(tmp_path / "out"))


def test_eks_token_is_a_presigned_get_caller_identity_bound_to_the_cluster(cluster_access, cluster_plan, monkeypatch):
    pytest.importorskip("boto3", reason="boto3 is in the Lambda runtime; install it locally to run this check")
    for name, value in {"AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "secret",
                        "AWS_SESSION_TOKEN": "session"}.items():
        monkeypatch.setenv(name, value)
    token = cluster_access.eks_token("llm", "us-west-2")
    encoded = token.removeprefix(cluster_plan.TOKEN_PREFIX)
    url = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    assert url.startswith("https://sts.us-west-2.amazonaws.com/?Action=GetCallerIdentity&Version=2011-06-15")
    assert "X-Amz-SignedHeaders=host%3Bx-k8s-aws-id" in url and "X-Amz-Expires=60" in url
    assert "X-Amz-Security-Token=session" in url


def test_a_missing_commit_fails_at_once_naming_the_url(installer, monkeypatch, tmp_path, budget):
    import urllib.error

    attempts = []

    def not_found(request, timeout):
        attempts.append(request.full_url)
        raise urllib.error.HTTPError(request.full_url, 404, "Not Found", {}, None)

    monkeypatch.setattr(installer.urllib.request, "urlopen", not_found)
    url = f"https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/{'f' * 40}"
    with pytest.raises(RuntimeError, match=f"could not download {url}: HTTP Error 404"):
        installer.download(url, str(tmp_path / "a.tar.gz"), budget)
    assert attempts == [url]  # a 404 is final: no retry
