"""Pod autoscaling for operator endpoints: the ``autoScalingSpec`` of InferenceEndpointConfig, JumpStartModel
and ``intelligentRoutingSpec`` (same shape everywhere), rendered by the operator into a KEDA ScaledObject.

Unset fields are omitted from the manifest so the CRD defaults apply:
``minReplicaCount`` 1, ``maxReplicaCount`` 5, ``pollingInterval`` 30 s, ``cooldownPeriod`` 300 s,
``initialCooldownPeriod`` 300 s, ``scaleUpStabilizationTime`` 0 s, ``scaleDownStabilizationTime`` 300 s.

PromQL queries built by the helpers (``PrometheusTrigger.concurrent_requests()`` ...) do not know which
endpoint they scale. They hold the placeholder ``{selector}`` (see ``SELECTOR``), which the endpoint fills
in at render time (``k8s.operator_spec.autoscaling_spec(..., selector=model_selector("llama-8b"))``).
A query without the placeholder is used as written.

``CloudWatchTrigger.invocations_per_instance()`` likewise does not repeat the endpoint's name: its ``EndpointName``
dimension holds ``ENDPOINT_NAME`` until the deployment binds it to the SageMaker endpoint it registers
(``sagemaker_endpoint_name``). A name given explicitly must be that endpoint's name.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Literal, Mapping, Optional, Union

from ..errors import Advice, require, require_one_of
from ..type_checks import check_fields
from .frozen import Frozen
from .tokens import is_token
from .wake_hold import WAKE_TRIGGER_NAME, WakeHold

MetricType = Literal["Average", "Value"]

#: Placeholder in a PromQL query for the label selector of the endpoint being scaled.
SELECTOR = "{selector}"
#: Placeholder for the SageMaker endpoint name in a CloudWatch trigger's ``EndpointName`` dimension.
ENDPOINT_NAME = "{endpoint}"
SAGEMAKER_NAMESPACE = "AWS/SageMaker"
ENDPOINT_DIMENSION = "EndpointName"
#: The CRD's pattern for ``serverAddress``: an Amazon Managed Service for Prometheus workspace URL.
AMP_SERVER_ADDRESS_PATTERN = re.compile(
    r"^https:\/\/aps-workspaces\.[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.amazonaws\.com\/workspaces\/ws-[a-zA-Z0-9-]+$"
)
TRIGGERS_PER_KIND_MAX = 100  # maxItems of prometheusTriggerList / cloudWatchTriggerList
METRIC_TYPES = ("Average", "Value")



def pods_at(level: Literal["floor", "ceiling"], autoscaling: Optional["Autoscaling"], replicas: Optional[int]) -> int:
    """Pods at the ``"floor"`` (min_replicas; 0 = scale to zero) or ``"ceiling"`` (max_replicas); without
    autoscaling, ``replicas`` (the CRD's default is 1)."""
    if autoscaling is not None:
        return autoscaling.min_replicas if level == "floor" else autoscaling.max_replicas
    return replicas if replicas is not None else 1


def model_selector(model_name: str, namespace: Optional[str] = None) -> str:
    """The PromQL label selector for one endpoint's reverse-proxy metrics (labels ``model_name``, ``namespace``)."""
    selector = f'model_name="{model_name}"'
    return f'{selector},namespace="{namespace}"' if namespace else selector


def _check_number(where: str, name: str, value: object, *, positive: bool) -> None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    require(ok and (value > 0 if positive else value >= 0), where, name, value,
            "a number greater than 0" if positive else "a number of at least 0")


def _check_seconds(where: str, name: str, value: Optional[int]) -> None:
    if value is not None:
        require(isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2**31 - 1, where, name, value,
                "a whole number of seconds, at least 0")


@dataclass(frozen=True, kw_only=True)
class PrometheusTrigger:
    """A KEDA Prometheus trigger over Amazon Managed Service for Prometheus.

    ``metric_type="Average"`` divides the query result by the replica count (target per pod);
    ``"Value"`` compares the raw result. ``activation_target_value`` is the value above which an endpoint at
    0 replicas wakes up (CRD default 0). ``server_address`` defaults to the platform's AMP query URL.
    ``pod_metric`` marks metrics that only the scaled pods emit (reverse-proxy sidecar, vLLM): they vanish
    at 0 replicas, so they cannot wake an endpoint from zero on their own.
    """

    name: str
    """The trigger's name, unique among the deployment's triggers (KEDA rejects repeats).
    Required."""
    query: str
    """The PromQL query KEDA evaluates. A ``{selector}`` placeholder (``SELECTOR``) is replaced by the label selector
    of the endpoint being scaled when it is rendered; a query without it is used as written.
    Required."""
    target_value: float
    """The value KEDA scales towards: per pod with ``metric_type="Average"``, the raw query result with ``"Value"``.
    Greater than 0.
    Required."""
    activation_target_value: Optional[float] = None
    """The value the metric must exceed (strictly) to wake a deployment at 0 replicas.
    Default: None (omitted: the CRD's default, 0)."""
    metric_type: MetricType = "Average"
    """``"Average"`` divides the query result by the replica count (a target per pod); ``"Value"`` compares the raw
    result.
    Default: ``"Average"``."""
    server_address: Optional[str] = None
    """The Amazon Managed Service for Prometheus query URL
    (``https://aps-workspaces.<region>.amazonaws.com/workspaces/ws-<id>``).
    Default: None (the platform's AMP workspace query URL)."""
    namespace: Optional[str] = None
    """The KEDA Prometheus trigger's ``namespace`` (the tenant namespace of a namespaced query).
    Default: None (omitted)."""
    use_cached_metrics: Optional[bool] = None
    """Whether KEDA answers the Horizontal Pod Autoscaler from its metrics cache instead of querying again.
    Default: None (omitted: the CRD's default, true)."""
    pod_metric: bool = False
    """True when only the scaled pods emit the metric (reverse-proxy sidecar, vLLM): it vanishes at 0 replicas, so it
    cannot wake a scaled-to-zero deployment on its own (the platform warns). The helper constructors set it.
    Default: False."""

    def __post_init__(self) -> None:
        where = f"prometheus trigger {self.name!r}"
        require(isinstance(self.name, str) and bool(self.name.strip()), where, "name", self.name, "a non-empty string")
        require(isinstance(self.query, str) and bool(self.query.strip()), where, "query", self.query,
                "a non-empty PromQL query")
        _check_number(where, "target_value", self.target_value, positive=True)
        if self.activation_target_value is not None:
            _check_number(where, "activation_target_value", self.activation_target_value, positive=False)
        require_one_of(self.metric_type, METRIC_TYPES, where, "metric_type")
        if self.server_address is not None and not is_token(self.server_address):
            require(bool(AMP_SERVER_ADDRESS_PATTERN.match(self.server_address)), where, "server_address",
                    self.server_address,
                    "an AMP workspace URL https://aps-workspaces.<region>.amazonaws.com/workspaces/ws-<id>")

    # Ready-made triggers over the operator's reverse-proxy metrics (facts: observability, inference metrics).
    @classmethod
    def concurrent_requests(cls, target: float = 10, activation: Optional[float] = 1, *,
                            name: str = "concurrent-requests", selector: Optional[str] = None,
                            **kwargs: object) -> "PrometheusTrigger":
        """Keep about ``target`` in-flight requests per pod (``model_concurrent_requests``)."""
        return cls(name=name, query=f"sum(model_concurrent_requests{{{selector or SELECTOR}}})",
                   target_value=target, activation_target_value=activation, metric_type="Average",
                   pod_metric=True, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def p90_latency_ms(cls, target_ms: float, activation_ms: Optional[float] = None, *, window: str = "2m",
                       name: str = "p90-latency", selector: Optional[str] = None,
                       **kwargs: object) -> "PrometheusTrigger":
        """Add pods while p90 latency (``model_latency_milliseconds_bucket``) is above ``target_ms``."""
        query = ("histogram_quantile(0.90, sum by (le) "
                 f"(rate(model_latency_milliseconds_bucket{{{selector or SELECTOR}}}[{window}])))")
        return cls(name=name, query=query, target_value=target_ms, activation_target_value=activation_ms,
                   metric_type="Value", pod_metric=True, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def request_rate(cls, target_rps: float, activation_rps: Optional[float] = None, *, window: str = "1m",
                     name: str = "request-rate", selector: Optional[str] = None,
                     **kwargs: object) -> "PrometheusTrigger":
        """Keep about ``target_rps`` requests per second per pod (``model_invocations_total``)."""
        query = f"sum(rate(model_invocations_total{{{selector or SELECTOR}}}[{window}]))"
        return cls(name=name, query=query, target_value=target_rps, activation_target_value=activation_rps,
                   metric_type="Average", pod_metric=True, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def queue_depth(cls, target: float = 5, activation: Optional[float] = None, *, name: str = "queue-depth",
                    selector: Optional[str] = None, **kwargs: object) -> "PrometheusTrigger":
        """Keep about ``target`` waiting requests per pod (vLLM ``vllm:num_requests_waiting``).

        vLLM's own ``model_name`` label is the *served* model name, which may differ from the endpoint's
        model name; pass ``selector=`` explicitly when it does.
        """
        query = f"sum(vllm:num_requests_waiting{{{selector or SELECTOR}}})"
        return cls(name=name, query=query, target_value=target, activation_target_value=activation,
                   metric_type="Average", pod_metric=True, **kwargs)  # type: ignore[arg-type]

    @property
    def needs_selector(self) -> bool:
        """True when the query holds the ``{selector}`` placeholder the endpoint fills in."""
        return SELECTOR in self.query

    def resolved_query(self, where: str, selector: Optional[str]) -> str:
        """The query with ``{selector}`` replaced by ``selector``; raises when the query needs a selector and none is
        given."""
        if not self.needs_selector:
            return self.query
        require(bool(selector), where, f"triggers[{self.name!r}].query", self.query,
                "a selector for the endpoint's metrics, e.g. selector=model_selector(name)")
        return self.query.replace(SELECTOR, selector or "")

@dataclass(frozen=True, kw_only=True)
class CloudWatchTrigger:
    """A KEDA CloudWatch trigger; unset fields take the CRD defaults (activation 0, min value 0, 300 s window)."""

    name: str
    """The trigger's name, unique among the deployment's triggers (KEDA rejects repeats).
    Required."""
    metric_name: str
    """The CloudWatch metric name, e.g. ``"Invocations"``.
    Required."""
    dimensions: Mapping[str, str] = Frozen({})
    """The metric's dimensions, name to value. A SageMaker (``AWS/SageMaker``) ``EndpointName`` dimension is bound to
    the endpoint the deployment registers.
    Default: no dimensions."""
    target_value: float
    """The value KEDA scales towards (per pod with ``metric_type="Average"``). Greater than 0.
    Required."""
    namespace: str = "AWS/SageMaker"
    """The CloudWatch namespace of the metric.
    Default: ``"AWS/SageMaker"``."""
    metric_stat: str = "Average"
    """The CloudWatch statistic read (``Average``, ``Sum``, ``Maximum``, ...).
    Default: ``"Average"``."""
    metric_type: Optional[MetricType] = None
    """``"Average"`` divides the metric by the replica count; ``"Value"`` compares it as read.
    Default: None (omitted: the operator's default)."""
    activation_target_value: Optional[float] = None
    """The value the metric must exceed (strictly) to wake a deployment at 0 replicas.
    Default: None (omitted: the CRD's default, 0)."""
    min_value: Optional[float] = None
    """The value KEDA uses when CloudWatch returns no data point.
    Default: None (omitted: the CRD's default, 0)."""
    metric_collection_start_time: Optional[int] = None
    """How far back the query window starts, in seconds.
    Default: None (omitted: the CRD's default, 300 s)."""
    metric_collection_period: Optional[int] = None
    """The period each data point aggregates, in seconds.
    Default: None (omitted: the CRD's default, 300 s)."""
    use_cached_metrics: Optional[bool] = None
    """Whether KEDA answers the Horizontal Pod Autoscaler from its metrics cache instead of querying again.
    Default: None (omitted: the CRD's default, true)."""

    def __post_init__(self) -> None:
        where = f"cloudwatch trigger {self.name!r}"
        require(isinstance(self.name, str) and bool(self.name.strip()), where, "name", self.name, "a non-empty string")
        require(isinstance(self.metric_name, str) and bool(self.metric_name.strip()), where, "metric_name",
                self.metric_name, "a non-empty CloudWatch metric name")
        require(isinstance(self.namespace, str) and bool(self.namespace.strip()), where, "namespace", self.namespace,
                "a CloudWatch namespace such as 'AWS/SageMaker'")
        for key, value in self.dimensions.items():
            require(isinstance(key, str) and bool(key) and isinstance(value, str) and bool(value), where,
                    f"dimensions[{key!r}]", value, "non-empty string names and values")
        _check_number(where, "target_value", self.target_value, positive=True)
        if self.activation_target_value is not None:
            _check_number(where, "activation_target_value", self.activation_target_value, positive=False)
        if self.min_value is not None:
            _check_number(where, "min_value", self.min_value, positive=False)
        if self.metric_type is not None:
            require_one_of(self.metric_type, METRIC_TYPES, where, "metric_type")
        _check_seconds(where, "metric_collection_start_time", self.metric_collection_start_time)
        _check_seconds(where, "metric_collection_period", self.metric_collection_period)

    pod_metric = False
    """Always False: CloudWatch metrics exist whether or not any pod runs, so they can wake a deployment at 0 replicas."""

    @classmethod
    def invocations_per_instance(cls, endpoint_name: Optional[str] = None, target: float = 10,
                                 activation: Optional[float] = 0.5, *, variant_name: str = "AllTraffic",
                                 name: str = "invocations-per-instance", **kwargs: object) -> "CloudWatchTrigger":
        """Keep about ``target`` invocations per minute per pod, from the SageMaker endpoint's ``Invocations``
        metric (``AWS/SageMaker``, Sum over 60 s, divided by the replica count: ``metricType: Average``).

        Needs the deployment to register a SageMaker endpoint (``sagemaker_endpoint_name``); ``endpoint_name=None``
        (the default) binds the trigger to that endpoint, and a name given here must equal it. The variant name is
        assumed to be ``AllTraffic``. This metric exists at 0 replicas, so it can wake a scaled-to-zero endpoint:
        KEDA activates when the value is strictly above ``activation`` (default 0.5, i.e. one invocation).
        """
        if endpoint_name is None:
            endpoint_name = ENDPOINT_NAME
        require(isinstance(endpoint_name, str) and bool(endpoint_name), f"cloudwatch trigger {name!r}",
                "endpoint_name", endpoint_name, "the SageMaker endpoint name the deployment registers, or None")
        kwargs.setdefault("metric_collection_period", 60)
        return cls(name=name, metric_name="Invocations", namespace=SAGEMAKER_NAMESPACE,
                   dimensions={ENDPOINT_DIMENSION: endpoint_name, "VariantName": variant_name}, metric_stat="Sum",
                   metric_type="Average", target_value=target, activation_target_value=activation,
                   **kwargs)  # type: ignore[arg-type]

    @property
    def endpoint_name(self) -> Optional[str]:
        """The SageMaker endpoint whose metric this reads (``ENDPOINT_NAME`` while unbound), or None."""
        if self.namespace != SAGEMAKER_NAMESPACE:
            return None
        return self.dimensions.get(ENDPOINT_DIMENSION)

    @property
    def is_bound(self) -> bool:
        """False while the ``EndpointName`` dimension still holds the ``ENDPOINT_NAME`` placeholder."""
        return self.endpoint_name != ENDPOINT_NAME

    def bound_to(self, endpoint_name: Optional[str], where: str) -> "CloudWatchTrigger":
        """This trigger reading ``endpoint_name``'s metrics; raises when it reads another endpoint or the deployment
        registers none (the metric would never exist, so the trigger would never fire)."""
        current = self.endpoint_name
        if current is None:
            return self
        field_name = f"autoscaling.triggers[{self.name!r}].dimensions[{ENDPOINT_DIMENSION!r}]"
        require(endpoint_name is not None, where, field_name, "" if current == ENDPOINT_NAME else current,
                "a trigger on a registered SageMaker endpoint: set sagemaker_endpoint_name on the endpoint (the "
                "operator then registers it and CloudWatch reports its Invocations, also while no pod runs), or "
                "use a PrometheusTrigger")
        if current == ENDPOINT_NAME:
            return replace(self, dimensions={**self.dimensions, ENDPOINT_DIMENSION: endpoint_name})
        require(current == endpoint_name, where, field_name, current,
                f"the endpoint's own SageMaker endpoint {endpoint_name!r} (sagemaker_endpoint_name); a different "
                "name reads another endpoint's traffic, so this one would never wake. Leave endpoint_name unset "
                "to bind the trigger automatically")
        return self

Trigger = Union[PrometheusTrigger, CloudWatchTrigger]


@dataclass(frozen=True, kw_only=True)
class Autoscaling:
    """Pod autoscaling of one deployment (``autoScalingSpec``); ``min_replicas=0`` scales to zero.

    ``trigger=`` is shorthand for a single-item ``triggers=``.
    """

    min_replicas: int = 1
    """The fewest pods; 0 scales the deployment to zero when idle (then a trigger with an activation threshold must
    wake it).
    Default: 1."""
    max_replicas: int = 5
    """The most pods, at least 1 and at least ``min_replicas``; the plan's ceiling.
    Default: 5."""
    polling_interval_s: Optional[int] = None
    """How often KEDA evaluates the triggers, in seconds.
    Default: None (omitted: the CRD's default, 30 s)."""
    cooldown_s: Optional[int] = None
    """How long after the last active trigger KEDA waits before scaling to 0, in seconds.
    Default: None (omitted: the CRD's default, 300 s)."""
    initial_cooldown_s: Optional[int] = None
    """How long after the deployment starts KEDA waits before it may scale to 0, in seconds.
    Default: None (omitted: the CRD's default, 300 s)."""
    scale_up_stabilization_s: Optional[int] = None
    """The Horizontal Pod Autoscaler's scale-up stabilization window, in seconds: for this long the autoscaler adds
    no more replicas than the lowest count it recommended, so replicas still loading do not count as unmet demand.
    Default: None (an endpoint with ``min_replicas=0`` gets its cold start's load-and-start time, the image pull, the
    weights' read and the engine start, when the plan knows all three; else omitted: the CRD's default, 0 s)."""
    scale_down_stabilization_s: Optional[int] = None
    """The Horizontal Pod Autoscaler's scale-down stabilization window, in seconds.
    Default: None (omitted: the CRD's default, 300 s)."""
    triggers: tuple[Trigger, ...] = Frozen(())
    """The metrics that drive scaling, PrometheusTrigger and CloudWatchTrigger (at most 100 of each, unique names).
    Default: none (with ``min_replicas=0`` the platform then warns that nothing wakes the deployment)."""
    trigger: Optional[Trigger] = None
    """Shorthand for a one-item ``triggers``; appended after ``triggers`` when both are given.
    Default: None."""
    wake_hold: Optional[WakeHold] = None
    """With ``min_replicas=0`` on an endpoint: hold requests while it wakes (the KEDA HTTP add-on's interceptor) and
    wake it on the requests held (a Prometheus trigger the platform adds). See docs/autoscaling.md.
    Default: None (a request at zero is not held)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for name in ("min_replicas", "max_replicas"):
            value = getattr(self, name)
            require(isinstance(value, int) and not isinstance(value, bool) and value >= 0, where, name, value,
                    "a whole number of at least 0")
        require(self.max_replicas >= 1, where, "max_replicas", self.max_replicas,
                "at least 1 (0 would never run a pod)")
        require(self.max_replicas >= self.min_replicas, where, "max_replicas", self.max_replicas,
                f"at least min_replicas ({self.min_replicas})")
        for name in ("polling_interval_s", "cooldown_s", "initial_cooldown_s", "scale_up_stabilization_s",
                     "scale_down_stabilization_s"):
            _check_seconds(where, name, getattr(self, name))
        for index, trigger in enumerate(self.all_triggers):
            require(isinstance(trigger, (PrometheusTrigger, CloudWatchTrigger)), where, f"triggers[{index}]", trigger,
                    "a PrometheusTrigger or CloudWatchTrigger")
        for kind in (PrometheusTrigger, CloudWatchTrigger):
            count = sum(isinstance(trigger, kind) for trigger in self.all_triggers)
            require(count <= TRIGGERS_PER_KIND_MAX, where, "triggers", f"{count} {kind.__name__}s",
                    f"at most {TRIGGERS_PER_KIND_MAX} of each kind")
        names = [trigger.name for trigger in self.all_triggers]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        require(not duplicates, where, "triggers", duplicates, "unique trigger names (KEDA rejects repeats)")
        if self.wake_hold is not None:
            require(self.min_replicas == 0, where, "wake_hold", self.wake_hold,
                    f"None while min_replicas={self.min_replicas}: a hold serves an endpoint that scales to zero; set "
                    "min_replicas=0 or drop wake_hold")
            require(WAKE_TRIGGER_NAME not in names, where, "triggers", WAKE_TRIGGER_NAME,
                    f"another trigger name: {WAKE_TRIGGER_NAME!r} is the one wake_hold adds")

    @property
    def all_triggers(self) -> tuple[Trigger, ...]:
        """``triggers`` followed by the ``trigger=`` shorthand, if given."""
        return (*self.triggers, self.trigger) if self.trigger is not None else self.triggers

    @property
    def prometheus_triggers(self) -> tuple[PrometheusTrigger, ...]:
        """The PrometheusTriggers among ``all_triggers``."""
        return tuple(trigger for trigger in self.all_triggers if isinstance(trigger, PrometheusTrigger))

    @property
    def cloudwatch_triggers(self) -> tuple[CloudWatchTrigger, ...]:
        """The CloudWatchTriggers among ``all_triggers``."""
        return tuple(trigger for trigger in self.all_triggers if isinstance(trigger, CloudWatchTrigger))

    def bound_to(self, sagemaker_endpoint_name: Optional[str], where: str) -> "Autoscaling":
        """These settings with every SageMaker CloudWatch trigger bound to the deployment's registered endpoint."""
        triggers = tuple(trigger.bound_to(sagemaker_endpoint_name, where) if isinstance(trigger, CloudWatchTrigger)
                         else trigger for trigger in self.all_triggers)
        return self if triggers == self.all_triggers else replace(self, triggers=triggers, trigger=None)

    def warnings(self, where: str) -> list[str]:
        """Advice, not errors: scale-to-zero set up so that nothing can wake the deployment."""
        if self.min_replicas != 0:
            return []
        advice: list[str] = []
        if self.wake_hold is not None:
            return advice  # the hold's trigger exists at zero pods and wakes on the first request held
        if not self.all_triggers:
            advice.append(Advice("scale-to-zero-without-triggers", f"{where}: autoscaling.min_replicas=0 without "
                                 "triggers: nothing will ever scale it up from zero; add a trigger with an activation "
                                 "threshold"))
            return advice
        unset = [t.name for t in self.all_triggers if not t.activation_target_value]
        if unset:
            advice.append(Advice(
                "scale-to-zero-without-activation",
                f"{where}: autoscaling.min_replicas=0 but triggers {unset} have activation_target_value 0/unset: "
                "scale-from-zero needs an activation threshold (KEDA wakes the first pod only while the metric is "
                "strictly above it); set it deliberately or the first request may not wake the deployment"))
        if all(t.pod_metric for t in self.all_triggers):
            advice.append(Advice(
                "scale-to-zero-on-pod-metrics",
                f"{where}: autoscaling.min_replicas=0 with only pod-emitted metrics "
                f"{[t.name for t in self.all_triggers]}: at 0 replicas these series do not exist, so they cannot wake "
                "the deployment; add a metric that exists at zero (e.g. CloudWatchTrigger.invocations_per_instance, "
                "or a router/queue metric)"))
        return advice

