"""Model buckets and file systems are CDK interfaces: the platform grants them to their readers (the S3 CSI
driver's role, HyperPod nodes' security group) and names their deploy-time values for the GitOps export."""
from __future__ import annotations

import json
from typing import Any

import aws_cdk as cdk
import pytest
import yaml
from aws_cdk import aws_ec2 as ec2, aws_fsx as fsx, aws_kms as kms, aws_s3 as s3

from apps_support import imported_bucket, resources
from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource

GROUPS = [InstanceGroup("g", "ml.g6e.12xlarge", count=1)]


def endpoint(name: str, model: Any) -> InferenceEndpoint:
    return InferenceEndpoint(name, model=model, instance_type="ml.g6e.12xlarge", gpus=1)


def s3_csi_statements(stack: cdk.Stack, platform: HyperPodInferencePlatform, template: dict[str, Any]) -> list[Any]:
    role = stack.get_logical_id(platform.storage_drivers.s3_csi_role.node.default_child)
    return [statement for policy in resources(template, "AWS::IAM::Policy").values()
            if {"Ref": role} in policy["Properties"]["Roles"]
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]]


def source_config(platform: HyperPodInferencePlatform, name: str) -> dict[str, Any]:
    (manifest,) = yaml.safe_load_all(platform.manifest_files.files()[f"endpoint-default-{name}.k8s.yaml"])
    return manifest["spec"]["modelSourceConfig"]


@pytest.fixture(scope="module")
def app_buckets() -> tuple[cdk.Stack, HyperPodInferencePlatform, dict[str, Any]]:
    """Two buckets of the app (one KMS-encrypted) and one imported bucket read by two endpoints."""
    stack = cdk.Stack(cdk.App(), "Buckets")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=GROUPS)
    weights = s3.Bucket(stack, "Weights")
    key = kms.Key(stack, "WeightsKey")
    encrypted = s3.Bucket(stack, "Encrypted", encryption_key=key)
    platform.add_endpoint(endpoint("a", ModelSource.s3(weights, "a/")))
    platform.add_endpoint(endpoint("b", ModelSource.s3(encrypted, "b/")))
    platform.add_endpoint(endpoint("c", ModelSource.s3(imported_bucket(stack), "c/")))
    platform.add_endpoint(endpoint("d", ModelSource.s3(imported_bucket(stack), "d/")))
    return stack, platform, cdk.assertions.Template.from_stack(stack).to_json()


def sorted_values(values: list[Any]) -> list[Any]:
    return sorted(values, key=json.dumps)


def resources_granted(statements: list[dict[str, Any]], action: str) -> list[Any]:
    """Every resource a statement of exactly ``action`` names, once per grant (sorted): the feature flag
    @aws-cdk/aws-iam:minimizePolicies merges statements of one action into one with a list of resources."""
    return sorted_values([resource for statement in statements if statement["Action"] == action
                          for resource in (statement["Resource"] if isinstance(statement["Resource"], list)
                                           else [statement["Resource"]])])


def test_each_bucket_is_granted_once_by_its_own_arns(app_buckets) -> None:
    stack, platform, template = app_buckets
    statements = s3_csi_statements(stack, platform, template)
    listed = resources_granted(statements, "s3:ListBucket")
    read = resources_granted(statements, "s3:GetObject")
    weights, encrypted = (stack.get_logical_id(stack.node.find_child(name).node.default_child)
                          for name in ("Weights", "Encrypted"))
    imported = {"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"}, ":s3:::my-models"]]}
    assert listed == sorted_values([{"Fn::GetAtt": [weights, "Arn"]}, {"Fn::GetAtt": [encrypted, "Arn"]}, imported])
    assert read == sorted_values([{"Fn::Join": ["", [{"Fn::GetAtt": [weights, "Arn"]}, "/*"]]},
                                  {"Fn::Join": ["", [{"Fn::GetAtt": [encrypted, "Arn"]}, "/*"]]},
                                  {"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"}, ":s3:::my-models/*"]]}])
    # nothing broader than the driver's read-only actions (no s3:GetObject* / s3:List* wildcards)
    assert {json.dumps(statement["Action"]) for statement in statements} == {
        '"s3:ListBucket"', '"s3:GetObject"', '"kms:Decrypt"'}
    assert platform.storage_drivers.buckets[2] == "my-models"


