"""``python -m hyperpod_constructs.diff OLD NEW``: what deploying NEW over OLD replaces, deletes or leaves behind,
without credentials.

    cdk synth -o new.out
    aws cloudformation get-template --stack-name LlmInference --query TemplateBody > deployed.json
    python -m hyperpod_constructs.diff deployed.json new.out --old-manifests previous/dist/manifests

Exit status: 0 nothing is replaced or deleted, 1 something is (a resource, or a Kubernetes object the manifest
applier prunes), 2 usage error (an input that cannot be read). Needs cfn-lint for the resource schemas
(``pip install 'hyperpod-constructs[diff]'``).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional, Sequence, TextIO

from .compare import StackDiff, stack_diff
from .inputs import InputError, StackInput, read_manifest_folder, read_stacks
from .report import render

MISSING_CFN_LINT = ("python -m hyperpod_constructs.diff reads CloudFormation's resource schemas from cfn-lint; "
                    "install it with pip install 'hyperpod-constructs[diff]' (or pip install cfn-lint)")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hyperpod_constructs.diff",
        description="List, per stack, the resources CloudFormation will replace (and the property that causes it) "
                    "or delete, data-bearing resources left retained and still billing, and the Kubernetes "
                    "objects the manifest bundle adds, changes or deletes. Exit status 0: nothing replaced or "
                    "deleted; 1: something is replaced or deleted; 2: usage error.")
    parser.add_argument("old", type=Path, help="the deployed version: a cloud assembly folder (cdk.out) or a "
                                               "template file, e.g. from aws cloudformation get-template")
    parser.add_argument("new", type=Path, help="the version to deploy: a cloud assembly folder or a template file")
    parser.add_argument("--stack", help="compare this stack only (needed when the inputs hold several stacks and "
                                        "one of them is a single template)")
    parser.add_argument("--old-manifests", type=Path, metavar="DIR",
                        help="the deployed version's dist/manifests folder, for Kubernetes objects when OLD is a "
                             "template")
    return parser


def main(argv: Optional[Sequence[str]] = None, *, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    try:
        import cfnlint  # noqa: F401
    except ImportError:
        stderr.write(MISSING_CFN_LINT + "\n")
        return 2
    try:
        old, new = read_stacks(args.old), read_stacks(args.new)
        old_manifests = read_manifest_folder(args.old_manifests) if args.old_manifests else None
        pairs, notes = pair_stacks(old, new, args.stack)
    except InputError as error:
        stderr.write(f"{error}\n")
        return 2
    diffs: list[StackDiff] = [stack_diff(before, after, old_manifests) for before, after in pairs]
    stdout.write(render(diffs, notes))
    return 1 if any(diff.destructive for diff in diffs) else 0


def pair_stacks(old: dict[str, StackInput], new: dict[str, StackInput],
                only: Optional[str]) -> tuple[list[tuple[StackInput, StackInput]], list[str]]:
    """Which old stack each new one is compared with: by name, or the only one of each side (a template file's
    name says nothing of its stack). A stack only in NEW is compared with an empty one."""
    if only is not None:
        def pick(stacks: dict[str, StackInput], side: str) -> StackInput:
            if only in stacks:
                return stacks[only]
            if len(stacks) == 1 and next(iter(stacks.values())).from_template_file:
                return next(iter(stacks.values()))
            raise InputError(f"--stack {only}: {side} holds {', '.join(sorted(stacks)) or 'no stack'}")
        return [(pick(old, "OLD"), pick(new, "NEW"))], []
    if len(old) == 1 and len(new) == 1:
        return [(next(iter(old.values())), next(iter(new.values())))], []
    for side, stacks in (("OLD", old), ("NEW", new)):
        if len(stacks) > 1 and any(stack.from_template_file for stack in (*old.values(), *new.values())):
            raise InputError(f"one input is a template and {side} holds the stacks {', '.join(sorted(stacks))}: "
                             "name the one to compare with --stack")
    pairs = [(old.get(name) or StackInput(name, {"Resources": {}}, {}, False), new[name]) for name in sorted(new)]
    notes = [f"Stack {name}: not in NEW, not compared (cdk deploy does not delete it)"
             for name in sorted(old.keys() - new.keys())]
    return pairs, notes
