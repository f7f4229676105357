"""How the platform's manifests reach the cluster: one S3 bundle applied by one custom resource, or GitOps only.

The template holds the bundle's location and the deploy-time values, never the manifests, so its size and
resource count stay the same however many endpoints the platform serves.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping, Optional

from aws_cdk import (
    AssetHashType, CustomResource, Duration, RemovalPolicy, aws_iam as iam, aws_s3_assets as s3_assets)
from constructs import Construct

from ..aws.kubectl_handler import KubectlHandler

RESOURCE_TYPE = "Custom::HyperPodManifests"
# How long one apply or delete may take from its first event: CRDs HyperPod serves only once the cluster's
# autoscaling is InService, operators' finalizers on delete. Past it the request fails naming what it waited for.
APPLY_TIMEOUT = Duration.minutes(30)
# What a stack delete does to the objects the applier made (the handler's Removal property).
REMOVALS = {RemovalPolicy.DESTROY: "destroy", RemovalPolicy.RETAIN: "retain"}


class ManifestDelivery(Enum):
    """Who applies the platform's Kubernetes manifests."""

    CDK_DEPLOY = "cdk-deploy"
    """The stack applies them (one custom resource, one S3 bundle); ``export()`` writes the same files."""
    GITOPS = "gitops"
    """The stack deploys the platform only; Argo CD or Flux apply the files ``export()`` writes. Objects an
    earlier ``CDK_DEPLOY`` applied are handed over, not deleted."""


@dataclass(frozen=True)
class StagedBundle:
    """The bundle zip (``manifests/*.k8s.yaml`` + ``inventory.json``) and the hash of its members, which names
    its S3 object: CDK neither fingerprints nor unpacks it."""
    path: str
    content_hash: str


class ManifestApplier(Construct):
    """Makes the cluster hold exactly ``bundle``, applied by ``handler``; with ``bundle=None``
    (``ManifestDelivery.GITOPS``) it applies nothing and hands what an earlier ``CDK_DEPLOY`` applied over to
    GitOps, so switching modes deletes nothing.

    The custom resource's properties are the bundle's S3 location, the label ``selector`` every delivered object
    carries (an object must still carry it to be pruned or deleted), the record that keeps the inventory of what
    was applied, the deploy-time ``values`` (tokens CloudFormation resolves) and what a stack delete does to the
    objects (``removal``: DESTROY deletes them, RETAIN leaves them running). An object of the bundle that already
    exists and is not this platform's (another platform's label, or none) is refused, naming it and its owner,
    unless ``adopt_existing`` is True: then the applier takes it over. The handler's role may read this bundle
    object and nothing else of the bucket.
    """

    def __init__(self, scope: Construct, construct_id: str, *, handler: KubectlHandler, bundle: Optional[StagedBundle],
                 selector: str, record_name: str, values: Mapping[str, str],
                 removal: RemovalPolicy = RemovalPolicy.DESTROY, adopt_existing: bool = False) -> None:
        super().__init__(scope, construct_id)
        properties: dict[str, Any] = {
            "ClusterName": handler.cluster.cluster_name,
            "Selector": selector,
            "RecordName": record_name,
            "Delivery": (ManifestDelivery.CDK_DEPLOY if bundle is not None else ManifestDelivery.GITOPS).value,
            "Removal": REMOVALS[removal],
        }
        if adopt_existing:  # absent means no: templates of platforms that never adopt stay as they were
            properties["AdoptExisting"] = "true"
        after: list[Construct] = [handler.access_entry]
        self._bundle: Optional[s3_assets.Asset] = None
        if bundle is not None:
            asset = self._bundle = s3_assets.Asset(self, "Bundle", path=bundle.path, asset_hash=bundle.content_hash,
                                                   asset_hash_type=AssetHashType.CUSTOM)
            after.append(iam.Policy(self, "ReadBundle", roles=[handler.role], statements=[iam.PolicyStatement(
                actions=["s3:GetObject"], resources=[asset.bucket.arn_for_objects(asset.s3_object_key)])]))
            properties.update({"BundleBucket": asset.s3_bucket_name, "BundleKey": asset.s3_object_key,
                               "Values": dict(values)})
        self._resource = handler.custom_resource(
            self, "Resource", resource_type=RESOURCE_TYPE, timeout=APPLY_TIMEOUT, properties=properties)
        # Apply once the function may read the bundle and reach the cluster; on delete, remove the objects
        # before that access is revoked.
        self._resource.node.add_dependency(*after)

    @property
    def bundle(self) -> Optional[s3_assets.Asset]:
        """The S3 asset holding the manifest bundle the cluster is made to hold, or None with ``GITOPS``."""
        return self._bundle

    @property
    def resource(self) -> CustomResource:
        """The ``Custom::HyperPodManifests`` custom resource that applies the bundle."""
        return self._resource
