"""A readable plan: instance groups, GPUs and MIG slices, endpoints, at the floor and at the ceiling."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from ..spec.instance_group import InstanceGroup


@dataclass(frozen=True)
class PlannedEndpoint:
    name: str
    kind: str  # "custom" or "jumpstart"
    instance_type: str
    min_replicas: int
    max_replicas: int
    gpus: int = 0  # whole GPUs per replica
    partition: Optional[str] = None  # MIG profile per replica, e.g. "3g.40gb"


@dataclass(frozen=True)
class Plan:
    groups: tuple[InstanceGroup, ...]
    endpoints: tuple[PlannedEndpoint, ...]
    autoscaled_groups: frozenset[str] = frozenset()
    slices_per_instance: Optional[Mapping[str, Mapping[str, int]]] = None  # group -> MIG profile -> count
    hourly_prices: Optional[Mapping[str, float]] = None  # instance type -> USD per hour, if the user gives them

    def floor(self, group: InstanceGroup) -> int:
        return 0 if group.name in self.autoscaled_groups else group.count

    def render(self) -> str:
        lines = ["Instance groups", _row("group", "instance type", "nodes min..max", "GPUs min..max", "MIG")]
        floor_cost = ceiling_cost = 0.0
        for group in self.groups:
            gpus = group.info.gpu_count
            low, high = self.floor(group), group.ceiling
            slices = (self.slices_per_instance or {}).get(group.name) or {}
            mig = ", ".join(f"{count}x {profile}" for profile, count in sorted(slices.items())) or "-"
            scaling = " (autoscaled)" if group.name in self.autoscaled_groups else ""
            lines.append(_row(group.name, group.instance_type, f"{low}..{high}{scaling}",
                              f"{low * gpus}..{high * gpus}", f"{mig} per node" if slices else mig))
            price = (self.hourly_prices or {}).get(group.instance_type)
            if price is not None:
                floor_cost += low * price
                ceiling_cost += high * price
        lines += ["", "Endpoints", _row("endpoint", "kind", "instance type", "replicas min..max", "accelerators per replica")]
        for endpoint in self.endpoints:
            per_replica = (f"1x mig-{endpoint.partition}" if endpoint.partition
                           else f"{endpoint.gpus} GPU" if endpoint.gpus else "CPU only")
            lines.append(_row(endpoint.name, endpoint.kind, endpoint.instance_type,
                              f"{endpoint.min_replicas}..{endpoint.max_replicas}", per_replica))
        total_low = sum(self.floor(group) for group in self.groups)
        total_high = sum(group.ceiling for group in self.groups)
        gpus_low = sum(self.floor(group) * group.info.gpu_count for group in self.groups)
        gpus_high = sum(group.ceiling * group.info.gpu_count for group in self.groups)
        lines += ["", f"Floor:   {total_low} nodes, {gpus_low} GPUs running when idle",
                  f"Ceiling: {total_high} nodes, {gpus_high} GPUs at full scale"]
        if self.hourly_prices:
            lines.append(f"Cost:    ${floor_cost:,.2f}/h at the floor, ${ceiling_cost:,.2f}/h at the ceiling "
                         "(prices you supplied)")
        return "\n".join(lines) + "\n"


def _row(*cells: str) -> str:
    widths = (18, 22, 22, 18, 30)
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

