"""Synth cost and CloudFormation headroom of the default app with N custom endpoints, next to the same app in raw
aws-cdk-lib + cdk8s.

For N = 1, 10, 100, 500, 1000 (``--counts``) it prints synth wall and CPU time (Python and its jsii Node process),
peak memory, and per stack: resources, template bytes, outputs, parameters and custom resources, each checked
against CloudFormation's quotas (PASS/FAIL). It then runs cfn-lint on our largest N and prints two ratios: our
CPU over raw CPU for the default app, and our CPU at the largest N over N=1, each the median over ``--pairs``
alternate runs of the two (a b a b ...), and the Python calls that write each default-app endpoint's custom resource
(``benchmarks/dump_calls.py``: counts, which no load on the machine changes). With ``--patched`` it also builds ours
with an escape-hatch patch on every endpoint and prints the CPU each patched endpoint adds.

Each case runs in a fresh process (jsii starts its own Node process), as `cdk synth` does; the best of
``--repeats`` runs is kept, since other work on the machine only ever adds time. Python's bytecode is cached (in
``BYTECODE``, written by warm-up runs) for both apps alike, as an installed package has it. It asserts nothing.
Run: `make bench`, or `.venv/bin/python benchmarks/synth.py [--counts 1 10] [--repeats 2] [--pairs 3] [--no-lint]
[--patched]`.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COUNTS = (1, 10, 100, 500, 1000)
BYTECODE = Path(tempfile.gettempdir()) / "hyperpod-constructs-bench-bytecode"  # compiled by the warm-up runs

# CloudFormation quotas (CloudFormation User Guide, "Understand CloudFormation quotas").
MAX_RESOURCES = 500
MAX_TEMPLATE_BYTES = 1_000_000  # template body uploaded to S3 (CDK uploads every template)
MAX_OUTPUTS = 200
MAX_PARAMETERS = 200

CASE = '''
import json, os, sys, time
sys.path.insert(0, {bench!r})
started_wall, started_cpu = time.perf_counter(), time.process_time()
import aws_cdk as cdk
import bench_apps

def tree(pid):
    """pid and its descendants (the jsii Node process), from /proc."""
    try:
        children = open(f"/proc/{{pid}}/task/{{pid}}/children").read().split()
    except OSError:
        return [pid]
    return [pid] + [p for child in children for p in tree(int(child))]

def field(pid, name):
    try:
        return int(next(l for l in open(f"/proc/{{pid}}/status") if l.startswith(name)).split()[1])
    except (OSError, StopIteration):
        return 0

def cpu_seconds(pid):
    """user + system CPU of one process, from /proc/<pid>/stat."""
    try:
        parts = open(f"/proc/{{pid}}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")

kind, count, outdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
app = cdk.App(outdir=outdir)
bench_apps.BUILDERS[kind](app, count)
built = time.perf_counter()
app.synth()
done = time.perf_counter()
others = [pid for pid in tree(os.getpid()) if pid != os.getpid()]
print(json.dumps({{
    "build_s": built - started_wall, "synth_s": done - built, "total_s": done - started_wall,
    "python_cpu_s": time.process_time() - started_cpu,
    "node_cpu_s": sum(cpu_seconds(pid) for pid in others),
    "peak_mib": sum(field(pid, "VmHWM") for pid in tree(os.getpid())) / 1024,
}}))
'''.format(bench=str(REPO / "benchmarks"))


@dataclass
class StackFigures:
    name: str
    resources: int
    template_bytes: int
    outputs: int
    parameters: int
    custom_resources: int

    @property
    def problems(self) -> list[str]:
        found = []
        if self.resources > MAX_RESOURCES:
            found.append(f"{self.resources} resources > {MAX_RESOURCES}")
        if self.template_bytes > MAX_TEMPLATE_BYTES:
            found.append(f"{self.template_bytes:,} bytes > {MAX_TEMPLATE_BYTES:,}")
        if self.outputs > MAX_OUTPUTS:
            found.append(f"{self.outputs} outputs > {MAX_OUTPUTS}")
        if self.parameters > MAX_PARAMETERS:
            found.append(f"{self.parameters} parameters > {MAX_PARAMETERS}")
        return found


@dataclass
class Run:
    kind: str
    count: int
    figures: dict[str, float]
    stacks: list[StackFigures]
    outdir: Path
    error: str = ""
    templates: list[Path] = field(default_factory=list)

    @property
    def cpu_s(self) -> float:
        return self.figures["python_cpu_s"] + self.figures["node_cpu_s"]


def stack_figures(outdir: Path) -> tuple[list[StackFigures], list[Path]]:
    """Every stack template in the cloud assembly (nested stack templates included)."""
    manifest = json.loads((outdir / "manifest.json").read_text())
    paths = [outdir / artifact["properties"]["templateFile"] for artifact in manifest["artifacts"].values()
             if artifact["type"] == "aws:cloudformation:stack"]
    paths += sorted(outdir.glob("*.nested.template.json"))
    figures = []
    for path in paths:
        template = json.loads(path.read_text())
        resources = template.get("Resources", {})
        custom = sum(1 for r in resources.values()
                     if r["Type"].startswith("Custom::") or r["Type"] == "AWS::CloudFormation::CustomResource")
        figures.append(StackFigures(path.name.removesuffix(".template.json"), len(resources), path.stat().st_size,
                                    len(template.get("Outputs", {})), len(template.get("Parameters", {})), custom))
    return figures, paths


def case_env() -> dict[str, str]:
    # Both apps get cdk.json's feature flags, as `cdk synth` hands them over (aws-cdk-lib reads CDK_CONTEXT_JSON).
    context = json.loads((REPO / "cdk.json").read_text())["context"]
    env = dict(os.environ, PATH=f"{REPO / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}",
               CDK_CONTEXT_JSON=json.dumps(context), PYTHONPYCACHEPREFIX=str(BYTECODE))
    # Both apps read their modules' bytecode, as from an installed package (pip compiles it), not compile our
    # package from source on every run while aws-cdk-lib's comes precompiled.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def dump_calls() -> str:
    """benchmarks/dump_calls.py's lines: the Python calls that write each default-app endpoint's custom resource."""
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "dump_calls.py")], env=case_env(),
                            capture_output=True, text=True)
    lines = [line for line in result.stdout.splitlines() if line.startswith("custom resource")]
    return "\n".join(lines) if result.returncode == 0 and lines else f"dump calls: not measured ({result.stderr[-160:]})"


def run_once(kind: str, count: int, keep: bool) -> Run:
    env = case_env()
    outdir = Path(tempfile.mkdtemp(prefix=f"bench-{kind}-{count}-"))
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", CASE, kind, str(count), str(outdir)], env=env,
                            capture_output=True, text=True)
    wall = time.perf_counter() - started
    if result.returncode != 0:
        shutil.rmtree(outdir, ignore_errors=True)
        reason = (result.stderr.strip().splitlines() or ["?"])[-1]
        return Run(kind, count, {"wall_s": wall}, [], outdir, error=reason[:160])
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    figures["wall_s"] = wall
    stacks, templates = stack_figures(outdir)
    run = Run(kind, count, figures, stacks, outdir, templates=templates)
    if not keep:
        shutil.rmtree(outdir, ignore_errors=True)
    return run


def best(kind: str, count: int, repeats: int, keep: bool = False) -> Run:
    runs = [run_once(kind, count, keep) for _ in range(repeats)]
    chosen = min(runs, key=lambda run: run.figures.get("total_s", float("inf")))
    for run in runs:
        if run is not chosen and keep:
            shutil.rmtree(run.outdir, ignore_errors=True)
    return chosen


def paired(a: tuple[str, int], b: tuple[str, int], pairs: int) -> tuple[Run, Run, list[float]]:
    """``a`` and ``b`` run in turn (a b a b ...): the best run of each, and the CPU ratio a / b of every pair, so
    a change in the machine's speed during the run moves both sides of a ratio alike."""
    runs = [(run_once(*a, keep=False), run_once(*b, keep=False)) for _ in range(pairs)]
    ratios = sorted(first.cpu_s / second.cpu_s for first, second in runs if not first.error and not second.error)
    return (min((first for first, _ in runs), key=lambda run: run.figures.get("total_s", float("inf"))),
            min((second for _, second in runs), key=lambda run: run.figures.get("total_s", float("inf"))), ratios)


