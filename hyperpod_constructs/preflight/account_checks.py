"""Checks of the account and region: SageMaker quotas, the CDK bootstrap stack, model buckets, IAM Identity Center.

Each check is a plain function deciding from what AWS answered (tested without AWS) and a reader making the
read-only calls through an injected client.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from ..intent.tokens import is_token
from .calls import aws_call, error_code
from .needs import BootstrapNeed, BucketNeed
from .result import CheckResult, failed, passed, skipped

QUOTA_SERVICE_CODE = "sagemaker"
DEFAULT_QUALIFIER = "hnb659fds"  # the CDK's default bootstrap qualifier
_FAILED_STACK_STATES = ("ROLLBACK_COMPLETE", "ROLLBACK_FAILED", "CREATE_FAILED", "DELETE_FAILED",
                        "UPDATE_ROLLBACK_FAILED")


def quota_name(instance_type: str) -> str:
    """The Service Quotas name of HyperPod's per-type node limit."""
    return f"{instance_type} for cluster usage"


# ---- SageMaker HyperPod quotas ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Quota:
    code: str
    value: float


def quota_results(nodes_at_ceiling: Mapping[str, int], quotas: Mapping[str, Quota], region: str) -> list[CheckResult]:
    """One result per instance type: its quota against the nodes the plan runs of it at the ceiling."""
    results = []
    for instance_type, nodes in sorted(nodes_at_ceiling.items()):
        name = f'SageMaker quota "{quota_name(instance_type)}"'
        quota = quotas.get(quota_name(instance_type))
        if nodes == 0:
            results.append(skipped(name, "the plan runs no node of this type"))
        elif quota is None:
            results.append(failed(
                name, f"no such quota in {region}: HyperPod may not offer {instance_type} there",
                f"use an instance type HyperPod offers in {region}; list them with aws service-quotas "
                f"list-aws-default-service-quotas --service-code {QUOTA_SERVICE_CODE} --region {region} "
                "--query \"Quotas[?ends_with(QuotaName, 'for cluster usage')].QuotaName\""))
        elif quota.value < nodes:
            results.append(failed(
                name, f"{quota.value:g} < {nodes} nodes at the plan's ceiling (the quota counts every HyperPod "
                      "cluster's nodes of this type in the account and region)",
                f"aws service-quotas request-service-quota-increase --service-code {QUOTA_SERVICE_CODE} "
                f"--quota-code {quota.code} --desired-value {nodes} --region {region}"))
        else:
            results.append(passed(name, f"{quota.value:g} >= {nodes} nodes at the plan's ceiling"))
    return results


def read_quotas(client: Any, operation: str) -> dict[str, Quota]:
    """Quota name -> value, from one of the listing operations (every page)."""
    return {quota["QuotaName"]: Quota(quota["QuotaCode"], float(quota["Value"]))
            for page in client.get_paginator(operation).paginate(ServiceCode=QUOTA_SERVICE_CODE)
            for quota in page.get("Quotas", [])}


def check_quotas(client: Any, nodes_at_ceiling: Mapping[str, int], region: str) -> list[CheckResult]:
    quotas: dict[str, Quota] = {}
    # A quota never adjusted may be listed only with its AWS default; applied values win.
    for operation, action in (("list_aws_default_service_quotas", "servicequotas:ListAWSDefaultServiceQuotas"),
                              ("list_service_quotas", "servicequotas:ListServiceQuotas")):
        found = aws_call("SageMaker quotas", action, lambda: read_quotas(client, operation))
        if isinstance(found, CheckResult):
            return [found]
        quotas.update(found)
    return quota_results(nodes_at_ceiling, quotas, region)


# ---- CDK bootstrap ---------------------------------------------------------------------------------------

def bootstrap_result(need: BootstrapNeed, stack_name: str, stack: Optional[Mapping[str, Any]],
                     region: str) -> CheckResult:
    """The bootstrap stack (``DescribeStacks``'s entry, None when it does not exist) against what the app needs."""
    name = f"CDK bootstrap stack {stack_name}"
    qualifier = need.qualifier or DEFAULT_QUALIFIER
    bootstrap = (f"cdk bootstrap aws://<account-id>/{region}"
                 + (f" --qualifier {qualifier}" if qualifier != DEFAULT_QUALIFIER else "")
                 + (f" --toolkit-stack-name {stack_name}" if stack_name != "CDKToolkit" else ""))
    if stack is None:
        return failed(name, f"not found in {region}: the account and region are not bootstrapped", bootstrap)
    status = stack.get("StackStatus", "")
    if status in _FAILED_STACK_STATES:
        return failed(name, f"status {status}", f"delete the failed stack, then {bootstrap}")
    outputs = {output["OutputKey"]: output.get("OutputValue") for output in stack.get("Outputs", [])}
    parameters = {parameter["ParameterKey"]: parameter.get("ParameterValue")
                  for parameter in stack.get("Parameters", [])}
    found_qualifier = parameters.get("Qualifier") or DEFAULT_QUALIFIER
    if need.qualifier is not None and found_qualifier != need.qualifier:
        return failed(name, f"bootstrapped with qualifier {found_qualifier}, the app is synthesized with "
                            f"{need.qualifier}", bootstrap)
    version = outputs.get("BootstrapVersion")
    if version is None or not str(version).isdigit():
        return failed(name, "has no BootstrapVersion output (not a CDK bootstrap stack)", bootstrap)
    if int(version) < need.version:
        return failed(name, f"version {version}, the app needs {need.version} or newer",
                      f"{bootstrap} (upgrades the stack in place)")
    return passed(name, f"version {version} (the app needs {need.version} or newer)")


