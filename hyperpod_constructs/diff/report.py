"""The diff as text: per stack, what is replaced (and why), deleted, left behind, and the Kubernetes objects."""
from __future__ import annotations

from typing import Sequence

from .compare import StackDiff
from .manifests import describe
from .resources import DATA_RESOURCES, what_is_replaced


def render(diffs: Sequence[StackDiff], notes: Sequence[str] = ()) -> str:
    lines: list[str] = [*notes]
    for diff in diffs:
        lines.append(f"Stack {diff.name}")
        lines += _resource_lines(diff)
        lines += _kubernetes_lines(diff)
        lines.append("  => replaces or deletes something" if diff.destructive else "  => nothing replaced or deleted")
    return "\n".join(lines) + "\n"


def _resource_lines(diff: StackDiff) -> list[str]:
    changes = diff.resources
    lines = []
    for item in changes.replaced:
        meaning = what_is_replaced(item.type_name)
        lines.append(f"  replaced: {item.logical_id} ({item.type_name}): {item.cause}"
                     + (f"; this replaces {meaning}" if meaning else ""))
    lines += [f"  deleted:  {item.logical_id} ({item.type_name})"
              + (f", kept in the account (DeletionPolicy {item.policy})" if item.kept else "")
              for item in changes.deleted]
    lines += [f"  added:    {logical_id} ({type_name})" for logical_id, type_name in changes.added]
    for outcome in changes.data:
        policy = "UpdateReplacePolicy" if outcome.event == "replaced" else "DeletionPolicy"
        if outcome.kept:
            lines.append(f"  retained and still billing: the {outcome.event} {outcome.logical_id} "
                         f"({outcome.type_name}) is kept ({policy} {outcome.policy}) and {DATA_RESOURCES[outcome.type_name]}; delete it "
                         "once its data is no longer needed")
        else:
            lines.append(f"  data deleted: the {outcome.event} {outcome.logical_id} ({outcome.type_name}) is deleted "
                         f"with its data ({policy} {outcome.policy})")
    return lines


def _kubernetes_lines(diff: StackDiff) -> list[str]:
    lines = []
    for bundle in diff.bundles:
        header = f"  Kubernetes objects ({bundle.logical_id})"
        if bundle.changes is None:
            lines.append(f"{header}: {bundle.note}")
            continue
        changes = bundle.changes
        if not (changes.added or changes.deleted or changes.changed):
            lines.append(f"{header}: no object added, changed or deleted")
            continue
        lines.append(f"{header}:")
        lines += [f"    added:   {describe(key)}" for key in changes.added]
        for key, fields in changes.changed:
            lines.append(f"    changed: {describe(key)}")
            lines += [f"        {line}" for line in fields]
        lines += [f"    deleted: {describe(key)}" for key in changes.deleted]
    return lines
