"""What the commands read of each platform in a user's app file: ``app_file.read_app`` calls one of these in the
app's own process, for every construct it finds, and hands the command the JSON data they return."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Optional

from ..intent.tokens import is_token
from .needs import needs_of

PRICE_NEEDS = "hyperpod_constructs.preflight.app_readers:price_needs"
PREFLIGHT_NEEDS = "hyperpod_constructs.preflight.app_readers:preflight_needs"


def _platform(candidate: Any) -> Optional[Any]:
    from ..platform.platform import HyperPodInferencePlatform  # in the app's process only: it starts jsii

    return candidate if isinstance(candidate, HyperPodInferencePlatform) else None


def price_needs(candidate: Any, assembly: Path) -> Optional[dict[str, Any]]:
    """The instance types and model store tier a platform runs (``prices --app``); None for any other construct."""
    platform = _platform(candidate)
    if platform is None:
        return None
    store = platform.model_store
    return {"instance_types": list(dict.fromkeys(group.instance_type for group in platform.instance_groups)),
            "fsx_tiers": [store.spec.throughput_mb_per_tib] if store is not None else []}


def preflight_needs(candidate: Any, assembly: Path) -> Optional[dict[str, Any]]:
    """The stack's region and what the platform needs of the account (``preflight --app``), as data; None for any
    other construct."""
    platform = _platform(candidate)
    if platform is None:
        return None
    import aws_cdk as cdk

    region = cdk.Stack.of(platform).region
    return {"region": None if is_token(region) else region,
            "needs": dataclasses.asdict(needs_of(platform, assembly))}
