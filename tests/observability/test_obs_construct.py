"""InferenceObservability synthesized: resources, add-on configuration, IAM, cfn-lint, cdk-nag, warnings."""
from __future__ import annotations

import json
import re
from pathlib import Path

import aws_cdk as cdk
import promql_parser
import pytest
import yaml
from aws_cdk import aws_sns as sns
from aws_cdk.assertions import Annotations, Match, Template

from hyperpod_constructs.aws.observability_addon import OBSERVABILITY_ADDON, SPACES_ADDON
from hyperpod_constructs.aws.observability import (InferenceObservability,
                                                   ObservabilityMetrics, PrometheusWorkspace)
from hyperpod_constructs.observability import dashboards
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from apps_support import nag_violations
from obs_fixtures import CONSTRUCT_ID, ENDPOINTS, INSTANCE_GROUPS, Synthesized, new_stack, resources_of_type, synth_full
from support import cfn_lint_errors

# KEDA's prometheusTrigger.serverAddress pattern from the InferenceEndpointConfig CRD.
KEDA_SERVER_ADDRESS = re.compile(
    r"^https:\/\/aps-workspaces\.[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.amazonaws\.com\/workspaces\/ws-[a-zA-Z0-9-]+$")


@pytest.fixture(scope="module")
def full() -> Synthesized:
    return synth_full()


@pytest.fixture(scope="module")
def template(full: Synthesized) -> Template:
    return Template.from_json(full.template)


def _addon_config(full: Synthesized, addon_name: str) -> str:
    [addon] = [r for r in resources_of_type(full.template, "AWS::EKS::Addon").values()
               if r["Properties"]["AddonName"] == addon_name]
    value = addon["Properties"]["ConfigurationValues"]
    # Fn::Join of literal JSON pieces and tokens; join the literals with placeholders to read the shape.
    parts = value["Fn::Join"][1] if isinstance(value, dict) else [value]
    return "".join(p if isinstance(p, str) else "TOKEN" for p in parts)


def test_workspace_is_encrypted_with_rotating_key_and_retained(template: Template) -> None:
    template.resource_count_is("AWS::APS::Workspace", 1)
    template.has_resource("AWS::APS::Workspace", {
        "Properties": {"KmsKeyArn": {"Fn::GetAtt": [Match.string_like_regexp(f"^{CONSTRUCT_ID}Key"), "Arn"]},
                       "AlertManagerDefinition": Match.any_value()},
        "DeletionPolicy": "Retain", "UpdateReplacePolicy": "Retain"})
    template.has_resource_properties("AWS::KMS::Key", {"EnableKeyRotation": True})


def test_rule_groups_namespace_holds_the_generated_rules(full: Synthesized, template: Template) -> None:
    template.resource_count_is("AWS::APS::RuleGroupsNamespace", 1)
    [rules] = resources_of_type(full.template, "AWS::APS::RuleGroupsNamespace").values()
    assert rules["Properties"]["Workspace"]["Fn::GetAtt"][1] == "Arn"
    document = yaml.safe_load(rules["Properties"]["Data"])
    exprs = [rule["expr"] for group in document["groups"] for rule in group["rules"]]
    assert len(exprs) > 0
    for expr in exprs:
        promql_parser.parse(expr)
    assert rules["Properties"]["Data"] == full.construct.rules_yaml


def test_more_rules_than_the_amp_quota_is_a_warning_naming_the_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    from hyperpod_constructs.observability import alerts

    monkeypatch.setattr(alerts, "AMP_RULES_PER_WORKSPACE", 6)
    app, stack, cluster = new_stack()
    construct = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster)
    for index in range(3):  # different max_replicas: 3 replicas-at-max alerts and 3 ceiling series + 7 shared = 13
        construct.add_endpoint(ResolvedEndpoint(name=f"m-{index}", max_replicas=2 + index))
    app.synth()
    warnings = [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]
    assert any("13 rules (alerting and recording) exceed Amazon Managed Prometheus's default quota of 6 "
               "rules per workspace (quota code L-3D15CDB4, adjustable)" in text for text in warnings), warnings


