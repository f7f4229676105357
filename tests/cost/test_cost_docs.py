"""The Python snippets in docs/cost.md run (in a scratch folder)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import REPO_ROOT

DOC = REPO_ROOT / "docs" / "cost.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_doc_has_a_snippet() -> None:
    assert BLOCKS


@pytest.mark.slow  # each snippet builds and synthesizes an app of its own
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_snippet_runs(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(BLOCKS[index], f"{DOC.name}[{index}]", "exec"), {})
    out = capsys.readouterr().out
    # 1 x $10/h + EKS 0.10 x 730 + NAT 0.045 x 730 = 7,300 + 73 + 32.85
    assert "Total at the floor:   $10.14/h, $7,405.85/month" in out
