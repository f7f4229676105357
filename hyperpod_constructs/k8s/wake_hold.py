"""The ``InterceptorRoute`` (``http.keda.sh/v1beta1``, KEDA HTTP add-on v0.15.0) that holds requests to an endpoint
while it wakes from zero: the interceptor waits up to ``timeouts.readiness`` for a ready pod behind ``target``.

The add-on creates no ScaledObject for an InterceptorRoute; the endpoint's replicas stay with the operator's
ScaledObject, which reads the requests held through the trigger ``resolve_scaling`` adds.
"""
from __future__ import annotations

from typing import Any, Optional

import cdk8s

from ..resolve.platform_model import ResolvedEndpoint
from ..resolve.records import WakeHoldRecord
from .api_objects import MANAGED_BY_LABEL, add_api_object

INTERCEPTOR_ROUTE_API_VERSION = "http.keda.sh/v1beta1"


def wake_hold_of(endpoint: ResolvedEndpoint) -> Optional[WakeHoldRecord]:
    """The endpoint's hold, or None."""
    scaling = endpoint.shared.autoscaling if endpoint.shared is not None else None
    return scaling.wake_hold if scaling is not None else None


def render_interceptor_route(hold: WakeHoldRecord) -> dict[str, Any]:
    """The route: every path of the hold's hosts (any host without them) to its Service, waiting ``max_wait_s``."""
    rule: dict[str, Any] = {"paths": [{"value": "/"}]}
    if hold.hosts:
        rule["hosts"] = list(hold.hosts)
    return {
        "apiVersion": INTERCEPTOR_ROUTE_API_VERSION, "kind": "InterceptorRoute",
        "metadata": {"name": hold.name, "namespace": hold.namespace, "labels": dict(MANAGED_BY_LABEL)},
        "spec": {
            "target": {"service": hold.service, "port": hold.port},
            "rules": [rule],
            "scalingMetric": {"concurrency": {"targetValue": hold.target_concurrency}},
            "timeouts": {"readiness": f"{hold.max_wait_s}s"},
        },
    }


def wake_hold_manifests(endpoint: ResolvedEndpoint) -> list[dict[str, Any]]:
    """The endpoint's InterceptorRoute when it has a hold; nothing otherwise."""
    hold = wake_hold_of(endpoint)
    return [render_interceptor_route(hold)] if hold is not None else []


def add_wake_hold_objects(chart: cdk8s.Chart, endpoint: ResolvedEndpoint) -> list[cdk8s.ApiObject]:
    """The endpoint's InterceptorRoute in ``chart`` when it has a hold; nothing otherwise."""
    return [add_api_object(chart, manifest) for manifest in wake_hold_manifests(endpoint)]
