"""The platform's network: a VPC it creates, or an existing one with the subnets and security groups to use.

Existing resources are the CDK's own interfaces (``ec2.IVpc``, ``ec2.ISubnet``, ``ec2.ISecurityGroup``), named
here for type checkers only so the intent layer imports without Node.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from ..errors import require
from .frozen import Frozen

if TYPE_CHECKING:
    from aws_cdk import aws_ec2 as ec2

WHERE = "network"


@dataclass(frozen=True, kw_only=True)
class Network:
    """``Network()`` creates a VPC laid out for HyperPod and one node security group.

    ``Network(vpc=vpc)`` uses an existing VPC: HyperPod nodes and the model store go to ``subnets`` (default: the
    VPC's private subnets) with ``security_groups`` (default: one group the platform creates in that VPC).
    With an existing EKS cluster, ``vpc=None`` means the VPC the cluster was imported with.
    """

    vpc: Optional[ec2.IVpc] = None
    """An existing VPC (``ec2.IVpc``) for the nodes, the model store and a created EKS cluster.
    Default: None (the platform creates a VPC; with an existing EKS cluster, the VPC it was imported with)."""
    subnets: Optional[Sequence[ec2.ISubnet]] = Frozen(None)
    """The subnets of ``vpc`` HyperPod nodes and the model store use (only with ``vpc``).
    Default: None (the VPC's private subnets)."""
    security_groups: Optional[Sequence[ec2.ISecurityGroup]] = Frozen(None)
    """The security groups of ``vpc`` the nodes use (only with ``vpc``); the first also goes on the model store and,
    for a created cluster, the EKS control plane.
    Default: None (one node security group the platform creates)."""

    def __post_init__(self) -> None:
        # Subnets and groups belong to one VPC: without vpc= they would meet a VPC the platform creates.
        require(self.subnets is None or self.vpc is not None, WHERE, "subnets", _count(self.subnets, "subnets"),
                "subnets only together with vpc= (the VPC they are in); a VPC the platform creates uses its own "
                "private subnets")
        require(self.security_groups is None or self.vpc is not None, WHERE, "security_groups",
                _count(self.security_groups, "security groups"),
                "security groups only together with vpc= (the VPC they are in); with a VPC the platform creates it "
                "creates the node security group too")
        for field, value in (("subnets", self.subnets), ("security_groups", self.security_groups)):
            require(value is None or (not isinstance(value, (str, bytes)) and isinstance(value, Sequence)), WHERE,
                    field, value, "a list of ec2 interfaces (ec2.Subnet.from_subnet_id(...), "
                    "ec2.SecurityGroup.from_security_group_id(...)) or None")


def _count(items: Optional[Sequence[object]], noun: str) -> str:
    return f"{len(items)} {noun}" if items is not None and not isinstance(items, str) else repr(items)
