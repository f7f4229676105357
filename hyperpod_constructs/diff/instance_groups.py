"""A HyperPod cluster's instance groups compared by name: added, removed, renamed, and each property of a group in
both versions, with what the change does to running nodes (``change_rules``) and which endpoints run there.

CloudFormation sees ``InstanceGroups`` as one property updated in place; HyperPod applies it as an UpdateCluster call
that creates, resizes or deletes groups, or refuses it. A group removed and one added with the same instance type
is reported as a rename: HyperPod has no rename, the old group's nodes go and the new group's come up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Any, Mapping, Optional, Sequence

from . import change_rules as rules
from .change_rules import ChangeRule
from ..aws.replacement import read_only_paths
from ..intent.mig import MIG_CONFIG_LABEL
from .leaves import field_changes, short
from .plan_figures import StackFigures
from .resources import references

CLUSTER_TYPE = "AWS::SageMaker::Cluster"
BUCKET_DEPLOYMENT = "Custom::CDKBucketDeployment"  # how the platform copies the lifecycle scripts to S3
# Per property of a group in both versions, its rule (the rest: GROUP_IN_PLACE).
_PROPERTY_RULES: Mapping[str, ChangeRule] = {
    "InstanceType": rules.INSTANCE_TYPE,
    "ExecutionRole": rules.EXECUTION_ROLE,
    "ThreadsPerCore": rules.THREADS_PER_CORE,
    "LifeCycleConfig": rules.LIFECYCLE,
    "InstanceStorageConfigs": rules.STORAGE,
    "ImageReleaseVersion": rules.IMAGE_RELEASE,
    "AutoPatchConfig": rules.AUTO_PATCH,
}


@dataclass(frozen=True)
class GroupChange:
    """One change to one group: ``what`` in the diff's words, the rule that says what it does, and the endpoints
    running on the group's instance type before the change (None: not known)."""

    group: str
    what: str
    rule: ChangeRule
    endpoints: Optional[tuple[str, ...]] = None


def instance_group_changes(old: Mapping[str, Any], new: Mapping[str, Any], old_plan: Optional[StackFigures],
                           replaced: AbstractSet[str] = frozenset()) -> tuple[GroupChange, ...]:
    """The changes between two ``AWS::SageMaker::Cluster`` resources' ``InstanceGroups``; ``old_plan``: OLD's plan
    figures (which endpoints run where, an autoscaled group's nodes), None when OLD carries none; ``replaced``: the
    resources being replaced (a group's execution role among them changes although its value reads the same)."""
    before, after = _groups(old), _groups(new)
    removed = [name for name in before if name not in after]
    added = [name for name in after if name not in before]

    def endpoints_on(group: Mapping[str, Any]) -> Optional[tuple[str, ...]]:
        return None if old_plan is None else old_plan.endpoints_on(group)

    def nodes(name: str, group: Mapping[str, Any]) -> str:
        figures = old_plan.group(name) if old_plan is not None else None
        if figures and figures.get("autoscaled"):
            return f"{_count(figures['floor']['nodes'])} idle, up to {figures['ceiling']['nodes']} under load"
        return _nodes(group)

    changes: list[GroupChange] = []
    for old_name, new_name in _renames(before, after, removed, added):
        removed.remove(old_name)
        added.remove(new_name)
        group = before[old_name]
        changes.append(GroupChange(old_name, f"renamed {old_name} -> {new_name} ({group.get('InstanceType')}): "
                                             f"its nodes ({nodes(old_name, group)}) terminated, {_nodes(after[new_name])} created",
                                   rules.GROUP_RENAMED, endpoints_on(group)))
    for name in removed:
        group = before[name]
        changes.append(GroupChange(name, f"removed {name} ({group.get('InstanceType')}, {nodes(name, group)})",
                                   rules.GROUP_REMOVED, endpoints_on(group)))
    for name in added:
        group = after[name]
        changes.append(GroupChange(name, f"added {name} ({group.get('InstanceType')}, {_nodes(group)})",
                                   rules.GROUP_ADDED))
    for name in (name for name in before if name in after):
        changes += _mig_layout_changes(name, before[name], after[name], nodes(name, before[name]),
                                       _may_run_nodes(name, before[name], old_plan), endpoints_on(before[name]))
        changes += _property_changes(name, _without_mig_label(before[name]), _without_mig_label(after[name]),
                                     endpoints_on(before[name]), replaced)
    return tuple(changes)


def lifecycle_script_changes(old: Mapping[str, Any], new: Mapping[str, Any],
                             cluster: Mapping[str, Any]) -> tuple[GroupChange, ...]:
    """New lifecycle scripts at the same S3 location: the bucket deployment copying them changes, the groups'
    ``LifeCycleConfig`` does not. Each group whose scripts are in that bucket gets them on its next new node."""
    groups = _groups(cluster)
    found = []
    for logical_id in sorted(old.keys() & new.keys()):
        if new[logical_id].get("Type") != BUCKET_DEPLOYMENT:
            continue
        before, after = (old[logical_id].get("Properties") or {}), (new[logical_id].get("Properties") or {})
        if before.get("SourceObjectKeys") == after.get("SourceObjectKeys"):
            continue
        buckets = references(after.get("DestinationBucketName"))
        found += [GroupChange(name, f"{name} lifecycle scripts: new files at the same SourceS3Uri ({logical_id})",
                              rules.LIFECYCLE)
                  for name, group in groups.items()
                  if buckets & references((group.get("LifeCycleConfig") or {}).get("SourceS3Uri"))]
    return tuple(found)


