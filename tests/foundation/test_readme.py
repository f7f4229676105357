"""Every Python example in README.md runs as written (in a scratch folder, so it writes nothing here)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support import REPO_ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (REPO_ROOT / "README.md").read_text(), re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index: int, tmp_path: Path):
    script = tmp_path / "example.py"
    script.write_text(BLOCKS[index])
    env = dict(os.environ, PATH=f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}",
               PYTHONPATH=str(REPO_ROOT))
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-4000:]
