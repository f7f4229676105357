"""The contract users rely on: the real `cdk` CLI synthesizes the default app, and the wheel installs."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from support import REPO_ROOT

# Subprocess synths and a pip install: minutes, so `make test-fast` leaves them to `make test`.
pytestmark = pytest.mark.slow


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{env['PATH']}"
    return env


@pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(), reason="run `make setup` first")
def test_cdk_cli_synthesizes_the_default_app(tmp_path: Path):
    # The project's cdk.json, run from a scratch folder: the app's outputs (cdk.out, dist/) land there, not here.
    config = json.loads((REPO_ROOT / "cdk.json").read_text())
    interpreter, script = config["app"].split()
    assert (REPO_ROOT / interpreter).exists() and (REPO_ROOT / script).exists(), config["app"]
    config["app"] = f"{sys.executable} {REPO_ROOT / script}"
    (tmp_path / "cdk.json").write_text(json.dumps(config))
    result = subprocess.run(["cdk", "synth", "--quiet"], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / config["output"] / "LlmInference.template.json").exists()
    manifests = sorted(path.name for path in (tmp_path / "dist" / "manifests").glob("*.k8s.yaml"))
    assert manifests, "the default app exports its charts to dist/manifests"
    assert "Ceiling:" in (tmp_path / "dist" / "plan.txt").read_text()


def test_wheel_installs_into_a_clean_virtualenv_and_a_consumer_app_synthesizes(tmp_path: Path):
    wheel_dir = tmp_path / "wheel"
    # Build from a copy: setuptools writes build/ and *.egg-info beside the sources it builds.
    source = tmp_path / "source"
    shutil.copytree(REPO_ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "cdk.out", "dist", "build", "*.egg-info", "__pycache__"))
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(wheel_dir), str(source)],
                   check=True, capture_output=True, timeout=600)
    wheel = next(wheel_dir.glob("hyperpod_constructs-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # The pinned versions (constraints.txt), so a new aws-cdk-lib release cannot change the outcome.
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-c", str(REPO_ROOT / "constraints.txt"),
                              str(wheel)], capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    consumer = tmp_path / "consumer.py"
    consumer.write_text(textwrap.dedent("""
        import aws_cdk as cdk
        from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup

        app = cdk.App(outdir="out")
        stack = cdk.Stack(app, "Consumer")
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("gpu", "ml.g6e.12xlarge", count=1)])
        assembly = app.synth()
        assert "AWS::SageMaker::Cluster" in str(assembly.get_stack_by_name("Consumer").template)
        print("consumer synthesized")
    """))
    # Run outside the checkout so the import can only come from the installed wheel.
    result = subprocess.run([str(python), str(consumer)], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "consumer synthesized" in result.stdout
    shutil.rmtree(venv)
