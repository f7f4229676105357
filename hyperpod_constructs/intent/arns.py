"""The shape of an ARN a user types in: ``arn:<partition>:<service>:<region>:<account>:<resource>``.

One check for every field that holds one (admin role ARNs, certificate, workspace, KMS key and training plan
ARNs), so a typo such as an 11-digit account or a role ARN with a region fails at synth, naming the part that is
wrong, instead of at deploy. A CDK token (a value CloudFormation resolves) passes unchanged.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

from ..errors import require
from .tokens import is_token

# The partitions AWS documents: commercial, China, GovCloud, the ISO regions and the European Sovereign Cloud.
PARTITIONS = ("aws", "aws-cn", "aws-us-gov", "aws-iso", "aws-iso-b", "aws-iso-e", "aws-iso-f", "aws-eusc")
REGION = re.compile(r"^[a-z]{2}(-[a-z]+)+-\d{1,2}$")  # us-west-2, us-gov-west-1, cn-north-1, us-isob-east-1
ACCOUNT = re.compile(r"^\d{12}$")


@dataclass(frozen=True)
class ArnShape:
    """What one kind of ARN looks like: its service, whether it names a region, and its resource part."""

    service: str
    resource: re.Pattern[str]
    resource_help: str  # e.g. 'role/<name>'
    regional: bool = True
    description: str = ""  # e.g. 'an IAM role ARN'

    @property
    def help(self) -> str:
        region = "<region>" if self.regional else ""
        return (f"{self.description}: arn:<partition>:{self.service}:{region}:<12-digit account>:{self.resource_help} "
                f"(partition one of {', '.join(PARTITIONS)})")


IAM_ROLE = ArnShape("iam", re.compile(r"^role/[\w+=,.@/-]{1,512}$"), "role/<name>", regional=False,
                    description="an IAM role ARN")
ACM_CERTIFICATE = ArnShape("acm", re.compile(r"^certificate/[a-fA-F0-9-]+$"), "certificate/<id>",
                           description="an ACM certificate ARN")
AMP_WORKSPACE = ArnShape("aps", re.compile(r"^workspace/ws-[a-zA-Z0-9-]+$"), "workspace/ws-<id>",
                         description="an AMP workspace ARN")
KMS_KEY = ArnShape("kms", re.compile(r"^(key/[a-zA-Z0-9-]+|alias/[a-zA-Z0-9/_-]+)$"), "key/<id> or alias/<name>",
                   description="a KMS key or alias ARN")
# AWS::SageMaker::Cluster's ClusterArn pattern: the resource is the cluster's 12-character id, not its name.
HYPERPOD_CLUSTER = ArnShape("sagemaker", re.compile(r"^cluster/[a-z0-9]{12}$"), "cluster/<12-character cluster id>",
                            description="a HyperPod cluster ARN")
TRAINING_PLAN = ArnShape("sagemaker", re.compile(r"^training-plan/.+$"), "training-plan/<name>",
                         description="a SageMaker training plan ARN")


def arn_problem(value: Any, shape: ArnShape) -> Optional[str]:
    """What is wrong with ``value`` as an ARN of ``shape``, or None when it fits."""
    if not isinstance(value, str):
        return "not a string"
    parts = value.split(":", 5)
    if len(parts) != 6 or parts[0] != "arn":
        return "not six ':'-separated parts starting with 'arn'"
    _, partition, service, region, account, resource = parts
    if partition not in PARTITIONS:
        return f"unknown partition {partition!r}"
    if service != shape.service:
        return f"service {service!r}, expected {shape.service!r}"
    if shape.regional and not REGION.match(region):
        return f"region {region!r} is not a region such as us-west-2"
    if not shape.regional and region:
        return f"{shape.service} ARNs have no region, got {region!r}"
    if not ACCOUNT.match(account):
        return f"account {account!r} is not 12 digits"
    if not shape.resource.match(resource):
        return f"resource {resource!r}, expected {shape.resource_help}"
    return None


def check_arn(where: str, field: str, value: Any, shape: ArnShape) -> None:
    """Raise naming ``field``, the value, what is wrong and the expected shape, unless ``value`` fits or is a token."""
    if is_token(value):
        return
    problem = arn_problem(value, shape)
    require(problem is None, where, field, value, f"{shape.help}; {problem}")
