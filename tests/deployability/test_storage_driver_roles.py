"""The S3 and FSx CSI add-ons get their IRSA roles; on an existing cluster the platform says who must attach them."""
from __future__ import annotations

import aws_cdk as cdk
import pytest
from aws_cdk import aws_iam as iam, aws_s3 as s3
from aws_cdk.assertions import Annotations, Match, Template

from apps_support import SynthesizedApp, imported_bucket, imported_cluster, imported_vpc, resources
from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup,
    JumpStartEndpoint, ModelSize, ModelSource, StorageDriverRoles)


def test_csi_addons_run_with_their_roles(quick_setup: SynthesizedApp) -> None:
    drivers = quick_setup.platform.storage_drivers
    stack = quick_setup.stack
    expected = {
        "aws-mountpoint-s3-csi-driver": stack.get_logical_id(drivers.s3_csi_role.node.default_child),
        "aws-fsx-csi-driver": stack.get_logical_id(drivers.fsx_csi_role.node.default_child),
    }
    addons = {addon["Properties"]["AddonName"]: addon for addon in resources(quick_setup.template, "AWS::EKS::Addon").values()}
    for name, role in expected.items():
        assert addons[name]["Properties"]["ServiceAccountRoleArn"] == {"Fn::GetAtt": [role, "Arn"]}
        assert role in addons[name]["DependsOn"], "the role exists before the driver first calls AWS"
    trust = quick_setup.template["Resources"][expected["aws-mountpoint-s3-csi-driver"]]["Properties"]
    assert "system:serviceaccount:kube-system:s3-csi-driver-sa" in str(quick_setup.template["Resources"])
    assert trust["AssumeRolePolicyDocument"]["Statement"][0]["Action"] == "sts:AssumeRoleWithWebIdentity"


def test_existing_cluster_without_managed_addons_warns_who_attaches_the_roles() -> None:
    app = cdk.App()
    stack = cdk.Stack(app, "Byo", env=cdk.Environment(account="111122223333", region="us-west-2"))
    platform = HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        cluster=ClusterSettings(eks=Eks.existing(
            imported_cluster(stack, imported_vpc(stack), cluster_name="team-cluster"), authentication_mode="API",
            kubernetes_version="1.32")),
        operator=InferenceOperatorOptions(helm_chart=None))
    platform.add_endpoint(InferenceEndpoint("qwen", model=ModelSource.s3(imported_bucket(stack, "team-models"), "qwen/"),
                                            instance_type="ml.g6e.12xlarge", gpus=1))
    warnings = [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]
    assert any("does not install aws-fsx-csi-driver, aws-mountpoint-s3-csi-driver on this existing cluster" in text
               and "kube-system:s3-csi-driver-sa" in text for text in warnings), warnings
    assert platform.storage_drivers.buckets == ("team-models",)


def test_jumpstart_endpoints_grant_the_regions_jumpstart_buckets_once() -> None:
    app = cdk.App()
    stack = cdk.Stack(app, "JumpStart")  # environment-agnostic: the region is the deploy region
    platform = HyperPodInferencePlatform(stack, "Platform",
                                         instance_groups=[InstanceGroup("g5", "ml.g5.12xlarge", count=1)])
    for name in ("mistral-a", "mistral-b"):
        platform.add_endpoint(JumpStartEndpoint(name, model_id="huggingface-llm-mistral-7b-instruct", accept_eula=True,
                                                instance_type="ml.g5.12xlarge", size=ModelSize(parameters=7.2e9)))
    statements = [statement for policy in resources(app.synth().get_stack_by_name("JumpStart").template,
                                                    "AWS::IAM::Policy").values()
                  for statement in policy["Properties"]["PolicyDocument"]["Statement"]
                  if statement.get("Sid") in ("ListJumpStartBuckets", "ReadJumpStartArtifacts")]
    assert [statement["Sid"] for statement in statements] == ["ListJumpStartBuckets", "ReadJumpStartArtifacts"]
    assert statements[0]["Resource"] == [
        {"Fn::Sub": "arn:${AWS::Partition}:s3:::jumpstart-cache-prod-${AWS::Region}"},
        {"Fn::Sub": "arn:${AWS::Partition}:s3:::jumpstart-private-cache-prod-${AWS::Region}"}]


def test_the_roles_allow_reads_and_the_old_grant_names_warn_and_do_the_same() -> None:
    """The drivers' roles are principals: ``allow_read`` / ``allow_jumpstart_read``; ``grant_*`` stay one minor
    release, deprecated."""
    stack = cdk.Stack(cdk.App(), "Drivers")
    provider = iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(
        stack, "Oidc", "arn:aws:iam::111122223333:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/EXAMPLE")
    drivers = StorageDriverRoles(stack, "Drivers", oidc_provider=provider)
    drivers.allow_read(imported_bucket(stack, "models-a"))
    with pytest.warns(DeprecationWarning, match="StorageDriverRoles.grant_read is deprecated .*: use allow_read"):
        drivers.grant_read(imported_bucket(stack, "models-b"))
    drivers.allow_read(s3.Bucket.from_bucket_name(stack, "Again", "models-b"))  # once per bucket
    assert drivers.buckets == ("models-a", "models-b")
    with pytest.warns(DeprecationWarning, match="grant_jumpstart_read is deprecated .*: use allow_jumpstart_read"):
        drivers.grant_jumpstart_read()
    drivers.allow_jumpstart_read()
    statements = [statement for policy in Template.from_stack(stack).find_resources("AWS::IAM::Policy").values()
                  for statement in policy["Properties"]["PolicyDocument"]["Statement"]]
    assert [statement.get("Sid") for statement in statements].count("ReadJumpStartArtifacts") == 1
