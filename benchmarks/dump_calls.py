"""Python function calls the k8s layer makes to write one endpoint's custom resource from its record, for the default
app's endpoints (apps/quick_setup.py: a custom model with routing, L1+L2 cache and two triggers, and a JumpStart
model).

The records come from the default app built once (``resolved_platform.endpoints``); each is then rendered again
(``k8s.model_deployment.endpoint_manifest``) under cProfile, and the calls of that rendering are printed: every
function call cProfile counts (Python functions and built-ins alike), and the Python functions alone. The build
already rendered each record type once, which worked out its dump plan (``crd_model``): the figure is what every
further endpoint costs. Counts, not times: they do not depend on the machine or its load. It asserts nothing.
Run: `.venv/bin/python benchmarks/dump_calls.py` (`benchmarks/synth.py` prints it too).
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "apps")]


def calls(render: Any, record: Any) -> tuple[int, int]:
    """(all calls, Python function calls) of one ``render(record)``."""
    profile = cProfile.Profile()
    profile.enable()
    render(record)
    profile.disable()
    stats = pstats.Stats(profile)
    python = sum(calls for (filename, _, _), (_, calls, _, _, _) in stats.stats.items()  # type: ignore[attr-defined]
                 if filename != "~")
    return stats.total_calls, python  # type: ignore[attr-defined]


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args()
    # The feature flags of cdk.json, as `cdk synth` hands them over (the records do not depend on them).
    os.environ.setdefault("CDK_CONTEXT_JSON", json.dumps(json.loads((REPO / "cdk.json").read_text())["context"]))

    import aws_cdk as cdk
    import quick_setup

    from hyperpod_constructs.k8s.model_deployment import endpoint_manifest

    _, platform = quick_setup.build(cdk.App(outdir=tempfile.mkdtemp(prefix="dump-calls-")))
    for record in platform.resolved_platform.endpoints:
        total, python = calls(endpoint_manifest, record)
        print(f"custom resource of {record.name} ({record.kind}): {total} calls per endpoint "
              f"({python} of Python functions)")


if __name__ == "__main__":
    main()
