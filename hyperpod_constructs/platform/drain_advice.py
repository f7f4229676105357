"""Advice when a DrainFirst group's drain timeout is shorter than the time its endpoints' evicted pods take to be
ready again elsewhere.

A drain evicts the pods of the nodes in a batch. Where a PodDisruptionBudget protects an endpoint's replicas, an
eviction waits until a replacement is ready; a replacement pod on a node that is already there pulls its image,
reads its weights, starts its engine and joins the load balancer: the cold start's image, weights, engine and route
parts (``planner.cold_start``; no detect, no new node). A timeout shorter than that either leaves the node unpatched
(``on_drain_timeout="Skip"``, the failure DrainFirst exists to avoid) or deletes the pods regardless of the budget
(``"Force"``), leaving the endpoint short of those pods until the replacements are ready.
"""
from __future__ import annotations

from ..errors import Advice
from ..intent.auto_patch import DRAIN_FIRST, DRAIN_TIMEOUT_MAX
from ..planner.cold_start import ColdStartContext, ColdStartEstimate, cold_start_endpoints, estimate_cold_start
from ..resolve.platform_model import ResolvedPlatform

RULE = "drain-timeout-below-restart"
RESTART_PARTS = ("image", "weights", "engine", "route")  # a pod rescheduled onto a node that is already there


def restart_s(estimate: ColdStartEstimate) -> tuple[float, bool]:
    """Seconds for an evicted pod to be ready on another node (the parts known), and whether every part is known."""
    parts = [estimate.part(name) for name in RESTART_PARTS]
    return sum(part.seconds for part in parts if part.seconds is not None), all(p.seconds is not None for p in parts)


def drain_timeout_advice(platform: ResolvedPlatform, context: ColdStartContext) -> list[Advice]:
    """One warning per DrainFirst group and endpoint whose evicted pods need longer than the drain timeout."""
    serving = [estimate_cold_start(endpoint, context) for endpoint in cold_start_endpoints(platform, serving=True)]
    advice: list[Advice] = []
    for group in platform.instance_groups:
        patch = group.auto_patch
        if patch is None or patch.strategy != DRAIN_FIRST:
            continue
        timeout = patch.effective_drain_timeout_s
        for estimate in serving:
            if estimate.endpoint.instance_type != group.instance_type:
                continue
            needed, complete = restart_s(estimate)
            if needed <= timeout:
                continue
            how = "; ".join(f"{part.name} {part.seconds:.0f} s" if part.seconds is not None else f"{part.name} unknown"
                            for part in (estimate.part(name) for name in RESTART_PARTS))
            at_least = "" if complete else "at least "
            if patch.effective_on_drain_timeout == "Skip":
                outcome = ("the drain runs out first and on_drain_timeout='Skip' leaves the node on the previous AMI, "
                           "which DrainFirst is meant to prevent")
            else:
                outcome = (f"on_drain_timeout='Force' then deletes its pods regardless of the budget and the endpoint "
                           f"runs short of them for about {needed - timeout:.0f} s")
            fix = (f"raise AutoPatch(drain_timeout_s=...) to {at_least}{needed:.0f}" if needed <= DRAIN_TIMEOUT_MAX else
                   f"no drain timeout covers it (the API allows {DRAIN_TIMEOUT_MAX} s at most): keep more replicas "
                   "than a batch evicts, or shorten the start (model_cache, a faster model source)")
            advice.append(Advice(RULE, (
                f"instance group {group.name!r}: a DrainFirst drain waits {timeout} s (drain_timeout_s), but an evicted "
                f"pod of endpoint {estimate.endpoint.name!r} takes {at_least}{needed:.0f} s to be ready on another node "
                f"({how}; docs/cold-start.md). Where a PodDisruptionBudget protects its replicas, {outcome}. Either "
                f"{fix}, or acknowledge this warning if the endpoint has no disruption budget and tolerates the loss")))
    return advice
