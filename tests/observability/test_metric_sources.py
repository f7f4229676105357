"""Every metric and label a panel or rule reads has a documented source: the table "Where every metric comes from"
in docs/observability.md lists it, with who documents it. The queries are parsed (promql-parser), so a metric or a
label added to a query without a row, or a row's label no query needs any more, fails here."""
from __future__ import annotations

import re
from typing import Any, Iterator

import promql_parser
import pytest
import yaml

from hyperpod_constructs.observability import alerts, dashboards
from obs_fixtures import ENDPOINTS, INSTANCE_GROUPS
from support import REPO_ROOT

WINDOW = "5m"
DOC = REPO_ROOT / "docs" / "observability.md"
HEADING = "## Where every metric comes from"


def documented() -> dict[str, set[str]]:
    """Metric -> the labels its row lists, from the table under ``HEADING``."""
    section = DOC.read_text().split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        assert cells[2], f"no source for {cells[0]}"
        labels = set(re.findall(r"`([^`]+)`", cells[1]))
        for metric in re.findall(r"`([^`]+)`", cells[0]):
            rows[metric] = labels
    return rows


def expressions() -> list[str]:
    board_exprs = [expr for board in dashboards.build_dashboards(ENDPOINTS, INSTANCE_GROUPS, WINDOW).values()
                   for expr in dashboards.expressions(board)]
    rules = yaml.safe_load(alerts.rules_yaml(ENDPOINTS, WINDOW, gpu_health=True))
    return board_exprs + [rule["expr"] for group in rules["groups"] for rule in group["rules"]]


def walk(node: Any) -> Iterator[Any]:
    yield node
    for attribute in ("lhs", "rhs", "expr", "vector_selector", "param"):
        child = getattr(node, attribute, None)
        if child is not None and not isinstance(child, (str, int, float)):
            yield from walk(child)
    for child in getattr(node, "args", None) or ():
        yield from walk(child)


def reads(expr: str) -> tuple[dict[str, set[str]], set[str]]:
    """(metric -> labels its selectors match on, labels the expression groups, joins or copies by)."""
    selected: dict[str, set[str]] = {}
    grouped: set[str] = set()
    for node in walk(promql_parser.parse(expr)):
        if isinstance(node, promql_parser.VectorSelector):
            selected.setdefault(node.name, set()).update(
                matcher.name for matcher in node.matchers.matchers if matcher.name != "__name__")
        elif isinstance(node, promql_parser.AggregateExpr) and node.modifier is not None:
            grouped.update(node.modifier.labels)
        elif isinstance(node, promql_parser.BinaryExpr) and node.modifier is not None and node.modifier.matching:
            grouped.update(node.modifier.matching.labels)
        elif isinstance(node, promql_parser.Call) and str(node.func.name) == "label_replace":
            grouped.add(node.args[3].val)  # the label the endpoint's name is copied from
    return selected, grouped


@pytest.fixture(scope="module")
def table() -> dict[str, set[str]]:
    return documented()


def test_the_table_lists_every_metric_and_the_labels_each_query_reads(table: dict[str, set[str]]) -> None:
    exprs = expressions()
    assert len(exprs) > 40
    used: dict[str, set[str]] = {}
    for expr in exprs:
        selected, grouped = reads(expr)
        for metric, labels in selected.items():
            assert metric in table, f"{metric} (in {expr}) has no row in {DOC.name}"
            assert labels <= table[metric], f"{metric}: {sorted(labels - table[metric])} not listed (in {expr})"
            used.setdefault(metric, set()).update(labels)
        available = set().union(*(table[metric] for metric in selected))
        assert grouped <= available, f"{sorted(grouped - available)} grouped by, listed for none of {sorted(selected)}"
        for metric in selected:
            used[metric].update(grouped & table[metric])
    assert set(table) == set(used), f"rows no query reads: {sorted(set(table) - set(used))}"
    for metric, labels in table.items():
        assert labels == used[metric], f"{metric}: listed but not read: {sorted(labels - used[metric])}"


def test_no_query_reads_a_label_no_source_documents() -> None:
    # What the issue found: GPU panels filtered on instance_type, which no AWS query puts on DCGM series.
    for expr in expressions():
        selected, _ = reads(expr)
        assert all("instance_type" not in labels for labels in selected.values()), expr
