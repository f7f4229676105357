"""CDK's built-in CloudFormation validation: off in the test processes (tests/conftest.py), on where users meet it.
The shared apps register it themselves (apps_support.synthesize), so what every example synthesizes is validated."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2

from apps_support import synthesize


def _a_malformed_vpc_id(app: cdk.App) -> tuple[cdk.Stack, Any]:
    stack = cdk.Stack(app, "Malformed")
    ec2.CfnSecurityGroup(stack, "Group", group_description="test", vpc_id="not-a-vpc-id")
    return stack, None


def test_an_app_of_a_tests_own_is_not_validated(tmp_path: Path) -> None:
    assert os.environ["CDK_VALIDATION"] == "false"
    app = cdk.App(outdir=str(tmp_path))
    _a_malformed_vpc_id(app)
    assert app.synth().get_stack_by_name("Malformed").template["Resources"]["Group"]


def test_a_shared_app_is_validated_as_cdk_synth_validates_it(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match=r"VpcId: 'not-a-vpc-id' does not match format 'AWS::EC2::VPC\.Id' "
                                           r"\(CloudFormation Validate\)"):
        synthesize(_a_malformed_vpc_id, tmp_path)
