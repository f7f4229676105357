#!/usr/bin/env python3
"""A fake ``helm`` (4.1) for the fault tests: releases and their revisions in a JSON file, Helm's messages.

State (``FAKE_HELM_STATE``): ``releases`` ("namespace/name" -> revisions with status, description, values),
``nodes`` (0: workloads never become ready, so a ``--wait`` runs out its ``--timeout``), ``faults`` (the first
matching a command is used up unless ``always``: ``hang`` records a pending revision then sleeps until killed,
``fail`` fails the apply with ``message``), ``latency`` (command -> simulated seconds its next calls take, one each) and ``calls``.
Time is the tests' simulated clock (``FAKE_CLOCK``, see ``harness.SimClock``): waits advance it, hangs are real.
Messages and statuses follow Helm v4.1.3 (pkg/action/{install,upgrade,rollback}.go, pkg/kube/statuswait.go).
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import yaml

STATE = Path(os.environ["FAKE_HELM_STATE"])
CLOCK = Path(os.environ["FAKE_CLOCK"])
PENDING_IN_PROGRESS = "another operation (install/upgrade/rollback) is in progress"


def load() -> dict[str, Any]:
    state = json.loads(STATE.read_text()) if STATE.exists() else {}
    for key, empty in (("releases", {}), ("faults", []), ("latency", {}), ("calls", [])):
        state.setdefault(key, empty)
    state.setdefault("nodes", 1)
    return state


def save(state: dict[str, Any]) -> None:
    STATE.write_text(json.dumps(state, indent=1))


def now() -> float:
    return time.time() + float(json.loads(CLOCK.read_text())["skew"])


def advance(seconds: float) -> None:
    CLOCK.write_text(json.dumps({"skew": float(json.loads(CLOCK.read_text())["skew"]) + seconds}))


def fail(message: str) -> NoReturn:
    print(f"Error: {message}", file=sys.stderr)
    sys.exit(1)


def parse(argv: list[str]) -> tuple[list[str], dict[str, Any]]:
    """Positional arguments and flags (``--values`` may repeat; ``--wait`` alone means ``watcher``)."""
    positional: list[str] = []
    flags: dict[str, Any] = {"values": []}
    takes_value = {"--namespace", "-n", "--kubeconfig", "--timeout", "--description", "--values", "-f", "--output", "-o"}
    names = {"-n": "namespace", "-f": "values", "-o": "output"}
    args = iter(argv)
    for arg in args:
        if arg.startswith("--wait"):
            flags["wait"] = arg.partition("=")[2] or "watcher"
        elif arg in takes_value:
            name = names.get(arg, arg.lstrip("-"))
            value = next(args)
            flags["values"].append(value) if name == "values" else flags.__setitem__(name, value)
        elif arg.startswith("--"):
            flags[arg.lstrip("-")] = True
        else:
            positional.append(arg)
    return positional, flags


def seconds(duration: str) -> float:
    assert duration.endswith("s") and duration[:-1].isdigit(), f"the fake reads --timeout in seconds, not {duration!r}"
    return float(duration[:-1])


def take_fault(state: dict[str, Any], command: str) -> dict[str, Any] | None:
    for index, fault in enumerate(state["faults"]):
        if fault["command"] == command:
            return fault if fault.get("always") else state["faults"].pop(index)
    return None


def key(name: str, flags: dict[str, Any]) -> str:
    return f"{flags.get('namespace', 'default')}/{name}"


def revision(number: int, status: str, description: str, values: Any) -> dict[str, Any]:
    return {"revision": number, "status": status, "description": description, "values": values,
            "chart": "hyperpod-helm-chart-0.1.0", "app_version": "1.16.0"}


def ready_error(state: dict[str, Any], name: str, flags: dict[str, Any], wait: str) -> str | None:
    """What waiting for readiness ends with: nothing, or (no nodes) the watcher's words once --timeout is over."""
    if wait not in ("watcher", "legacy") or state["nodes"] > 0:
        return None
    advance(seconds(flags.get("timeout", "300s")))
    return (f"resource Deployment/{flags.get('namespace', 'default')}/{name}-health-monitoring-agent not ready. "
            "status: InProgress, message: Available: 0/1\ncontext deadline exceeded")


def rollback_to(state: dict[str, Any], revisions: list[dict[str, Any]], name: str, flags: dict[str, Any],
                target: int, wait: str) -> str | None:
    """Helm's rollback: a new revision with the target's values; the error when waiting for it fails."""
    found = [r for r in revisions if r["revision"] == target]
    if not found:
        fail(f"release has no {target} version")
    current = revisions[-1]
    new = revision(current["revision"] + 1, "pending-rollback", f"Rollback to {target}", found[0]["values"])
    revisions.append(new)
    error = ready_error(state, name, flags, wait)
    current["status"] = "superseded"
    if error:
        new.update(status="failed", description=f'Release "{name}" failed: {error}')
        return f"release {name} failed: {error}"
    for other in revisions[:-1]:
        if other["status"] == "deployed":
            other["status"] = "superseded"
    new["status"] = "deployed"
    return None


def chart_dependencies(chart_dir: str) -> list[dict[str, Any]]:
    chart = yaml.safe_load((Path(chart_dir) / "Chart.yaml").read_text())
    return list(chart.get("dependencies") or [])


def missing_dependencies(chart_dir: str) -> list[str]:
    return [d["name"] for d in chart_dependencies(chart_dir)
            if not (Path(chart_dir) / "charts" / f"{d['name']}-{d['version']}.tgz").exists()]


