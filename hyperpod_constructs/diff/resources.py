"""What CloudFormation does to each resource when a template changes: replace, delete, add, and what a replaced or
deleted data-bearing resource leaves behind.

A resource is replaced when its type changes or a create-only property changes (CloudFormation's registry
schemas, as cfn-lint ships them), including a create-only property that refers to a resource being replaced
(a new file system means a new link to it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional

from ..aws.replacement import CREATE_ONLY, create_only_paths
from .leaves import changed_paths, field_changes

# Types holding data that outlives a stack when kept, and what keeping them costs.
DATA_RESOURCES: Mapping[str, str] = {
    "AWS::S3::Bucket": "its objects are billed per GB-month",
    "AWS::FSx::FileSystem": "billed per provisioned GiB-month",
    "AWS::EFS::FileSystem": "billed per GB-month stored",
    "AWS::KMS::Key": "billed monthly until the key is deleted",
    "AWS::Logs::LogGroup": "its logs are billed per GB-month stored",
    "AWS::APS::Workspace": "its metrics are billed per sample stored",
    "AWS::DynamoDB::Table": "billed per GB-month stored",
    "AWS::ECR::Repository": "its images are billed per GB-month",
    "AWS::EC2::Volume": "billed per provisioned GB-month",
}
_KEPT = ("Retain", "RetainExceptOnCreate", "Snapshot")
# CDK's version report (present or not depending on how the app was synthesized): not a resource of the platform.
_NOT_COMPARED = frozenset({"AWS::CDK::Metadata"})


@dataclass(frozen=True)
class Replacement:
    logical_id: str
    type_name: str
    cause: str


@dataclass(frozen=True)
class Outcome:
    """A resource replaced or deleted: the old one kept in the account (still billing, if it holds data) or
    deleted."""

    logical_id: str
    type_name: str
    event: str  # "replaced" or "deleted"
    policy: str  # the UpdateReplacePolicy (replaced) or DeletionPolicy (deleted) that decides, "Delete" if unset

    @property
    def kept(self) -> bool:
        return self.policy in _KEPT


@dataclass(frozen=True)
class Update:
    """A resource CloudFormation updates in place: the paths of the properties that change."""

    logical_id: str
    type_name: str
    paths: tuple[str, ...]


@dataclass(frozen=True)
class ResourceChanges:
    replaced: tuple[Replacement, ...] = ()
    deleted: tuple[Outcome, ...] = ()
    added: tuple[tuple[str, str], ...] = ()  # (logical id, type)
    data: tuple[Outcome, ...] = ()  # the data-bearing resources among the replaced and deleted
    updated: tuple[Update, ...] = ()  # in place, as far as CloudFormation's schemas say (service rules: elsewhere)


def resource_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> ResourceChanges:
    """Compare two templates' ``Resources``."""
    old_resources, new_resources = (
        {logical_id: resource for logical_id, resource in (template.get("Resources") or {}).items()
         if resource.get("Type") not in _NOT_COMPARED} for template in (old, new))
    causes: dict[str, str] = {}
    for logical_id in old_resources.keys() & new_resources.keys():
        cause = _direct_cause(old_resources[logical_id], new_resources[logical_id])
        if cause:
            causes[logical_id] = cause
    _add_replaced_references(old_resources, new_resources, causes)
    replaced = tuple(Replacement(logical_id, new_resources[logical_id]["Type"], causes[logical_id])
                     for logical_id in sorted(causes))
    deleted = tuple(Outcome(logical_id, old_resources[logical_id]["Type"], "deleted",
                            old_resources[logical_id].get("DeletionPolicy", "Delete"))
                    for logical_id in sorted(old_resources.keys() - new_resources.keys()))
    added = tuple((logical_id, new_resources[logical_id]["Type"])
                  for logical_id in sorted(new_resources.keys() - old_resources.keys()))
    outcomes = [Outcome(item.logical_id, old_resources[item.logical_id]["Type"], "replaced",
                        old_resources[item.logical_id].get("UpdateReplacePolicy", "Delete")) for item in replaced]
    outcomes += deleted
    updated = tuple(Update(logical_id, new_resources[logical_id]["Type"], tuple(paths))
                    for logical_id in sorted(old_resources.keys() & new_resources.keys() - causes.keys())
                    for paths in [changed_paths(old_resources[logical_id].get("Properties") or {},
                                                new_resources[logical_id].get("Properties") or {})] if paths)
    return ResourceChanges(replaced, deleted, added,
                           tuple(outcome for outcome in outcomes if outcome.type_name in DATA_RESOURCES), updated)


def what_is_replaced(type_name: str) -> Optional[str]:
    """What the platform's own words say a replacement of this type means, for the types it sets create-only
    properties on."""
    entry = CREATE_ONLY.get(type_name)
    return entry[0] if entry else None


def _direct_cause(old: Mapping[str, Any], new: Mapping[str, Any]) -> Optional[str]:
    if old.get("Type") != new.get("Type"):
        return f"its type changes from {old.get('Type')} to {new.get('Type')}"
    old_properties, new_properties = old.get("Properties") or {}, new.get("Properties") or {}
    for path in create_only_paths(new["Type"]):
        before, after = value_at(old_properties, path), value_at(new_properties, path)
        if before != after:  # every leaf that differs, however long the values around it
            return "; ".join(field_changes(before, after, ".".join(path)))
    return None


def _add_replaced_references(old: Mapping[str, Any], new: Mapping[str, Any], causes: dict[str, str]) -> None:
    """A create-only property referring to a replaced resource gets a new value at deploy time: replaced too."""
    changed = True
    while changed:
        changed = False
        for logical_id in sorted(old.keys() & new.keys() - causes.keys()):
            properties = new[logical_id].get("Properties") or {}
            for path in create_only_paths(new[logical_id]["Type"]):
                hit = sorted(references(value_at(properties, path)) & causes.keys())
                if hit:
                    causes[logical_id] = f"{'.'.join(path)} refers to {hit[0]}, which is replaced"
                    changed = True
                    break


def value_at(node: Any, path: Iterable[str]) -> Any:
    """The value at a property path (``*``: each item of a list), ``None`` where it is absent."""
    parts = list(path)
    if not parts:
        return node
    head, rest = parts[0], parts[1:]
    if head == "*":
        return [value_at(item, rest) for item in node] if isinstance(node, list) else None
    return value_at(node.get(head), rest) if isinstance(node, dict) else None


def references(value: Any) -> set[str]:
    """Logical ids a value refers to through ``Ref``, ``Fn::GetAtt`` or ``Fn::Sub``."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("Ref"), str):
            found.add(value["Ref"])
        attribute = value.get("Fn::GetAtt")
        if isinstance(attribute, list) and attribute:
            found.add(str(attribute[0]))
        elif isinstance(attribute, str):
            found.add(attribute.split(".")[0])
        substitution = value.get("Fn::Sub")
        text = substitution[0] if isinstance(substitution, list) and substitution else substitution
        if isinstance(text, str):
            found.update(part.split("}")[0].split(".")[0] for part in text.split("${")[1:])
        for item in value.values():
            found |= references(item)
    elif isinstance(value, list):
        for item in value:
            found |= references(item)
    return found
