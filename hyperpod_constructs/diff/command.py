"""``python -m hyperpod_constructs.diff OLD NEW``: what deploying NEW over OLD replaces, deletes, refuses or takes
away from running nodes, and what it adds to the bill while idle, without credentials.

    cdk synth -o new.out
    aws cloudformation get-template --stack-name LlmInference --query TemplateBody > deployed.json
    python -m hyperpod_constructs.diff deployed.json new.out --old-manifests previous/dist/manifests

Exit status:
  0  everything was compared and nothing is removed, replaced, refused or newly billed while idle;
  1  something is: a resource replaced or deleted, a change a service refuses (or may refuse), nodes terminated
     or rolled, a Kubernetes object deleted, or more GPUs at the idle floor (this wins over 3);
  2  usage error: an input that cannot be read, stacks that cannot be paired;
  3  nothing of the above in what was compared, but something could not be compared (the Kubernetes objects of a
     deployed template or of GitOps delivery without their manifest folders, or OLD without plan figures).
Needs cfn-lint for the resource schemas (``pip install 'hyperpod-constructs[diff]'``).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional, Sequence, TextIO

from ..command_line import ArgumentParser
from .compare import StackDiff, stack_diff
from .inputs import InputError, StackInput, read_manifest_folder, read_stacks
from .report import render

EXIT_CLEAN, EXIT_DESTRUCTIVE, EXIT_USAGE, EXIT_NOT_COMPARED = 0, 1, 2, 3
MISSING_CFN_LINT = ("python -m hyperpod_constructs.diff reads CloudFormation's resource schemas from cfn-lint; "
                    "install it with pip install 'hyperpod-constructs[diff]' (or pip install cfn-lint)")


def _parser() -> ArgumentParser:
    parser = ArgumentParser(
        prog="python -m hyperpod_constructs.diff",
        description="List, per stack, the resources CloudFormation will replace (and the leaves that cause it), "
                    "delete or update in place, the changes a service refuses, what each HyperPod instance group "
                    "change does to running nodes and which endpoints lose capacity, data-bearing resources left "
                    "retained and still billing, the Kubernetes objects the manifests add, change or delete, and the "
                    "plan's idle floor and ceiling (nodes, GPUs, $/month). Exit status 0: everything compared, "
                    "nothing removed, replaced, refused or newly billed while idle; 1: something is; 2: usage "
                    "error; 3: nothing is in what was compared, but something could not be compared.")
    parser.add_argument("old", type=Path, help="the deployed version: a cloud assembly folder (cdk.out) or a "
                                               "template file, e.g. from aws cloudformation get-template")
    parser.add_argument("new", type=Path, help="the version to deploy: a cloud assembly folder or a template file")
    parser.add_argument("--stack", help="compare this stack only (needed when the inputs hold several stacks and "
                                        "one of them is a single template)")
    parser.add_argument("--old-manifests", type=Path, metavar="DIR",
                        help="the deployed version's dist/manifests folder, for Kubernetes objects when OLD is a "
                             "template or GitOps delivery")
    parser.add_argument("--new-manifests", type=Path, metavar="DIR",
                        help="the new version's dist/manifests folder, for Kubernetes objects under GitOps delivery "
                             "(Argo CD or Flux apply them, not the stack)")
    return parser


def main(argv: Optional[Sequence[str]] = None, *, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    try:
        import cfnlint  # noqa: F401
    except ImportError:
        stderr.write(MISSING_CFN_LINT + "\n")
        return EXIT_USAGE
    try:
        old, new = read_stacks(args.old), read_stacks(args.new)
        old_manifests = read_manifest_folder(args.old_manifests) if args.old_manifests else None
        new_manifests = read_manifest_folder(args.new_manifests) if args.new_manifests else None
        pairs, notes = pair_stacks(old, new, args.stack)
    except InputError as error:
        stderr.write(f"{error}\n")
        return EXIT_USAGE
    diffs: list[StackDiff] = [stack_diff(before, after, old_manifests, new_manifests) for before, after in pairs]
    stdout.write(render(diffs, notes))
    return exit_status(diffs)


def exit_status(diffs: Sequence[StackDiff]) -> int:
    """Destructive wins over not compared: a change known to remove something is held whatever else is unknown."""
    if any(diff.destructive for diff in diffs):
        return EXIT_DESTRUCTIVE
    return EXIT_CLEAN if all(diff.fully_compared for diff in diffs) else EXIT_NOT_COMPARED


def pair_stacks(old: dict[str, StackInput], new: dict[str, StackInput],
                only: Optional[str]) -> tuple[list[tuple[StackInput, StackInput]], list[str]]:
    """Which old stack each new one is compared with: by name, or the only one of each side (a template file's
    name says nothing of its stack). A stack only in NEW is compared with an empty one."""
    if only is not None:
        if all(stack.from_template_file for stack in (*old.values(), *new.values())):
            raise InputError(f"--stack {only}: both inputs are template files, which name no stack, so --stack "
                             "cannot be checked; leave it out, or give a cloud assembly folder (cdk synth -o <folder>)")
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
