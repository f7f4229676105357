"""Frozen mappings and tuples back into the plain dicts and lists a manifest (or JSON) is written from.

Below every layer: the intent layer's frozen values (``intent.frozen.thaw``) and the k8s layer's records both thaw
through it.
"""
from __future__ import annotations

from typing import Any, Mapping


def plain_data(value: Any) -> Any:
    """Mappings -> dicts and lists / tuples -> lists, recursively; anything else unchanged."""
    if isinstance(value, Mapping):
        return {key: plain_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_data(item) for item in value]
    return value
