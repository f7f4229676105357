"""The commands take the app a user already has (the README's plain CDK app file), never write into the user's
folders, keep their documented exit codes, and fail in one line without a region or credentials."""
from __future__ import annotations

import io
import os
import textwrap
from pathlib import Path

import pytest

from hyperpod_constructs.app_file import EXPORT_ROOT_ENV, AppFileError, app_context, export_folder
from hyperpod_constructs.prices.command import app_needs
from hyperpod_constructs.preflight.command import main as preflight
from preflight_fixtures import add_quotas, add_toolkit, answering, quota, stubbed_clients, toolkit_stack
from support import run_command

# The README's shape: module-level app, export to dist/, app.synth(); it also reads a file next to it, and a context
# value from the project's cdk.json (as `cdk synth` hands it over).
README_APP = textwrap.dedent("""
    import json
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3
    from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup

    settings = json.loads(open("settings.json").read())  # read relative to the working folder, as under cdk synth
    app = cdk.App()
    stack = cdk.Stack(app, "LlmInference")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("system", "ml.m5.2xlarge", count=settings["system_nodes"]),
        InstanceGroup("l40s", app.node.get_context("gpu_instance_type"), count=1)])
    platform.export("dist")
    app.synth()
""")
FAILING_APP = README_APP.replace('count=1)])', 'count=-1)])')


