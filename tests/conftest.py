"""The one shared fixture module: each app synthesized once per run (synthesizing is slow: jsii), the kubectl
function's modules, the guard that the tests leave the checkout as they found it, and which tests are ``slow``.
Helpers that are not fixtures live in support.py (schemas, validation, commands) and apps_support.py (apps, templates);
tests/faults/conftest.py holds the fault harness's own fixtures (the real tools on PATH, the loopback API server,
stubbed AWS, simulated clock)."""
from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import sys
import tempfile

# The test processes keep the bytecode of the package and of pytest's rewritten test modules in __pycache__ (ignored
# by git and by the checkout guard below) even where the environment says not to write it (PYTHONDONTWRITEBYTECODE):
# compiling them anew in each of `make test-fast`'s processes costs seconds of CPU per run. The processes the tests
# start (the command line, the wheel's consumer app) keep the environment's choice, as users' runs do.
sys.dont_write_bytecode = False
from pathlib import Path
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterator

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

# CDK's built-in CloudFormation validation costs seconds of Node start-up per process and tenths of a second per
# synth. It runs where users meet it, once on each app: the shared apps (apps_support.synthesize registers it), the
# real `cdk` CLI on the default app and the consumer app of the installed wheel (tests/foundation/test_packaging.py,
# which put it back). The other apps the tests build (variants of a part, a rule's negative case, a command's
# re-synthesis of an app already validated) are checked for what they are about, not validated again.
os.environ["CDK_VALIDATION"] = "false"
# kubectl, helm and promtool are Go programs run hundreds of times for a few milliseconds of work each: with the
# garbage collector off they start about a third faster. Their output does not depend on it.
os.environ.setdefault("GOGC", "off")

import pytest  # noqa: E402

if TYPE_CHECKING:  # apps_support imports aws_cdk, which starts Node: only the fixtures that build apps import it,
    # so xdist's controller process, which runs no test, never starts one.
    from apps_support import SharedApp, SynthesizedApp

# `slow` (CONTRIBUTING.md "Tests"): a test that runs processes or synthesizes an app of its own; `make test-fast` leaves
# them out, `make test` runs them. They are marked here rather than one by one, so a new test gets the mark it needs:
# - every test in SLOW_FOLDERS;
# - a test that calls one of SLOW_CALLS in its body, in a fixture it uses, in a function it is given as a parameter,
#   or in a function of the tests those call (seen in the compiled code, however it is spelled: `cdk.App()`,
#   `App(outdir=...)`). Only the session's fixtures do not count: they are the shared apps (the default app,
#   synthesized once for every test that reads it).
SLOW_FOLDERS = {
    "faults": "runs the kubectl function with the real kubectl and helm it ships, against the loopback API server",
    "kube_api": "runs the real kubectl and helm against the loopback API server",
}
SLOW_CALLS = {
    "App": "builds and synthesizes a CDK app of its own (through jsii: tenths of a second to seconds)",
    "run_command": "runs the library's command line in a new Python process",
    "simulate": "runs the IAM simulator in a Node process",
}
TESTS = REPO_ROOT / "tests"


def _code_objects(code: CodeType) -> Iterator[CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, CodeType):  # a nested function, lambda or comprehension
            yield from _code_objects(constant)


def _calls_slow(function: Any, seen: set[CodeType]) -> bool:
    """Whether ``function`` (a test, fixture or helper defined under tests/) or a test function it calls names one of
    SLOW_CALLS."""
    code = getattr(function, "__code__", None)
    if code is None or code in seen or not Path(code.co_filename).is_relative_to(TESTS):
        return False
    seen.add(code)
    return any(not SLOW_CALLS.keys().isdisjoint(inner.co_names)
               or any(_calls_slow(function.__globals__.get(name), seen) for name in inner.co_names)
               for inner in _code_objects(code))


def _is_slow(item: pytest.Function) -> bool:
    if item.path.relative_to(TESTS).parts[0] in SLOW_FOLDERS:
        return True
    seen: set[CodeType] = set()
    # The fixture each name resolves to for this test is the last of its definitions (a closer one overrides).
    fixtures = [definitions[-1].func for definitions in item._fixtureinfo.name2fixturedefs.values()
                if definitions[-1].scope != "session"]
    # A parametrized test may be handed the code that builds the app (`pytest.param(lambda stack: ...)`).
    parameters = item.callspec.params.values() if hasattr(item, "callspec") else ()
    return any(_calls_slow(function, seen) for function in (item.function, *fixtures, *parameters))


