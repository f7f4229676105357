"""Fixtures that run the kubectl function the way its runtime does: the kubectl and helm the function ships (from
the pinned layer package) against a Kubernetes API server on loopback (tests/kube_api), AWS behind botocore's
Stubber, one simulated clock for the handler and the server, and the Provider framework in front."""
from __future__ import annotations

import copy
import functools
import io
import os
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator, Optional

import pytest
import yaml

from faults.harness import CloudFormationResource, ProviderFramework, SimClock
from hyperpod_constructs.delivery.bundle import PLATFORM_LABEL
from kube_api import binaries
from kube_api.server import KubeApiServer
from support import merge_spec_properties, newer_operator_fields

REPO = Path(__file__).resolve().parents[2]
CRD_FACTS = REPO / "tests" / "data" / "schemas" / "crds"
CLUSTER = "llm"
REGION = "us-west-2"
RECORD_PREFIX = "hyperpod-constructs-"
# What the inference operator add-on and KEDA install on every cluster the platform deploys to.
OPERATOR_CRDS = ("inference.sagemaker.aws.amazon.com_inferenceendpointconfigs.yaml",
                 "inference.sagemaker.aws.amazon.com_jumpstartmodels.yaml",
                 "inference.sagemaker.aws.amazon.com_modelweightscacheconfigs.yaml",
                 "keda.sh_scaledobjects.yaml", "keda.sh_triggerauthentications.yaml")
KARPENTER_CRD = "karpenter.sh_nodepools.yaml"


def operator_crds() -> list[dict[str, Any]]:
    """OPERATOR_CRDS with the spec fields of the newer operator that the Inference Gateway's add-on runs
    (``newer_operator_fields()``, as the manifest checks read them): an endpoint attached to a gateway is valid there.
    Copies: each test's cluster gets CRDs of its own."""
    return copy.deepcopy(list(_operator_crds()))


@functools.lru_cache(maxsize=1)
def _operator_crds() -> tuple[dict[str, Any], ...]:
    # Parsed once per process with libyaml: the pure-Python parser took seconds per test over these megabytes.
    newer = newer_operator_fields()
    crds = []
    for name in OPERATOR_CRDS:
        for crd in yaml.load_all((CRD_FACTS / name).read_text(), Loader=yaml.CSafeLoader):
            group, kind = crd["spec"]["group"], crd["spec"]["names"]["kind"]
            for version in crd["spec"]["versions"]:
                fields = (newer.get(f"{group}/{version['name']}") or {}).get(kind)
                if fields:
                    spec = version["schema"]["openAPIV3Schema"]["properties"]["spec"]
                    merge_spec_properties(spec["properties"], fields)
            crds.append(crd)
    return tuple(crds)


def hyperpod_node_class_crd() -> dict[str, Any]:
    """HyperPod serves HyperpodNodeClass once the cluster's autoscaling is InService; its CRD is not published, so
    its schema here keeps every field."""
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": "hyperpodnodeclasses.karpenter.sagemaker.amazonaws.com"},
            "spec": {"group": "karpenter.sagemaker.amazonaws.com", "scope": "Cluster",
                     "names": {"kind": "HyperpodNodeClass", "plural": "hyperpodnodeclasses",
                               "singular": "hyperpodnodeclass", "listKind": "HyperpodNodeClassList"},
                     "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
                         "type": "object", "x-kubernetes-preserve-unknown-fields": True}}}]}}


# The Inference Gateway's CRD, written by hand from AWS's documentation (the add-on installs it; it is not published).
INFERENCE_GATEWAY_CRD = REPO / "tests" / "data" / "inference_gateway" / "inferencegatewayconfigs.crd.yaml"


def gateway_api_crds() -> list[dict[str, Any]]:
    """Gateway and HTTPRoute as served kinds, which the gateway controller installs at its own start-up (their
    schemas do not matter to the applier, which never applies one)."""
    return [{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
             "metadata": {"name": f"{plural}.gateway.networking.k8s.io"},
             "spec": {"group": "gateway.networking.k8s.io", "scope": "Namespaced",
                      "names": {"kind": kind, "plural": plural, "singular": kind.lower()},
                      "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
                          "type": "object", "x-kubernetes-preserve-unknown-fields": True}}}]}}
            for kind, plural in (("Gateway", "gateways"), ("HTTPRoute", "httproutes"))]


