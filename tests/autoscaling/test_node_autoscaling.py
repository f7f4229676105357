"""Node autoscaling (HyperPod-managed Karpenter): spec rules, cross-resource checks, manifests and chart."""
from __future__ import annotations

import cdk8s
import pytest

from hyperpod_constructs import ClusterSettings
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.resolve.node_pools import resolve_node_pools
from hyperpod_constructs.k8s.karpenter import add_node_autoscaling, render_node_autoscaling
from hyperpod_constructs.intent.instance_group import InstanceGroup, Taint
from hyperpod_constructs.intent.node_autoscaling import (
    Disruption, DisruptionBudget, NodeAutoscaling, NodePoolLimits, NodePoolSpec, NodeRequirement,
)
from hyperpod_constructs.rules.node_autoscaling import (
    check_node_autoscaling, check_node_provisioning_mode, check_node_recovery, node_autoscaling_warnings,
)
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from support import validate_manifests

SYSTEM = InstanceGroup("system", "ml.m5.2xlarge", count=2)
H100 = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=4, taints=(Taint(key="nvidia.com/gpu"),))
L4 = InstanceGroup("l4", "ml.g6.12xlarge", count=0, max_count=3)
GROUPS = (SYSTEM, H100, L4)


def _rx(text: str) -> str:
    import re
    return re.escape(text)


# --- defaults and rendering -------------------------------------------------------------------------------

def test_default_one_pool_per_group_with_max_count() -> None:
    pools = NodeAutoscaling().pools(GROUPS)
    assert [pool.name for pool in pools] == ["h100", "l4"]
    assert NodeAutoscaling(enabled=False).pools(GROUPS) == ()


def test_default_manifests_validate_and_snapshot(snapshot) -> None:
    manifests = render_node_autoscaling(resolve_node_pools(ResolvedPlatform.of(GROUPS, NodeAutoscaling())))
    assert [(m["kind"], m["metadata"]["name"]) for m in manifests] == [
        ("HyperpodNodeClass", "h100"), ("NodePool", "h100"), ("HyperpodNodeClass", "l4"), ("NodePool", "l4")]
    assert validate_manifests(manifests) == 4
    node_pool = manifests[1]["spec"]
    assert node_pool["template"]["spec"]["nodeClassRef"] == {
        "group": "karpenter.sagemaker.amazonaws.com", "kind": "HyperpodNodeClass", "name": "h100"}
    assert node_pool["limits"] == {"nvidia.com/gpu": "32"}  # 4 x 8 H100
    assert node_pool["template"]["spec"]["taints"] == [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]
    assert node_pool["disruption"] == {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "5m"}
    assert manifests == snapshot


def test_explicit_pool_renders_every_field_and_validates(snapshot) -> None:
    pool = NodePoolSpec(
        name="gpu", instance_groups=("h100", "l4"),
        requirements=(NodeRequirement.instance_types("ml.p5.48xlarge", "ml.g6.12xlarge"),
                      NodeRequirement.zones("us-east-1a"),
                      NodeRequirement(key="kubernetes.io/arch", values=("amd64",))),
        limits=NodePoolLimits(gpus=40, cpu=1000, memory_gib=10000),
        disruption=Disruption(consolidation_policy="WhenEmptyOrUnderutilized", consolidate_after="30s",
                              budgets=(DisruptionBudget(nodes="1"),
                                       DisruptionBudget(nodes="0", schedule="0 9 * * mon-fri", duration="8h",
                                                        reasons=("Underutilized",)))),
        weight=50, expire_after="720h",
    )
    pools = resolve_node_pools(ResolvedPlatform.of(GROUPS, NodeAutoscaling(node_pools=(pool,))))
    manifests = render_node_autoscaling(pools)
    assert validate_manifests(manifests) == 2
    assert manifests[0]["spec"] == {"instanceGroups": ["h100", "l4"]}
    spec = manifests[1]["spec"]
    assert spec["limits"] == {"cpu": "1000", "memory": "10000Gi", "nvidia.com/gpu": "40"}
    assert spec["weight"] == 50
    assert "taints" not in spec["template"]["spec"]  # l4 has no taint, so none is common
    assert check_node_autoscaling(ResolvedPlatform.of(GROUPS, NodeAutoscaling(node_pools=(pool,)))) == []
    assert manifests == snapshot


def test_chart_synthesizes_same_manifests() -> None:
    app = cdk8s.App()
    chart = cdk8s.Chart(app, "node-autoscaling", disable_resource_name_hashes=True)
    objects = add_node_autoscaling(chart, resolve_node_pools(ResolvedPlatform.of(GROUPS, NodeAutoscaling())))
    synthesized = chart.to_json()
    assert [o.name for o in objects] == [m["metadata"]["name"] for m in synthesized]
    assert [m["kind"] for m in synthesized] == ["HyperpodNodeClass", "NodePool", "HyperpodNodeClass", "NodePool"]
    assert validate_manifests(synthesized) == 4
    assert synthesized[1]["spec"]["limits"] == {"nvidia.com/gpu": "32"}


