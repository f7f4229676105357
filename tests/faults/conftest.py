"""Fixtures that run the kubectl function the way its runtime does: fake tools on PATH, AWS behind botocore's
Stubber, a simulated clock shared by all of them, and the Provider framework in front."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterator

import pytest

from faults import fake_kubectl
from faults.harness import CloudFormationResource, ProviderFramework, SimClock, write_tool

HANDLER_DIR = Path(__file__).resolve().parents[2] / "hyperpod_constructs" / "assets" / "kubectl_handler"
if str(HANDLER_DIR) not in sys.path:
    sys.path.insert(0, str(HANDLER_DIR))  # the modules import their siblings by bare name, as in Lambda
CLUSTER = "llm"
OPERATOR_KINDS = ("InferenceEndpointConfig|inference.sagemaker.aws.amazon.com", "JumpStartModel|inference.sagemaker.aws.amazon.com",
                  "ScaledObject|keda.sh", "TriggerAuthentication|keda.sh")
REGION = "us-west-2"


def install_tool(bin_dir: Path, name: str, module: ModuleType) -> None:
    """An executable ``name`` on PATH running ``module.main`` with this test run's interpreter."""
    write_tool(bin_dir / name, f"from faults import {module.__name__.rsplit('.', 1)[-1]} as tool\n"
                               "sys.exit(tool.main(sys.argv[1:]))\n")


class FakeKube:
    """The fake cluster's state store, read and changed between calls of the function."""

    def __init__(self, path: Path) -> None:
        self.path = path
        state = fake_kubectl.empty_state()
        state["served"] = list(OPERATOR_KINDS)  # the inference operator add-on and KEDA are installed
        path.write_text(json.dumps(state))

    def read(self) -> dict[str, Any]:
        return json.loads(self.path.read_text())

    def change(self, edit: Callable[[dict[str, Any]], None]) -> None:
        state = self.read()
        edit(state)
        self.path.write_text(json.dumps(state))

    def objects(self) -> dict[str, dict[str, Any]]:
        return self.read()["objects"]

    def names(self, kind: str = "") -> set[str]:
        return {key.split("|")[3] for key in self.objects() if not kind or key.split("|")[0] == kind}

    def ours(self) -> set[str]:
        """Names of every object but the applier's record."""
        return {key.split("|")[3] for key, manifest in self.objects().items()
                if not manifest["metadata"]["name"].startswith("hyperpod-constructs-")}

    def get(self, kind: str, namespace: str, name: str) -> dict[str, Any]:
        return next(manifest for key, manifest in self.objects().items()
                    if key.split("|")[0] == kind and key.split("|")[2] == namespace and key.split("|")[3] == name)

    def record(self) -> dict[str, Any] | None:
        return next((manifest for manifest in self.objects().values()
                     if manifest["kind"] == "ConfigMap" and manifest["metadata"]["name"].startswith("hyperpod-constructs-")),
                    None)

    def calls(self, verb: str = "") -> list[list[str]]:
        return [argv for argv in self.read()["calls"] if not verb or argv[0] == verb]


class StubbedAws:
    """AWS as the function sees it: each call goes through a real botocore client wrapped in a Stubber, which
    checks the parameters and the response against the service's model."""

    def __init__(self) -> None:
        self.bundles: dict[str, bytes] = {}
        self.cluster_exists = True
        self.requests: list[tuple[str, str, dict[str, Any]]] = []

    def client(self, service: str, region: str) -> Any:
        return _StubbedClient(self, service, region)

    def answer(self, service: str, operation: str, params: dict[str, Any]) -> tuple[str, Any]:
        from botocore.response import StreamingBody

        self.requests.append((service, operation, params))
        if (service, operation) == ("eks", "describe_cluster"):
            if not self.cluster_exists:
                return "error", "ResourceNotFoundException"
            return "ok", {"cluster": {"name": params["name"], "arn": f"arn:aws:eks:{REGION}:111122223333:cluster/{CLUSTER}",
                                      "endpoint": "https://0123456789ABCDEF.gr7.us-west-2.eks.amazonaws.com",
                                      "certificateAuthority": {"data": "Y2VydGlmaWNhdGU="}}}
        if (service, operation) == ("s3", "get_object"):
            if params["Key"] not in self.bundles:
                return "error", "NoSuchKey"
            data = self.bundles[params["Key"]]
            return "ok", {"Body": StreamingBody(io.BytesIO(data), len(data)), "ContentLength": len(data)}
        raise AssertionError(f"unexpected AWS call {service}.{operation}({params})")


class _StubbedClient:
    def __init__(self, aws: StubbedAws, service: str, region: str) -> None:
        self._aws, self._service, self._region = aws, service, region

    def __getattr__(self, operation: str) -> Callable[..., Any]:
        import botocore.session
        from botocore.stub import Stubber

        def call(**params: Any) -> Any:
            client = botocore.session.get_session().create_client(
                self._service, region_name=self._region, aws_access_key_id="testing", aws_secret_access_key="testing")
            outcome, response = self._aws.answer(self._service, operation, params)
            with Stubber(client) as stubber:
                if outcome == "ok":
                    stubber.add_response(operation, response, params)
                else:
                    stubber.add_client_error(operation, service_error_code=response, http_status_code=404,
                                             expected_params=params)
                return getattr(client, operation)(**params)
        return call


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SimClock:
    import time_budget

    sim = SimClock(tmp_path / "clock.json")
    monkeypatch.setattr(time_budget, "now", sim.now)
    monkeypatch.setattr(time_budget, "pause", sim.pause)
    monkeypatch.setenv("FAKE_CLOCK", str(sim.path))
    return sim


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> StubbedAws:
    import cluster_access

    stubbed = StubbedAws()
    monkeypatch.setattr(cluster_access, "aws_client", stubbed.client)
    monkeypatch.setenv("AWS_REGION", REGION)
    # The EKS token is presigned locally (no call): any credentials do.
    for name, value in (("AWS_ACCESS_KEY_ID", "testing"), ("AWS_SECRET_ACCESS_KEY", "testing"),
                        ("AWS_DEFAULT_REGION", REGION)):
        monkeypatch.setenv(name, value)
    return stubbed


@pytest.fixture
def kube(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: SimClock) -> Iterator[FakeKube]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    install_tool(bin_dir, "kubectl", fake_kubectl)
    monkeypatch.setenv("PATH", f"{bin_dir}:{__import__('os').environ['PATH']}")
    monkeypatch.setenv("FAKE_KUBE_STATE", str(tmp_path / "kube.json"))
    yield FakeKube(tmp_path / "kube.json")


@pytest.fixture
def framework(clock: SimClock, aws: StubbedAws, kube: FakeKube) -> ProviderFramework:
    import index

    return ProviderFramework(clock, index.on_event, index.is_complete)


@pytest.fixture
def manifests(framework: ProviderFramework) -> CloudFormationResource:
    """The Custom::HyperPodManifests resource of a stack, with the ServiceTimeout the library sets."""
    from hyperpod_constructs.aws.kubectl_handler import ANSWER_MARGIN
    from hyperpod_constructs.aws.manifest_delivery import APPLY_TIMEOUT

    return CloudFormationResource(framework, "Custom::HyperPodManifests",
                                  service_timeout=APPLY_TIMEOUT.to_seconds() + ANSWER_MARGIN.to_seconds())
