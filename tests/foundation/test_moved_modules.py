"""The import path documented before resolution had a package of its own still works, for one minor release."""
from __future__ import annotations

import importlib

import pytest

from hyperpod_constructs.resolve import platform_model


@pytest.mark.parametrize("name", ["ResolvedPlatform", "ResolvedEndpoint", "ResolvedModelStore", "PodDemand"])
def test_the_old_platform_model_path_reexports_with_a_deprecation_warning(name: str) -> None:
    old = importlib.import_module("hyperpod_constructs.intent.platform_model")
    with pytest.warns(DeprecationWarning, match=f"intent.platform_model.{name} is deprecated .* import it from "
                                                "hyperpod_constructs.resolve.platform_model"):
        assert getattr(old, name) is getattr(platform_model, name)


def test_the_old_path_names_only_what_moved() -> None:
    old = importlib.import_module("hyperpod_constructs.intent.platform_model")
    with pytest.raises(AttributeError, match="has no attribute 'resolve_endpoint'"):
        getattr(old, "resolve_endpoint")


def test_from_import_of_the_old_path_warns() -> None:
    with pytest.warns(DeprecationWarning, match="ResolvedPlatform is deprecated"):
        from hyperpod_constructs.intent.platform_model import ResolvedPlatform
    assert ResolvedPlatform is platform_model.ResolvedPlatform
