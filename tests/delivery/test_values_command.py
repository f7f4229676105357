"""GitOps values: `python -m hyperpod_constructs.values` fills values.env from the stack's outputs (CloudFormation
answered by botocore's Stubber), and the export filled with a synthesized stack's outputs is valid Kubernetes."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import boto3
import pytest
import yaml
from botocore.stub import Stubber

from apps_support import DEFAULT_APP, SynthesizedApp, app_files, app_param
from deployability.cfn_resolve import TemplateResolver
from hyperpod_constructs.values import MissingValuesError, ValuesFileError, fill, names, substitute
from hyperpod_constructs.values.command import main
from support import run_command, validate_manifest

STACK = "LlmInference"
VALUES_ENV = "# Fill each value from the stack output of the same name\nModelStoreDnsName=\nRegion=\n"


def stubbed_client(outputs: dict[str, str], stack: str = STACK) -> tuple[Any, Stubber]:
    """A real botocore CloudFormation client whose DescribeStacks answers with ``outputs`` (dummy keys, no network)."""
    client = boto3.client("cloudformation", region_name="us-west-2", aws_access_key_id="testing",
                          aws_secret_access_key="testing")
    stubber = Stubber(client)
    stubber.add_response("describe_stacks", {"Stacks": [{
        "StackName": stack, "CreationTime": "2026-11-30T12:00:00Z", "StackStatus": "CREATE_COMPLETE",
        "Outputs": [{"OutputKey": key, "OutputValue": value} for key, value in outputs.items()]}]},
        {"StackName": stack})
    return client, stubber


def run(argv: list[str], client: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, client=client, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# ---- the file ---------------------------------------------------------------------------------------------------

def test_names_are_the_listed_ones_in_order() -> None:
    assert names(VALUES_ENV) == ["ModelStoreDnsName", "Region"]


def test_fill_sets_every_name_and_keeps_comments() -> None:
    filled = fill(VALUES_ENV, {"Region": "us-west-2", "ModelStoreDnsName": "fs-1.fsx.us-west-2.amazonaws.com",
                               "Other": "not listed"})
    assert filled == ("# Fill each value from the stack output of the same name\n"
                      "ModelStoreDnsName=fs-1.fsx.us-west-2.amazonaws.com\nRegion=us-west-2\n")
    assert fill(filled, {"Region": "eu-west-1", "ModelStoreDnsName": "x"}).endswith("Region=eu-west-1\n")  # refilled


def test_fill_names_every_value_it_lacks() -> None:
    with pytest.raises(MissingValuesError, match="^no value for ModelStoreDnsName, Region$") as raised:
        fill(VALUES_ENV, {})
    assert raised.value.missing == ["ModelStoreDnsName", "Region"]


def test_a_value_with_a_line_break_is_refused() -> None:
    with pytest.raises(ValuesFileError, match="the values of Region hold a line break; values.env holds one line per"):
        fill("Region=\n", {"Region": "us-west-2\nEvil=1"})


def test_a_line_that_is_not_name_equals_value_is_refused() -> None:
    with pytest.raises(ValuesFileError, match=r"values.env line 2: 'export Region' is not allowed; Name=value, or a "
                                              "comment starting with #"):
        names("# header\nexport Region\n")


def test_substitute_is_envsubst_restricted_to_the_given_names() -> None:
    text = 'a: ${Region}\nb: "$Region"\nc: ${Other}\nd: $RegionX\ne: exec vllm serve "$@" $HOME\n'
    assert substitute(text, {"Region": "us-west-2"}) == (
        'a: us-west-2\nb: "us-west-2"\nc: ${Other}\nd: $RegionX\ne: exec vllm serve "$@" $HOME\n')


@pytest.mark.skipif(shutil.which("envsubst") is None, reason="GNU gettext's envsubst is not installed")
def test_substitute_gives_what_the_documented_envsubst_step_gives(quick_setup: SynthesizedApp, tmp_path: Path) -> None:
    # docs/delivery.md: envsubst "$Name1 $Name2 ..." < file, the names being those of values.env.
    quick_setup.platform.export(tmp_path, picture=False)  # plan.svg: tests/examples
    manifests = tmp_path / "manifests"
    values = dict(line.split("=", 1) for line in
                  fill((manifests / "values.env").read_text(), example_outputs(quick_setup)).splitlines()
                  if not line.startswith("#"))
    envsubst = [str(shutil.which("envsubst")), " ".join(f"${name}" for name in values)]
    for path in sorted(manifests.glob("*.k8s.yaml")):
        expected = subprocess.run(envsubst, input=path.read_text(), env=values, capture_output=True, text=True,
                                  check=True, timeout=60).stdout
        assert substitute(path.read_text(), values) == expected, path.name


# ---- the command ------------------------------------------------------------------------------------------------

def test_command_fills_values_env_in_place(tmp_path: Path) -> None:
    path = tmp_path / "values.env"
    path.write_text(VALUES_ENV)
    client, stubber = stubbed_client({"Region": "us-west-2", "ModelStoreDnsName": "fs-1.fsx.us-west-2.amazonaws.com",
                                      "EksClusterName": "not listed"})
    with stubber:
        assert run(["--stack", STACK, "--file", str(path)], client) == (0, "", "")
    stubber.assert_no_pending_responses()
    assert names(path.read_text()) == ["ModelStoreDnsName", "Region"]
    assert "Region=us-west-2\n" in path.read_text() and "EksClusterName" not in path.read_text()


def test_command_prints_the_filled_file_with_output_dash(tmp_path: Path) -> None:
    path = tmp_path / "values.env"
    path.write_text(VALUES_ENV)
    client, stubber = stubbed_client({"Region": "us-west-2", "ModelStoreDnsName": "dns"})
    with stubber:
        code, out, _ = run(["--stack", STACK, "--file", str(path), "--output", "-"], client)
    assert code == 0 and out.endswith("ModelStoreDnsName=dns\nRegion=us-west-2\n")
    assert path.read_text() == VALUES_ENV  # left as it was


def test_command_names_the_outputs_the_stack_lacks(tmp_path: Path) -> None:
    path = tmp_path / "values.env"
    path.write_text(VALUES_ENV)
    client, stubber = stubbed_client({"Region": "us-west-2", "EksClusterName": "c"})
    with stubber:
        code, _, err = run(["--stack", STACK, "--file", str(path)], client)
    assert code == 1
    assert err == (f"{path} lists ModelStoreDnsName, which stack 'LlmInference' has no output of; deploy the app that "
                   "exported these manifests to this stack first (its outputs: EksClusterName, Region)\n")
    assert path.read_text() == VALUES_ENV


def _refusing_client(code: str, message: str) -> tuple[Any, Stubber]:
    client = boto3.client("cloudformation", region_name="us-west-2", aws_access_key_id="testing",
                          aws_secret_access_key="testing")
    stubber = Stubber(client)
    stubber.add_client_error("describe_stacks", code, message, expected_params={"StackName": "Nope"})
    return client, stubber


def test_an_unknown_stack_is_a_usage_error_naming_it_and_the_region(tmp_path: Path) -> None:
    path = tmp_path / "values.env"
    path.write_text(VALUES_ENV)
    client, stubber = _refusing_client("ValidationError", "Stack with id Nope does not exist")
    with stubber:
        code, _, err = run(["--stack", "Nope", "--file", str(path)], client)
    assert (code, err) == (2, "--stack Nope: no such stack in us-west-2; name the deployed stack (aws cloudformation "
                              "list-stacks) and its region (--region)\n")


def test_command_says_why_describe_stacks_failed(tmp_path: Path) -> None:
    path = tmp_path / "values.env"
    path.write_text(VALUES_ENV)
    client, stubber = _refusing_client("AccessDenied", "not authorized to perform: cloudformation:DescribeStacks")
    with stubber:
        code, _, err = run(["--stack", "Nope", "--file", str(path)], client)
    assert code == 1
    assert err.startswith("reading the outputs of stack 'Nope' failed: An error occurred (AccessDenied)")
    assert "cloudformation:DescribeStacks" in err and "Traceback" not in err


def test_command_refuses_a_missing_file(tmp_path: Path) -> None:
    code, _, err = run(["--stack", STACK, "--file", str(tmp_path / "nope.env")], client=object())
    assert code == 2
    assert err == (f"--file {tmp_path / 'nope.env'} does not exist; platform.export(...) writes it to "
                   "<dir>/manifests/values.env\n")


def test_command_starts_no_node(tmp_path: Path) -> None:
    # Its output cannot depend on the machine's Node (jsii's banner) if it never loads jsii.
    code = ("import sys, hyperpod_constructs.values.command\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jsii', 'aws_cdk', 'constructs')))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                            timeout=120)
    assert result.stdout.strip() == "[]"


# ---- the export, filled with a synthesized stack's outputs ------------------------------------------------------

def example_outputs(app: SynthesizedApp) -> dict[str, str]:
    """What DescribeStacks would answer for the synthesized stack: each output's value resolved as CloudFormation
    would, with example ids shaped like the real ones (tests/deployability/cfn_resolve.py)."""
    resolver = TemplateResolver(app.template, stack_name=app.stack.stack_name)
    return {key: str(resolver.resolve(output["Value"])) for key, output in app.template["Outputs"].items()}


@pytest.mark.parametrize("relative", [app_param(relative) for relative in app_files()])
def test_export_filled_from_the_stack_outputs_is_valid_kubernetes(relative: str, synthesized, tmp_path: Path) -> None:
    app = synthesized(relative)
    app.platform.export(tmp_path, picture=False)  # plan.svg: tests/examples
    manifests = tmp_path / "manifests"
    client, stubber = stubbed_client(example_outputs(app), app.stack.stack_name)
    with stubber:
        assert run(["--stack", app.stack.stack_name, "--file", str(manifests / "values.env")], client)[0] == 0
    filled = (manifests / "values.env").read_text()
    values = dict(line.split("=", 1) for line in filled.splitlines() if not line.startswith("#"))
    assert set(values) == set(app.platform.deploy_time_values.names)
    validated = 0
    for path in sorted(manifests.glob("*.k8s.yaml")):
        text = substitute(path.read_text(), values)
        assert "${" not in text, (path.name, re.findall(r"\$\{[^}]*\}", text))
        for manifest in yaml.safe_load_all(text):
            try:
                validate_manifest(manifest)
            except Exception as error:  # name the file and object, the schema error follows
                raise AssertionError(f"{path.name}: {manifest['kind']}/{manifest['metadata'].get('name')} does not "
                                     f"validate: {error}") from error
            validated += 1
    assert validated > 0
    if relative == DEFAULT_APP:  # the default app has deploy-time values of each kind: ids, DNS names, URLs
        assert {"ModelStoreDnsName", "ModelStoreFileSystemId", "PrometheusQueryUrl", "Region"} <= set(values)
        assert values["ModelStoreDnsName"].endswith(".fsx.us-west-2.amazonaws.com")


def test_the_module_runs_as_a_command(tmp_path: Path) -> None:
    result = run_command("values", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "--stack" in result.stdout and "values.env" in result.stdout
