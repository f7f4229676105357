"""Amazon Managed Prometheus + Grafana, the HyperPod observability add-on, SLO alerts and dashboards.

``InferenceObservability`` renders the pure-Python pieces of ``hyperpod_constructs.observability`` (PromQL, rule
groups, Alertmanager config, dashboards) into CloudFormation. It is built from its parts, one module each, as the
platform is built from its own:

- ``amp_workspace``: ``AWS::APS::Workspace`` (created and encrypted, or imported by id/ARN), kept on stack deletion by
  default;
- ``slo_alerting``: ``AWS::APS::RuleGroupsNamespace`` with one rule group per SLO class, a rule per set of endpoints
  with equal SLO settings, the recording rules of the SLO series the dashboards chart, and GPU health alerts when
  there are GPU instance groups (split over more namespaces only past a 256 KiB rules file); the workspace's alert
  manager definition, routing every alert to an SNS topic (SigV4);
- ``grafana_workspace``: ``AWS::Grafana::Workspace`` (opt-in) with a role that can query AMP and read CloudWatch,
  and (unless ``provision_dashboards=False``) ``GrafanaDashboards``: the AMP data source and every dashboard posted
  into it at deploy;
- ``observability_addon``: the EKS add-on ``amazon-sagemaker-hyperpod-observability`` and its Pod Identity role and
  association.

``write_dashboards`` writes the same dashboards as JSON files, for a Grafana this stack does not manage
(Terraform's ``grafana_dashboard``, a GitOps provisioner; see docs/observability.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

import aws_cdk as cdk
from aws_cdk import aws_aps as aps
from aws_cdk import aws_eks_v2 as eks
from aws_cdk import aws_grafana as grafana
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_sns as sns
from constructs import Construct

from hyperpod_constructs.aws.amp_workspace import build_workspace
from hyperpod_constructs.aws.grafana_dashboards import GrafanaDashboards
from hyperpod_constructs.aws.grafana_workspace import AMP_QUERY_ACTIONS, GrafanaPart, build_grafana
from hyperpod_constructs.aws.observability_addon import build_collector
from hyperpod_constructs.aws.principal_grants import grant_to_principal
from hyperpod_constructs.aws.slo_alerting import SloAlerting
from hyperpod_constructs.aws.stack_traces import record_no_stack_traces
from hyperpod_constructs.errors import require
from hyperpod_constructs.observability import dashboards, queries
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint
from hyperpod_constructs.intent.observability import GrafanaWorkspace, ObservabilityMetrics, PrometheusWorkspace


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

        self._removal_policy = removal_policy
        self._rate_window = queries.rate_window(self.metrics.scrape_interval_seconds)

        self._key: Optional[kms.Key] = None
        if not workspace.is_existing and workspace.encryption == "customer-managed-key":
            self._encryption_key()
        self._workspace = build_workspace(self, workspace, key=self.key, removal_policy=removal_policy)
        self._alerting = SloAlerting(
            self, workspace=self._workspace, rate_window=self.rate_window, gpu_health=bool(self.instance_groups),
            endpoints=lambda: self.endpoints, given_topic=alarm_topic, key=lambda: self.key,
            encryption_key=self._encryption_key)
        self._alerting.ensure(self.endpoints)
        self._grafana: Optional[GrafanaPart] = build_grafana(
            self, grafana, self._workspace, lambda: dashboards.dashboards_by_uid_json(
                self.endpoints, self.instance_groups, self.rate_window)) if grafana is not None else None
        self._collector = build_collector(
            self, cluster=cluster, amp=self._workspace, metrics=self.metrics, logging=logging, grafana=self._grafana,
            addon_version=addon_version, sagemaker_spaces=sagemaker_spaces)

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
        return self._workspace.cfn_workspace

    @property
    def workspace_arn(self) -> str:
        """The AMP workspace's ARN."""
        return self._workspace.arn

    @property
    def workspace_id(self) -> str:
        """The AMP workspace's id (``ws-...``)."""
        return self._workspace.id

    @property
    def workspace_region(self) -> str:
        """The AMP workspace's region."""
        return self._workspace.region

    @property
    def prometheus_query_url(self) -> str:
        """The workspace's query URL, which KEDA Prometheus triggers read:
        ``https://aps-workspaces.<region>.amazonaws.com/workspaces/<id>``."""
        return self._workspace.query_url

    @property
    def alarm_topic(self) -> Optional[sns.ITopic]:
        """The SNS topic alerts go to, or None while there is no alert (no endpoint with an SLO, no GPU group)."""
        return self._alerting.topic

    @property
    def alert_manager_definition(self) -> Optional[str]:
        """The alert manager definition routing alerts to ``alarm_topic`` (set on a created workspace; upload it
        yourself to an existing one), or None while there is no alert."""
        return self._alerting.alert_manager_definition

    @property
    def rule_groups_namespaces(self) -> tuple[aps.CfnRuleGroupsNamespace, ...]:
        """The ``AWS::APS::RuleGroupsNamespace`` resources holding the alert rules (a second only past the rules file
        size limit)."""
        return tuple(self._alerting.namespaces)

    @property
    def grafana_workspace(self) -> Optional[grafana.CfnWorkspace]:
        """The Amazon Managed Grafana workspace, or None without ``grafana``."""
        return self._grafana.workspace if self._grafana is not None else None

    @property
    def grafana_workspace_name(self) -> Optional[str]:
        """The Grafana workspace's name, or None without ``grafana``."""
        return self._grafana.name if self._grafana is not None else None

    @property
    def grafana_workspace_arn(self) -> Optional[str]:
        """The Grafana workspace's ARN, or None without ``grafana``."""
        return self._grafana.arn if self._grafana is not None else None

    @property
    def grafana_role(self) -> Optional[iam.Role]:
        """The Grafana workspace's role (SERVICE_MANAGED), or None without ``grafana``."""
        return self._grafana.role if self._grafana is not None else None

    @property
    def grafana_dashboards(self) -> Optional[GrafanaDashboards]:
        """The custom resource that provisions the dashboards in Grafana, or None without it."""
        return self._grafana.dashboards if self._grafana is not None else None

    @property
    def grafana_url(self) -> str:
        """``https://<workspace endpoint>`` (a token until deploy); raises without a Grafana workspace."""
        if self._grafana is None:
            raise ValueError(f"{self._path} has no Grafana workspace (observability grafana=None)")
        return self._grafana.url

    @property
    def addon_role(self) -> iam.Role:
        """The observability add-on's Pod Identity role: remote-write to this workspace, cluster logs with
        ``logging``."""
        return self._collector.role

    @property
    def pod_identity_association(self) -> eks.CfnPodIdentityAssociation:
        """Binds ``addon_role`` to the add-on's collector service account."""
        return self._collector.pod_identity_association

    @property
    def addon(self) -> eks.Addon:
        """The ``amazon-sagemaker-hyperpod-observability`` EKS add-on."""
        return self._collector.addon

    @property
    def spaces_addon(self) -> Optional[eks.Addon]:
        """The ``amazon-sagemaker-spaces`` EKS add-on, or None without ``sagemaker_spaces``."""
        return self._collector.spaces_addon

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
        self._alerting.ensure([endpoint])

    def expect_wakes(self, estimates: Callable[[], Mapping[str, float]]) -> None:
        """Where the endpoints that scale to zero get their cold-start estimates (seconds by endpoint name, or
        ``<endpoint>/<side>``), read when the rules are rendered: their no-ready-pods alert waits for the estimate,
        and a warning says when a wake outruns it. The platform passes its plan's estimates."""
        self._alerting.expect_wakes(estimates)

    @property
    def rule_groups_namespace(self) -> Optional[aps.CfnRuleGroupsNamespace]:
        """The first rules namespace (the only one below the rules file budget), or None without alerts."""
        return self.rule_groups_namespaces[0] if self.rule_groups_namespaces else None

    @property
    def rules_yaml(self) -> str:
        """Every rule in one file (what the namespaces hold together): SLO alerts, the SLO series the dashboards
        read and, with GPU instance groups, the GPU health alerts."""
        return self._alerting.rules_yaml

    @property
    def rule_files(self) -> list[str]:
        """The rules files, one per ``AWS::APS::RuleGroupsNamespace``."""
        return self._alerting.rule_files

    @property
    def dashboards(self) -> dict[str, dict[str, Any]]:
        """The Grafana dashboards as JSON models by name: the inference dashboard (with endpoints) and one per GPU
        instance group; ``write_dashboards`` writes them as files."""
        return dashboards.build_dashboards(self.endpoints, self.instance_groups, self.rate_window)

    def _encryption_key(self) -> kms.Key:
        if self._key is None:
            self._key = kms.Key(self, "Key", enable_key_rotation=True, removal_policy=self._removal_policy,
                                description=f"Encrypts the AMP workspace and alarm topic of {self.node.path}")
        return self._key

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