class ToolCalls:
    """Every kubectl/helm command line the handlers ran, run by the real binaries, with when it started on the
    simulated clock. A call's timeout holds on the simulated clock too: a call whose simulated latency outlasts it
    ends as ``subprocess.run`` ends one that is killed at its timeout, with the clock at that moment (what the server
    did until then stays done)."""

    def __init__(self, clock: SimClock) -> None:
        self.clock = clock
        self.calls: list[tuple[float, list[str]]] = []  # (when it started, [tool, *arguments])

    def run(self, argv: list[str], timeout: Optional[float] = None, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        started = self.clock.now()
        self.calls.append((started, [Path(argv[0]).name, *argv[1:]]))
        result = subprocess.run(argv, timeout=timeout, **kwargs)
        if timeout is not None and self.clock.now() - started > timeout:
            self.clock.rewind_to(started + timeout)
            raise subprocess.TimeoutExpired(argv, timeout)
        return result

    def of(self, tool: str, verb: str = "") -> list[list[str]]:
        return [argv[1:] for _, argv in self.calls if argv[0] == tool and (not verb or argv[1:2] == [verb])]

    def started(self, tool: str, verb: str) -> list[float]:
        return [when for when, argv in self.calls if argv[0] == tool and argv[1:2] == [verb]]


class Cluster:
    """The API server's state as the tests read it, and the command lines the function ran against it."""

    def __init__(self, server: KubeApiServer, calls: ToolCalls) -> None:
        self.server = server
        self.tool_calls = calls

    def objects(self, kind: Optional[str] = None) -> list[dict[str, Any]]:
        return self.server.objects(kind)

    def names(self, kind: Optional[str] = None) -> set[str]:
        return {item["metadata"]["name"] for item in self.objects(kind)}

    def ours(self) -> set[str]:
        """Names of every object carrying a platform label (this platform's and copies), the record left out."""
        return {item["metadata"]["name"] for item in self.objects()
                if PLATFORM_LABEL in (item["metadata"].get("labels") or {})
                and not item["metadata"]["name"].startswith(RECORD_PREFIX)}

    def get(self, api_version: str, kind: str, namespace: Optional[str], name: str) -> Optional[dict[str, Any]]:
        return self.server.get(api_version, kind, namespace, name)

    def record(self) -> Optional[dict[str, Any]]:
        return next((item for item in self.objects("ConfigMap")
                     if item["metadata"]["name"].startswith(RECORD_PREFIX)
                     and item["metadata"].get("namespace") == "kube-system"), None)

    def calls(self, verb: str = "") -> list[list[str]]:
        return self.tool_calls.of("kubectl", verb)


class StubbedAws:
    """AWS as the function sees it: each call goes through a real botocore client wrapped in a Stubber, which
    checks the parameters and the response against the service's model. DescribeCluster answers with the loopback
    API server's address and CA."""

    def __init__(self, server: KubeApiServer) -> None:
        self.server = server
        self.bundles: dict[str, bytes] = {}
        self.cluster_exists = True
        self.describe_fails = 0  # how many of the next DescribeCluster calls fail (the EKS API unavailable)
        self.requests: list[tuple[str, str, dict[str, Any]]] = []

    def client(self, service: str, region: str) -> Any:
        return _StubbedClient(self, service, region)

    def break_describe_cluster(self) -> None:
        """The next DescribeCluster fails as EKS does when its API is unavailable."""
        self.describe_fails = 1

    def answer(self, service: str, operation: str, params: dict[str, Any]) -> tuple[str, Any]:
        from botocore.response import StreamingBody

        self.requests.append((service, operation, params))
        if (service, operation) == ("eks", "describe_cluster"):
            if not self.cluster_exists:
                return "error", ("ResourceNotFoundException", 404)
            if self.describe_fails:
                self.describe_fails -= 1
                return "error", ("ServiceUnavailableException", 503)
            return "ok", {"cluster": {"name": params["name"], "arn": f"arn:aws:eks:{REGION}:111122223333:cluster/{CLUSTER}",
                                      "endpoint": self.server.url,
                                      "certificateAuthority": {"data": self.server.ca_data}}}
        if (service, operation) == ("s3", "get_object"):
            if params["Key"] not in self.bundles:
                return "error", ("NoSuchKey", 404)
            data = self.bundles[params["Key"]]
            return "ok", {"Body": StreamingBody(io.BytesIO(data), len(data)), "ContentLength": len(data)}
        raise AssertionError(f"unexpected AWS call {service}.{operation}({params})")


@functools.lru_cache(maxsize=None)
def _botocore_client(service: str, region: str) -> Any:
    """One real client per service and region for the whole run: a new one loads the service's model from disk
    (a tenth of a second each, for every AWS call of every test). Each call gets a Stubber of its own."""
    import botocore.session

    return botocore.session.get_session().create_client(
        service, region_name=region, aws_access_key_id="testing", aws_secret_access_key="testing")


@functools.lru_cache(maxsize=None)
def _boto3_session(session_class: type, region_name: Optional[str]) -> Any:
    """One boto3 session per region for the real token, which the function presigns with a new session each time
    (credentials and models loaded again: a tenth of a second per token). Every test sets the same credentials."""
    return session_class(region_name=region_name)


class _StubbedClient:
    def __init__(self, aws: StubbedAws, service: str, region: str) -> None:
        self._aws, self._service, self._region = aws, service, region

    def __getattr__(self, operation: str) -> Callable[..., Any]:
        from botocore.stub import Stubber

        def call(**params: Any) -> Any:
            client = _botocore_client(self._service, self._region)
            outcome, response = self._aws.answer(self._service, operation, params)
            with Stubber(client) as stubber:
                if outcome == "ok":
                    stubber.add_response(operation, response, params)
                else:
                    code, status = response
                    stubber.add_client_error(operation, service_error_code=code, http_status_code=status,
                                             expected_params=params)
                return getattr(client, operation)(**params)
        return call


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> SimClock:
    import time_budget

    sim = SimClock()
    monkeypatch.setattr(time_budget, "now", sim.now)
    monkeypatch.setattr(time_budget, "pause", sim.pause)
    return sim


@pytest.fixture
def api_server(clock: SimClock) -> Iterator[KubeApiServer]:
    """An empty cluster with the inference operator's and KEDA's CRDs, as the platform finds it."""
    server = KubeApiServer(now=clock.now, advance=clock.pause)
    server.start()
    for crd in operator_crds():
        server.install_crd(crd)
    yield server
    server.stop()


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch, api_server: KubeApiServer) -> StubbedAws:
    import boto3.session
    import cluster_access

    stubbed = StubbedAws(api_server)
    monkeypatch.setattr(cluster_access, "aws_client", stubbed.client)
    session_class = boto3.session.Session
    monkeypatch.setattr(boto3.session, "Session", lambda region_name=None: _boto3_session(session_class, region_name))
    presign = cluster_access.eks_token

    def eks_token(cluster_name: str, region: str) -> str:
        token = presign(cluster_name, region)  # the real token, made as in Lambda ...
        assert token.startswith("k8s-aws-v1."), token
        return api_server.token  # ... and the one the loopback server accepts in its place
    monkeypatch.setattr(cluster_access, "eks_token", eks_token)
    monkeypatch.setenv("AWS_REGION", REGION)
    for name, value in (("AWS_ACCESS_KEY_ID", "testing"), ("AWS_SECRET_ACCESS_KEY", "testing"),
                        ("AWS_DEFAULT_REGION", REGION)):
        monkeypatch.setenv(name, value)
    return stubbed


