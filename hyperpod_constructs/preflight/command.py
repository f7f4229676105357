"""``python -m hyperpod_constructs.preflight``: check, with your credentials and read-only calls, what the account
must have before ``cdk deploy`` of an app.

    python -m hyperpod_constructs.preflight --app app.py --region us-west-2

The app file is your CDK app as the README writes it (``app = cdk.App()`` ... ``app.synth()``), or a file with
``build(app) -> (stack, platform)`` like the examples; it runs in a child process whose cloud assembly and exports go to
a temporary folder (``app_file.read_app``: nothing is written next to it, ``dist/`` and ``cdk.out`` are left as they
are). Exit status: 0 every check passed (or was skipped or is manual), 1 a check failed, 2 a usage error (bad
arguments, an app file that cannot be read, no region or no credentials). Needs boto3
(``pip install 'hyperpod-constructs[preflight]'``).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional, Sequence, TextIO

from ..command_line import ArgumentParser
from ..app_file import AppFileError, read_app
from ..error_output import NO_REGION_ADVICE, aws_setup_problem
from ..intent.model_source import REGION_PATTERN
from .account_checks import check_bootstrap, check_buckets, check_identity_center, check_quotas
from .app_readers import PREFLIGHT_NEEDS
from .calls import AwsClients
from .cluster_checks import check_existing_cluster, check_imported_network
from .needs import BootstrapNeed, BucketNeed, ExistingClusterNeed, ImportedNetworkNeed, PreflightNeeds
from .planned import render_planned
from .result import CheckResult, Status, render

PROG = "python -m hyperpod_constructs.preflight"


def needs_from_data(data: dict[str, Any]) -> PreflightNeeds:
    """``PreflightNeeds`` back from ``dataclasses.asdict``."""
    bootstrap, cluster = data["bootstrap"], data["existing_cluster"]
    return PreflightNeeds(
        nodes_at_ceiling=dict(data["nodes_at_ceiling"]),
        bootstrap=BootstrapNeed(**bootstrap) if bootstrap is not None else None,
        buckets=tuple(BucketNeed(**bucket) for bucket in data["buckets"]),
        identity_center_for=data["identity_center_for"],
        existing_cluster=(ExistingClusterNeed(**{**cluster, "operator_controllers": tuple(
            cluster["operator_controllers"]), "hyperpod_subnet_ids": tuple(cluster.get("hyperpod_subnet_ids", ()))})
            if cluster is not None else None),
        imported_network=(ImportedNetworkNeed(data["imported_network"]["vpc_id"],
                                              tuple(data["imported_network"]["hyperpod_subnet_ids"]))
                          if data.get("imported_network") is not None else None))


def _parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog=PROG,
        description="Before cdk deploy: check the account's SageMaker HyperPod quotas, CDK bootstrap stack, model "
                    "buckets, IAM Identity Center and an existing EKS cluster's prerequisites with read-only calls. "
                    "Exit status 0: no check failed; 1: a check failed; 2: usage error (bad arguments, an app file "
                    "that cannot be read, no region or credentials).")
    parser.add_argument("--app", type=Path, required=True,
                        help="your CDK app file (app = cdk.App() ... app.synth(), as in the README, or "
                             "build(app) -> (stack, platform)); nothing is written next to it")
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
        *check_imported_network(clients.ec2, needs.imported_network),
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
    try:
        found = read_app(args.app, PREFLIGHT_NEEDS, context)
    except AppFileError as error:
        stderr.write(f"{error}\n")
        return 2
    needs = [needs_from_data(platform["needs"]) for platform in found]
    regions = {platform["region"] for platform in found} - {None}
    region = args.region or (regions.pop() if len(regions) == 1 else None)
    try:
        if clients is None:
            region = region or _configured_region(args.profile)
        if region is None:
            stdout.write(render_planned(needs, None, "no region", args.toolkit_stack_name))
            stderr.write(f"{PROG}: {NO_REGION_ADVICE}\n")
            return 2
        if clients is None:  # every check calls AWS: without credentials, say what would be checked
            _require_credentials(args.profile)
            clients = AwsClients.for_region(region, args.profile)
    except Exception as error:  # a profile that does not exist, no credentials: one line, nothing checked
        setup = aws_setup_problem(error, PROG)
        if setup is None:
            raise
        stdout.write(render_planned(needs, region, "no usable AWS credentials", args.toolkit_stack_name))
        stderr.write(setup + "\n")
        return 2
    results = [result for platform_needs in needs for result in run_checks(
        platform_needs, clients, region, args.toolkit_stack_name)]
    stdout.write(render(results))
    return 1 if any(result.status is Status.FAIL for result in results) else 0


def _require_credentials(profile: Optional[str]) -> None:
    """Raise botocore's own error when there is no profile of that name or no credentials at all, before the app runs
    and a dozen checks each fail on it."""
    try:
        import boto3
        from botocore.exceptions import NoCredentialsError
    except ImportError:
        return  # AwsClients.for_region says how to install boto3
    if boto3.Session(profile_name=profile).get_credentials() is None:
        raise NoCredentialsError()


def _configured_region(profile: Optional[str]) -> Optional[str]:
    try:
        import boto3
    except ImportError:
        return None
    return boto3.Session(profile_name=profile).region_name
