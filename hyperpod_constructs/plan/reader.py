"""What ``python -m hyperpod_constructs.plan`` reads of each platform in a user's app file (``app_file.read_app``
calls ``plan_of`` in the app's own process)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

PLAN_READER = "hyperpod_constructs.plan.reader:plan_of"


def plan_of(candidate: Any, assembly: Path) -> Optional[dict[str, Any]]:
    """The plan of a platform as text and as JSON data; None for any other construct."""
    from ..platform.platform import HyperPodInferencePlatform  # in the app's process only: it starts jsii
    from ..platform.plan_metadata import plan_figures

    if not isinstance(candidate, HyperPodInferencePlatform):
        return None
    plan = candidate.plan
    cost = plan.cost()
    return {
        "platform": candidate.node.path,
        "text": plan.render(),
        "figures": {
            **plan_figures(plan),
            "endpoints": [{"name": demand.name, "kind": demand.kind, "nodeType": demand.instance_type,
                           "replicas": {"min": demand.min_replicas, "max": demand.max_replicas},
                           "gpusPerReplica": demand.gpus, "migPartition": demand.partition}
                          for demand in plan.endpoints],
            "priced": cost is not None,
            "unpriced": list(cost.unpriced) if cost is not None else [],
            "unpricedInstanceTypes": sorted({group.instance_type for group in cost.groups if not group.priced})
            if cost is not None else [],
        },
    }
