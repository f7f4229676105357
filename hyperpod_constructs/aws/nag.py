"""Acknowledge policy-check findings on one construct, with the reason reviewers will read.

cdk-nag (v3) reads acknowledgments from CDK's own ``Validations`` API, so the library needs no cdk-nag
import at run time. An acknowledgment covers the construct and its children, and names each finding
exactly (``AwsSolutions-IAM5[Resource::*]``), so a new wildcard added later is still reported.
"""
from __future__ import annotations

from aws_cdk import Acknowledgment, Validations
from constructs import IConstruct

from .cfn_types import is_a


def acknowledge(construct: IConstruct, rule: str, reason: str, *findings: str) -> None:
    """Acknowledge ``rule`` itself, or, when ``findings`` are given, exactly ``rule[finding]`` for each."""
    ids = [f"{rule}[{finding}]" for finding in findings] if findings else [rule]
    Validations.of(construct).acknowledge(*(Acknowledgment(id=rule_id, reason=reason) for rule_id in ids))


def logical_id(construct: IConstruct) -> str:
    """The CloudFormation logical id of a construct's resource, as cdk-nag writes it in finding ids."""
    from aws_cdk import CfnElement, Stack

    element = construct if is_a(construct, CfnElement) else construct.node.default_child
    return Stack.of(construct).get_logical_id(element)  # type: ignore[arg-type]


def bucket_arn_finding(bucket: IConstruct) -> str:
    """How cdk-nag spells a bucket's ARN in a finding: ``<LogicalId.Arn>`` for a bucket in the stack."""
    if bucket.node.default_child is not None:
        return f"<{logical_id(bucket)}.Arn>"
    return f"arn:<AWS::Partition>:s3:::{bucket.bucket_name}"  # type: ignore[attr-defined]


def arn_finding(construct: IConstruct, arn: str) -> str:
    """How cdk-nag spells an ARN made with ``Stack.format_arn`` in a finding: as written in an environment-specific
    stack (``arn:aws:fsx:us-west-2:...``), pseudo parameters as ``<AWS::Region>`` in an environment-agnostic one."""
    from aws_cdk import Stack

    resolved = Stack.of(construct).resolve(arn)
    if isinstance(resolved, str):
        return resolved
    return "".join(part if isinstance(part, str) else f"<{part['Ref']}>" for part in resolved["Fn::Join"][1])


def managed_policy(name: str) -> str:
    """The finding suffix cdk-nag writes for an AWS managed policy attached to a role."""
    return f"Policy::arn:<AWS::Partition>:iam::aws:policy/{name}"


def acknowledge_provider_framework(provider: IConstruct, *functions: IConstruct) -> None:
    """cdk-nag findings on the CDK provider framework's own resources (which this library does not write): its
    functions' logs policy, and invoking any version of ``functions`` and only them; with an isComplete handler,
    also its waiter state machine (invoking its own two functions, no logging or tracing options of its own)."""
    acknowledge(provider, "AwsSolutions-IAM4",
                "The CDK provider framework's function writes its logs with AWSLambdaBasicExecutionRole.",
                managed_policy("service-role/AWSLambdaBasicExecutionRole"))
    acknowledge(provider, "AwsSolutions-IAM5",
                "The CDK provider framework may invoke any version of its handler functions, and only them.",
                *(f"Resource::<{logical_id(function)}.Arn>:*" for function in functions))
    if provider.node.try_find_child("waiter-state-machine") is None:
        return
    acknowledge(provider, "AwsSolutions-IAM5",
                "The provider framework's waiter state machine may invoke any version of its own two functions.",
                *(f"Resource::<{logical_id(provider.node.find_child(name))}.Arn>:*"
                  for name in ("framework-isComplete", "framework-onTimeout")))
    acknowledge(provider, "AwsSolutions-SF1",
                "The provider framework's waiter only re-invokes the handler function, which logs every step; "
                "Step Functions logging would need logs:* on '*' for its log delivery.")
    acknowledge(provider, "AwsSolutions-SF2",
                "The provider framework's waiter state machine has no tracing option; the handler function's logs "
                "say what each isComplete invocation did.")

