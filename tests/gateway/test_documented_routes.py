"""The routes README.md and docs/gateway.md show are what their gateway snippets' plans render, and those snippets
pass the request-path model with no finding (no problem, no advice)."""
from __future__ import annotations

import re
from typing import Any

import pytest

from support import REPO_ROOT
from hyperpod_constructs import rules


def section(path: str, heading: str) -> str:
    text = (REPO_ROOT / path).read_text()
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:end if end >= 0 else len(text)]


def built(code: str) -> Any:
    """The snippet's platform, built without synthesizing its app (the doc-snippet tests synthesize it)."""
    scope: dict[str, Any] = {"__name__": "snippet"}
    exec(compile(code.replace("app.synth()\n", ""), "snippet", "exec"), scope)  # noqa: S102 - our own docs
    return scope["platform"]


def routes_of(platform: Any) -> list[str]:
    text = platform.plan.render()
    return text[text.index("\nRoutes\n") + 1:].split("\n\n")[0].splitlines()


@pytest.mark.parametrize("path, heading, whole", [
    ("README.md", "## One gateway for many models", True),
    ("docs/gateway.md", "# The Inference Gateway", False),  # its first snippet; the Routes block further down
])
def test_the_documented_routes_are_the_snippets_plan_and_the_path_has_no_finding(
        path: str, heading: str, whole: bool) -> None:
    part = section(path, heading)
    code = re.search(r"```python\n(.*?)```", part, flags=re.S).group(1)  # type: ignore[union-attr]
    platform = built(code)
    resolved = platform.resolved_platform
    assert rules.problems(resolved) == [] and list(rules.advice(resolved)) == []
    text = (REPO_ROOT / path).read_text()
    shown = re.search(r"```text\n(Routes\n.*?)```", text[text.index(heading):], flags=re.S)
    assert shown is not None, f"{path} shows no Routes block"
    lines, planned = shown.group(1).splitlines(), routes_of(platform)
    if whole:
        assert lines == planned
    else:
        assert lines[0] == "Routes" and set(lines[1:]) <= set(planned[1:]), (lines, planned)
