"""Node autoscaling by HyperPod-managed Karpenter: typed NodePools over HyperPod instance groups.

Karpenter runs in HyperPod's managed control plane. In the cluster there are only two kinds of object:
a ``HyperpodNodeClass`` naming the instance groups Karpenter may grow (1-10), and a ``NodePool`` that
points at it and bounds it (requirements, limits, disruption). Each ``NodePoolSpec`` renders one of each,
both named after the pool.

Self-contained rules (names, supported requirement keys, amd64 only, enums and duration formats) raise
here; rules that need the instance groups live in ``rules.node_autoscaling``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional

from ..catalog import limits
from ..errors import HyperPodValidationError, one_of, require, require_one_of
from .frozen import Frozen
from .names import check_k8s_name
from ..type_checks import check_fields
from .instance_group import InstanceGroup

ConsolidationPolicy = Literal["WhenEmpty", "WhenEmptyOrUnderutilized"]
RequirementOperator = Literal["In", "NotIn", "Exists", "DoesNotExist"]

INSTANCE_TYPE_KEY = "node.kubernetes.io/instance-type"
ZONE_KEY = "topology.kubernetes.io/zone"
ARCH_KEY = "kubernetes.io/arch"
# The only requirement keys the HyperPod Karpenter provider supports (HyperPod NodePool docs).
SUPPORTED_REQUIREMENT_KEYS = (INSTANCE_TYPE_KEY, ZONE_KEY, ARCH_KEY)
SUPPORTED_ARCHITECTURES = ("amd64",)
REQUIREMENT_OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist")
CONSOLIDATION_POLICIES = ("WhenEmpty", "WhenEmptyOrUnderutilized")
NODE_CLASS_GROUPS_MAX = 10  # instance groups per HyperpodNodeClass
BUDGETS_MAX = 50
WEIGHT_MIN, WEIGHT_MAX = 1, 100
BUDGET_REASONS = ("Underutilized", "Empty", "Drifted")
# Patterns from the karpenter.sh NodePool CRD.
DURATION_OR_NEVER_PATTERN = re.compile(r"^(([0-9]+(s|m|h))+|Never)$")
BUDGET_NODES_PATTERN = re.compile(r"^((100|[0-9]{1,2})%|[0-9]+)$")
BUDGET_DURATION_PATTERN = re.compile(r"^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$")
BUDGET_SCHEDULE_PATTERN = re.compile(r"^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$")


@dataclass(frozen=True, kw_only=True)
class NodeRequirement:
    """One NodePool requirement; HyperPod supports only instance type, zone and arch (amd64)."""

    key: str
    """The node label the requirement reads: ``node.kubernetes.io/instance-type``, ``topology.kubernetes.io/zone`` or
    ``kubernetes.io/arch`` (the only keys HyperPod's Karpenter provider supports).
    Required."""
    operator: RequirementOperator = "In"
    """``"In"``, ``"NotIn"``, ``"Exists"`` or ``"DoesNotExist"``.
    Default: ``"In"``."""
    values: tuple[str, ...] = Frozen(())
    """The label values (at least one with In/NotIn, none with Exists/DoesNotExist; arch only ``amd64``).
    Default: none."""

    def __post_init__(self) -> None:
        where = f"node requirement {self.key!r}"
        if self.key not in SUPPORTED_REQUIREMENT_KEYS:  # the hint (difflib) only for an error
            # Only the closest key: the keys take different values, so the others would not fit the values given.
            raise HyperPodValidationError(where, "key", self.key, f"{one_of(self.key, SUPPORTED_REQUIREMENT_KEYS, 1)} "
                                          "(the only keys HyperPod's Karpenter provider supports)")
        require_one_of(self.operator, REQUIREMENT_OPERATORS, where, "operator")
        if self.operator in ("In", "NotIn"):
            require(len(self.values) >= 1, where, "values", self.values, f"at least one value with {self.operator}")
        else:
            require(not self.values, where, "values", self.values, f"no values with {self.operator}")
        for value in self.values:
            require(isinstance(value, str) and len(value) <= 63 and bool(limits.LABEL_VALUE_PATTERN.match(value)),
                    where, "values", value, "label values: <=63 alphanumerics, '-', '_', '.'")
        if self.key == ARCH_KEY:
            allowed = self.operator == "In" and set(self.values) <= set(SUPPORTED_ARCHITECTURES)
            require(allowed or self.operator == "Exists", where, "values", self.values,
                    "In ['amd64'] (HyperPod's Karpenter provider supports amd64 only)")

    @classmethod
    def instance_types(cls, *names: str) -> "NodeRequirement":
        """``node.kubernetes.io/instance-type In names``."""
        return cls(key=INSTANCE_TYPE_KEY, values=names)

    @classmethod
    def zones(cls, *names: str) -> "NodeRequirement":
        """``topology.kubernetes.io/zone In names``."""
        return cls(key=ZONE_KEY, values=names)

@dataclass(frozen=True, kw_only=True)
class NodePoolLimits:
    """Ceilings on what one NodePool may hold in total: GPUs, vCPUs, memory (GiB)."""

    gpus: Optional[int] = None
    """The most NVIDIA GPUs the pool's nodes may hold in total.
    Default: None (no GPU limit)."""
    cpu: Optional[int] = None
    """The most vCPUs the pool's nodes may hold in total.
    Default: None (no CPU limit)."""
    memory_gib: Optional[int] = None
    """The most memory the pool's nodes may hold in total, in GiB.
    Default: None (no memory limit)."""

    def __post_init__(self) -> None:
        for name in ("gpus", "cpu", "memory_gib"):
            value = getattr(self, name)
            if value is not None:
                require(isinstance(value, int) and not isinstance(value, bool) and value >= 0, "node pool limits",
                        name, value, "a whole number of at least 0")

@dataclass(frozen=True, kw_only=True)
class DisruptionBudget:
    """How many nodes Karpenter may disrupt at once (``"10%"`` or ``"2"``), optionally only in a cron window."""

    nodes: str = "10%"
    """How many nodes Karpenter may disrupt at once: a count (``"2"``) or a percentage (``"10%"``).
    Default: ``"10%"``."""
    schedule: Optional[str] = None
    """A cron expression (``"0 9 * * mon-fri"``) or ``@daily``/``@hourly``/... when the budget applies; set with
    ``duration``.
    Default: None (always)."""
    duration: Optional[str] = None
    """How long the budget applies from each ``schedule`` time, in hours and/or minutes (``"8h"``, ``"1h30m"``).
    Default: None."""
    reasons: tuple[str, ...] = Frozen(())
    """The disruption reasons the budget limits: ``"Underutilized"``, ``"Empty"``, ``"Drifted"``.
    Default: none (every reason)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require(isinstance(self.nodes, str) and bool(BUDGET_NODES_PATTERN.match(self.nodes)), where, "nodes",
                self.nodes, "a node count ('2') or percentage ('10%') as a string")
        require((self.schedule is None) == (self.duration is None), where, "schedule",
                self.schedule, "schedule and duration set together")
        if self.schedule is not None:
            require(bool(BUDGET_SCHEDULE_PATTERN.match(self.schedule)), where, "schedule", self.schedule,
                    "a cron expression ('0 9 * * mon-fri') or @daily/@hourly/...")
            require(bool(BUDGET_DURATION_PATTERN.match(self.duration or "")), where, "duration", self.duration,
                    "hours and/or minutes, e.g. '8h' or '1h30m'")
        for reason in self.reasons:
            require_one_of(reason, BUDGET_REASONS, where, "reasons")

@dataclass(frozen=True, kw_only=True)
class Disruption:
    """When Karpenter removes nodes.

    Defaults differ from Karpenter's (WhenEmptyOrUnderutilized, 0s) on purpose: consolidating an
    underutilized GPU node evicts model pods that take minutes to reload, so only empty nodes are removed,
    after ``consolidate_after`` (5 minutes) of being empty.
    """

    consolidation_policy: ConsolidationPolicy = "WhenEmpty"
    """Which nodes Karpenter consolidates: ``"WhenEmpty"`` or ``"WhenEmptyOrUnderutilized"``.
    Default: ``"WhenEmpty"`` (Karpenter's own is WhenEmptyOrUnderutilized: consolidating a busy GPU node evicts
    model pods that take minutes to reload)."""
    consolidate_after: str = "5m"
    """How long a node must be consolidatable before Karpenter removes it: a duration (``"30s"``, ``"5m"``, ``"1h"``)
    or ``"Never"``.
    Default: ``"5m"``."""
    budgets: tuple[DisruptionBudget, ...] = Frozen(())
    """Disruption budgets (at most 50).
    Default: none (Karpenter's default budget, 10% of nodes)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require_one_of(self.consolidation_policy, CONSOLIDATION_POLICIES, where, "consolidation_policy")
        require(isinstance(self.consolidate_after, str) and bool(DURATION_OR_NEVER_PATTERN.match(self.consolidate_after)),
                where, "consolidate_after", self.consolidate_after, "a duration such as '30s', '5m', '1h' or 'Never'")
        require(len(self.budgets) <= BUDGETS_MAX, where, "budgets", f"{len(self.budgets)} budgets",
                f"at most {BUDGETS_MAX}")

@dataclass(frozen=True, kw_only=True)
class NodePoolSpec:
    """One Karpenter NodePool and its HyperpodNodeClass (both named ``name``).

    ``limits=None`` derives limits from the groups' ``max_count`` (GPUs for GPU types, vCPUs otherwise).
    ``expire_after`` defaults to ``"Never"`` as in HyperPod's sample: a recycled GPU node costs a model reload.
    """

    name: str
    """The name of the NodePool and its HyperpodNodeClass (a Kubernetes name).
    Required."""
    instance_groups: tuple[str, ...] = Frozen()
    """The names of the instance groups Karpenter may grow in this pool (1-10, each once).
    Required."""
    requirements: tuple[NodeRequirement, ...] = Frozen(())
    """NodePool requirements on instance type, zone or arch.
    Default: none."""
    limits: Optional[NodePoolLimits] = None
    """Ceilings on the pool's total GPUs, vCPUs and memory.
    Default: None (from the groups' ``max_count``: GPUs for GPU types, vCPUs otherwise)."""
    disruption: Disruption = Disruption()
    """When Karpenter removes nodes.
    Default: ``Disruption()`` (only empty nodes, after 5 minutes)."""
    weight: Optional[int] = None
    """The pool's priority among pools, 1-100 (higher first).
    Default: None (omitted)."""
    expire_after: str = "Never"
    """How long a node lives before Karpenter replaces it: a duration (``"720h"``) or ``"Never"``.
    Default: ``"Never"`` (a recycled GPU node costs a model reload)."""

    def __post_init__(self) -> None:
        check_fields(self, f"node pool {self.name!r}")
        where = f"node pool {self.name!r}"
        check_k8s_name(where, "name", self.name)
        groups = self.instance_groups
        require(1 <= len(groups) <= NODE_CLASS_GROUPS_MAX, where, "instance_groups", groups,
                f"1 to {NODE_CLASS_GROUPS_MAX} instance group names (HyperpodNodeClass limit)")
        require(len(set(groups)) == len(groups), where, "instance_groups", groups, "each group named once")
        if self.weight is not None:
            require(isinstance(self.weight, int) and WEIGHT_MIN <= self.weight <= WEIGHT_MAX, where, "weight",
                    self.weight, f"an integer from {WEIGHT_MIN} to {WEIGHT_MAX}")
        require(isinstance(self.expire_after, str) and bool(DURATION_OR_NEVER_PATTERN.match(self.expire_after)),
                where, "expire_after", self.expire_after, "a duration such as '720h' or 'Never'")

    @classmethod
    def for_group(cls, group: InstanceGroup, **kwargs: object) -> "NodePoolSpec":
        """The default pool for one autoscaled group: named after it (lowercased), limited by its max_count."""
        return cls(name=group.name.lower(), instance_groups=(group.name,), **kwargs)  # type: ignore[arg-type]

    def effective_limits(self, groups: tuple[InstanceGroup, ...]) -> Optional[NodePoolLimits]:
        """Explicit limits, else the sum over the pool's groups of max_count x (GPUs, or vCPUs for CPU types)."""
        if self.limits is not None:
            return self.limits
        members = [group for group in groups if group.name in self.instance_groups]
        if not members or any(group.max_count is None for group in members):
            return None  # no ceiling known: leave it to the user (checks warn)
        gpus = sum((group.max_count or 0) * group.info.gpu_count for group in members if group.info.has_gpu)
        cpu = sum((group.max_count or 0) * group.info.vcpu for group in members)
        if all(group.info.has_gpu for group in members):
            return NodePoolLimits(gpus=gpus)
        return NodePoolLimits(cpu=cpu)


@dataclass(frozen=True, kw_only=True)
class NodeAutoscaling:
    """HyperPod-managed Karpenter on or off, and its NodePools.

    ``node_pools=None`` makes one NodePool per autoscaled group, i.e. every group with ``max_count`` set.
    """

    enabled: bool = True
    """Turn HyperPod-managed Karpenter on (the cluster's autoscaling mode, NodePools, the Karpenter role).
    Default: True."""
    node_pools: Optional[tuple[NodePoolSpec, ...]] = Frozen(None)
    """The NodePools to render.
    Default: None (one pool per instance group with ``max_count``)."""

    def __post_init__(self) -> None:
        check_fields(self, "node_autoscaling")
        if self.node_pools is not None:
            names = [pool.name for pool in self.node_pools]
            duplicates = sorted({name for name in names if names.count(name) > 1})
            require(not duplicates, "node autoscaling", "node_pools", duplicates, "unique NodePool names")

    def pools(self, groups: tuple[InstanceGroup, ...]) -> tuple[NodePoolSpec, ...]:
        """The NodePools to render: the explicit ones, or one per group with ``max_count``."""
        if not self.enabled:
            return ()
        if self.node_pools is not None:
            return self.node_pools
        return tuple(NodePoolSpec.for_group(group) for group in groups if group.max_count is not None)


def autoscaled_group_names(pools: tuple[NodePoolSpec, ...]) -> tuple[str, ...]:
    """Names of the groups the node pools grow, in pool order, each once."""
    names: dict[str, None] = {}
    for pool in pools:
        names.update(dict.fromkeys(pool.instance_groups))
    return tuple(names)
