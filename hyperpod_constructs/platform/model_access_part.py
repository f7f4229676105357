"""The model access part: the S3 and FSx CSI drivers' roles, and the grants each endpoint's model source adds."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..aws.model_access import ModelSourceAccess
from ..aws.storage_drivers import FSX_CSI_ADDON, S3_CSI_ADDON, StorageDriverRoles
from .advice import advise


@dataclass(frozen=True)
class ModelAccessContext:
    """What the drivers' roles trust (the cluster's OIDC provider), the add-ons the platform installs (they get the
    roles), the model store's bucket (read by the drivers) and the nodes' security group (file systems let it in)."""
    oidc_provider: iam.IOidcProvider
    workload_addons: tuple[eks.Addon, ...]
    model_store_bucket: Optional[s3.IBucket]
    nodes: ec2.ISecurityGroup
    register: Callable[[str, str, str], str]  # DeployTimeValues.register: model buckets and file systems


@dataclass(frozen=True)
class ModelAccessHandle:
    storage_drivers: StorageDriverRoles
    """``<scope>/StorageDrivers``: the S3 and FSx CSI drivers' IAM roles; endpoints add the buckets they read."""
    model_access: ModelSourceAccess
    """Grants the storage drivers read access to each endpoint's model source."""


def build_model_access(scope: Construct, context: ModelAccessContext) -> ModelAccessHandle:
    """Add-ons the platform installs get the roles directly; on an existing cluster whose add-ons it does not manage,
    a warning on the roles says the user attaches them."""
    drivers = StorageDriverRoles(scope, "StorageDrivers", oidc_provider=context.oidc_provider,
                                 model_store_bucket=context.model_store_bucket)
    unmanaged = sorted({S3_CSI_ADDON, FSX_CSI_ADDON} - drivers.attach(list(context.workload_addons)))
    if unmanaged:
        advise(drivers, [(
            f"the platform does not install {', '.join(unmanaged)} on this existing cluster: give each add-on "
            "its role (platform.storage_drivers.s3_csi_role / fsx_csi_role, service accounts "
            "kube-system:s3-csi-driver-sa and kube-system:fsx-csi-controller-sa) or S3 and FSx model "
            "sources cannot mount")], "csi-driver-roles")
    if context.model_store_bucket is not None:
        drivers.allow_read(context.model_store_bucket)
    return ModelAccessHandle(storage_drivers=drivers, model_access=ModelSourceAccess(
        drivers=drivers, nodes=context.nodes, register=context.register))
