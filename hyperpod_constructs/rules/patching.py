"""Auto-patching and the endpoints a group serves: the idle strategies never patch a node that serves an endpoint's
minimum replicas, and DrainFirst (the API's strategy for such nodes) must not drain every replica at once.

Facts: the SageMaker API's ``ClusterAutoPatchConfig`` (botocore 1.44.5): ``WhenIdle`` leaves instances that do not
become idle "on the previous AMI version"; ``WhenAllIdle`` patches only when all instances are idle; ``DrainFirst``
cordons, evicts and patches in batches of ``RollingUpdatePolicy.MaximumBatchSize`` and is absent from CloudFormation.
"""
from __future__ import annotations

from typing import Iterator

from ..errors import format_problem
from ..intent.auto_patch import DRAIN_FIRST, IDLE_STRATEGIES, AutoPatch
from ..intent.instance_group import InstanceGroup
from ..resolve.platform_model import PodDemand, ResolvedPlatform
from .registry import advice_rule, problem_rule

PATCHING_COMMAND = "python -m hyperpod_constructs.patching"


def serving_demands(platform: ResolvedPlatform, group: InstanceGroup) -> list[PodDemand]:
    """The endpoints' pod sets with minimum replicas that may run on the group's instance type."""
    return [demand for endpoint in platform.endpoints for demand in endpoint.demands
            if demand.min_replicas > 0 and group.instance_type in demand.placement_types]


def _patched_groups(platform: ResolvedPlatform, strategies: tuple[str, ...]) -> Iterator[InstanceGroup]:
    return (group for group in platform.instance_groups
            if group.auto_patch is not None and group.auto_patch.strategy in strategies)


def _held(demands: list[PodDemand]) -> str:
    return ", ".join(f"{demand.name!r} (min_replicas={demand.min_replicas})" for demand in demands)


@problem_rule("idle-patching-never-reaches-serving")
def idle_patching_never_reaches_serving(platform: ResolvedPlatform) -> list[str]:
    """A group patched WhenIdle/WhenAllIdle that serves an endpoint's minimum replicas is never patched."""
    problems = []
    for group in _patched_groups(platform, IDLE_STRATEGIES):
        demands = serving_demands(platform, group)
        if demands:
            assert group.auto_patch is not None
            problems.append(format_problem(
                f"instance group {group.name!r}", "auto_patch.strategy", group.auto_patch.strategy,
                f"a strategy that reaches nodes that never become idle: endpoint(s) {_held(demands)} keep pods on "
                f"{group.instance_type} at all times, so {group.auto_patch.strategy} leaves those nodes on the "
                "previous AMI (the SageMaker API's own words for instances that do not become idle). Use "
                "AutoPatch(strategy='DrainFirst', batch_size=BatchSize.instances(1), drain_timeout_s=...), applied "
                f"after deploy by {PATCHING_COMMAND} (CloudFormation lacks DrainFirst), or scale those endpoints to "
                "zero (Autoscaling(min_replicas=0, ...))"))
    return problems


def _nodes(group: InstanceGroup) -> int:
    """The group's nodes a batch is taken from: ``count``, or for a group that starts at 0 its ``max_count``."""
    return group.count if group.count > 0 else (group.max_count or 0)


def _batch_takes_every_node(patch: AutoPatch, group: InstanceGroup) -> bool:
    batch = patch.batch_size
    if batch is None or _nodes(group) == 0:
        return False
    return batch.value >= 100 if batch.unit == "percent" else batch.value >= _nodes(group)


@problem_rule("drain-first-disruption-budget")
def drain_first_disruption_budget(platform: ResolvedPlatform) -> list[str]:
    """A DrainFirst batch that takes every node of the only groups an endpoint's minimum replicas run on."""
    problems = []
    for group in _patched_groups(platform, (DRAIN_FIRST,)):
        assert group.auto_patch is not None
        if not _batch_takes_every_node(group.auto_patch, group):
            continue
        for demand in serving_demands(platform, group):
            others = [other for name in demand.placement_types for other in platform.groups_of_type(name)
                      if other.name != group.name]
            if others:
                continue  # another group keeps serving while this one drains
            problems.append(format_problem(
                f"instance group {group.name!r}", "auto_patch.batch_size", group.auto_patch.batch_size.describe(),
                f"a batch smaller than the group's {_nodes(group)} node(s): one DrainFirst batch would cordon and drain "
                f"every node endpoint {demand.name!r} runs on, evicting all of its {demand.min_replicas} minimum "
                "replica(s) at once (an outage until they start again). Drain fewer nodes at a time "
                "(BatchSize.instances(1)) or add nodes so the endpoint's replicas outlive a batch"))
    return problems


@advice_rule("drain-first-after-deploy")
def drain_first_after_deploy(platform: ResolvedPlatform) -> list[str]:
    """Each DrainFirst group: the step after deploy that applies it, and what CloudFormation shows meanwhile."""
    notes = []
    for group in _patched_groups(platform, (DRAIN_FIRST,)):
        patch = group.auto_patch
        assert patch is not None and patch.batch_size is not None
        size = (f"--batch-size {patch.batch_size.value}" if patch.batch_size.unit == "instances"
                else f"--batch-percent {patch.batch_size.value}")
        options = [size]
        if patch.wait_seconds is not None:
            options.append(f"--wait-seconds {patch.wait_seconds}")
        if patch.drain_timeout_s is not None:
            options.append(f"--drain-timeout {patch.drain_timeout_s}")
        if patch.on_drain_timeout is not None:
            options.append(f"--on-drain-timeout {patch.on_drain_timeout}")
        options += [f"--rollback-alarm {alarm}" for alarm in patch.rollback_alarms]
        notes.append(
            f"instance group {group.name!r}: AutoPatch(strategy='DrainFirst') is not in CloudFormation's "
            "AWS::SageMaker::Cluster, so the template carries no AutoPatchConfig for the group. After each deploy "
            f"that creates or updates the cluster, run {PATCHING_COMMAND} --cluster-name <the HyperPod cluster's "
            f"name> --group {group.name} {' '.join(options)} (it changes nothing when already applied). Until then "
            "the group has no automatic patching; afterwards CloudFormation drift detection may list the group's "
            "AutoPatchConfig as a difference (expected; docs/deploy.md)")
    return notes
