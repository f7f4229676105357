"""The tiered-storage daemon's memory beside the endpoints' pods on the nodes it runs on.

HyperPod's tiered-storage daemon requests ``memory_percent`` of each node's memory (request = limit, see
``tiered_kv_cache``); the endpoints' pods request their own memory on the same nodes. When a node full of one
endpoint's pods and the daemon ask for more than the node has, the scheduler leaves pods pending: a deploy that
synthesizes and never serves at max replicas.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterator, Optional

from ..errors import format_problem
from ..resolve.platform_model import PodDemand, ResolvedEndpoint, ResolvedPlatform
from ..resolve.records import CustomSpec, PodResources
from ..resolve.tiered_kv_cache import resolve_tiered_kv_cache_daemon
from .registry import problem_rule

# Kubernetes memory quantity suffixes, in bytes (binary and decimal); no suffix: bytes.
_UNITS = {"Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30, "Ti": 2 ** 40, "Pi": 2 ** 50, "Ei": 2 ** 60,
          "k": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12, "P": 10 ** 15, "E": 10 ** 18, "": 1}
_QUANTITY = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$")


def memory_gib(quantity: str) -> Optional[float]:
    """A Kubernetes memory quantity (``"98Gi"``, ``"30G"``) in GiB; None for a form this rule does not read."""
    match = _QUANTITY.match(quantity.strip())
    if match is None:
        return None
    return float(match.group(1)) * _UNITS[match.group(2) or ""] / 2 ** 30


@dataclass(frozen=True)
class _NodeFull:
    """As many pods of one demand as one node of the daemon's type holds (capped at max replicas)."""

    demand: PodDemand
    pods: int
    pod_gib: float

    @property
    def gib(self) -> float:
        return self.pods * self.pod_gib


def _requested_memory(resources: PodResources) -> Optional[float]:
    quantity = dict(resources.requests).get("memory")
    return memory_gib(str(quantity)) if quantity is not None else None


def _resources(endpoint: ResolvedEndpoint, demand: PodDemand) -> Optional[PodResources]:
    spec = endpoint.spec
    if not isinstance(spec, CustomSpec):
        return None  # a JumpStart model's pod requests are the operator's, unknown here
    if demand.side is not None and spec.disaggregation is not None:
        return getattr(spec.disaggregation, demand.side).resources
    return spec.resources


def _pods_per_node(platform: ResolvedPlatform, demand: PodDemand, group_names: tuple[str, ...],
                   gpu_count: int) -> int:
    """Pods of ``demand`` one node of the daemon's groups can hold by accelerators (0: not bound by them)."""
    if demand.partition is not None:
        slices = platform.slices_per_instance
        return max((slices.get(name, {}).get(demand.partition, 0) for name in group_names), default=0)
    if demand.gpus:
        return gpu_count // demand.gpus
    return 0  # CPU-only pods: the scheduler places them by memory alone, so they cannot overfill a node


def _full_nodes(platform: ResolvedPlatform, instance_type: str, group_names: tuple[str, ...],
                gpu_count: int) -> Iterator[_NodeFull]:
    for endpoint in platform.endpoints:
        for demand in endpoint.demands:
            if instance_type not in demand.placement_types:
                continue
            resources = _resources(endpoint, demand)
            pod_gib = _requested_memory(resources) if resources is not None else None
            pods = min(_pods_per_node(platform, demand, group_names, gpu_count), demand.max_replicas)
            if pod_gib and pods > 0:
                yield _NodeFull(demand, pods, pod_gib)


