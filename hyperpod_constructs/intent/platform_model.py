"""Deprecated: the resolved platform model moved to ``hyperpod_constructs.resolve.platform_model``.

This module re-exports its public names for one minor release (removed in 0.3.0), with a ``DeprecationWarning`` when
one is taken from here; import ``ResolvedPlatform``, ``ResolvedEndpoint``, ``ResolvedModelStore`` and ``PodDemand``
from ``hyperpod_constructs.resolve.platform_model`` instead.
"""
from __future__ import annotations

import warnings
from typing import Any

__all__ = ["PodDemand", "ResolvedEndpoint", "ResolvedModelStore", "ResolvedPlatform"]


def __getattr__(name: str) -> Any:
    """The moved name, with a warning naming where it lives now (read on use, so importing this module is silent)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # The one import from a layer above intent, exempted by name in tests/foundation/test_layers.py until it goes.
    from ..resolve import platform_model

    warnings.warn(f"hyperpod_constructs.intent.platform_model.{name} is deprecated and will be removed in 0.3.0: "
                  f"import it from hyperpod_constructs.resolve.platform_model", DeprecationWarning, stacklevel=2)
    return getattr(platform_model, name)
