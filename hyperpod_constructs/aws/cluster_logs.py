"""The HyperPod cluster log groups (``/aws/sagemaker/Clusters/<cluster>``): the observability collector writes them,
Grafana reads them. Their names are known by prefix only (one per cluster), so both roles name them by prefix and
acknowledge cdk-nag's wildcard findings with the reason."""
from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_iam as iam

from .nag import acknowledge

HYPERPOD_LOG_GROUP_PREFIX = "/aws/sagemaker/Clusters/"
# cdk-nag AwsSolutions-IAM5 finding ids for the log-group prefix (tokens as cdk-nag prints them).
LOG_GROUP_FINDING = ("Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:"
                     f"{HYPERPOD_LOG_GROUP_PREFIX}*")
LOG_STREAM_FINDING = f"{LOG_GROUP_FINDING}:log-stream:*"


def cluster_log_groups_arn(stack: cdk.Stack) -> str:
    """The ARN of every HyperPod cluster log group of the stack's account and region (``...:log-group:<prefix>*``)."""
    return stack.format_arn(service="logs", resource="log-group", resource_name=f"{HYPERPOD_LOG_GROUP_PREFIX}*",
                            arn_format=cdk.ArnFormat.COLON_RESOURCE_NAME)


def acknowledge_wildcards(role: iam.Role, findings: dict[str, str]) -> None:
    """Acknowledge specific AwsSolutions-IAM5 findings on this role's default policy only, each with its reason."""
    policy = role.node.try_find_child("DefaultPolicy")
    if policy is None:
        return
    for finding, reason in findings.items():
        acknowledge(policy, "AwsSolutions-IAM5", reason, finding)
