"""Pinning pods to an instance group when one instance type runs several groups of different GPU shapes.

Two groups of one type (say one MIG-partitioned, one whole-GPU) look the same to a pod that names only the type,
and to Karpenter choosing which group to grow for it: a pending whole-GPU pod can bring up a MIG node it cannot
use. HyperPod labels every node with its group (``sagemaker.amazonaws.com/instance-group-name``); an endpoint on
such a type must select its group by that label. NodePools are bound already: each one's HyperpodNodeClass names
its instance groups.
"""
from __future__ import annotations

import json

from ..catalog.node_labels import INSTANCE_GROUP_LABEL, INSTANCE_TYPE_LABEL
from ..errors import format_problem
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import ResolvedPlatform
from ..resolve.records import CustomSpec, JumpStartSpec
from .registry import problem_rule


def _shape(group: InstanceGroup) -> str:
    layout = group.mig_layout
    return "whole GPUs" if layout is None else f"MIG {layout.name}"


def _fits(group: InstanceGroup, partition: str | None, platform: ResolvedPlatform) -> bool:
    if partition is None:
        return group.mig_layout is None
    profile = partition.removeprefix("mig-")
    return profile in (platform.slices_per_instance.get(group.name) or {})


def _affinity(instance_type: str, groups: list[str]) -> str:
    """The ``node_affinity=`` value to suggest, as the user would write it (text for the message, not an object)."""
    values = json.dumps(groups)
    return ('{"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": ['
            f'{{"key": "{INSTANCE_TYPE_LABEL}", "operator": "In", "values": ["{instance_type}"]}}, '
            f'{{"key": "{INSTANCE_GROUP_LABEL}", "operator": "In", "values": {values}}}]}}]}}}}')


@problem_rule("endpoint-instance-group-pinned")
def endpoint_instance_group_pinned(platform: ResolvedPlatform) -> list[str]:
    """An endpoint whose instance type runs several groups of different GPU shapes selects its group by HyperPod's
    instance-group node label."""
    problems = []
    for endpoint in platform.endpoints:
        spec = endpoint.spec
        if not isinstance(spec, (CustomSpec, JumpStartSpec)):
            continue
        if isinstance(spec, CustomSpec) and spec.node_affinity is not None:
            continue  # the user's own affinity decides (and may name the group label)
        for demand in endpoint.demands or ():
            if demand.side is not None:
                continue  # disaggregated sides carry instance_group= of their own
            groups = platform.groups_of_type(demand.instance_type)
            if len({_shape(group) for group in groups}) < 2:
                continue
            shapes = ", ".join(f"{group.name} ({_shape(group)})" for group in groups)
            fitting = [group.name for group in groups if _fits(group, demand.partition, platform)]
            wants = f"mig-{demand.partition.removeprefix('mig-')}" if demand.partition else "whole GPUs"
            if isinstance(spec, JumpStartSpec):
                fix = ("a JumpStartEndpoint selects no node labels: give the groups different instance types, or "
                       "deploy the model as an InferenceEndpoint with node_affinity on "
                       f"{INSTANCE_GROUP_LABEL}={'/'.join(fitting) or '<group>'}")
            else:
                fix = (f"pin the pods to the group meant for them ({', '.join(fitting) or 'none offers ' + wants}) "
                       f"by HyperPod's node label {INSTANCE_GROUP_LABEL}: replace instance_type with "
                       f"node_affinity={_affinity(demand.instance_type, fitting or ['<group>'])}")
            problems.append(format_problem(
                endpoint.where, "instance_type", demand.instance_type,
                f"a type run by one kind of group, or a pinned group: {demand.instance_type} runs {shapes}, and "
                f"Karpenter may grow any of them for these pods ({wants}); {fix}"))
            break
    return problems