@problem_rule("tiered-storage-memory")
def tiered_storage_memory(platform: ResolvedPlatform) -> list[str]:
    """The tiered-storage daemon's share of a node and a node full of one endpoint's pods fit the node's memory."""
    daemon = resolve_tiered_kv_cache_daemon(platform)
    if daemon is None:
        return []
    info = next(group.info for group in platform.instance_groups if group.name in daemon.instance_groups)
    node_gib, daemon_gib = info.memory_gib, daemon.memory_mib / 1024
    problems: list[str] = []
    for full in _full_nodes(platform, daemon.instance_type, daemon.instance_groups, info.gpu_count):
        over = daemon_gib + full.gib - node_gib
        if over <= 0:
            continue
        largest = math.floor(100 * (node_gib - full.gib) / node_gib)
        pod_most = math.floor((node_gib - daemon_gib) / full.pods)
        percent_fix = (f"lower memory_percent to at most {largest}, " if largest >= 1 else "")
        problems.append(format_problem(
            "cluster.tiered_storage", "memory_percent", daemon.memory_percent,
            f"a share that leaves room for the pods beside it: the tiered-storage daemon requests "
            f"{daemon.memory_percent} % of each {daemon.instance_type} node's {node_gib} GiB ({daemon_gib:.0f} GiB), "
            f"and {full.pods} pod(s) of {full.demand.name!r} on one node request {full.pods} x {full.pod_gib:.0f} GiB "
            f"= {full.gib:.0f} GiB, {over:.0f} GiB more than the node has, so pods stay pending; {percent_fix}or set "
            f"memory= on {full.demand.name!r} to at most {pod_most}Gi, or lower its max_replicas"))
    if problems:  # one endpoint already overfills a node: the sum would say the same again
        return problems
    return _shared_mig_node(platform, daemon.instance_type, daemon.instance_groups, node_gib, daemon_gib,
                            daemon.memory_percent)


def _shared_mig_node(platform: ResolvedPlatform, instance_type: str, group_names: tuple[str, ...], node_gib: float,
                     daemon_gib: float, percent: int) -> list[str]:
    """A MIG node holds slices of several endpoints at once: at full replicas each profile's slices fill with the
    pods that ask most memory first, and all of them sit beside the daemon. One endpoint alone is the check above;
    this one adds up the endpoints that share a node's slices."""
    fills: list[tuple[str, int, float]] = []  # (demand, pods on one node, GiB a pod)
    for group in (name for name in group_names if platform.slices_per_instance.get(name)):
        slices = dict(platform.slices_per_instance[group])
        candidates = []
        for endpoint in platform.endpoints:
            for demand in endpoint.demands:
                resources = _resources(endpoint, demand)
                pod_gib = _requested_memory(resources) if resources is not None else None
                if demand.partition in slices and instance_type in demand.placement_types and pod_gib:
                    candidates.append((pod_gib, demand))
        for pod_gib, demand in sorted(candidates, key=lambda item: -item[0]):
            pods = min(slices[demand.partition], demand.max_replicas)  # type: ignore[index]
            slices[demand.partition] -= pods  # type: ignore[index]
            if pods:
                fills.append((demand.name, pods, pod_gib))
        break  # the daemon's groups share one type and layout is per group: the first MIG group stands for them
    if len(fills) < 2:
        return []
    pods_gib = sum(pods * pod_gib for _, pods, pod_gib in fills)
    over = daemon_gib + pods_gib - node_gib
    if over <= 0:
        return []
    shown = ", ".join(f"{pods} x {pod_gib:.0f} GiB of {name!r}" for name, pods, pod_gib in fills)
    largest = math.floor(100 * (node_gib - pods_gib) / node_gib)
    percent_fix = f"lower memory_percent to at most {largest}, " if largest >= 1 else ""
    return [format_problem(
        "cluster.tiered_storage", "memory_percent", percent,
        f"a share that leaves room for the MIG pods beside it: the tiered-storage daemon requests {percent} % of each "
        f"{instance_type} node's {node_gib} GiB ({daemon_gib:.0f} GiB), and at full replicas one node's MIG slices "
        f"hold {shown} = {pods_gib:.0f} GiB, {over:.0f} GiB more than the node has, so pods stay pending; "
        f"{percent_fix}or lower those endpoints' memory= or max_replicas")]
