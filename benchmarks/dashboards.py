"""How big the dashboards and the rules file are at 1, 100 and 1,000 endpoints (figures to watch, not a test).

Panels and JSON bytes per dashboard, and the rules the workspace holds (alerting and recording) with their bytes.
The dashboards read Grafana variables and repeat one row per endpoint, so their figures do not change with the
count; the rules file grows by an endpoint's name in each shared rule's regex.

Run from the repository root: ``.venv/bin/python benchmarks/dashboards.py``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hyperpod_constructs.intent.instance_group import InstanceGroup  # noqa: E402
from hyperpod_constructs.resolve.platform_model import ResolvedEndpoint  # noqa: E402
from hyperpod_constructs.observability import alerts, dashboards  # noqa: E402

WINDOW = "5m"
COUNTS = (1, 100, 1_000)
INSTANCE_GROUPS = (InstanceGroup("h100", "ml.p5.48xlarge", mig_config="all-3g.40gb"),
                   InstanceGroup("l40s", "ml.g6e.12xlarge"))


def fleet(count: int) -> list[ResolvedEndpoint]:
    """``count`` endpoints in four namespaces, every tenth with a KV cache and intelligent routing."""
    return [ResolvedEndpoint(name=f"model-{index:04d}", namespace=f"team-{index % 4}", max_replicas=1 + index % 8,
                             kv_cache=index % 10 == 0, intelligent_routing=index % 10 == 0)
            for index in range(count)]


def panels(model: dict[str, Any]) -> int:
    """Panels in the dashboard JSON (rows not counted; a repeated row's panels once, as Grafana stores them)."""
    return sum(1 for panel in model["panels"] if panel["type"] != "row")


def main() -> None:
    print(f"{'endpoints':>9}  {'dashboard':<28} {'panels':>6} {'JSON bytes':>10}")
    for count in COUNTS:
        endpoints = fleet(count)
        for name, model in dashboards.build_dashboards(endpoints, INSTANCE_GROUPS, WINDOW).items():
            print(f"{count:>9,}  {name:<28} {panels(model):>6} {len(json.dumps(model, sort_keys=True)):>10,}")
        rules = alerts.rules_yaml(endpoints, WINDOW, gpu_health=True)
        print(f"{count:>9,}  {'rules (alerting + recording)':<28} {alerts.rules_count(endpoints, WINDOW, True):>6} "
              f"{len(rules.encode()):>10,}")


if __name__ == "__main__":
    main()
