"""After deploy: who administers the cluster, what the stack outputs, how the API endpoint is exposed, secrets
encryption, what `cdk destroy` keeps, and the warning for create-only properties fed by deploy-time inputs."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2
from aws_cdk.assertions import Annotations, Match

from apps_support import SynthesizedApp, imported_bucket, imported_vpc, resources, s3_model, subnet_id
from hyperpod_constructs import (
    ApiEndpoint, ClusterSettings, Eks, HyperPodInferencePlatform, HyperPodValidationError, InferenceEndpoint,
    InstanceGroup, ModelStore, Network, Observability)
from hyperpod_constructs.aws.replacement import CREATE_ONLY, WARNING_ID, create_only_paths, deploy_time_inputs

GROUPS = [InstanceGroup("g", "ml.g6e.12xlarge", count=1)]
ADMIN_POLICY = ":eks::aws:cluster-access-policy/AmazonEKSClusterAdminPolicy"


def synth(build: Any, tmp_path: Path, stack_id: str = "Access", **stack_props: Any) -> tuple[cdk.Stack, dict[str, Any]]:
    app = cdk.App(outdir=str(tmp_path))
    stack = cdk.Stack(app, stack_id, **stack_props)
    build(stack)
    return stack, app.synth().get_stack_by_name(stack.stack_name).template


def warnings(stack: cdk.Stack) -> list[str]:
    return [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]


def access_entries(template: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry["Properties"] for entry in resources(template, "AWS::EKS::AccessEntry").values()]


# ---- admins and access entries ------------------------------------------------------------------------

def test_default_admin_is_the_cdk_deploy_role(quick_setup: SynthesizedApp) -> None:
    principals = [entry["PrincipalArn"] for entry in access_entries(quick_setup.template)]
    deploy_role = {"Fn::Sub": "arn:${AWS::Partition}:iam::${AWS::AccountId}:role/"
                              "cdk-hnb659fds-deploy-role-${AWS::AccountId}-${AWS::Region}"}
    assert deploy_role in principals
    command = quick_setup.template["Outputs"]["UpdateKubeconfigCommand"]["Value"]["Fn::Join"][1]
    assert command[0] == "aws eks update-kubeconfig --name " and " --role-arn " in command and deploy_role in command


def test_inference_operator_role_is_cluster_admin_before_the_addon(quick_setup: SynthesizedApp) -> None:
    template = quick_setup.template
    role = next(key for key, value in resources(template, "AWS::IAM::Role").items()
                if "InferenceOperatorExecutionRole" in key)
    entry_id, entry = next((key, value["Properties"]) for key, value in resources(template, "AWS::EKS::AccessEntry").items()
                           if value["Properties"]["PrincipalArn"] == {"Fn::GetAtt": [role, "Arn"]})
    assert ADMIN_POLICY in str(entry["AccessPolicies"]) and entry["AccessPolicies"][0]["AccessScope"] == {"Type": "cluster"}
    addon = next(value for value in resources(template, "AWS::EKS::Addon").values()
                 if value["Properties"]["AddonName"] == "amazon-sagemaker-hyperpod-inference")
    assert entry_id in addon["DependsOn"]


def test_explicit_admins_replace_the_default(tmp_path: Path) -> None:
    arn = "arn:aws:iam::111122223333:role/platform-admins"
    _, template = synth(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=GROUPS, cluster=ClusterSettings(eks=Eks.new(admin_role_arns=(arn,)))), tmp_path)
    principals = [entry["PrincipalArn"] for entry in access_entries(template)]
    assert arn in principals and "cdk-hnb659fds-deploy-role" not in str(principals)
    assert "--role-arn" not in str(template["Outputs"]["UpdateKubeconfigCommand"])


def test_no_admins_is_warned(tmp_path: Path) -> None:
    stack, _ = synth(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=GROUPS, cluster=ClusterSettings(eks=Eks.new(admin_role_arns=()))), tmp_path)
    assert any("no IAM role gets a cluster-admin access entry" in text for text in warnings(stack))


def test_a_synthesizer_without_a_deploy_role_is_warned(tmp_path: Path) -> None:
    stack, template = synth(lambda stack: HyperPodInferencePlatform(stack, "Platform", instance_groups=GROUPS),
                            tmp_path, synthesizer=cdk.LegacyStackSynthesizer())
    assert any("no CDK deploy role to default to" in text for text in warnings(stack))
    assert "deploy-role" not in str(access_entries(template))


def test_admin_arns_must_be_arns() -> None:
    with pytest.raises(HyperPodValidationError, match=r"cluster.eks: admin_role_arns\[0\]='platform-admins' is not "
                                                      r"allowed; an IAM role ARN"):
        Eks.new(admin_role_arns=("platform-admins",))


# ---- endpoint exposure and secrets ----------------------------------------------------------------------

@pytest.mark.parametrize("make, message", [
    (lambda: ApiEndpoint("internal"), r"ApiEndpoint: mode='internal' is not allowed; one of 'public', 'private'"),
    (lambda: ApiEndpoint("private", ("10.0.0.0/8",)), r"allowed_cidrs=\['10.0.0.0/8'\] is not allowed; no CIDRs with a private"),
    (lambda: ApiEndpoint.public(["203.0.113.1/24"]), r"allowed_cidrs\[0\]='203.0.113.1/24' is not allowed; an IPv4 CIDR"),
    (lambda: ApiEndpoint.public(["office"]), r"allowed_cidrs\[0\]='office' is not allowed"),
    (lambda: ApiEndpoint.public([f"10.0.{index}.0/24" for index in range(41)]), r"'41 CIDRs' is not allowed; at most 40"),
    (lambda: Eks.new(api_endpoint="private"),
     r"cluster\.eks: api_endpoint='private' is not allowed; expected ApiEndpoint\.public\(\), .* or ApiEndpoint\.private\(\), "
     r"got str"),
])
def test_endpoint_exposure_rules(make: Any, message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message):
        make()


def test_endpoint_exposure_decides_where_deploy_functions_run() -> None:
    assert not ApiEndpoint.public().functions_in_vpc
    assert not ApiEndpoint.public(["0.0.0.0/0"]).functions_in_vpc
    assert ApiEndpoint.public(["203.0.113.0/24"]).functions_in_vpc
    assert ApiEndpoint.private().functions_in_vpc


def test_secrets_are_encrypted_with_a_retained_rotating_key(quick_setup: SynthesizedApp) -> None:
    template = quick_setup.template
    cluster = next(iter(resources(template, "AWS::EKS::Cluster").values()))["Properties"]
    (config,) = cluster["EncryptionConfig"]
    key = config["Provider"]["KeyArn"]["Fn::GetAtt"][0]
    assert config["Resources"] == ["secrets"]
    assert template["Resources"][key]["DeletionPolicy"] == "Retain"
    assert template["Resources"][key]["Properties"]["EnableKeyRotation"] is True


def test_secrets_encryption_can_be_turned_off_or_use_a_given_key(tmp_path: Path) -> None:
    from aws_cdk import aws_kms as kms

    _, template = synth(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=GROUPS, cluster=ClusterSettings(eks=Eks.new(secrets_encryption=False))),
        tmp_path / "off")
    assert "EncryptionConfig" not in next(iter(resources(template, "AWS::EKS::Cluster").values()))["Properties"]
    _, template = synth(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=GROUPS, cluster=ClusterSettings(eks=Eks.new(
            secrets_encryption=kms.Key.from_key_arn(stack, "Key", "arn:aws:kms:us-west-2:111122223333:key/k")))),
        tmp_path / "given")
    (config,) = next(iter(resources(template, "AWS::EKS::Cluster").values()))["Properties"]["EncryptionConfig"]
    assert config["Provider"]["KeyArn"] == "arn:aws:kms:us-west-2:111122223333:key/k"
    assert not resources(template, "AWS::KMS::Key")
    with pytest.raises(HyperPodValidationError, match=r"cluster\.eks: secrets_encryption='alias/eks' is not allowed; "
                                                      r"True \(a key is created\), False, or a kms\.IKey of yours"):
        Eks.new(secrets_encryption="alias/eks")


# ---- outputs and alarm e-mails ------------------------------------------------------------------------

def test_default_app_outputs_cluster_access_and_alarm_topic(quick_setup: SynthesizedApp) -> None:
    outputs = quick_setup.template["Outputs"]
    assert {"EksClusterName", "UpdateKubeconfigCommand", "AlarmTopicArn"} <= set(outputs)
    assert not {"GrafanaWorkspaceId", "GrafanaUrl"} & set(outputs)  # no Grafana by default (tests/observability)
    assert outputs["AlarmTopicArn"]["Value"] == {"Ref": next(key for key in resources(quick_setup.template, "AWS::SNS::Topic")
                                                              if "AlarmTopic" in key)}


def _observed(stack: cdk.Stack, emails: tuple[str, ...], endpoint: bool) -> None:
    # Without an endpoint, a CPU group only: a GPU group has GPU health alerts, which need the topic too.
    groups = GROUPS if endpoint else [InstanceGroup("c", "ml.m5.2xlarge", count=1)]
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=groups,
                                         observability=Observability(alarm_emails=emails))
    if endpoint:
        platform.add_endpoint(InferenceEndpoint("m", model=s3_model(stack),
                                                instance_type="ml.g6e.12xlarge", gpus=1))


def test_alarm_emails_subscribe_to_the_topic(tmp_path: Path) -> None:
    _, template = synth(lambda stack: _observed(stack, ("ops@example.com",), True), tmp_path)
    (subscription,) = resources(template, "AWS::SNS::Subscription").values()
    assert subscription["Properties"]["Protocol"] == "email"
    assert subscription["Properties"]["Endpoint"] == "ops@example.com"
    assert subscription["Properties"]["TopicArn"] == template["Outputs"]["AlarmTopicArn"]["Value"]


def test_alarm_emails_without_alerts_are_warned(tmp_path: Path) -> None:
    stack, template = synth(lambda stack: _observed(stack, ("ops@example.com",), False), tmp_path)
    assert resources(template, "AWS::SNS::Subscription") == {}
    assert any("alarm_emails=['ops@example.com'] receive nothing" in text for text in warnings(stack))


def test_alarm_emails_must_be_addresses() -> None:
    with pytest.raises(HyperPodValidationError, match=r"observability: alarm_emails\[1\]='ops' is not allowed; an e-mail"):
        Observability(alarm_emails=("a@example.com", "ops"))


# ---- teardown -----------------------------------------------------------------------------------------

def test_hyperpod_cluster_is_deleted_even_when_data_is_retained(quick_setup: SynthesizedApp) -> None:
    (cluster,) = resources(quick_setup.template, "AWS::SageMaker::Cluster").values()
    assert cluster.get("DeletionPolicy", "Delete") == "Delete"


def test_a_retained_model_store_keeps_its_subnet_group_and_vpc(quick_setup: SynthesizedApp) -> None:
    template = quick_setup.template
    (file_system,) = resources(template, "AWS::FSx::FileSystem").values()
    kept = {file_system["Properties"]["SubnetIds"][0]["Ref"],
            file_system["Properties"]["SecurityGroupIds"][0]["Fn::GetAtt"][0],
            next(iter(resources(template, "AWS::EC2::VPC")))}
    assert {key for key in kept if template["Resources"][key].get("DeletionPolicy") == "Retain"} == kept
    # Everything else in the network goes: other subnets, NAT gateway, internet gateway.
    for type_name in ("AWS::EC2::NatGateway", "AWS::EC2::InternetGateway"):
        assert all(value.get("DeletionPolicy") is None for value in resources(template, type_name).values())
    others = set(resources(template, "AWS::EC2::Subnet")) - kept
    assert others and all(template["Resources"][key].get("DeletionPolicy") is None for key in others)


def test_destroy_policy_keeps_no_network(tmp_path: Path) -> None:
    _, template = synth(lambda stack: HyperPodInferencePlatform(
        stack, "Platform", instance_groups=GROUPS, model_store=ModelStore(bucket=imported_bucket(stack, "models")),
        removal_policy=cdk.RemovalPolicy.DESTROY), tmp_path)
    for type_name in ("AWS::EC2::VPC", "AWS::EC2::Subnet", "AWS::EC2::SecurityGroup", "AWS::FSx::FileSystem"):
        assert all(value.get("DeletionPolicy") == "Delete" or "DeletionPolicy" not in value
                   for value in resources(template, type_name).values()), type_name


# ---- replacement warnings -----------------------------------------------------------------------------

def test_create_only_table_matches_cloudformation_schemas() -> None:
    for type_name, (_, properties) in CREATE_ONLY.items():
        create_only = {path[0] for path in create_only_paths(type_name)}
        assert set(properties) <= create_only, (type_name, sorted(set(properties) - create_only))


def test_create_only_paths_are_read_from_the_schemas_nested_paths_too() -> None:
    assert ("Orchestrator", "Eks") in create_only_paths("AWS::SageMaker::Cluster")
    assert ("KubernetesNetworkConfig", "IpFamily") in create_only_paths("AWS::EKS::Cluster")
    assert create_only_paths("AWS::NoSuch::Type") == ()


def test_create_only_property_from_a_parameter_is_warned(tmp_path: Path) -> None:
    def build(stack: cdk.Stack) -> None:
        subnet = cdk.CfnParameter(stack, "SubnetId", default=subnet_id(1))
        vpc = imported_vpc(stack, subnets=1)
        HyperPodInferencePlatform(
            stack, "Platform", instance_groups=GROUPS, model_store=ModelStore(bucket=imported_bucket(stack, "models")),
            network=Network(vpc=vpc, subnets=[ec2.Subnet.from_subnet_id(stack, "Subnet", subnet.value_as_string)]))
    stack, _ = synth(build, tmp_path)
    found = [text for text in warnings(stack) if "is create-only" in text]
    assert any("HyperPod/Resource: VpcConfig is create-only and comes from parameter SubnetId; changing that value at "
               "deploy time replaces the HyperPod cluster" in text for text in found), found
    assert any("FileSystem/Resource: SubnetIds is create-only and comes from parameter SubnetId" in text
               for text in found), found
    annotations = Annotations.from_stack(stack).find_warning("*", Match.string_like_regexp("is create-only"))
    assert annotations and all(WARNING_ID in str(found.entry.data) for found in annotations)


def test_literal_values_raise_no_replacement_warning(quick_setup: SynthesizedApp) -> None:
    annotations = Annotations.from_stack(quick_setup.stack)
    assert annotations.find_warning("*", Match.string_like_regexp("is create-only")) == []


def test_deploy_time_inputs_are_found_in_resolved_values() -> None:
    value = {"Fn::Join": ["", [{"Ref": "Path"}, {"Fn::ImportValue": "Shared"}, "{{resolve:ssm:/models/path}}"]]}
    assert deploy_time_inputs(value, ["Path"]) == [
        'dynamic reference {{resolve:ssm:/models/path}}', 'import "Shared"', "parameter Path"]
    assert deploy_time_inputs({"Ref": "AWS::Region"}, ["Path"]) == []


def test_deploy_doc_lists_every_create_only_property() -> None:
    from support import REPO_ROOT

    lines = (REPO_ROOT / "docs" / "deploy.md").read_text().splitlines()
    for type_name, (_, properties) in CREATE_ONLY.items():
        row = next((line for line in lines if line.startswith("| ") and f"`{type_name}`" in line), "")
        assert row, f"docs/deploy.md has no replacement row for {type_name}"
        assert [name for name in properties if f"`{name}`" not in row] == [], type_name
