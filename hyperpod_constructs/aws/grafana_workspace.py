"""The observability part that shows: an Amazon Managed Grafana workspace (opt-in) with a role that can query the
AMP workspace and read CloudWatch, and, unless ``provision_dashboards=False``, ``GrafanaDashboards``: the AMP data
source and every dashboard posted into it at deploy."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import aws_cdk as cdk
from aws_cdk import aws_grafana as grafana, aws_iam as iam
from constructs import Construct

from ..intent.observability import GrafanaWorkspace
from .amp_workspace import AmpWorkspace
from .cluster_logs import LOG_GROUP_FINDING, LOG_STREAM_FINDING, acknowledge_wildcards, cluster_log_groups_arn
from .grafana_dashboards import GrafanaDashboards, PrometheusDataSource

# The Prometheus-compatible query API's actions, as AWS's AmazonPrometheusQueryAccess policy lists them: instant and
# range queries, labels, series, metric metadata. Each names the workspace resource type (so no "*" is needed).
AMP_QUERY_ACTIONS = ("aps:QueryMetrics", "aps:GetLabels", "aps:GetSeries", "aps:GetMetricMetadata")


@dataclass(frozen=True)
class GrafanaPart:
    role: iam.Role
    workspace: grafana.CfnWorkspace
    name: str
    arn: str
    dashboards: Optional[GrafanaDashboards]

    @property
    def url(self) -> str:
        """``https://<workspace endpoint>`` (a token until deploy)."""
        return f"https://{self.workspace.attr_endpoint}"


def build_grafana(scope: Construct, spec: GrafanaWorkspace, amp: AmpWorkspace,
                  dashboards_json: Callable[[], str]) -> GrafanaPart:
    """``<scope>/GrafanaRole``, ``<scope>/Grafana`` and (with ``provision_dashboards``) ``<scope>/GrafanaDashboards``
    posting ``dashboards_json()`` (read at deploy-time rendering, so later endpoints are in)."""
    stack = cdk.Stack.of(scope)
    role = _grafana_role(scope, spec, amp, stack)
    name = spec.name or f"{stack.stack_name}-hyperpod-inference"
    workspace = grafana.CfnWorkspace(
        scope, "Grafana", name=name,
        description="HyperPod inference dashboards (data: Amazon Managed Service for Prometheus)",
        account_access_type="CURRENT_ACCOUNT", authentication_providers=[spec.authentication],
        permission_type="SERVICE_MANAGED", role_arn=role.role_arn, data_sources=list(spec.data_sources))
    arn = stack.format_arn(service="grafana", resource="/workspaces", resource_name=workspace.attr_id,
                           arn_format=cdk.ArnFormat.SLASH_RESOURCE_NAME)
    dashboards: Optional[GrafanaDashboards] = None
    if spec.provision_dashboards:
        data_source = PrometheusDataSource(
            uid=f"hyperpod-amp-{scope.node.addr[:12]}", name=f"Amazon Managed Prometheus {amp.id}",
            url=amp.query_url, region=amp.region)
        dashboards = GrafanaDashboards(
            scope, "GrafanaDashboards", workspace_id=workspace.attr_id, workspace_arn=arn,
            grafana_url=f"https://{workspace.attr_endpoint}", data_source=data_source, dashboards=dashboards_json)
    return GrafanaPart(role=role, workspace=workspace, name=name, arn=arn, dashboards=dashboards)


def _grafana_role(scope: Construct, spec: GrafanaWorkspace, amp: AmpWorkspace, stack: cdk.Stack) -> iam.Role:
    role = iam.Role(
        scope, "GrafanaRole",
        assumed_by=iam.ServicePrincipal("grafana.amazonaws.com").with_conditions(
            {"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}}),
        description="Amazon Managed Grafana: query AMP and read CloudWatch")
    if "PROMETHEUS" in spec.data_sources:
        role.add_to_policy(iam.PolicyStatement(
            actions=[*AMP_QUERY_ACTIONS, "aps:DescribeWorkspace", "aps:ListRules", "aps:ListAlertManagerAlerts",
                     "aps:ListAlertManagerAlertGroups", "aps:GetAlertManagerStatus"],
            resources=[amp.arn]))
    if "CLOUDWATCH" in spec.data_sources:
        role.add_to_policy(iam.PolicyStatement(
            sid="CloudWatchMetricsRead",
            actions=["cloudwatch:ListMetrics", "cloudwatch:GetMetricData", "cloudwatch:GetMetricStatistics",
                     "cloudwatch:DescribeAlarmsForMetric", "cloudwatch:DescribeAlarms",
                     "cloudwatch:DescribeAlarmHistory", "cloudwatch:GetInsightRuleReport",
                     "logs:DescribeLogGroups", "ec2:DescribeTags", "ec2:DescribeInstances", "ec2:DescribeRegions",
                     "tag:GetResources"],
            resources=["*"]))
        log_group = cluster_log_groups_arn(stack)
        role.add_to_policy(iam.PolicyStatement(
            sid="HyperPodLogsRead",
            actions=["logs:GetLogGroupFields", "logs:StartQuery", "logs:GetLogEvents"],
            resources=[log_group, f"{log_group}:log-stream:*"]))
        role.add_to_policy(iam.PolicyStatement(
            sid="LogsQueryResults", actions=["logs:GetQueryResults", "logs:StopQuery"], resources=["*"]))
        acknowledge_wildcards(role, {
            "Resource::*": "CloudWatch ListMetrics/GetMetricData/Describe*, logs GetQueryResults/StopQuery, "
                           "ec2 Describe* and tag:GetResources do not support resource-level permissions.",
            LOG_GROUP_FINDING: "Grafana queries the HyperPod cluster log groups, one per cluster, by prefix.",
            LOG_STREAM_FINDING: "Log streams inside the HyperPod cluster log groups are created at run time.",
        })
    return role
