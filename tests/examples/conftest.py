"""Each example app synthesized once per session, shared by the example tests."""
from __future__ import annotations

from typing import Callable

import pytest

from apps_support import SynthesizedApp, load_module, synthesize
from examples_support import DEFAULT_APP, app_id


@pytest.fixture(scope="session")
def synthesized(quick_setup: SynthesizedApp, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], SynthesizedApp]:
    """``synthesized("examples/x.py")``: the app synthesized with cdk-nag, once per session."""
    cache: dict[str, SynthesizedApp] = {DEFAULT_APP: quick_setup}

    def get(relative: str) -> SynthesizedApp:
        if relative not in cache:
            module = load_module(relative)
            cache[relative] = synthesize(module.build, tmp_path_factory.mktemp(app_id(relative)))
        return cache[relative]

    return get
