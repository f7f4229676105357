"""The handler's flow with its edges (HTTP, boto3, helm) replaced; the tar extraction runs for real."""
from __future__ import annotations

import base64
import io
import json
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
        "RequestType": request_type,
        "ResourceProperties": {
            "ServiceToken": "token", "ClusterName": "llm", "Repository": "aws/sagemaker-hyperpod-cli",
            "ChartPath": CHART, "GitRef": SHA, "Release": "hyperpod-dependencies", "Namespace": "kube-system",
            "Values": json.dumps(values), "Wait": "false",
        },
        **extra,
    }


@pytest.fixture
def edges(installer, monkeypatch, tmp_path):
    """Replace the I/O edges; record what the handler asked for."""
    calls: dict[str, Any] = {"run": [], "downloads": [], "values": None, "regional": None}
    archive = tmp_path / "fixture.tar.gz"
    make_archive(archive)

    def download(url: str, destination: str) -> None:
        calls["downloads"].append(url)
        Path(destination).write_bytes(archive.read_bytes())

    def run(argv, env) -> None:
        calls["run"].append(list(argv))
        if argv[1] == "upgrade":
            files = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--values"]
            calls["values"] = json.loads(Path(files[-1]).read_text())
            calls["regional"] = Path(files[0]).read_text() if len(files) == 2 else None
            calls["chart_files"] = sorted(str(p.relative_to(argv[4])) for p in Path(argv[4]).rglob("*") if p.is_file())
            assert env["HOME"] == env["HELM_CACHE_HOME"].rsplit("/", 1)[0]  # helm writes under the work folder

    def write_kubeconfig(cluster_name: str, region: str, workdir: str):
        calls["kubeconfig_for"] = (cluster_name, region)
        return None if calls.get("cluster_gone") else f"{workdir}/kubeconfig"

    monkeypatch.setenv("AWS_REGION", "us-west-2")
    monkeypatch.setattr(installer.tempfile, "mkdtemp", lambda dir=None: str(tmp_path / "work"))
    (tmp_path / "work").mkdir()
    monkeypatch.setattr(installer, "download", download)
    monkeypatch.setattr(installer, "run", run)
    monkeypatch.setattr(installer, "write_kubeconfig", write_kubeconfig)
    monkeypatch.setattr(installer, "wait_for_cluster_access", lambda kubeconfig, env: None)
    return calls


def test_create_installs_the_pinned_chart(installer, edges, tmp_path):
    result = installer.handler(event("Create", {"inferenceOperators": {"enabled": False}}), None)

    assert edges["downloads"] == [f"https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/{SHA}"]
    assert [argv[1:3] for argv in edges["run"]] == [["dependency", "update"], ["upgrade", "--install"]]
    # only the chart folder was extracted
    assert edges["chart_files"] == [
        "Chart.yaml", "charts/gpu-operator/Chart.yaml",
        "charts/gpu-operator/regional-values/values-us-west-2.yaml", "values.yaml"]
    assert edges["values"] == {
        "global": {"region": "us-west-2"}, "health-monitoring-agent": {"region": "us-west-2"},
        "inferenceOperators": {"enabled": False}}
    assert edges["regional"] is None
    assert result == {
        "PhysicalResourceId": "llm/kube-system/hyperpod-dependencies",
        "Data": {"ChartPath": CHART, "GitRef": SHA, "Repository": "aws/sagemaker-hyperpod-cli",
                 "Release": "hyperpod-dependencies", "Namespace": "kube-system"}}
    assert not (tmp_path / "work").exists()  # the work folder is removed after the run


def test_update_with_gpu_operator_prepares_the_subchart_and_its_region_mirrors(installer, edges, tmp_path):
    values = {"gpu-operator": {"enabled": True}, "nvidia-device-plugin": {"devicePlugin": {"enabled": False}}}
    installer.handler(event("Update", values, PhysicalResourceId="llm/kube-system/hyperpod-dependencies"), None)

    chart_dir = tmp_path / "work" / "chart"
    dependency_updates = [argv[3] for argv in edges["run"] if argv[1] == "dependency"]
    # the wrapper's own remote dependency (NVIDIA's chart) first, then the parent packs the wrapper with it
    assert dependency_updates == [str(chart_dir / "charts" / "gpu-operator"), str(chart_dir)]
    assert edges["regional"] == "gpu-operator:\n  gpu-operator:\n    operator:\n      repository: \"mirror.example\"\n"
    assert edges["values"]["nvidia-device-plugin"] == {"devicePlugin": {"enabled": False}}


def test_gpu_operator_in_a_region_without_mirrors_fails_with_the_known_regions(installer, edges, monkeypatch):
    monkeypatch.setenv("AWS_REGION", "me-south-1")
    with pytest.raises(RuntimeError, match="no GPU operator image mirrors for me-south-1; it has: values-us-west-2.yaml"):
        installer.handler(event("Create", {"gpu-operator": {"enabled": True}}), None)


def test_delete_uninstalls_the_release_named_by_the_physical_id(installer, edges):
    result = installer.handler(event("Delete", {}, PhysicalResourceId="llm/kube-system/old-release"), None)
    (argv,) = edges["run"]
    assert argv[1:3] == ["uninstall", "old-release"] and "--ignore-not-found" in argv
    assert result == {"PhysicalResourceId": "llm/kube-system/old-release"}


def test_delete_when_the_cluster_is_gone_succeeds(installer, edges):
    edges["cluster_gone"] = True
    installer.handler(event("Delete", {}, PhysicalResourceId="llm/kube-system/hyperpod-dependencies"), None)
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


def test_eks_token_is_a_presigned_get_caller_identity_bound_to_the_cluster(cluster_access, cluster_plan):
    boto3 = pytest.importorskip("boto3", reason="boto3 is in the Lambda runtime; install it locally to run this check")
    session = boto3.session.Session(aws_access_key_id="AKIDEXAMPLE", aws_secret_access_key="secret",
                                    aws_session_token="session", region_name="us-west-2")
    token = cluster_access.eks_token(session, "llm", "us-west-2")
    encoded = token.removeprefix(cluster_plan.TOKEN_PREFIX)
    url = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    assert url.startswith("https://sts.us-west-2.amazonaws.com/?Action=GetCallerIdentity&Version=2011-06-15")
    assert "X-Amz-SignedHeaders=host%3Bx-k8s-aws-id" in url and "X-Amz-Expires=60" in url
    assert "X-Amz-Security-Token=session" in url


def test_a_missing_ref_names_the_url(installer, monkeypatch, tmp_path):
    import urllib.error

    def not_found(request, timeout):
        raise urllib.error.HTTPError(request.full_url, 404, "Not Found", {}, None)

    monkeypatch.setattr(installer.urllib.request, "urlopen", not_found)
    url = "https://codeload.github.com/aws/sagemaker-hyperpod-cli/tar.gz/v0.0.1"
    with pytest.raises(RuntimeError, match=f"could not download {url}: HTTP Error 404"):
        installer.download(url, str(tmp_path / "a.tar.gz"))
