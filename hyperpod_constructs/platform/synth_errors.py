"""When whole-app checks fail, `cdk synth` shows the problems first, not 35 lines of jsii traceback.

CDK reports ``node.add_validation`` problems by raising from ``app.synth()``; the exception crosses the
jsii bridge, so Python prints a JavaScript stack and a Python traceback through jsii's internals before
the message. Nothing in that traceback is the user's mistake. Once a platform has found problems, this
module replaces the uncaught-exception printer for that one exception: it prints CDK's validation report
(every construct's problems, not only the platform's) and nothing else, and the process still exits with
status 1, so `cdk synth` fails as before. Other exceptions, and callers that catch the error themselves
(tests, other tools), are not affected. Set ``HYPERPOD_CONSTRUCTS_TRACEBACK=1`` for the full traceback.
"""
from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import Optional

TRACEBACK_ENV = "HYPERPOD_CONSTRUCTS_TRACEBACK"
# CDK's ValidationFailedWithErrors message, as jsii raises it (RuntimeError) from app.synth().
REPORT_START = "Validation failed with the following errors:"


def validation_report(error: BaseException) -> Optional[str]:
    """CDK's validation report carried by ``error``, or None if it is some other error."""
    text = str(error)
    start = text.find(REPORT_START)
    return text[start:].rstrip() if start >= 0 else None


def _print_report(kind: type[BaseException], error: BaseException, trace: Optional[TracebackType]) -> None:
    report = validation_report(error)
    if report is None or os.environ.get(TRACEBACK_ENV):
        _PREVIOUS_HOOK[0](kind, error, trace)
        return
    sys.stderr.write(f"{report}\n\n(set {TRACEBACK_ENV}=1 to see the Python traceback)\n")
    sys.stderr.flush()


_PREVIOUS_HOOK = [sys.excepthook]


def show_validation_report_on_exit() -> None:
    """Print CDK's validation report instead of a traceback if ``app.synth()`` fails uncaught."""
    if sys.excepthook is not _print_report:
        _PREVIOUS_HOOK[0] = sys.excepthook
        sys.excepthook = _print_report
