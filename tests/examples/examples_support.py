"""Which apps the example tests cover, and their manifests as the GitOps export writes them."""
from __future__ import annotations

from typing import Any

from apps_support import DEFAULT_APP, app_files, app_id  # noqa: F401  (the example tests import them from here)


def exported_manifests(platform: Any) -> dict[str, list[dict[str, Any]]]:
    """Chart name -> manifests as ``export`` writes them (deploy-time values as ``${Name}`` placeholders).
    tests/delivery/test_values_command.py fills them from the stack's outputs and validates every object."""
    values = platform.deploy_time_values
    return {name: values.to_placeholders(manifests) for name, manifests in platform.charts.items()}
