"""Prometheus's own ``promtool``, run on the rules the library writes: ``check rules`` (syntax and lint) and
``test rules`` (unit tests: synthetic series in, expected alerts and recorded samples out).

promtool comes from Debian's ``prometheus`` package, which ``make setup`` installs; without it these tests fail
(they do not skip), so a machine that cannot run them says so.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Sequence

import pytest
import yaml

INSTALL_HINT = "promtool is not on PATH: `make setup` installs it (Debian package prometheus)"
EVALUATION_INTERVAL = "1m"


def promtool() -> str:
    found = shutil.which("promtool")
    if found is None:
        pytest.fail(INSTALL_HINT)
    return found


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([promtool(), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def check_rules(*files: str) -> subprocess.CompletedProcess[str]:
    """``promtool check rules`` with every lint check, a lint finding being an error (exit code 3)."""
    with tempfile.TemporaryDirectory(prefix="promtool-") as scratch:
        names = []
        for index, text in enumerate(files):
            path = Path(scratch, f"rules-{index}.yaml")
            path.write_text(text)
            names.append(path.name)
        return _run("check", "rules", "--lint=all", "--lint-fatal", *names, cwd=Path(scratch))


def test_rules(rules: str, tests: Sequence[dict[str, Any]]) -> subprocess.CompletedProcess[str]:
    """``promtool test rules``: ``tests`` (promtool's test groups) against the rules file ``rules``."""
    with tempfile.TemporaryDirectory(prefix="promtool-") as scratch:
        Path(scratch, "rules.yaml").write_text(rules)
        document = {"rule_files": ["rules.yaml"], "evaluation_interval": EVALUATION_INTERVAL, "tests": list(tests)}
        Path(scratch, "tests.yaml").write_text(yaml.safe_dump(document, sort_keys=False))
        return _run("test", "rules", "tests.yaml", cwd=Path(scratch))


test_rules.__test__ = False  # type: ignore[attr-defined]  # a helper named like a test: not one for pytest


def outcome(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
