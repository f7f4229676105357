"""Who can reach the EKS API server endpoint: the internet (optionally some CIDRs only) or the VPC only."""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from ..errors import require, require_one_of
from .frozen import Frozen

MODES = ("public", "private")
MAX_PUBLIC_CIDRS = 40  # EKS limit on publicAccessCidrs


@dataclass(frozen=True)
class ApiEndpoint:
    """The EKS API server endpoint's exposure.

    ``ApiEndpoint.public()`` (default): reachable from the internet and, privately, from the VPC (nodes keep
    their API traffic inside the VPC). ``ApiEndpoint.public(allowed_cidrs=[...])``: the public side only from
    those CIDRs. ``ApiEndpoint.private()``: reachable from the VPC only. With a private or CIDR-restricted
    endpoint the functions that apply charts during ``cdk deploy`` (the kubectl function: Helm and manifests) run
    inside the VPC, because Lambda's public addresses are not in your CIDRs.
    """

    type_description = "ApiEndpoint.public(), ApiEndpoint.public(allowed_cidrs=[...]) or ApiEndpoint.private()"
    """How a wrong-type error names what to pass for an ``ApiEndpoint``."""
    mode: str = "public"
    """``"public"`` (the internet, and the VPC privately) or ``"private"`` (the VPC only); build it with
    ``ApiEndpoint.public()`` or ``ApiEndpoint.private()``.
    Default: ``"public"``."""
    allowed_cidrs: tuple[str, ...] = Frozen(())
    """IPv4 CIDR blocks the public side admits (at most 40, public mode only).
    Default: none (any address)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        require_one_of(self.mode, MODES, where, "mode")
        require(self.mode == "public" or not self.allowed_cidrs, where, "allowed_cidrs", list(self.allowed_cidrs),
                "no CIDRs with a private endpoint (it is reachable from the VPC only)")
        require(len(self.allowed_cidrs) <= MAX_PUBLIC_CIDRS, where, "allowed_cidrs",
                f"{len(self.allowed_cidrs)} CIDRs", f"at most {MAX_PUBLIC_CIDRS} CIDRs (EKS publicAccessCidrs)")
        for index, cidr in enumerate(self.allowed_cidrs):
            require(_is_ipv4_network(cidr), where, f"allowed_cidrs[{index}]", cidr,
                    "an IPv4 CIDR block such as 203.0.113.0/24, with no host bits set")

    @classmethod
    def public(cls, allowed_cidrs: tuple[str, ...] | list[str] = ()) -> "ApiEndpoint":
        """Reachable from the internet (or only ``allowed_cidrs``, IPv4 CIDR blocks) and, privately, from the VPC."""
        return cls("public", tuple(allowed_cidrs))

    @classmethod
    def private(cls) -> "ApiEndpoint":
        """Reachable from the VPC only; deploy-time functions run inside the VPC."""
        return cls("private")

    @property
    def open_to_internet(self) -> bool:
        """Anything on the internet (Lambda outside a VPC included) reaches the endpoint."""
        return self.mode == "public" and (not self.allowed_cidrs or "0.0.0.0/0" in self.allowed_cidrs)

    @property
    def functions_in_vpc(self) -> bool:
        """Deploy-time functions must run in the VPC to reach the endpoint."""
        return not self.open_to_internet


def _is_ipv4_network(value: object) -> bool:
    if not isinstance(value, str) or "/" not in value:
        return False
    try:
        ipaddress.IPv4Network(value, strict=True)
    except ValueError:
        return False
    return True
