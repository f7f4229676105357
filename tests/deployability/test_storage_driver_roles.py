"""The S3 and FSx CSI add-ons get their IRSA roles; on an existing cluster the platform says who must attach them;
the FSx CSI role only describes file systems unless dynamic provisioning is asked for."""
from __future__ import annotations

from pathlib import Path

import aws_cdk as cdk
import pytest
from aws_cdk import aws_iam as iam, aws_s3 as s3
from aws_cdk.assertions import Annotations, Match, Template

from apps_support import SynthesizedApp, imported_bucket, imported_cluster, imported_vpc, resources, synthesize
from cfn_resolve import ACCOUNT, REGION, TemplateResolver
from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodInferencePlatform, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup,
    JumpStartEndpoint, ModelSize, ModelSource, StorageDriverRoles)
from iam_support import effective_policies, requests_for, requirements, simulate


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


def test_the_fsx_csi_role_only_describes_file_systems(quick_setup: SynthesizedApp) -> None:
    """The model store's volume is bound statically: the controller's role cannot create, change or delete file
    systems (the simulator proves the requests are refused in test_iam_function.py)."""
    role = quick_setup.stack.get_logical_id(quick_setup.platform.storage_drivers.fsx_csi_role.node.default_child)
    statements = [statement for _, document in effective_policies(quick_setup.template, role)
                  for statement in document["Statement"]]
    assert statements == [{"Sid": "DescribeFileSystems", "Effect": "Allow", "Action": "fsx:DescribeFileSystems",
                           "Resource": "*"}], statements


@pytest.mark.parametrize("env", [cdk.Environment(account=ACCOUNT, region=REGION), None],
                         ids=["environment-specific", "environment-agnostic"])
def test_dynamic_provisioning_is_an_opt_in_the_simulator_allows(tmp_path: Path, env: cdk.Environment) -> None:
    """``allow_dynamic_provisioning`` grants what the refused requests ask, so the denial test can fail; cdk-nag
    finds nothing unacknowledged in the wider policy, whether the stack names its environment or not."""
    def build(app: cdk.App) -> tuple[cdk.Stack, StorageDriverRoles]:
        stack = cdk.Stack(app, "Drivers", env=env)
        oidc = iam.OpenIdConnectProvider.from_open_id_connect_provider_arn(
            stack, "Oidc", f"arn:aws:iam::{ACCOUNT}:oidc-provider/oidc.eks.{REGION}.amazonaws.com/id/EXAMPLE")
        drivers = StorageDriverRoles(stack, "Drivers", oidc_provider=oidc,
                                     model_store_bucket=s3.Bucket.from_bucket_name(stack, "Models", "team-models"))
        drivers.allow_dynamic_provisioning()
        drivers.allow_dynamic_provisioning()  # once, however often called
        return stack, drivers

    built = synthesize(build, tmp_path)
    assert built.nag_violations == []
    role = built.stack.get_logical_id(built.platform.fsx_csi_role.node.default_child)
    resolver = TemplateResolver(built.template)
    principal, policies = resolver.get_att(role, "Arn"), effective_policies(built.template, role, resolver)
    assert [statement["Sid"] for _, document in policies for statement in document["Statement"]] == [
        "DescribeFileSystems", "ProvisionFileSystems", "DataRepositoryServiceRole", "FsxServiceRole",
        "ListModelStoreBucket"]
    values = {"account": ACCOUNT, "region": REGION}
    requests = requests_for("fsx-csi", requirements()["fsx-csi"], values, principal, kind="denied")
    outcomes = simulate([(request, principal, policies) for request in requests])
    assert requests and {outcome["result"] for outcome in outcomes} == {"Allowed"}, outcomes
