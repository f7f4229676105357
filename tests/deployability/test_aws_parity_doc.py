"""docs/aws-parity.md cannot go stale: its resource rows, settings and permission lists are compared with the data
the other checks use (the inventory of AWS's stack, the default app's template, the IAM requirements)."""
from __future__ import annotations

import functools
import re
from typing import Any

import pytest
import yaml

from apps_support import SynthesizedApp
from iam_support import DATA, requirements
from support import REPO_ROOT

DOC = REPO_ROOT / "docs" / "aws-parity.md"
STATUSES = ("same", "different", "not needed")
ACTION = re.compile(r"`([a-z0-9-]+:[A-Za-z0-9]+)`")


@functools.cache
def inventory() -> dict[str, Any]:
    return yaml.safe_load((DATA / "aws_quick_setup_inventory.yaml").read_text())


def section(text: str, heading: str) -> str:
    """The text under a markdown heading, up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    match = re.search(rf"^{re.escape(heading)}\s*$", text, re.M)
    assert match, f"{DOC.name} has no heading {heading!r}"
    rest = text[match.end():]
    following = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[:following.start()] if following else rest


def table_rows(text: str) -> list[list[str]]:
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|")]
    return [row for row in rows[2:]]  # header and separator


def resource_problems(text: str) -> list[str]:
    rows = table_rows(section(text, "## Resources"))
    problems, seen = [], set()
    expected = {(entry["template"], entry["resource"]): entry["type"] for entry in inventory()["resources"]}
    for row in rows:
        template, resource, kind, ours, status, why = row
        key = (template, resource)
        if key not in expected:
            problems.append(f"row for {key}, which AWS's stack does not have")
            continue
        seen.add(key)
        if kind.strip("`") != expected[key]:
            problems.append(f"{key}: type {kind} is not {expected[key]}")
        if status not in STATUSES:
            problems.append(f"{key}: parity {status!r} is not one of {STATUSES}")
        if status != "same" and not why:
            problems.append(f"{key}: {status} without a reason")
        if not ours:
            problems.append(f"{key}: no counterpart named")
    problems.extend(f"no row for {key}" for key in expected if key not in seen)
    return problems


def template_value(template: dict[str, Any], kind: str, path: str) -> str:
    found = [resource["Properties"] for resource in template["Resources"].values() if resource["Type"] == kind]
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    value: Any = found[0]
    for part in path.split("."):
        if part.endswith("[]"):
            value = value[part[:-2]]
        elif isinstance(value, list):
            value = [item[part] for item in value]
        else:
            value = value.get(part, "(unset)")
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def setting_problems(text: str, template: dict[str, Any]) -> list[str]:
    rows = {(row[0], row[1].strip("`")): row for row in table_rows(section(text, "## Settings"))}
    problems = []
    for setting in inventory()["settings"]:
        key = (setting["template"], setting["setting"])
        if key not in rows:
            problems.append(f"no settings row for {key}")
            continue
        _, _, aws, ours, status, why = rows.pop(key)
        actual = template_value(template, setting["ours"]["type"], setting["ours"]["path"])
        if aws != setting["aws"]:
            problems.append(f"{key}: AWS's value {aws!r} is not {setting['aws']!r}")
        if ours != actual:
            problems.append(f"{key}: the doc says {ours!r}, the default app's template has {actual!r}")
        if (status == "same") != (actual == setting["aws"]):
            problems.append(f"{key}: parity {status!r} does not match AWS {setting['aws']!r} vs ours {actual!r}")
        if status != "same" and not why:
            problems.append(f"{key}: {status} without a reason")
    problems.extend(f"settings row {key} has no entry in the inventory" for key in rows)
    return problems


def permission_problems(text: str) -> list[str]:
    permissions = section(text, "## Permissions")
    problems = []
    for role, spec in requirements().items():
        body = section(permissions, f"### `{role}`: " + _title(permissions, role))
        required = {action for line in body.splitlines() if line.startswith("- Required and checked:")
                    for action in ACTION.findall(line)}
        not_required = {action for line in body.splitlines() if line.startswith("- Granted by AWS, not required here:")
                        for action in ACTION.findall(line.split(". Why:")[0])}
        checked = {action for entry in spec["requests"] for action in entry["actions"]}
        if required != checked:
            problems.append(f"{role}: required list differs from the data: doc only {sorted(required - checked)}, "
                            f"data only {sorted(checked - required)}")
        aws = set(inventory()["permissions"].get(role, {}).get("actions", []))
        if not_required != aws - checked:
            problems.append(f"{role}: 'not required' list should be AWS's grants that are not required: "
                            f"missing {sorted(aws - checked - not_required)}, extra {sorted(not_required - (aws - checked))}")
        for line in body.splitlines():
            if line.startswith("- Granted by AWS, not required here:") and ACTION.search(line) and ". Why:" not in line:
                problems.append(f"{role}: a 'not required' line without its reason: {line[:80]}")
    return problems


def _title(permissions: str, role: str) -> str:
    match = re.search(rf"^### `{re.escape(role)}`: (.+)$", permissions, re.M)
    assert match, f"{DOC.name} has no permissions section for role {role!r}"
    return match.group(1)


def test_every_resource_of_aws_stack_has_a_row() -> None:
    assert resource_problems(DOC.read_text()) == []


def test_settings_match_the_default_apps_template(quick_setup: SynthesizedApp) -> None:
    assert setting_problems(DOC.read_text(), quick_setup.template) == []


def test_permission_lists_match_the_iam_requirements() -> None:
    assert permission_problems(DOC.read_text()) == []


# ---- the checks catch a stale doc ----------------------------------------------------------------------

def test_a_missing_or_unknown_resource_row_is_reported() -> None:
    text = DOC.read_text()
    stale = re.sub(r"^\| eks \| CoreDNSAddOn \|.*\n", "", text, flags=re.M)
    stale = stale.replace("| vpc | NatGateway |", "| vpc | NatGateways |")
    problems = resource_problems(stale)
    assert "no row for ('eks', 'CoreDNSAddOn')" in problems
    assert "row for ('vpc', 'NatGateways'), which AWS's stack does not have" in problems


def test_a_setting_that_drifted_from_the_template_is_reported(quick_setup: SynthesizedApp) -> None:
    text = DOC.read_text()
    stale = re.sub(r"(\| fsx \| `FileSystemTypeVersion` \| 2\.15 \|) 2\.15 \|", r"\1 2.12 |", text)
    assert stale != text
    problems = setting_problems(stale, quick_setup.template)
    assert problems == ["('fsx', 'FileSystemTypeVersion'): the doc says '2.12', the default app's template has '2.15'"]


def test_an_action_missing_from_a_permission_list_is_reported() -> None:
    text = DOC.read_text()
    stale = text.replace("`eks-auth:AssumeRoleForPodIdentity`, `logs:CreateLogStream`", "`logs:CreateLogStream`", 1)
    assert stale != text
    problems = permission_problems(stale)
    assert any(problem.startswith("execution-role: required list differs from the data") and
               "eks-auth:AssumeRoleForPodIdentity" in problem for problem in problems), problems


@pytest.mark.parametrize("role", sorted(inventory()["permissions"]))
def test_inventory_roles_are_roles_we_check(role: str) -> None:
    assert role in requirements()


# ---- docs/access.md accounts for every role the requirements check ------------------------------------

ACCESS_DOC = REPO_ROOT / "docs" / "access.md"


def unlisted_roles(text: str) -> list[str]:
    """Role ids of the requirements that have no row in access.md's table of the platform's own roles."""
    rows = table_rows(section(text, "## The platform's own roles"))
    named = {match for row in rows for match in re.findall(r"\(`([a-z0-9-]+)`\)", row[0])}
    return sorted(set(requirements()) - named)


def test_access_doc_says_why_each_roles_broad_grants_remain() -> None:
    assert unlisted_roles(ACCESS_DOC.read_text()) == []


def test_a_role_missing_from_the_access_doc_is_reported() -> None:
    stale = re.sub(r"^\| `platform\.operator\.keda_role` \(`keda`\).*\n", "", ACCESS_DOC.read_text(), flags=re.M)
    assert unlisted_roles(stale) == ["keda"]
