"""The plan's cost lines: per instance group and in total at the floor (idle) and at the ceiling, the fixed
costs the platform adds, and what the same endpoints would cost always on without MIG packing.

Definitions (also in docs/cost.md):

- floor / ceiling: the plan's node counts (``Plan.floor`` and ``Plan.ceiling``) times the
  instance type's hourly price; a month is 730 hours.
- fixed costs: EKS control plane hours (when the platform creates the cluster), NAT gateway hours (the
  gateways the platform creates), FSx for Lustre capacity (GiB x the PERSISTENT_2 tier's GiB-month price),
  and your own monthly figures for Amazon Managed Prometheus / Grafana when observability has them. They
  are the same at the floor and at the ceiling. Traffic-dependent charges (NAT data processing, data
  transfer, AMP samples) are not in them.
- always on, no MIG: every endpoint at its max replicas all the time, each MIG replica on a whole GPU,
  nodes = ceil(GPUs needed / GPUs per node) per instance type (a replica whose GPUs the model's own
  configuration sets, or on a CPU-only type, takes a whole node; ``resolve.capacity.always_on_without_mig``);
  groups of instance types no endpoint runs on are counted as at the floor, and the fixed costs are the same.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Protocol, Sequence

from ..resolve.capacity import GpuDemand, always_on_without_mig
from ..intent.instance_group import InstanceGroup
from ..prices.model import HOURS_PER_MONTH, Prices


class Plan(Protocol):
    """What the cost reads of a plan (``platform.plan.Plan``, which imports this module): its groups, its demands as
    whole-GPU capacity counts them, and each group's nodes at the floor and the ceiling."""

    @property
    def groups(self) -> Sequence[InstanceGroup]: ...

    @property
    def gpu_demands(self) -> Sequence[GpuDemand]: ...

    def floor(self, group: InstanceGroup) -> int: ...

    def ceiling(self, group: InstanceGroup) -> int: ...


@dataclass(frozen=True)
class FixedCostItems:
    """What the platform itself adds beside the instance groups, read from its configuration."""

    eks_clusters: int = 0  # control planes the platform creates (0 for an existing cluster)
    nat_gateways: int = 0  # NAT gateways the platform creates (0 for an existing VPC)
    fsx_capacity_gib: Optional[int] = None
    fsx_throughput_mb_per_tib: Optional[int] = None
    prometheus: bool = False
    grafana: bool = False


@dataclass(frozen=True)
class GroupCost:
    group: str
    instance_type: str
    node_hourly: Optional[float]  # None: unpriced
    floor_nodes: int
    ceiling_nodes: int

    @property
    def priced(self) -> bool:
        return self.node_hourly is not None

    @property
    def floor_hourly(self) -> Optional[float]:
        return None if self.node_hourly is None else self.floor_nodes * self.node_hourly

    @property
    def ceiling_hourly(self) -> Optional[float]:
        return None if self.node_hourly is None else self.ceiling_nodes * self.node_hourly


@dataclass(frozen=True)
class FixedCost:
    name: str
    quantity: str
    monthly: Optional[float]  # None: unpriced, ``note`` says why
    note: str = ""

    @property
    def hourly(self) -> Optional[float]:
        return None if self.monthly is None else self.monthly / HOURS_PER_MONTH


@dataclass(frozen=True)
class BaselineNodes:
    """Nodes of one instance type the same endpoints need always on without MIG (or a group kept as at the floor)."""

    instance_type: str
    nodes: int
    node_hourly: Optional[float]
    why: str

    @property
    def hourly(self) -> Optional[float]:
        return None if self.node_hourly is None else self.nodes * self.node_hourly


def _sum(values: list[Optional[float]]) -> float:
    return sum(value for value in values if value is not None)


