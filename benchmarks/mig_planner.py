"""How long the MIG planner takes for 10 and 50 endpoints (a figure to watch, not a test).

Run from the repository root: ``.venv/bin/python benchmarks/mig_planner.py``.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hyperpod_constructs.catalog.mig import MIG_PROFILES, mig_gpu_model  # noqa: E402
from hyperpod_constructs.planner import MigDemand, plan_mig  # noqa: E402

INSTANCE_TYPE = "ml.p5.48xlarge"
REPEATS = 50


def endpoints(count: int, seed: int) -> list[MigDemand]:
    rng = random.Random(seed)
    profiles = list(MIG_PROFILES[mig_gpu_model(INSTANCE_TYPE)])
    return [MigDemand(f"model-{i}", f"mig-{rng.choice(profiles)}", rng.randint(1, 8)) for i in range(count)]


def main() -> None:
    for count in (10, 50):
        timings = []
        for seed in range(REPEATS):
            demand = endpoints(count, seed)
            start = time.perf_counter()
            plan = plan_mig(INSTANCE_TYPE, demand)
            timings.append((time.perf_counter() - start) * 1000)
        print(f"{count:>3} endpoints on {INSTANCE_TYPE}: median {statistics.median(timings):.2f} ms, "
              f"max {max(timings):.2f} ms over {REPEATS} random demands "
              f"(last plan: {plan.instance_count} instances)")


if __name__ == "__main__":
    main()
