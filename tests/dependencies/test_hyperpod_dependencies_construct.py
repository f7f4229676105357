"""HyperPodDependencies on a small EKS stack: resources, IAM scope, cfn-lint and cdk-nag."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks
from aws_cdk.assertions import Match, Template
from aws_cdk.lambda_layer_kubectl_v33 import KubectlV33Layer
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs.aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart

STACK = "DependenciesTest"
PINNED = "0123456789abcdef0123456789abcdef01234567"
CHART = HyperPodHelmChart(git_ref=PINNED, enable_gpu_operator=True, values={"trainingOperators": {"enabled": False}})


def build(outdir: Path, *, vpc_subnets: ec2.SubnetSelection | None = None, nag: bool = False) -> dict[str, Any]:
    """Synthesize the test stack; with ``nag`` also return cdk-nag's violations (path -> rule names)."""
    app = cdk.App(outdir=str(outdir))
    stack = cdk.Stack(app, STACK)
    cluster = eks.Cluster(
        stack, "Eks", version=eks.KubernetesVersion.V1_33,
        default_capacity_type=eks.DefaultCapacityType.NODEGROUP, default_capacity=0,
        kubectl_provider_options=eks.KubectlProviderOptions(kubectl_layer=KubectlV33Layer(stack, "KubectlLayer")),
    )
    HyperPodDependencies(stack, "Deps", cluster=cluster, chart=CHART, vpc_subnets=vpc_subnets)
    if nag:
        cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    violations: dict[str, list[str]] = {}
    try:
        app.synth()
    except Exception as error:  # cdk-nag v3 fails synth on findings and writes the report beside the templates
        report = outdir / "validation-report.json"
        if not report.exists():
            raise
        del error
        for plugin in json.loads(report.read_text())["pluginReports"]:
            for violation in plugin["violations"]:
                for construct in violation["violatingConstructs"]:
                    violations.setdefault(construct["constructPath"], []).append(violation["ruleName"])
    return {"template": json.loads((outdir / f"{STACK}.template.json").read_text()), "violations": violations}


@pytest.fixture(scope="module")
def synthesized(tmp_path_factory) -> dict[str, Any]:
    return build(tmp_path_factory.mktemp("cdk"), nag=True)


@pytest.fixture(scope="module")
def template(synthesized) -> Template:
    return Template.from_json(synthesized["template"])


def logical_id(template: Template, resource_type: str, path_prefix: str = "Deps") -> str:
    (found,) = [key for key in template.find_resources(resource_type) if key.startswith(path_prefix)]
    return found


def installer_function(template: Template) -> dict[str, Any]:
    return template.find_resources("AWS::Lambda::Function")[logical_id(template, "AWS::Lambda::Function", "DepsHandlerFunction")]


def test_installer_lambda_has_kubectl_and_helm_and_room_to_work(template):
    layer = logical_id(template, "AWS::Lambda::LayerVersion")
    template.has_resource_properties("AWS::Lambda::LayerVersion", {
        "Description": Match.string_like_regexp(r"/opt/kubectl/kubectl .*; /opt/helm/helm ")})
    props = installer_function(template)["Properties"]
    assert props["Runtime"] in ("python3.13", "python3.14")
    assert props["Architectures"] == ["x86_64"]  # the layer's binaries are x86-64
    assert props["Layers"] == [{"Ref": layer}]
    assert props["Timeout"] == 900
    assert props["MemorySize"] >= 1024
    assert props["EphemeralStorage"]["Size"] >= 2048
    assert "VpcConfig" not in props


def test_custom_resource_carries_everything_that_should_rerun_helm(template):
    (resource,) = template.find_resources("Custom::HyperPodHelmChart").values()
    props = resource["Properties"]
    assert props["GitRef"] == PINNED
    assert props["Repository"] == "aws/sagemaker-hyperpod-cli"
    assert props["ChartPath"] == "helm_chart/HyperPodHelmChart"
    assert props["Release"] == "hyperpod-dependencies" and props["Namespace"] == "kube-system"
    assert props["ClusterName"] == {"Ref": logical_id(template, "AWS::EKS::Cluster", "Eks")}
    assert json.loads(props["Values"]) == CHART.effective_values()
    assert props["Wait"] == "false"
    # installed only once its access entry exists, uninstalled before the access goes
    assert resource["DependsOn"] == [logical_id(template, "AWS::EKS::AccessEntry")]


