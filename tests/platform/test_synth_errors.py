"""Whole-app check failures reach the user of `cdk synth` readably: the problems first, no jsii traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hyperpod_constructs.platform import synth_errors
from support import REPO_ROOT, cdk_json_context

BROKEN_APP = textwrap.dedent("""
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3
    from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource

    app = cdk.App()
    stack = cdk.Stack(app, "Broken")
    platform = HyperPodInferencePlatform(stack, "Platform",
        instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    models = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
    platform.add_endpoint(InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"),
                                            instance_type="ml.p5.48xlarge", gpus=1))
    app.synth()
""")
PROBLEM = ("[Broken/Platform] endpoint 'llama': instance_type='ml.p5.48xlarge' is not allowed; an instance type "
           "served by an instance group; the platform's groups run: ml.g6e.12xlarge")


def cdk_synth(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "app.py").write_text(BROKEN_APP)
    # A consumer app's cdk.json as `cdk init` writes it: the recommended feature flags (this project's cdk.json).
    (tmp_path / "cdk.json").write_text(json.dumps({"app": f"{sys.executable} app.py", "context": cdk_json_context()}))
    environment = dict(os.environ, PYTHONPATH=str(REPO_ROOT), **env)
    environment["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{environment['PATH']}"
    return subprocess.run(["cdk", "synth", "--quiet", "--no-notices"], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(), reason="run `make setup` first")
@pytest.mark.slow  # the real cdk CLI in a subprocess
def test_cdk_synth_prints_the_problems_first(tmp_path: Path) -> None:
    result = cdk_synth(tmp_path)
    lines = result.stderr.splitlines()
    assert result.returncode != 0
    assert lines[:2] == ["Validation failed with the following errors:", f"  {PROBLEM}"], result.stderr
    assert "Traceback" not in result.stderr and "jsii" not in result.stderr
    assert len(lines) <= 6, result.stderr  # the report, a hint, and the CLI's own "exited with error 1"


def test_report_is_taken_from_the_jsii_error() -> None:
    error = RuntimeError(f"ValidationFailedWithErrors: {synth_errors.REPORT_START}\n  {PROBLEM}\n")
    assert synth_errors.validation_report(error) == f"{synth_errors.REPORT_START}\n  {PROBLEM}"
    assert synth_errors.validation_report(RuntimeError("something else")) is None


def test_hook_prints_only_the_report_and_leaves_other_errors_alone(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: seen.append(error))
    monkeypatch.delenv(synth_errors.TRACEBACK_ENV, raising=False)
    synth_errors.show_validation_report_on_exit()
    hook = sys.excepthook
    hook(RuntimeError, RuntimeError(f"ValidationFailedWithErrors: {synth_errors.REPORT_START}\n  {PROBLEM}"), None)
    assert capsys.readouterr().err.splitlines()[:2] == [synth_errors.REPORT_START, f"  {PROBLEM}"]
    other = KeyError("x")
    hook(KeyError, other, None)
    assert seen == [other]  # handed to the previous hook unchanged
    monkeypatch.setenv(synth_errors.TRACEBACK_ENV, "1")
    report = RuntimeError(f"{synth_errors.REPORT_START}\n  {PROBLEM}")
    hook(RuntimeError, report, None)
    assert seen == [other, report]  # the full traceback on request
