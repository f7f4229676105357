"""What to observe: plain descriptions of endpoints and instance groups.

The platform adapts its own endpoint and instance-group objects to these, so dashboards and alerts do
not depend on how an endpoint was declared (custom model, JumpStart, ...).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional, Sequence, get_args

from hyperpod_constructs.errors import format_problem, require
from hyperpod_constructs.intent.slo import EndpointSlos

EndpointKind = Literal["inference-endpoint", "jumpstart"]
ENDPOINT_KINDS: tuple[str, ...] = get_args(EndpointKind)

# InferenceEndpointConfig.spec.modelName / JumpStartModel metadata name: the operator's resource_name label.
_ENDPOINT_NAME = re.compile(r"^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,62}$")
# Kubernetes namespace: RFC 1123 DNS label.
_NAMESPACE = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
_INSTANCE_GROUP_NAME = re.compile(r"^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,62}$")
_INSTANCE_TYPE = re.compile(r"^ml\.[a-z0-9-]+\.[a-z0-9]+$")
# DCGM reports MIG slices by profile without the "mig-" prefix ("3g.40gb"); accept both spellings.
_MIG_PROFILE = re.compile(r"^(mig-)?[1-7]g\.[0-9]+gb$")


SideName = Literal["prefill", "decode"]
SIDE_NAMES: tuple[str, ...] = get_args(SideName)


@dataclass(frozen=True, kw_only=True)
class ObservedSide:
    """One side of a disaggregated endpoint (its own Deployment): charted and alerted on separately."""

    name: SideName
    max_replicas: int

    def __post_init__(self) -> None:
        where = f"endpoint side {self.name!r}"
        require(self.name in SIDE_NAMES, where, "name", self.name, f"one of {', '.join(SIDE_NAMES)}")
        require(isinstance(self.max_replicas, int) and not isinstance(self.max_replicas, bool)
                and self.max_replicas >= 1, where, "max_replicas", self.max_replicas, "an integer of at least 1")


@dataclass(frozen=True, kw_only=True)
class ObservedEndpoint:
    """One inference endpoint to chart and alert on.

    ``slos=None`` applies ``EndpointSlos.defaults()``; pass ``EndpointSlos()`` for no alerts.
    ``max_replicas`` is the autoscaling ceiling (KEDA ``maxReplicaCount``), drawn on the replicas panel and
    used by the "pinned at max" alert. ``sides`` (prefill, decode) get their own replica panels and alerts instead
    of the endpoint's, since a disaggregated endpoint runs one Deployment per side.
    """

    name: str
    max_replicas: int
    namespace: str = "default"
    kind: EndpointKind = "inference-endpoint"
    intelligent_routing: bool = False
    kv_cache: bool = False
    slos: Optional[EndpointSlos] = None
    sides: tuple[ObservedSide, ...] = ()

    def __post_init__(self) -> None:
        where = f"endpoint {self.name!r}"
        require(isinstance(self.name, str) and bool(_ENDPOINT_NAME.match(self.name)), where, "name", self.name,
                "1-63 letters, digits and '-', starting and ending with a letter or digit")
        require(isinstance(self.namespace, str) and bool(_NAMESPACE.match(self.namespace)), where, "namespace",
                self.namespace, "a Kubernetes namespace name (lowercase DNS label, at most 63 characters)")
        require(self.kind in ENDPOINT_KINDS, where, "kind", self.kind, f"one of {', '.join(ENDPOINT_KINDS)}")
        require(isinstance(self.max_replicas, int) and not isinstance(self.max_replicas, bool)
                and self.max_replicas >= 1, where, "max_replicas", self.max_replicas, "an integer of at least 1")
        for flag in ("intelligent_routing", "kv_cache"):
            require(isinstance(getattr(self, flag), bool), where, flag, getattr(self, flag), "True or False")
        require(self.slos is None or isinstance(self.slos, EndpointSlos), where, "slos", self.slos,
                "an EndpointSlos or None (None = EndpointSlos.defaults())")
        require(isinstance(self.sides, tuple) and all(isinstance(side, ObservedSide) for side in self.sides), where,
                "sides", self.sides, "a tuple of ObservedSide(...)")
        names = [side.name for side in self.sides]
        require(len(set(names)) == len(names), where, "sides", names, "each side once")

    @property
    def effective_slos(self) -> EndpointSlos:
        return EndpointSlos.defaults() if self.slos is None else self.slos

    @property
    def key(self) -> str:
        """``namespace/name``: unique per cluster, used for dashboard rows and alert groups."""
        return f"{self.namespace}/{self.name}"


@dataclass(frozen=True, kw_only=True)
class ObservedInstanceGroup:
    """One HyperPod instance group whose GPUs (and MIG slices) get a utilisation dashboard."""

    name: str
    instance_type: str
    mig_profiles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        where = f"instance group {self.name!r}"
        require(isinstance(self.name, str) and bool(_INSTANCE_GROUP_NAME.match(self.name)), where, "name",
                self.name, "1-63 letters, digits and '-', starting and ending with a letter or digit")
        require(isinstance(self.instance_type, str) and bool(_INSTANCE_TYPE.match(self.instance_type)), where,
                "instance_type", self.instance_type, "a HyperPod instance type such as 'ml.p5.48xlarge'")
        require(isinstance(self.mig_profiles, tuple), where, "mig_profiles", self.mig_profiles,
                "a tuple of MIG profiles such as ('3g.40gb',)")
        for index, profile in enumerate(self.mig_profiles):
            require(isinstance(profile, str) and bool(_MIG_PROFILE.match(profile)), where,
                    f"mig_profiles[{index}]", profile, "a MIG profile such as '3g.40gb' or 'mig-3g.40gb'")

    @property
    def dcgm_profiles(self) -> tuple[str, ...]:
        """Profiles as DCGM's ``GPU_I_PROFILE`` label spells them, de-duplicated, in the order given."""
        seen: dict[str, None] = {}
        for profile in self.mig_profiles:
            seen.setdefault(profile.removeprefix("mig-"), None)
        return tuple(seen)


def check_targets(endpoints: Sequence[ObservedEndpoint], instance_groups: Sequence[ObservedInstanceGroup],
                  where: str = "observability") -> list[str]:
    """Cross-target problems (duplicates would merge two endpoints' series into one row and one alert group)."""
    problems: list[str] = []
    seen_endpoints: set[str] = set()
    for index, endpoint in enumerate(endpoints):
        if endpoint.key in seen_endpoints:
            problems.append(format_problem(where, f"endpoints[{index}]", endpoint.key,
                                           "each namespace/name may be observed once"))
        seen_endpoints.add(endpoint.key)
    seen_groups: set[str] = set()
    for index, group in enumerate(instance_groups):
        if group.name in seen_groups:
            problems.append(format_problem(where, f"instance_groups[{index}].name", group.name,
                                           "instance group names must be unique"))
        seen_groups.add(group.name)
    return problems