def describe_stack(client: Any, stack_name: str) -> Optional[dict[str, Any]]:
    """The stack, or None when it does not exist (CloudFormation answers ValidationError)."""
    try:
        return client.describe_stacks(StackName=stack_name)["Stacks"][0]
    except Exception as error:
        if error_code(error) == "ValidationError" and "does not exist" in str(error):
            return None
        raise


def check_bootstrap(client: Any, need: Optional[BootstrapNeed], stack_name: str, region: str) -> list[CheckResult]:
    if need is None:
        return [skipped(f"CDK bootstrap stack {stack_name}", "the app's synthesizer needs no bootstrap stack")]
    stack = aws_call(f"CDK bootstrap stack {stack_name}", "cloudformation:DescribeStacks",
                     lambda: describe_stack(client, stack_name))
    if isinstance(stack, CheckResult):
        return [stack]
    return [bootstrap_result(need, stack_name, stack, region)]


# ---- model buckets ---------------------------------------------------------------------------------------

def bucket_result(bucket: BucketNeed, error: Optional[str], region: str) -> CheckResult:
    """``HeadBucket``'s answer (None: it succeeded, else its error code) for an imported bucket."""
    name = f"model bucket {bucket.name} ({bucket.used_by})"
    if error is None:
        return passed(name, "exists and these credentials can read it")
    if error in ("404", "NoSuchBucket", "NotFound"):
        return failed(name, "does not exist",
                      f"create it (aws s3 mb s3://{bucket.name} --region {region}) and upload the model weights, or "
                      "import a bucket that holds them")
    if error in ("403", "AccessDenied", "Forbidden"):
        return failed(name, "exists but these credentials may not read it (403)",
                      f"allow s3:ListBucket on arn:aws:s3:::{bucket.name}; a bucket of another account also needs a "
                      "bucket policy granting this account read access")
    return failed(name, f"HeadBucket answered {error}", "check the bucket's name and region")


def check_buckets(client: Any, buckets: Sequence[BucketNeed], region: str) -> list[CheckResult]:
    results = []
    for bucket in buckets:
        name = f"model bucket {bucket.name} ({bucket.used_by})"
        if bucket.created_by_stack:
            results.append(passed(f"model bucket ({bucket.used_by})", "created by the stack"))
        elif is_token(bucket.name):
            results.append(skipped(f"model bucket ({bucket.used_by})", "its name is only known at deploy time"))
        else:
            code = aws_call(name, "s3:ListBucket", lambda: _head_bucket_error(client, bucket.name))
            results.append(code if isinstance(code, CheckResult) else bucket_result(bucket, code, region))
    return results


def _head_bucket_error(client: Any, bucket: str) -> Optional[str]:
    """None when HeadBucket succeeds, else the error code it answered (404, 403, ...)."""
    try:
        client.head_bucket(Bucket=bucket)
        return None
    except Exception as error:
        code = error_code(error)
        if code is None:
            raise
        return code


# ---- IAM Identity Center ---------------------------------------------------------------------------------

IDENTITY_CENTER = "IAM Identity Center"


def identity_center_result(needed_for: str, instances: Sequence[Mapping[str, Any]], region: str) -> CheckResult:
    active = [instance for instance in instances if instance.get("Status", "ACTIVE") == "ACTIVE"]
    if not active:
        return failed(IDENTITY_CENTER, f"no active instance in {region}, which {needed_for} needs",
                      "enable IAM Identity Center in this region (console: IAM Identity Center, Enable), or sign "
                      "Grafana users in with GrafanaWorkspace(authentication='SAML')")
    return passed(IDENTITY_CENTER, f"instance {active[0].get('InstanceArn', '')} ({needed_for} needs it)")


def check_identity_center(client: Any, needed_for: Optional[str], region: str) -> list[CheckResult]:
    if needed_for is None:
        return [skipped(IDENTITY_CENTER, "nothing in this app needs it")]
    instances = aws_call(IDENTITY_CENTER, "sso:ListInstances",
                         lambda: [instance for page in client.get_paginator("list_instances").paginate()
                                  for instance in page.get("Instances", [])])
    if isinstance(instances, CheckResult):
        return [instances]
    return [identity_center_result(needed_for, instances, region)]
