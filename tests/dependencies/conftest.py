"""Load the kubectl function's modules the way the Lambda runtime does: from their own folder."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

HANDLER_DIR = Path(__file__).resolve().parents[2] / "hyperpod_constructs" / "assets" / "kubectl_handler"
if str(HANDLER_DIR) not in sys.path:
    sys.path.insert(0, str(HANDLER_DIR))  # the modules import their siblings by bare name (`helm_plan`, ...)


def _load(name: str, filename: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HANDLER_DIR / filename)
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
