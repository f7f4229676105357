"""The intent layer's value model holds: no value changes itself after construction, and the name rules that
several layers check (DNS label, DNS subdomain, SageMaker name, instance type) are written once, in intent/names.py."""
from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "hyperpod_constructs"
# The regex fragments the shared name rules are built from.
SHARED_FRAGMENTS = (r"[-a-z0-9]{0,61}[a-z0-9]", r"[-a-z0-9]*[a-z0-9]", r"(-*[a-zA-Z0-9]){0,62}", r"^ml\.")


def _sources(folder: Path) -> dict[str, str]:
    return {str(path.relative_to(PACKAGE)): path.read_text() for path in folder.rglob("*.py")}


def test_no_value_or_record_assigns_its_own_fields() -> None:
    offenders = [name for name, text in {**_sources(PACKAGE / "intent"), **_sources(PACKAGE / "resolve")}.items()
                 if re.search(r"^(?!\s*#).*object\.__setattr__\(", text, re.M)]
    assert offenders == []


def test_shared_name_patterns_are_defined_once() -> None:
    # limits: the AWS schema's own patterns, below the intent layer; the kubectl function's manifest plan: Lambda code
    # that runs on its own (standard library and its sibling modules only), checking names a deploy-time value completes.
    allowed = {"intent/names.py", "catalog/limits.py", "delivery/engine/manifest_plan.py"}
    offenders = sorted(f"{name}: {fragment}" for name, text in _sources(PACKAGE).items() if name not in allowed
                       for fragment in SHARED_FRAGMENTS if fragment in text)
    assert offenders == []
