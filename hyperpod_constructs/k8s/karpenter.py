"""HyperpodNodeClass and NodePool manifests for HyperPod-managed Karpenter.

Both kinds are cluster-scoped. ``add_node_autoscaling`` adds them to a cdk8s chart.
"""
from __future__ import annotations

from typing import Any, Sequence

import cdk8s

from ..resolve.records import DisruptionBudgetRecord, NodePoolRecord, NodeRequirementRecord
from .api_objects import MANAGED_BY_LABEL, add_api_object, add_typed_object

NODE_CLASS_API_VERSION = "karpenter.sagemaker.amazonaws.com/v1"
NODE_CLASS_KIND = "HyperpodNodeClass"
NODE_POOL_API_VERSION = "karpenter.sh/v1"
NODE_POOL_KIND = "NodePool"


def render_node_class(pool: NodePoolRecord) -> dict[str, Any]:
    """The HyperpodNodeClass naming the instance groups Karpenter may grow for this pool."""
    return {
        "apiVersion": NODE_CLASS_API_VERSION,
        "kind": NODE_CLASS_KIND,
        "metadata": {"name": pool.name, "labels": dict(MANAGED_BY_LABEL)},
        "spec": {"instanceGroups": list(pool.instance_groups)},
    }


def render_node_pool(pool: NodePoolRecord) -> dict[str, Any]:
    """The NodePool over the pool's HyperpodNodeClass (requirements, mirrored taints and limits as resolved)."""
    template_spec: dict[str, Any] = {
        "nodeClassRef": {"group": "karpenter.sagemaker.amazonaws.com", "kind": NODE_CLASS_KIND, "name": pool.name},
        "expireAfter": pool.expire_after,
        "requirements": [requirement_manifest(requirement) for requirement in pool.requirements],
    }
    if pool.taints:
        template_spec["taints"] = [{"key": taint.key, "effect": taint.effect,
                                    **({"value": taint.value} if taint.value is not None else {})}
                                   for taint in pool.taints]
    spec: dict[str, Any] = {"template": {"spec": template_spec}, "disruption": disruption_manifest(pool)}
    limits = limits_manifest(pool)
    if limits:
        spec["limits"] = limits
    if pool.weight is not None:
        spec["weight"] = pool.weight
    return {
        "apiVersion": NODE_POOL_API_VERSION,
        "kind": NODE_POOL_KIND,
        "metadata": {"name": pool.name, "labels": dict(MANAGED_BY_LABEL)},
        "spec": spec,
    }


def render_node_autoscaling(pools: Sequence[NodePoolRecord]) -> list[dict[str, Any]]:
    """Every manifest for node autoscaling: a HyperpodNodeClass then a NodePool per pool (nothing without pools)."""
    manifests: list[dict[str, Any]] = []
    for pool in pools:
        manifests.append(render_node_class(pool))
        manifests.append(render_node_pool(pool))
    return manifests


def requirement_manifest(requirement: NodeRequirementRecord) -> dict[str, object]:
    item: dict[str, object] = {"key": requirement.key, "operator": requirement.operator}
    if requirement.values:
        item["values"] = list(requirement.values)
    return item


def limits_manifest(pool: NodePoolRecord) -> dict[str, object]:
    out: dict[str, object] = {}
    if pool.limit_cpu is not None:
        out["cpu"] = str(pool.limit_cpu)
    if pool.limit_memory_gib is not None:
        out["memory"] = f"{pool.limit_memory_gib}Gi"
    if pool.limit_gpus is not None:
        out["nvidia.com/gpu"] = str(pool.limit_gpus)
    return out


def budget_manifest(budget: DisruptionBudgetRecord) -> dict[str, object]:
    out: dict[str, object] = {"nodes": budget.nodes}
    if budget.schedule is not None:
        out["schedule"], out["duration"] = budget.schedule, budget.duration
    if budget.reasons:
        out["reasons"] = list(budget.reasons)
    return out


def disruption_manifest(pool: NodePoolRecord) -> dict[str, object]:
    out: dict[str, object] = {"consolidationPolicy": pool.consolidation_policy,
                              "consolidateAfter": pool.consolidate_after}
    if pool.budgets:
        out["budgets"] = [budget_manifest(budget) for budget in pool.budgets]
    return out


def add_node_autoscaling(chart: cdk8s.Chart, pools: Sequence[NodePoolRecord]) -> list[cdk8s.ApiObject]:
    """A HyperpodNodeClass and a NodePool per pool, added to ``chart`` (cluster-scoped: no namespace).

    NodePools are the typed class ``cdk8s import`` generated; HyperPod publishes no CRD for HyperpodNodeClass, so
    it stays a plain ApiObject.
    """
    from .imports import karpenter_node_pool as karpenter  # loads its jsii assembly: only with node autoscaling

    return [add_typed_object(chart, karpenter.NodePool, karpenter.NodePoolSpec, manifest,
                             f"node pool {manifest['metadata']['name']!r}")
            if manifest["kind"] == NODE_POOL_KIND else add_api_object(chart, manifest)
            for manifest in render_node_autoscaling(pools)]