def ratio_line(label: str, ratios: list[float], target: float) -> str:
    if not ratios:
        return f"{label}: not measured (a synth failed)"
    median = statistics.median(ratios)
    return (f"{label}: {median:.2f}x median of {len(ratios)} alternate pairs (min {ratios[0]:.2f}x, "
            f"max {ratios[-1]:.2f}x; target <= {target}x)")


def lint_errors(templates: list[Path]) -> list[str]:
    from cfnlint.api import ManualArgs, lint

    errors = []
    for path in templates:
        matches = lint(path.read_text(), config=ManualArgs(regions=["us-east-1", "us-west-2"]))
        errors += [f"{path.name}: {match}" for match in matches if match.rule.id.startswith("E")]
    return errors


HEADER = (f"{'app':<8}{'N':>6}{'wall s':>8}{'CPU s':>7}{'(node)':>7}{'peak MiB':>9}  {'stack':<16}{'resources':>10}"
          f"{'template bytes':>16}{'outputs':>8}{'params':>7}{'custom':>7}  quotas")


def row(run: Run) -> str:
    head = f"{run.kind:<8}{run.count:>6}"
    if run.error:
        return f"{head}  synth failed: {run.error}"
    f = run.figures
    lines = []
    for index, stack in enumerate(run.stacks):
        timing = (f"{f['wall_s']:>8.1f}{run.cpu_s:>7.1f}{f['node_cpu_s']:>7.1f}{f['peak_mib']:>9.0f}" if index == 0
                  else " " * 31)
        verdict = "PASS" if not stack.problems else "FAIL: " + "; ".join(stack.problems)
        lines.append(f"{head if index == 0 else ' ' * 14}{timing}  {stack.name:<16}{stack.resources:>10}"
                     f"{stack.template_bytes:>16,}{stack.outputs:>8}{stack.parameters:>7}{stack.custom_resources:>7}"
                     f"  {verdict}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=list(COUNTS))
    parser.add_argument("--repeats", type=int, default=2, help="runs per case below N=500 (the best is kept)")
    parser.add_argument("--pairs", type=int, default=3, help="alternate pairs behind each of the two ratios")
    parser.add_argument("--no-lint", action="store_true", help="skip cfn-lint on the largest N")
    parser.add_argument("--patched", action="store_true",
                        help="also ours with an escape-hatch patch on every endpoint (each one's cdk8s chart made)")
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%h %s"], capture_output=True,
                            text=True).stdout.strip()
    print(f"commit {commit}; {platform.node()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    print(HEADER)
    for kind, count in (("default", 0), ("raw", 1), ("ours", 1)):
        run_once(kind, count, keep=False)  # warm-up: writes the bytecode the measured runs read
    default, raw_default, default_ratios = paired(("default", 0), ("raw", 1), args.pairs)
    print(row(default))
    print(row(raw_default).replace("raw     ", "raw(def)", 1))
    ours: dict[int, Run] = {}
    patched: dict[int, Run] = {}
    largest = max(args.counts)
    for count in args.counts:
        repeats = args.repeats if count < 500 else 1
        ours[count] = best("ours", count, repeats, keep=count == largest)
        print(row(ours[count]))
        print(row(best("raw", count, repeats)))
        if args.patched:
            patched[count] = best("patched", count, repeats)
            print(row(patched[count]))
    print()
    print(ratio_line("default app CPU, ours / raw", default_ratios, 1.2))
    print(dump_calls())
    low = min(args.counts)
    if not ours[low].error and not ours[largest].error and largest != low:
        _, _, growth = paired(("ours", largest), ("ours", low), args.pairs)
        print(ratio_line(f"ours CPU, N={largest} / N={low}", growth, 1.5))
        grow = (ours[largest].stacks[0].template_bytes - ours[low].stacks[0].template_bytes) / (largest - low)
        print(f"ours template bytes per extra endpoint: {grow:,.0f}")
    if largest in patched and not patched[largest].error and not ours[largest].error:
        extra = (patched[largest].cpu_s - ours[largest].cpu_s) / largest
        print(f"patched CPU, N={largest}: {patched[largest].cpu_s:.1f} s against {ours[largest].cpu_s:.1f} s "
              f"untouched = {extra * 1000:.1f} ms per patched endpoint")
    if not args.no_lint and not ours[largest].error:
        started = time.perf_counter()
        errors = lint_errors(ours[largest].templates)
        print(f"cfn-lint, ours N={largest}: {len(errors)} errors ({time.perf_counter() - started:.0f} s)")
        for error in errors[:10]:
            print(f"  {error[:200]}")
    shutil.rmtree(ours[largest].outdir, ignore_errors=True)


if __name__ == "__main__":
    main()
