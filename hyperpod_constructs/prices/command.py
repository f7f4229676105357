"""``python -m hyperpod_constructs.prices``: write a dated price file from the AWS Price List API.

    python -m hyperpod_constructs.prices --region us-west-2 --app app.py --output prices.json
    python -m hyperpod_constructs.prices --region us-west-2 --instance-types ml.p5.48xlarge ml.m5.2xlarge

``--app`` takes your CDK app file as the README writes it, or one with ``build(app)``; it runs in a child process that
writes nothing next to it (``app_file.read_app``). An app that reads the price file being written
(``Prices.from_file("prices.json")``) runs unpriced while its instance types are read, whether the file is missing or
empty (``--output`` writes it only once the prices are in; a shell redirect ``> prices.json`` empties it first).
Needs boto3 (``pip install 'hyperpod-constructs[prices]'``) and credentials allowed ``pricing:GetProducts``. Exit
status: 0 every price found, 1 a price is missing or the Price List API refused a call, 2 a usage error (bad
arguments, an app file that cannot be read, no credentials).
"""
from __future__ import annotations

import datetime
import json
import re
import sys
from pathlib import Path
from typing import Any, Optional, Sequence, TextIO

from ..command_line import ArgumentParser
from ..app_file import AppFileError, read_app
from ..catalog.instance_types import instance_type
from ..error_output import aws_setup_problem
from ..input_files import InputFileError, check_writable
from .model import FORMAT, FSX_PERSISTENT_2_TIERS, PRICE_FILE_PENDING_ENV
from .price_list import (
    PRICE_LIST_API_REGIONS, eks_cluster_query, fsx_lustre_query, grafana_user_query, hyperpod_instance_query,
    nat_gateway_query, try_lookup,
)

PROG = "python -m hyperpod_constructs.prices"
SOURCE = "AWS Price List Query API (pricing:GetProducts), On-Demand"
_REGION = re.compile(r"^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d+$")
MISSING_BOTO3 = ("python -m hyperpod_constructs.prices needs boto3 to call the AWS Price List API; install it with "
                 "pip install 'hyperpod-constructs[prices]' (or pip install boto3)")


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG,
                                     description="Write a dated price file (JSON) for the HyperPod instance types an "
                                                 "app uses and the fixed costs the platform adds.")
    parser.add_argument("--region", required=True, help="region the platform is deployed to, e.g. us-west-2")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--instance-types", nargs="+", metavar="TYPE",
                      help="HyperPod instance types, e.g. ml.p5.48xlarge")
    what.add_argument("--app", type=Path, help="your CDK app file (app = cdk.App() ... app.synth(), as in the README, "
                                               "or build(app) -> (stack, platform)); its instance types and model "
                                               "store tier are priced, nothing is written next to it")
    parser.add_argument("--fsx-throughput", type=int, nargs="+", choices=FSX_PERSISTENT_2_TIERS, metavar="MBPS",
                        help=f"FSx for Lustre PERSISTENT_2 tiers to price (default: the app's, or all of "
                             f"{FSX_PERSISTENT_2_TIERS})")
    parser.add_argument("--amp-monthly", type=float, help="your monthly Amazon Managed Prometheus estimate, USD")
    parser.add_argument("--grafana-monthly", type=float, help="your monthly Amazon Managed Grafana estimate, USD")
    parser.add_argument("--grafana-editors", type=int, help="active Grafana editors/admins: priced from the "
                                                            "Price List API's per-user license")
    parser.add_argument("--grafana-viewers", type=int, help="active Grafana viewers, priced the same way")
    parser.add_argument("--pricing-region", default="us-east-1", choices=PRICE_LIST_API_REGIONS,
                        help="endpoint of the Price List API (it serves every region's prices)")
    parser.add_argument("--output", "-o", type=Path, help="write the price file here once the prices are in, instead "
                                                          "of standard output (a shell redirect > FILE empties FILE "
                                                          "before an app that reads it runs)")
    return parser


# The reader runs in the app's process; named, not imported: the prices layer is below the platform it reads.
PRICE_NEEDS_READER = "hyperpod_constructs.preflight.app_readers:price_needs"


def app_needs(path: Path) -> tuple[list[str], list[int]]:
    """Instance types and FSx tiers of the platforms an app file builds (``app_file.read_app``: the README's plain
    app or ``build(app)``; nothing is written into the user's folders). Raises ``AppFileError``."""
    found = read_app(path, PRICE_NEEDS_READER, environment={PRICE_FILE_PENDING_ENV: "1"})
    types = list(dict.fromkeys(name for platform in found for name in platform["instance_types"]))
    tiers = list(dict.fromkeys(tier for platform in found for tier in platform["fsx_tiers"]))
    return types, tiers


