"""The network part alone: the VPC it creates, the one an existing cluster brings, and the VPCs it refuses."""
from __future__ import annotations

import pytest
from aws_cdk import aws_ec2 as ec2
from aws_cdk.assertions import Template

from apps_support import VPC_ID, imported_cluster
from hyperpod_constructs import Eks, HyperPodValidationError
from hyperpod_constructs.intent.network import Network
from hyperpod_constructs.platform.network_part import NetworkContext, build_network
from parts_support import WHERE, bare_stack, existing_eks


def test_a_new_cluster_without_a_vpc_gets_a_created_one_with_one_nat_gateway() -> None:
    stack = bare_stack()
    network = build_network(stack, NetworkContext(Network(), Eks.new(), WHERE))
    assert network.node.path == "Parts/Network" and network.created_vpc is not None
    Template.from_stack(stack).resource_count_is("AWS::EC2::NatGateway", 1)


def test_an_existing_cluster_brings_its_vpc() -> None:
    stack = bare_stack()
    network = build_network(stack, NetworkContext(Network(), existing_eks(stack), WHERE))
    assert network.created_vpc is None and network.vpc.vpc_id == VPC_ID


def test_an_existing_cluster_imported_without_its_vpc_is_refused() -> None:
    stack = bare_stack()
    eks = Eks.existing(imported_cluster(stack), authentication_mode="API", kubernetes_version="1.32")
    with pytest.raises(HyperPodValidationError, match=r"cluster\.eks\.cluster.*a cluster imported with vpc="):
        build_network(stack, NetworkContext(Network(), eks, WHERE))


def test_a_vpc_other_than_the_existing_clusters_is_refused() -> None:
    stack = bare_stack()
    other_id = "vpc-0fedcba9876543210"
    other = ec2.Vpc.from_vpc_attributes(stack, "OtherVpc", vpc_id=other_id, availability_zones=["us-west-2a"],
                                        private_subnet_ids=["subnet-0aaaaaaaaaaaaaaaa"])
    with pytest.raises(HyperPodValidationError,
                       match=rf"network\.vpc.*{other_id}.*the existing cluster's VPC \({VPC_ID}\)"):
        build_network(stack, NetworkContext(Network(vpc=other), existing_eks(stack), WHERE))
