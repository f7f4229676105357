"""Platform views shared by the endpoint tests."""
from __future__ import annotations

from hyperpod_constructs.intent.cluster import ClusterSettings, TieredStorage
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.resolve.platform_model import ResolvedModelStore, ResolvedPlatform

AMP = "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-abc123"
ACM_ARN = "arn:aws:acm:us-west-2:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789"
ROLE_ARN = "arn:aws:iam::123456789012:role/SageMakerHyperPodInferenceExecution"

GROUPS = (
    InstanceGroup("system", "ml.m5.2xlarge", count=2),
    InstanceGroup("g5", "ml.g5.12xlarge", count=1, max_count=2),
    InstanceGroup("g5-small", "ml.g5.8xlarge", count=1),
    InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2, mig_config="all-3g.40gb"),
)

MODEL_STORE = ResolvedModelStore(file_system_id="fs-0123456789abcdef0", dns_name="fs-0123456789abcdef0.fsx.us-west-2.amazonaws.com",
                             mount_name="abcdefgh", claim_prefix="model-store", import_path="s3://my-models/")

VIEW = ResolvedPlatform.of(
    GROUPS, NodeAutoscaling(), region="us-west-2", cluster=ClusterSettings(tiered_storage=TieredStorage()),
    prometheus_query_url=AMP, model_store=MODEL_STORE, tls_certificate_s3_uri="s3://hyperpod-tls-123456789012/certs",
    namespace="inference", jumpstart_gated_models=True,
)

# A platform with nothing optional: no model store, no tiered storage, no AMP, no TLS bucket.
BARE_VIEW = ResolvedPlatform(instance_groups=(InstanceGroup("g5", "ml.g5.12xlarge", count=1),), region="eu-west-1")
