"""Stack outputs whose logical ids are their names: stable names scripts, docs and ``values.env`` rely on."""
from __future__ import annotations

from aws_cdk import CfnOutput
from constructs import Construct


def stack_output(scope: Construct, name: str, value: str, description: str) -> CfnOutput:
    """An output named ``name`` in the template, whatever the construct path of ``scope``."""
    output = CfnOutput(scope, name, value=value, description=description)
    output.override_logical_id(name)
    return output
