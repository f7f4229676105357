"""The shared fixtures: synthesizing is slow (jsii), so each app is synthesized once per session; the tests leave the
checkout as they found it; and which tests are ``slow``."""
from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Iterator

# CDK synthesizes an app without an outdir into a new cdk.out* under Node's temporary folder (tens of MB of assets
# each) and nothing removes it: for this run, Node's temporary folder is one of its own, removed when it ends. Set
# before aws_cdk is first imported (that starts Node); Python's own (pytest's tmp_path) stays the system's.
tempfile.gettempdir()
_NODE_TMP = tempfile.mkdtemp(prefix="hyperpod-constructs-tests-")
os.environ["TMPDIR"] = _NODE_TMP
atexit.register(shutil.rmtree, _NODE_TMP, True)

from support import REPO_ROOT, cdk_json_context  # noqa: E402

# jsii runs on the project's Node (node_modules/, `make setup`) whatever `node` comes first on PATH: on an
# end-of-life Node jsii prints a banner each time it starts (docs/install.md).
if (REPO_ROOT / "node_modules" / ".bin" / "node").exists():
    os.environ.setdefault("JSII_NODE", str(REPO_ROOT / "node_modules" / ".bin" / "node"))

# Every app the tests build, in this process or a subprocess, gets cdk.json's feature flags the way `cdk synth`
# hands them to an app (aws-cdk-lib reads CDK_CONTEXT_JSON when an App is created): what is snapshotted, linted and
# checked is what users of `cdk synth` get.
os.environ["CDK_CONTEXT_JSON"] = json.dumps(cdk_json_context())

import pytest  # noqa: E402

from apps_support import SynthesizedApp, load_module, synthesize  # noqa: E402

# `slow` means "runs processes or synthesizes an app of its own" (CONTRIBUTING.md "Tests"); `make test-fast` leaves
# those out. Whole folders are marked here, so a new test there is slow without a decorator of its own.
SLOW_FOLDERS = {
    "faults": "runs the kubectl function with fake kubectl and helm executables as processes",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = REPO_ROOT / "tests"
    for item in items:
        if item.path.relative_to(tests).parts[0] in SLOW_FOLDERS:
            item.add_marker(pytest.mark.slow)


# Folders that tools own: git, the virtualenv and npm packages (`make setup`), Python's bytecode caches.
_NOT_OURS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache"}


def _checkout_files() -> dict[str, tuple[int, int]]:
    """Path -> (modification time, size) of every file in the checkout outside the folders tools own."""
    files: dict[str, tuple[int, int]] = {}
    for folder, subfolders, names in os.walk(REPO_ROOT):
        subfolders[:] = [name for name in subfolders if name not in _NOT_OURS]
        for name in names:
            path = Path(folder) / name
            stat = path.lstat()
            files[path.relative_to(REPO_ROOT).as_posix()] = (stat.st_mtime_ns, stat.st_size)
    return files


@pytest.fixture(scope="session", autouse=True)
def checkout_left_unchanged() -> Iterator[None]:
    """Tests write to temporary folders only: a file created, changed or removed in the checkout fails the run."""
    before = _checkout_files()
    yield
    after = _checkout_files()
    changed = sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
    assert not changed, f"the tests changed the checkout: {changed[:20]}"


@pytest.fixture(scope="session")
def quick_setup(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedApp:
    module = load_module("apps/quick_setup.py")
    return synthesize(module.build, tmp_path_factory.mktemp("quick_setup"))


@pytest.fixture(scope="session")
def synthesized(quick_setup: SynthesizedApp, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], SynthesizedApp]:
    """``synthesized("examples/x.py")``: an app synthesized with cdk-nag, once per session for every test module."""
    cache: dict[str, SynthesizedApp] = {"apps/quick_setup.py": quick_setup}

    def get(relative: str) -> SynthesizedApp:
        if relative not in cache:
            module = load_module(relative)
            cache[relative] = synthesize(module.build, tmp_path_factory.mktemp(Path(relative).stem))
        return cache[relative]

    return get
