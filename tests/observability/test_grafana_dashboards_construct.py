"""Grafana is opt-in; with it, the dashboards are provisioned at deploy: the custom resource, what it carries (the
same dashboards as the export, in an S3 asset), its function's least-privilege role and the stack outputs."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from aws_cdk.assertions import Template

from apps_support import SynthesizedApp, app_param, only, resources
from hyperpod_constructs import GrafanaWorkspace, HyperPodValidationError, Observability
from hyperpod_constructs.aws.grafana_dashboards import GRAFANA_ACTIONS, RESOURCE_TYPE
from hyperpod_constructs.aws.nag import logical_id
from hyperpod_constructs.aws.observability import InferenceObservability
from obs_fixtures import CONSTRUCT_ID, ENDPOINTS, INSTANCE_GROUPS, new_stack

EXAMPLE = "examples/grafana_dashboards.py"


@pytest.fixture(scope="module", params=[app_param(EXAMPLE)])  # an example: slow, as every example's synth
def app(request: pytest.FixtureRequest, synthesized: Callable[[str], SynthesizedApp]) -> SynthesizedApp:
    return synthesized(request.param)


def role_statements(app: SynthesizedApp) -> list[dict[str, Any]]:
    """Every statement of every policy attached to the provisioning function's role."""
    role = logical_id(app.platform.observability.grafana_dashboards.role)
    return [statement for policy in resources(app.template, "AWS::IAM::Policy").values()
            if {"Ref": role} in policy["Properties"]["Roles"]
            for statement in policy["Properties"]["PolicyDocument"]["Statement"]]


def test_the_resource_names_the_workspace_its_url_the_amp_data_source_and_the_dashboards(app: SynthesizedApp) -> None:
    observability = app.platform.observability
    workspace = logical_id(observability.grafana_workspace)
    resource = only(app.template, RESOURCE_TYPE)
    props = resource["Properties"]
    assert props["WorkspaceId"] == {"Fn::GetAtt": [workspace, "Id"]}
    assert props["GrafanaUrl"] == {"Fn::Join": ["", ["https://", {"Fn::GetAtt": [workspace, "Endpoint"]}]]}
    assert props["Dashboards"] == sorted(model["uid"] for model in observability.dashboards.values())
    assert props["Dashboards"] == ["hyperpod-gpus", "hyperpod-inference", "hyperpod-inference-overview"]
    amp = logical_id(observability.cfn_workspace)
    assert {"Fn::GetAtt": [amp, "WorkspaceId"]} in props["DataSource"]["Url"]["Fn::Join"][1]
    assert props["DataSource"]["Region"] == {"Ref": "AWS::Region"}
    assert props["ServiceTimeout"] == "600"
    # It runs once the function may read the asset and call Grafana, and is deleted before that access goes.
    provisioning = observability.grafana_dashboards
    needs = {logical_id(provisioning.role), logical_id(provisioning.role.node.find_child("DefaultPolicy")),
             logical_id(provisioning.node.find_child("ReadDashboards"))}
    assert needs <= set(resource["DependsOn"])


def test_the_asset_holds_the_exported_dashboards_keyed_by_uid(app: SynthesizedApp, tmp_path: Path) -> None:
    props = only(app.template, RESOURCE_TYPE)["Properties"]
    shipped = json.loads((app.outdir / f"asset.{props['DashboardsKey'].removesuffix('.json')}.json").read_text())
    exported = {path.stem: json.loads(path.read_text())
                for path in app.platform.observability.write_dashboards(tmp_path / "dashboards")}
    assert shipped == {model["uid"]: model for model in exported.values()}
    assert sorted(shipped) == props["Dashboards"]


def test_the_function_may_manage_tokens_of_this_workspace_and_read_this_asset_only(app: SynthesizedApp) -> None:
    observability = app.platform.observability
    statements = role_statements(app)
    by_action = {action: statement["Resource"] for statement in statements
                 for action in ([statement["Action"]] if isinstance(statement["Action"], str) else statement["Action"])}
    assert set(by_action) == {*GRAFANA_ACTIONS, "s3:GetObject", "logs:CreateLogStream", "logs:PutLogEvents"}
    workspace = logical_id(observability.grafana_workspace)
    arn = by_action["grafana:CreateWorkspaceServiceAccountToken"]["Fn::Join"][1]
    assert arn[-2:] == [":/workspaces/", {"Fn::GetAtt": [workspace, "Id"]}]
    key = only(app.template, RESOURCE_TYPE)["Properties"]["DashboardsKey"]
    assert by_action["s3:GetObject"]["Fn::Join"][1][-1] == f"/{key}"
    assert all(statement["Effect"] == "Allow" and statement["Resource"] != "*" for statement in statements)


def test_the_stack_outputs_the_workspace_id_and_url(app: SynthesizedApp) -> None:
    outputs = app.template["Outputs"]
    workspace = logical_id(app.platform.observability.grafana_workspace)
    assert outputs["GrafanaWorkspaceId"]["Value"] == {"Fn::GetAtt": [workspace, "Id"]}
    assert outputs["GrafanaUrl"]["Value"] == {"Fn::Join": ["", ["https://", {"Fn::GetAtt": [workspace, "Endpoint"]}]]}


def test_the_function_and_its_provider_have_no_unacknowledged_cdk_nag_findings(app: SynthesizedApp) -> None:
    ours = [(rule, path) for rule, path in app.nag_violations if "/GrafanaDashboards/" in path]
    assert ours == []


def test_provision_dashboards_false_creates_the_workspace_only() -> None:
    app, stack, cluster = new_stack("NoProvisioning")
    construct = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster, endpoints=ENDPOINTS,
                                       instance_groups=INSTANCE_GROUPS,
                                       grafana=GrafanaWorkspace(provision_dashboards=False))
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::Grafana::Workspace", 1)
    template.resource_count_is(RESOURCE_TYPE, 0)
    assert construct.grafana_dashboards is None


def test_without_grafana_there_is_no_workspace_resource_or_grafana_url() -> None:
    app, stack, cluster = new_stack("NoGrafana")
    construct = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster, endpoints=ENDPOINTS)
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::Grafana::Workspace", 0)
    template.resource_count_is(RESOURCE_TYPE, 0)
    with pytest.raises(ValueError, match=r"has no Grafana workspace \(observability grafana=None\)"):
        construct.grafana_url


def test_which_settings_need_iam_identity_center() -> None:
    assert not Observability().requires_identity_center
    assert Observability(grafana=GrafanaWorkspace()).requires_identity_center
    assert not Observability(grafana=GrafanaWorkspace(authentication="SAML")).requires_identity_center


def test_provisioning_needs_the_prometheus_data_source() -> None:
    with pytest.raises(HyperPodValidationError, match=(
            r"GrafanaWorkspace: data_sources=\('CLOUDWATCH',\) is not allowed; a tuple holding 'PROMETHEUS' while "
            r"provision_dashboards is True")):
        GrafanaWorkspace(data_sources=("CLOUDWATCH",))
    assert GrafanaWorkspace(data_sources=("CLOUDWATCH",), provision_dashboards=False).data_sources == ("CLOUDWATCH",)
    with pytest.raises(HyperPodValidationError, match=r"provision_dashboards='yes' is not allowed; True or False"):
        GrafanaWorkspace(provision_dashboards="yes")  # type: ignore[arg-type]
