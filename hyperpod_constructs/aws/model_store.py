"""FSx for Lustre model store linked to S3 through a data repository association."""
from __future__ import annotations

from aws_cdk import RemovalPolicy, aws_ec2 as ec2, aws_fsx as fsx
from constructs import Construct

from ..intent.model_store import ModelStore
from .network import HyperPodNetwork


class ModelStoreFileSystem(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, spec: ModelStore, network: HyperPodNetwork,
                 removal_policy: RemovalPolicy = RemovalPolicy.RETAIN) -> None:
        super().__init__(scope, construct_id)
        self.spec = spec
        subnet = network.hyperpod_subnets[0]
        self.file_system = fsx.LustreFileSystem(
            self, "FileSystem",
            vpc=network.vpc,
            vpc_subnet=subnet,
            security_group=network.security_groups[0],
            storage_capacity_gib=spec.capacity_gib,
            # Lustre 2.15, as AWS's quick setup creates it (current clients; 2.12 is the older default).
            file_system_type_version=fsx.FileSystemTypeVersion.V_2_15,
            lustre_configuration=fsx.LustreConfiguration(
                deployment_type=fsx.LustreDeploymentType.PERSISTENT_2,
                per_unit_storage_throughput=spec.throughput_mb_per_tib,
                data_compression_type=fsx.LustreDataCompressionType.LZ4,
            ),
            removal_policy=removal_policy,
        )
        # Lustre clients talk to the file system on 988 and 1018-1023.
        self.file_system.connections.allow_internally(ec2.Port.tcp(988), "Lustre")
        self.file_system.connections.allow_internally(ec2.Port.tcp_range(1018, 1023), "Lustre")
        self.association = fsx.CfnDataRepositoryAssociation(
            self, "S3Link",
            file_system_id=self.file_system.file_system_id,
            file_system_path=spec.file_system_path,
            data_repository_path=spec.import_path.rstrip("/") + "/",
            batch_import_meta_data_on_create=True,
            s3=fsx.CfnDataRepositoryAssociation.S3Property(
                auto_import_policy=fsx.CfnDataRepositoryAssociation.AutoImportPolicyProperty(
                    events=["NEW", "CHANGED", "DELETED"]),
            ),
        )
        self.association.apply_removal_policy(removal_policy)

    @property
    def file_system_id(self) -> str:
        return self.file_system.file_system_id

    @property
    def dns_name(self) -> str:
        return self.file_system.dns_name

    @property
    def mount_name(self) -> str:
        return self.file_system.mount_name
