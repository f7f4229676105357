"""What to collect and where: the AMP and Grafana workspaces and the observability add-on's metric levels."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional, get_args

from ..errors import HyperPodValidationError, require, require_one_of
from ..type_checks import check_fields
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

    alias: Optional[str] = None
    encryption: Encryption = "customer-managed-key"
    workspace_arn: Optional[str] = None
    workspace_id: Optional[str] = None

    def __post_init__(self) -> None:
        where = "PrometheusWorkspace"
        require_one_of(self.encryption, ENCRYPTIONS, where, "encryption")
        if self.alias is not None:
            require(isinstance(self.alias, str) and 1 <= len(self.alias) <= 100, where, "alias", self.alias,
                    "1 to 100 characters")
        if self.workspace_arn is not None and not is_token(self.workspace_arn):
            require(isinstance(self.workspace_arn, str) and bool(_WORKSPACE_ARN.match(self.workspace_arn)), where,
                    "workspace_arn", self.workspace_arn,
                    "an AMP workspace ARN, arn:<partition>:aps:<region>:<12-digit account>:workspace/ws-<id>")
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
        return self.workspace_arn is not None or self.workspace_id is not None

    def _parsed_arn(self) -> Optional[dict[str, str]]:
        if self.workspace_arn is None or is_token(self.workspace_arn):
            return None
        match = _WORKSPACE_ARN.match(self.workspace_arn)
        return match.groupdict() if match else None


@dataclass(frozen=True, kw_only=True)
class GrafanaWorkspace:
    """An Amazon Managed Grafana workspace reading this AMP workspace (and CloudWatch).

    ``AWS_SSO`` needs IAM Identity Center enabled in the account; ``SAML`` needs the IdP configured after
    deploy. Permission type is SERVICE_MANAGED with a role this construct creates (outside the console
    AMG does not create that role itself).
    """

    name: Optional[str] = None
    authentication: GrafanaAuthentication = "AWS_SSO"
    data_sources: tuple[GrafanaDataSource, ...] = Frozen(("PROMETHEUS", "CLOUDWATCH"))

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


@dataclass(frozen=True, kw_only=True)
class ObservabilityMetrics:
    """Per-area collection levels of the observability add-on (``metricsProvider``) and one scrape interval.

    Defaults suit an inference platform: inference, node, GPU (accelerated compute) and cluster
    (``customMetrics``) metrics on; training, task governance, scaling and EFA network metrics off.
    ``ADVANCED`` is offered by the HyperPod console for some areas; the add-on schema is not published.
    """

    inference: MetricLevel = "BASIC"
    node: MetricLevel = "BASIC"
    accelerated_compute: MetricLevel = "BASIC"
    custom: MetricLevel = "BASIC"
    training: MetricLevel = "DISABLED"
    task_governance: MetricLevel = "DISABLED"
    scaling: MetricLevel = "DISABLED"
    network: MetricLevel = "DISABLED"
    scrape_interval_seconds: int = 30

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
        return {key: {"level": getattr(self, area), "scrapeInterval": self.scrape_interval_seconds}
                for area, key in self._ADDON_KEYS.items()}


@dataclass(frozen=True, kw_only=True)
class Observability:
    """Amazon Managed Prometheus + Grafana, the observability add-on, dashboards and SLO alerts."""

    workspace: Optional[PrometheusWorkspace] = None  # None creates an encrypted workspace
    grafana: Optional[GrafanaWorkspace] = None
    metrics: Optional[ObservabilityMetrics] = None
    logging: bool = True
    alarm_topic: Optional[sns.ITopic] = None  # None creates an encrypted topic when there are alerts
    alarm_emails: tuple[str, ...] = Frozen(())  # subscribed to the alarm topic (each address confirms by e-mail)
    sagemaker_spaces: bool = False

    def __post_init__(self) -> None:
        check_fields(self, "observability")
        for index, email in enumerate(self.alarm_emails):
            require(isinstance(email, str) and bool(_EMAIL.match(email)), "observability", f"alarm_emails[{index}]",
                    email, "an e-mail address such as ops@example.com")
