"""Shared fixtures: synthesizing is slow (jsii), so each app is synthesized once per session."""
from __future__ import annotations

import pytest

from apps_support import SynthesizedApp, load_module, synthesize


@pytest.fixture(scope="session")
def quick_setup(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedApp:
    module = load_module("apps/quick_setup.py")
    return synthesize(module.build, tmp_path_factory.mktemp("quick_setup"))