def _groups(resource: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Name -> group, without the read-only leaves the schema names (``CurrentCount``, the next patch date): a
    template read back from the service may hold them, and they are never a change."""
    groups = (resource.get("Properties") or {}).get("InstanceGroups") or []
    read_only = [path[2:] for path in read_only_paths(CLUSTER_TYPE) if path[:2] == ("InstanceGroups", "*")]
    return {group["InstanceGroupName"]: _without(group, read_only) for group in groups
            if isinstance(group, dict) and isinstance(group.get("InstanceGroupName"), str)}


def _without(value: dict[str, Any], paths: Sequence[tuple[str, ...]]) -> dict[str, Any]:
    kept = dict(value)
    for path in paths:
        if len(path) == 1:
            kept.pop(path[0], None)
        elif isinstance(kept.get(path[0]), dict):
            inner = _without(kept[path[0]], [path[1:]])
            if inner or not kept[path[0]]:
                kept[path[0]] = inner
            else:  # held nothing but read-only leaves
                kept.pop(path[0])
    return kept


def _renames(before: Mapping[str, Any], after: Mapping[str, Any], removed: Sequence[str],
             added: Sequence[str]) -> list[tuple[str, str]]:
    """Removed and added groups paired by instance type, in template order."""
    pairs, taken = [], set()
    for old_name in removed:
        for new_name in added:
            if new_name not in taken and after[new_name].get("InstanceType") == before[old_name].get("InstanceType"):
                pairs.append((old_name, new_name))
                taken.add(new_name)
                break
    return pairs


def _may_run_nodes(name: str, group: Mapping[str, Any], old_plan: Optional[StackFigures]) -> bool:
    """Whether the group may have running nodes: a count above zero, or autoscaled with a ceiling above zero
    (nodes come and go with the load); without plan figures a count of zero may still be an autoscaled group."""
    count = group.get("InstanceCount")
    if not isinstance(count, int) or count > 0:
        return True
    if old_plan is None:
        return True
    figures = old_plan.group(name)
    return bool(figures and figures.get("autoscaled") and figures["ceiling"]["nodes"] > 0)


def _mig_layout(group: Mapping[str, Any]) -> Any:
    return ((group.get("KubernetesConfig") or {}).get("Labels") or {}).get(MIG_CONFIG_LABEL)


def _without_mig_label(group: dict[str, Any]) -> dict[str, Any]:
    """The group without its MIG layout label (reported on its own), and without a ``KubernetesConfig`` left empty
    by that."""
    if _mig_layout(group) is None:
        return group
    config = dict(group["KubernetesConfig"])
    config["Labels"] = {key: value for key, value in config["Labels"].items() if key != MIG_CONFIG_LABEL}
    if not config["Labels"]:
        del config["Labels"]
    kept = {key: value for key, value in group.items() if key != "KubernetesConfig"}
    return {**kept, "KubernetesConfig": config} if config else kept


def _mig_layout_changes(name: str, old: Mapping[str, Any], new: Mapping[str, Any], nodes: str, may_run_nodes: bool,
                        on_group: Optional[tuple[str, ...]]) -> list[GroupChange]:
    """A new MIG layout (label ``nvidia.com/mig.config``): running nodes are repartitioned and rebooted."""
    before, after = _mig_layout(old), _mig_layout(new)
    if before == after:
        return []
    what = f"{name} MIG layout {short(before) if before is not None else 'none'} -> " \
           f"{short(after) if after is not None else 'none'}"
    if not may_run_nodes:
        return [GroupChange(name, f"{what} (no nodes)", rules.MIG_LAYOUT_NO_NODES)]
    return [GroupChange(name, f"{what} on its nodes ({nodes})", rules.MIG_LAYOUT, on_group)]


def _property_changes(name: str, old: Mapping[str, Any], new: Mapping[str, Any], on_group: Optional[tuple[str, ...]],
                      replaced: AbstractSet[str]) -> list[GroupChange]:
    changes = []
    for key in sorted((old.keys() | new.keys()) - {"InstanceGroupName"}):
        before, after = old.get(key), new.get(key)
        rule = _PROPERTY_RULES.get(key, rules.GROUP_IN_PLACE)
        if before == after:
            gone = sorted(references(after) & replaced)
            if key == "ExecutionRole" and gone:  # the same reference, a new role at deploy time
                changes.append(GroupChange(name, f"{name} ExecutionRole refers to {gone[0]}, which is replaced", rule,
                                           on_group))
            continue
        if key == "InstanceCount" and isinstance(before, int) and isinstance(after, int):
            fewer = after < before
            changes.append(GroupChange(
                name, f"{name} InstanceCount {before} -> {after}: "
                      f"{_count(abs(after - before))} {'terminated' if fewer else 'added'}",
                rules.COUNT_DOWN if fewer else rules.COUNT_UP, on_group if fewer else None))
            continue
        leaves = field_changes(before, after, key) if before is not None and after is not None else [
            f"{'+ ' + key + ': ' + short(after) if before is None else '- ' + key}"]
        changes.append(GroupChange(name, f"{name} {'; '.join(leaves)}", rule,
                                   on_group if rule.outcome in rules.HOLDS else None))
    return changes


def _nodes(group: Mapping[str, Any]) -> str:
    count = group.get("InstanceCount")
    return _count(count) if isinstance(count, int) else f"InstanceCount {short(count)}"


def _count(number: int) -> str:
    return f"{number} node" + ("" if number == 1 else "s")
