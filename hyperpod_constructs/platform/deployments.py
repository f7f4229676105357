"""Handles on what the platform delivers to Kubernetes: one construct per cdk8s chart (one file in ``manifests/``).

A handle's chart is the one source of its manifests for both outputs: the platform reads them only when an output
needs them (the ``cdk deploy`` bundle at synth, ``platform.export()``), so a change made on the chart with cdk8s's
own escape hatch (``deployment.api_object.add_json_patch(...)``, ``cdk8s.ApiObject.of(...)``) reaches both.

The chart is created the first time ``.chart``, ``.api_objects`` or ``.api_object`` is read. Until then the
manifests are rendered in plain Python exactly as cdk8s would (``k8s.api_objects.rendered``), so an endpoint nobody
touches costs no cdk8s jsii round trip; each chart has its own cdk8s App, because cdk8s prepares and validates a
chart's whole App every time it renders one chart.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

import cdk8s
from aws_cdk import Stack, aws_iam as iam
from constructs import Construct

from ..aws.principal_grants import grant_to_principal
from ..errors import require
from ..intent.tokens import is_token
from ..k8s.api_objects import rendered
from ..resolve.endpoint import Endpoint

BuildChart = Callable[[cdk8s.Chart], Sequence[cdk8s.ApiObject]]
# What a client of a SageMaker endpoint calls (SageMaker Runtime): a whole response, or one streamed token by token.
INVOKE_ACTIONS = ("sagemaker:InvokeEndpoint", "sagemaker:InvokeEndpointWithResponseStream")


class ChartDeployment(Construct):
    """One chart the platform delivers: ``.chart`` and ``.api_objects`` are cdk8s's, change them before synth/export.

    ``chart_name`` names the file (``manifests/<chart_name>.k8s.yaml``). ``build`` adds the objects to the chart and
    returns them; ``manifests`` (optional), the same objects as the k8s layer renders them to dicts, stand in for
    the chart until it is touched (without them the chart is created at once).
    """

    def __init__(self, scope: Construct, construct_id: str, *, chart_name: str, build: BuildChart,
                 manifests: Optional[Sequence[Mapping[str, Any]]] = None) -> None:
        """A handle the platform makes (``add_chart``, ``add_scaled_workloads``, ``node_pools`` ...).

        Args:
            chart_name: The chart's name, which names its file. Required.
            build: Adds the objects to a new chart and returns them. Required.
            manifests: The same objects as dicts, standing in for the chart until it is touched. Default: None
                (the chart is created at once).
        """
        super().__init__(scope, construct_id)
        self._chart_name = chart_name
        self._build = build
        self._manifests = manifests
        self._chart: Optional[cdk8s.Chart] = None
        self._api_objects: tuple[cdk8s.ApiObject, ...] = ()
        self._python_manifests: Optional[list[dict[str, Any]]] = None
        if manifests is None:
            _ = self.chart

    @property
    def chart_name(self) -> str:
        """The chart's name: its file is ``manifests/<chart_name>.k8s.yaml``."""
        return self._chart_name

    @property
    def chart(self) -> cdk8s.Chart:
        """The cdk8s chart holding this deployment's objects (created on first use)."""
        if self._chart is None:
            chart = cdk8s.Chart(cdk8s.App(), self._chart_name, disable_resource_name_hashes=True)
            self._api_objects = tuple(self._build(chart))
            self._chart = chart
        return self._chart

    @property
    def api_objects(self) -> tuple[cdk8s.ApiObject, ...]:
        """The objects the platform put in the chart, in file order (objects you add yourself are not listed)."""
        _ = self.chart
        return self._api_objects

    def manifests(self) -> list[dict[str, Any]]:
        """The manifests as the chart holds them now: from cdk8s once the chart exists, else rendered in Python."""
        if self._chart is not None:
            return self._chart.to_json()
        if self._python_manifests is None:
            assert self._manifests is not None  # else the chart exists
            self._python_manifests = [rendered(manifest) for manifest in self._manifests]
        return self._python_manifests