@dataclass(frozen=True)
class CostReport:
    """The plan's cost (``Plan.cost()``): per group and in total at the floor and the ceiling, the fixed costs, and
    the always-on-without-MIG comparison. Amounts are USD; a month is 730 hours. Unpriced items are named
    (``unpriced``), never counted as zero."""

    prices: Prices
    """The prices the report was computed with.
    Required."""
    groups: tuple[GroupCost, ...]
    """Per instance group: its price per node and its nodes at the floor and the ceiling.
    Required."""
    fixed: tuple[FixedCost, ...]
    """The fixed costs the platform adds (EKS control plane, NAT gateways, FSx, AMP, Grafana), the same at the floor
    and the ceiling.
    Required."""
    baseline: tuple[BaselineNodes, ...]
    """The nodes the same endpoints would need always on at max replicas without MIG, per instance type.
    Required."""
    not_in_baseline: tuple[str, ...]
    """The endpoints left out of the comparison (those without one instance type).
    Required."""

    @property
    def fixed_monthly(self) -> float:
        """The priced fixed costs, USD per month."""
        return _sum([item.monthly for item in self.fixed])

    @property
    def floor_hourly(self) -> float:
        """The platform idle (the floor's nodes plus the fixed costs), USD per hour."""
        return _sum([group.floor_hourly for group in self.groups]) + self.fixed_monthly / HOURS_PER_MONTH

    @property
    def ceiling_hourly(self) -> float:
        """The platform at full scale (the ceiling's nodes plus the fixed costs), USD per hour."""
        return _sum([group.ceiling_hourly for group in self.groups]) + self.fixed_monthly / HOURS_PER_MONTH

    @property
    def floor_monthly(self) -> float:
        """``floor_hourly`` over a month (730 hours), USD."""
        return self.floor_hourly * HOURS_PER_MONTH

    @property
    def ceiling_monthly(self) -> float:
        """``ceiling_hourly`` over a month (730 hours), USD."""
        return self.ceiling_hourly * HOURS_PER_MONTH

    @property
    def baseline_monthly(self) -> float:
        """The always-on-without-MIG comparison, USD per month (fixed costs included)."""
        return _sum([line.hourly for line in self.baseline]) * HOURS_PER_MONTH + self.fixed_monthly

    @property
    def unpriced(self) -> tuple[str, ...]:
        """Everything left out of the totals, by name: never silently."""
        names = [f"group {group.group} ({group.instance_type})" for group in self.groups if not group.priced]
        names += [item.name for item in self.fixed if item.monthly is None]
        return tuple(names)

    @property
    def baseline_complete(self) -> bool:
        """True when every node of the comparison and every group is priced, so savings can be computed."""
        return (all(line.node_hourly is not None for line in self.baseline) and not self.not_in_baseline
                and all(group.priced for group in self.groups))

    def saving_monthly(self, at: str) -> Optional[float]:
        """Always-on-without-MIG minus the platform at ``"floor"`` or ``"ceiling"``; None when anything is unpriced."""
        if not self.baseline_complete:
            return None
        return self.baseline_monthly - (self.floor_monthly if at == "floor" else self.ceiling_monthly)

    def render(self) -> list[str]:
        """The plan's cost lines (``plan.txt``)."""
        lines = ["", f"Cost in USD, a month = {HOURS_PER_MONTH} h (prices: {self.prices.describe()})",
                 _cols("group", "instance type", "per node $/h", "floor $/h", "floor $/month", "ceiling $/h",
                       "ceiling $/month")]
        for group in self.groups:
            if group.node_hourly is None:
                lines.append(_cols(group.group, group.instance_type,
                                   f"unpriced: no price for {group.instance_type}"))
                continue
            lines.append(_cols(group.group, group.instance_type, _usd(group.node_hourly, 3),
                               _usd(group.floor_hourly), _usd(group.floor_hourly * HOURS_PER_MONTH),
                               _usd(group.ceiling_hourly), _usd(group.ceiling_hourly * HOURS_PER_MONTH)))
        if self.fixed:
            lines += ["", "Fixed costs the platform adds (the same at the floor and the ceiling)"]
            for item in self.fixed:
                if item.monthly is None:
                    lines.append(f"  {item.name} ({item.quantity}): unpriced; {item.note}")
                else:
                    note = f"; {item.note}" if item.note else ""
                    lines.append(f"  {item.name} ({item.quantity}): ${_usd(item.hourly, 3)}/h, "
                                 f"${_usd(item.monthly)}/month{note}")
        lines += ["", f"Total at the floor:   ${_usd(self.floor_hourly)}/h, ${_usd(self.floor_monthly)}/month",
                  f"Total at the ceiling: ${_usd(self.ceiling_hourly)}/h, ${_usd(self.ceiling_monthly)}/month"]
        if self.unpriced:
            lines.append(f"  not in the totals (unpriced): {', '.join(self.unpriced)}")
        lines += ["", "The same endpoints always on, without scale-to-zero and without MIG packing"]
        for line in self.baseline:
            cost = (f"${_usd(line.hourly)}/h, ${_usd(line.hourly * HOURS_PER_MONTH)}/month"
                    if line.hourly is not None else f"unpriced: no price for {line.instance_type}")
            lines.append(f"  {line.instance_type}: {_count(line.nodes, 'node')} ({line.why}): {cost}")
        for name in self.not_in_baseline:
            lines.append(f"  endpoint {name}: no single instance type, not counted")
        lines.append(f"  Total with the fixed costs: ${_usd(self.baseline_monthly)}/month")
        floor, ceiling = self.saving_monthly("floor"), self.saving_monthly("ceiling")
        if floor is None or ceiling is None:
            lines.append("  Saving: not computed while something above is unpriced")
        else:
            lines.append(f"  Saving: ${_usd(floor)}/month at the floor ({_share(floor, self.baseline_monthly)}), "
                         f"${_usd(ceiling)}/month at the ceiling ({_share(ceiling, self.baseline_monthly)})")
        return lines


