"""The EKS part: the cluster HyperPod is orchestrated by (created or imported) and its IAM OIDC provider."""
from __future__ import annotations

from dataclasses import dataclass

from aws_cdk import RemovalPolicy, aws_iam as iam
from constructs import Construct

from ..aws.eks import HyperPodEks, imported_attribute
from ..aws.network import HyperPodNetwork
from ..errors import require
from ..intent.cluster import Eks, ExistingEks


@dataclass(frozen=True)
class EksContext:
    """What the EKS part needs: the network it joins, the ``cluster.eks`` choice and the data removal policy."""
    network: HyperPodNetwork
    eks: Eks
    removal_policy: RemovalPolicy
    where: str  # the platform's path, for errors


@dataclass(frozen=True)
class EksHandle:
    eks: HyperPodEks
    """``<scope>/Eks``: the cluster with its add-ons and access entries."""
    oidc_provider: iam.IOidcProvider
    """``<scope>/Oidc``: the cluster's IAM OIDC provider (created, or the one an existing cluster was imported with),
    which the operator's and the storage drivers' roles trust."""


def build_eks(scope: Construct, context: EksContext) -> EksHandle:
    eks = HyperPodEks(scope, "Eks", network=context.network, options=context.eks,
                      removal_policy=context.removal_policy)
    return EksHandle(eks=eks, oidc_provider=_oidc_provider(scope, eks, context))


def _oidc_provider(scope: Construct, eks: HyperPodEks, context: EksContext) -> iam.IOidcProvider:
    if not isinstance(context.eks, ExistingEks):
        return iam.OidcProviderNative(scope, "Oidc", url=eks.cluster.cluster_open_id_connect_issuer_url,
                                      client_ids=["sts.amazonaws.com"])
    cluster = context.eks.cluster
    provider = imported_attribute(cluster, "open_id_connect_provider")
    require(provider is not None, context.where, "cluster.eks.cluster", cluster.cluster_name,
            "a cluster imported with open_id_connect_provider= (its IAM OIDC provider: the inference operator's "
            "roles trust it), e.g. iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(...)")
    return iam.OidcProviderNative.from_oidc_provider_arn(scope, "Oidc", provider.open_id_connect_provider_arn)