def upgrade(state: dict[str, Any], positional: list[str], flags: dict[str, Any]) -> None:
    name, chart_dir = positional
    revisions = state["releases"].get(key(name, flags), [])
    verb = "UPGRADE" if revisions else "INSTALLATION"
    missing = missing_dependencies(chart_dir)
    if missing:
        fail(f"{verb} FAILED: An error occurred while checking for chart dependencies. You may need to run "
             f"`helm dependency build` to fetch missing dependencies: found in Chart.yaml, but missing in charts/ "
             f"directory: {', '.join(missing)}")
    if revisions and revisions[-1]["status"].startswith("pending-"):
        fail(f"{verb} FAILED: {PENDING_IN_PROGRESS}")
    rollback = bool(flags.get("rollback-on-failure"))
    wait = flags.get("wait", "hookOnly")
    if wait == "hookOnly" and rollback:
        wait = "watcher"  # Helm 4: --rollback-on-failure turns waiting on
    values: dict[str, Any] = {}
    for path in flags["values"]:
        values.update(yaml.safe_load(Path(path).read_text()) or {})
    number = revisions[-1]["revision"] + 1 if revisions else 1
    new = revision(number, "pending-upgrade" if revisions else "pending-install", "Preparing upgrade", values)
    revisions.append(new)
    state["releases"][key(name, flags)] = revisions
    fault = take_fault(state, "upgrade")
    if fault and fault["kind"] == "hang":  # stuck before it finishes: killed, it stays pending
        save(state)
        time.sleep(3600)
    error = fault["message"] if fault and fault["kind"] == "fail" else ready_error(state, name, flags, wait)
    if error is None:
        for other in revisions[:-1]:
            if other["status"] == "deployed":
                other["status"] = "superseded"
        new.update(status="deployed", description=flags.get("description")
                   or ("Upgrade complete" if number > 1 else "Install complete"))
        save(state)
        print(f'Release "{name}" has been upgraded. Happy Helming!' if number > 1 else f"NAME: {name}\nSTATUS: deployed")
        return
    if number == 1:
        new.update(status="failed", description=f'Release "{name}" failed: {error}')
        if rollback:
            del state["releases"][key(name, flags)]
            save(state)
            fail(f"INSTALLATION FAILED: release {name} failed, and has been uninstalled due to rollback-on-failure "
                 f"being set: {error}")
        save(state)
        fail(f"INSTALLATION FAILED: {error}")
    new.update(status="failed", description=f'Upgrade "{name}" failed: {error}')
    if not rollback:
        save(state)
        fail(f"UPGRADE FAILED: {error}")
    good = [r for r in revisions if r["status"] in ("superseded", "deployed")]
    rollback_error = rollback_to(state, revisions, name, flags, good[-1]["revision"], wait)
    save(state)
    if rollback_error:
        fail(f"UPGRADE FAILED: an error occurred while rolling back the release. original upgrade error: {error}: "
             f"{rollback_error}")
    fail(f"UPGRADE FAILED: release {name} failed, and has been rolled back due to rollback-on-failure being set: {error}")


def main(argv: list[str]) -> None:
    state = load()
    command = argv[0] if argv else ""
    state["calls"].append({"argv": argv, "at": now()})
    save(state)
    latencies = state["latency"].get(command, [])
    if latencies:
        advance(float(latencies.pop(0)))
        save(state)
    positional, flags = parse(argv[1:])
    if command == "dependency":
        action, chart_dir = positional
        if action == "list":
            print("NAME\tVERSION\tREPOSITORY\tSTATUS")
            for dep in chart_dependencies(chart_dir):
                status = "missing" if dep["name"] in missing_dependencies(chart_dir) else "ok"
                print(f"{dep['name']}\t{dep['version']}\t{dep.get('repository', '')}\t{status}")
        elif action in ("update", "build"):  # no Chart.lock: build resolves like update
            (Path(chart_dir) / "charts").mkdir(exist_ok=True)
            for dep in chart_dependencies(chart_dir):
                (Path(chart_dir) / "charts" / f"{dep['name']}-{dep['version']}.tgz").write_bytes(b"chart")
            print("Saving 1 charts\nDeleting outdated charts")
        else:
            fail(f'unknown command "{action}" for "helm dependency"')
        return
    if command == "upgrade":
        upgrade(state, positional, flags)
        return
    (name,) = positional[:1]
    revisions = state["releases"].get(key(name, flags))
    if command == "history":
        if not revisions:
            fail("release: not found")
        print(json.dumps([{k: r[k] for k in ("revision", "status", "chart", "app_version", "description")}
                          for r in revisions]))
        return
    if command == "rollback":
        if not revisions:
            fail("release: not found")
        error = rollback_to(state, revisions, name, flags, int(positional[1]), flags.get("wait", "hookOnly"))
        save(state)
        if error:
            fail(error)
        print("Rollback was a success! Happy Helming!")
        return
    if command == "uninstall":
        fault = take_fault(state, "uninstall")
        if fault and fault["kind"] == "hang":
            save(state)
            time.sleep(3600)
        if not revisions:
            if flags.get("ignore-not-found"):
                return
            fail(f"uninstall: Release not loaded: {name}: release: not found")
        del state["releases"][key(name, flags)]
        save(state)
        print(f'release "{name}" uninstalled')
        return
    fail(f'unknown command "{command}" for "helm"')


if __name__ == "__main__":
    main(sys.argv[1:])
