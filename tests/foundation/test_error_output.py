"""Failures reach the user of `cdk synth` readably: the library's message, no Python or jsii traceback unless asked."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hyperpod_constructs import Autoscaling, HyperPodValidationError, error_output
from hyperpod_constructs.errors import HyperPodProblems
from support import REPO_ROOT, cdk_json_context

HEADER = textwrap.dedent("""
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3
    from hyperpod_constructs import (
        Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource)

    app = cdk.App()
    stack = cdk.Stack(app, "Broken")
    platform = HyperPodInferencePlatform(stack, "Platform",
        instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    models = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
""")
# Refused by a whole-app rule when app.synth() runs.
SYNTH_TIME_MISTAKE = textwrap.dedent("""
    platform.add_endpoint(InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"),
                                            instance_type="ml.p5.48xlarge", gpus=1))
    app.synth()
""")
PROBLEM = ("[Broken/Platform] endpoint 'llama': instance_type='ml.p5.48xlarge' is not allowed; an instance type "
           "served by an instance group; the platform's groups run: ml.g6e.12xlarge")
# Refused while the app is built, before app.synth(): line 13 of the app is the endpoint's.
BUILD_TIME_MISTAKE = textwrap.dedent("""
    platform.add_endpoint(InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"),
        instance_type="ml.g6e.12xlarge", replicas=-1))
    app.synth()
