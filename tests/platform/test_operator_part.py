"""The operator part alone: the dependency chart the instance groups need, and the kubectl function and Helm chart
only when something needs them; an existing cluster's prerequisites listed."""
from __future__ import annotations

from typing import Any

import aws_cdk as cdk
from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Annotations, Match, Template

from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodHelmChart, InferenceOperatorOptions, InstanceGroup, MigLayout)
from hyperpod_constructs.aws.inference_operator import CHART_FOR_INSTANCE_GROUPS
from hyperpod_constructs.platform.charts_part import CUSTOM_MIG_CONFIG_MAP
from hyperpod_constructs.delivery.bundle import DeployTimeValues
from hyperpod_constructs.platform.hyperpod_part import HyperPodContext, build_hyperpod
from hyperpod_constructs.platform.operator_part import OperatorContext, OperatorHandle, build_operator, dependency_chart
from parts_support import bare_stack, existing_eks, network_and_eks

CPU = InstanceGroup("cpu", "ml.m5.2xlarge", count=1)
STOCK_MIG = InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb")
CUSTOM_MIG = InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config=MigLayout.custom(
    name="mixed", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2}))


def test_the_chart_for_the_groups_turns_on_the_gpu_operator_only_with_mig() -> None:
    assert dependency_chart((CPU,), CHART_FOR_INSTANCE_GROUPS) == HyperPodHelmChart(enable_gpu_operator=False)
    assert dependency_chart((CPU, STOCK_MIG), CHART_FOR_INSTANCE_GROUPS) == HyperPodHelmChart(enable_gpu_operator=True)


def test_custom_mig_layouts_point_the_mig_manager_at_the_platforms_config_map() -> None:
    chart = dependency_chart((CUSTOM_MIG,), CHART_FOR_INSTANCE_GROUPS)
    assert chart is not None and chart.enable_gpu_operator
    manager = {"migManager": {"config": {"name": CUSTOM_MIG_CONFIG_MAP}}}
    assert chart.values == {"gpu-operator": {"gpu-operator": manager}}


def test_a_chart_given_or_none_is_kept() -> None:
    given = HyperPodHelmChart(enable_gpu_operator=False)
    assert dependency_chart((STOCK_MIG,), given) is given
    assert dependency_chart((STOCK_MIG,), None) is None


def operator(stack: cdk.Stack, eks: Eks, *, applies_manifests: bool, **options: Any) -> OperatorHandle:
    network, handle = network_and_eks(stack, eks)
    hyperpod = build_hyperpod(stack, HyperPodContext(handle.eks, network, (CPU,), ClusterSettings(), False, (),
                                                     RemovalPolicy.RETAIN))
    return build_operator(stack, OperatorContext(
        handle.eks, eks, handle.oidc_provider, hyperpod.cluster, (CPU,), InferenceOperatorOptions(**options),
        applies_manifests, RemovalPolicy.RETAIN, DeployTimeValues(stack).register))


def test_gitops_without_the_chart_needs_no_kubectl_function() -> None:
    stack = bare_stack()
    handle = operator(stack, existing_eks(stack), applies_manifests=False, helm_chart=None)
    assert (handle.kubectl_handler, handle.dependencies) == (None, None)
    assert handle.operator.node.path == "Parts/InferenceOperator"
    Template.from_stack(stack).resource_count_is("Custom::HyperPodHelmChart", 0)


def test_the_chart_is_installed_before_the_hyperpod_cluster() -> None:
    stack = bare_stack()
    handle = operator(stack, existing_eks(stack), applies_manifests=False)
    assert handle.kubectl_handler is not None and handle.dependencies is not None
    template = Template.from_stack(stack)
    (chart_id,) = template.find_resources("Custom::HyperPodHelmChart")
    (cluster,) = template.find_resources("AWS::SageMaker::Cluster").values()
    assert chart_id in cluster["DependsOn"]


def test_an_existing_cluster_lists_its_prerequisites_in_one_warning_on_the_scope() -> None:
    stack = bare_stack()
    handle = operator(stack, existing_eks(stack, cluster_name="team-cluster"), applies_manifests=True, helm_chart=None)
    assert handle.cluster_prerequisites and handle.kubectl_handler is not None
    warnings = Annotations.from_stack(stack).find_warning(
        "/Parts", Match.string_like_regexp("the existing EKS cluster team-cluster must already have"))
    assert len(warnings) == 1
