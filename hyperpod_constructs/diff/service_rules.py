"""Changes CloudFormation would try in place that the service refuses or may refuse (``change_rules``): the EKS
cluster moved to another VPC or to other subnets, its Kubernetes version downgraded or moved more than one minor
version, the model store's file system shrunk."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional

from . import change_rules as rules
from .change_rules import ChangeRule
from .leaves import field_changes, short

_VPC_SETTINGS = ("SubnetIds", "SecurityGroupIds")


@dataclass(frozen=True)
class ServiceFinding:
    logical_id: str
    type_name: str
    what: str  # the leaves that change
    rule: ChangeRule


def service_findings(old: Mapping[str, Any], new: Mapping[str, Any],
                     replaced: Iterable[str]) -> tuple[ServiceFinding, ...]:
    """For the resources in both templates and not replaced, the changes a service rule applies to."""
    replaced = set(replaced)
    moved = _vpc_moved(old, new, replaced)
    found: list[ServiceFinding] = []
    for logical_id in sorted(old.keys() & new.keys() - replaced):
        before, after = old[logical_id], new[logical_id]
        type_name = after.get("Type")
        old_properties, new_properties = before.get("Properties") or {}, after.get("Properties") or {}
        if type_name == "AWS::EKS::Cluster":
            found += _eks(logical_id, old_properties, new_properties, moved)
        elif type_name == "AWS::FSx::FileSystem":
            finding = _fsx(logical_id, old_properties, new_properties)
            found += [finding] if finding else []
    return tuple(found)


def _eks(logical_id: str, old: Mapping[str, Any], new: Mapping[str, Any], moved: bool) -> list[ServiceFinding]:
    found = []
    old_vpc, new_vpc = old.get("ResourcesVpcConfig") or {}, new.get("ResourcesVpcConfig") or {}
    leaves = [line for key in _VPC_SETTINGS
              for line in field_changes(old_vpc.get(key), new_vpc.get(key), f"ResourcesVpcConfig.{key}")]
    if leaves:
        found.append(ServiceFinding(logical_id, "AWS::EKS::Cluster", "; ".join(leaves),
                                    rules.EKS_OTHER_VPC if moved else rules.EKS_SUBNETS))
    before, after = _minor(old.get("Version")), _minor(new.get("Version"))
    if before is not None and after is not None and (after < before or after[1] - before[1] > 1 or after[0] != before[0]):
        found.append(ServiceFinding(logical_id, "AWS::EKS::Cluster",
                                    f"Version: {short(old.get('Version'))} -> {short(new.get('Version'))}",
                                    rules.EKS_VERSION))
    return found


def _fsx(logical_id: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> Optional[ServiceFinding]:
    before, after = old.get("StorageCapacity"), new.get("StorageCapacity")
    if isinstance(before, int) and isinstance(after, int) and after < before:
        return ServiceFinding(logical_id, "AWS::FSx::FileSystem", f"StorageCapacity: {before} -> {after}",
                              rules.FSX_SHRINK)
    return None


def _minor(version: Any) -> Optional[tuple[int, int]]:
    """``"1.33"`` -> (1, 33); None for a value that is not a literal version (a parameter, say)."""
    if not isinstance(version, str):
        return None
    parts = version.split(".")
    return (int(parts[0]), int(parts[1])) if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit() else None


def _vpc_moved(old: Mapping[str, Any], new: Mapping[str, Any], replaced: set[str]) -> bool:
    """Whether the stack's resources are in another VPC: a VPC of OLD replaced or removed, or the VPCs its
    resources name (every ``VpcId`` property: security groups, subnets) differ."""
    vpcs = [logical_id for logical_id, resource in old.items() if resource.get("Type") == "AWS::EC2::VPC"]
    if any(logical_id in replaced or logical_id not in new for logical_id in vpcs):
        return True
    return _vpc_ids(old) != _vpc_ids(new)


def _vpc_ids(resources: Mapping[str, Any]) -> set[str]:
    return {json.dumps(value, sort_keys=True) for resource in resources.values()
            for key, value in (resource.get("Properties") or {}).items() if key == "VpcId"}
