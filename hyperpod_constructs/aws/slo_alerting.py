"""The observability part that alerts: the rule groups namespaces (SLO alerts, the SLO series the dashboards read,
GPU health alerts), rendered at synth once every endpoint is in, and the SNS topic the workspace's alert manager
routes every alert to (SigV4)."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

import aws_cdk as cdk
import jsii
from aws_cdk import aws_aps as aps, aws_iam as iam, aws_kms as kms, aws_sns as sns
from constructs import Construct

from ..observability import alerts
from ..resolve.platform_model import ResolvedEndpoint
from .amp_workspace import AmpWorkspace


class SloAlerting:
    """Rules and alert routing under ``scope``: ``Rules`` (``Rules2`` ... past the rules file budget) once there is a
    rule, ``AlarmTopic`` (unless one is given) once there is an alert."""

    def __init__(self, scope: Construct, *, workspace: AmpWorkspace, rate_window: str, gpu_health: bool,
                 endpoints: Callable[[], Sequence[ResolvedEndpoint]], given_topic: Optional[sns.ITopic],
                 key: Callable[[], Optional[kms.Key]], encryption_key: Callable[[], kms.Key]) -> None:
        self._scope = scope
        self._workspace = workspace
        self._rate_window = rate_window
        self._gpu_health = gpu_health  # GPU health alerts watch the GPU groups' nodes, whatever the endpoints
        self._endpoints = endpoints
        self._given_topic = given_topic
        self._key = key
        self._encryption_key = encryption_key
        self.topic: Optional[sns.ITopic] = None
        self.alert_manager_definition: Optional[str] = None
        self.namespaces: list[aps.CfnRuleGroupsNamespace] = []
        self._wakes: Callable[[], alerts.Wakes] = lambda: alerts.NO_WAKES

    def expect_wakes(self, estimates: Callable[[], Mapping[str, float]]) -> None:
        """Cold-start estimates (seconds by endpoint name, or ``<endpoint>/<side>``) read when the rules render."""
        self._wakes = estimates

    @property
    def rules_yaml(self) -> str:
        return alerts.rules_yaml(self._endpoints(), self._rate_window, self._gpu_health, self._wakes())

    @property
    def rule_files(self) -> list[str]:
        return alerts.rule_files(self._endpoints(), self._rate_window, gpu_health=self._gpu_health,
                                 wakes=self._wakes())

    def ensure(self, added: Sequence[ResolvedEndpoint]) -> None:
        """The rule groups namespace once there is a rule (data rendered at synth, so later endpoints are included),
        and the alert routing once there is an alert."""
        if not self.namespaces and alerts.all_rules(added, self._rate_window, self._gpu_health):
            self._add_namespace(self.rules_yaml)
            # Endpoints added after this point are rendered into the rules files during synth.
            cdk.Aspects.of(self._scope).add(_RenderRules(self._scope, self))
        if self.topic is None and (self._gpu_health or alerts.alert_rules(added, self._rate_window)):
            self._create_alerting()

    def render(self) -> None:
        """At synth, once every endpoint is in: one namespace per rules file, each holding its file."""
        files = self.rule_files
        while len(self.namespaces) < len(files):
            self._add_namespace("")
        for namespace, data in zip(self.namespaces, files):
            namespace.data = data
        count = alerts.rules_count(self._endpoints(), self._rate_window, self._gpu_health, self._wakes())
        if count > alerts.AMP_RULES_PER_WORKSPACE:
            cdk.Annotations.of(self._scope).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:rulesQuota",
                f"{count} rules (alerting and recording) exceed Amazon Managed Prometheus's default quota of "
                f"{alerts.AMP_RULES_PER_WORKSPACE} rules per workspace (quota code L-3D15CDB4, adjustable); request "
                "an increase or give endpoints in one namespace the same SLO settings, which share one rule.")

    def _add_namespace(self, data: str) -> aps.CfnRuleGroupsNamespace:
        index = len(self.namespaces)
        suffix = "" if index == 0 else str(index + 1)
        namespace = aps.CfnRuleGroupsNamespace(
            self._scope, f"Rules{suffix}",
            name=f"hyperpod-inference-{self._scope.node.addr[:8]}{'-' + suffix if suffix else ''}",
            data=data, workspace=self._workspace.arn)
        self.namespaces.append(namespace)
        return namespace

    def _create_alerting(self) -> None:
        """The alarm topic and the Alertmanager routing to it."""
        given = self._given_topic
        self.topic = topic = given or sns.Topic(
            self._scope, "AlarmTopic", display_name="HyperPod inference alerts", master_key=self._encryption_key(),
            enforce_ssl=True)
        self._allow_amp_to_publish(topic, given is not None)
        # AMP requires sigv4.region; an imported topic may live in another region than the stack.
        definition = alerts.alert_manager_definition(topic.topic_arn, topic.env.region)
        self.alert_manager_definition = definition
        if self._workspace.cfn_workspace is not None:
            self._workspace.cfn_workspace.alert_manager_definition = definition
        else:
            cdk.Annotations.of(self._scope).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:existingWorkspaceAlertManager",
                "Alert rules are added to the existing AMP workspace, but its alert manager definition is not "
                "managed here (CloudFormation sets it only on a workspace it creates). Upload "
                "`alert_manager_definition` with `aws amp put-alert-manager-definition` to route alerts to SNS.")

    def _allow_amp_to_publish(self, topic: sns.ITopic, imported: bool) -> None:
        statement = iam.PolicyStatement(
            sid="AllowAmpAlertManagerPublish", principals=[iam.ServicePrincipal("aps.amazonaws.com")],
            actions=["sns:Publish", "sns:GetTopicAttributes"], resources=[topic.topic_arn],
            conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID},
                        "ArnEquals": {"aws:SourceArn": self._workspace.arn}})
        added = topic.add_to_resource_policy(statement).statement_added
        key = self._key()
        if key is not None and not imported:
            # AMP encrypts the message with the topic's key; no SourceArn here (the workspace uses the same key).
            key.add_to_resource_policy(iam.PolicyStatement(
                sid="AllowAmpToUseKeyForSns", principals=[iam.ServicePrincipal("aps.amazonaws.com")],
                actions=["kms:GenerateDataKey*", "kms:Decrypt"], resources=["*"],
                conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}}))
        if imported and not added:
            cdk.Annotations.of(self._scope).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:importedTopicPolicy",
                "alarm_topic is imported, so its policy cannot be changed here: allow aps.amazonaws.com "
                "sns:Publish and sns:GetTopicAttributes (and kms:GenerateDataKey*/kms:Decrypt on its key, if encrypted).")


@jsii.implements(cdk.IAspect)
class _RenderRules:
    """Renders the rules files at synth, after every endpoint has been added (visits the owner before its children,
    so namespaces it adds are synthesized too)."""

    def __init__(self, owner: Construct, alerting: SloAlerting) -> None:
        self._owner = owner
        self._alerting = alerting

    def visit(self, node: Any) -> None:
        if node is self._owner:
            self._alerting.render()