def test_cpu_group_default_limit_is_vcpus() -> None:
    cpu = InstanceGroup("cpu", "ml.m5.2xlarge", count=0, max_count=3)
    (pool,) = NodeAutoscaling().pools((cpu,))
    assert pool.effective_limits((cpu,)) == NodePoolLimits(cpu=24)


# --- eager rules ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("build", "message"), [
    (lambda: NodeRequirement(key="karpenter.sh/capacity-type", values=("spot",)),
     "node requirement 'karpenter.sh/capacity-type': key='karpenter.sh/capacity-type' is not allowed; one of"),
    (lambda: NodeRequirement(key="kubernetes.io/arch", values=("arm64",)),
     "node requirement 'kubernetes.io/arch': values=('arm64',) is not allowed; In ['amd64']"),
    (lambda: NodeRequirement(key="kubernetes.io/arch", operator="NotIn", values=("amd64",)),
     "values=('amd64',) is not allowed; In ['amd64']"),
    (lambda: NodeRequirement(key="topology.kubernetes.io/zone", operator="Gt", values=("1",)),
     "operator='Gt' is not allowed; one of"),
    (lambda: NodeRequirement(key="topology.kubernetes.io/zone"), "values=() is not allowed; at least one value with In"),
    (lambda: NodeRequirement(key="topology.kubernetes.io/zone", operator="Exists", values=("a",)),
     "values=('a',) is not allowed; no values with Exists"),
    (lambda: NodePoolSpec(name="GPU", instance_groups=("h100",)), "node pool 'GPU': name='GPU' is not allowed"),
    (lambda: NodePoolSpec(name="gpu", instance_groups=()), "instance_groups=() is not allowed; 1 to 10"),
    (lambda: NodePoolSpec(name="gpu", instance_groups=tuple(f"g{i}" for i in range(11))),
     "is not allowed; 1 to 10 instance group names (HyperpodNodeClass limit)"),
    (lambda: NodePoolSpec(name="gpu", instance_groups=("a", "a")), "is not allowed; each group named once"),
    (lambda: NodePoolSpec(name="gpu", instance_groups=("a",), weight=0), "weight=0 is not allowed; an integer from 1"),
    (lambda: NodePoolSpec(name="gpu", instance_groups=("a",), expire_after="30d"), "expire_after='30d' is not allowed"),
    (lambda: Disruption(consolidation_policy="Balanced"), "consolidation_policy='Balanced' is not allowed"),
    (lambda: Disruption(consolidate_after="5 minutes"), "consolidate_after='5 minutes' is not allowed"),
    (lambda: DisruptionBudget(nodes="150%"), "nodes='150%' is not allowed"),
    (lambda: DisruptionBudget(schedule="@daily"), "schedule='@daily' is not allowed; schedule and duration set together"),
    (lambda: DisruptionBudget(schedule="@daily", duration="1d"), "duration='1d' is not allowed"),
    (lambda: DisruptionBudget(reasons=("Expired",)), "reasons='Expired' is not allowed"),
    (lambda: DisruptionBudget(schedule="daily", duration="1h"), "schedule='daily' is not allowed; a cron expression"),
    (lambda: Disruption(budgets=(DisruptionBudget(),) * 51), "budgets='51 budgets' is not allowed; at most 50"),
    (lambda: NodeRequirement.zones("us east 1a"), "values='us east 1a' is not allowed; label values"),
    (lambda: NodePoolLimits(gpus=-1), "node pool limits: gpus=-1 is not allowed"),
    (lambda: NodeAutoscaling(node_pools=(NodePoolSpec(name="a", instance_groups=("h100",)),
                                         NodePoolSpec(name="a", instance_groups=("l4",)))),
     "node autoscaling: node_pools=['a'] is not allowed; unique NodePool names"),
])
def test_eager_rules(build, message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=_rx(message)):
        build()


def test_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        NodePoolSpec(name="a", instance_groups=("a",), limit=None)  # type: ignore[call-arg]


# --- cross-resource checks ---------------------------------------------------------------------------------

def test_autoscaled_group_must_start_at_zero() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=1, max_count=4)
    assert check_node_autoscaling(ResolvedPlatform.of((group,), NodeAutoscaling())) == [
        "node_autoscaling: instance group 'h100': count=1 is not allowed; 0 for a Karpenter-autoscaled group "
        "(HyperPod requires it to start empty; Karpenter would scale it down to 0 anyway)"]


