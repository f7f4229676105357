"""The platform's dashboards and an AMP data source, provisioned into its Grafana workspace at deploy.

``GrafanaDashboards`` is one Lambda function (``assets/grafana_dashboards``, standard library and boto3) behind
the CDK provider framework and one ``Custom::HyperPodGrafanaDashboards`` resource. The dashboards travel in an S3
asset (the same JSON ``platform.export()`` writes to ``dashboards/``), so the template holds only their uids and
does not grow with endpoints. The function's role may manage service accounts and their tokens of this one
workspace and read this one asset object; it needs nothing else (the Grafana HTTP API is authorized by the token).
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from aws_cdk import (
    CustomResource, Duration, aws_iam as iam, aws_lambda as lambda_, aws_logs as logs, aws_s3_assets as s3_assets,
    custom_resources as cr,
)
from constructs import Construct

from .function_role import function_role
from .nag import acknowledge_provider_framework
from .synth_time import at_synth, keeps_staging

HANDLER_DIR = Path(__file__).resolve().parent.parent / "assets" / "grafana_dashboards"
RESOURCE_TYPE = "Custom::HyperPodGrafanaDashboards"
DASHBOARDS_FILE = "dashboards.json"
# What the function calls, on this workspace only (service authorization reference: resource type workspace).
GRAFANA_ACTIONS = (
    "grafana:ListWorkspaceServiceAccounts", "grafana:CreateWorkspaceServiceAccount",
    "grafana:DeleteWorkspaceServiceAccount", "grafana:CreateWorkspaceServiceAccountToken",
    "grafana:DeleteWorkspaceServiceAccountToken",
)


@dataclass(frozen=True)
class PrometheusDataSource:
    """The Grafana data source the dashboards' ``datasource`` variable finds: AMP, signed with the workspace role."""

    uid: str
    name: str
    url: str
    region: str

    def properties(self) -> dict[str, str]:
        return {"Uid": self.uid, "Name": self.name, "Url": self.url, "Region": self.region}


class GrafanaDashboards(Construct):
    """Posts the dashboards ``dashboards()`` gives (their uids, and one JSON object of uid -> Grafana dashboard
    model; read at synth once every endpoint is added) into the workspace at ``grafana_url``, with
    ``data_source``; deletes them with the stack.

    The function reaches the workspace's public endpoint from outside any VPC.
    """

    def __init__(self, scope: Construct, construct_id: str, *, workspace_id: str, workspace_arn: str,
                 grafana_url: str, data_source: PrometheusDataSource,
                 dashboards: Callable[[], tuple[list[str], str]]) -> None:
        super().__init__(scope, construct_id)
        self._properties = {
            "WorkspaceId": workspace_id, "GrafanaUrl": grafana_url, "DataSource": data_source.properties(),
            # One per platform, so two platforms sharing a workspace never delete each other's.
            "ServiceAccountName": f"hyperpod-constructs-{self.node.addr[:12]}",
        }
        self._dashboards = dashboards
        log_group = logs.LogGroup(self, "Logs", retention=logs.RetentionDays.ONE_MONTH)
        self._role = function_role(self, "Role", log_group=log_group,
                                   description="Provisions the HyperPod dashboards into the Grafana workspace")
        self._role.add_to_policy(iam.PolicyStatement(actions=list(GRAFANA_ACTIONS), resources=[workspace_arn]))
        self._function = lambda_.Function(
            self, "Function",
            description="Provisions the HyperPod dashboards and AMP data source into the Grafana workspace",
            runtime=lambda_.Runtime.PYTHON_3_14,
            architecture=lambda_.Architecture.ARM_64,
            handler="index.handler",
            code=lambda_.Code.from_asset(str(HANDLER_DIR), exclude=["__pycache__", "*.pyc"]),
            role=self._role,
            log_group=log_group,
            timeout=Duration.minutes(5),
            memory_size=256,
        )
        self._provider = cr.Provider(self, "Provider", on_event_handler=self._function)
        acknowledge_provider_framework(self._provider, self._function)
        self._asset: Optional[s3_assets.Asset] = None
        self._resource: Optional[CustomResource] = None
        # Endpoints are added after construction: the dashboards are known once the app is complete.
        at_synth(self, "AtSynth", self._add_resource)

    @property
    def role(self) -> iam.Role:
        """The function's role: manages this workspace's service accounts and tokens, reads the dashboards asset."""
        return self._role

    @property
    def function(self) -> lambda_.Function:
        """The Lambda function that posts the dashboards and the data source into the workspace."""
        return self._function

    @property
    def provider(self) -> cr.Provider:
        """The CDK provider framework that calls ``function`` for the custom resource."""
        return self._provider

    @property
    def asset(self) -> Optional[s3_assets.Asset]:
        """The S3 asset holding the dashboards' JSON; None until synth (it is made once every endpoint is added)."""
        return self._asset

    @property
    def resource(self) -> Optional[CustomResource]:
        """The ``Custom::HyperPodGrafanaDashboards`` resource; None until synth (made with ``asset``)."""
        return self._resource

    def _add_resource(self) -> None:
        if self._resource is not None:
            return
        # Keyed by Grafana uid, which is what the function posts and deletes by (a long name's uid is shortened).
        uids, dashboards = self._dashboards()
        staging = Path(tempfile.mkdtemp(prefix="hyperpod-dashboards-"))
        (staging / DASHBOARDS_FILE).write_text(dashboards)
        asset = self._asset = s3_assets.Asset(self, "Dashboards", path=str(staging / DASHBOARDS_FILE))
        if not keeps_staging(self):
            shutil.rmtree(staging, ignore_errors=True)  # the asset was copied into the cloud assembly
        read = iam.Policy(self, "ReadDashboards", roles=[self._role], statements=[iam.PolicyStatement(
            actions=["s3:GetObject"], resources=[asset.bucket.arn_for_objects(asset.s3_object_key)])])
        resource = self._resource = CustomResource(
            self, "Resource", service_token=self._provider.service_token, resource_type=RESOURCE_TYPE,
            service_timeout=Duration.minutes(10),
            properties={**self._properties, "DashboardsBucket": asset.s3_bucket_name,
                        "DashboardsKey": asset.s3_object_key, "Dashboards": uids})
        # Run once the function may act; on delete, remove the dashboards before that is revoked.
        resource.node.add_dependency(self._role, read)