def test_rules_past_the_file_budget_go_to_more_namespaces(monkeypatch: pytest.MonkeyPatch) -> None:
    from hyperpod_constructs.observability import alerts

    monkeypatch.setattr(alerts, "RULES_FILE_BUDGET_BYTES", 4096)
    app, stack, cluster = new_stack()
    construct = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster, endpoints=ENDPOINTS[:1])
    for index in range(40):  # added after construction, as the platform does: rendered at synth
        construct.add_endpoint(ResolvedEndpoint(name=f"m-{index}", max_replicas=1 + index % 7))
    template = app.synth().get_stack_by_name(stack.stack_name).template
    namespaces = resources_of_type(template, "AWS::APS::RuleGroupsNamespace")
    assert len(namespaces) == len(construct.rule_files) > 1
    names = [ns["Properties"]["Name"] for ns in namespaces.values()]
    assert len(set(names)) == len(names) and all(len(name) <= 64 for name in names)
    datas = [ns["Properties"]["Data"] for ns in namespaces.values()]
    assert datas == construct.rule_files and all(len(data) <= 4096 for data in datas)
    assert "m-39" in "".join(datas)


def test_alert_manager_routes_to_the_encrypted_topic(full: Synthesized, template: Template) -> None:
    [workspace] = resources_of_type(full.template, "AWS::APS::Workspace").values()
    parts = workspace["Properties"]["AlertManagerDefinition"]["Fn::Join"][1]
    text = "".join(p if isinstance(p, str) else json.dumps(p) for p in parts)
    assert text.startswith("alertmanager_config: |\n")
    assert "sns_configs:" in text and "sigv4:" in text
    [topic_id] = resources_of_type(full.template, "AWS::SNS::Topic")
    assert {"Ref": topic_id} in parts and {"Ref": "AWS::Region"} in parts
    template.has_resource_properties("AWS::SNS::Topic", {"KmsMasterKeyId": Match.any_value()})
    template.has_resource_properties("AWS::SNS::TopicPolicy", {"PolicyDocument": {"Statement": Match.array_with([
        Match.object_like({"Principal": {"Service": "aps.amazonaws.com"},
                           "Action": ["sns:GetTopicAttributes", "sns:Publish"]})])}})  # sorted: minimizePolicies


def test_grafana_workspace(template: Template) -> None:
    template.has_resource_properties("AWS::Grafana::Workspace", {
        "AccountAccessType": "CURRENT_ACCOUNT", "AuthenticationProviders": ["AWS_SSO"],
        "PermissionType": "SERVICE_MANAGED", "DataSources": ["PROMETHEUS", "CLOUDWATCH"],
        "RoleArn": {"Fn::GetAtt": [Match.string_like_regexp("GrafanaRole"), "Arn"]}})
    template.has_resource_properties("AWS::IAM::Policy", {
        "Roles": [{"Ref": Match.string_like_regexp("GrafanaRole")}],
        "PolicyDocument": {"Statement": Match.array_with([Match.object_like({
            "Action": Match.array_with(["aps:GetSeries", "aps:QueryMetrics"]),  # sorted: minimizePolicies
            "Resource": {"Fn::GetAtt": [Match.string_like_regexp("Workspace"), "Arn"]}})])}})


def test_observability_addon_configuration(full: Synthesized, template: Template) -> None:
    template.has_resource_properties("AWS::EKS::Addon", {"AddonName": OBSERVABILITY_ADDON})
    config = json.loads(_addon_config(full, OBSERVABILITY_ADDON))
    assert set(config) == {"ampWorkspace", "metricsProvider", "logging", "amgWorkspace"}
    assert config["ampWorkspace"]["prometheusEndpoint"].startswith("https://aps-workspaces.TOKEN.TOKEN/workspaces/")
    assert config["logging"] == {"enabled": True}
    assert config["metricsProvider"]["inferenceMetrics"] == {"level": "BASIC", "scrapeInterval": 30}
    assert set(config["metricsProvider"]) == {
        "trainingMetrics", "inferenceMetrics", "taskGovernanceMetrics", "scalingMetrics", "customMetrics",
        "nodeMetrics", "acceleratedComputeMetrics", "networkMetrics"}
    assert set(config["amgWorkspace"]) == {"workspaceName", "arn"}


