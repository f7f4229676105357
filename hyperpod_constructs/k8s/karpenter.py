"""HyperpodNodeClass and NodePool manifests for HyperPod-managed Karpenter.

Both kinds are cluster-scoped. ``add_node_autoscaling`` adds them to a cdk8s chart.
"""
from __future__ import annotations

from typing import Any

import cdk8s

from ..intent.instance_group import InstanceGroup
from ..intent.platform_model import ResolvedPlatform
from .api_objects import MANAGED_BY_LABEL, add_api_object, add_typed_object
from ..intent.node_autoscaling import (
    INSTANCE_TYPE_KEY, Disruption, DisruptionBudget, NodePoolLimits, NodePoolSpec, NodeRequirement)

NODE_CLASS_API_VERSION = "karpenter.sagemaker.amazonaws.com/v1"
NODE_CLASS_KIND = "HyperpodNodeClass"
NODE_POOL_API_VERSION = "karpenter.sh/v1"
NODE_POOL_KIND = "NodePool"


def render_node_class(pool: NodePoolSpec) -> dict[str, Any]:
    """The HyperpodNodeClass naming the instance groups Karpenter may grow for this pool."""
    return {
        "apiVersion": NODE_CLASS_API_VERSION,
        "kind": NODE_CLASS_KIND,
        "metadata": {"name": pool.name, "labels": dict(MANAGED_BY_LABEL)},
        "spec": {"instanceGroups": list(pool.instance_groups)},
    }


def render_node_pool(pool: NodePoolSpec, groups: tuple[InstanceGroup, ...]) -> dict[str, Any]:
    """The NodePool over the pool's HyperpodNodeClass.

    Without explicit requirements it asks for the instance types of its groups; the groups' common taints
    are mirrored so Karpenter only provisions for pods that tolerate them (as the real nodes will demand).
    """
    members = [group for group in groups if group.name in pool.instance_groups]
    requirements = pool.requirements or _default_requirements(members)
    template_spec: dict[str, Any] = {
        "nodeClassRef": {"group": "karpenter.sagemaker.amazonaws.com", "kind": NODE_CLASS_KIND, "name": pool.name},
        "expireAfter": pool.expire_after,
        "requirements": [requirement_manifest(requirement) for requirement in requirements],
    }
    taints = _common_taints(members)
    if taints:
        template_spec["taints"] = taints
    spec: dict[str, Any] = {"template": {"spec": template_spec}, "disruption": disruption_manifest(pool.disruption)}
    limits = pool.effective_limits(groups)
    if limits is not None and limits_manifest(limits):
        spec["limits"] = limits_manifest(limits)
    if pool.weight is not None:
        spec["weight"] = pool.weight
    return {
        "apiVersion": NODE_POOL_API_VERSION,
        "kind": NODE_POOL_KIND,
        "metadata": {"name": pool.name, "labels": dict(MANAGED_BY_LABEL)},
        "spec": spec,
    }


def render_node_autoscaling(platform: ResolvedPlatform) -> list[dict[str, Any]]:
    """Every manifest for node autoscaling: a HyperpodNodeClass then a NodePool per pool (nothing if disabled)."""
    manifests: list[dict[str, Any]] = []
    for pool in platform.node_pools:
        manifests.append(render_node_class(pool))
        manifests.append(render_node_pool(pool, platform.instance_groups))
    return manifests


def requirement_manifest(requirement: NodeRequirement) -> dict[str, object]:
    item: dict[str, object] = {"key": requirement.key, "operator": requirement.operator}
    if requirement.values:
        item["values"] = list(requirement.values)
    return item


def limits_manifest(limits: NodePoolLimits) -> dict[str, object]:
    out: dict[str, object] = {}
    if limits.cpu is not None:
        out["cpu"] = str(limits.cpu)
    if limits.memory_gib is not None:
        out["memory"] = f"{limits.memory_gib}Gi"
    if limits.gpus is not None:
        out["nvidia.com/gpu"] = str(limits.gpus)
    return out


def budget_manifest(budget: DisruptionBudget) -> dict[str, object]:
    out: dict[str, object] = {"nodes": budget.nodes}
    if budget.schedule is not None:
        out["schedule"], out["duration"] = budget.schedule, budget.duration
    if budget.reasons:
        out["reasons"] = list(budget.reasons)
    return out


def disruption_manifest(disruption: Disruption) -> dict[str, object]:
    out: dict[str, object] = {"consolidationPolicy": disruption.consolidation_policy,
                              "consolidateAfter": disruption.consolidate_after}
    if disruption.budgets:
        out["budgets"] = [budget_manifest(budget) for budget in disruption.budgets]
    return out


def _default_requirements(members: list[InstanceGroup]) -> tuple[NodeRequirement, ...]:
    types = sorted({group.instance_type for group in members})
    if not types:
        return (NodeRequirement(key=INSTANCE_TYPE_KEY, operator="Exists"),)
    return (NodeRequirement.instance_types(*types),)


def _common_taints(members: list[InstanceGroup]) -> list[dict[str, str]]:
    if not members:
        return []
    common = set(members[0].taints)
    for group in members[1:]:
        common &= set(group.taints)
    ordered = [taint for taint in members[0].taints if taint in common]
    out: list[dict[str, str]] = []
    for taint in ordered:
        item = {"key": taint.key, "effect": taint.effect}
        if taint.value is not None:
            item["value"] = taint.value
        out.append(item)
    return out


def add_node_autoscaling(chart: cdk8s.Chart, platform: ResolvedPlatform) -> list[cdk8s.ApiObject]:
    """A HyperpodNodeClass and a NodePool per pool of ``platform``, added to ``chart`` (cluster-scoped: no namespace).

    NodePools are the typed class ``cdk8s import`` generated; HyperPod publishes no CRD for HyperpodNodeClass, so
    it stays a plain ApiObject.
    """
    from .imports import karpenter_node_pool as karpenter  # loads its jsii assembly: only with node autoscaling

    return [add_typed_object(chart, karpenter.NodePool, karpenter.NodePoolSpec, manifest,
                             f"node pool {manifest['metadata']['name']!r}")
            if manifest["kind"] == NODE_POOL_KIND else add_api_object(chart, manifest)
            for manifest in render_node_autoscaling(platform)]
