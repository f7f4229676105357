"""What the cluster needs to read an endpoint's weights from a bucket or file system of the app.

- an S3 bucket: the S3 CSI driver's role may read it (``StorageDriverRoles.allow_read``, by the bucket's ARNs and
  its KMS key's ``grant_decrypt``);
- another FSx for Lustre file system: HyperPod nodes (the node security group) may reach it on the Lustre
  ports, through its ``connections``;
- either: a name for each value only known at deploy time (a bucket or file system the app creates), so the
  exported manifests hold a placeholder filled from the stack output of that name.
"""
from __future__ import annotations

from typing import Callable

from aws_cdk import aws_ec2 as ec2

from ..resolve.records import ModelLocation
from .deploy_time_names import NumberedValues
from .storage_drivers import StorageDriverRoles

LUSTRE_PORTS = (ec2.Port.tcp(988), ec2.Port.tcp_range(1018, 1023))


class ModelSourceAccess:
    """Grants each model source to its readers once, and names its deploy-time values."""

    def __init__(self, *, drivers: StorageDriverRoles, nodes: ec2.ISecurityGroup,
                 register: Callable[[str, str, str], str]) -> None:
        """``register(name, value, description)`` names a deploy-time value (the platform's ``DeployTimeValues``)."""
        self._drivers = drivers
        self._nodes = nodes
        self._buckets = NumberedValues(register, "ModelBucket", "Bucket an endpoint reads its model from")
        self._file_system_values = (
            NumberedValues(register, "ModelFileSystemId", "FSx file system an endpoint reads its model from"),
            NumberedValues(register, "ModelFileSystemDnsName", "DNS name of that file system"),
            NumberedValues(register, "ModelFileSystemMountName", "Lustre mount name of that file system"))
        self._file_systems: set[str] = set()

    def add(self, model: ModelLocation) -> None:
        """Grants for one endpoint's resolved model location (an S3 bucket, or an FSx file system of the app)."""
        if model.bucket is not None:
            self._drivers.allow_read(model.bucket)
            self._buckets.add(model.s3_bucket_name or "")
        elif model.file_system is not None:
            attributes = (model.fsx_file_system_id, model.fsx_dns_name, model.fsx_mount_name)
            for names, value in zip(self._file_system_values, attributes):
                if value is not None:
                    names.add(value)
            if model.fsx_file_system_id not in self._file_systems:
                self._file_systems.add(model.fsx_file_system_id or "")
                for port in LUSTRE_PORTS:
                    model.file_system.connections.allow_from(self._nodes, port, "HyperPod nodes: Lustre")
