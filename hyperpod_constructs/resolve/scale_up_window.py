"""The scale-up stabilization window of an endpoint that wakes from zero, filled once from its cold start.

A pod that is pulling its image, reading its weights or starting its engine is not ready, so its load is still
counted against the replicas that are: with the CRD's default window of 0 s the autoscaler keeps adding replicas
for demand the loading ones are about to serve (cascading scale-up). A window as long as the load-and-start time
makes the autoscaler wait that long before it adds more than its lowest recent recommendation.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Optional

from .platform_model import ResolvedEndpoint


def with_scale_up_window(endpoint: ResolvedEndpoint, load_and_start_s: Optional[float]) -> ResolvedEndpoint:
    """``endpoint`` with its scale-up stabilization window filled from ``load_and_start_s`` (whole seconds, rounded
    up) when it scales to zero and declares none; unchanged otherwise (a window given, a minimum above 0, no figure)."""
    shared = endpoint.shared
    scaling = shared.autoscaling if shared is not None else None
    if (scaling is None or load_and_start_s is None or scaling.min_replicas != 0
            or scaling.scale_up_stabilization_s is not None):
        return endpoint
    filled = dataclasses.replace(scaling, scale_up_stabilization_s=math.ceil(load_and_start_s))
    return dataclasses.replace(endpoint, shared=dataclasses.replace(shared, autoscaling=filled))