def test_pod_identity_role_and_association(full: Synthesized, template: Template) -> None:
    template.has_resource_properties("AWS::EKS::PodIdentityAssociation", {
        "Namespace": "hyperpod-observability", "ServiceAccount": "hyperpod-observability-operator-otel-collector",
        "RoleArn": {"Fn::GetAtt": [Match.string_like_regexp("AddonRole"), "Arn"]}})
    template.has_resource_properties("AWS::IAM::Role", {"AssumeRolePolicyDocument": {"Statement": [
        Match.object_like({"Action": ["sts:AssumeRole", "sts:TagSession"],
                           "Principal": {"Service": "pods.eks.amazonaws.com"}})]}})
    [policy] = [p for p in resources_of_type(full.template, "AWS::IAM::Policy").values()
                if p["Properties"]["Roles"][0]["Ref"].startswith(f"{CONSTRUCT_ID}AddonRole")]
    statements = policy["Properties"]["PolicyDocument"]["Statement"]
    assert statements[0]["Action"] == "aps:RemoteWrite"
    assert statements[0]["Resource"]["Fn::GetAtt"][1] == "Arn"
    assert "/aws/sagemaker/Clusters/*" in json.dumps(statements[1]["Resource"])
    # The add-on waits for its credentials.
    [addon] = [r for r in resources_of_type(full.template, "AWS::EKS::Addon").values()
               if r["Properties"]["AddonName"] == OBSERVABILITY_ADDON]
    [association_id] = resources_of_type(full.template, "AWS::EKS::PodIdentityAssociation")
    assert association_id in addon["DependsOn"]


@pytest.mark.slow  # the default app, which contains this construct, is linted in the fast suite too
def test_cfn_lint_has_no_errors(full: Synthesized) -> None:
    assert cfn_lint_errors(full.template) == []


def test_cdk_nag_has_no_findings_in_this_construct(full: Synthesized) -> None:
    violations = nag_violations(full.outdir)
    assert violations, "expected the AwsSolutions pack to run (the bare EKS cluster has findings)"
    ours = [(rule, path) for rule, path in violations if f"/{CONSTRUCT_ID}/" in path]
    assert ours == []


def test_dashboards_property_and_write(full: Synthesized, tmp_path: Path) -> None:
    assert set(full.construct.dashboards) == {"hyperpod-inference", "hyperpod-inference-overview", "hyperpod-gpus"}
    written = full.construct.write_dashboards(tmp_path / "dashboards")
    assert [p.name for p in written] == ["hyperpod-gpus.json", "hyperpod-inference.json",
                                         "hyperpod-inference-overview.json"]
    model = json.loads(written[1].read_text())
    assert model["uid"] == "hyperpod-inference" and dashboards.expressions(model)


def test_existing_workspace_by_arn_and_imported_topic() -> None:
    app, stack, cluster = new_stack("Imported")
    arn = "arn:aws:aps:eu-west-1:111111111111:workspace/ws-aaaa-bbbb"
    topic = sns.Topic.from_topic_arn(stack, "Topic", "arn:aws:sns:eu-west-1:111111111111:oncall")
    obs = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster, endpoints=ENDPOINTS[:1],
                                 workspace=PrometheusWorkspace.existing(workspace_arn=arn), alarm_topic=topic)
    assert obs.prometheus_query_url.startswith("https://aps-workspaces.eu-west-1.")
    assert obs.workspace_id == "ws-aaaa-bbbb"
    assert KEDA_SERVER_ADDRESS.match(obs.prometheus_query_url.replace(cdk.Aws.URL_SUFFIX, "amazonaws.com"))
    assert "region: eu-west-1" in obs.alert_manager_definition
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::APS::Workspace", 0)
    template.resource_count_is("AWS::KMS::Key", 0)
    template.resource_count_is("AWS::SNS::Topic", 0)
    template.has_resource_properties("AWS::APS::RuleGroupsNamespace", {"Workspace": arn})
    annotations = Annotations.from_stack(stack)
    annotations.has_warning(f"/Imported/{CONSTRUCT_ID}", Match.string_like_regexp("alert manager definition is not managed here"))
    annotations.has_warning(f"/Imported/{CONSTRUCT_ID}", Match.string_like_regexp("alarm_topic is imported"))
    # Recorded without the jsii kernel's stack, which `cdk synth` would print as a stray temp-folder line.
    assert all(not found.entry.trace for found in annotations.find_warning("*", Match.any_value()))