def test_a_bucket_with_a_kms_key_lets_the_driver_decrypt(app_buckets) -> None:
    stack, platform, template = app_buckets
    key = stack.get_logical_id(stack.node.find_child("WeightsKey").node.default_child)
    decrypt = resources_granted(s3_csi_statements(stack, platform, template), "kms:Decrypt")
    assert decrypt == [{"Fn::GetAtt": [key, "Arn"]}]


def test_buckets_of_the_app_are_deploy_time_values(app_buckets) -> None:
    _, platform, template = app_buckets
    assert {"ModelBucket", "ModelBucket2"} <= set(template["Outputs"])
    assert "ModelBucket3" not in template["Outputs"]  # the imported bucket's name is known at synth
    assert source_config(platform, "a")["s3Storage"]["bucketName"] == "${ModelBucket}"
    assert source_config(platform, "b")["s3Storage"]["bucketName"] == "${ModelBucket2}"
    assert source_config(platform, "c")["s3Storage"]["bucketName"] == "my-models"
    assert source_config(platform, "d")["modelLocation"] == "d"


def test_a_file_system_of_the_app_is_reachable_and_named() -> None:
    stack = cdk.Stack(cdk.App(), "FileSystems")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=GROUPS)
    lustre = fsx.LustreFileSystem(
        stack, "Weights", vpc=platform.network.vpc, vpc_subnet=platform.network.hyperpod_subnets[0],
        storage_capacity_gib=1200, lustre_configuration=fsx.LustreConfiguration(
            deployment_type=fsx.LustreDeploymentType.PERSISTENT_2, per_unit_storage_throughput=125))
    imported = fsx.LustreFileSystem.from_lustre_file_system_attributes(
        stack, "Shared", file_system_id="fs-0123456789abcdef0", dns_name="fs-0123456789abcdef0.fsx.us-west-2.amazonaws.com",
        security_group=ec2.SecurityGroup.from_security_group_id(stack, "SharedGroup", "sg-0123456789abcdef0"))
    platform.add_endpoint(endpoint("own", ModelSource.fsx("own/", file_system=lustre)))
    platform.add_endpoint(endpoint("own-again", ModelSource.fsx("again/", file_system=lustre)))
    platform.add_endpoint(endpoint("shared", ModelSource.fsx("shared/", file_system=imported, mount_name="abcdefgh")))
    template = cdk.assertions.Template.from_stack(stack).to_json()

    assert source_config(platform, "own")["fsxStorage"] == {
        "fileSystemId": "${ModelFileSystemId}", "dnsName": "${ModelFileSystemDnsName}",
        "mountName": "${ModelFileSystemMountName}"}
    assert source_config(platform, "shared")["fsxStorage"] == {
        "fileSystemId": "fs-0123456789abcdef0", "dnsName": "fs-0123456789abcdef0.fsx.us-west-2.amazonaws.com",
        "mountName": "abcdefgh"}
    assert {"ModelFileSystemId", "ModelFileSystemDnsName", "ModelFileSystemMountName"} <= set(template["Outputs"])

    nodes = stack.get_logical_id(platform.network.created_security_group.node.default_child)
    lustre_ports = sorted((json.dumps(rule["Properties"]["GroupId"]), rule["Properties"]["FromPort"],
                           rule["Properties"]["ToPort"])
                    for rule in resources(template, "AWS::EC2::SecurityGroupIngress").values()
                    if rule["Properties"].get("SourceSecurityGroupId") == {"Fn::GetAtt": [nodes, "GroupId"]}
                    and rule["Properties"].get("Description") == "HyperPod nodes: Lustre")
    own_group = stack.get_logical_id(lustre.connections.security_groups[0].node.default_child)
    own = json.dumps({"Fn::GetAtt": [own_group, "GroupId"]})
    shared = json.dumps("sg-0123456789abcdef0")
    # once per file system, however many endpoints read it
    assert lustre_ports == sorted([(own, 988, 988), (own, 1018, 1023), (shared, 988, 988), (shared, 1018, 1023)])
