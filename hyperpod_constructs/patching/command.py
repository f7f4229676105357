"""``python -m hyperpod_constructs.patching``: turn on DrainFirst patching for an instance group after ``cdk deploy``.

    python -m hyperpod_constructs.patching --cluster-name my-cluster --group h100 --batch-size 1 \\
        --drain-timeout 1800 --on-drain-timeout Skip [--dry-run] [--region us-west-2] [--profile p]

The values are those of the group's ``AutoPatch(strategy="DrainFirst", ...)``; the platform's CDK warning
``drain-first-after-deploy`` prints this command with them. It reads the cluster (``sagemaker:DescribeCluster``),
then calls ``sagemaker:UpdateCluster`` with that one group as it is plus the DrainFirst ``AutoPatchConfig``
(``patching.drain_first``). Run it again after every deploy that updates the cluster: it changes nothing when the
group already has the configuration. Exit status: 0 applied or already applied (or printed, with ``--dry-run``),
1 refused (not EKS, not InService, no such group, the API's error), 2 usage error.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional, Sequence, TextIO

from ..errors import HyperPodValidationError
from ..intent.auto_patch import DRAIN_FIRST, ON_DRAIN_TIMEOUT, AutoPatch, BatchSize
from .drain_first import DrainFirstError, already_applied, drain_first_request

PROG = "python -m hyperpod_constructs.patching"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=(
        "After cdk deploy: apply an instance group's DrainFirst auto-patching, which CloudFormation cannot express, "
        "with UpdateCluster on that group only. Exit status 0: applied or already applied; 1: refused; 2: usage."))
    parser.add_argument("--cluster-name", required=True, help="the HyperPod cluster's name or ARN")
    parser.add_argument("--group", required=True, help="the instance group's name")
    size = parser.add_mutually_exclusive_group(required=True)
    size.add_argument("--batch-size", type=int, help="instances drained and patched at a time")
    size.add_argument("--batch-percent", type=int, help="percent of the group's instances at a time")
    parser.add_argument("--wait-seconds", type=int, help="seconds between batches (0-3600)")
    parser.add_argument("--drain-timeout", type=int, help="seconds a drain may take (0-5400; API default 3600)")
    parser.add_argument("--on-drain-timeout", choices=ON_DRAIN_TIMEOUT, help="Skip (default) or Force")
    parser.add_argument("--rollback-alarm", action="append", default=[], help="a CloudWatch alarm that rolls back")
    parser.add_argument("--dry-run", action="store_true", help="print the UpdateCluster request, call nothing")
    parser.add_argument("--region", help="the cluster's region (default: your AWS configuration's)")
    parser.add_argument("--profile", help="AWS profile (default: the usual credential chain)")
    return parser


def patch_from_arguments(arguments: argparse.Namespace) -> AutoPatch:
    batch = (BatchSize.instances(arguments.batch_size) if arguments.batch_size is not None
             else BatchSize.percent(arguments.batch_percent))
    return AutoPatch(strategy=DRAIN_FIRST, batch_size=batch, wait_seconds=arguments.wait_seconds,
                     rollback_alarms=tuple(arguments.rollback_alarm), drain_timeout_s=arguments.drain_timeout,
                     on_drain_timeout=arguments.on_drain_timeout)


def apply_drain_first(sagemaker: Any, cluster_name: str, group: str, patch: AutoPatch, *, dry_run: bool,
                      out: TextIO) -> int:
    """Describe, build the request, update (unless already applied or ``dry_run``); the exit status."""
    try:
        cluster = sagemaker.describe_cluster(ClusterName=cluster_name)
        if already_applied(cluster, group, patch):
            print(f"instance group {group!r} of {cluster_name} already has this DrainFirst configuration; "
                  "nothing to do", file=out)
            return 0
        request = drain_first_request(cluster, group, patch)
        if dry_run:
            print(json.dumps(request, indent=2, sort_keys=True, default=str), file=out)
            return 0
        sagemaker.update_cluster(**request)
    except DrainFirstError as error:
        print(f"refused: {error}", file=out)
        return 1
    except Exception as error:  # botocore's ClientError / ParamValidationError: the API's own words
        print(f"refused by the SageMaker API: {error}", file=out)
        return 1
    print(f"instance group {group!r} of {cluster_name}: DrainFirst patching requested "
          f"({patch.describe()}); the cluster is Updating until HyperPod applies it", file=out)
    return 0


def main(argv: Optional[Sequence[str]] = None, out: TextIO = sys.stdout, session: Any = None) -> int:
    parser = _parser()
    arguments = parser.parse_args(argv)
    try:
        patch = patch_from_arguments(arguments)
    except HyperPodValidationError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    if session is None:
        import boto3

        session = boto3.Session(profile_name=arguments.profile, region_name=arguments.region)
    return apply_drain_first(session.client("sagemaker"), arguments.cluster_name, arguments.group, patch,
                             dry_run=arguments.dry_run, out=out)