def estimate_cost(plan: Plan, prices: Prices, items: FixedCostItems) -> CostReport:
    groups = tuple(GroupCost(group.name, group.instance_type, prices.hourly(group.instance_type),
                             plan.floor(group), plan.ceiling(group)) for group in plan.groups)
    baseline, not_in_baseline = _baseline(plan, prices)
    return CostReport(prices, groups, _fixed(prices, items), baseline, not_in_baseline)


def _fixed(prices: Prices, items: FixedCostItems) -> tuple[FixedCost, ...]:
    fixed: list[FixedCost] = []
    price_file = "no price in the price file"
    if items.eks_clusters:
        fixed.append(FixedCost("EKS control plane", _count(items.eks_clusters, "cluster"),
                               None if prices.eks_cluster_hourly is None
                               else items.eks_clusters * prices.eks_cluster_hourly * HOURS_PER_MONTH,
                               "standard support" if prices.eks_cluster_hourly is not None else price_file))
    if items.nat_gateways:
        fixed.append(FixedCost("NAT gateways", _count(items.nat_gateways, "gateway"),
                               None if prices.nat_gateway_hourly is None
                               else items.nat_gateways * prices.nat_gateway_hourly * HOURS_PER_MONTH,
                               "data processed is charged per GB on top" if prices.nat_gateway_hourly is not None
                               else price_file))
    if items.fsx_capacity_gib is not None and items.fsx_throughput_mb_per_tib is not None:
        rate = prices.fsx_lustre_gib_month.get(items.fsx_throughput_mb_per_tib)
        fixed.append(FixedCost("FSx for Lustre model store",
                               f"{items.fsx_capacity_gib} GiB PERSISTENT_2, {items.fsx_throughput_mb_per_tib} MB/s/TiB",
                               None if rate is None else items.fsx_capacity_gib * rate,
                               "" if rate is not None else
                               f"no PERSISTENT_2 {items.fsx_throughput_mb_per_tib} MB/s/TiB price in the price file"))
    if items.prometheus:
        fixed.append(FixedCost("Amazon Managed Prometheus", "workspace", prices.amp_monthly,
                               "your estimate" if prices.amp_monthly is not None else
                               "billed per sample ingested, stored and queried; give your estimate as "
                               "Prices(amp_monthly=...) or --amp-monthly"))
    if items.grafana:
        fixed.append(FixedCost("Amazon Managed Grafana", "workspace", prices.grafana_monthly,
                               "your estimate" if prices.grafana_monthly is not None else
                               "billed per active editor and viewer; price it with --grafana-editors/--grafana-viewers, "
                               "or give Prices(grafana_monthly=...)"))
    return tuple(fixed)


def _baseline(plan: Plan, prices: Prices) -> tuple[tuple[BaselineNodes, ...], tuple[str, ...]]:
    needs, not_in_baseline = always_on_without_mig(plan.gpu_demands)
    lines: list[BaselineNodes] = []
    for need in needs:
        mig = f", {need.mig_replicas} MIG replicas on whole GPUs" if need.mig_replicas else ""
        why = (f"{need.gpus} GPUs at max replicas{mig}, {need.gpus_per_node} per node" if need.gpus
               else "a node per replica at max replicas")
        lines.append(BaselineNodes(need.instance_type, need.nodes, prices.hourly(need.instance_type), why))
    used = {need.instance_type for need in needs}
    for group in plan.groups:
        if group.instance_type not in used and plan.floor(group):
            lines.append(BaselineNodes(group.instance_type, plan.floor(group), prices.hourly(group.instance_type),
                                       f"group {group.name} runs no endpoint: as at the floor"))
    return tuple(lines), not_in_baseline


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _usd(value: Optional[float], places: int = 2) -> str:
    return "-" if value is None else f"{value:,.{places}f}"


def _share(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _cols(*cells: str) -> str:
    widths = (18, 18, 13, 11, 14, 12, 15)
    return "  ".join(cell.rjust(width) if index >= 2 and not cell.startswith("unpriced") else cell.ljust(width)
                     for index, (cell, width) in enumerate(zip(cells, widths))).rstrip()