def user_folder(tmp_path: Path, app: str = README_APP) -> dict[str, bytes]:
    """A project folder with the app, its settings, and the outputs of the user's last `cdk synth` and export."""
    (tmp_path / "app.py").write_text(app)
    (tmp_path / "settings.json").write_text('{"system_nodes": 3}')
    (tmp_path / "cdk.json").write_text('{"app": "python3 app.py", "context": {"gpu_instance_type": "ml.g6e.12xlarge"}}')
    for name in ("dist/plan.txt", "dist/manifests/platform.k8s.yaml", "cdk.out/manifest.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"the user's own {name}\n")
    return snapshot(tmp_path)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.slow  # runs the app in a child process (jsii, synth)
def test_preflight_reads_the_readme_app_and_leaves_dist_and_cdk_out_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = user_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    clients, stubbers = stubbed_clients()
    add_quotas(stubbers["service_quotas"], defaults=[quota("ml.m5.2xlarge", 3, "L-M5"),
                                                      quota("ml.g6e.12xlarge", 1, "L-G6E")], applied=[])
    add_toolkit(stubbers["cloudformation"], toolkit_stack("28", qualifier="hnb659fds"))
    out = io.StringIO()
    with answering(*stubbers.values()):
        code = preflight(["--app", "app.py", "--region", "us-west-2"], clients=clients, stdout=out)
    assert code == 0, out.getvalue()
    # The plan the app built: its settings file was read from the user's folder (3 system nodes).
    assert 'PASS    SageMaker quota "ml.m5.2xlarge for cluster usage": 3 >= 3 nodes' in out.getvalue()
    assert snapshot(tmp_path) == before


@pytest.mark.slow  # runs the app in a child process
def test_prices_reads_the_readme_app_and_leaves_the_folder_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = user_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert app_needs(Path("app.py")) == (["ml.m5.2xlarge", "ml.g6e.12xlarge"], [])
    assert snapshot(tmp_path) == before


@pytest.mark.slow  # runs the app in a child process
def test_an_app_that_fails_is_a_usage_error_with_the_librarys_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user_folder(tmp_path, FAILING_APP)
    monkeypatch.chdir(tmp_path)
    err = io.StringIO()
    assert preflight(["--app", "app.py", "--region", "us-west-2"], clients=stubbed_clients()[0], stderr=err) == 2
    assert err.getvalue().startswith("--app app.py: the app failed:\ninstance group 'l40s': count=-1 is not allowed")
    assert "Traceback" not in err.getvalue()


def test_the_app_gets_cdk_json_context_then_cached_lookups_then_the_command_lines(tmp_path: Path) -> None:
    (tmp_path / "cdk.json").write_text('{"app": "x", "context": {"a": "json", "b": "json", "c": "json"}}')
    (tmp_path / "cdk.context.json").write_text('{"b": "cached", "c": "cached"}')
    assert app_context(tmp_path, {"c": "given"}) == {"a": "json", "b": "cached", "c": "given"}
    assert app_context(tmp_path / "elsewhere") == {}


def test_a_cdk_json_that_is_not_json_is_named(tmp_path: Path) -> None:
    (tmp_path / "cdk.json").write_text("{app: x")
    with pytest.raises(AppFileError, match=r"cdk.json: not JSON \(Expecting property name .*\); cdk synth could not "
                                           r"read it either"):
        app_context(tmp_path)


def test_export_goes_under_the_export_root_only_while_a_command_reads_the_app(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert export_folder("dist") == Path("dist")
    monkeypatch.setenv(EXPORT_ROOT_ENV, str(tmp_path))
    assert (export_folder("dist"), export_folder("/srv/out")) == (tmp_path / "dist", tmp_path / "srv" / "out")


def no_aws_setup(tmp_path: Path) -> dict[str, str]:
    """An environment with no region and no credentials anywhere boto3 looks."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
    environment.update(AWS_CONFIG_FILE=str(tmp_path / "none"), AWS_SHARED_CREDENTIALS_FILE=str(tmp_path / "none"),
                       AWS_EC2_METADATA_DISABLED="true")
    return environment


@pytest.mark.parametrize("arguments, message", [
    (("values", "--stack", "LlmInference", "--file", "values.env"),
     "python -m hyperpod_constructs.values: no AWS region: pass --region, or set AWS_DEFAULT_REGION (AWS_REGION is "
     "not read by boto3), or aws configure set region <region>"),
    (("values", "--stack", "LlmInference", "--file", "values.env", "--region", "us-west-2"),
     "python -m hyperpod_constructs.values: no usable AWS credentials (Unable to locate credentials): run aws "
     "configure or aws sso login, or set AWS_PROFILE, then run it again"),
    (("prices", "--region", "us-west-2", "--instance-types", "ml.p5.48xlarge"),
     "not priced; with credentials it asks for, in us-west-2: HyperPod node-hours of ml.p5.48xlarge; the EKS control "
     "plane; a NAT gateway; FSx for Lustre PERSISTENT_2 tier 125, 250, 500, 1000 MB/s/TiB\n"
     "python -m hyperpod_constructs.prices: no usable AWS credentials (Unable to locate credentials): run aws "
     "configure or aws sso login, or set AWS_PROFILE, then run it again"),
])
def test_commands_fail_in_one_line_without_region_or_credentials(
        tmp_path: Path, arguments: tuple[str, ...], message: str) -> None:
    (tmp_path / "values.env").write_text("Region=\n")
    result = run_command(*arguments, cwd=tmp_path, env=no_aws_setup(tmp_path))
    assert (result.returncode, result.stderr) == (2, message + "\n")


@pytest.mark.slow  # the command in a new process
def test_the_region_advice_works_with_this_boto3(tmp_path: Path) -> None:
    """AWS_DEFAULT_REGION, as the advice says, gets past the region (to the credentials); AWS_REGION does not."""
    (tmp_path / "values.env").write_text("Region=\n")
    arguments = ("values", "--stack", "LlmInference", "--file", "values.env")
    advised = run_command(*arguments, cwd=tmp_path, env={**no_aws_setup(tmp_path), "AWS_DEFAULT_REGION": "us-west-2"})
    assert advised.returncode == 2 and "no usable AWS credentials" in advised.stderr, advised.stderr
    not_read = run_command(*arguments, cwd=tmp_path, env={**no_aws_setup(tmp_path), "AWS_REGION": "us-west-2"})
    assert not_read.returncode == 2 and "no AWS region" in not_read.stderr, not_read.stderr


@pytest.mark.slow  # the command in a new process, which runs the app
def test_preflight_without_credentials_says_what_it_would_check(tmp_path: Path) -> None:
    before = user_folder(tmp_path)
    result = run_command("preflight", "--app", "app.py", "--region", "us-west-2", cwd=tmp_path,
                         env=no_aws_setup(tmp_path))
    assert (result.returncode, result.stderr) == (2, (
        "python -m hyperpod_constructs.preflight: no usable AWS credentials (Unable to locate credentials): run aws "
        "configure or aws sso login, or set AWS_PROFILE, then run it again\n"))
    assert result.stdout.startswith("NOT CHECKED (no usable AWS credentials); with credentials, the preflight checks in "
                                    "us-west-2:\n"
                                    '  SageMaker quota "ml.g6e.12xlarge for cluster usage" (service code sagemaker) >= '
                                    "1 nodes, the plan's ceiling\n"
                                    '  SageMaker quota "ml.m5.2xlarge for cluster usage" (service code sagemaker) >= 3 '
                                    "nodes, the plan's ceiling\n"
                                    "  CDK bootstrap stack CDKToolkit: version >= "), result.stdout
    assert snapshot(tmp_path) == before


@pytest.mark.slow  # the command in a new process, which runs the app
def test_preflight_without_a_region_says_what_it_would_check_and_how_to_give_one(tmp_path: Path) -> None:
    user_folder(tmp_path)
    result = run_command("preflight", "--app", "app.py", cwd=tmp_path, env=no_aws_setup(tmp_path))
    assert (result.returncode, result.stderr) == (2, (
        "python -m hyperpod_constructs.preflight: no AWS region: pass --region, or set AWS_DEFAULT_REGION (AWS_REGION "
        "is not read by boto3), or aws configure set region <region>\n"))
    assert result.stdout.startswith("NOT CHECKED (no region); with credentials, the preflight checks:\n"), result.stdout
