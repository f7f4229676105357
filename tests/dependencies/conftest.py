"""Load the installer Lambda's modules the way the Lambda runtime does: from their own folder."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

HANDLER_DIR = Path(__file__).resolve().parents[2] / "hyperpod_constructs" / "assets" / "helm_installer"
if str(HANDLER_DIR) not in sys.path:
    sys.path.insert(0, str(HANDLER_DIR))  # index.py imports its sibling as `helm_plan`


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
def installer() -> ModuleType:
    return _load("helm_installer_index", "index.py")  # a unique name: "index" is too generic for sys.modules
