"""The EKS part alone: a created cluster with its OIDC provider, an imported one with the provider it was imported
with, and an imported cluster without one refused."""
from __future__ import annotations

import pytest
from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Template

from apps_support import OIDC_PROVIDER_ARN
from hyperpod_constructs import Eks, HyperPodValidationError
from hyperpod_constructs.intent.network import Network
from hyperpod_constructs.platform.eks_part import EksContext, build_eks
from hyperpod_constructs.platform.network_part import NetworkContext, build_network
from parts_support import WHERE, bare_stack, existing_eks, network_and_eks


def test_a_new_cluster_and_the_oidc_provider_its_roles_trust() -> None:
    stack = bare_stack()
    _, handle = network_and_eks(stack, Eks.new())
    assert (handle.eks.node.path, handle.oidc_provider.node.path) == ("Parts/Eks", "Parts/Oidc")
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::EKS::Cluster", 1)
    template.resource_count_is("AWS::IAM::OIDCProvider", 1)


def test_an_imported_cluster_keeps_its_oidc_provider() -> None:
    stack = bare_stack()
    _, handle = network_and_eks(stack, existing_eks(stack))
    assert handle.oidc_provider.oidc_provider_arn == OIDC_PROVIDER_ARN
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::EKS::Cluster", 0)
    template.resource_count_is("AWS::IAM::OIDCProvider", 0)


def test_an_imported_cluster_without_its_oidc_provider_is_refused() -> None:
    stack = bare_stack()
    eks = existing_eks(stack, oidc=False, cluster_name="team-cluster")
    network = build_network(stack, NetworkContext(Network(), eks, WHERE))
    with pytest.raises(HyperPodValidationError,
                       match=r"cluster\.eks\.cluster.*team-cluster.*a cluster imported with open_id_connect_provider="):
        build_eks(stack, EksContext(network, eks, RemovalPolicy.RETAIN, WHERE))
