"""The node subnets as the intent layer's records: id and IPv4 range, and the VPC's range, read once from the CDK
objects."""
from __future__ import annotations

from typing import Optional, Sequence

from aws_cdk import Token, aws_ec2 as ec2

from ..resolve.subnets import SubnetRecord


def _cidr(subnet: ec2.ISubnet) -> Optional[str]:
    try:
        cidr = subnet.ipv4_cidr_block
    except RuntimeError:  # jsii: an imported subnet given without its range refuses to name it
        return None
    return None if cidr is None or Token.is_unresolved(cidr) else str(cidr)


def vpc_cidr(vpc: ec2.IVpc) -> Optional[str]:
    """The VPC's IPv4 range when CDK knows it at synth (``Vpc.from_lookup``, ``from_vpc_attributes(vpc_cidr_block=)``),
    else None."""
    try:
        cidr = vpc.vpc_cidr_block
    except RuntimeError:  # jsii: an imported VPC given without its range refuses to name it
        return None
    return None if cidr is None or Token.is_unresolved(cidr) else str(cidr)


def subnet_records(subnets: Sequence[ec2.ISubnet]) -> tuple[SubnetRecord, ...]:
    """One record per subnet, its range None where CDK does not know it at synth."""
    return tuple(SubnetRecord(subnet_id=str(subnet.subnet_id), ipv4_cidr_block=_cidr(subnet)) for subnet in subnets)
