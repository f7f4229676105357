"""A readable plan: instance groups, GPUs and MIG slices, endpoints, at the floor and at the ceiling.

The numbers are the ones the synthesized app runs: a fixed group's nodes are its ``count`` (the template's
``InstanceCount``), an autoscaled group's ceiling is its ``max_count`` (its NodePool limit) and its floor the nodes
the endpoints' minimum replicas keep busy, packed as ``resolve.capacity`` packs them; endpoint replicas are the
manifests' ``replicas`` or ``autoScalingSpec`` bounds.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..prices.model import Prices
from ..intent.cold_start import ColdStartAssumptions
from ..planner.cold_start import (
    ColdStartContext, ColdStartEndpoint, ColdStartEstimate, cold_start_endpoints, estimate_cold_start, hold_budget)
from ..intent.wake_hold import ADD_ON_NAMESPACE, PROXY_PORT, PROXY_SERVICE
from ..planner.wake_hold_budget import INVOKE_ENDPOINT_LIMIT_S, INVOKE_ENDPOINT_SOURCE
from ..resolve.capacity import (
    GpuDemand, GpuGroup, GroupNodes, group_nodes, gpu_groups, lower_bound_types, slice_totals, whole_gpu_totals)
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import PodDemand, ResolvedPlatform
from .cost import CostReport, FixedCostItems, estimate_cost
from .plan_gateways import PlannedGateway, gateway_lines, planned_gateways
from .plan_routes import Route, planned_routes, route_lines


@dataclass(frozen=True)
class Plan:
    """What the platform runs at the floor (idle) and at the ceiling (full scale): nodes, GPUs, MIG slices, endpoint
    replicas and, with prices, cost. ``platform.plan`` builds it; ``render()`` is the text of ``plan.txt``."""

    groups: tuple[InstanceGroup, ...]
    """The platform's instance groups.
    Required."""
    endpoints: tuple[PodDemand, ...]
    """What each endpoint asks of the nodes: one row per endpoint, or per side of a disaggregated one.
    Required."""
    autoscaled_groups: frozenset[str] = frozenset()
    """The names of the groups node autoscaling grows (their ceiling is ``max_count``).
    Default: none."""
    slices_per_instance: Optional[Mapping[str, Mapping[str, int]]] = None
    """Per group name, the MIG slices one node provides (profile to count).
    Default: None (no MIG)."""
    prices: Optional[Prices] = None
    """Instance and fixed prices.
    Default: None (no cost)."""
    fixed_costs: FixedCostItems = FixedCostItems()
    """What the platform runs besides the instance groups (EKS, NAT gateways, FSx, AMP, Grafana), priced with
    ``prices``.
    Default: none."""
    cold_starts: tuple[ColdStartEndpoint, ...] = ()
    """The endpoints (or disaggregated sides) that scale to zero, with what their cold start depends on.
    Default: none."""
    cold_start: ColdStartAssumptions = ColdStartAssumptions()
    """The figures the cold-start estimate assumes where the app does not say.
    Default: ``ColdStartAssumptions()`` (published figures, docs/cold-start.md)."""
    gateways: tuple[PlannedGateway, ...] = ()
    """The Inference Gateways, each with the endpoints attached to it.
    Default: none."""
    routes: tuple[Route, ...] = ()
    """Each way in (an endpoint's load balancer or SageMaker endpoint, a gateway's model): what a client names and
    the hops to the pods.
    Default: none."""
    sizing: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per endpoint a preset sized (``add_preset_endpoint``), why it has its size, one line each.
    Default: none."""

    @classmethod
    def of(cls, platform: ResolvedPlatform, **fields: Any) -> "Plan":
        """The plan of a resolved platform (``fields``: the price fields and ``cold_start``)."""
        return cls(groups=platform.instance_groups, endpoints=platform.demands,
                   autoscaled_groups=frozenset(platform.autoscaled_groups),
                   slices_per_instance=platform.slices_per_instance,
                   cold_starts=tuple(cold_start_endpoints(platform)), gateways=planned_gateways(platform),
                   routes=planned_routes(platform),
                   **fields)

    def cost(self) -> Optional[CostReport]:
        """Cost at the floor and the ceiling, fixed costs and the always-on comparison; None without prices."""
        return None if self.prices is None else estimate_cost(self, self.prices, self.fixed_costs)

    # ---- the numbers --------------------------------------------------------------------------------------

    def cold_start_estimates(self) -> tuple[ColdStartEstimate, ...]:
        """Per endpoint that scales to zero: the wait from a request at zero replicas to its first token, part by
        part, and what the caches save."""
        return tuple(estimate_cold_start(endpoint, self.cold_start_context()) for endpoint in self.cold_starts)

    def cold_start_context(self) -> ColdStartContext:
        """What every cold-start estimate of this plan reads: the figures assumed, the model store, warm types."""
        return ColdStartContext(self.cold_start, self.fixed_costs.fsx_capacity_gib,
                                self.fixed_costs.fsx_throughput_mb_per_tib, self.warm_instance_types())

    def warm_instance_types(self) -> frozenset[str]:
        """The instance types with a spare node at the floor: an endpoint of such a type wakes without a new node."""
        return frozenset(group.instance_type for group in self.groups if self.idle_at_floor(group) > 0)

    def floor(self, group: InstanceGroup) -> int:
        """Nodes running when idle: the group's own count, or for an autoscaled group the nodes the
        endpoints' minimum replicas keep busy (after the fixed groups of that type are used)."""
        return self.nodes(group).floor

    def idle_at_floor(self, group: InstanceGroup) -> int:
        """Nodes the floor runs that no endpoint's minimum replicas need (a fixed ``count`` above what they use)."""
        return self.nodes(group).idle_at_floor

    def ceiling(self, group: InstanceGroup) -> int:
        """The most nodes: ``max_count`` for an autoscaled group, else ``count``."""
        return self.nodes(group).ceiling

    def nodes(self, group: InstanceGroup) -> GroupNodes:
        """The group's nodes at the floor and the ceiling, and the GPUs on them."""
        return self._nodes[group.name]

    @functools.cached_property
    def _nodes(self) -> dict[str, GroupNodes]:
        return group_nodes(self.gpu_groups, self.gpu_demands)

    @property
    def gpu_groups(self) -> tuple[GpuGroup, ...]:
        """The groups as GPU capacity (whole GPUs and MIG slices per node, floor and ceiling)."""
        return gpu_groups(self.groups, self.autoscaled_groups, self.slices_per_instance)

    @property
    def gpu_demands(self) -> tuple[GpuDemand, ...]:
        """What each row of ``endpoints`` asks of that capacity."""
        return tuple(endpoint.gpu_demand() for endpoint in self.endpoints)

    # ---- the text -----------------------------------------------------------------------------------------

    def render(self) -> str:
        """The plan as text (``plan.txt``): groups, endpoints, gateways, routes, GPU and MIG use, totals and cost."""
        lines = self._group_lines()
        lines += self._ami_lines()
        lines += self._endpoint_lines()
        lines += self._sizing_lines()
        lines += gateway_lines(self.gateways)
        lines += route_lines(self.routes)
        lines += self._whole_gpu_utilisation()
        lines += self._mig_utilisation()
        lines += self._totals()
        lines += self._cost_lines()
        lines += self._cold_start_lines()
        return "\n".join(lines) + "\n"

    def _group_lines(self) -> list[str]:
        lines = ["Instance groups", _row("group", "instance type", "nodes min..max", "GPUs min..max", "MIG")]
        for group in self.groups:
            nodes = self.nodes(group)
            slices = (self.slices_per_instance or {}).get(group.name) or {}
            mig = ", ".join(f"{count}x {profile}" for profile, count in sorted(slices.items())) or "-"
            scaling = " (autoscaled)" if group.name in self.autoscaled_groups else ""
            lines.append(_row(group.name, group.instance_type, f"{nodes.floor}..{nodes.ceiling}{scaling}",
                              f"{nodes.gpus('floor')}..{nodes.gpus('ceiling')}", f"{mig} per node" if slices else mig))
        return lines

    def _ami_lines(self) -> list[str]:
        """Per group that sets its AMI: the image, the pinned release, auto-patching, and whether the pin can drift."""
        groups = [group for group in self.groups
                  if group.image_id is not None or group.image_release_version is not None or group.auto_patch is not None]
        if not groups:
            return []
        lines = ["", "AMI", _row("group", "image", "release", "auto-patch")]
        for group in groups:
            patch = group.auto_patch.describe() if group.auto_patch is not None else "off"
            lines.append(_row(group.name, group.image_id or "HyperPod default", group.image_release_version or "latest",
                              patch))
            if group.pinned_ami_can_drift:
                lines.append(f"  {group.name}: auto-patching moves nodes past release {group.image_release_version}; "
                             "CloudFormation does not move them back and may report ImageReleaseVersion as drifted")
        return lines

    def _endpoint_lines(self) -> list[str]:
        lines = ["", "Endpoints", _row("endpoint", "kind", "instance type", "replicas min..max",
                                       "accelerators per replica", "GPU memory per replica")]
        for endpoint in self.endpoints:
            per_replica = (f"1x mig-{endpoint.partition}" if endpoint.partition
                           else "as the model's configuration sets" if endpoint.gpus is None
                           else f"{endpoint.gpus} GPU" if endpoint.gpus else "CPU only")
            lines.append(_row(endpoint.name, endpoint.kind, endpoint.instance_type,
                              f"{endpoint.min_replicas}..{endpoint.max_replicas}", per_replica,
                              endpoint.memory or "size not declared"))
        return lines

    def _sizing_lines(self) -> list[str]:
        """Why each preset endpoint has its size: the model's figures, the chosen replica's memory, the others."""
        if not self.sizing:
            return []
        lines = ["", "Sizing (preset endpoints: why this size; docs/presets.md)"]
        for name, reasons in self.sizing:
            lines.append(f"  {name}")
            lines += [f"    {reason}" for reason in reasons]
        return lines

    def _whole_gpu_utilisation(self) -> list[str]:
        """Per instance type: whole GPUs requested at min and at max replicas vs whole GPUs the groups offer."""
        groups, demands = self.gpu_groups, self.gpu_demands
        floor, ceiling = whole_gpu_totals(groups, demands, "floor"), whole_gpu_totals(groups, demands, "ceiling")
        if not any(wanted for wanted, _ in ceiling.values()):
            return []
        inexact = lower_bound_types(demands)
        lines = ["", "Whole GPUs (requested at min / max replicas, available at count or max_count)"]
        for instance_type in sorted(ceiling):
            (low, available), (high, _) = floor.get(instance_type, (0, 0)), ceiling[instance_type]
            share = f"{100 * high / available:.0f}%" if available else "-"
            more = "+" if instance_type in inexact else ""
            lines.append(f"  {instance_type}: floor {low}{more} / {available}, ceiling {high}{more} / {available} "
                         f"({share})")
        if inexact:
            lines.append("  (+: JumpStart models counted as 1 GPU per replica; their configuration may use more)")
        return lines

    def _mig_utilisation(self) -> list[str]:
        """Per instance type and profile: slices requested at max replicas vs slices the groups offer at ceiling."""
        totals = slice_totals(self.gpu_groups, self.gpu_demands)
        if not totals:
            return []
        lines = ["", "MIG slices at the ceiling (requested at max replicas / available)"]
        for (instance_type, profile), (used, available) in sorted(totals.items()):
            share = f"{100 * used / available:.0f}%" if available else "-"
            lines.append(f"  {instance_type} mig-{profile}: {used} / {available} ({share})")
        return lines

    def _totals(self) -> list[str]:
        total_low = sum(self.floor(group) for group in self.groups)
        total_high = sum(self.ceiling(group) for group in self.groups)
        gpus_low = sum(self.nodes(group).gpus("floor") for group in self.groups)
        gpus_high = sum(self.nodes(group).gpus("ceiling") for group in self.groups)
        lines = ["", f"Floor:   {total_low} nodes, {gpus_low} GPUs running when idle",
                 f"Ceiling: {total_high} nodes, {gpus_high} GPUs at full scale"]
        return lines

    def _cost_lines(self) -> list[str]:
        cost = self.cost()
        return cost.render() if cost is not None else [
            "Cost:    no prices given; pass prices=Prices.from_file(...) to the platform (docs/cost.md)"]


    def _cold_start_lines(self) -> list[str]:
        """Per endpoint at zero: each part's seconds and how they were reached, the total, what the caches save."""
        estimates = self.cold_start_estimates()
        if not estimates:
            return []
        lines = ["", "Cold start from zero (a request at 0 replicas until its first token; sources: docs/cold-start.md)"]
        for estimate in estimates:
            endpoint = estimate.endpoint
            total = f"{estimate.known_s:.0f} s ({estimate.known_s / 60:.1f} min)"
            node = "a node the floor keeps" if estimate.warm_node else "a new node"
            lines.append(f"  {endpoint.name} on {endpoint.instance_type}, {node}: "
                         + (f"about {total}" if estimate.complete else f"at least {total}, a part is not known"))
            for part in estimate.parts:
                seconds = "?" if part.seconds is None else f"{part.seconds:.0f} s"
                lines.append(f"    {part.name:<20} {seconds:>7}  {part.how}")
            lines += [f"    {line}" for line in estimate.caches]
            lines.append(f"    {scale_up_window(estimate)}")
            lines += [f"    {line}" for line in caller_outcome(estimate)]
        return lines


