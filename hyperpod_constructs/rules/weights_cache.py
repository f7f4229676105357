"""A ModelWeightsCacheConfig pre-warms only the nodes it selects: the platform must run some."""
from __future__ import annotations

from ..errors import format_problem
from ..resolve.platform_model import ResolvedPlatform
from .registry import problem_rule


@problem_rule("weights-cache-placement")
def weights_cache_placement(platform: ResolvedPlatform) -> list[str]:
    """A model weights cache selects nodes of an instance type (and group) the platform's instance groups run."""
    found = []
    for cache in platform.weights_caches:
        groups = platform.groups_of_type(cache.instance_type)
        if not groups:
            found.append(format_problem(
                cache.where, "instance_type", cache.instance_type,
                "an instance type one of the platform's instance groups runs (it would pre-warm no node); the "
                f"groups run: {', '.join(sorted({group.instance_type for group in platform.instance_groups}))}"))
        elif cache.instance_group is not None and cache.instance_group not in {group.name for group in groups}:
            found.append(format_problem(
                cache.where, "instance_group", cache.instance_group,
                f"a group of instance type {cache.instance_type}: {', '.join(group.name for group in groups)}"))
    return found
