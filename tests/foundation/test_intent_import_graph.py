"""Intent, resolution and the rules have no import cycle, ``TYPE_CHECKING`` imports included: values -> resolver ->
records -> rules, one way.

The graph is read from the source (``ast``): every ``import`` / ``from ... import`` of one module of those packages
by another, wherever it stands (module top, ``if TYPE_CHECKING:``, inside a function). A cycle is named module by
module.
"""
from __future__ import annotations

import ast
import importlib
import typing
from pathlib import Path
from typing import Mapping

from support import REPO_ROOT, source_nodes

PACKAGE = REPO_ROOT / "hyperpod_constructs"
LAYERS = ("intent", "resolve", "rules")  # the packages the graph covers, each below the next


def _module_name(path: Path, package_dir: Path = PACKAGE) -> str:
    """``rules.endpoints`` for rules/endpoints.py, ``rules`` for rules/__init__.py."""
    parts = list(path.relative_to(package_dir).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_imports(source: str, module: str, modules: set[str], *, is_package: bool = False) -> set[str]:
    """The modules of ``modules`` that ``source`` (module ``module``, e.g. ``"rules.endpoints"``; ``is_package`` for
    a package's ``__init__``) imports."""
    package = module.split(".") if is_package else module.split(".")[:-1]  # where `from .x` looks
    found: set[str] = set()
    for node in source_nodes(source):
        targets: list[list[list[str]]] = []  # per imported name: the dotted names it may be, longest first
        if isinstance(node, ast.ImportFrom):
            if node.level:
                if node.level - 1 > len(package):
                    continue  # above the hyperpod_constructs package
                base = package[: len(package) - (node.level - 1)]
                prefix = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.startswith("hyperpod_constructs."):
                prefix = node.module.split(".")[1:]
            else:
                continue
            targets += [[prefix + [alias.name], prefix] for alias in node.names]
        elif isinstance(node, ast.Import):
            targets += [[alias.name.split(".")[1:]] for alias in node.names
                        if alias.name.startswith("hyperpod_constructs.")]
        for candidates in targets:  # `from .rules import registry` imports rules.registry; `from .mig import X`, mig
            name = next((".".join(c) for c in candidates if ".".join(c) in modules), None)
            if name is not None and name != module:
                found.add(name)
    return found


def import_graph(package_dir: Path = PACKAGE) -> dict[str, set[str]]:
    paths = sorted(path for layer in LAYERS for path in (package_dir / layer).rglob("*.py"))
    names = {path: _module_name(path, package_dir) for path in paths}
    modules = set(names.values())
    return {name: layer_imports(path.read_text(), name, modules, is_package=path.name == "__init__.py")
            for path, name in names.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (or a module importing itself), each as a path that
    closes on its first module (Tarjan's algorithm, then one cycle through the group)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_cycle_through(graph, group) for group in groups]


def _cycle_through(graph: Mapping[str, set[str]], group: list[str]) -> list[str]:
    """A shortest import path from the group's first module back to itself, inside the group."""
    start = group[0]
    paths = [[start]]
    while paths:
        path = paths.pop(0)
        for other in sorted(graph.get(path[-1], ())):
            if other == start:
                return path + [start]
            if other in group and other not in path:
                paths.append(path + [other])
    return group


def test_the_graph_reads_the_layers() -> None:
    graph = import_graph()
    assert {"resolve.records", "resolve.endpoint", "resolve.platform_model", "rules.endpoints"} <= set(graph)
    assert {"intent.endpoint", "intent.jumpstart", "resolve.records", "resolve.platform_model"} <= graph[
        "resolve.endpoint"]
    assert "resolve.platform_model" in graph["rules.endpoints"]


def test_no_import_cycle() -> None:
    assert [" -> ".join(cycle) for cycle in cycles(import_graph())] == []


def test_the_records_import_no_declared_value() -> None:
    """Records are plain data: from intent they take type aliases only (``Side``), no value class or function."""
    records = PACKAGE / "resolve" / "records.py"
    taken: list[str] = []
    for node in source_nodes(records.read_text()):
        if isinstance(node, ast.ImportFrom) and node.level == 2 and (node.module or "").startswith("intent"):
            module = importlib.import_module(f"hyperpod_constructs.{node.module}")
            taken += [f"{node.module}.{alias.name}" for alias in node.names
                      if typing.get_origin(getattr(module, alias.name)) is not typing.Literal]
    assert taken == []
    assert {module for module in import_graph()["resolve.records"] if not module.startswith("intent.")} == set()


def test_a_cycle_is_found_and_named() -> None:
    graph = {"endpoint": {"platform_model", "mig"}, "platform_model": {"records", "endpoint"}, "records": set(),
             "mig": set(), "rules.a": {"rules.a"}}
    assert cycles(graph) == [["endpoint", "platform_model", "endpoint"], ["rules.a", "rules.a"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_type_checking_and_relative_imports_are_edges() -> None:
    modules = {"intent.deployment", "resolve.platform_model", "resolve.records", "rules", "rules.endpoints",
               "intent.endpoint"}
    source = ("from typing import TYPE_CHECKING\nfrom ..resolve.records import ScalingRecord\n"
              "if TYPE_CHECKING:\n    from ..resolve.platform_model import ResolvedPlatform\n")
    assert layer_imports(source, "intent.deployment", modules) == {"resolve.records", "resolve.platform_model"}
    nested = "from ..intent.endpoint import InferenceEndpoint\nfrom hyperpod_constructs.resolve.records import Side\n"
    assert layer_imports(nested, "rules.endpoints", modules) == {"intent.endpoint", "resolve.records"}
