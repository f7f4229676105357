"""The snippets in docs/endpoints.md run, and what they add renders valid manifests with no platform problems."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from endpoint_fixtures import VIEW
from support import REPO_ROOT, validate_manifest

DOC = REPO_ROOT / "docs" / "endpoints.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


class RecordingPlatform:
    """Stands in for HyperPodInferencePlatform: keeps what add_endpoint receives."""

    def __init__(self) -> None:
        self.endpoints: list[Any] = []

    def add_endpoint(self, endpoint: Any) -> None:
        self.endpoints.append(endpoint)


def test_doc_has_snippets() -> None:
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_snippet_runs_and_renders(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the last snippet synthesizes cdk8s output into ./dist
    platform = RecordingPlatform()
    exec(compile(BLOCKS[index], f"{DOC.name}[{index}]", "exec"), {"platform": platform})
    for endpoint in platform.endpoints:
        validate_manifest(endpoint.to_manifest(VIEW))
        assert endpoint.checks(VIEW) == [], endpoint.name
