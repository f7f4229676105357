"""How the platform's manifests reach the cluster: one S3 bundle applied by one custom resource, or GitOps only.

The template holds the bundle's location and the deploy-time values, never the manifests, so its size and
resource count stay the same however many endpoints the platform serves.
"""
from __future__ import annotations

from enum import Enum
from typing import Mapping, Sequence

from aws_cdk import CustomResource, aws_iam as iam, aws_s3_assets as s3_assets
from constructs import Construct

from .kubectl_handler import KubectlHandler

RESOURCE_TYPE = "Custom::HyperPodManifests"


class ManifestDelivery(Enum):
    """Who applies the platform's Kubernetes manifests."""

    CDK_DEPLOY = "cdk-deploy"
    """The stack applies them (one custom resource, one S3 bundle); ``export()`` writes the same files."""
    GITOPS = "gitops"
    """The stack deploys the platform only; Argo CD or Flux apply the files ``export()`` writes."""


class ManifestApplier(Construct):
    """Applies the bundle in ``bundle_dir`` (``manifests/*.k8s.yaml`` + ``inventory.json``) with ``handler``.

    The custom resource's properties are the bundle's S3 location, the label ``selector`` every delivered
    object carries, the kubectl ``kinds`` the bundle holds and the deploy-time ``values`` (tokens that
    CloudFormation resolves). The handler's role may read this bundle object and nothing else of the bucket.
    """

    def __init__(self, scope: Construct, construct_id: str, *, handler: KubectlHandler, bundle_dir: str,
                 selector: str, record_name: str, kinds: Sequence[str], values: Mapping[str, str]) -> None:
        super().__init__(scope, construct_id)
        self.bundle = s3_assets.Asset(self, "Bundle", path=bundle_dir)
        read = iam.Policy(self, "ReadBundle", roles=[handler.role], statements=[iam.PolicyStatement(
            actions=["s3:GetObject"], resources=[self.bundle.bucket.arn_for_objects(self.bundle.s3_object_key)])])
        self.resource = CustomResource(
            self, "Resource",
            service_token=handler.service_token,
            resource_type=RESOURCE_TYPE,
            properties={
                "ClusterName": handler.cluster.cluster_name,
                "BundleBucket": self.bundle.s3_bucket_name,
                "BundleKey": self.bundle.s3_object_key,
                "Selector": selector,
                "RecordName": record_name,
                "Kinds": list(kinds),
                "Values": dict(values),
            },
        )
        # Apply once the function may read the bundle and reach the cluster; on delete, remove the objects
        # before that access is revoked.
        self.resource.node.add_dependency(handler.access_entry, read)
