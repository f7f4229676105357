"""The platform's part of a wake hold: the KEDA HTTP add-on installed once (after KEDA, before the routes are
applied), and at synth each held endpoint's time budget checked against the plan, as warnings on the endpoint."""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from aws_cdk import aws_eks_v2 as eks
from constructs import Construct

from ..aws.kubectl_handler import KubectlHandler
from ..aws.synth_time import at_synth
from ..aws.wake_hold_add_on import CHART_PATH, CHART_VERSION, GIT_REF, REPOSITORY, WakeHoldAddOn
from ..errors import Advice
from ..intent.wake_hold import ADD_ON_NAMESPACE
from ..k8s.wake_hold import wake_hold_of
from ..planner.wake_hold_budget import WakeHoldBudget
from ..resolve.platform_model import ResolvedEndpoint
from .advice import advise
from .applier_part import ManifestApplication

ADD_ON_ID = "WakeHoldAddOn"


def hold_requests(scope: Construct, endpoint: ResolvedEndpoint, deployment: Construct, *,
                  handler: Optional[KubectlHandler], cluster: eks.ICluster, after: Sequence[Construct],
                  application: ManifestApplication,
                  budget: Callable[[str], Optional[WakeHoldBudget]]) -> None:
    """For an endpoint with a wake hold (nothing otherwise): the add-on under ``scope`` (the platform) unless there
    already, and the budget's warnings on ``deployment`` at synth (``budget(name)``: the plan's figures for the
    endpoint)."""
    if wake_hold_of(endpoint) is None:
        return
    if handler is None:
        advise(deployment, [Advice("wake-hold-add-on-not-installed", (
            f"{endpoint.where}: wake_hold needs the KEDA HTTP add-on, and this stack has no function to install it "
            f"(manifests delivered by GitOps, no dependency chart): install chart {REPOSITORY} folder {CHART_PATH} "
            f"at {GIT_REF} (version {CHART_VERSION}) into namespace {ADD_ON_NAMESPACE} before the endpoint's "
            "InterceptorRoute"))], "endpoint")
    elif scope.node.try_find_child(ADD_ON_ID) is None:
        add_on = WakeHoldAddOn(scope, ADD_ON_ID, cluster=cluster, handler=handler, after=after)
        application.apply_after(add_on.resource)  # the InterceptorRoute's CRD comes with the chart

    def check() -> None:
        figures = budget(endpoint.name)
        if figures is not None:
            advise(deployment, figures.findings(), "endpoint")
    at_synth(deployment, "WakeHoldBudget", check)
