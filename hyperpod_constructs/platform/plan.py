"""A readable plan: instance groups, GPUs and MIG slices, endpoints, at the floor and at the ceiling."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Optional

from ..prices.model import Prices
from ..spec.instance_group import InstanceGroup
from .cost import CostReport, FixedCostItems, estimate_cost


@dataclass(frozen=True)
class PlannedEndpoint:
    name: str
    kind: str  # "custom" or "jumpstart"
    instance_type: str
    min_replicas: int
    max_replicas: int
    gpus: Optional[int] = 0  # whole GPUs per replica; None when the model's own configuration decides
    partition: Optional[str] = None  # MIG profile per replica, e.g. "3g.40gb"


@dataclass(frozen=True)
class Plan:
    groups: tuple[InstanceGroup, ...]
    endpoints: tuple[PlannedEndpoint, ...]
    autoscaled_groups: frozenset[str] = frozenset()
    slices_per_instance: Optional[Mapping[str, Mapping[str, int]]] = None  # group -> MIG profile -> count
    hourly_prices: Optional[Mapping[str, float]] = None  # instance type -> USD per hour, if the user gives them
    prices: Optional[Prices] = None  # wins over hourly_prices
    fixed_costs: FixedCostItems = FixedCostItems()

    def cost(self) -> Optional[CostReport]:
        """Cost at the floor and the ceiling, fixed costs and the always-on comparison; None without prices."""
        prices = self.prices or (Prices.from_mapping(self.hourly_prices) if self.hourly_prices else None)
        return None if prices is None else estimate_cost(self, prices, self.fixed_costs)

    def floor(self, group: InstanceGroup) -> int:
        """Nodes running when idle: the group's own count, or for an autoscaled group the nodes the
        endpoints' minimum replicas keep busy (counted on the first autoscaled group of that type)."""
        if group.name not in self.autoscaled_groups:
            return group.count
        first = next(g for g in self.groups if g.instance_type == group.instance_type and g.name in self.autoscaled_groups)
        if group is not first:
            return 0
        fixed = sum(g.count for g in self.groups if g.instance_type == group.instance_type and g.name not in self.autoscaled_groups)
        return min(group.ceiling, max(0, math.ceil(self._nodes_for_min_replicas(group) - fixed)))

    def _nodes_for_min_replicas(self, group: InstanceGroup) -> float:
        """Fraction of nodes of the group's type that the endpoints' minimum replicas occupy."""
        info = group.info
        slices = (self.slices_per_instance or {}).get(group.name) or {}
        nodes = 0.0
        for endpoint in self.endpoints:
            if endpoint.instance_type != group.instance_type or endpoint.min_replicas == 0:
                continue
            if endpoint.partition and slices.get(endpoint.partition):
                nodes += endpoint.min_replicas / slices[endpoint.partition]
            elif endpoint.gpus and info.gpu_count:
                nodes += endpoint.min_replicas * endpoint.gpus / info.gpu_count
            else:  # the model's own configuration decides: count a whole node per replica
                nodes += endpoint.min_replicas
        return nodes

    def render(self) -> str:
        lines = ["Instance groups", _row("group", "instance type", "nodes min..max", "GPUs min..max", "MIG")]
        for group in self.groups:
            gpus = group.info.gpu_count
            low, high = self.floor(group), group.ceiling
            slices = (self.slices_per_instance or {}).get(group.name) or {}
            mig = ", ".join(f"{count}x {profile}" for profile, count in sorted(slices.items())) or "-"
            scaling = " (autoscaled)" if group.name in self.autoscaled_groups else ""
            lines.append(_row(group.name, group.instance_type, f"{low}..{high}{scaling}",
                              f"{low * gpus}..{high * gpus}", f"{mig} per node" if slices else mig))
        lines += ["", "Endpoints", _row("endpoint", "kind", "instance type", "replicas min..max", "accelerators per replica")]
        for endpoint in self.endpoints:
            per_replica = (f"1x mig-{endpoint.partition}" if endpoint.partition
                           else "as the model's configuration sets" if endpoint.gpus is None
                           else f"{endpoint.gpus} GPU" if endpoint.gpus else "CPU only")
            lines.append(_row(endpoint.name, endpoint.kind, endpoint.instance_type,
                              f"{endpoint.min_replicas}..{endpoint.max_replicas}", per_replica))
        lines += self._mig_utilisation()
        total_low = sum(self.floor(group) for group in self.groups)
        total_high = sum(group.ceiling for group in self.groups)
        gpus_low = sum(self.floor(group) * group.info.gpu_count for group in self.groups)
        gpus_high = sum(group.ceiling * group.info.gpu_count for group in self.groups)
        lines += ["", f"Floor:   {total_low} nodes, {gpus_low} GPUs running when idle",
                  f"Ceiling: {total_high} nodes, {gpus_high} GPUs at full scale"]
        cost = self.cost()
        lines += cost.render() if cost is not None else [
            "Cost:    no prices given; pass prices=Prices.from_file(...) to the platform (docs/cost.md)"]
        return "\n".join(lines) + "\n"


    def _mig_utilisation(self) -> list[str]:
        """Per instance type and profile: slices requested at max replicas vs slices the groups offer at ceiling."""
        supply: dict[tuple[str, str], int] = {}
        for group in self.groups:
            for profile, count in ((self.slices_per_instance or {}).get(group.name) or {}).items():
                key = (group.instance_type, profile)
                supply[key] = supply.get(key, 0) + count * group.ceiling
        demand: dict[tuple[str, str], int] = {}
        for endpoint in self.endpoints:
            if endpoint.partition:
                key = (endpoint.instance_type, endpoint.partition)
                demand[key] = demand.get(key, 0) + endpoint.max_replicas
        if not supply:
            return []
        lines = ["", "MIG slices at the ceiling (requested at max replicas / available)"]
        for (instance_type, profile), available in sorted(supply.items()):
            used = demand.get((instance_type, profile), 0)
            share = f"{100 * used / available:.0f}%" if available else "-"
            lines.append(f"  {instance_type} mig-{profile}: {used} / {available} ({share})")
        return lines


def _row(*cells: str) -> str:
    widths = (18, 22, 22, 18, 30)
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

