"""The layers of docs/architecture.md: each package imports only packages below it, so there is no upward import
and no cycle between them (read from the source, nothing is imported)."""
from __future__ import annotations

import ast
from pathlib import Path

from support import REPO_ROOT, source_nodes

PACKAGE = REPO_ROOT / "hyperpod_constructs"
# Lower rank first; a package may import packages of a lower rank only (aws and k8s do not import each other).
RANKS = {
    "errors": 0, "yaml_writer": 0, "input_files": 0, "command_line": 0, "plain_data": 0,
    "app_file": 1,  # reads the app file given on the command line (input_files)
    "catalog": 1, "type_checks": 1, "error_output": 1, "crd_model": 1,
    "intent": 2,  # what the user declares
    "resolve": 3,  # resolve_<kind>(declared, platform) -> record: every default worked out once
    "rules": 4,  # the cross-resource rules, reading records only
    "observability": 5, "planner": 5, "prices": 5, "values": 5,
    "aws": 6, "k8s": 6,
    "sizing": 6,  # sizes models and writes preset endpoints (reads the planner's cold start and prices)
    "delivery": 7,  # the bundle both outputs share and the custom resource applying it (engine/: the function's code)
    "platform": 8,
    "preflight": 9, "diff": 9, "plan": 9, "patching": 9,  # commands reading a platform or its synthesized output
    "size": 9,  # the sizing command
    "testing": 9,  # helpers for a user's tests of their platform
}
# Deprecated re-exports kept at their old import path for one minor release: module -> the package it re-exports.
DEPRECATED_REEXPORTS = {"intent/platform_model.py": "resolve"}  # removed in 0.3.0
# Generated code (k8s/imports) and the Lambda functions' own sources (assets/, delivery/engine/) are outside the
# layers.
OUTSIDE = ("imports", "assets", "engine")


def imported_packages(source: str, package: list[str]) -> set[str]:
    """Top-level packages of hyperpod_constructs that ``source`` (a module in ``package``, e.g. ``["k8s"]``)
    imports, relatively or absolutely."""
    found: set[str] = set()
    for node in source_nodes(source):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            target = package[: len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
        elif node.module and node.module.split(".")[0] == PACKAGE.name:
            target = node.module.split(".")[1:]
        else:
            continue
        if target:
            found.add(target[0])
    return found


def layer_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def test_every_package_has_a_layer() -> None:
    packages = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert packages - set(OUTSIDE) <= set(RANKS), sorted(packages - set(RANKS))


def test_no_package_imports_one_at_or_above_its_layer() -> None:
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = layer_of(path)
        if layer == "__init__" or set(path.relative_to(PACKAGE).parts) & set(OUTSIDE):
            continue  # the package's own __init__ re-exports every layer's public names
        package = list(path.relative_to(PACKAGE).parts[:-1])
        allowed = {layer, DEPRECATED_REEXPORTS.get(path.relative_to(PACKAGE).as_posix())}
        for target in imported_packages(path.read_text(), package) - allowed:
            if RANKS[target] >= RANKS[layer]:
                upward.append(f"{path.relative_to(REPO_ROOT)}: {layer} imports {target}")
    assert upward == []


def test_the_check_reads_relative_and_absolute_imports() -> None:
    source = ("from ..platform.deployments import ChartDeployment\nfrom . import typed\n"
              "from hyperpod_constructs.intent import names\nfrom aws_cdk import Stack\n")
    assert imported_packages(source, ["k8s"]) == {"platform", "k8s", "intent"}


def test_resolution_and_rules_sit_between_intent_and_the_renderers() -> None:
    """The order of docs/architecture.md: a value passes intent -> resolve -> rules -> k8s/aws, never back."""
    assert RANKS["intent"] < RANKS["resolve"] < RANKS["rules"] < RANKS["k8s"] == RANKS["aws"]
    assert RANKS["resolve"] < RANKS["observability"] and RANKS["resolve"] < RANKS["planner"]


def test_an_upward_import_from_intent_into_resolve_is_caught() -> None:
    source = "from ..resolve.records import ScalingRecord\nfrom ..rules import problems\n"
    upward = [target for target in imported_packages(source, ["intent"]) if RANKS[target] >= RANKS["intent"]]
    assert sorted(upward) == ["resolve", "rules"]


def test_deprecated_reexports_import_only_what_they_reexport() -> None:
    for module, target in DEPRECATED_REEXPORTS.items():
        path = PACKAGE / module
        assert imported_packages(path.read_text(), list(path.relative_to(PACKAGE).parts[:-1])) == {target}


def test_architecture_doc_names_modules_that_exist() -> None:
    """Every module or folder docs/architecture.md points a newcomer to is there (the doc cannot drift silently)."""
    import re

    text = (REPO_ROOT / "docs" / "architecture.md").read_text()
    paths = set(re.findall(r"`((?:catalog|intent|resolve|rules|aws|k8s|delivery|platform|observability|planner|prices|assets)/[\w./]*)`",
                           text))
    assert len(paths) > 20
    missing = sorted(path for path in paths if not (PACKAGE / path).exists())
    assert missing == []
