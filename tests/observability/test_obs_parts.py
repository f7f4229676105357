"""``InferenceObservability``'s parts, each on its own: the AMP workspace and the SLO alerting build into the scope
they are given, as the platform's parts do, and only what their inputs ask for."""
from __future__ import annotations

import aws_cdk as cdk
from constructs import Construct

from hyperpod_constructs.aws.amp_workspace import build_workspace
from hyperpod_constructs.aws.slo_alerting import SloAlerting
from hyperpod_constructs.intent.observability import PrometheusWorkspace
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.intent.slo import EndpointSlos


def _scope() -> Construct:
    return Construct(cdk.Stack(cdk.App(), "Parts"), "Observability")


def test_an_existing_workspace_is_read_from_its_arn_and_builds_nothing() -> None:
    scope = _scope()
    workspace = build_workspace(scope, PrometheusWorkspace.existing(
        workspace_arn="arn:aws:aps:us-west-2:111122223333:workspace/ws-abcd"), key=None,
        removal_policy=cdk.RemovalPolicy.RETAIN)
    assert (workspace.cfn_workspace, workspace.id, workspace.region) == (None, "ws-abcd", "us-west-2")
    assert workspace.query_url.startswith("https://aps-workspaces.us-west-2.")
    assert scope.node.children == []


def test_a_created_workspace_is_the_scopes_workspace_child() -> None:
    scope = _scope()
    workspace = build_workspace(scope, PrometheusWorkspace.create(), key=None, removal_policy=cdk.RemovalPolicy.RETAIN)
    assert workspace.cfn_workspace is scope.node.find_child("Workspace")


def test_alerting_builds_rules_for_any_endpoint_and_a_topic_only_once_there_is_an_alert() -> None:
    scope = _scope()
    workspace = build_workspace(scope, PrometheusWorkspace.create(), key=None, removal_policy=cdk.RemovalPolicy.RETAIN)
    endpoints: list[ResolvedEndpoint] = []
    alerting = SloAlerting(scope, workspace=workspace, rate_window="2m", gpu_health=False,
                           endpoints=lambda: endpoints, given_topic=None, key=lambda: None,
                           encryption_key=lambda: None)  # type: ignore[arg-type,return-value]
    quiet = ResolvedEndpoint(name="embedder", max_replicas=3, slos=EndpointSlos())
    endpoints.append(quiet)
    alerting.ensure([])
    assert (alerting.namespaces, alerting.topic) == ([], None)  # nothing observed: no rule
    alerting.ensure([quiet])  # no SLO: the recording rules the dashboards read, no alert
    assert [namespace.node.id for namespace in alerting.namespaces] == ["Rules"]
    assert (alerting.topic, alerting.alert_manager_definition) == (None, None)
    watched = ResolvedEndpoint(name="llama-8b", max_replicas=8)
    endpoints.append(watched)
    alerting.ensure([watched])
    assert [namespace.node.id for namespace in alerting.namespaces] == ["Rules"]
    assert alerting.topic is scope.node.find_child("AlarmTopic")
    assert workspace.cfn_workspace is not None
    assert workspace.cfn_workspace.alert_manager_definition == alerting.alert_manager_definition
