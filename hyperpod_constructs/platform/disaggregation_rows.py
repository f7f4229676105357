"""A disaggregated endpoint in the plan and on dashboards: one row per side (prefill, decode)."""
from __future__ import annotations

from typing import Any

from ..observability.targets import ObservedSide
from .plan import PlannedEndpoint


def planned_sides(endpoint: Any) -> tuple[PlannedEndpoint, ...]:
    """Plan rows ``<endpoint>/prefill`` and ``<endpoint>/decode``; empty for an endpoint that is not disaggregated."""
    disaggregation = getattr(endpoint, "disaggregation", None)
    if disaggregation is None:
        return ()
    memory = {side: fit.summary() for side, fit in endpoint.side_memory_fits()}
    return tuple(PlannedEndpoint(name=f"{endpoint.name}/{side}", kind=f"custom, {side}",
                                 instance_type=worker.instance_type, min_replicas=worker.min_pods,
                                 max_replicas=worker.max_pods, gpus=0 if worker.partition_profile else worker.gpus,
                                 partition=worker.partition_profile, memory=memory.get(side))
                 for side, worker in disaggregation.workers())


def observed_sides(endpoint: Any) -> tuple[ObservedSide, ...]:
    """The sides the dashboards and alerts chart separately; empty for an endpoint that is not disaggregated."""
    disaggregation = getattr(endpoint, "disaggregation", None)
    if disaggregation is None:
        return ()
    return tuple(ObservedSide(name=side, max_replicas=worker.max_pods) for side, worker in disaggregation.workers())
