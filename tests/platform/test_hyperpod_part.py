"""The HyperPod part alone: the cluster on an imported EKS cluster, with Karpenter's role only when nodes
autoscale."""
from __future__ import annotations

import pytest
from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Template

from hyperpod_constructs import ClusterSettings, InstanceGroup
from hyperpod_constructs.platform.hyperpod_part import HyperPodContext, HyperPodHandle, build_hyperpod
from parts_support import bare_stack, existing_eks, network_and_eks

GROUPS = (InstanceGroup("cpu", "ml.m5.2xlarge", count=1),)


def hyperpod(node_autoscaling: bool) -> tuple[HyperPodHandle, Template]:
    stack = bare_stack()
    network, eks = network_and_eks(stack, existing_eks(stack))
    handle = build_hyperpod(stack, HyperPodContext(eks.eks, network, GROUPS, ClusterSettings(), node_autoscaling,
                                                   (), RemovalPolicy.RETAIN))
    return handle, Template.from_stack(stack)


@pytest.mark.parametrize("node_autoscaling", [True, False])
def test_karpenter_gets_a_role_only_when_nodes_autoscale(node_autoscaling: bool) -> None:
    handle, template = hyperpod(node_autoscaling)
    assert handle.cluster.node.path == "Parts/HyperPod"
    (cluster,) = template.find_resources("AWS::SageMaker::Cluster").values()
    assert [group["InstanceGroupName"] for group in cluster["Properties"]["InstanceGroups"]] == ["cpu"]
    assert (handle.karpenter_role is not None) is node_autoscaling
    if node_autoscaling:
        assert cluster["Properties"]["AutoScaling"] == {"Mode": "Enable", "AutoScalerType": "Karpenter"}
        assert handle.karpenter_role.node.path.startswith("Parts/KarpenterClusterRole/")