def scale_up_window(estimate: ColdStartEstimate) -> str:
    """The scale-up stabilization window the endpoint's autoscaling carries, and whether it covers the replicas that
    are still loading (so they do not count as unmet demand)."""
    window, load = estimate.endpoint.scale_up_stabilization_s, estimate.load_and_start_s
    loading = "unknown" if load is None else f"{math.ceil(load)} s"
    if window is None:
        return (f"scale-up stabilization: none (the CRD's 0 s): replicas still loading ({loading}: image + weights + "
                "engine) count as unmet demand and the autoscaler may add more; set Autoscaling("
                "scale_up_stabilization_s=...)")
    return f"scale-up stabilization: {window} s on the endpoint's autoscaling (load and start: {loading})"


def caller_outcome(estimate: ColdStartEstimate) -> list[str]:
    """What a request that wakes the endpoint lives through, per entry point: held by the interceptor up to the hold
    (with the figures it is checked against), or failing fast."""
    first = f"{estimate.known_s:.0f} s" if estimate.complete else f"{estimate.known_s:.0f} s or more"
    budget = hold_budget(estimate)
    if budget is None:
        return [f"a caller: not held, fails fast until the first pod is ready (first token expected at {first}): "
                "nothing in front of the endpoint holds a request while no pod is ready; retry with backoff for that "
                "long, or hold it with Autoscaling(wake_hold=WakeHold(...))"]
    alb = budget.alb_idle_timeout_s
    lines = [f"a caller through the interceptor ({ADD_ON_NAMESPACE}/{PROXY_SERVICE}:{PROXY_PORT}): held up to "
             f"{budget.hold_s} s (first token expected at {first}), then 503 with Retry-After {budget.retry_after} s "
             "(the hold's fallback)"
             + (f"; an ALB in front of it closes idle connections after {alb} s" if alb is not None else ""),
             "a caller on the endpoint's ALB path: not held (the operator's ALB targets the pods, none at zero)",
             "a caller through an Inference Gateway: not held (it routes to the endpoint's pods)"]
    if budget.registered_with_sagemaker:
        lines.append(f"a caller through SageMaker runtime: not held; InvokeEndpoint allows {INVOKE_ENDPOINT_LIMIT_S} s "
                     f"({INVOKE_ENDPOINT_SOURCE})")
    lines += [f"caller {name!r}: gives up after {limit} s (caller_timeouts_s)" for name, limit in budget.caller_timeouts_s]
    return lines


def _row(*cells: str) -> str:
    widths = (18, 22, 22, 18, 34, 30)
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()
