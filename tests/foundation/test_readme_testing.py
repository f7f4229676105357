"""README's "Testing your platform" runs as a user runs it: the quick start saved as app.py, the test module next to
it, ``python -m pytest`` writing the snapshot, passing against it, and failing once the app changes."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text()


def _block(pattern: str) -> str:
    found = re.search(pattern, README, re.S)
    assert found, f"README.md lost the block {pattern!r}"
    return found.group(1)


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", *args],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=900)


@pytest.mark.slow  # three pytest runs, each synthesizing the quick start
def test_readme_testing_example_runs(tmp_path: Path) -> None:
    app = _block(r"## Quick start\n\n```python\n(# app\.py.*?)```")
    test_module = _block(r"## Testing your platform\n.*?```python\n(# tests/test_platform\.py.*?)```")
    (tmp_path / "app.py").write_text(app)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_platform.py").write_text(test_module)

    written = _pytest(tmp_path, "--snapshot-update")
    assert written.returncode == 0, written.stdout[-4000:] + written.stderr[-2000:]
    (snapshot,) = (tmp_path / "tests" / "__snapshots__").rglob("*.json")
    text = snapshot.read_text()
    assert "<asset-hash>" in text and "hnb659fds" not in text and '"endpoint-default-llama-8b"' in text

    again = _pytest(tmp_path)
    assert again.returncode == 0 and "2 passed" in again.stdout, again.stdout[-4000:]
    assert not list(tmp_path.glob("dist")) and not list(tmp_path.glob("cdk.out")), "the tests wrote into the folder"

    (tmp_path / "app.py").write_text(app.replace("max_replicas=8", "max_replicas=4"))
    changed = _pytest(tmp_path)
    assert changed.returncode == 1, changed.stdout[-4000:]
    assert "test_platform_matches_its_snapshot" in changed.stdout and '"maxReplicaCount": 4' in changed.stdout, \
        changed.stdout[-4000:]
