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
    model store (checked when every subnet's range is known at synth)."""
    usable = [subnet.usable_addresses for subnet in platform.subnets]
    if not usable or any(count is None for count in usable):
        return []
    nodes = _ceiling_nodes(platform)
    pods = sum(demand.max_replicas for demand in platform.demands)
    store = 1 if platform.model_store is not None else 0
    needed, offered = nodes + pods + store, sum(count for count in usable if count is not None)
    if needed <= offered:
        return []
    ranges = ", ".join(str(subnet.ipv4_cidr_block) for subnet in platform.subnets)
    parts = f"{nodes} node(s) at count or max_count, {pods} endpoint pod(s) at max replicas" + (
        ", 1 for the model store" if store else "")
    return [format_problem(
        "network", "subnets", f"{len(usable)} subnet(s) ({ranges}) with {offered} usable addresses",
        f"subnets with at least {needed} IPv4 addresses for what the platform runs at full scale ({parts}; AWS "
        f"keeps {RESERVED_PER_SUBNET} of each subnet): pass larger subnets (a /{_prefix_for(needed)} holds that "
        "many), or lower max_count or max_replicas")]


def _prefix_for(addresses: int) -> int:
    """The longest prefix length whose one subnet holds ``addresses`` after AWS's reserved ones (at least /16)."""
    prefix = 28
    while prefix > 16 and 2 ** (32 - prefix) - RESERVED_PER_SUBNET < addresses:
        prefix -= 1
    return prefix
