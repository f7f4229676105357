"""How long ``make test`` takes from a clean clone: wall time and CPU time (every process of the run, jsii's Node,
kubectl, helm and pip included), over several runs, with min / median / max.

Each run clones the commit (``--ref``, default HEAD: commit first, uncommitted changes are not measured) into a new
temporary folder and runs ``make test`` there. By default the clone borrows this checkout's ``.venv`` and
``node_modules`` (symlinks; make is told they are up to date with ``-o``), so what is timed is the test suite, not
pip and npm; ``--setup`` runs ``make test`` on a bare clone instead (it installs everything first, from the
network). Wall time counts what else the machine is doing; CPU time (user + system) much less so, which is the
figure to compare when the machine is shared. It asserts nothing.

Run: ``.venv/bin/python benchmarks/suite_time.py [--runs 3] [--ref main] [--setup] [--make-args PYTEST_ARGS=tests/foundation]``.
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BORROWED = (".venv", "node_modules")
# What make would otherwise rebuild in a clone whose files are all newer than the borrowed environment's stamps.
STAMPS = (".venv/.installed", "node_modules/.installed")


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    returncode: int
    summary: str  # pytest's last line: "2026 passed, 8 skipped in 118.2s"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def clone(ref: str, into: Path, setup: bool) -> None:
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(into)], check=True)
    subprocess.run(["git", "-C", str(into), "checkout", "--quiet", "--detach",
                    subprocess.run(["git", "-C", str(REPO), "rev-parse", ref], check=True, capture_output=True,
                                   text=True).stdout.strip()], check=True)
    if not setup:
        for name in BORROWED:
            (into / name).symlink_to((REPO / name).resolve())


def run_once(ref: str, setup: bool, make_args: list[str]) -> Run:
    folder = Path(tempfile.mkdtemp(prefix="suite-time-"))
    try:
        checkout = folder / "hyperpod-constructs"
        clone(ref, checkout, setup)
        command = ["make", *(() if setup else [arg for stamp in STAMPS for arg in ("-o", stamp)]), "test", *make_args]
        # The children's CPU is counted once they are waited for: the difference around the run is this run's.
        cpu_before, started = children_cpu(), time.perf_counter()
        result = subprocess.run(command, cwd=checkout, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - started, children_cpu() - cpu_before
        lines = [line for line in result.stdout.splitlines() if line.strip()]
        summary = lines[-1].strip("= ") if lines else ""
        if result.returncode:
            print(result.stdout[-3000:], result.stderr[-3000:], sep="\n", file=sys.stderr)
        return Run(wall, cpu, result.returncode, summary)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def spread(values: list[float]) -> str:
    return (f"min {min(values):7.1f} s   median {statistics.median(values):7.1f} s   "
            f"max {max(values):7.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="clean clones to run make test in (default 3)")
    parser.add_argument("--ref", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--setup", action="store_true", help="install everything in each clone (make setup)")
    parser.add_argument("--make-args", default="", help="extra make arguments, e.g. PYTEST_ARGS=tests/foundation")
    args = parser.parse_args()
    print(f"make test from a clean clone of {args.ref}, {args.runs} run(s), {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at start, "
          f"{'with setup' if args.setup else 'environment borrowed from ' + str(REPO)}")
    runs = []
    for number in range(1, args.runs + 1):
        run = run_once(args.ref, args.setup, shlex.split(args.make_args))
        runs.append(run)
        print(f"run {number}: wall {run.wall:7.1f} s   cpu {run.cpu:7.1f} s   exit {run.returncode}   "
              f"load {os.getloadavg()[0]:.1f}   {run.summary}", flush=True)
    print(f"wall: {spread([run.wall for run in runs])}")
    print(f"cpu:  {spread([run.cpu for run in runs])}")


if __name__ == "__main__":
    main()
