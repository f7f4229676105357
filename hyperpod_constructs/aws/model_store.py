"""FSx for Lustre model store linked to S3 through a data repository association.

``IModelStore`` is what a consumer needs of a model store, whether this stack created it (``ModelStoreFileSystem``)
or a second stack imports it (``ModelStoreFileSystem.from_model_store_attributes``): the file system to mount, the
bucket prefix it is linked to, and ``grant_read`` for a role that reads the weights.
"""
from __future__ import annotations

from typing import Optional, Protocol, runtime_checkable

from aws_cdk import RemovalPolicy, aws_ec2 as ec2, aws_fsx as fsx, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..errors import require
from ..intent.cdk_refs import is_cdk_object
from ..intent.model_source import FSX_ID_PATTERN
from ..intent.model_store import ModelStore
from ..intent.tokens import is_token
from .network import HyperPodNetwork
from .principal_grants import grant_to_principal
from .s3_read import check_key_prefix, grant_s3_read

# FSx describe calls have no resource types (Service Authorization Reference, Amazon FSx): only "*" names them.
FSX_DESCRIBE_ACTIONS = ("fsx:DescribeFileSystems", "fsx:DescribeDataRepositoryAssociations")


@runtime_checkable
class IModelStore(Protocol):
    """A model store, created here or imported: what mounting it and reading its weights need."""

    @property
    def file_system(self) -> fsx.IFileSystem:
        """The FSx for Lustre file system (``connections`` opens the Lustre ports to a client)."""
        ...

    @property
    def file_system_id(self) -> str:
        """The file system's id (``fs-...``)."""
        ...

    @property
    def dns_name(self) -> str:
        """The file system's DNS name, which a Lustre client mounts."""
        ...

    @property
    def mount_name(self) -> str:
        """The file system's Lustre mount name."""
        ...

    @property
    def bucket(self) -> s3.IBucket:
        """The S3 bucket the file system is linked to."""
        ...

    @property
    def key_prefix(self) -> Optional[str]:
        """The linked key prefix inside ``bucket`` (ending in ``/``), or None for the whole bucket."""
        ...

    def grant_read(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` read the store's weights from S3 (list and get under the linked prefix)."""
        ...

    def grant_describe(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` describe file systems and their S3 links (the mount name, the import status)."""
        ...


class _ModelStoreGrants:
    """The grants both kinds of model store give, from their ``bucket`` and ``key_prefix``."""

    @property
    def bucket(self) -> s3.IBucket:
        """The S3 bucket the file system is linked to."""
        raise NotImplementedError

    @property
    def key_prefix(self) -> Optional[str]:
        """The linked key prefix inside ``bucket`` (ending in ``/``), or None for the whole bucket."""
        raise NotImplementedError

    def grant_read(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` (a role of yours) read the weights the store holds, from S3: ``s3:ListBucket`` limited to
        the linked prefix and ``s3:GetObject`` under it (``kms:Decrypt`` through the bucket's key, if any). Mounting
        the file system is a network permission (``file_system.connections``), not an IAM one."""
        return grant_s3_read(self.node.path, grantee, self.bucket, self.key_prefix)

    def grant_describe(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` call ``fsx:DescribeFileSystems`` and ``fsx:DescribeDataRepositoryAssociations`` (to find
        the mount name, to watch an S3 import). FSx offers no resource-level permission for either, so the statement
        names every file system of the account: cdk-nag reports it (AwsSolutions-IAM5 ``Resource::*``) for you to
        acknowledge on your role."""
        return grant_to_principal(self.node.path, grantee, FSX_DESCRIBE_ACTIONS, ["*"])


def _linked_prefix(prefix: Optional[str]) -> Optional[str]:
    """The prefix as the data repository association links it: ``llm/`` for ``llm`` or ``llm/``; None for the root."""
    path = (prefix or "").strip("/")
    return f"{path}/" if path else None


class ModelStoreFileSystem(_ModelStoreGrants, Construct):
    """The platform's model store: FSx for Lustre (PERSISTENT_2, Lustre 2.15) linked to ``spec``'s S3 prefix."""

    def __init__(self, scope: Construct, construct_id: str, *, spec: ModelStore, network: HyperPodNetwork,
                 removal_policy: RemovalPolicy = RemovalPolicy.RETAIN) -> None:
        """The file system in the first HyperPod subnet, and its S3 link; the platform makes it from ``model_store=``.

        Args:
            spec: The model store's settings. Required.
            network: The network the file system is created in. Required.
            removal_policy: What happens to the file system and its S3 link when they leave the stack.
                Default: ``RemovalPolicy.RETAIN`` (kept).
        """
        super().__init__(scope, construct_id)
        self._spec = spec
        subnet = network.hyperpod_subnets[0]
        self._file_system = fsx.LustreFileSystem(
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
        self._file_system.connections.allow_internally(ec2.Port.tcp(988), "Lustre")
        self._file_system.connections.allow_internally(ec2.Port.tcp_range(1018, 1023), "Lustre")
        self._association = fsx.CfnDataRepositoryAssociation(
            self, "S3Link",
            file_system_id=self._file_system.file_system_id,
            file_system_path=spec.file_system_path,
            data_repository_path=spec.import_path.rstrip("/") + "/",
            batch_import_meta_data_on_create=True,
            s3=fsx.CfnDataRepositoryAssociation.S3Property(
                auto_import_policy=fsx.CfnDataRepositoryAssociation.AutoImportPolicyProperty(
                    events=["NEW", "CHANGED", "DELETED"]),
            ),
        )
        self._association.apply_removal_policy(removal_policy)

    @staticmethod
    def from_model_store_attributes(scope: Construct, construct_id: str, *, file_system_id: str, dns_name: str,
                                    mount_name: str, security_group: ec2.ISecurityGroup, bucket: s3.IBucket,
                                    key_prefix: Optional[str] = None) -> IModelStore:
        """A model store another stack created, for a second stack to mount and grant (values from its outputs or
        ``Fn.import_value``; CloudFormation tokens are allowed).

        Args:
            file_system_id: The file system's id (``fs-...``). Required.
            dns_name: The file system's DNS name. Required.
            mount_name: The file system's Lustre mount name. Required.
            security_group: The security group the file system's network interfaces use. Required.
            bucket: The bucket the file system is linked to. Required.
            key_prefix: The linked key prefix inside ``bucket``, such as ``"llm/"``. Default: None (the whole
                bucket).
        """
        return _ImportedModelStore(scope, construct_id, file_system_id=file_system_id, dns_name=dns_name,
                                   mount_name=mount_name, security_group=security_group, bucket=bucket,
                                   key_prefix=key_prefix)

    @property
    def spec(self) -> ModelStore:
        """The model store's settings, as given."""
        return self._spec

    @property
    def file_system(self) -> fsx.LustreFileSystem:
        """The FSx for Lustre file system."""
        return self._file_system

    @property
    def association(self) -> fsx.CfnDataRepositoryAssociation:
        """The data repository association linking the file system to ``spec``'s S3 prefix."""
        return self._association

    @property
    def bucket(self) -> s3.IBucket:
        """The S3 bucket the file system is linked to."""
        return self._spec.bucket

    @property
    def key_prefix(self) -> Optional[str]:
        """The linked key prefix inside ``bucket`` (ending in ``/``), or None for the whole bucket."""
        return _linked_prefix(self._spec.prefix)

    @property
    def file_system_id(self) -> str:
        """The file system's id (a CloudFormation token)."""
        return self._file_system.file_system_id

    @property
    def dns_name(self) -> str:
        """The file system's DNS name (a CloudFormation token)."""
        return self._file_system.dns_name

    @property
    def mount_name(self) -> str:
        """The file system's Lustre mount name (a CloudFormation token)."""
        return self._file_system.mount_name


class _ImportedModelStore(_ModelStoreGrants, Construct):
    """A model store of another stack (``ModelStoreFileSystem.from_model_store_attributes``)."""

    def __init__(self, scope: Construct, construct_id: str, *, file_system_id: str, dns_name: str, mount_name: str,
                 security_group: ec2.ISecurityGroup, bucket: s3.IBucket, key_prefix: Optional[str]) -> None:
        super().__init__(scope, construct_id)
        where = self.node.path
        require(is_token(file_system_id)
                or (isinstance(file_system_id, str) and bool(FSX_ID_PATTERN.match(file_system_id))),
                where, "file_system_id", file_system_id, "an FSx file system id like fs-0123456789abcdef0")
        for field, value in (("dns_name", dns_name), ("mount_name", mount_name)):
            require(isinstance(value, str) and bool(value), where, field, value, "a non-empty string (or a token)")
        require(is_cdk_object(security_group, "security_group_id"), where, "security_group", security_group,
                "an ec2.ISecurityGroup (ec2.SecurityGroup.from_security_group_id(...))")
        require(is_cdk_object(bucket, "bucket_name"), where, "bucket", bucket,
                "an s3.IBucket (s3.Bucket.from_bucket_name(...))")
        check_key_prefix(where, "key_prefix", key_prefix)
        self._file_system = fsx.LustreFileSystem.from_lustre_file_system_attributes(
            self, "FileSystem", file_system_id=file_system_id, dns_name=dns_name, security_group=security_group)
        self._file_system_id, self._dns_name, self._mount_name = file_system_id, dns_name, mount_name
        self._bucket, self._key_prefix = bucket, _linked_prefix(key_prefix)

    @property
    def file_system(self) -> fsx.IFileSystem:
        return self._file_system

    @property
    def file_system_id(self) -> str:
        return self._file_system_id

    @property
    def dns_name(self) -> str:
        return self._dns_name

    @property
    def mount_name(self) -> str:
        return self._mount_name

    @property
    def bucket(self) -> s3.IBucket:
        return self._bucket

    @property
    def key_prefix(self) -> Optional[str]:
        return self._key_prefix