""")
BUILD_TIME_MESSAGE = "endpoint 'llama': replicas=-1 is not allowed; an integer >= 0"


def cdk_synth(tmp_path: Path, app: str, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "app.py").write_text(HEADER + app)
    # A consumer app's cdk.json as `cdk init` writes it: the recommended feature flags (this project's cdk.json).
    (tmp_path / "cdk.json").write_text(json.dumps({"app": f"{sys.executable} app.py", "context": cdk_json_context()}))
    environment = dict(os.environ, PYTHONPATH=str(REPO_ROOT), **env)
    environment.pop(error_output.TRACEBACK_ENV, None)
    environment.update(env)
    environment["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{environment['PATH']}"
    return subprocess.run(["cdk", "synth", "--quiet", "--no-notices"], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=600)


needs_cli = pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(),
                               reason="run `make setup` first")


@needs_cli
@pytest.mark.slow  # the real cdk CLI in a subprocess
def test_cdk_synth_prints_the_problems_first(tmp_path: Path) -> None:
    result = cdk_synth(tmp_path, SYNTH_TIME_MISTAKE)
    lines = result.stderr.splitlines()
    assert result.returncode != 0
    # The problem, then the statement that declared the endpoint (not app.synth(), which found the problem).
    statement = ["    " + line for line in SYNTH_TIME_MISTAKE.strip().splitlines()[:2]]
    assert lines[:5] == ["Validation failed with the following errors:", f"  {PROBLEM}", "  declared at app.py:13",
                         *statement], result.stderr
    assert "Traceback" not in result.stderr and "jsii" not in result.stderr
    assert len(lines) <= 9, result.stderr  # the report, a hint, and the CLI's own "exited with error 1"


@needs_cli
@pytest.mark.slow  # the real cdk CLI in a subprocess
def test_an_error_while_the_app_is_built_prints_the_message_and_the_users_line(tmp_path: Path) -> None:
    result = cdk_synth(tmp_path, BUILD_TIME_MISTAKE)
    lines = result.stderr.splitlines()
    assert result.returncode != 0
    assert lines[:4] == [BUILD_TIME_MESSAGE, "  at app.py:13",
                         '    platform.add_endpoint(InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"),',
                         '        instance_type="ml.g6e.12xlarge", replicas=-1))'], result.stderr
    assert "Traceback" not in result.stderr and 'File "' not in result.stderr, result.stderr
    assert len(lines) <= 7, result.stderr  # the message, its statement, a hint, and the CLI's "exited with error 1"


@needs_cli
@pytest.mark.slow  # the real cdk CLI in a subprocess
def test_the_traceback_comes_back_on_request(tmp_path: Path) -> None:
    result = cdk_synth(tmp_path, BUILD_TIME_MISTAKE, **{error_output.TRACEBACK_ENV: "1"})
    assert result.returncode != 0
    assert "Traceback (most recent call last):" in result.stderr
    assert f"HyperPodValidationError: {BUILD_TIME_MESSAGE}" in result.stderr


def test_report_is_taken_from_the_jsii_error() -> None:
    error = RuntimeError(f"ValidationFailedWithErrors: {error_output.REPORT_START}\n  {PROBLEM}\n")
    assert error_output.validation_report(error) == f"{error_output.REPORT_START}\n  {PROBLEM}"
    assert error_output.validation_report(RuntimeError("something else")) is None


def test_the_users_line_is_the_innermost_frame_outside_the_library() -> None:
    try:
        Autoscaling(min_replicas=5, max_replicas=2)
    except HyperPodValidationError as error:
        text = error_output.summary(error, error.__traceback__)
    assert text is not None
    message, location, code = text.splitlines()
    assert message == "Autoscaling: max_replicas=2 is not allowed; at least min_replicas (5)"
    assert location.startswith("  at ") and location.split(":")[0].endswith("test_error_output.py"), location
    assert code == "    Autoscaling(min_replicas=5, max_replicas=2)"  # the user's own statement


def test_the_statement_shows_the_construct_a_value_was_for(tmp_path: Path) -> None:
    app = tmp_path / "app.py"
    app.write_text(textwrap.dedent("""
        endpoints = [
            InferenceEndpoint(
                "llama-8b",
                autoscaling=Autoscaling(min_replicas=5, max_replicas=2)),
        ]
    """))
    assert error_output._statement(str(app), 5) == [
        "endpoints = [", "    InferenceEndpoint(", '        "llama-8b",',
        "        autoscaling=Autoscaling(min_replicas=5, max_replicas=2)),", "]"]
    assert error_output._statement(str(app), 5, most=3) == [  # a long one: its start and the line refused
        "endpoints = [", "    InferenceEndpoint(", "        autoscaling=Autoscaling(min_replicas=5, max_replicas=2)),"]


def test_hook_prints_only_the_message_and_leaves_other_errors_alone(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: seen.append(error))
    monkeypatch.delenv(error_output.TRACEBACK_ENV, raising=False)
    error_output.install()
    hook = sys.excepthook
    hook(RuntimeError, RuntimeError(f"ValidationFailedWithErrors: {error_output.REPORT_START}\n  {PROBLEM}"), None)
    assert capsys.readouterr().err.splitlines()[:2] == [error_output.REPORT_START, f"  {PROBLEM}"]
    hook(HyperPodProblems, HyperPodProblems(["first problem", "second problem"]), None)
    assert capsys.readouterr().err == f"first problem\nsecond problem\n\n{error_output.HINT}\n"
    other = KeyError("x")
    hook(KeyError, other, None)
    assert seen == [other]  # handed to the previous hook unchanged
    monkeypatch.setenv(error_output.TRACEBACK_ENV, "1")
    refused = HyperPodValidationError("endpoint 'x'", "replicas", -1, "an integer >= 0")
    hook(HyperPodValidationError, refused, None)
    assert seen == [other, refused]  # the full traceback on request


def test_an_error_of_a_synth_time_callback_is_recognised_after_crossing_jsii() -> None:
    refused = HyperPodValidationError("Late/Platform", "manifests", ["endpoint-default-llama"], "no change")
    with pytest.raises(HyperPodValidationError):
        with error_output.crossing_jsii():  # what the platform's aspects run in
            raise refused
    # What app.synth() raises once the error has crossed the jsii kernel and come back.
    crossed = RuntimeError(f"@jsii/kernel.RuntimeError: {refused}\n    at KernelHost.callbackHandler (program.js:1:2)")
    assert error_output.summary(crossed, None) == str(refused)
    assert error_output.summary(RuntimeError("another error"), None) is None