def test_no_deep_health_checks_on_autoscaled_group() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=4, deep_health_checks=("InstanceStress",))
    (problem,) = check_node_autoscaling(ResolvedPlatform.of((group,), NodeAutoscaling()))
    assert problem.startswith("node_autoscaling: instance group 'h100': deep_health_checks=('InstanceStress',) "
                              "is not allowed; none on a Karpenter-autoscaled group")


def test_pool_group_names_must_exist() -> None:
    spec = NodeAutoscaling(node_pools=(NodePoolSpec(name="gpu", instance_groups=("h200",)),))
    assert check_node_autoscaling(ResolvedPlatform.of(GROUPS, spec)) == [
        "node_autoscaling: node pool 'gpu': instance_groups='h200' is not allowed; names of the cluster's "
        "instance groups: ['h100', 'l4', 'system']; did you mean 'h100'?"]


def test_explicit_pool_on_group_that_does_not_start_at_zero() -> None:
    spec = NodeAutoscaling(node_pools=(NodePoolSpec(name="sys", instance_groups=("system",)),))
    (problem,) = check_node_autoscaling(ResolvedPlatform.of(GROUPS, spec))
    assert "instance group 'system': count=2 is not allowed" in problem


@pytest.mark.parametrize(("limits", "message"), [
    (NodePoolLimits(gpus=4), "node pool 'h100': limits.gpus=4 is not allowed; at least 8, the GPUs of one "
                             "ml.p5.48xlarge in group 'h100'; below that Karpenter never launches a node"),
    (NodePoolLimits(cpu=96), "limits.cpu=96 is not allowed; at least 192, the vCPUs of one ml.p5.48xlarge"),
    (NodePoolLimits(memory_gib=1024), "limits.memory_gib=1024 is not allowed; at least about 1894 GiB"),
])
def test_limit_below_one_instance(limits: NodePoolLimits, message: str) -> None:
    spec = NodeAutoscaling(node_pools=(NodePoolSpec(name="h100", instance_groups=("h100",), limits=limits),))
    (problem,) = check_node_autoscaling(ResolvedPlatform.of(GROUPS, spec))
    assert message in problem


def test_disabled_autoscaling_has_no_problems() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=3, max_count=4)
    assert check_node_autoscaling(ResolvedPlatform.of((group,), NodeAutoscaling(enabled=False))) == []


def test_node_provisioning_mode() -> None:
    assert check_node_provisioning_mode(_settings(node_provisioning_mode="Continuous", enabled=True)) == []
    assert check_node_provisioning_mode(_settings(node_provisioning_mode=None, enabled=False)) == []
    assert check_node_provisioning_mode(_settings(node_provisioning_mode=None, enabled=True)) == [
        "cluster: node_provisioning_mode=None is not allowed; 'Continuous' when node autoscaling (Karpenter) "
        "is enabled"]



def test_node_recovery_must_be_automatic_with_karpenter() -> None:
    assert ClusterSettings().node_recovery == "Automatic"  # the default satisfies the rule
    assert check_node_recovery(_settings(node_recovery="Automatic", enabled=True)) == []
    assert check_node_recovery(_settings(node_recovery="None", enabled=False)) == []
    assert check_node_recovery(_settings(node_recovery="None", enabled=True)) == [
        "cluster: node_recovery='None' is not allowed; 'Automatic' when node autoscaling (Karpenter) is enabled"]


# --- warnings -----------------------------------------------------------------------------------------------

def test_warning_training_plan_on_autoscaled_group() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=2,
                          training_plan_arn="arn:aws:sagemaker:us-east-1:123456789012:training-plan/plan")
    (warning,) = node_autoscaling_warnings(ResolvedPlatform.of((group,), NodeAutoscaling()))
    assert warning.startswith("node_autoscaling: instance group 'h100': training_plan_arn is set on a "
                              "Karpenter-autoscaled group")


def test_warning_nothing_to_autoscale() -> None:
    (warning,) = node_autoscaling_warnings(ResolvedPlatform.of((SYSTEM,), NodeAutoscaling()))
    assert "no instance group has max_count" in warning


def test_warning_no_ceiling() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=0)
    spec = NodeAutoscaling(node_pools=(NodePoolSpec(name="h100", instance_groups=("h100",)),))
    (warning,) = node_autoscaling_warnings(ResolvedPlatform.of((group,), spec))
    assert "no max_count on a Karpenter-autoscaled group" in warning
    manifests = render_node_autoscaling(resolve_node_pools(ResolvedPlatform.of((group,), spec)))
    assert "limits" not in manifests[1]["spec"]
    validate_manifests(manifests)


def _settings(*, enabled: bool, **cluster: object) -> ResolvedPlatform:
    return ResolvedPlatform(node_autoscaling=NodeAutoscaling(enabled=enabled), cluster=ClusterSettings(**cluster))
