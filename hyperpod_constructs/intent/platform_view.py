"""What endpoints and charts may know about the platform they run on: plain values, no CDK objects.

The platform builds one ``PlatformView`` from its constructs (values may be CDK token strings, which
render into the CloudFormation-applied manifests and become ``${Name}`` placeholders in the GitOps
export). Specs use it for cross-resource checks and for rendering manifests.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .instance_group import InstanceGroup


@dataclass(frozen=True)
class ModelStoreView:
    """The FSx for Lustre model store endpoints read from by default."""

    file_system_id: str
    dns_name: str
    mount_name: str
    claim_name: str  # the PersistentVolumeClaim endpoints mount
    import_path: Optional[str] = None  # s3://bucket/prefix/ linked to the file system


@dataclass(frozen=True)
class PlatformView:
    instance_groups: tuple[InstanceGroup, ...] = ()
    region: str = "us-east-1"
    tiered_storage_enabled: bool = False
    node_autoscaling: bool = False
    prometheus_query_url: Optional[str] = None  # AMP query endpoint for KEDA Prometheus triggers
    model_store: Optional[ModelStoreView] = None
    tls_certificate_s3_uri: Optional[str] = None  # default location for the operator's self-signed certs
    namespace: str = "default"  # namespace endpoints deploy to unless they say otherwise
    jumpstart_gated_models: bool = False  # the operator has a role that downloads gated JumpStart models

    def groups_of_type(self, instance_type: str) -> tuple[InstanceGroup, ...]:
        return tuple(group for group in self.instance_groups if group.instance_type == instance_type)
