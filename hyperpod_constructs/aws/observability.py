"""Amazon Managed Prometheus + Grafana, the HyperPod observability add-on, SLO alerts and dashboards.

``InferenceObservability`` renders the pure-Python pieces of ``hyperpod_constructs.observability``
(PromQL, rule groups, Alertmanager config, dashboards) into CloudFormation:

- ``AWS::APS::Workspace`` (created and encrypted, or imported by id/ARN), kept on stack deletion by default;
- ``AWS::APS::RuleGroupsNamespace`` with one rule group per SLO class, a rule per set of endpoints with equal
  SLO settings, the recording rules of the SLO series the dashboards chart, and GPU health alerts when there are GPU
  instance groups (split over more namespaces only past a 256 KiB rules file);
- the workspace's alert manager definition, routing every alert to an SNS topic (SigV4);
- ``AWS::Grafana::Workspace`` (opt-in) with a role that can query AMP and read CloudWatch, and (unless
  ``provision_dashboards=False``) ``GrafanaDashboards``: the AMP data source and every dashboard posted into it
  at deploy;
- the EKS add-on ``amazon-sagemaker-hyperpod-observability`` and its Pod Identity role and association.

``write_dashboards`` writes the same dashboards as JSON files, for a Grafana this stack does not manage
(Terraform's ``grafana_dashboard``, a GitOps provisioner; see docs/observability.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

import aws_cdk as cdk
import jsii
from aws_cdk import aws_aps as aps
from aws_cdk import aws_eks_v2 as eks
from aws_cdk import aws_grafana as grafana
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_sns as sns
from constructs import Construct

from hyperpod_constructs.aws.addons import owned_addon
from hyperpod_constructs.aws.grafana_dashboards import GrafanaDashboards, PrometheusDataSource
from hyperpod_constructs.aws.nag import acknowledge
from hyperpod_constructs.aws.principal_grants import grant_to_principal
from hyperpod_constructs.aws.stack_traces import record_no_stack_traces
from hyperpod_constructs.errors import require
from hyperpod_constructs.observability import alerts, dashboards, queries
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.intent.observability import GrafanaWorkspace, ObservabilityMetrics, PrometheusWorkspace

OBSERVABILITY_ADDON = "amazon-sagemaker-hyperpod-observability"
OBSERVABILITY_NAMESPACE = "hyperpod-observability"
OBSERVABILITY_SERVICE_ACCOUNT = "hyperpod-observability-operator-otel-collector"
# EKS User Guide, "AWS add-ons" > "Amazon SageMaker Spaces": "The Amazon EKS add-on name is amazon-sagemaker-spaces".
SPACES_ADDON = "amazon-sagemaker-spaces"
HYPERPOD_LOG_GROUP_PREFIX = "/aws/sagemaker/Clusters/"
# The Prometheus-compatible query API's actions, as AWS's AmazonPrometheusQueryAccess policy lists them: instant and
# range queries, labels, series, metric metadata. Each names the workspace resource type (so no "*" is needed).
AMP_QUERY_ACTIONS = ("aps:QueryMetrics", "aps:GetLabels", "aps:GetSeries", "aps:GetMetricMetadata")

class InferenceObservability(Construct):
    """Metrics, dashboards and SLO alerts for HyperPod inference endpoints."""

    def __init__(
        self,
        scope: Construct,
        id: str,
        *,
        cluster: eks.ICluster,
        endpoints: Sequence[ResolvedEndpoint] = (),
        instance_groups: Sequence[InstanceGroup] = (),
        workspace: Optional[PrometheusWorkspace] = None,
        grafana: Optional[GrafanaWorkspace] = None,
        metrics: Optional[ObservabilityMetrics] = None,
        logging: bool = False,
        alarm_topic: Optional[sns.ITopic] = None,
        removal_policy: cdk.RemovalPolicy = cdk.RemovalPolicy.RETAIN,
        addon_version: Optional[str] = None,
        sagemaker_spaces: bool = False,
    ) -> None:
        """Metrics, dashboards and alerts for ``cluster``; the platform makes one from ``observability=``.

        Args:
            cluster: The EKS cluster the observability add-on is installed on (``aws_eks_v2.ICluster``). Required.
            endpoints: The endpoints charted and alerted on, as the platform model's ``ResolvedEndpoint``s (from
                ``hyperpod_constructs.resolve.platform_model``); ``add_endpoint`` adds more. Default: none.
            instance_groups: The GPU instance groups charted on the GPU dashboards. Default: none.
            workspace: The AMP workspace that receives metrics. Default: None (a workspace is created, encrypted
                with a new KMS key).
            grafana: An Amazon Managed Grafana workspace reading it. Default: None (no Grafana).
            metrics: The add-on's collection levels and scrape interval. Default: None
                (``ObservabilityMetrics()``).
            logging: Send the cluster's logs to CloudWatch Logs (``/aws/sagemaker/Clusters/``). Default: False.
            alarm_topic: The SNS topic alerts go to. Default: None (an encrypted topic is created when there are
                alerts).
            removal_policy: What happens to a created workspace and its KMS key when they leave the stack.
                Default: ``RemovalPolicy.RETAIN`` (kept).
            addon_version: The observability add-on's version. Default: None (EKS's default version).
            sagemaker_spaces: Also install the ``amazon-sagemaker-spaces`` add-on. Default: False.
        """
        super().__init__(scope, id)
        record_no_stack_traces(self)  # also when used without the platform
        where = self._path = self.node.path  # read once: a jsii property read is a round trip to Node
        self._check_inputs(where, endpoints, instance_groups, workspace, grafana, metrics, logging)
        self._endpoints: list[ResolvedEndpoint] = list(endpoints)
        self._instance_groups: tuple[InstanceGroup, ...] = tuple(instance_groups)
        self._metrics = metrics or ObservabilityMetrics()
        workspace = workspace or PrometheusWorkspace.create()

        stack = cdk.Stack.of(self)
        self._removal_policy = removal_policy
        self._given_alarm_topic = alarm_topic
        self._rate_window = queries.rate_window(self.metrics.scrape_interval_seconds)

        self._key: Optional[kms.Key] = None
        if not workspace.is_existing and workspace.encryption == "customer-managed-key":
            self._encryption_key()

        # --- AMP workspace -------------------------------------------------------------------------------
        self._cfn_workspace: Optional[aps.CfnWorkspace] = None
        if workspace.is_existing:
            parsed = workspace._parsed_arn()
            if workspace.workspace_arn is not None:
                self._workspace_arn = workspace.workspace_arn
                self._workspace_id = parsed["id"] if parsed else cdk.Arn.split(
                    workspace.workspace_arn, cdk.ArnFormat.SLASH_RESOURCE_NAME).resource_name
                region = parsed["region"] if parsed else cdk.Arn.split(
                    workspace.workspace_arn, cdk.ArnFormat.SLASH_RESOURCE_NAME).region
            else:
                assert workspace.workspace_id is not None
                self._workspace_id = workspace.workspace_id
                self._workspace_arn = stack.format_arn(service="aps", resource="workspace",
                                                       resource_name=workspace.workspace_id)
                region = stack.region
        else:
            self._cfn_workspace = aps.CfnWorkspace(
                self, "Workspace", alias=workspace.alias or f"{stack.stack_name}-hyperpod-inference",
                kms_key_arn=self.key.key_arn if self.key else None,
                tags=[cdk.CfnTag(key="SageMaker", value="true")])
            # Metrics are the record of what happened; keep them unless the user opts out.
            self.cfn_workspace.apply_removal_policy(removal_policy)
            self._workspace_arn = self.cfn_workspace.attr_arn
            self._workspace_id = self.cfn_workspace.attr_workspace_id
            region = stack.region
        self._workspace_region: str = region
        self._prometheus_query_url = (
            f"https://aps-workspaces.{region}.{cdk.Aws.URL_SUFFIX}/workspaces/{self.workspace_id}")

        self._alarm_topic: Optional[sns.ITopic] = None
        self._alert_manager_definition: Optional[str] = None
        self._rule_groups_namespaces: list[aps.CfnRuleGroupsNamespace] = []
        # GPU health alerts watch the GPU groups' nodes, whatever the endpoints.
        self._gpu_health = bool(self.instance_groups)
        self._wakes: Callable[[], alerts.Wakes] = lambda: alerts.NO_WAKES
        self._ensure_rules(self.endpoints)

        # --- Grafana -------------------------------------------------------------------------------------
        self._grafana_workspace: Optional[grafana.CfnWorkspace] = None
        self._grafana_role: Optional[iam.Role] = None
        self._grafana_dashboards: Optional[GrafanaDashboards] = None
        self._grafana_workspace_name: Optional[str] = None
        self._grafana_workspace_arn: Optional[str] = None
        if grafana is not None:
            self._create_grafana(grafana, stack)
            if grafana.provision_dashboards:
                self._provision_dashboards()

        # --- Observability add-on with its Pod Identity role ---------------------------------------------------
        self._addon_role = iam.Role(
            self, "AddonRole",
            assumed_by=iam.SessionTagsPrincipal(iam.ServicePrincipal("pods.eks.amazonaws.com").with_conditions({
                "StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID},
                "ArnEquals": {"aws:SourceArn": cluster.cluster_arn},
            })),
            description="HyperPod observability add-on collector: remote-write to AMP, cluster logs to CloudWatch")
        self.addon_role.add_to_policy(iam.PolicyStatement(actions=["aps:RemoteWrite"], resources=[self.workspace_arn]))
        if logging:
            log_group = stack.format_arn(service="logs", resource="log-group",
                                         resource_name=f"{HYPERPOD_LOG_GROUP_PREFIX}*",
                                         arn_format=cdk.ArnFormat.COLON_RESOURCE_NAME)
            self.addon_role.add_to_policy(iam.PolicyStatement(
                actions=["logs:CreateLogGroup", "logs:CreateLogStream", "logs:DescribeLogStreams", "logs:PutLogEvents"],
                resources=[log_group, f"{log_group}:log-stream:*"]))
            # DescribeLogGroups has no resource-level permissions: scoped to log groups it would never be allowed.
            self.addon_role.add_to_policy(iam.PolicyStatement(actions=["logs:DescribeLogGroups"], resources=["*"]))
            _acknowledge_wildcards(self.addon_role, {
                "Resource::*": "logs:DescribeLogGroups (listing log groups) has no resource-level permissions.",
                _LOG_GROUP_FINDING: "HyperPod creates one log group per cluster under /aws/sagemaker/Clusters/; "
                                    "the collector writes to whichever cluster it runs in.",
                _LOG_STREAM_FINDING: "Log streams are created per node at run time inside the cluster log groups.",
            })
        self._pod_identity_association = eks.CfnPodIdentityAssociation(
            self, "AddonPodIdentity", cluster_name=cluster.cluster_name, namespace=OBSERVABILITY_NAMESPACE,
            service_account=OBSERVABILITY_SERVICE_ACCOUNT, role_arn=self.addon_role.role_arn)

        configuration: dict[str, Any] = {
            "ampWorkspace": {"prometheusEndpoint": self.prometheus_query_url, "arn": self.workspace_arn},
            "metricsProvider": self.metrics.addon_config(),
            "logging": {"enabled": bool(logging)},
        }
        if self.grafana_workspace is not None:
            configuration["amgWorkspace"] = {"workspaceName": self.grafana_workspace_name, "arn": self.grafana_workspace_arn}
        self._addon = owned_addon(self, "Addon", addon_name=OBSERVABILITY_ADDON, cluster=cluster,
                                  addon_version=addon_version, configuration_values=configuration)
        # The collector must start with credentials, and the rules must exist before pods report.
        self.addon.node.add_dependency(self.pod_identity_association)
        self.addon.node.add_dependency(self.addon_role)

        self._spaces_addon: Optional[eks.Addon] = None
        if sagemaker_spaces:
            self._spaces_addon = owned_addon(self, "SpacesAddon", addon_name=SPACES_ADDON, cluster=cluster)
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:spacesRoles",
                f"The {SPACES_ADDON} add-on needs its execution role (Pod Identity) and the EBS CSI driver add-on; "
                "they are not created here. See 'IAM Permissions Setup' in the SageMaker Developer Guide.")

        self._advise(where)

    # --- what it holds: read-only ---------------------------------------------------------------------------

    @property
    def endpoints(self) -> tuple[ResolvedEndpoint, ...]:
        """The endpoints charted and alerted on, in the order they were added (``add_endpoint`` adds one)."""
        return tuple(self._endpoints)

    @property
    def instance_groups(self) -> tuple[InstanceGroup, ...]:
        """The instance groups charted on the GPU dashboards."""
        return self._instance_groups

    @property
    def metrics(self) -> ObservabilityMetrics:
        """The collection levels in use."""
        return self._metrics

    @property
    def rate_window(self) -> str:
        """The PromQL rate window the queries use, derived from the scrape interval (e.g. ``"2m"``)."""
        return self._rate_window

    @property
    def key(self) -> Optional[kms.Key]:
        """The KMS key encrypting a created workspace and alarm topic, or None (AWS-owned key, or an existing
        workspace)."""
        return self._key

    @property
    def cfn_workspace(self) -> Optional[aps.CfnWorkspace]:
        """The created AMP workspace, or None for an existing one."""
        return self._cfn_workspace

    @property
    def workspace_arn(self) -> str:
        """The AMP workspace's ARN."""
        return self._workspace_arn

    @property
    def workspace_id(self) -> str:
        """The AMP workspace's id (``ws-...``)."""
        return self._workspace_id

    @property
    def workspace_region(self) -> str:
        """The AMP workspace's region."""
        return self._workspace_region

    @property
    def prometheus_query_url(self) -> str:
        """The workspace's query URL, which KEDA Prometheus triggers read:
        ``https://aps-workspaces.<region>.amazonaws.com/workspaces/<id>``."""
        return self._prometheus_query_url

    @property
    def alarm_topic(self) -> Optional[sns.ITopic]:
        """The SNS topic alerts go to, or None while there is no alert (no endpoint with an SLO, no GPU group)."""
        return self._alarm_topic

    @property
    def alert_manager_definition(self) -> Optional[str]:
        """The alert manager definition routing alerts to ``alarm_topic`` (set on a created workspace; upload it
        yourself to an existing one), or None while there is no alert."""
        return self._alert_manager_definition

    @property
    def rule_groups_namespaces(self) -> tuple[aps.CfnRuleGroupsNamespace, ...]:
        """The ``AWS::APS::RuleGroupsNamespace`` resources holding the alert rules (a second only past the rules file
        size limit)."""
        return tuple(self._rule_groups_namespaces)

    @property
    def grafana_workspace(self) -> Optional[grafana.CfnWorkspace]:
        """The Amazon Managed Grafana workspace, or None without ``grafana``."""
        return self._grafana_workspace

    @property
    def grafana_workspace_name(self) -> Optional[str]:
        """The Grafana workspace's name, or None without ``grafana``."""
        return self._grafana_workspace_name

    @property
    def grafana_workspace_arn(self) -> Optional[str]:
        """The Grafana workspace's ARN, or None without ``grafana``."""
        return self._grafana_workspace_arn

    @property
    def grafana_role(self) -> Optional[iam.Role]:
        """The Grafana workspace's role (SERVICE_MANAGED), or None without ``grafana``."""
        return self._grafana_role

    @property
    def grafana_dashboards(self) -> Optional[GrafanaDashboards]:
        """The custom resource that provisions the dashboards in Grafana, or None without it."""
        return self._grafana_dashboards

    @property
    def addon_role(self) -> iam.Role:
        """The observability add-on's Pod Identity role: remote-write to this workspace, cluster logs with
        ``logging``."""
        return self._addon_role

    @property
    def pod_identity_association(self) -> eks.CfnPodIdentityAssociation:
        """Binds ``addon_role`` to the add-on's collector service account."""
        return self._pod_identity_association

    @property
    def addon(self) -> eks.Addon:
        """The ``amazon-sagemaker-hyperpod-observability`` EKS add-on."""
        return self._addon

    @property
    def spaces_addon(self) -> Optional[eks.Addon]:
        """The ``amazon-sagemaker-spaces`` EKS add-on, or None without ``sagemaker_spaces``."""
        return self._spaces_addon

    # --- grants for the user's own roles ---------------------------------------------------------------------

    def grant_query(self, grantee: iam.IGrantable) -> iam.Grant:
        """Let ``grantee`` (a role of yours: a dashboard, an autoscaler, a report job) run PromQL against the AMP
        workspace through its query API: ``aps:QueryMetrics``, ``aps:GetSeries``, ``aps:GetLabels`` and
        ``aps:GetMetricMetadata`` on this workspace only. Returns the ``iam.Grant``."""
        return grant_to_principal(self._path, grantee, AMP_QUERY_ACTIONS, [self.workspace_arn])

    # --- endpoints added after construction -----------------------------------------------------------------

    def add_endpoint(self, endpoint: ResolvedEndpoint) -> None:
        """Chart and alert on one more endpoint (rules and dashboards are rendered at synth)."""
        self._check_inputs(self._path, [endpoint], (), None, None, None, False)
        self._endpoints.append(endpoint)
        self._ensure_rules([endpoint])

    def expect_wakes(self, estimates: Callable[[], Mapping[str, float]]) -> None:
        """Where the endpoints that scale to zero get their cold-start estimates (seconds by endpoint name, or
        ``<endpoint>/<side>``), read when the rules are rendered: their no-ready-pods alert waits for the estimate,
        and a warning says when a wake outruns it. The platform passes its plan's estimates."""
        self._wakes = estimates

    @property
    def rule_groups_namespace(self) -> Optional[aps.CfnRuleGroupsNamespace]:
        """The first rules namespace (the only one below the rules file budget), or None without alerts."""
        return self.rule_groups_namespaces[0] if self.rule_groups_namespaces else None

    @property
    def rules_yaml(self) -> str:
        """Every rule in one file (what the namespaces hold together): SLO alerts, the SLO series the dashboards
        read and, with GPU instance groups, the GPU health alerts."""
        return alerts.rules_yaml(self.endpoints, self.rate_window, self._gpu_health, self._wakes())

    @property
    def rule_files(self) -> list[str]:
        """The rules files, one per ``AWS::APS::RuleGroupsNamespace``."""
        return alerts.rule_files(self.endpoints, self.rate_window, gpu_health=self._gpu_health, wakes=self._wakes())

    def _render_rules(self) -> None:
        """At synth, once every endpoint is in: one namespace per rules file, each holding its file."""
        files = self.rule_files
        while len(self.rule_groups_namespaces) < len(files):
            self._add_rules_namespace("")
        for namespace, data in zip(self.rule_groups_namespaces, files):
            namespace.data = data
        count = alerts.rules_count(self.endpoints, self.rate_window, self._gpu_health, self._wakes())
        if count > alerts.AMP_RULES_PER_WORKSPACE:
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:rulesQuota",
                f"{count} rules (alerting and recording) exceed Amazon Managed Prometheus's default quota of "
                f"{alerts.AMP_RULES_PER_WORKSPACE} rules per workspace (quota code L-3D15CDB4, adjustable); request "
                "an increase or give endpoints in one namespace the same SLO settings, which share one rule.")

    def _add_rules_namespace(self, data: str) -> aps.CfnRuleGroupsNamespace:
        index = len(self.rule_groups_namespaces)
        suffix = "" if index == 0 else str(index + 1)
        namespace = aps.CfnRuleGroupsNamespace(
            self, f"Rules{suffix}", name=f"hyperpod-inference-{self.node.addr[:8]}{'-' + suffix if suffix else ''}",
            data=data, workspace=self.workspace_arn)
        self._rule_groups_namespaces.append(namespace)
        return namespace

    @property
    def dashboards(self) -> dict[str, dict[str, Any]]:
        """The Grafana dashboards as JSON models by name: the inference dashboard (with endpoints) and one per GPU
        instance group; ``write_dashboards`` writes them as files."""
        return dashboards.build_dashboards(self.endpoints, self.instance_groups, self.rate_window)

    def _encryption_key(self) -> kms.Key:
        if self.key is None:
            self._key = kms.Key(self, "Key", enable_key_rotation=True, removal_policy=self._removal_policy,
                                description=f"Encrypts the AMP workspace and alarm topic of {self.node.path}")
        return self.key

    def _ensure_rules(self, added: Sequence[ResolvedEndpoint]) -> None:
        """The rule groups namespace once there is a rule (data rendered at synth, so later endpoints are included),
        and the alert routing once there is an alert."""
        if not self.rule_groups_namespaces and alerts.all_rules(added, self.rate_window, self._gpu_health):
            self._add_rules_namespace(self.rules_yaml)
            # Endpoints added after this point are rendered into the rules files during synth.
            cdk.Aspects.of(self).add(_RenderRules(self))
        if self.alarm_topic is None and (self._gpu_health or alerts.alert_rules(added, self.rate_window)):
            self._create_alerting()

    def _create_alerting(self) -> None:
        """The alarm topic and the Alertmanager routing to it."""
        given = self._given_alarm_topic
        self._alarm_topic = given or sns.Topic(
            self, "AlarmTopic", display_name="HyperPod inference alerts", master_key=self._encryption_key(),
            enforce_ssl=True)
        self._allow_amp_to_publish(self.alarm_topic, given is not None)
        definition = alerts.alert_manager_definition(self.alarm_topic.topic_arn, self._topic_region(self.alarm_topic))
        self._alert_manager_definition = definition
        if self.cfn_workspace is not None:
            self.cfn_workspace.alert_manager_definition = definition
        else:
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:existingWorkspaceAlertManager",
                "Alert rules are added to the existing AMP workspace, but its alert manager definition is not "
                "managed here (CloudFormation sets it only on a workspace it creates). Upload "
                "`alert_manager_definition` with `aws amp put-alert-manager-definition` to route alerts to SNS.")

    # --- helpers -------------------------------------------------------------------------------------------

    @staticmethod
    def _check_inputs(where: str, endpoints: Sequence[Any], instance_groups: Sequence[Any], workspace: Any,
                      grafana_spec: Any, metrics: Any, logging: Any) -> None:
        for index, endpoint in enumerate(endpoints):
            require(isinstance(endpoint, ResolvedEndpoint), where, f"endpoints[{index}]", endpoint, "a ResolvedEndpoint")
        for index, group in enumerate(instance_groups):
            require(isinstance(group, InstanceGroup), where, f"instance_groups[{index}]", group, "an InstanceGroup")
        require(workspace is None or isinstance(workspace, PrometheusWorkspace), where, "workspace", workspace,
                "PrometheusWorkspace.create(...), PrometheusWorkspace.existing(...) or None (create)")
        require(grafana_spec is None or isinstance(grafana_spec, GrafanaWorkspace), where, "grafana", grafana_spec,
                "a GrafanaWorkspace or None (no Grafana)")
        require(metrics is None or isinstance(metrics, ObservabilityMetrics), where, "metrics", metrics,
                "an ObservabilityMetrics or None (defaults)")
        require(isinstance(logging, bool), where, "logging", logging, "True or False")

    @staticmethod
    def _topic_region(topic: sns.ITopic) -> str:
        # AMP requires sigv4.region; an imported topic may live in another region than the stack.
        return topic.env.region

    def _allow_amp_to_publish(self, topic: sns.ITopic, imported: bool) -> None:
        statement = iam.PolicyStatement(
            sid="AllowAmpAlertManagerPublish", principals=[iam.ServicePrincipal("aps.amazonaws.com")],
            actions=["sns:Publish", "sns:GetTopicAttributes"], resources=[topic.topic_arn],
            conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID},
                        "ArnEquals": {"aws:SourceArn": self.workspace_arn}})
        added = topic.add_to_resource_policy(statement).statement_added
        if self.key is not None and not imported:
            # AMP encrypts the message with the topic's key; no SourceArn here (the workspace uses the same key).
            self.key.add_to_resource_policy(iam.PolicyStatement(
                sid="AllowAmpToUseKeyForSns", principals=[iam.ServicePrincipal("aps.amazonaws.com")],
                actions=["kms:GenerateDataKey*", "kms:Decrypt"], resources=["*"],
                conditions={"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}}))
        if imported and not added:
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:importedTopicPolicy",
                "alarm_topic is imported, so its policy cannot be changed here: allow aps.amazonaws.com "
                "sns:Publish and sns:GetTopicAttributes (and kms:GenerateDataKey*/kms:Decrypt on its key, if encrypted).")

    def _create_grafana(self, spec: GrafanaWorkspace, stack: cdk.Stack) -> None:
        role = iam.Role(
            self, "GrafanaRole",
            assumed_by=iam.ServicePrincipal("grafana.amazonaws.com").with_conditions(
                {"StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID}}),
            description="Amazon Managed Grafana: query AMP and read CloudWatch")
        if "PROMETHEUS" in spec.data_sources:
            role.add_to_policy(iam.PolicyStatement(
                actions=[*AMP_QUERY_ACTIONS, "aps:DescribeWorkspace", "aps:ListRules", "aps:ListAlertManagerAlerts",
                         "aps:ListAlertManagerAlertGroups", "aps:GetAlertManagerStatus"],
                resources=[self.workspace_arn]))
        if "CLOUDWATCH" in spec.data_sources:
            role.add_to_policy(iam.PolicyStatement(
                sid="CloudWatchMetricsRead",
                actions=["cloudwatch:ListMetrics", "cloudwatch:GetMetricData", "cloudwatch:GetMetricStatistics",
                         "cloudwatch:DescribeAlarmsForMetric", "cloudwatch:DescribeAlarms",
                         "cloudwatch:DescribeAlarmHistory", "cloudwatch:GetInsightRuleReport",
                         "logs:DescribeLogGroups", "ec2:DescribeTags", "ec2:DescribeInstances", "ec2:DescribeRegions",
                         "tag:GetResources"],
                resources=["*"]))
            log_group = stack.format_arn(service="logs", resource="log-group",
                                         resource_name=f"{HYPERPOD_LOG_GROUP_PREFIX}*",
                                         arn_format=cdk.ArnFormat.COLON_RESOURCE_NAME)
            role.add_to_policy(iam.PolicyStatement(
                sid="HyperPodLogsRead",
                actions=["logs:GetLogGroupFields", "logs:StartQuery", "logs:GetLogEvents"],
                resources=[log_group, f"{log_group}:log-stream:*"]))
            role.add_to_policy(iam.PolicyStatement(
                sid="LogsQueryResults", actions=["logs:GetQueryResults", "logs:StopQuery"], resources=["*"]))
        if "CLOUDWATCH" in spec.data_sources:
            _acknowledge_wildcards(role, {
                "Resource::*": "CloudWatch ListMetrics/GetMetricData/Describe*, logs GetQueryResults/StopQuery, "
                               "ec2 Describe* and tag:GetResources do not support resource-level permissions.",
                _LOG_GROUP_FINDING: "Grafana queries the HyperPod cluster log groups, one per cluster, by prefix.",
                _LOG_STREAM_FINDING: "Log streams inside the HyperPod cluster log groups are created at run time.",
            })
        self._grafana_role = role
        self._grafana_workspace_name = spec.name or f"{stack.stack_name}-hyperpod-inference"
        self._grafana_workspace = grafana.CfnWorkspace(
            self, "Grafana", name=self.grafana_workspace_name,
            description="HyperPod inference dashboards (data: Amazon Managed Service for Prometheus)",
            account_access_type="CURRENT_ACCOUNT", authentication_providers=[spec.authentication],
            permission_type="SERVICE_MANAGED", role_arn=role.role_arn, data_sources=list(spec.data_sources))
        self._grafana_workspace_arn = stack.format_arn(
            service="grafana", resource="/workspaces", resource_name=self.grafana_workspace.attr_id,
            arn_format=cdk.ArnFormat.SLASH_RESOURCE_NAME)

    def _provision_dashboards(self) -> None:
        assert self.grafana_workspace is not None
        data_source = PrometheusDataSource(
            uid=f"hyperpod-amp-{self.node.addr[:12]}", name=f"Amazon Managed Prometheus {self.workspace_id}",
            url=self.prometheus_query_url, region=self.workspace_region)
        self._grafana_dashboards = GrafanaDashboards(
            self, "GrafanaDashboards", workspace_id=self.grafana_workspace.attr_id,
            workspace_arn=self.grafana_workspace_arn, grafana_url=self.grafana_url, data_source=data_source,
            dashboards=lambda: dashboards.dashboards_by_uid_json(
                self.endpoints, self.instance_groups, self.rate_window))

    @property
    def grafana_url(self) -> str:
        """``https://<workspace endpoint>`` (a token until deploy); raises without a Grafana workspace."""
        if self.grafana_workspace is None:
            raise ValueError(f"{self._path} has no Grafana workspace (observability grafana=None)")
        return f"https://{self.grafana_workspace.attr_endpoint}"

    def _advise(self, where: str) -> None:
        if self.endpoints and self.metrics.inference == "DISABLED":
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:inferenceMetricsDisabled",
                f"{where}: metrics.inference is DISABLED, so the inference dashboard and SLO alerts have no data.")
        if self.instance_groups and self.metrics.accelerated_compute == "DISABLED":
            cdk.Annotations.of(self).add_warning_v2(
                "Annotation::hyperpod-constructs:observability:gpuMetricsDisabled",
                f"{where}: metrics.accelerated_compute is DISABLED, so the GPU dashboards have no data.")

    # --- outputs -------------------------------------------------------------------------------------------

    def write_dashboards(self, out_dir: Path) -> list[Path]:
        """Write each dashboard as ``<name>.json`` (Grafana dashboard model), remove an earlier run's dashboard
        files that no longer exist, and return the paths written."""
        return dashboards.write_dashboards(Path(out_dir), self.dashboards)


# cdk-nag AwsSolutions-IAM5 finding ids for the HyperPod cluster log-group prefix (tokens as cdk-nag prints them).
_LOG_GROUP_FINDING = ("Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:"
                      f"{HYPERPOD_LOG_GROUP_PREFIX}*")
_LOG_STREAM_FINDING = f"{_LOG_GROUP_FINDING}:log-stream:*"


def _acknowledge_wildcards(role: iam.Role, findings: dict[str, str]) -> None:
    """Acknowledge specific AwsSolutions-IAM5 findings on this role's default policy only, each with its reason."""
    policy = role.node.try_find_child("DefaultPolicy")
    if policy is None:
        return
    for finding, reason in findings.items():
        acknowledge(policy, "AwsSolutions-IAM5", reason, finding)


@jsii.implements(cdk.IAspect)
class _RenderRules:
    """Renders the rules files at synth, after every endpoint has been added (visits the owner before its children,
    so namespaces it adds are synthesized too)."""

    def __init__(self, owner: InferenceObservability) -> None:
        self._owner = owner

    def visit(self, node: Any) -> None:
        if node is self._owner:
            self._owner._render_rules()
