"""What a user of `cdk synth` sees when the app fails: the library's message, not a page of traceback.

Three kinds of failure reach the top of an app uncaught:

- bad input found while the app is built (``HyperPodValidationError``, ``HyperPodProblems`` from ``export()``):
  the traceback runs through this library's internals and the message already says what is wrong;
- the same errors raised by the library's own synth-time callbacks (aspects): they cross the jsii bridge, so
  ``app.synth()`` raises a ``RuntimeError`` with a JavaScript stack; the callbacks run in ``crossing_jsii()``, which
  remembers the message so it can be recognised;
- whole-app checks found by ``app.synth()``: CDK raises its validation report across the jsii bridge, so Python
  prints a JavaScript stack and a traceback through jsii before the report.

Importing the library replaces the uncaught-exception printer (``sys.excepthook``) for these only: it prints
the message (with the statement of the user's code that raised it) and a hint, and the process still exits with
status 1, so `cdk synth` fails as before. Any other exception, and callers that catch the error themselves (tests,
other tools), are not affected. ``HYPERPOD_CONSTRUCTS_TRACEBACK=1`` prints the full traceback.
"""
from __future__ import annotations

import ast
import linecache
import os
import sys
import sysconfig
import textwrap
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Callable, Iterator, Optional

from .errors import HyperPodProblems, HyperPodValidationError

TRACEBACK_ENV = "HYPERPOD_CONSTRUCTS_TRACEBACK"
# CDK's ValidationFailedWithErrors message, as jsii raises it (RuntimeError) from app.synth().
REPORT_START = "Validation failed with the following errors:"
HINT = f"(set {TRACEBACK_ENV}=1 to see the Python traceback)"
_LIBRARY_DIRS = {Path(__file__).resolve().parent,
                 *(Path(sysconfig.get_path(name)).resolve() for name in ("stdlib", "purelib", "platlib"))}

ExceptHook = Callable[[type[BaseException], BaseException, Optional[TracebackType]], object]


def validation_report(error: BaseException) -> Optional[str]:
    """CDK's validation report carried by ``error``, or None if it is some other error."""
    text = str(error)
    start = text.find(REPORT_START)
    return text[start:].rstrip() if start >= 0 else None


def _is_library(path: Path) -> bool:
    """This package, an installed one (jsii, aws_cdk) or the standard library: not the user's code."""
    resolved = path.resolve()
    return any(folder in resolved.parents for folder in _LIBRARY_DIRS)


def raised_at(trace: Optional[TracebackType]) -> Optional[str]:
    """``file:line`` of the innermost frame in the user's code and its statement: the call that was refused. A value
    such as ``Autoscaling(...)`` is refused before the endpoint it is for exists; the statement shows which one."""
    found = None
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        path = Path(filename)
        if not filename.startswith("<") and not _is_library(path):
            code = "".join(f"\n    {line}" for line in _statement(filename, trace.tb_lineno))
            found = f"{_relative(path)}:{trace.tb_lineno}{code}"
        trace = trace.tb_next
    return found


def _statement(filename: str, line: int, most: int = 6) -> list[str]:
    """The lines of the innermost statement holding ``line`` (its first ``most`` - 1 and ``line`` when it is longer),
    dedented as one block."""
    lines = linecache.getlines(filename)
    try:
        tree: Optional[ast.AST] = ast.parse("".join(lines))
    except SyntaxError:
        tree = None
    spans = [(node.lineno, node.end_lineno or node.lineno) for node in (ast.walk(tree) if tree is not None else ())
             if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno)]
    first, last = max(spans, default=(line, line))  # the innermost starts last
    numbers = list(range(first, last + 1))
    if len(numbers) > most:
        numbers = numbers[:most - 1] + ([line] if line >= first + most - 1 else [])
    block = textwrap.dedent("".join(lines[number - 1] for number in numbers if number <= len(lines)))
    return [text.rstrip() for text in block.splitlines() if text.strip()]


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


_CROSSED_JSII: list[str] = []  # messages of the library's errors raised inside jsii callbacks


@contextmanager
def crossing_jsii() -> Iterator[None]:
    """Around a callback jsii runs (an aspect's ``visit``): the library's error it raises is printed as its message
    when it comes back out of ``app.synth()`` as jsii's RuntimeError."""
    try:
        yield
    except (HyperPodValidationError, HyperPodProblems) as error:
        _CROSSED_JSII.append(str(error))
        raise


def summary(error: BaseException, trace: Optional[TracebackType]) -> Optional[str]:
    """What to print instead of the traceback, or None for an error this module leaves to Python."""
    crossed = [message for message in _CROSSED_JSII if isinstance(error, RuntimeError) and message in str(error)]
    if isinstance(error, (HyperPodValidationError, HyperPodProblems)) or crossed:
        location = raised_at(trace)
        return (crossed[0] if crossed else str(error)) + (f"\n  at {location}" if location else "")
    return validation_report(error)


def _print_summary(kind: type[BaseException], error: BaseException, trace: Optional[TracebackType]) -> None:
    text = None if os.environ.get(TRACEBACK_ENV) else summary(error, trace)
    if text is None:
        _PREVIOUS_HOOK[0](kind, error, trace)
        return
    sys.stderr.write(f"{text}\n\n{HINT}\n")
    sys.stderr.flush()


_PREVIOUS_HOOK: list[ExceptHook] = [sys.excepthook]


def install() -> None:
    """Print the library's messages instead of tracebacks for its own uncaught errors (idempotent)."""
    if sys.excepthook is not _print_summary:
        _PREVIOUS_HOOK[0] = sys.excepthook
        sys.excepthook = _print_summary


# Where botocore finds a region: AWS_DEFAULT_REGION or the profile's `region` (botocore's configprovider reads no
# AWS_REGION, which only the AWS CLI v2 and other SDKs read).
NO_REGION_ADVICE = ("no AWS region: pass --region, or set AWS_DEFAULT_REGION (AWS_REGION is not read by boto3), or "
                    "aws configure set region <region>")

# botocore's errors for an AWS setup that cannot make a call at all, by class name (botocore is optional).
_NO_REGION = ("NoRegionError",)
_NO_CREDENTIALS = ("NoCredentialsError", "PartialCredentialsError", "ProfileNotFound", "SSOTokenLoadError",
                   "TokenRetrievalError", "UnauthorizedSSOTokenError", "CredentialRetrievalError")


def aws_setup_problem(error: BaseException, command: str) -> Optional[str]:
    """One line for a missing region or missing credentials, which every command reports the same way (exit status
    2, nothing was checked); None for any other error."""
    if not type(error).__module__.startswith("botocore"):
        return None
    name = type(error).__name__
    if name in _NO_REGION:
        return f"{command}: {NO_REGION_ADVICE}"
    if name in _NO_CREDENTIALS:
        return (f"{command}: no usable AWS credentials ({error}): run aws configure or aws sso login, or set "
                "AWS_PROFILE, then run it again")
    return None