def _module_rank(tests: list[pytest.Item]) -> int:
    """0: a module marked slow as a whole (the wheel in a clean virtualenv and the cdk CLI: the longest tests, a
    minute or more, started first); 1: a module whose tests run processes for seconds each (SLOW_FOLDERS); 2: a module
    of slow tests only (an app of its own each); 3: a module with some slow tests; 4: the rest (milliseconds each)."""
    module_marks = getattr(tests[0], "module", None) and getattr(tests[0].module, "pytestmark", [])
    if any(mark.name == "slow" for mark in (module_marks if isinstance(module_marks, list) else [module_marks])):
        return 0
    if tests[0].path.relative_to(TESTS).parts[0] in SLOW_FOLDERS:
        return 1
    slow = sum(1 for item in tests if item.get_closest_marker("slow"))
    return 2 if slow == len(tests) else 3 if slow else 4


def _slowest_modules_first(items: list[pytest.Item]) -> None:
    """Modules that run processes first, the millisecond tests last, each module's tests kept together and in
    pytest's order (its module-scoped fixtures are set up once). With `make test`'s work-stealing workers
    (`--dist worksteal`) a worker that runs out takes the other's last tests: the run ends on short tests, not
    with one worker idle while the other finishes a minute-long one."""
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    ranked = sorted(modules.values(), key=_module_rank)  # stable: modules of one rank keep their order
    items[:] = [item for module in ranked for item in module]


# The fixtures that hand a test one of the shared apps (synthesized once per worker that reads its constructs).
SHARED_APP_FIXTURES = frozenset({"quick_setup", "synthesized"})
SHARED_APPS_GROUP = "shared-apps"


def _group_for_two_workers(items: list[pytest.Item]) -> None:
    """`make test-fast`'s two workers (`--dist loadgroup`): the tests that read a shared app go to one worker
    together, so each app is synthesized once, not once per worker; the other tests go module by module, so a
    module's fixtures and imports are paid once. xdist hands out the largest groups first."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            shared = isinstance(item, pytest.Function) and not SHARED_APP_FIXTURES.isdisjoint(item.fixturenames)
            item.add_marker(pytest.mark.xdist_group(SHARED_APPS_GROUP if shared
                                                    else item.path.relative_to(TESTS).as_posix()))


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups and pytest deselects by mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.Function) and _is_slow(item):
            item.add_marker(pytest.mark.slow)
    _slowest_modules_first(items)
    if getattr(config.option, "loadgroup", False):  # what xdist tells its workers of `--dist loadgroup`
        _group_for_two_workers(items)


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
def synthesized(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], SynthesizedApp]:
    """``synthesized("examples/x.py")``: an app synthesized with cdk-nag, once per run for every test module
    (apps_support.SharedApp)."""
    from apps_support import SharedApp

    cache: dict[str, SharedApp] = {}

    def get(relative: str) -> SynthesizedApp:
        if relative not in cache:
            cache[relative] = SharedApp(relative, tmp_path_factory)
        return cache[relative]

    return get


@pytest.fixture(scope="session")
def quick_setup(synthesized: Callable[[str], SynthesizedApp]) -> SynthesizedApp:
    from apps_support import DEFAULT_APP

    return synthesized(DEFAULT_APP)


# ---- the kubectl function's modules, loaded the way the Lambda runtime does: from their own folder ----------------

KUBECTL_HANDLER_DIR = REPO_ROOT / "hyperpod_constructs" / "delivery" / "engine"
if str(KUBECTL_HANDLER_DIR) not in sys.path:
    sys.path.insert(0, str(KUBECTL_HANDLER_DIR))  # the modules import their siblings by bare name (`helm_plan`, ...)


def _load(name: str, filename: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, KUBECTL_HANDLER_DIR / filename)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def plan() -> ModuleType:
    import helm_plan

    return helm_plan


@pytest.fixture(scope="session")
def cluster_plan() -> ModuleType:
    import cluster_plan

    return cluster_plan


@pytest.fixture(scope="session")
def cluster_access() -> ModuleType:
    import cluster_access

    return cluster_access


@pytest.fixture(scope="session")
def manifest_plan() -> ModuleType:
    import manifest_plan

    return manifest_plan


# Handlers are loaded as fresh copies under unique names, so monkeypatching one test's I/O edges never leaks
# into the module the dispatcher imported.
@pytest.fixture(scope="session")
def installer() -> ModuleType:
    return _load("kubectl_handler_helm_installer", "helm_installer.py")


@pytest.fixture(scope="session")
def applier() -> ModuleType:
    return _load("kubectl_handler_manifest_applier", "manifest_applier.py")


@pytest.fixture(scope="session")
def dispatcher() -> ModuleType:
    return _load("kubectl_handler_index", "index.py")  # a unique name: "index" is too generic for sys.modules
