"""The benchmark apps still build with the current API (`make bench` is not part of `make test`)."""
from __future__ import annotations

import py_compile
import sys
from pathlib import Path

import aws_cdk as cdk
import pytest

from support import REPO_ROOT


@pytest.mark.parametrize("script", sorted((REPO_ROOT / "benchmarks").glob("*.py")) + sorted(
    (REPO_ROOT / "scripts").glob("*.py")), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_script_compiles(script: Path, tmp_path: Path) -> None:
    py_compile.compile(str(script), cfile=str(tmp_path / "compiled.pyc"), doraise=True)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ours", "patched", "raw"])
def test_benchmark_app_synthesizes(kind: str, tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO_ROOT / "benchmarks"))
    import bench_apps

    app = cdk.App(outdir=str(tmp_path / "cdk.out"))
    stack = getattr(bench_apps, kind)(app, 2)
    template = app.synth().get_stack_by_name(stack.stack_name).template
    assert template["Resources"]
