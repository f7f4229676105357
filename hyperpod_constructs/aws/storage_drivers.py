"""IAM roles for the CSI drivers that mount model weights: Mountpoint for S3 and FSx for Lustre.

Both EKS add-ons run their controllers under fixed service accounts in ``kube-system`` and get AWS
credentials through IRSA (the add-on's ``ServiceAccountRoleArn``), as AWS's quick setup creates them:

- ``s3-csi-driver-sa`` (Mountpoint for S3): read-only on the buckets the platform's endpoints mount
  (``allow_read``), per the driver's documented read-only policy (``s3:ListBucket`` + ``s3:GetObject`` on the
  bucket's ARNs) plus ``kms:Decrypt`` through the bucket's key, when it has one; with a JumpStart endpoint, also
  on AWS's regional JumpStart buckets (``allow_jumpstart_read``), where the operator mounts JumpStart models'
  artifacts from (AWS's quick setup grants its Mountpoint role every bucket, these among them).
- ``fsx-csi-controller-sa`` (FSx for Lustre): ``fsx:DescribeFileSystems`` only. The platform binds its model
  store's file system statically (a PersistentVolume naming the file system), which the controller never creates
  or deletes; its only AWS call is the file-system listing it polls in the background (driver source,
  ``pkg/cloud/cloud.go`` ``pollFileSystems``). ``allow_dynamic_provisioning`` adds the driver's published policy
  for file systems it creates itself (create, tag, resize and delete file systems in this account and region; the
  S3 data-repository service-linked role), instead of AWS's ``AmazonFSxFullAccess``.
"""
from __future__ import annotations

import warnings
from typing import Optional

from aws_cdk import Fn, Stack, aws_eks_v2 as eks, aws_iam as iam, aws_s3 as s3
from constructs import Construct

from ..intent.cdk_refs import read_once
from .irsa import service_account_principal
from .nag import acknowledge, arn_finding
from .s3_read import grant_s3_read

S3_CSI_ADDON = "aws-mountpoint-s3-csi-driver"
S3_CSI_SERVICE_ACCOUNT = "s3-csi-driver-sa"
FSX_CSI_ADDON = "aws-fsx-csi-driver"
FSX_CSI_SERVICE_ACCOUNT = "fsx-csi-controller-sa"
DRIVER_NAMESPACE = "kube-system"
# AWS-owned buckets holding JumpStart model artifacts in each region: open models, and gated (EULA) models.
JUMPSTART_BUCKETS = ("jumpstart-cache-prod-${AWS::Region}", "jumpstart-private-cache-prod-${AWS::Region}")


