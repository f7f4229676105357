"""The 2026 bring-up failures caught at synth: no node at the floor for the system pods, no amd64 node for the
operator (amd64-only since v3.2), and system pods that do not fit under the nodes' kubelet maxPods."""
from __future__ import annotations

from hyperpod_constructs import rules
from hyperpod_constructs.catalog.max_pods import MAX_PODS, NODE_DAEMONSETS, SYSTEM_DEPLOYMENTS
from hyperpod_constructs.intent.instance_group import InstanceGroup, Taint
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

GPU = InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)


def problems(*groups: InstanceGroup, addon_version: str | None = None) -> list[str]:
    platform = ResolvedPlatform.of(groups, NodeAutoscaling(), region="us-west-2",
                                   operator_addon_version=addon_version)
    return [problem for problem in rules.problems(platform) if problem.startswith("platform: instance_groups=")]


def test_a_cluster_whose_groups_all_start_at_zero_is_refused_with_the_fix() -> None:
    (found,) = problems(GPU, InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=1))
    assert found.startswith("platform: instance_groups='every group at count=0: l40s, h100' is not allowed")
    assert "CoreDNS, cert-manager, the inference operator, KEDA and the load-balancer controller" in found
    assert "InstanceGroup('system', 'ml.m5.2xlarge', count=2)" in found
    assert problems(GPU, InstanceGroup("system", "ml.m5.2xlarge", count=2)) == []


def test_only_graviton_nodes_at_the_floor_leave_the_operator_nowhere_to_run() -> None:
    (found,) = problems(GPU, InstanceGroup("system", "ml.m7g.2xlarge", count=2))
    assert "only arm64 nodes run at the floor: 'system' (ml.m7g.2xlarge)" in found
    assert "pinned to amd64 Linux nodes since operator v3.2" in found and "ml.m7i.xlarge" in found
    # An amd64 group at the floor, or an add-on older than operator v3.2, runs it.
    assert problems(GPU, InstanceGroup("system", "ml.m7g.2xlarge", count=2),
                    InstanceGroup("amd", "ml.m6i.xlarge", count=1)) == []
    assert problems(GPU, InstanceGroup("system", "ml.m7g.2xlarge", count=2), addon_version="v1.2.0-eksbuild.1") == []


def test_a_tainted_amd64_group_does_not_count_for_the_operator() -> None:
    tainted = InstanceGroup("gpu", "ml.g5.12xlarge", count=1, taints=(Taint("nvidia.com/gpu", effect="NoSchedule"),))
    found = problems(tainted, InstanceGroup("system", "ml.c7g.2xlarge", count=1))
    assert len(found) == 1 and "'system' (ml.c7g.2xlarge)" in found[0]


def test_system_pods_that_exceed_the_nodes_max_pods_are_refused() -> None:
    # Graviton mediums alone: the operator has no amd64 node either (its own problem, listed too).
    amd64, found = problems(GPU, InstanceGroup("tiny", "ml.m6g.medium", count=1))
    assert "only arm64 nodes" in amd64
    # ml.m6g.medium: maxPods 8, minus the 5 DaemonSets: room for 3 of the 7 system Deployments.
    assert MAX_PODS["ml.m6g.medium"] == 8 and len(NODE_DAEMONSETS) == 5 and len(SYSTEM_DEPLOYMENTS) == 7
    assert "'tiny' 1 x ml.m6g.medium (maxPods 8)" in found
    assert "leaving 3 for the 7 system Deployments" in found and "maxPods 29 from ml.m5.large" in found


def test_max_pods_fits_or_is_not_known_then_nothing_is_said() -> None:
    # Two t3.medium nodes hold the system pods (2 x (17 - 5) = 24); a larger type is not in the table.
    assert [p for p in problems(GPU, InstanceGroup("system", "ml.t3.medium", count=2)) if "maxPods" in p] == []
    assert [p for p in problems(GPU, InstanceGroup("system", "ml.m5.4xlarge", count=1)) if "maxPods" in p] == []


def test_an_existing_cluster_may_run_its_system_pods_on_nodes_of_its_own() -> None:
    """An imported EKS cluster's own node groups (or Fargate) may hold the system pods: none of the three rules can
    know, so none fires (the existing-cluster prerequisites warning names what must already run)."""
    from hyperpod_constructs import ClusterSettings
    from parts_support import bare_stack, existing_eks

    settings = ClusterSettings(eks=existing_eks(bare_stack()))
    at_zero = ResolvedPlatform.of((GPU,), NodeAutoscaling(), region="us-west-2", cluster=settings)
    graviton = ResolvedPlatform.of((GPU, InstanceGroup("system", "ml.m7g.2xlarge", count=2)), NodeAutoscaling(),
                                   region="us-west-2", cluster=settings)
    assert [p for p in rules.problems(at_zero) + rules.problems(graviton) if "instance_groups=" in p] == []
    assert problems(GPU) != []  # the same groups on a cluster the platform creates are refused
