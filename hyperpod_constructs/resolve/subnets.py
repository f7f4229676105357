"""The subnets HyperPod nodes and the model store are placed in, as far as the app knows their address ranges."""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Optional

# AWS reserves the first four and the last IPv4 address of every subnet (Amazon VPC User Guide, "Subnet CIDR blocks").
RESERVED_PER_SUBNET = 5


@dataclass(frozen=True)
class SubnetRecord:
    """One subnet of ``network.subnets`` (or the created VPC's private subnets)."""

    subnet_id: str
    """The subnet's id (a token for a subnet the stack creates).
    Required."""
    ipv4_cidr_block: Optional[str] = None
    """Its IPv4 range, such as ``"10.0.0.0/24"``; None when the app does not know it (a subnet imported by id alone).
    Default: None."""

    @property
    def usable_addresses(self) -> Optional[int]:
        """Addresses left for network interfaces once AWS's five are reserved; None when the range is unknown."""
        if self.ipv4_cidr_block is None:
            return None
        try:
            network = ipaddress.IPv4Network(self.ipv4_cidr_block, strict=False)
        except ValueError:
            return None  # a deploy-time token, not a range
        return max(network.num_addresses - RESERVED_PER_SUBNET, 0)
