"""Synth time and peak memory of the default app, and how they grow with endpoints and instance groups.

Prints figures; it asserts nothing. Each case runs in a fresh process (jsii starts its own Node process),
so times include that start-up, as `cdk synth` does. Run: `make bench` or `.venv/bin/python benchmarks/synth.py`.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CASE = textwrap.dedent('''
    import json, os, sys, time
    sys.path.insert(0, {repo!r})
    started = time.perf_counter()
    import aws_cdk as cdk
    from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource

    def tree_peak_kib(pid):
        """Peak resident memory of a process and its descendants (the jsii Node process), from /proc."""
        total = 0
        try:
            total += int(next(l for l in open(f"/proc/{{pid}}/status") if l.startswith("VmHWM")).split()[1])
            children = open(f"/proc/{{pid}}/task/{{pid}}/children").read().split()
        except (OSError, StopIteration):
            return total
        return total + sum(tree_peak_kib(int(child)) for child in children)

    kind, count, outdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    app = cdk.App(outdir=outdir)
    stack = cdk.Stack(app, "Bench")
    if kind == "default":
        sys.path.insert(0, os.path.join({repo!r}, "apps"))
        import quick_setup
        app = cdk.App(outdir=outdir)
        quick_setup.build(app)
    elif kind == "endpoints":
        platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup("gpu", "ml.g6e.48xlarge", count=max(1, count // 8 + 1))])
        for index in range(count):
            platform.add_endpoint(InferenceEndpoint(f"model-{{index}}", model=ModelSource.s3(f"s3://models/m{{index}}/"),
                                                    instance_type="ml.g6e.48xlarge", gpus=1))
    else:
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[
            InstanceGroup(f"group-{{index}}", "ml.g6e.12xlarge", count=1) for index in range(count)])
    built = time.perf_counter()
    app.synth()
    done = time.perf_counter()
    print(json.dumps({{"build_s": built - started, "synth_s": done - built, "total_s": done - started,
                      "peak_mib": tree_peak_kib(os.getpid()) / 1024}}))
''').format(repo=str(REPO))


def run(kind: str, count: int, repeats: int = 2) -> dict[str, float]:
    """The fastest of ``repeats`` runs: the machine's other work only ever adds time."""
    return min((run_once(kind, count) for _ in range(repeats)), key=lambda figures: figures["wall_s"])


def run_once(kind: str, count: int) -> dict[str, float]:
    env = dict(os.environ, PATH=f"{REPO / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}")
    with tempfile.TemporaryDirectory() as outdir:
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-c", CASE, kind, str(count), outdir], env=env,
                                capture_output=True, text=True, check=True)
        figures = json.loads(result.stdout.strip().splitlines()[-1])
        figures["wall_s"] = time.perf_counter() - started
        return figures


def main() -> None:
    print(f"{'case':<26}{'wall s':>8}{'build s':>9}{'synth s':>9}{'peak MiB':>10}")
    default = run("default", 0)
    print(f"{'default app':<26}{default['wall_s']:>8.2f}{default['build_s']:>9.2f}{default['synth_s']:>9.2f}"
          f"{default['peak_mib']:>10.0f}")
    for kind, counts in (("endpoints", (1, 25, 100)), ("instance groups", (1, 25, 100))):
        rows = [(count, run("endpoints" if kind == "endpoints" else "groups", count)) for count in counts]
        for count, figures in rows:
            print(f"{f'{count} {kind}':<26}{figures['wall_s']:>8.2f}{figures['build_s']:>9.2f}"
                  f"{figures['synth_s']:>9.2f}{figures['peak_mib']:>10.0f}")
        (low, first), (high, last) = rows[0], rows[-1]
        per_item = (last["build_s"] + last["synth_s"] - first["build_s"] - first["synth_s"]) / (high - low)
        print(f"{'':<26}marginal cost: {per_item * 1000:.0f} ms per extra {kind.rstrip('s')}")


if __name__ == "__main__":
    main()
