"""An opt-in hold for an endpoint that scales to zero: the KEDA HTTP add-on's interceptor keeps a request waiting while
no pod is ready, up to a budget, instead of failing it.

The add-on (chart ``kedacore/charts`` folder ``http-add-on``, pinned) routes by an ``InterceptorRoute``
(``http.keda.sh/v1beta1``) whose ``timeouts.readiness`` is the hold. It creates no ScaledObject for such a route: the
operator's ScaledObject stays the one writer of replicas, and the wake signal reaches it as one more Prometheus
trigger on its ``autoScalingSpec``, reading the interceptor's ``interceptor_request_concurrency`` gauge of the route
(requests in the proxy; held ones count: the counting middleware wraps the one that waits for readiness, v0.15.0
``interceptor/proxy.go``) from the platform's AMP workspace.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from ..errors import require
from ..type_checks import check_fields
from .frozen import Frozen
from .names import is_dns_label

#: The name of the trigger the hold adds to the endpoint's autoscaling (a declared trigger may not take it).
WAKE_TRIGGER_NAME = "wake-hold-requests"
#: The longest hold accepted, in seconds: the ALB's longest idle timeout (``idleTimeoutSeconds`` at most 4000).
HOLD_MAX_S = 4000
#: Where the add-on runs and the proxy Service callers send held requests to ("<chart name>-<interceptor.proxy.service>"
#: and ``interceptor.proxy.port`` in the chart's values.yaml).
ADD_ON_NAMESPACE = "keda"
PROXY_SERVICE = "keda-add-ons-http-interceptor-proxy"
PROXY_PORT = 8080
#: The gauge the interceptor exports per route (kedacore/http-add-on v0.15.0, interceptor/metrics/instruments.go).
INTERCEPTOR_CONCURRENCY = "interceptor_request_concurrency"


@dataclass(frozen=True, kw_only=True)
class WakeHold:
    """Hold requests to a ``min_replicas=0`` endpoint while it wakes, through the KEDA HTTP add-on's interceptor.

    Callers send requests to the interceptor's proxy Service (``keda-add-ons-http-interceptor-proxy`` in the add-on's
    namespace, port 8080) with the route's ``Host``; the interceptor forwards them to ``service`` once a pod is ready,
    or answers 504 Gateway Timeout once ``max_wait_s`` has passed.
    """

    max_wait_s: int
    """How long a request waits for a ready pod, in seconds (the route's ``timeouts.readiness``), 1 to 4000. At least
    the plan's cold-start estimate, else the hold ends before the first token (a warning says so). Required."""
    service: str
    """The Kubernetes Service in the endpoint's namespace that serves the endpoint's pods, which the interceptor
    forwards to (``kubectl get svc -n <namespace>`` once the endpoint is deployed). Required."""
    port: int
    """The port of ``service`` to forward to, 1 to 65535. Required."""
    hosts: tuple[str, ...] = Frozen(())
    """The ``Host`` header values the route matches.
    Default: none (the route's only rule matches the path prefix ``/`` on any host)."""
    target_concurrency: int = 1
    """Requests in the interceptor per pod the wake trigger aims for (its ``targetValue``, metric type Average; also
    the route's ``scalingMetric.concurrency.targetValue``, which the CRD requires).
    Default: 1."""
    alb_idle_timeout_s: Optional[int] = None
    """The idle timeout of an ALB callers reach the interceptor through (the same setting as
    ``LoadBalancer.idle_timeout_s``, 1 to 4000; an ALB's own default is 60 s): a hold longer than it is warned about,
    since the ALB closes the connection first. The endpoint's own ALB does not pass through the interceptor.
    Default: None (callers reach the interceptor inside the cluster, no ALB in between)."""
    caller_timeouts_s: Mapping[str, int] = Frozen({})
    """Each caller's own limit on a response, in seconds, by a name of your choosing (a client's read timeout, a
    proxy in front): a hold longer than one is warned about, since that caller gives up first.
    Default: none."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        _require_whole(where, "max_wait_s", self.max_wait_s, 1, HOLD_MAX_S,
                       f"seconds; {HOLD_MAX_S} is the longest idle timeout an ALB allows")
        require(is_dns_label(self.service), where, "service", self.service,
                "a Kubernetes Service name: lowercase letters, digits and '-', at most 63 characters")
        _require_whole(where, "port", self.port, 1, 65535, "a TCP port")
        if self.alb_idle_timeout_s is not None:
            _require_whole(where, "alb_idle_timeout_s", self.alb_idle_timeout_s, 1, HOLD_MAX_S,
                           "an ALB's idle timeout, as LoadBalancer.idle_timeout_s")
        _require_whole(where, "target_concurrency", self.target_concurrency, 1, None, "the CRD's minimum is 1")
        for name, seconds in self.caller_timeouts_s.items():
            require(isinstance(name, str) and bool(name), where, "caller_timeouts_s", name, "a non-empty caller name")
            _require_whole(where, f"caller_timeouts_s[{name!r}]", seconds, 1, None, "a caller's limit in seconds")

    def query(self, name: str, namespace: str) -> str:
        """PromQL for the requests the interceptor holds or forwards on the route ``namespace/name``."""
        return f'sum({INTERCEPTOR_CONCURRENCY}{{route_name="{name}",route_namespace="{namespace}"}})'


def _require_whole(where: str, field: str, value: object, low: int, high: Optional[int], why: str) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
    bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
    require(ok, where, field, value, f"a whole number {bounds} ({why})")
