"""Every Python snippet in README.md and docs/*.md runs as written: its own imports, no placeholders, and the
platforms it builds synthesize (so their instance groups run what the endpoints ask for).

All snippets run in one fresh interpreter (one jsii start-up instead of one per snippet), each with its own globals
and its own working directory under a temporary folder, so what they write never lands in the checkout.
"""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

from support import REPO_ROOT, once_per_run

DOCS = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]
SNIPPETS = {f"{doc.relative_to(REPO_ROOT)}[{index}]": block
            for doc in DOCS
            for index, block in enumerate(re.findall(r"```python\n(.*?)```", doc.read_text(), flags=re.S))}
# A snippet that is a test module of the user's project (its first line names it, "# tests/test_...py") is run by
# pytest, with the app it imports, in tests/foundation/test_readme_testing.py; the others run as scripts here.
SCRIPTS = {snippet_id: code for snippet_id, code in SNIPPETS.items() if not code.startswith("# tests/")}

RUNNER = textwrap.dedent('''
    import json, os, runpy, sys, traceback
    from pathlib import Path

    results = {}
    for folder in sorted(Path(sys.argv[1]).iterdir()):
        os.chdir(folder)
        try:
            runpy.run_path(str(folder / "snippet.py"), run_name="__main__")
            results[(folder / "id").read_text()] = None
        except BaseException:
            results[(folder / "id").read_text()] = traceback.format_exc()[-4000:]
    Path(sys.argv[2]).write_text(json.dumps(results))
''')


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str | None]:
    """Snippet id -> None when it ran, else its traceback. Run once per run, whichever worker asks first
    (support.once_per_run)."""
    def run(root: Path) -> dict[str, str | None]:
        folders = root / "snippets"
        for number, (snippet_id, code) in enumerate(SCRIPTS.items()):
            folder = folders / f"{number:03d}"
            folder.mkdir(parents=True)
            (folder / "snippet.py").write_text(code)
            (folder / "id").write_text(snippet_id)
        (root / "runner.py").write_text(RUNNER)
        env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYTHONDONTWRITEBYTECODE="1",
                   PATH=f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}")
        result = subprocess.run([sys.executable, str(root / "runner.py"), str(folders), str(root / "results.json")],
                                cwd=root, env=env, capture_output=True, text=True, timeout=1800)
        assert result.returncode == 0, result.stderr[-4000:]
        return json.loads((root / "results.json").read_text())

    return once_per_run(tmp_path_factory, "doc-snippets", run)


def test_docs_have_snippets() -> None:
    # Keyed by path: README.md and docs/README.md (the index, no snippets) share a name.
    counts = {path: sum(1 for snippet_id in SNIPPETS if snippet_id.startswith(path))
              for path in (str(doc.relative_to(REPO_ROOT)) for doc in DOCS)}
    assert counts["README.md"] >= 4 and counts["docs/endpoints.md"] >= 6 and counts["docs/mig.md"] >= 5, counts


@pytest.mark.parametrize("snippet_id", list(SNIPPETS))
def test_snippet_has_no_placeholder(snippet_id: str) -> None:
    """``...`` in code (not in a comment or string) stands for something the reader must fill in."""
    tokens = tokenize.generate_tokens(io.StringIO(SNIPPETS[snippet_id]).readline)
    assert "..." not in [token.string for token in tokens if token.type == tokenize.OP], snippet_id


@pytest.mark.slow  # a subprocess synthesizing every snippet's app
@pytest.mark.parametrize("snippet_id", list(SCRIPTS))
def test_snippet_runs_as_written(outcomes: dict[str, str | None], snippet_id: str) -> None:
    assert outcomes[snippet_id] is None, outcomes[snippet_id]
