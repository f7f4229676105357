"""``python -m hyperpod_constructs.plan``: the plan of the platforms an app builds (nodes, GPUs, MIG slices,
endpoints, cost at the floor and the ceiling, cold starts), as ``dist/plan.txt`` would hold it, without writing
``dist/`` or ``cdk.out``.

    python -m hyperpod_constructs.plan --app app.py
    python -m hyperpod_constructs.plan --app app.py --json > plan.json

``--app`` takes your CDK app file as the README writes it (``build(app)``, or a plain app run as ``__main__``); it
runs in a child process that writes nothing next to it (``app_file.read_app``). Exit status, as the other commands:
0 the plan was printed; 1 the plan was printed but its cost leaves nodes out (the platform was given prices and an
instance type it runs has none: named on stderr and in the plan; unpriced fixed costs are named in the plan only); 2 a usage error (bad arguments, an app file that cannot
be read or that synth refuses).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional, Sequence, TextIO

from ..command_line import ArgumentParser
from ..app_file import AppFileError, read_app
from .reader import PLAN_READER

PROG = "python -m hyperpod_constructs.plan"
EXIT_PLANNED, EXIT_UNPRICED, EXIT_USAGE = 0, 1, 2


def _parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog=PROG,
        description="Print the plan of the platforms an app file builds (nodes, GPUs, MIG slices, endpoints, cost) "
                    "without writing dist/ or cdk.out. Exit status 0: the plan; 1: the plan, with prices missing for "
                    "something it runs; 2: usage error (bad arguments, an app file that cannot be read or that synth "
                    "refuses).")
    parser.add_argument("--app", type=Path, required=True,
                        help="your CDK app file (build(app) -> (stack, platform) as in the README, or a plain app "
                             "ending in app.synth()); nothing is written next to it")
    parser.add_argument("--json", action="store_true",
                        help="print the plan as JSON: per platform its construct path, groups, endpoints, floor, "
                             "ceiling, cost and what is unpriced")
    parser.add_argument("--context", "-c", action="append", default=[], metavar="KEY=VALUE",
                        help="CDK context for the app, as cdk synth -c KEY=VALUE")
    return parser


def main(argv: Optional[Sequence[str]] = None, *, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    context = {}
    for item in args.context:
        key, equals, value = item.partition("=")
        if not equals or not key:
            stderr.write(f"--context {item!r} is not KEY=VALUE\n")
            return EXIT_USAGE
        context[key] = value
    try:
        found: list[dict[str, Any]] = read_app(args.app, PLAN_READER, context)
    except AppFileError as error:
        stderr.write(f"{error}\n")
        return EXIT_USAGE
    if args.json:
        stdout.write(json.dumps([{"platform": platform["platform"], **platform["figures"]} for platform in found],
                                indent=2) + "\n")
    else:
        several = len(found) > 1
        stdout.write("\n".join((f"== {platform['platform']}\n" if several else "") + platform["text"]
                               for platform in found))
    unpriced = [(platform["platform"], platform["figures"]["unpricedInstanceTypes"]) for platform in found]
    for path, types in unpriced:
        if types:
            stderr.write(f"{path}: no price for {', '.join(types)}: the cost leaves these nodes out; add them to "
                         "the price file (python -m hyperpod_constructs.prices --app ... --output prices.json)\n")
    return EXIT_UNPRICED if any(types for _, types in unpriced) else EXIT_PLANNED
