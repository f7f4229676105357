"""The diff as text: per stack, what is replaced (and the leaves that cause it), refused, deleted, updated in place,
left behind, what happens to each instance group's nodes, the Kubernetes objects, the plan's floor and ceiling, and
a closing line saying which exit status applies."""
from __future__ import annotations

from typing import Sequence

from .change_rules import HOLDS, ChangeRule
from .compare import BundleDiff, StackDiff
from .gateways import KEPT_BY_APPLIER, PRUNED_BY_GITOPS
from .instance_groups import CLUSTER_TYPE
from .manifests import ObjectKey, describe
from .resources import DATA_RESOURCES, what_is_replaced

# How each outcome of a change rule is labelled.
LABELS = {"in-place": "in place", "new-nodes": "new nodes only", "rolling": "rolling update",
          "reboots": "reboots nodes", "removes": "removes nodes", "review": "may be refused", "refused": "refused"}
DESTRUCTIVE = "  => removes, replaces or refuses something, or bills more while idle"
NOT_COMPARED = "  => nothing removed, replaced or refused in what was compared, but not everything was compared"
CLEAN = "  => nothing removed, replaced, refused or newly billed while idle"
# An object named after a deploy-time value that changes (the model store's volume objects carry the file system id).
REPLACED_BY_NAME = ("its name holds {values}: a new object under the new name is applied, with the objects that use it, "
                    "then this one is pruned")
_PATHS_SHOWN = 6  # an in-place update lists this many changed properties, then how many more


def render(diffs: Sequence[StackDiff], notes: Sequence[str] = ()) -> str:
    lines: list[str] = [*notes]
    for diff in diffs:
        lines.append(f"Stack {diff.name}")
        lines += _resource_lines(diff)
        lines += _group_lines(diff)
        lines += _kubernetes_lines(diff)
        lines += _plan_lines(diff)
        lines += [f"  not compared: {note}" for note in diff.notes]
        lines.append(DESTRUCTIVE if diff.destructive else CLEAN if diff.fully_compared else NOT_COMPARED)
    return "\n".join(lines) + "\n"


def _rule_text(rule: ChangeRule) -> str:
    return rule.effect + (f" (see {rule.source})" if rule.outcome in HOLDS else "")


def _resource_lines(diff: StackDiff) -> list[str]:
    changes = diff.resources
    lines = []
    for item in changes.replaced:
        meaning = what_is_replaced(item.type_name)
        lines.append(f"  replaced: {item.logical_id} ({item.type_name}): {item.cause}"
                     + (f"; this replaces {meaning}" if meaning else ""))
    lines += [f"  {LABELS[finding.rule.outcome]}: {finding.logical_id} ({finding.type_name}): {finding.what}: "
              f"{_rule_text(finding.rule)}" for finding in diff.refusals]
    for link in (link for link in diff.store_links if link.readers != ()):  # () : no endpoint reads the store
        readers = "not known (pass --old-manifests to name them)" if link.readers is None else ", ".join(link.readers)
        lines.append(f"  model store link {link.event}: {link.logical_id}: endpoints reading the files it links: "
                     f"{readers}")
    lines += [f"  deleted:  {item.logical_id} ({item.type_name})"
              + (f", kept in the account (DeletionPolicy {item.policy})" if item.kept else "")
              for item in changes.deleted]
    lines += [f"  added:    {logical_id} ({type_name})" for logical_id, type_name in changes.added]
    refused = {finding.logical_id for finding in diff.refusals}
    for update in (update for update in changes.updated if update.logical_id not in refused):
        paths = [path for path in update.paths
                 if not (update.type_name == CLUSTER_TYPE and path.startswith("InstanceGroups"))]  # groups: below
        if not paths:
            continue
        shown = ", ".join(paths[:_PATHS_SHOWN])
        more = f" and {len(paths) - _PATHS_SHOWN} more" if len(paths) > _PATHS_SHOWN else ""
        lines.append(f"  updated in place: {update.logical_id} ({update.type_name}): {shown}{more}")
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


def _group_lines(diff: StackDiff) -> list[str]:
    lines = []
    for cluster in diff.groups:
        lines.append(f"  Instance groups ({cluster.logical_id}):")
        for change in cluster.changes:
            line = f"    {LABELS[change.rule.outcome]}: {change.what}: {_rule_text(change.rule)}"
            if change.rule.outcome in HOLDS:
                line += ("; endpoints losing capacity: " + (", ".join(change.endpoints) or "none")
                         if change.endpoints is not None else "; endpoints on it: not known (OLD carries no plan figures)")
            lines.append(line)
    return lines


def _kubernetes_lines(diff: StackDiff) -> list[str]:
    lines = []
    for bundle in diff.bundles:
        header = f"  Kubernetes objects ({bundle.logical_id})"
        if bundle.changes is None:
            lines.append(f"{header}: {bundle.note}")
            continue
        changes = bundle.changes
        if bundle.note:
            lines.append(f"{header}: {bundle.note}")
        elif not (changes.added or changes.deleted or changes.changed or changes.replaced):
            lines.append(f"{header}: no object added, changed or deleted")
            continue
        else:
            lines.append(f"{header}:")
        lines += [f"    new deploy-time value: {value.cause}" for value in bundle.values]
        for key, names in changes.replaced:
            lines.append(f"    replaced: {describe(key)}")
            lines.append(f"        {REPLACED_BY_NAME.format(values=', '.join(names))}")
        lines += [f"    added:   {describe(key)}" for key in changes.added]
        for key, fields in changes.changed:
            lines.append(f"    changed: {describe(key)}")
            lines += [f"        {line}" for line in fields]
        lines += _deleted_lines(bundle, changes.deleted)
    for platform, before, after in diff.endpoints_removed:
        lines.append(f"  endpoints removed ({platform}): OLD's plan has {before}, NEW's {after}: the objects of "
                     f"{before - after} or more are deleted (pass --old-manifests to name them)")
    return lines


def _deleted_lines(bundle: BundleDiff, deleted: tuple[ObjectKey, ...]) -> list[str]:
    """Objects gone from NEW. A removed gateway's config is not simply deleted: the applier keeps it while the
    operator holds entries in it; its lines name the endpoints it served, which lose that address."""
    served = dict(bundle.gateways_removed)
    gone = "deleted:" if bundle.prunes else "left to GitOps:"
    lines = []
    for key in deleted:
        if key not in served:
            lines.append(f"    {gone} {describe(key)}")
            continue
        kept = bundle.prunes and not bundle.gitops
        lines.append(f"    {'kept until the operator lets go:' if kept else gone} {describe(key)}")
        if bundle.prunes:
            lines.append(f"        {KEPT_BY_APPLIER if kept else PRUNED_BY_GITOPS}")
        lines.append(f"        served: {', '.join(served[key]) or 'no endpoint of this bundle'}")
    return lines


def _plan_lines(diff: StackDiff) -> list[str]:
    lines = []
    for change in diff.figures:
        if not change.changed:
            continue
        lines.append(f"  Plan ({change.path}): " + "; ".join(change.lines()))
        if change.newly_billed_idle_gpus:
            lines.append(f"    newly billed while idle: {change.newly_billed_idle_gpus} more GPUs run with no traffic "
                         "at all")
    return lines