@pytest.fixture
def kube(monkeypatch: pytest.MonkeyPatch, api_server: KubeApiServer, clock: SimClock) -> Cluster:
    """The cluster, with the layer's kubectl and helm first on PATH (the handlers find them as in Lambda)."""
    import cluster_access

    monkeypatch.setenv("PATH", binaries.path_with_tools(os.environ["PATH"]))
    calls = ToolCalls(clock)
    monkeypatch.setattr(cluster_access, "subprocess", SimpleNamespace(run=calls.run, TimeoutExpired=subprocess.TimeoutExpired,
                                                                      CompletedProcess=subprocess.CompletedProcess))
    return Cluster(api_server, calls)


@pytest.fixture
def framework(clock: SimClock, aws: StubbedAws, kube: Cluster) -> ProviderFramework:
    import index

    return ProviderFramework(clock, index.on_event, index.is_complete)


@pytest.fixture
def manifests(framework: ProviderFramework) -> CloudFormationResource:
    """The Custom::HyperPodManifests resource of a stack, with the ServiceTimeout the library sets."""
    from hyperpod_constructs.aws.kubectl_handler import ANSWER_MARGIN
    from hyperpod_constructs.delivery.applier import APPLY_TIMEOUT

    return CloudFormationResource(framework, "Custom::HyperPodManifests",
                                  service_timeout=APPLY_TIMEOUT.to_seconds() + ANSWER_MARGIN.to_seconds())
