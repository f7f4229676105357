"""What to collect and where: the AMP and (opt-in) Grafana workspaces and the observability add-on's metric levels."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional, get_args

from ..errors import HyperPodValidationError, require, require_one_of
from ..type_checks import check_fields
from .arns import AMP_WORKSPACE, check_arn
from .endpoint_options import SCRAPE_INTERVAL_RANGE
from .frozen import Frozen
from .tokens import is_token

if TYPE_CHECKING:
    from aws_cdk import aws_sns as sns

SCRAPE_INTERVAL_MIN, SCRAPE_INTERVAL_MAX = SCRAPE_INTERVAL_RANGE  # the CRD's metricsScrapeIntervalSeconds range

_WORKSPACE_ID = re.compile(r"^ws-[a-zA-Z0-9-]+$")
_WORKSPACE_ARN = re.compile(
    r"^arn:aws[a-z-]*:aps:(?P<region>[a-z0-9-]+):(?P<account>[0-9]{12}):workspace/(?P<id>ws-[a-zA-Z0-9-]+)$")
_GRAFANA_NAME = re.compile(r"^[a-zA-Z0-9._~-]{1,255}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

MetricLevel = Literal["BASIC", "ADVANCED", "DISABLED"]
METRIC_LEVELS: tuple[str, ...] = get_args(MetricLevel)
Encryption = Literal["customer-managed-key", "aws-owned-key"]
ENCRYPTIONS: tuple[str, ...] = get_args(Encryption)
GrafanaAuthentication = Literal["AWS_SSO", "SAML"]
GRAFANA_AUTHENTICATIONS: tuple[str, ...] = get_args(GrafanaAuthentication)
GrafanaDataSource = Literal["PROMETHEUS", "CLOUDWATCH"]
GRAFANA_DATA_SOURCES: tuple[str, ...] = get_args(GrafanaDataSource)


@dataclass(frozen=True, kw_only=True)
class PrometheusWorkspace:
    """Which AMP workspace receives metrics: ``PrometheusWorkspace.create(...)`` or ``.existing(...)``.

    A created workspace is encrypted with a new customer managed KMS key (rotation on) unless
    ``encryption="aws-owned-key"`` (AMP's default, no key to manage; it cannot be changed later).
    """

    type_description = "PrometheusWorkspace.create(...) or PrometheusWorkspace.existing(...)"
    """How a wrong-type error names what to pass for a ``PrometheusWorkspace``."""

    alias: Optional[str] = None
    """The alias of a created workspace (1-100 characters).
    Default: None (``<stack name>-hyperpod-inference``)."""
    encryption: Encryption = "customer-managed-key"
    """How a created workspace is encrypted: ``"customer-managed-key"`` (a new KMS key, rotation on) or
    ``"aws-owned-key"`` (AMP's default, no key to manage); it cannot be changed later.
    Default: ``"customer-managed-key"``."""
    workspace_arn: Optional[str] = None
    """An existing workspace's ARN, in any region (``PrometheusWorkspace.existing``).
    Default: None (a workspace is created)."""
    workspace_id: Optional[str] = None
    """An existing workspace's id (``ws-...``) in the stack's region.
    Default: None (a workspace is created)."""

    def __post_init__(self) -> None:
        where = "PrometheusWorkspace"
        require_one_of(self.encryption, ENCRYPTIONS, where, "encryption")
        if self.alias is not None:
            require(isinstance(self.alias, str) and 1 <= len(self.alias) <= 100, where, "alias", self.alias,
                    "1 to 100 characters")
        if self.workspace_arn is not None:
            check_arn(where, "workspace_arn", self.workspace_arn, AMP_WORKSPACE)
        if self.workspace_id is not None and not is_token(self.workspace_id):
            require(isinstance(self.workspace_id, str) and bool(_WORKSPACE_ID.match(self.workspace_id)), where,
                    "workspace_id", self.workspace_id, "an AMP workspace id matching ^ws-[a-zA-Z0-9-]+$")
        if self.is_existing:
            require(self.alias is None, where, "alias", self.alias, "an alias only applies to a created workspace")
            parsed = self._parsed_arn()
            if parsed and self.workspace_id is not None and not is_token(self.workspace_id):
                require(parsed["id"] == self.workspace_id, where, "workspace_id", self.workspace_id,
                        f"the id in workspace_arn ({parsed['id']}) when both are given")

    @classmethod
    def create(cls, *, alias: Optional[str] = None, encryption: Encryption = "customer-managed-key") -> PrometheusWorkspace:
        """A workspace the platform creates, with an optional ``alias`` and its ``encryption``."""
        return cls(alias=alias, encryption=encryption)

    @classmethod
    def existing(cls, *, workspace_arn: Optional[str] = None, workspace_id: Optional[str] = None) -> PrometheusWorkspace:
        """Import by ARN (any region) or by id (the stack's region)."""
        if workspace_arn is None and workspace_id is None:
            raise HyperPodValidationError("PrometheusWorkspace.existing", "workspace_arn", None,
                                          "give workspace_arn or workspace_id")
        return cls(workspace_arn=workspace_arn, workspace_id=workspace_id)

    @property
    def is_existing(self) -> bool:
        """True for an imported workspace (``workspace_arn`` or ``workspace_id`` set)."""
        return self.workspace_arn is not None or self.workspace_id is not None

    def _parsed_arn(self) -> Optional[dict[str, str]]:
        if self.workspace_arn is None or is_token(self.workspace_arn):
            return None
        match = _WORKSPACE_ARN.match(self.workspace_arn)
        return match.groupdict() if match else None


@dataclass(frozen=True, kw_only=True)
class GrafanaWorkspace:
    """An Amazon Managed Grafana workspace reading this AMP workspace (and CloudWatch). Opt-in, because it has an
    account prerequisite.

    Prerequisite: with ``authentication="AWS_SSO"`` (the default), IAM Identity Center must be enabled in the
    account (an organization or account instance) before deploy, else the workspace fails to create and the stack
    rolls back; ``requires_identity_center`` says so for a preflight check. ``"SAML"`` needs no prerequisite to
    deploy, but nobody can sign in until the identity provider is configured on the workspace. Permission type is
    SERVICE_MANAGED with a role this construct creates (outside the console AMG does not create that role itself).

    - ``name``: the workspace name. Default: ``<stack name>-hyperpod-inference``.
    - ``authentication``: ``"AWS_SSO"`` or ``"SAML"``. Default: ``"AWS_SSO"``.
    - ``data_sources``: what the workspace role may read. Default: ``("PROMETHEUS", "CLOUDWATCH")``.
    - ``provision_dashboards``: at deploy, create an AMP data source and post the platform's dashboards into the
      workspace (a custom resource using a workspace service account and a short-lived token); they are deleted
      with the stack. Needs ``"PROMETHEUS"`` in ``data_sources``. Default: True.
    """

    name: Optional[str] = None
    """The workspace's name (1-255 letters, digits, ``-``, ``.``, ``_``, ``~``).
    Default: None (``<stack name>-hyperpod-inference``)."""
    authentication: GrafanaAuthentication = "AWS_SSO"
    """How users sign in: ``"AWS_SSO"`` (needs IAM Identity Center in the account) or ``"SAML"`` (configure the IdP
    after deploy).
    Default: ``"AWS_SSO"``."""
    data_sources: tuple[GrafanaDataSource, ...] = Frozen(("PROMETHEUS", "CLOUDWATCH"))
    """The data sources the workspace's role may read: ``"PROMETHEUS"`` and/or ``"CLOUDWATCH"``.
    Default: both."""
    provision_dashboards: bool = True
    """Create the AMP data source and post the platform's dashboards at deploy (a custom resource using a
    short-lived workspace service-account token).
    Default: True."""

    def __post_init__(self) -> None:
        where = "GrafanaWorkspace"
        if self.name is not None:
            require(isinstance(self.name, str) and bool(_GRAFANA_NAME.match(self.name)), where, "name", self.name,
                    "1-255 characters from letters, digits, '-', '.', '_' and '~'")
        require_one_of(self.authentication, GRAFANA_AUTHENTICATIONS, where, "authentication")
        require(isinstance(self.data_sources, tuple) and len(self.data_sources) > 0
                and all(source in GRAFANA_DATA_SOURCES for source in self.data_sources)
                and len(set(self.data_sources)) == len(self.data_sources),
                where, "data_sources", self.data_sources,
                f"a non-empty tuple of distinct values from {', '.join(GRAFANA_DATA_SOURCES)}")
        require(isinstance(self.provision_dashboards, bool), where, "provision_dashboards", self.provision_dashboards,
                "True or False")
        require(not self.provision_dashboards or "PROMETHEUS" in self.data_sources, where, "data_sources",
                self.data_sources, "a tuple holding 'PROMETHEUS' while provision_dashboards is True (the dashboards "
                "query Amazon Managed Prometheus), or provision_dashboards=False")

    @property
    def requires_identity_center(self) -> bool:
        """True when the workspace signs users in with IAM Identity Center, which must be enabled beforehand."""
        return self.authentication == "AWS_SSO"


@dataclass(frozen=True, kw_only=True)
class ObservabilityMetrics:
    """Per-area collection levels of the observability add-on (``metricsProvider``) and one scrape interval.

    Defaults suit an inference platform: inference, node, GPU (accelerated compute) and cluster
    (``customMetrics``) metrics on; training, task governance, scaling and EFA network metrics off.
    ``ADVANCED`` is offered by the HyperPod console for some areas; the add-on schema is not published.
    """

    inference: MetricLevel = "BASIC"
    """The level of inference metrics: ``"BASIC"``, ``"ADVANCED"`` or ``"DISABLED"``.
    Default: ``"BASIC"``."""
    node: MetricLevel = "BASIC"
    """The level of node metrics.
    Default: ``"BASIC"``."""
    accelerated_compute: MetricLevel = "BASIC"
    """The level of GPU (accelerated compute) metrics.
    Default: ``"BASIC"``."""
    custom: MetricLevel = "BASIC"
    """The level of cluster metrics (``customMetrics``).
    Default: ``"BASIC"``."""
    training: MetricLevel = "DISABLED"
    """The level of training metrics.
    Default: ``"DISABLED"``."""
    task_governance: MetricLevel = "DISABLED"
    """The level of task governance metrics.
    Default: ``"DISABLED"``."""
    scaling: MetricLevel = "DISABLED"
    """The level of scaling metrics.
    Default: ``"DISABLED"``."""
    network: MetricLevel = "DISABLED"
    """The level of EFA network metrics.
    Default: ``"DISABLED"``."""
    scrape_interval_seconds: int = 30
    """One scrape interval for every area, in seconds (5-300).
    Default: 30 (s)."""

    _ADDON_KEYS = {
        "training": "trainingMetrics", "inference": "inferenceMetrics", "task_governance": "taskGovernanceMetrics",
        "scaling": "scalingMetrics", "custom": "customMetrics", "node": "nodeMetrics",
        "accelerated_compute": "acceleratedComputeMetrics", "network": "networkMetrics",
    }

    def __post_init__(self) -> None:
        where = "ObservabilityMetrics"
        for area in self._ADDON_KEYS:
            level = getattr(self, area)
            require_one_of(level, METRIC_LEVELS, where, area)
        interval = self.scrape_interval_seconds
        require(isinstance(interval, int) and not isinstance(interval, bool)
                and SCRAPE_INTERVAL_MIN <= interval <= SCRAPE_INTERVAL_MAX, where, "scrape_interval_seconds", interval,
                f"whole seconds from {SCRAPE_INTERVAL_MIN} to {SCRAPE_INTERVAL_MAX}")

    def addon_config(self) -> dict[str, dict[str, Any]]:
        """The add-on's ``metricsProvider`` configuration: per area its level and the scrape interval."""
        return {key: {"level": getattr(self, area), "scrapeInterval": self.scrape_interval_seconds}
                for area, key in self._ADDON_KEYS.items()}


@dataclass(frozen=True, kw_only=True)
class Observability:
    """Amazon Managed Prometheus, the observability add-on, dashboards and SLO alerts; Grafana on request.

    The defaults need nothing set up in the account beforehand; only ``grafana`` has an account prerequisite
    (see ``GrafanaWorkspace``).
    """

    workspace: Optional[PrometheusWorkspace] = None
    """The AMP workspace that receives metrics.
    Default: None (a workspace is created, encrypted with a new KMS key)."""
    grafana: Optional[GrafanaWorkspace] = None
    """An Amazon Managed Grafana workspace reading it.
    Default: None (no Grafana)."""
    metrics: Optional[ObservabilityMetrics] = None
    """The observability add-on's collection levels.
    Default: None (``ObservabilityMetrics()``)."""
    logging: bool = True
    """Send the cluster's logs to CloudWatch Logs (``/aws/sagemaker/Clusters/``).
    Default: True."""
    alarm_topic: Optional[sns.ITopic] = None
    """The SNS topic SLO alerts go to.
    Default: None (an encrypted topic is created when there are alerts)."""
    alarm_emails: tuple[str, ...] = Frozen(())
    """E-mail addresses subscribed to the alarm topic (each confirms by e-mail).
    Default: none."""
    sagemaker_spaces: bool = False
    """Install the ``amazon-sagemaker-spaces`` EKS add-on (its execution role and the EBS CSI driver are yours to add).
    Default: False."""

    def __post_init__(self) -> None:
        check_fields(self, "observability")
        # A string is a sequence too: alarm_emails="ops@example.com" would be read letter by letter.
        require(isinstance(self.alarm_emails, tuple), "observability", "alarm_emails", self.alarm_emails,
                "a list of e-mail addresses, e.g. ['ops@example.com'] (one address is a list of one)")
        for index, email in enumerate(self.alarm_emails):
            require(isinstance(email, str) and bool(_EMAIL.match(email)), "observability", f"alarm_emails[{index}]",
                    email, "an e-mail address such as ops@example.com")

    @property
    def requires_identity_center(self) -> bool:
        """True when deploying needs IAM Identity Center enabled in the account: a Grafana workspace with AWS_SSO."""
        return self.grafana is not None and self.grafana.requires_identity_center
