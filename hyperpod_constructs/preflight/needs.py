"""What a platform needs of the account before ``cdk deploy``, read from the platform and its cloud assembly.

Plain values (no CDK object, no AWS call): the checks compare them with what the account has.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..intent.cluster import Eks, ExistingEks
from ..intent.model_source import S3ModelSource
from ..intent.observability import Observability
from ..intent.tokens import is_token

if TYPE_CHECKING:
    from ..platform.plan import Plan
    from ..platform.platform import HyperPodInferencePlatform

_BOOTSTRAP_PARAMETER_PREFIX = "/cdk-bootstrap/"


@dataclass(frozen=True)
class BootstrapNeed:
    """The CDK bootstrap version the app's stacks and assets require, and the qualifier they were synthesized with."""

    version: int
    qualifier: Optional[str]  # None: the synthesizer does not say (a legacy or custom synthesizer)


@dataclass(frozen=True)
class BucketNeed:
    name: str  # a deploy-time token when the stack creates the bucket
    used_by: str
    created_by_stack: bool


@dataclass(frozen=True)
class ExistingClusterNeed:
    """An ``Eks.existing(...)`` cluster as the app declares it."""

    name: str
    authentication_mode: str
    kubernetes_version: str
    install_addons: bool
    operator_controllers: tuple[str, ...]  # app.kubernetes.io/name of the controllers the operator add-on brings
    hyperpod_subnet_ids: tuple[str, ...] = ()  # the HyperPod nodes' subnets known at synth (no deploy-time token)


@dataclass(frozen=True)
class ImportedNetworkNeed:
    """An imported VPC a new EKS cluster is created in: its load-balancer subnet tags are not the stack's."""

    vpc_id: str
    hyperpod_subnet_ids: tuple[str, ...]  # known at synth (no deploy-time token)


@dataclass(frozen=True)
class PreflightNeeds:
    nodes_at_ceiling: Mapping[str, int]  # instance type -> the most nodes the plan runs of it
    bootstrap: Optional[BootstrapNeed]
    buckets: tuple[BucketNeed, ...]
    identity_center_for: Optional[str]  # what needs IAM Identity Center, or None
    existing_cluster: Optional[ExistingClusterNeed]
    imported_network: Optional[ImportedNetworkNeed] = None  # None: the stack creates the VPC, or the cluster exists


def needs_of(platform: HyperPodInferencePlatform, assembly: Path) -> PreflightNeeds:
    """The needs of a ``HyperPodInferencePlatform`` synthesized into the cloud assembly folder ``assembly``: the one
    place that reads the platform, handing each need what it is worked out from."""
    operator = platform.operator
    existing = existing_cluster_need(platform.cluster_settings.eks, keda=operator.keda_role is not None,
                                     alb=operator.alb_role is not None,
                                     hyperpod_subnets=[subnet.subnet_id for subnet in platform.network.hyperpod_subnets])
    return PreflightNeeds(
        nodes_at_ceiling=nodes_at_ceiling(platform.plan), bootstrap=bootstrap_need(assembly),
        buckets=model_buckets(platform.model_store.spec.bucket if platform.model_store is not None else None,
                              platform.endpoints),
        identity_center_for=identity_center_need(platform.observability_options),
        existing_cluster=existing,
        imported_network=imported_network_need(platform.network.vpc.vpc_id,
                                               [subnet.subnet_id for subnet in platform.network.hyperpod_subnets],
                                               created=platform.network.created_vpc is not None,
                                               existing_cluster=existing is not None))


def imported_network_need(vpc_id: str, hyperpod_subnets: Sequence[str], *, created: bool,
                          existing_cluster: bool) -> Optional[ImportedNetworkNeed]:
    """An imported VPC of a new EKS cluster, checked for load-balancer subnets (an existing cluster's VPC is checked
    with the cluster; a created one is tagged by the stack)."""
    if created or existing_cluster or is_token(vpc_id):
        return None
    return ImportedNetworkNeed(vpc_id=vpc_id, hyperpod_subnet_ids=tuple(subnet for subnet in hyperpod_subnets
                                                                        if not is_token(subnet)))