def build_price_file(client: Any, *, region: str, instance_types: Sequence[str], fsx_tiers: Sequence[int],
                     amp_monthly: Optional[float] = None, grafana_monthly: Optional[float] = None,
                     grafana_users: Optional[tuple[int, int]] = None,
                     today: Optional[datetime.date] = None) -> dict[str, Any]:
    """The price file as a dict; anything not found is listed under ``missing`` with the reason."""
    missing: list[str] = []

    def priced(query: Any, unit: str) -> Optional[dict[str, Any]]:
        """The price entry, or None with the reason added to ``missing``."""
        price, problem = try_lookup(client, query)
        if price is None:
            missing.append(str(problem))
            return None
        return price.as_entry(unit)

    instances = {instance_type: entry for instance_type in instance_types
                 if (entry := priced(hyperpod_instance_query(region, instance_type), "usd_per_hour")) is not None}
    data: dict[str, Any] = {
        "format": FORMAT,
        "source": SOURCE,
        "region": region,
        "retrieved": (today or datetime.date.today()).isoformat(),
        "currency": "USD",
        "instances": instances,
    }
    for key, query in (("eks_cluster", eks_cluster_query(region)), ("nat_gateway", nat_gateway_query(region))):
        if (entry := priced(query, "usd_per_hour")) is not None:
            data[key] = entry
    # Billed per GB-month of provisioned capacity, which FSx states in GiB.
    tiers = {str(tier): entry for tier in fsx_tiers
             if (entry := priced(fsx_lustre_query(region, tier), "usd_per_gib_month")) is not None}
    if tiers:
        data["fsx_lustre_persistent_2"] = tiers
    for key, value in (("amp", amp_monthly), ("grafana", grafana_monthly)):
        if value is not None:
            data[key] = {"usd_per_month": value, "source": "given on the command line (usage-based service)"}
    if grafana_users is not None:
        data.update(_grafana_licenses(client, region, *grafana_users, missing))
    data["missing"] = missing
    return data


def _grafana_licenses(client: Any, region: str, editors: int, viewers: int, missing: list[str]) -> dict[str, Any]:
    """Grafana a month = editors x editor license + viewers x viewer license (Price List API rates)."""
    entries: dict[str, Any] = {}
    total = 0.0
    for role, users in (("Editor", editors), ("Viewer", viewers)):
        if not users:
            continue
        price, problem = try_lookup(client, grafana_user_query(region, role))
        if price is None:
            missing.append(str(problem))
            return {}
        entries[f"{role.lower()}s"] = {"users": users, **price.as_entry("usd_per_user_month")}
        total += users * price.usd
    return {"grafana": {"usd_per_month": round(total, 10), "source": "Price List API per-user licenses",
                        **entries}}


def would_price(region: str, instance_types: Sequence[str], fsx_tiers: Sequence[int], grafana_users: bool) -> str:
    """What the command asks the Price List API for, said when it cannot ask (no credentials)."""
    items = [f"HyperPod node-hours of {', '.join(instance_types)}" if instance_types else None,
             "the EKS control plane", "a NAT gateway",
             f"FSx for Lustre PERSISTENT_2 tier {', '.join(map(str, fsx_tiers))} MB/s/TiB" if fsx_tiers else None,
             "Amazon Managed Grafana editor and viewer licenses" if grafana_users else None]
    return f"not priced; with credentials it asks for, in {region}: {'; '.join(item for item in items if item)}\n"


def pricing_client(region: str) -> Any:
    try:
        import boto3
    except ImportError:
        raise SystemExit(MISSING_BOTO3) from None
    return boto3.client("pricing", region_name=region)


def main(argv: Optional[Sequence[str]] = None, *, client: Any = None, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr, today: Optional[datetime.date] = None) -> int:
    args = _parser().parse_args(argv)
    if not _REGION.match(args.region):
        stderr.write(f"--region {args.region!r} is not a region name such as us-west-2\n")
        return 2
    if args.instance_types:
        bad = [name for name in args.instance_types if instance_type(name) is None]
        if bad:
            stderr.write(f"--instance-types {bad} are not HyperPod instance types such as ml.p5.48xlarge\n")
            return 2
        instance_types, tiers = list(dict.fromkeys(args.instance_types)), list(FSX_PERSISTENT_2_TIERS)
    else:
        try:
            instance_types, tiers = app_needs(args.app)
        except AppFileError as error:
            stderr.write(f"{error}\n")
            return 2
    if args.output is not None:
        try:
            check_writable(args.output, "--output")
        except InputFileError as error:
            stderr.write(f"{error}\n")
            return 2
    if args.fsx_throughput:
        tiers = list(dict.fromkeys(args.fsx_throughput))
    for name in ("amp_monthly", "grafana_monthly"):
        value = getattr(args, name)
        if value is not None and not value >= 0:
            stderr.write(f"--{name.replace('_', '-')} {value} is not a price; give USD per month, 0 or more\n")
            return 2
    for name in ("grafana_editors", "grafana_viewers"):
        value = getattr(args, name)
        if value is not None and value < 0:
            stderr.write(f"--{name.replace('_', '-')} {value} is not a number of users; give 0 or more\n")
            return 2
    users = None
    if args.grafana_editors is not None or args.grafana_viewers is not None:
        if args.grafana_monthly is not None:
            stderr.write("--grafana-monthly and --grafana-editors/--grafana-viewers both price Grafana; give one\n")
            return 2
        users = (args.grafana_editors or 0, args.grafana_viewers or 0)
    client = client or pricing_client(args.pricing_region)
    try:
        data = build_price_file(client, region=args.region, instance_types=instance_types, fsx_tiers=tiers,
                                amp_monthly=args.amp_monthly, grafana_monthly=args.grafana_monthly,
                                grafana_users=users, today=today)
    except Exception as error:  # credentials, permissions, throttling: say what failed, no traceback
        setup = aws_setup_problem(error, PROG)
        if setup is not None:  # nothing was asked: say what would have been, then why not
            stderr.write(would_price(args.region, instance_types, tiers, users is not None) + setup + "\n")
            return 2
        if type(error).__module__.startswith("botocore"):
            stderr.write(f"the AWS Price List API call failed: {error}\n")
            return 1
        raise
    text = json.dumps(data, indent=2, sort_keys=False) + "\n"
    if args.output:
        args.output.write_text(text)
    else:
        stdout.write(text)
    for problem in data["missing"]:
        stderr.write(f"missing: {problem}\n")
    return 1 if data["missing"] else 0