def test_access_entry_makes_the_installer_role_cluster_admin(template):
    role = logical_id(template, "AWS::IAM::Role", "DepsHandlerRole")
    template.has_resource_properties("AWS::EKS::AccessEntry", {
        "ClusterName": {"Ref": logical_id(template, "AWS::EKS::Cluster", "Eks")},
        "PrincipalArn": {"Fn::GetAtt": [role, "Arn"]},
        "AccessPolicies": [{
            "AccessScope": {"Type": "cluster"},
            "PolicyArn": {"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"},
                                            ":eks::aws:cluster-access-policy/AmazonEKSClusterAdminPolicy"]]},
        }],
    })


def test_installer_iam_is_scoped_to_this_cluster_and_its_log_group(template):
    role = logical_id(template, "AWS::IAM::Role", "DepsHandlerRole")
    (policy,) = [p for p in template.find_resources("AWS::IAM::Policy").values()
                 if p["Properties"]["Roles"] == [{"Ref": role}]]
    statements = policy["Properties"]["PolicyDocument"]["Statement"]
    assert statements == [
        {"Action": ["logs:CreateLogStream", "logs:PutLogEvents"], "Effect": "Allow",
         "Resource": {"Fn::GetAtt": [logical_id(template, "AWS::Logs::LogGroup", "DepsHandlerLogs"), "Arn"]}},
        {"Action": "eks:DescribeCluster", "Effect": "Allow",
         "Resource": {"Fn::GetAtt": [logical_id(template, "AWS::EKS::Cluster", "Eks"), "Arn"]}},
    ]
    (role_resource,) = [r for k, r in template.find_resources("AWS::IAM::Role").items() if k == role]
    assert "ManagedPolicyArns" not in role_resource["Properties"]


@pytest.mark.slow  # the default app, which contains this construct, is linted in the fast suite too
def test_cfn_lint_has_no_errors(synthesized):
    from cfnlint.api import lint_all

    matches = lint_all(json.dumps(synthesized["template"]))
    errors = [f"{m.rule.id} {m.message} ({'/'.join(map(str, m.path))})" for m in matches if m.rule.id.startswith("E")]
    assert errors == []


def test_cdk_nag_has_no_unacknowledged_findings_on_this_construct(synthesized):
    ours = {path: rules for path, rules in synthesized["violations"].items() if path.startswith(f"{STACK}/Deps/")}
    assert ours == {}
    # the check is live: the test cluster itself has findings that are not ours
    assert any(path.startswith(f"{STACK}/Eks/") for path in synthesized["violations"])


def test_vpc_placement_uses_the_cluster_security_group(tmp_path):
    synthesized = build(tmp_path, vpc_subnets=ec2.SubnetSelection(subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS),
                        nag=True)
    template = Template.from_json(synthesized["template"])
    vpc_config = installer_function(template)["Properties"]["VpcConfig"]
    assert vpc_config["SecurityGroupIds"] == [
        {"Fn::GetAtt": [logical_id(template, "AWS::EKS::Cluster", "Eks"), "ClusterSecurityGroupId"]}]
    assert len(vpc_config["SubnetIds"]) >= 2
    # a function in a VPC needs the ENI permissions; acknowledged for cdk-nag with a reason
    template.has_resource_properties("AWS::IAM::Role", {
        "Description": "Runs kubectl and Helm against the HyperPod EKS cluster",
        "ManagedPolicyArns": [{"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"},
                                                 ":iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole"]]}],
    })
    assert {path: rules for path, rules in synthesized["violations"].items() if path.startswith(f"{STACK}/Deps/")} == {}


def test_nothing_from_the_chart_repository_is_vendored():
    package = Path(__file__).resolve().parents[2] / "hyperpod_constructs"
    # The only archives are the jsii assemblies of the classes cdk8s import generated from the carried CRDs.
    archives = [path.relative_to(package).as_posix() for path in package.rglob("*.tgz")]
    assert not list(package.rglob("Chart.yaml"))
    assert archives and all(re.fullmatch(r"k8s/imports/\w+/_jsii/\w+@0\.0\.0\.jsii\.tgz", name) for name in archives)
    handler_files = {p.name for p in (package / "delivery" / "engine").iterdir() if p.is_file()}
    assert handler_files == {"index.py", "cluster_access.py", "cluster_plan.py", "helm_installer.py", "helm_plan.py",
                             "manifest_applier.py", "manifest_plan.py", "time_budget.py", "daemon_configurer.py",
                             "fencing.py", "claimed_record.py", "ownership.py", "transient.py", "reasons.py",
                             "shared_fields.py"}
