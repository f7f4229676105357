"""The role of a Lambda function the library writes: it may write to its own log group and nothing else until a
consumer grants more (no AWSLambdaBasicExecutionRole, which would let it write to every log group)."""
from __future__ import annotations

from aws_cdk import aws_iam as iam, aws_logs as logs
from constructs import Construct


def function_role(scope: Construct, construct_id: str, *, log_group: logs.ILogGroup, description: str) -> iam.Role:
    role = iam.Role(scope, construct_id, assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"), description=description)
    role.add_to_policy(iam.PolicyStatement(actions=["logs:CreateLogStream", "logs:PutLogEvents"],
                                           resources=[log_group.log_group_arn]))
    return role
