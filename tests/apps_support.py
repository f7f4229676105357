"""Synthesize apps for tests (with cdk-nag attached) and read what they produced."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk

from support import REPO_ROOT

_HASH = re.compile(r"[0-9a-f]{64}")


@dataclass
class SynthesizedApp:
    app: cdk.App
    stack: cdk.Stack
    platform: Any
    template: dict[str, Any]
    outdir: Path
    nag_violations: list[tuple[str, str]]


def load_module(relative: str) -> Any:
    """Import an app or example file by path (they are scripts, not a package)."""
    path = REPO_ROOT / relative
    name = "app_" + re.sub(r"\W", "_", relative)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def nag_violations(outdir: Path) -> list[tuple[str, str]]:
    report = outdir / "validation-report.json"
    if not report.exists():
        return []
    found = []
    for plugin in json.loads(report.read_text()).get("pluginReports", []):
        for violation in plugin.get("violations", []):
            for construct in violation.get("violatingConstructs", []):
                found.append((violation["ruleName"], construct["constructPath"]))
    return found


def synthesize(build: Callable[[cdk.App], tuple[cdk.Stack, Any]], tmp: Path) -> SynthesizedApp:
    """Build with cdk-nag attached; a nag failure is recorded, not raised, so tests can list findings."""
    from cdk_nag import AwsSolutionsChecks

    app = cdk.App(outdir=str(tmp / "cdk.out"))
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    try:
        app.synth()
    except Exception as error:  # cdk-nag reports through a validation failure
        if "Validation failed" not in str(error):
            raise
    outdir = Path(app.outdir)
    template = json.loads((outdir / f"{stack.artifact_id}.template.json").read_text())
    return SynthesizedApp(app, stack, platform, template, outdir, nag_violations(outdir))


def mask_hashes(value: Any) -> Any:
    """Asset hashes change with any asset byte; snapshots should show what changed for users instead."""
    return json.loads(_HASH.sub("<asset-hash>", json.dumps(value, sort_keys=True)))


def resources(template: dict[str, Any], type_name: str) -> dict[str, dict[str, Any]]:
    """Logical id -> resource, for every resource of one type in a template."""
    return {key: value for key, value in template["Resources"].items() if value["Type"] == type_name}


def only(template: dict[str, Any], type_name: str) -> dict[str, Any]:
    """The one resource of a type, failing with what was found otherwise."""
    found = resources(template, type_name)
    assert len(found) == 1, f"expected one {type_name}, found {sorted(found)}"
    return next(iter(found.values()))