def test_existing_workspace_by_id_uses_stack_region_and_aws_owned_key_creates_no_key() -> None:
    app, stack, cluster = new_stack("ById", env=cdk.Environment(account="111111111111", region="us-west-2"))
    obs = InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster,
                                 workspace=PrometheusWorkspace.existing(workspace_id="ws-1234"))
    assert obs.workspace_arn.endswith(":aps:us-west-2:111111111111:workspace/ws-1234")  # partition stays a token
    assert obs.prometheus_query_url.startswith("https://aps-workspaces.us-west-2.")

    app2, stack2, cluster2 = new_stack("AwsOwned")
    InferenceObservability(stack2, CONSTRUCT_ID, cluster=cluster2,
                           workspace=PrometheusWorkspace.create(encryption="aws-owned-key"),
                           removal_policy=cdk.RemovalPolicy.DESTROY)
    template = Template.from_stack(stack2)
    template.resource_count_is("AWS::KMS::Key", 0)
    template.resource_count_is("AWS::APS::RuleGroupsNamespace", 0)  # no endpoints, no rules, no topic
    template.resource_count_is("AWS::SNS::Topic", 0)
    template.has_resource("AWS::APS::Workspace", {"DeletionPolicy": "Delete"})
    template.has_resource_properties("AWS::APS::Workspace", {"KmsKeyArn": Match.absent()})


def test_advice_for_disabled_metrics_and_spaces_addon() -> None:
    app, stack, cluster = new_stack("Advice")
    InferenceObservability(stack, CONSTRUCT_ID, cluster=cluster, endpoints=ENDPOINTS[:1],
                           instance_groups=INSTANCE_GROUPS[:1], sagemaker_spaces=True,
                           metrics=ObservabilityMetrics(inference="DISABLED", accelerated_compute="DISABLED",
                                                        scrape_interval_seconds=90))
    template = Template.from_stack(stack)
    template.has_resource_properties("AWS::EKS::Addon", {"AddonName": SPACES_ADDON})
    [rules] = [r for r in template.to_json()["Resources"].values() if r["Type"] == "AWS::APS::RuleGroupsNamespace"]
    assert "[6m]" in rules["Properties"]["Data"]  # the rate window follows the 90 s scrape interval
    annotations = Annotations.from_stack(stack)
    path = f"/Advice/{CONSTRUCT_ID}"
    annotations.has_warning(path, Match.string_like_regexp("metrics.inference is DISABLED"))
    annotations.has_warning(path, Match.string_like_regexp("metrics.accelerated_compute is DISABLED"))
    annotations.has_warning(path, Match.string_like_regexp(f"{SPACES_ADDON} add-on needs its execution role"))


def test_wrong_input_types_are_named() -> None:
    from hyperpod_constructs.errors import HyperPodValidationError

    app, stack, cluster = new_stack("Types")
    with pytest.raises(HyperPodValidationError, match=r"Types/Bad: endpoints\[0\]='llama' is not allowed; a ResolvedEndpoint"):
        InferenceObservability(stack, "Bad", cluster=cluster, endpoints=["llama"])
    with pytest.raises(HyperPodValidationError, match=r"workspace='ws-1' is not allowed; PrometheusWorkspace"):
        InferenceObservability(stack, "Bad2", cluster=cluster, workspace="ws-1")
