"""A held endpoint's chart through the real kubectl against the loopback API server, with the add-on's CRD (v0.15.0
schema facts) installed the way the pinned chart installs it: through the real helm, run with the command line the
platform's Helm installer builds for the add-on's custom resource."""
from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import aws_cdk as cdk
import pytest
import yaml

from kube_api.server import KubeApiServer
from kube_api.tools import helm, kubectl
from support import CRD_DIR
from autoscaling.test_wake_hold import held_platform, manifests

ROUTE_CRD = CRD_DIR / "http.keda.sh_interceptorroutes.yaml"
ENDPOINT_CRD = CRD_DIR / "inference.sagemaker.aws.amazon.com_inferenceendpointconfigs.yaml"


@pytest.fixture
def server() -> Iterator[KubeApiServer]:
    with KubeApiServer() as running:
        yield running


def apply(server: KubeApiServer, objects: list[dict[str, Any]]) -> Any:
    return kubectl(server, "apply", "--server-side", "-f", "-", stdin=yaml.safe_dump_all(objects))


def test_the_held_endpoints_chart_applies_with_the_real_kubectl(server: KubeApiServer) -> None:
    _, platform = held_platform()
    server.install_crd_file(ENDPOINT_CRD)
    server.install_crd_file(ROUTE_CRD)
    kubectl(server, "create", "namespace", "default")
    chart = [manifest for kind in ("InferenceEndpointConfig", "InterceptorRoute", "ConfigMap", "Deployment", "Service")
             for manifest in manifests(platform, kind)]
    assert len(chart) == 5  # the endpoint, its route and the route's fallback
    result = apply(server, chart)
    assert result.returncode == 0, result.stderr
    assert "interceptorroute.http.keda.sh/llama serverside-applied" in result.stdout
    for kind in ("configmap", "deployment.apps", "service"):
        assert f"{kind}/llama-wake-fallback serverside-applied" in result.stdout
    stored = json.loads(kubectl(server, "get", "interceptorroute", "llama", "-n", "default", "-o", "json").stdout)
    assert stored["spec"]["timeouts"] == {"readiness": "900s"}
    assert stored["spec"]["target"] == {"service": "llama", "port": 8080}
    # The route's fallback is the Service applied beside it, on a port that Service serves.
    fallback = stored["spec"]["coldStart"]["fallback"]["service"]
    service = json.loads(kubectl(server, "get", "service", fallback["name"], "-n", "default", "-o", "json").stdout)
    assert fallback["port"] in [port["port"] for port in service["spec"]["ports"]]


def test_a_field_the_add_ons_crd_does_not_have_is_refused_by_the_server(server: KubeApiServer) -> None:
    _, platform = held_platform()
    server.install_crd_file(ROUTE_CRD)
    [route] = manifests(platform, "InterceptorRoute")
    route["spec"]["scaleTargetRef"] = {"name": "llama"}  # HTTPScaledObject's field, not a route's
    result = apply(server, [route])
    assert result.returncode == 1
    assert 'unknown field "spec.scaleTargetRef"' in result.stderr, result.stderr


def test_the_installers_command_installs_the_routes_crd_with_the_real_helm(
        server: KubeApiServer, plan: ModuleType, tmp_path: Path) -> None:
    stack, platform = held_platform()
    template = cdk.assertions.Template.from_stack(stack).to_json()
    [properties] = [resource["Properties"] for resource in template["Resources"].values()
                    if resource["Type"] == "Custom::HyperPodHelmChart"
                    and resource["Properties"]["Repository"] == "kedacore/charts"]
    request = plan.parse_properties({**properties, "ClusterName": "llm"})
    # A stand-in for the chart folder (the real chart is not carried in the project): it ships the route's CRD in
    # templates/crds/, as kedacore/charts http-add-on 0.15.0 does, from the schema facts of the same release.
    chart = tmp_path / request.chart_path
    (chart / "templates" / "crds").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: keda-add-ons-http\nversion: 0.15.0\n")
    (chart / "templates" / "crds" / "crd-interceptorroutes.yaml").write_text(ROUTE_CRD.read_text())
    values = tmp_path / "values.json"
    values.write_text(json.dumps(plan.deep_merge(plan.region_defaults("us-west-2"), request.values)))
    argv = plan.upgrade_argv(request, str(chart), [str(values)], "unused", 600, "digest",
                             "stack.KedaHttpAddOn.0123456789abcdef")
    kubeconfig = argv.index("--kubeconfig")
    result = helm(server, *argv[1:kubeconfig], *argv[kubeconfig + 2:])  # helm() brings the loopback kubeconfig
    assert result.returncode == 0, result.stderr
    assert ("--namespace", "keda") == tuple(argv[kubeconfig - 2:kubeconfig])
    [route] = manifests(platform, "InterceptorRoute")
    kubectl(server, "create", "namespace", "default")
    applied = apply(server, [route])
    assert applied.stdout == "interceptorroute.http.keda.sh/llama serverside-applied\n", applied.stderr
