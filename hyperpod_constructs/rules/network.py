"""Whether the node subnets hold the addresses the platform needs at full scale.

Every address counted is one the platform cannot run without, so the sum is a lower bound: the VPC CNI's warm pool,
the operator's routers and system pods take more.

- a HyperPod node: one address for its primary network interface (Amazon EKS User Guide, "Assign more IP addresses
  to Amazon EKS nodes with prefixes": each node requires one IP address for each network interface);
- a pod: one address of its own (same page: each Pod requires its own IP address; HyperPod on EKS requires the
  Amazon VPC CNI, which gives pods VPC addresses: HyperPod EKS prerequisites, "Networking");
- the model store: FSx for Lustre places its network interface in the first subnet (its endpoint's subnet in the FSx
  API's ``SubnetIds``), at least one address.
"""
from __future__ import annotations

import ipaddress
from typing import Optional

from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.subnets import RESERVED_PER_SUBNET
from .registry import problem_rule


def _ceiling_nodes(platform: ResolvedPlatform) -> int:
    autoscaled = set(platform.autoscaled_groups)
    return sum(group.max_count if group.name in autoscaled and group.max_count is not None else group.count
               for group in platform.instance_groups)


@problem_rule("subnet-addresses")
def subnet_addresses(platform: ResolvedPlatform) -> list[str]:
    """The node subnets have an address for every node at the ceiling, every endpoint pod at max replicas and the
    model store: checked against the subnets' ranges when every one is known at synth, else against the VPC's own
    range when that is known (the subnets lie inside it, so together they hold no more than it does)."""
    usable = [subnet.usable_addresses for subnet in platform.subnets]
    if not usable:
        return []
    nodes = _ceiling_nodes(platform)
    pods = sum(demand.max_replicas for demand in platform.demands)
    store = 1 if platform.model_store is not None else 0
    needed = nodes + pods + store
    parts = f"{nodes} node(s) at count or max_count, {pods} endpoint pod(s) at max replicas" + (
        ", 1 for the model store" if store else "")
    if all(count is not None for count in usable):
        offered = sum(count for count in usable if count is not None)
        if needed <= offered:
            return []
        ranges = ", ".join(str(subnet.ipv4_cidr_block) for subnet in platform.subnets)
        return [format_problem(
            "network", "subnets", f"{len(usable)} subnet(s) ({ranges}) with {offered} usable addresses",
            f"subnets with at least {needed} IPv4 addresses for what the platform runs at full scale ({parts}; AWS "
            f"keeps {RESERVED_PER_SUBNET} of each subnet): pass larger subnets (a /{_prefix_for(needed)} holds "
            "that many), or lower max_count or max_replicas")]
    vpc_size = _addresses(platform.vpc_cidr_block)
    if vpc_size is None:
        return []  # neither the subnets' ranges nor the VPC's: nothing to count against
    offered = max(vpc_size - RESERVED_PER_SUBNET * len(usable), 0)
    if needed <= offered:
        return []
    return [format_problem(
        "network", "vpc", f"{platform.vpc_cidr_block} ({vpc_size} addresses)",
        f"a VPC range with at least {needed + RESERVED_PER_SUBNET * len(usable)} IPv4 addresses: the platform needs "
        f"{needed} at full scale ({parts}), and its {len(usable)} subnet(s), of ranges unknown at synth, lie inside "
        f"the VPC's range, with {RESERVED_PER_SUBNET} addresses of each kept by AWS, so they hold at most "
        f"{offered}: use a larger VPC, or lower max_count or max_replicas; subnets in a secondary CIDR block of the "
        "VPC: import them with their ranges (ec2.Subnet.from_subnet_attributes(..., ipv4_cidr_block=...)) so that "
        "they are counted instead")]


def _addresses(cidr: Optional[str]) -> Optional[int]:
    """How many addresses an IPv4 range holds; None when it is unknown or not a range (a deploy-time token)."""
    if cidr is None:
        return None
    try:
        return ipaddress.IPv4Network(cidr, strict=False).num_addresses
    except ValueError:
        return None


def _prefix_for(addresses: int) -> int:
    """The longest prefix length whose one subnet holds ``addresses`` after AWS's reserved ones (at least /16)."""
    prefix = 28
    while prefix > 16 and 2 ** (32 - prefix) - RESERVED_PER_SUBNET < addresses:
        prefix -= 1
    return prefix
