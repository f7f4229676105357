"""What the prices command reads of each platform in a user's app (``app_file.read_app`` calls it in the child)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from .platform import HyperPodInferencePlatform


def price_needs(candidate: Any, assembly: Path) -> Optional[dict[str, Any]]:
    """The instance types and model store tier a platform runs, or None for any other construct."""
    if not isinstance(candidate, HyperPodInferencePlatform):
        return None
    store = candidate.model_store
    return {"instance_types": list(dict.fromkeys(group.instance_type for group in candidate.instance_groups)),
            "fsx_tiers": [store.spec.throughput_mb_per_tib] if store is not None else []}