class StorageDriverRoles(Construct):
    """The S3 and FSx CSI drivers' roles; ``attach`` hands them to the add-ons, ``allow_read`` adds buckets,
    ``allow_dynamic_provisioning`` lets the FSx driver create file systems.

    The roles are the principals here, so their verbs are ``allow_*`` (cdk8s-plus's ``role.allow``), where
    aws-cdk-lib's ``grant_*`` is called on the resource being granted (``bucket.grant_read(role)``)."""

    def __init__(self, scope: Construct, construct_id: str, *, oidc_provider: iam.IOidcProvider,
                 model_store_bucket: Optional[s3.IBucket] = None) -> None:
        """The two roles, trusted by the drivers' service accounts through ``oidc_provider`` (IRSA).

        Args:
            oidc_provider: The cluster's IAM OIDC provider. Required.
            model_store_bucket: The bucket the model store links, which the FSx driver may list once
                ``allow_dynamic_provisioning`` is called. Default: None (no model store).
        """
        super().__init__(scope, construct_id)
        self._model_store_bucket = model_store_bucket
        self._buckets: list[str] = []
        self._jumpstart_buckets_granted = False  # set by the first allow_jumpstart_read; later calls do nothing
        self._dynamic_provisioning = False  # set by the first allow_dynamic_provisioning; later calls do nothing
        self._s3_csi_role = iam.Role(
            self, "S3CsiRole",
            assumed_by=service_account_principal(self, oidc_provider, DRIVER_NAMESPACE, S3_CSI_SERVICE_ACCOUNT),
            description="Mountpoint for S3 CSI driver: read the model buckets inference endpoints mount")
        self._fsx_csi_role = iam.Role(
            self, "FsxCsiRole",
            assumed_by=service_account_principal(self, oidc_provider, DRIVER_NAMESPACE, FSX_CSI_SERVICE_ACCOUNT),
            description="FSx for Lustre CSI controller: look up file systems for statically bound volumes")
        # The controller lists file systems in the background whatever the volumes; a static volume needs no more.
        self._fsx_csi_role.add_to_policy(iam.PolicyStatement(
            sid="DescribeFileSystems", actions=["fsx:DescribeFileSystems"], resources=["*"]))  # no resource type
        acknowledge(self._fsx_csi_role, "AwsSolutions-IAM5", "fsx:DescribeFileSystems has no resource-level "
                    "permissions (Service Authorization Reference); it reads, it cannot change a file system.",
                    "Resource::*")

    def allow_dynamic_provisioning(self) -> None:
        """Let the FSx CSI controller create, tag, resize and delete file systems in this account and region, for
        PersistentVolumeClaims of your own that name a StorageClass with ``provisioner: fsx.csi.aws.com`` and no
        volume (the driver's published policy). The platform's model store does not need it: its volume is bound
        statically. Once, however often called."""
        if self._dynamic_provisioning:
            return
        self._dynamic_provisioning = True
        stack = Stack.of(self)
        file_systems = stack.format_arn(service="fsx", resource="file-system", resource_name="*")
        self._fsx_csi_role.add_to_policy(iam.PolicyStatement(
            sid="ProvisionFileSystems",
            actions=["fsx:CreateFileSystem", "fsx:DeleteFileSystem", "fsx:TagResource", "fsx:UpdateFileSystem"],
            resources=[file_systems]))
        # FSx links a file system to S3 through this service-linked role, which the driver creates on first use.
        data_source_role = stack.format_arn(service="iam", region="", resource="role",
                                            resource_name="aws-service-role/s3.data-source.lustre.fsx.amazonaws.com/*")
        self._fsx_csi_role.add_to_policy(iam.PolicyStatement(
            sid="DataRepositoryServiceRole",
            actions=["iam:CreateServiceLinkedRole", "iam:AttachRolePolicy", "iam:PutRolePolicy"],
            resources=[data_source_role]))
        self._fsx_csi_role.add_to_policy(iam.PolicyStatement(
            sid="FsxServiceRole", actions=["iam:CreateServiceLinkedRole"], resources=["*"],
            conditions={"StringEquals": {"iam:AWSServiceName": "fsx.amazonaws.com"}}))
        if self._model_store_bucket is not None:
            self._fsx_csi_role.add_to_policy(iam.PolicyStatement(
                sid="ListModelStoreBucket", actions=["s3:ListBucket"],
                resources=[self._model_store_bucket.bucket_arn]))
        acknowledge(self._fsx_csi_role, "AwsSolutions-IAM5", "Dynamically provisioned file systems are created at "
                    "run time (ids unknown), in this account and region only; the FSx service-linked roles have "
                    "service-chosen names.",
                    f"Resource::{arn_finding(self, file_systems)}", f"Resource::{arn_finding(self, data_source_role)}")

    def allow_read(self, bucket: s3.IBucket) -> None:
        """Let the S3 CSI driver mount ``bucket`` read-only (once per bucket): list it, get its objects, and decrypt
        them with the bucket's KMS key if it has one (the key's ``grant_decrypt``)."""
        name = read_once(bucket, "bucket_name")
        if name in self._buckets:
            return
        self._buckets.append(name)
        # The driver's documented read-only actions on the bucket's own ARNs (not IBucket.grant_read's wildcards).
        grant_s3_read(self.node.path, self._s3_csi_role, bucket,
                      reason="Endpoints read any model object in the bucket they mount (read-only).")

    def grant_read(self, bucket: s3.IBucket) -> None:
        """Deprecated (removed in 0.3.0): ``allow_read``, the principal-side name."""
        warnings.warn("StorageDriverRoles.grant_read is deprecated and will be removed in 0.3.0: use allow_read",
                      DeprecationWarning, stacklevel=2)
        self.allow_read(bucket)

    def allow_jumpstart_read(self) -> None:
        """Let the S3 CSI driver mount JumpStart model artifacts: read-only on the stack region's JumpStart buckets
        (``Fn::Sub``, so an environment-agnostic stack names its deploy region). Once, however often called."""
        if self._jumpstart_buckets_granted:
            return
        self._jumpstart_buckets_granted = True
        arns = [f"arn:${{AWS::Partition}}:s3:::{name}" for name in JUMPSTART_BUCKETS]
        self._s3_csi_role.add_to_policy(iam.PolicyStatement(
            sid="ListJumpStartBuckets", actions=["s3:ListBucket"], resources=[Fn.sub(arn) for arn in arns]))
        self._s3_csi_role.add_to_policy(iam.PolicyStatement(
            sid="ReadJumpStartArtifacts", actions=["s3:GetObject"], resources=[Fn.sub(f"{arn}/*") for arn in arns]))
        acknowledge(self._s3_csi_role, "AwsSolutions-IAM5", "JumpStart endpoints read any model artifact in AWS's "
                    "JumpStart buckets of this region (read-only; AWS publishes only model artifacts there).",
                    *(f"Resource::arn:<AWS::Partition>:s3:::{name.replace('${AWS::Region}', '<AWS::Region>')}/*"
                      for name in JUMPSTART_BUCKETS))

    def grant_jumpstart_read(self) -> None:
        """Deprecated (removed in 0.3.0): ``allow_jumpstart_read``, the principal-side name."""
        warnings.warn("StorageDriverRoles.grant_jumpstart_read is deprecated and will be removed in 0.3.0: use "
                      "allow_jumpstart_read", DeprecationWarning, stacklevel=2)
        self.allow_jumpstart_read()

    @property
    def s3_csi_role(self) -> iam.Role:
        """The Mountpoint for S3 CSI driver's role (service account ``kube-system:s3-csi-driver-sa``): reads the
        buckets ``allow_read`` adds."""
        return self._s3_csi_role

    @property
    def fsx_csi_role(self) -> iam.Role:
        """The FSx for Lustre CSI controller's role (service account ``kube-system:fsx-csi-controller-sa``): describes
        file systems, and creates and deletes them only after ``allow_dynamic_provisioning``."""
        return self._fsx_csi_role

    @property
    def buckets(self) -> tuple[str, ...]:
        """The names of the buckets the S3 driver may read, in the order they were added."""
        return tuple(self._buckets)

    def attach(self, addons: list[eks.Addon]) -> set[str]:
        """Give each CSI add-on in ``addons`` its role (IRSA: the add-on annotates its service account); returns the
        names of the add-ons that got one. The name is read from the L1 (``Addon.addon_name`` is a deploy-time
        reference, the L1 keeps the literal)."""
        roles = {S3_CSI_ADDON: self._s3_csi_role, FSX_CSI_ADDON: self._fsx_csi_role}
        attached: set[str] = set()
        for addon in addons:
            resource = addon.node.default_child
            assert isinstance(resource, eks.CfnAddon)
            name = resource.addon_name
            role = roles.get(name)
            if role is not None:
                resource.service_account_role_arn = role.role_arn
                addon.node.add_dependency(role)  # the role's policy exists before the driver first calls AWS
                attached.add(name)
        return attached

