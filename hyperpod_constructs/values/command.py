"""``python -m hyperpod_constructs.values``: fill ``values.env`` from the outputs of the deployed stack.

    python -m hyperpod_constructs.values --stack LlmInference                  # fills dist/manifests/values.env
    python -m hyperpod_constructs.values --stack LlmInference --region us-west-2 --output -   # prints it

Needs boto3 (``pip install 'hyperpod-constructs[values]'``) and credentials allowed
``cloudformation:DescribeStacks`` on the stack. Exit status: 0 filled, 1 the stack's outputs could not be read or do
not fill the file, 2 a usage error (no such file, no region, no credentials).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Optional, Sequence, TextIO

from ..command_line import ArgumentParser
from ..error_output import aws_setup_problem
from ..input_files import InputFileError, check_writable, read_text_input, shown
from .env_file import MissingValuesError, ValuesFileError, fill, names

PROG = "python -m hyperpod_constructs.values"
STACK_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]{0,127}$")
MAX_VALUES_BYTES = 1_000_000  # a values.env lists a few dozen names
DEFAULT_FILE = Path("dist/manifests/values.env")
MISSING_BOTO3 = ("python -m hyperpod_constructs.values needs boto3 to read the stack's outputs; install it with "
                 "pip install 'hyperpod-constructs[values]' (or pip install boto3)")


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG,
                                     description="Fill the values.env that platform.export() wrote with the outputs of "
                                                 "the deployed stack (each value is the stack output of its name).")
    parser.add_argument("--stack", required=True, help="name of the deployed stack, e.g. LlmInference")
    parser.add_argument("--region", help="the stack's region (default: boto3's: AWS_DEFAULT_REGION or the profile's region)")
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE,
                        help=f"the exported values.env (default: {DEFAULT_FILE})")
    parser.add_argument("--output", "-o", help="where to write the filled file, - for standard output "
                                               "(default: --file itself)")
    return parser


def cloudformation_client(region: Optional[str]) -> Any:
    try:
        import boto3
    except ImportError:
        raise SystemExit(MISSING_BOTO3) from None
    return boto3.client("cloudformation", region_name=region)


def stack_outputs(client: Any, stack: str) -> dict[str, str]:
    """OutputKey -> OutputValue of ``stack`` (DescribeStacks returns every output of one stack at once)."""
    (found,) = client.describe_stacks(StackName=stack)["Stacks"]
    return {output["OutputKey"]: output["OutputValue"] for output in found.get("Outputs", [])}


def region_of(client: Any) -> str:
    """The region a boto3 client calls (``client.meta.region_name``), for messages."""
    return str(getattr(getattr(client, "meta", None), "region_name", None) or "its region")


def main(argv: Optional[Sequence[str]] = None, *, client: Any = None, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    if not STACK_NAME.match(args.stack):
        stderr.write(f"--stack {shown(args.stack)} is not a CloudFormation stack name (a letter, then letters, digits "
                     "and hyphens, at most 128)\n")
        return 2
    try:
        if not args.file.exists():
            raise InputFileError(f"--file {args.file} does not exist; platform.export(...) writes it to "
                                 "<dir>/manifests/values.env")
        text = read_text_input(args.file, "--file", MAX_VALUES_BYTES,
                               "the values.env platform.export(...) writes to <dir>/manifests/values.env")
        names(text)  # a line that is not Name=value is refused before any AWS call
        if args.output not in (None, "-"):
            check_writable(Path(args.output), "--output")
    except (InputFileError, ValuesFileError) as error:
        stderr.write(f"{error}\n" if isinstance(error, InputFileError) else f"--file {args.file}: {error}\n")
        return 2
    try:
        client = client or cloudformation_client(args.region)
        outputs = stack_outputs(client, args.stack)
    except Exception as error:  # no region or credentials, no such stack, permissions: one line, no traceback
        setup = aws_setup_problem(error, PROG)
        if setup is not None:
            stderr.write(setup + "\n")
            return 2
        if "does not exist" in str(error) and type(error).__name__ == "ClientError":
            stderr.write(f"--stack {args.stack}: no such stack in {region_of(client)}; name the deployed stack "
                         "(aws cloudformation list-stacks) and its region (--region)\n")
            return 2
        if type(error).__module__.startswith("botocore"):
            stderr.write(f"reading the outputs of stack {args.stack!r} failed: {error}\n")
            return 1
        raise
    try:
        filled = fill(text, outputs)
    except MissingValuesError as error:
        stderr.write(f"{args.file} lists {', '.join(error.missing)}, which stack {args.stack!r} has no output of; "
                     f"deploy the app that exported these manifests to this stack first (its outputs: "
                     f"{', '.join(sorted(outputs)) or 'none'})\n")
        return 1
    except ValuesFileError as error:
        stderr.write(f"{args.file}: {error}\n")
        return 1
    if args.output == "-":
        stdout.write(filled)
    else:
        Path(args.output or args.file).write_text(filled)
    return 0
