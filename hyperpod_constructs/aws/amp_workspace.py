"""The observability part that stores metrics: the Amazon Managed Prometheus workspace, created (encrypted, kept on
stack deletion by default) or imported by id or ARN, and the facts every other part reads from it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import aws_cdk as cdk
from aws_cdk import aws_aps as aps, aws_kms as kms
from constructs import Construct

from ..intent.observability import PrometheusWorkspace


@dataclass(frozen=True)
class AmpWorkspace:
    """The workspace as the other parts read it."""

    cfn_workspace: Optional[aps.CfnWorkspace]
    """The created workspace, or None for an existing one."""
    arn: str
    id: str
    region: str

    @property
    def query_url(self) -> str:
        """``https://aps-workspaces.<region>.amazonaws.com/workspaces/<id>``: what KEDA, Grafana and the add-on read."""
        return f"https://aps-workspaces.{self.region}.{cdk.Aws.URL_SUFFIX}/workspaces/{self.id}"


def build_workspace(scope: Construct, spec: PrometheusWorkspace, *, key: Optional[kms.Key],
                    removal_policy: cdk.RemovalPolicy) -> AmpWorkspace:
    """``<scope>/Workspace`` for a created workspace (``key`` encrypts it when given); nothing for an existing one."""
    stack = cdk.Stack.of(scope)
    if spec.is_existing:
        parsed = spec._parsed_arn()
        if spec.workspace_arn is not None:
            split = None if parsed else cdk.Arn.split(spec.workspace_arn, cdk.ArnFormat.SLASH_RESOURCE_NAME)
            workspace_id = parsed["id"] if parsed else split.resource_name  # type: ignore[union-attr]
            region = parsed["region"] if parsed else split.region  # type: ignore[union-attr]
            return AmpWorkspace(None, spec.workspace_arn, workspace_id, region)  # type: ignore[arg-type]
        assert spec.workspace_id is not None
        arn = stack.format_arn(service="aps", resource="workspace", resource_name=spec.workspace_id)
        return AmpWorkspace(None, arn, spec.workspace_id, stack.region)
    workspace = aps.CfnWorkspace(
        scope, "Workspace", alias=spec.alias or f"{stack.stack_name}-hyperpod-inference",
        kms_key_arn=key.key_arn if key else None, tags=[cdk.CfnTag(key="SageMaker", value="true")])
    # Metrics are the record of what happened; keep them unless the user opts out.
    workspace.apply_removal_policy(removal_policy)
    return AmpWorkspace(workspace, workspace.attr_arn, workspace.attr_workspace_id, stack.region)
