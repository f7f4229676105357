"""The KEDA HTTP add-on, installed at deploy time by the platform's Helm installer (as the HyperPod dependency chart
is): its interceptor holds requests to endpoints with a ``WakeHold`` while they wake from zero.

The chart (``kedacore/charts``, folder ``http-add-on``, version 0.15.0 = add-on v0.15.0) is pinned to a commit, as the
dependency chart is. It installs the ``HTTPScaledObject`` and ``InterceptorRoute`` CRDs and runs the interceptor, the
add-on's operator and its scaler; its own ScaledObject scales the interceptor fleet, so KEDA (which the inference
operator add-on brings) must be installed first. The endpoints' routes create no ScaledObject.
"""
from __future__ import annotations

import json
from typing import Sequence

from aws_cdk import CustomResource, aws_eks_v2 as eks
from constructs import Construct

from ..intent.wake_hold import ADD_ON_NAMESPACE
from .hyperpod_dependencies import INSTALL_TIMEOUT, RESOURCE_TYPE
from .kubectl_handler import KubectlHandler

REPOSITORY = "kedacore/charts"
CHART_PATH = "http-add-on"
# kedacore/charts "feat(http-add-on): release v0.15.0 (#878)", 2026-06-15: chart 0.15.0, appVersion 0.15.0.
GIT_REF = "c4b92e9eed0ddc6668b1395d5f137e3ad4baa3d4"
CHART_VERSION = "0.15.0"
RELEASE = "keda-add-ons-http"


class WakeHoldAddOn(Construct):
    """``Custom::HyperPodHelmChart`` installing the pinned KEDA HTTP add-on chart with ``handler`` after ``after``."""

    def __init__(self, scope: Construct, construct_id: str, *, cluster: eks.ICluster, handler: KubectlHandler,
                 after: Sequence[Construct]) -> None:
        super().__init__(scope, construct_id)
        self._resource = handler.custom_resource(
            self, "Resource", resource_type=RESOURCE_TYPE, timeout=INSTALL_TIMEOUT,
            properties={
                "ClusterName": cluster.cluster_name, "Repository": REPOSITORY, "ChartPath": CHART_PATH,
                "GitRef": GIT_REF, "Release": RELEASE, "Namespace": ADD_ON_NAMESPACE,
                "Values": json.dumps({}, sort_keys=True), "Wait": "false",
            })
        self._resource.node.add_dependency(handler.access_entry, *after)

    @property
    def resource(self) -> CustomResource:
        """The install; what applies the routes depends on it (their CRD comes with the chart)."""
        return self._resource
