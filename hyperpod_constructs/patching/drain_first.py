"""The ``UpdateCluster`` request that turns on DrainFirst patching for one instance group of a deployed cluster.

``UpdateCluster`` takes whole instance-group specifications (``InstanceCount``, ``InstanceGroupName`` and
``ExecutionRole`` are required), and leaves the groups it is not given as they are (deleting one is
``InstanceGroupsToDelete``). So the request carries the one group, rebuilt from what ``DescribeCluster`` says of it now
(its target count, type, lifecycle scripts, role, storage, Kubernetes labels and taints ...), with the DrainFirst
``AutoPatchConfig`` added: nothing else about the group changes, and no other group is touched.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..aws.hyperpod_cluster import render_auto_patch
from ..intent.auto_patch import DRAIN_FIRST, AutoPatch

# ClusterInstanceGroupDetails (DescribeCluster) members that ClusterInstanceGroupSpecification (UpdateCluster) takes
# in the same shape; the others are converted below (botocore's model: the two shapes differ for those).
_SAME_SHAPE = ("InstanceGroupName", "InstanceType", "LifeCycleConfig", "ExecutionRole", "ThreadsPerCore",
               "InstanceStorageConfigs", "OnStartDeepHealthChecks", "TrainingPlanArn", "OverrideVpcConfig",
               "ScheduledUpdateConfig", "CapacityRequirements", "NetworkInterface")


def _desired(details: Mapping[str, Any], name: str) -> Any:
    """``Desired<name>`` (what an update in progress moves to), else ``Current<name>``."""
    return details.get(f"Desired{name}", details.get(f"Current{name}"))


class DrainFirstError(ValueError):
    """The cluster or group cannot take the DrainFirst configuration as asked."""


def group_specification(described: Mapping[str, Any]) -> dict[str, Any]:
    """One group of ``DescribeCluster``'s ``InstanceGroups`` as ``UpdateCluster`` takes it (unchanged)."""
    spec: dict[str, Any] = {key: described[key] for key in _SAME_SHAPE if key in described}
    spec["InstanceCount"] = described.get("TargetCount", described.get("CurrentCount", 0))
    if "MinCount" in described:
        spec["MinInstanceCount"] = described["MinCount"]
    if "InstanceRequirements" in described:
        spec["InstanceRequirements"] = {"InstanceTypes": _desired(described["InstanceRequirements"], "InstanceTypes")}
    if "KubernetesConfig" in described:
        kubernetes = described["KubernetesConfig"]
        spec["KubernetesConfig"] = {key: value for key, value in (("Labels", _desired(kubernetes, "Labels")),
                                                                 ("Taints", _desired(kubernetes, "Taints")))
                                    if value is not None}
    if "NetworkInterface" in described:
        spec["NetworkInterface"] = {"InterfaceType": described["NetworkInterface"]["InterfaceType"]}
    # The AMI (ImageId, ImageReleaseVersion) is not sent: the request changes patching only.
    return spec


def drain_first_request(cluster: Mapping[str, Any], group_name: str, patch: AutoPatch) -> dict[str, Any]:
    """``UpdateCluster``'s parameters for ``group_name`` of ``cluster`` (``DescribeCluster``'s answer) with ``patch``.

    Refused: a patch that is not DrainFirst (CloudFormation applies the idle strategies), a cluster that is not
    orchestrated by EKS (DrainFirst is EKS-only) or not InService, and a group the cluster does not have."""
    if patch.strategy != DRAIN_FIRST:
        raise DrainFirstError(f"strategy={patch.strategy!r}: only 'DrainFirst' is applied after deploy; "
                              "CloudFormation applies WhenIdle and WhenAllIdle")
    name = cluster.get("ClusterName", "?")
    if "Eks" not in cluster.get("Orchestrator", {}):
        raise DrainFirstError(f"cluster {name!r} is not orchestrated by EKS; DrainFirst patching is for EKS clusters")
    status = cluster.get("ClusterStatus")
    if status != "InService":
        raise DrainFirstError(f"cluster {name!r} is {status}; wait until it is InService (an update in progress "
                              "refuses another)")
    groups = {group["InstanceGroupName"]: group for group in cluster.get("InstanceGroups", [])}
    if group_name not in groups:
        raise DrainFirstError(f"cluster {name!r} has no instance group {group_name!r}; it has "
                              f"{', '.join(sorted(groups)) or 'none'}")
    spec = group_specification(groups[group_name])
    spec["AutoPatchConfig"] = render_auto_patch(patch)
    return {"ClusterName": cluster["ClusterArn"] if "ClusterArn" in cluster else name, "InstanceGroups": [spec]}


def already_applied(cluster: Mapping[str, Any], group_name: str, patch: AutoPatch) -> bool:
    """Whether the group already has exactly this DrainFirst configuration (the command then changes nothing)."""
    wanted = render_auto_patch(patch)
    for group in cluster.get("InstanceGroups", []):
        if group.get("InstanceGroupName") == group_name:
            live = group.get("AutoPatchConfig", {})
            return {key: live[key] for key in ("PatchingStrategy", "DeploymentConfig", "DrainPolicy")
                    if key in live} == wanted
    return False
