"""No JavaScript stack traces in what the library's constructs record (warnings, metadata).

CDK records, with each warning, the stack of the call that added it. Called from Python, that stack is the jsii
kernel's (``/tmp/tmp.../lib/program.js``), never the user's code, and `cdk synth` prints its first frame as a stray
line above the warning. CDK skips the trace under a construct whose context sets ``aws:cdk:disable-stack-trace``.
"""
from __future__ import annotations

from constructs import Construct

DISABLE_METADATA_STACK_TRACE = "aws:cdk:disable-stack-trace"  # aws-cdk-lib cx-api's context key


def record_no_stack_traces(construct: Construct) -> None:
    """For ``construct`` and everything under it; call it before adding children (CDK's rule for set_context)."""
    construct.node.set_context(DISABLE_METADATA_STACK_TRACE, True)
