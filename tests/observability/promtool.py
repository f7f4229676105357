"""Prometheus's own ``promtool``, run on the rules the library writes: ``check rules`` (syntax and lint) and
``test rules`` (unit tests: synthetic series in, expected alerts and recorded samples out).

promtool comes from Debian's ``prometheus`` package, which ``make setup`` installs; without it these tests fail
(they do not skip), so a machine that cannot run them says so.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import pytest
import yaml

INSTALL_HINT = "promtool is not on PATH: `make setup` installs it (Debian package prometheus)"
EVALUATION_INTERVAL = "1m"


def promtool() -> str:
    found = shutil.which("promtool")
    if found is None:
        pytest.fail(INSTALL_HINT)
    return found


def _run(*args: str, cwd: Path, merged: bool = False) -> subprocess.CompletedProcess[str]:
    """promtool's result; ``merged``: its stderr interleaved into its stdout, in the order it wrote them."""
    return subprocess.run([promtool(), *args], cwd=cwd, text=True, timeout=120, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT if merged else subprocess.PIPE)


def check_rules(*files: str) -> subprocess.CompletedProcess[str]:
    """``promtool check rules`` with every lint check, a lint finding being an error (exit code 3)."""
    with tempfile.TemporaryDirectory(prefix="promtool-") as scratch:
        names = []
        for index, text in enumerate(files):
            path = Path(scratch, f"rules-{index}.yaml")
            path.write_text(text)
            names.append(path.name)
        return _run("check", "rules", "--lint=all", "--lint-fatal", *names, cwd=Path(scratch))


def _write_test_file(folder: Path, stem: str, rules: str, tests: Sequence[dict[str, Any]]) -> str:
    """``<stem>.rules.yaml`` and the test file ``<stem>.yaml`` that runs ``tests`` against it; the test file's name."""
    Path(folder, f"{stem}.rules.yaml").write_text(rules)
    document = {"rule_files": [f"{stem}.rules.yaml"], "evaluation_interval": EVALUATION_INTERVAL, "tests": list(tests)}
    Path(folder, f"{stem}.yaml").write_text(yaml.safe_dump(document, sort_keys=False))
    return f"{stem}.yaml"


@dataclass(frozen=True)
class FileOutcome:
    """What one test file of a ``promtool test rules`` run gave: SUCCESS or not, and promtool's lines about it."""

    passed: bool
    output: str


# promtool tests its files one after the other, each starting with this line, then "  SUCCESS" or "  FAILED:" and
# the failures (on stderr, hence merged with stdout).
_FILE_HEADER = re.compile(r"^Unit Testing:\s+(\S+)$", re.MULTILINE)


def _outcomes_by_file(output: str) -> dict[str, FileOutcome]:
    headers = list(_FILE_HEADER.finditer(output))
    ends = [header.start() for header in headers[1:]] + [len(output)]
    return {header.group(1): FileOutcome(output[header.end():end].lstrip("\n").startswith("  SUCCESS"),
                                         output[header.start():end].rstrip())
            for header, end in zip(headers, ends)}


def test_rules(runs: Mapping[str, tuple[str, Sequence[dict[str, Any]]]]) -> dict[str, FileOutcome]:
    """One ``promtool test rules`` over several test files, one per entry of ``runs`` (name -> its rules text and
    test groups): name -> that file's outcome, as if it had been run alone (each file loads only its own rules)."""
    with tempfile.TemporaryDirectory(prefix="promtool-") as scratch:
        # Files are numbered, not named after the run: promtool prints the name, which must not look like a finding.
        files = {name: _write_test_file(Path(scratch), f"tests-{index}", rules, tests)
                 for index, (name, (rules, tests)) in enumerate(runs.items())}
        result = _run("test", "rules", *files.values(), cwd=Path(scratch), merged=True)
    by_file = _outcomes_by_file(result.stdout)
    missing = [name for name, file in files.items() if file not in by_file]
    assert not missing, f"promtool reported nothing about {missing}:\n{outcome(result)}"
    return {name: by_file[file] for name, file in files.items()}


test_rules.__test__ = False  # type: ignore[attr-defined]  # a helper named like a test: not one for pytest


def outcome(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit {result.returncode}\n{result.stdout}\n{result.stderr or ''}"
