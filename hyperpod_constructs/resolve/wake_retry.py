"""The ``Retry-After`` a wake hold's fallback answers with, filled once into the hold's record from the endpoint's
cold-start estimate (the platform works the figure out: ``planner.wake_hold_budget.retry_after_s``), so the manifest
and the plan show the same number."""
from __future__ import annotations

import dataclasses

from .platform_model import ResolvedEndpoint


def with_retry_after(endpoint: ResolvedEndpoint, retry_after_s: int) -> ResolvedEndpoint:
    """``endpoint`` with its wake hold's ``retry_after_s`` set; unchanged when it has no hold."""
    shared = endpoint.shared
    scaling = shared.autoscaling if shared is not None else None
    if scaling is None or scaling.wake_hold is None:
        return endpoint
    hold = dataclasses.replace(scaling.wake_hold, retry_after_s=retry_after_s)
    return dataclasses.replace(endpoint, shared=dataclasses.replace(
        shared, autoscaling=dataclasses.replace(scaling, wake_hold=hold)))
