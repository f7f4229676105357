"""The AWS side of the preflight: the clients it reads with, and a failed call turned into a failed check."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar, Union

from .result import CheckResult, failed

T = TypeVar("T")

# Every call the preflight makes, all read-only, by client (docs/deploy.md lists them; a test keeps both equal).
IAM_ACTIONS = (
    "servicequotas:ListServiceQuotas", "servicequotas:ListAWSDefaultServiceQuotas",
    "cloudformation:DescribeStacks",
    "s3:ListBucket",  # what HeadBucket needs
    "sso:ListInstances",
    "eks:DescribeCluster", "eks:ListAddons", "eks:DescribeAddon",
    "ec2:DescribeSubnets",
)
MISSING_BOTO3 = ("python -m hyperpod_constructs.preflight needs boto3 to read the account; install it with "
                 "pip install 'hyperpod-constructs[preflight]' (or pip install boto3)")


@dataclass(frozen=True)
class AwsClients:
    """boto3 clients for one region; tests pass clients wrapped in botocore's Stubber."""

    service_quotas: Any
    cloudformation: Any
    s3: Any
    sso_admin: Any
    eks: Any
    ec2: Any

    @classmethod
    def for_region(cls, region: str, profile: Optional[str] = None) -> "AwsClients":
        try:
            import boto3
        except ImportError:
            raise SystemExit(MISSING_BOTO3) from None
        session = boto3.Session(profile_name=profile, region_name=region)
        return cls(**{name: session.client(service) for name, service in (
            ("service_quotas", "service-quotas"), ("cloudformation", "cloudformation"), ("s3", "s3"),
            ("sso_admin", "sso-admin"), ("eks", "eks"), ("ec2", "ec2"))})


def error_code(error: BaseException) -> Optional[str]:
    """The AWS error code of a botocore ``ClientError`` (``AccessDenied``, ``404`` ...), else None."""
    response = getattr(error, "response", None)
    return response.get("Error", {}).get("Code") if isinstance(response, dict) else None


def aws_call(check: str, action: str, call: Callable[[], T]) -> Union[T, CheckResult]:
    """``call()``, or a failed check naming the action when AWS refuses it (permissions, throttling, no
    credentials); errors that are not AWS's are raised."""
    try:
        return call()
    except Exception as error:
        if not type(error).__module__.startswith("botocore"):
            raise
        if error_code(error) is None:  # no answer from AWS: no credentials, no network
            return failed(check, f"{action} failed: {error}", "check the credentials (aws sts get-caller-identity) "
                                                              "and the network, then run the preflight again")
        return failed(check, f"{action} failed: {error}",
                      f"give these credentials {action} (read-only) in this region, then run the preflight again")