class EndpointDeployment(ChartDeployment):
    """An endpoint on the platform: the intent value as declared (``.endpoint``), its chart and its
    operator custom resource (``.api_object``, an InferenceEndpointConfig or JumpStartModel)."""

    def __init__(self, scope: Construct, construct_id: str, *, endpoint: Endpoint, namespace: str,
                 build: BuildChart, manifest: Mapping[str, Any],
                 companions: Sequence[Mapping[str, Any]] = (), sizing_reasons: Sequence[str] = ()) -> None:
        """The handle ``add_endpoint`` returns.

        Args:
            endpoint: The endpoint as declared. Required.
            namespace: The namespace it is deployed to. Required.
            build: Adds the operator's custom resource to a new chart and returns it. Required.
            manifest: The custom resource as a dict, standing in for the chart until it is touched. Required.
            companions: The objects delivered with it (the wake hold's InterceptorRoute), as dicts. Default: none.
            sizing_reasons: Why the endpoint has its size, when a preset sized it. Default: none.
        """
        super().__init__(scope, construct_id, chart_name=endpoint_chart_name(namespace, endpoint.name), build=build,
                         manifests=[manifest, *companions])
        self._endpoint = endpoint
        self._namespace = namespace
        self._sizing_reasons = tuple(sizing_reasons)

    @property
    def endpoint(self) -> Endpoint:
        """The endpoint as added (an ``InferenceEndpoint`` or ``JumpStartEndpoint``); ``.defaults`` holds what its
        fields left to the library, worked out."""
        return self._endpoint

    @property
    def namespace(self) -> str:
        """The namespace the endpoint is deployed to."""
        return self._namespace

    @property
    def sizing_reasons(self) -> tuple[str, ...]:
        """Why the endpoint has its size, one line each, when ``add_preset_endpoint`` added it (the plan shows
        them); empty for an endpoint added with ``add_endpoint``."""
        return self._sizing_reasons

    @property
    def sagemaker_endpoint_arn(self) -> Optional[str]:
        """The ARN of the SageMaker endpoint the operator registers for this endpoint (``sagemaker_endpoint_name``),
        or None when it registers none. SageMaker writes endpoint names in lowercase in ARNs, so a literal name is
        lowercased here (a CloudFormation token is used as it is)."""
        name = self._endpoint.sagemaker_endpoint_name
        if name is None:
            return None
        return Stack.of(self).format_arn(service="sagemaker", resource="endpoint",
                                         resource_name=name if is_token(name) else name.lower())

    def grant_invoke(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` (a role of yours: an application, a function) call this endpoint through SageMaker
        Runtime: ``sagemaker:InvokeEndpoint`` and ``sagemaker:InvokeEndpointWithResponseStream`` on its SageMaker
        endpoint only. The endpoint must register one (``sagemaker_endpoint_name=``): its load balancer and in-cluster
        service are reached over the network, which IAM does not guard. Returns the ``iam.Grant``."""
        arn = self.sagemaker_endpoint_arn
        require(arn is not None, self.node.path, "sagemaker_endpoint_name", None,
                "a SageMaker endpoint name on the endpoint (sagemaker_endpoint_name='...'): grant_invoke grants "
                "SageMaker Runtime calls, and without a name the operator registers no SageMaker endpoint")
        assert arn is not None
        return grant_to_principal(self.node.path, grantee, INVOKE_ACTIONS, [arn])

    @property
    def api_object(self) -> cdk8s.ApiObject:
        """The operator's custom resource (InferenceEndpointConfig or JumpStartModel) as a ``cdk8s.ApiObject``: patch
        fields the library does not model with ``add_json_patch``."""
        return self.api_objects[0]


def endpoint_chart_name(namespace: str, name: str) -> str:
    return f"endpoint-{namespace}-{name}"


def endpoint_construct_id(name: str, namespace: str, platform_namespace: str) -> str:
    """The endpoint's name; ``<name>.<namespace>`` outside the platform's namespace. A name is a DNS label (no dots),
    so the two forms never meet and equal names in different namespaces get different ids."""
    return name if namespace == platform_namespace else f"{name}.{namespace}"

