"""The network flows a working cluster needs, proven from each synthesized template's security groups.

The required flows and their sources are data in ``hyperpod_constructs.aws.network_flows``; the evaluator
and its modelling (EKS cluster security group, the load-balancer controller's run-time rule) are in
``flow_model.py``. Negative tests mutate a copy of the default app's template, and the default app's previous
wiring (``fixtures/``) shows the checks fail where the first deploy would have.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2

from apps_support import (
    SynthesizedApp, app_files, app_param, imported_bucket, imported_cluster, imported_vpc, load_module, resources, synthesize)
from flow_model import ANYWHERE, Declared, FlowModel, Rule, assert_flows, unproven
from hyperpod_constructs import (
    ApiEndpoint, ClusterSettings, Eks, HyperPodInferencePlatform, InstanceGroup, ModelStore, Network)
from hyperpod_constructs.aws.network_flows import REQUIRED_FLOWS
from support import REPO_ROOT

FIXTURES = Path(__file__).parent / "fixtures"
BYO_EXAMPLE = "examples/byo_vpc_and_eks.py"
# Every app whose network is created by the stack (the custom setup imports its groups; tested below).
CREATED_NETWORK_APPS = [app_param(path) for path in app_files() if path != BYO_EXAMPLE]
NODE_CONTROL_PLANE_FLOWS = {flow.name for flow in REQUIRED_FLOWS if "control-plane" in (flow.source, flow.destination)
                            and "deploy-functions" not in (flow.source, flow.destination)}


def flow_named(name: str) -> Any:
    return next(flow for flow in REQUIRED_FLOWS if flow.name == name)


def missing_names(template: dict[str, Any], declared: Declared | None = None) -> set[str]:
    return {check.flow.name for check in unproven(template, declared)}


def the(template: dict[str, Any], type_name: str) -> tuple[str, dict[str, Any]]:
    found = resources(template, type_name)
    assert len(found) == 1, f"expected one {type_name}, found {sorted(found)}"
    return next(iter(found.items()))


# ---- every app -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("relative", CREATED_NETWORK_APPS)
def test_app_carries_every_required_flow(relative: str, synthesized: Callable[[str], SynthesizedApp]) -> None:
    checks = assert_flows(synthesized(relative).template)
    proven = {check.flow.name for check in checks if check.status == "proven"}
    # Nodes, control plane, EFA, internet, ALB and deploy functions exist in every app; the model store may not.
    assert NODE_CONTROL_PLANE_FLOWS | {"node to node (EFA)", "nodes to AWS services", "load balancer to pods",
                                      "deploy functions to API server"} <= proven


def test_default_app_proves_the_model_store_flows(quick_setup: SynthesizedApp) -> None:
    checks = {check.flow.name: check for check in FlowModel(quick_setup.template).check_all()}
    lustre = [flow.name for flow in REQUIRED_FLOWS if "model-store" in (flow.source, flow.destination)]
    assert lustre and all(checks[name].status == "proven" for name in lustre), [checks[name].message() for name in lustre]


def test_one_group_is_shared_by_eks_hyperpod_and_the_model_store(quick_setup: SynthesizedApp) -> None:
    template = quick_setup.template
    _, cluster = the(template, "AWS::EKS::Cluster")
    _, hyperpod = the(template, "AWS::SageMaker::Cluster")
    _, file_system = the(template, "AWS::FSx::FileSystem")
    shared = cluster["Properties"]["ResourcesVpcConfig"]["SecurityGroupIds"]
    assert shared == hyperpod["Properties"]["VpcConfig"]["SecurityGroupIds"] == file_system["Properties"]["SecurityGroupIds"]
    group = shared[0]["Fn::GetAtt"][0]
    egress = [rule["Properties"] for rule in resources(template, "AWS::EC2::SecurityGroupEgress").values()]
    assert {"GroupId": {"Fn::GetAtt": [group, "GroupId"]}, "DestinationSecurityGroupId": {"Fn::GetAtt": [group, "GroupId"]},
            "IpProtocol": "-1", "Description": "Members, EFA: outbound to the group itself"} in egress


# ---- the previous wiring and mutations of today's template ------------------------------------------------

def test_previous_default_app_wiring_fails_naming_each_missing_flow() -> None:
    template = json.loads((FIXTURES / "previous_default_app_network.template.json").read_text())
    assert missing_names(template) == NODE_CONTROL_PLANE_FLOWS | {"node to node (EFA)"}
    with pytest.raises(AssertionError, match=r"nodes to API server: nodes -> control-plane \(tcp 443\) is missing: "
                                             r"no ingress rule on \['PlatformEksClusterControlPlaneSecurityGroup"):
        assert_flows(template)
    with pytest.raises(AssertionError, match=r"node to node \(EFA\): nodes -> nodes \(all traffic\) is missing: "
                                             r"no egress rule"):
        assert_flows(template)


def test_removing_the_shared_group_from_the_control_plane_fails(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    key, cluster = the(template, "AWS::EKS::Cluster")
    template["Resources"]["EgressOnly"] = {"Type": "AWS::EC2::SecurityGroup", "Properties": {
        "GroupDescription": "control plane", "SecurityGroupEgress": [{"CidrIp": ANYWHERE, "IpProtocol": "-1"}]}}
    cluster["Properties"]["ResourcesVpcConfig"]["SecurityGroupIds"] = [{"Fn::GetAtt": ["EgressOnly", "GroupId"]}]
    assert missing_names(template) == NODE_CONTROL_PLANE_FLOWS
    with pytest.raises(AssertionError, match=r"API server to kubelet: control-plane -> nodes \(tcp 10250\) is missing"):
        assert_flows(template)


def test_removing_the_self_referencing_egress_rule_breaks_efa_only(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    for key in list(resources(template, "AWS::EC2::SecurityGroupEgress")):
        del template["Resources"][key]
    # 0.0.0.0/0 egress still carries IP traffic, so only EFA (group-referencing rules only) breaks.
    assert missing_names(template) == {"node to node (EFA)"}


def test_model_store_on_a_group_without_rules_fails_the_lustre_flows(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    template["Resources"]["Bare"] = {"Type": "AWS::EC2::SecurityGroup", "Properties": {"GroupDescription": "bare"}}
    _, file_system = the(template, "AWS::FSx::FileSystem")
    file_system["Properties"]["SecurityGroupIds"] = [{"Fn::GetAtt": ["Bare", "GroupId"]}]
    assert missing_names(template) == {flow.name for flow in REQUIRED_FLOWS if "model-store" in (flow.source, flow.destination)}


def test_a_private_endpoint_with_functions_outside_the_vpc_fails(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    _, cluster = the(template, "AWS::EKS::Cluster")
    cluster["Properties"]["ResourcesVpcConfig"]["EndpointPublicAccess"] = False
    with pytest.raises(AssertionError, match=r"deploy functions to API server: .* is missing: \S+ runs outside the VPC "
                                             r"but the public endpoint is off"):
        assert_flows(template)


def test_nodes_with_two_untagged_groups_leave_the_load_balancer_nowhere_to_open(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    _, hyperpod = the(template, "AWS::SageMaker::Cluster")
    template["Resources"]["Extra"] = {"Type": "AWS::EC2::SecurityGroup", "Properties": {"GroupDescription": "extra"}}
    hyperpod["Properties"]["VpcConfig"]["SecurityGroupIds"].append({"Fn::GetAtt": ["Extra", "GroupId"]})
    checks = {check.flow.name: check for check in unproven(template)}
    assert set(checks) == {"load balancer to pods"}
    assert "cannot pick one to open" in checks["load balancer to pods"].detail


# ---- endpoint exposure -------------------------------------------------------------------------------------

GROUPS = [InstanceGroup("g", "ml.g6e.12xlarge", count=1)]


def _platform_app(tmp: Path, **eks_options: Any) -> SynthesizedApp:
    def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
        stack = cdk.Stack(app, "Exposure")
        platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=GROUPS,
                                             model_store=ModelStore(bucket=imported_bucket(stack, "models")),
                                             cluster=ClusterSettings(eks=Eks.new(**eks_options)))
        return stack, platform
    return synthesize(build, tmp)


@pytest.fixture(scope="module")
def private_app(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedApp:
    return _platform_app(tmp_path_factory.mktemp("private"), api_endpoint=ApiEndpoint.private())


def test_private_endpoint_puts_deploy_functions_in_the_vpc(private_app: SynthesizedApp) -> None:
    template = private_app.template
    _, cluster = the(template, "AWS::EKS::Cluster")
    config = cluster["Properties"]["ResourcesVpcConfig"]
    assert (config["EndpointPublicAccess"], config["EndpointPrivateAccess"]) == (False, True)
    functions = FlowModel(template).roles["deploy-functions"]
    assert functions and all(function.groups for function in functions), functions
    assert_flows(template)
    assert private_app.nag_violations == []


def test_cidr_restricted_endpoint_keeps_functions_reaching_the_api(tmp_path: Path) -> None:
    app = _platform_app(tmp_path, api_endpoint=ApiEndpoint.public(allowed_cidrs=["203.0.113.0/24"]))
    _, cluster = the(app.template, "AWS::EKS::Cluster")
    assert cluster["Properties"]["ResourcesVpcConfig"]["PublicAccessCidrs"] == ["203.0.113.0/24"]
    assert_flows(app.template)


# ---- custom setup: imported groups and cluster -----------------------------------------------------------

def test_imported_vpc_with_a_created_cluster_carries_every_flow(tmp_path: Path) -> None:
    def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
        stack = cdk.Stack(app, "ImportedVpc")
        vpc = imported_vpc(stack)
        platform = HyperPodInferencePlatform(stack, "Platform", network=Network(vpc=vpc), instance_groups=GROUPS,
                                             model_store=ModelStore(bucket=imported_bucket(stack, "models")))
        return stack, platform
    app = synthesize(build, tmp_path)
    checks = assert_flows(app.template)
    assert {check.flow.name for check in checks if check.status == "not-applicable"} == set()
    assert app.platform.network_advice == ()


# What EKS documents for the cluster security group, plus the EFA egress rule the example's owners add.
EKS_CLUSTER_GROUP_RULES = (Rule("in", "-1", 0, 65535, peer_group="sg-0a1b2c3d4e5f60718"),
                           Rule("out", "-1", 0, 65535, peer_group="sg-0a1b2c3d4e5f60718"),
                           Rule("out", "-1", 0, 65535, cidr=ANYWHERE))


@pytest.mark.slow  # synthesizes the custom-setup example
def test_custom_setup_flows_hold_with_the_groups_it_declares(synthesized: Callable[[str], SynthesizedApp]) -> None:
    module = load_module(BYO_EXAMPLE)
    group = module.NODE_SECURITY_GROUP_ID
    declared = Declared(group_rules={group: EKS_CLUSTER_GROUP_RULES}, control_plane_groups=[group])
    assert_flows(synthesized(BYO_EXAMPLE).template, declared)


@pytest.mark.slow  # synthesizes the custom-setup example
def test_custom_setup_names_every_flow_it_cannot_see(synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized(BYO_EXAMPLE)
    declared = Declared(control_plane_groups=[load_module(BYO_EXAMPLE).NODE_SECURITY_GROUP_ID])
    unknown = {check.flow for check in unproven(app.template, declared)}
    assert unknown and all(check.status == "unknown" for check in unproven(app.template, declared))
    (advice,) = app.platform.network_advice
    # The platform's advice lists every flow the template cannot prove (the ALB rule is the controller's).
    assert [flow.describe() for flow in unknown if flow.describe() not in advice] == []


def test_custom_setup_without_a_shared_group_is_warned(tmp_path: Path) -> None:
    from aws_cdk.assertions import Annotations, Match

    app = cdk.App(outdir=str(tmp_path))
    stack = cdk.Stack(app, "Byo")
    vpc = imported_vpc(stack, subnets=1)
    HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("g", "ml.g6e.12xlarge", count=1)],
        network=Network(vpc=vpc, security_groups=[
            ec2.SecurityGroup.from_security_group_id(stack, "Nodes", "sg-00000000000000001")]),
        cluster=ClusterSettings(eks=Eks.existing(
            imported_cluster(stack, vpc, security_group_ids=["sg-00000000000000002"]), authentication_mode="API",
            kubernetes_version="1.32")))
    warnings = {str(found.entry.data): found.id for found in
                Annotations.from_stack(stack).find_warning("*", Match.any_value())}
    (path,) = [path for text, path in warnings.items()
               if "none of which the EKS control plane has (['sg-00000000000000002'])" in text]
    assert path == "/Byo/Platform/Eks"  # on the construct the advice is about
    (path,) = [path for text, path in warnings.items() if "network.security_groups are imported" in text]
    assert path == "/Byo/Platform/Network"


def test_private_existing_cluster_needs_its_cluster_security_group(tmp_path: Path) -> None:
    from hyperpod_constructs import HyperPodValidationError

    stack = cdk.Stack(cdk.App(outdir=str(tmp_path)), "Byo")
    cluster = imported_cluster(stack, imported_vpc(stack))
    with pytest.raises(HyperPodValidationError, match=r"Byo/Platform/Eks: cluster\.eks\.cluster='c' is not allowed; "
                                                      r"a cluster imported with cluster_security_group_id= \(aws eks "
                                                      r"describe-cluster: resourcesVpcConfig\.clusterSecurityGroupId\) "
                                                      r"when the endpoint is private"):
        HyperPodInferencePlatform(
            stack, "Platform", instance_groups=[InstanceGroup("g", "ml.g6e.12xlarge", count=1)],
            cluster=ClusterSettings(eks=Eks.existing(cluster, authentication_mode="API", kubernetes_version="1.32",
                                                     api_endpoint=ApiEndpoint.private())))


# ---- the flow list itself -----------------------------------------------------------------------------------

ROLES = {"nodes", "control-plane", "model-store", "load-balancer", "deploy-functions", "internet"}


def test_every_flow_names_known_roles_and_a_source_document() -> None:
    names = [flow.name for flow in REQUIRED_FLOWS]
    assert len(names) == len(set(names))
    for flow in REQUIRED_FLOWS:
        assert {flow.source, flow.destination} <= ROLES, flow
        assert "https://" in flow.reference and flow.why and flow.aws_stack, flow


def test_parity_table_lists_exactly_the_required_flows() -> None:
    """docs/aws-parity.md's network-flow table cannot go stale: its rows are the flow list the tests prove."""
    text = (REPO_ROOT / "docs" / "aws-parity.md").read_text()
    section = text.split("### Network flows", 1)[1].split("\n### ", 1)[0]
    rows = [line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")][1:]
    assert rows == [flow.name for flow in REQUIRED_FLOWS]


def test_deploy_doc_lists_every_required_flow() -> None:
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    missing = [flow.name for flow in REQUIRED_FLOWS
               if flow.name not in text and not flow.name.startswith(("model store", "nodes to model store"))]
    assert missing == []