def nodes_at_ceiling(plan: Plan) -> dict[str, int]:
    """Instance type -> nodes at the plan's ceiling, summed over the groups of that type (quotas are per type)."""
    totals: dict[str, int] = defaultdict(int)
    for group in plan.groups:
        totals[group.instance_type] += plan.ceiling(group)
    return dict(totals)


def bootstrap_need(assembly: Path) -> Optional[BootstrapNeed]:
    """The highest ``requiresBootstrapStackVersion`` of the assembly's artifacts (stacks and asset manifests)."""
    artifacts = json.loads((assembly / "manifest.json").read_text()).get("artifacts", {})
    versions: list[int] = []
    qualifiers: set[str] = set()
    for artifact in artifacts.values():
        properties = artifact.get("properties") or {}
        if "requiresBootstrapStackVersion" in properties:
            versions.append(int(properties["requiresBootstrapStackVersion"]))
        parameter = properties.get("bootstrapStackVersionSsmParameter", "")
        if parameter.startswith(_BOOTSTRAP_PARAMETER_PREFIX):  # /cdk-bootstrap/<qualifier>/version
            qualifiers.add(parameter[len(_BOOTSTRAP_PARAMETER_PREFIX):].split("/")[0])
    if not versions:
        return None
    return BootstrapNeed(max(versions), qualifiers.pop() if len(qualifiers) == 1 else None)


def model_buckets(model_store_bucket: Optional[Any], endpoints: Sequence[Any]) -> tuple[BucketNeed, ...]:
    """The model store's bucket and the buckets S3 model sources mount, once each."""
    from aws_cdk import Resource

    found: dict[str, BucketNeed] = {}

    def add(bucket: Any, used_by: str) -> None:
        name = bucket.bucket_name
        if name not in found:
            found[name] = BucketNeed(name, used_by, created_by_stack=Resource.is_owned_resource(bucket))

    if model_store_bucket is not None:
        add(model_store_bucket, "the model store")
    for endpoint in endpoints:
        model = getattr(endpoint, "model", None)
        if isinstance(model, S3ModelSource):
            add(model.bucket, f"endpoint {endpoint.name}")
    return tuple(found.values())


def identity_center_need(observability: Optional[Observability]) -> Optional[str]:
    """What in the platform needs IAM Identity Center: a Grafana workspace signing users in with AWS_SSO.

    The one place that reads the observability settings for it."""
    if observability is not None and observability.requires_identity_center:
        return "the Grafana workspace (authentication AWS_SSO)"
    return None


def existing_cluster_need(eks: Eks, *, keda: bool, alb: bool,
                          hyperpod_subnets: Sequence[str] = ()) -> Optional[ExistingClusterNeed]:
    """``eks`` as preflight checks it, when it is an existing cluster; ``keda``/``alb``: whether the operator add-on
    brings its own KEDA and AWS Load Balancer Controller."""
    if not isinstance(eks, ExistingEks):
        return None
    from ..aws.inference_operator import ALB_SERVICE_ACCOUNT, KEDA_SERVICE_ACCOUNT  # aws-cdk-lib: only now

    controllers = tuple(name for name, brought in ((KEDA_SERVICE_ACCOUNT, keda), (ALB_SERVICE_ACCOUNT, alb)) if brought)
    return ExistingClusterNeed(name=eks.cluster.cluster_name, authentication_mode=eks.authentication_mode,
                               kubernetes_version=eks.kubernetes_version, install_addons=eks.install_addons,
                               operator_controllers=controllers,
                               hyperpod_subnet_ids=tuple(subnet for subnet in hyperpod_subnets
                                                         if not is_token(subnet)))
