"""The registry of cross-resource rules: each rule once, by id, and no de-duplication of their messages."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import hyperpod_constructs
from hyperpod_constructs import rules
from hyperpod_constructs.rules.registry import problem_rule

from support import source_nodes

PACKAGE = Path(hyperpod_constructs.__file__).parent


def test_each_rule_is_registered_once_and_an_id_cannot_be_taken_twice() -> None:
    checks = [rule.check for rule in rules.RULES.values()]
    assert len(set(checks)) == len(checks)  # no function registered under two ids
    assert all(rule.id == key and rule.summary for key, rule in rules.RULES.items())
    taken = next(iter(rules.RULES))
    with pytest.raises(ValueError, match=f"rule {taken!r} is registered twice"):
        problem_rule(taken)(lambda platform: [])
    assert rules.RULES[taken].check in checks  # the first registration stands


def test_rules_are_registered_only_in_the_rules_package() -> None:
    """Every call of the registering decorators is in rules/: the one place a rule lives."""
    outside: list[str] = []
    for path in PACKAGE.rglob("*.py"):
        if path.parent == PACKAGE / "rules":
            continue
        source = path.read_text()
        if "problem_rule(" in source or "advice_rule(" in source:
            outside.append(str(path.relative_to(PACKAGE)))
    assert outside == []


def test_nothing_removes_duplicate_problems_by_string_equality() -> None:
    """A rule that ran twice used to be hidden by ``dict.fromkeys`` over the messages; no such pass remains."""
    from hyperpod_constructs.platform import validations

    source = inspect.getsource(validations)
    assert "fromkeys" not in source and "set(" not in source
    for path in (PACKAGE / "rules").glob("*.py"):
        calls = [node for node in source_nodes(path.read_text()) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and node.func.attr == "fromkeys"]
        assert calls == [], path.name


def test_every_cross_resource_problem_comes_from_a_registered_rule() -> None:
    """No ``checks(view)`` / ``check(view, where)`` methods are left on declared values or records."""
    for path in [*(PACKAGE / "intent").rglob("*.py"), *(PACKAGE / "resolve").rglob("*.py")]:
        methods = [node.name for node in source_nodes(path.read_text()) if isinstance(node, ast.FunctionDef)
                   and node.name in ("checks", "check") and node.args.args and node.args.args[0].arg == "self"]
        assert methods == [], path.name
