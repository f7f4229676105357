"""One preflight check's outcome and how the command prints it."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional, Sequence


class Status(Enum):
    PASS = "PASS"
    FAIL = "FAIL"  # the deploy would fail or the platform would not work: the command exits 1
    SKIP = "SKIP"  # nothing in this app needs the check
    MANUAL = "MANUAL"  # cannot be read through read-only AWS APIs: ``fix`` is the command to run yourself


@dataclass(frozen=True)
class CheckResult:
    name: str
    status: Status
    detail: str
    fix: Optional[str] = None  # what to do (FAIL) or what to run (MANUAL)


def passed(name: str, detail: str) -> CheckResult:
    return CheckResult(name, Status.PASS, detail)


def failed(name: str, detail: str, fix: str) -> CheckResult:
    return CheckResult(name, Status.FAIL, detail, fix)


def skipped(name: str, detail: str) -> CheckResult:
    return CheckResult(name, Status.SKIP, detail)


def manual(name: str, detail: str, command: str) -> CheckResult:
    return CheckResult(name, Status.MANUAL, detail, command)


def render(results: Sequence[CheckResult]) -> str:
    """One line per check (status, name: detail), the fix or command indented below, and a count per status."""
    lines = []
    for result in results:
        lines.append(f"{result.status.value:<6}  {result.name}: {result.detail}")
        if result.fix:
            label = "run" if result.status is Status.MANUAL else "fix"
            lines.append(f"        {label}: {result.fix}")
    counts = ", ".join(f"{sum(result.status is status for result in results)} {status.value.lower()}"
                       for status in Status)
    lines.append(f"preflight: {counts}")
    return "\n".join(lines) + "\n"
