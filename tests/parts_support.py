"""Platform parts built alone in a bare ``cdk.Stack``, from the same frozen contexts the platform hands them."""
from __future__ import annotations

from typing import Any

import aws_cdk as cdk
from aws_cdk import RemovalPolicy

from apps_support import imported_cluster, imported_vpc
from hyperpod_constructs import Eks
from hyperpod_constructs.intent.network import Network
from hyperpod_constructs.platform.eks_part import EksContext, EksHandle, build_eks
from hyperpod_constructs.platform.network_part import NetworkContext, build_network

WHERE = "Stack/Parts"


def bare_stack(name: str = "Parts") -> cdk.Stack:
    return cdk.Stack(cdk.App(), name, env=cdk.Environment(account="111122223333", region="us-west-2"))


def existing_eks(stack: cdk.Stack, **attributes: Any) -> Eks:
    """An imported cluster (cheap to build: nothing of EKS is created) with its VPC and OIDC provider."""
    return Eks.existing(imported_cluster(stack, imported_vpc(stack), **attributes), authentication_mode="API",
                        kubernetes_version="1.32")


def network_and_eks(stack: cdk.Stack, eks: Eks) -> tuple[Any, EksHandle]:
    """The network and EKS parts, as the platform builds them before every other part."""
    network = build_network(stack, NetworkContext(Network(), eks, WHERE))
    return network, build_eks(stack, EksContext(network, eks, RemovalPolicy.RETAIN, WHERE))
