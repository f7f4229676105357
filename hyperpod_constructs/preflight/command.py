"""``python -m hyperpod_constructs.preflight``: check, with your credentials and read-only calls, what the account
must have before ``cdk deploy`` of an app.

    python -m hyperpod_constructs.preflight --app apps/quick_setup.py --region us-west-2

The app file follows the examples' convention, ``build(app) -> (stack, platform)``; it is synthesized into a
temporary folder (nothing is written next to it). Exit status: 0 every check passed (or was skipped or is
manual), 1 a check failed, 2 a usage error. Needs boto3 (``pip install 'hyperpod-constructs[preflight]'``).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Optional, Sequence, TextIO

from ..app_file import load_build
from ..intent.model_source import REGION_PATTERN
from ..intent.tokens import is_token
from .account_checks import check_bootstrap, check_buckets, check_identity_center, check_quotas
from .calls import AwsClients
from .cluster_checks import check_existing_cluster
from .needs import PreflightNeeds, needs_of
from .result import CheckResult, Status, render

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hyperpod_constructs.preflight",
        description="Before cdk deploy: check the account's SageMaker HyperPod quotas, CDK bootstrap stack, model "
                    "buckets, IAM Identity Center and an existing EKS cluster's prerequisites with read-only calls. "
                    "Exit status 0: no check failed; 1: a check failed; 2: usage error.")
    parser.add_argument("--app", type=Path, required=True,
                        help="a Python app file with build(app) -> (stack, platform), like the examples")
    parser.add_argument("--region", help="region to deploy to (default: the stack's, else your AWS configuration's)")
    parser.add_argument("--profile", help="AWS profile to read with (default: the usual credential chain)")
    parser.add_argument("--context", "-c", action="append", default=[], metavar="KEY=VALUE",
                        help="CDK context for the app, as cdk synth -c KEY=VALUE")
    parser.add_argument("--toolkit-stack-name", default="CDKToolkit",
                        help="the CDK bootstrap stack's name (cdk bootstrap --toolkit-stack-name)")
    return parser


def run_checks(needs: PreflightNeeds, clients: AwsClients, region: str,
               toolkit_stack_name: str = "CDKToolkit") -> list[CheckResult]:
    """Every check, in the order a first deploy meets them."""
    return [
        *check_quotas(clients.service_quotas, needs.nodes_at_ceiling, region),
        *check_bootstrap(clients.cloudformation, needs.bootstrap, toolkit_stack_name, region),
        *check_buckets(clients.s3, needs.buckets, region),
        *check_identity_center(clients.sso_admin, needs.identity_center_for, region),
        *check_existing_cluster(clients.eks, clients.ec2, needs.existing_cluster),
    ]


def main(argv: Optional[Sequence[str]] = None, *, clients: Optional[AwsClients] = None,
         stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    context = {}
    for item in args.context:
        key, equals, value = item.partition("=")
        if not equals or not key:
            stderr.write(f"--context {item!r} is not KEY=VALUE\n")
            return 2
        context[key] = value
    if args.region is not None and not REGION_PATTERN.match(args.region):
        stderr.write(f"--region {args.region!r} is not a region name such as us-west-2\n")
        return 2
    build = load_build(args.app)
    import aws_cdk as cdk  # after the argument checks: starting jsii takes seconds

    with tempfile.TemporaryDirectory(prefix="hyperpod-preflight-") as outdir:
        app = cdk.App(outdir=outdir, context=context)
        stack, platform = build(app)
        app.synth()
        needs = needs_of(platform, Path(outdir))
    region = args.region or (None if is_token(stack.region) else stack.region) or _configured_region(args.profile)
    if region is None:
        stderr.write("no region: pass --region, give the stack an env, or configure a default region\n")
        return 2
    results = run_checks(needs, clients or AwsClients.for_region(region, args.profile), region,
                         args.toolkit_stack_name)
    stdout.write(render(results))
    return 1 if any(result.status is Status.FAIL for result in results) else 0


def _configured_region(profile: Optional[str]) -> Optional[str]:
    try:
        import boto3
    except ImportError:
        return None
    return boto3.Session(profile_name=profile).region_name
