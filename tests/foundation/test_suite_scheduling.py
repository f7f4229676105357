"""How `make test` spreads its work: the modules that run processes first, each module's tests together, and the
results that cost a process computed once per run for every worker (tests/conftest.py, support.once_per_run)."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from conftest import _module_rank
from support import once_per_run


def test_this_runs_modules_slowest_first_each_in_one_piece(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    modules = [path for path, _ in itertools.groupby(item.path for item in items)]
    assert len(modules) == len(set(modules)), "a module's tests are split up"
    by_module: dict[Path, list[pytest.Item]] = {}
    for item in items:
        by_module.setdefault(item.path, []).append(item)
    ranks = [_module_rank(by_module[path]) for path in modules]
    assert ranks == sorted(ranks), list(zip(modules, ranks))


def test_the_fault_tests_rank_before_the_millisecond_tests(request: pytest.FixtureRequest) -> None:
    by_folder: dict[str, list[pytest.Item]] = {}
    for item in request.session.items:
        by_folder.setdefault(item.path.parent.name, []).append(item)
    if "faults" in by_folder:
        assert _module_rank([by_folder["faults"][0]]) == 1
    assert _module_rank([request.node]) == 4  # this module: no slow test


def test_a_result_is_computed_once_and_read_after(tmp_path_factory: pytest.TempPathFactory) -> None:
    calls: list[Path] = []

    def compute(folder: Path) -> dict[str, str]:
        calls.append(folder)
        (folder / "made.txt").write_text("x")
        return {"file": str(folder / "made.txt")}

    first = once_per_run(tmp_path_factory, "scheduling-test", compute)
    second = once_per_run(tmp_path_factory, "scheduling-test", compute)
    assert first == second and len(calls) == 1
    assert Path(first["file"]).read_text() == "x"  # what compute wrote stays for the readers


def test_a_failure_is_not_kept(tmp_path_factory: pytest.TempPathFactory) -> None:
    def fail(folder: Path) -> None:
        (folder / "half.txt").write_text("half done")
        raise AssertionError("the build failed")

    with pytest.raises(AssertionError, match="the build failed"):
        once_per_run(tmp_path_factory, "scheduling-failure", fail)
    # The next asker starts over in an empty folder, and its result is the one kept.
    assert once_per_run(tmp_path_factory, "scheduling-failure", lambda folder: sorted(folder.iterdir())) == []
