"""The observability part that collects: the EKS add-on ``amazon-sagemaker-hyperpod-observability`` (its collector
remote-writes to the AMP workspace and, with ``logging``, sends the cluster's logs to CloudWatch) with its Pod
Identity role and association, and the optional ``amazon-sagemaker-spaces`` add-on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import aws_cdk as cdk
from aws_cdk import aws_eks_v2 as eks, aws_iam as iam
from constructs import Construct

from ..intent.observability import ObservabilityMetrics
from .addons import owned_addon
from .amp_workspace import AmpWorkspace
from .cluster_logs import LOG_GROUP_FINDING, LOG_STREAM_FINDING, acknowledge_wildcards, cluster_log_groups_arn
from .grafana_workspace import GrafanaPart

OBSERVABILITY_ADDON = "amazon-sagemaker-hyperpod-observability"
OBSERVABILITY_NAMESPACE = "hyperpod-observability"
OBSERVABILITY_SERVICE_ACCOUNT = "hyperpod-observability-operator-otel-collector"
# EKS User Guide, "AWS add-ons" > "Amazon SageMaker Spaces": "The Amazon EKS add-on name is amazon-sagemaker-spaces".
SPACES_ADDON = "amazon-sagemaker-spaces"


@dataclass(frozen=True)
class CollectorAddon:
    role: iam.Role
    pod_identity_association: eks.CfnPodIdentityAssociation
    addon: eks.Addon
    spaces_addon: Optional[eks.Addon]


def build_collector(scope: Construct, *, cluster: eks.ICluster, amp: AmpWorkspace, metrics: ObservabilityMetrics,
                    logging: bool, grafana: Optional[GrafanaPart], addon_version: Optional[str],
                    sagemaker_spaces: bool) -> CollectorAddon:
    """``<scope>/AddonRole``, ``AddonPodIdentity``, ``Addon`` and, with ``sagemaker_spaces``, ``SpacesAddon``."""
    role = iam.Role(
        scope, "AddonRole",
        assumed_by=iam.SessionTagsPrincipal(iam.ServicePrincipal("pods.eks.amazonaws.com").with_conditions({
            "StringEquals": {"aws:SourceAccount": cdk.Aws.ACCOUNT_ID},
            "ArnEquals": {"aws:SourceArn": cluster.cluster_arn},
        })),
        description="HyperPod observability add-on collector: remote-write to AMP, cluster logs to CloudWatch")
    role.add_to_policy(iam.PolicyStatement(actions=["aps:RemoteWrite"], resources=[amp.arn]))
    if logging:
        log_group = cluster_log_groups_arn(cdk.Stack.of(scope))
        role.add_to_policy(iam.PolicyStatement(
            actions=["logs:CreateLogGroup", "logs:CreateLogStream", "logs:DescribeLogStreams", "logs:PutLogEvents"],
            resources=[log_group, f"{log_group}:log-stream:*"]))
        # DescribeLogGroups has no resource-level permissions: scoped to log groups it would never be allowed.
        role.add_to_policy(iam.PolicyStatement(actions=["logs:DescribeLogGroups"], resources=["*"]))
        acknowledge_wildcards(role, {
            "Resource::*": "logs:DescribeLogGroups (listing log groups) has no resource-level permissions.",
            LOG_GROUP_FINDING: "HyperPod creates one log group per cluster under /aws/sagemaker/Clusters/; "
                               "the collector writes to whichever cluster it runs in.",
            LOG_STREAM_FINDING: "Log streams are created per node at run time inside the cluster log groups.",
        })
    association = eks.CfnPodIdentityAssociation(
        scope, "AddonPodIdentity", cluster_name=cluster.cluster_name, namespace=OBSERVABILITY_NAMESPACE,
        service_account=OBSERVABILITY_SERVICE_ACCOUNT, role_arn=role.role_arn)

    configuration: dict[str, Any] = {
        "ampWorkspace": {"prometheusEndpoint": amp.query_url, "arn": amp.arn},
        "metricsProvider": metrics.addon_config(),
        "logging": {"enabled": bool(logging)},
    }
    if grafana is not None:
        configuration["amgWorkspace"] = {"workspaceName": grafana.name, "arn": grafana.arn}
    addon = owned_addon(scope, "Addon", addon_name=OBSERVABILITY_ADDON, cluster=cluster, addon_version=addon_version,
                        configuration_values=configuration)
    # The collector must start with credentials, and the rules must exist before pods report.
    addon.node.add_dependency(association)
    addon.node.add_dependency(role)

    spaces: Optional[eks.Addon] = None
    if sagemaker_spaces:
        spaces = owned_addon(scope, "SpacesAddon", addon_name=SPACES_ADDON, cluster=cluster)
        cdk.Annotations.of(scope).add_warning_v2(
            "Annotation::hyperpod-constructs:observability:spacesRoles",
            f"The {SPACES_ADDON} add-on needs its execution role (Pod Identity) and the EBS CSI driver add-on; "
            "they are not created here. See 'IAM Permissions Setup' in the SageMaker Developer Guide.")
    return CollectorAddon(role=role, pod_identity_association=association, addon=addon, spaces_addon=spaces)
