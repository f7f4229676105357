"""The contract users rely on: the real `cdk` CLI synthesizes the default app, and the wheel installs."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from support import REPO_ROOT


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{env['PATH']}"
    return env


@pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(), reason="run `make setup` first")
def test_cdk_cli_synthesizes_the_default_app(tmp_path: Path):
    result = subprocess.run(["cdk", "synth", "--quiet", "--output", str(tmp_path / "cdk.out")], cwd=REPO_ROOT,
                            env=_env(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "cdk.out" / "LlmInference.template.json").exists()
    manifests = sorted(path.name for path in (REPO_ROOT / "dist" / "manifests").glob("*.k8s.yaml"))
    assert manifests, "the default app exports its charts to dist/manifests"
    assert "Ceiling:" in (REPO_ROOT / "dist" / "plan.txt").read_text()


def test_wheel_installs_into_a_clean_virtualenv_and_a_consumer_app_synthesizes(tmp_path: Path):
    wheel_dir = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(wheel_dir), str(REPO_ROOT)],
                   check=True, capture_output=True, timeout=600)
    wheel = next(wheel_dir.glob("hyperpod_constructs-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True,
                             text=True, timeout=900)
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
