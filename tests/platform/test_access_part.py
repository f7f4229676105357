"""The access part alone: the stack outputs users reach the cluster with, the network a retained model store keeps,
and advice on an imported cluster's security groups."""
from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Annotations, Match, Template

from hyperpod_constructs import Eks
from hyperpod_constructs.platform.access import CONTROL_PLANE_GROUPS_UNKNOWN, AccessContext, build_access
from parts_support import WHERE, bare_stack, existing_eks, network_and_eks


def test_an_imported_cluster_gets_its_outputs_and_advice_and_keeps_no_network() -> None:
    stack = bare_stack()
    network, eks = network_and_eks(stack, existing_eks(stack, cluster_name="team-cluster"))
    handle = build_access(stack, AccessContext(network, eks.eks, None, True, RemovalPolicy.RETAIN, True, WHERE))
    outputs = Template.from_stack(stack).to_json()["Outputs"]
    assert outputs["EksClusterName"]["Value"] == "team-cluster"
    assert outputs["UpdateKubeconfigCommand"]["Value"] == (
        "aws eks update-kubeconfig --name team-cluster --region us-west-2")
    assert handle.retained_network == ()  # the cluster's VPC is not the stack's to keep
    (advice,) = handle.network_advice
    assert advice.startswith("cluster.eks.cluster was imported without security_group_ids")
    warnings = Annotations.from_stack(stack).find_warning("/Parts/Eks", Match.string_like_regexp(
        f"\\[ack: {CONTROL_PLANE_GROUPS_UNKNOWN}\\]"))
    assert len(warnings) == 1 and str(warnings[0].entry.data).startswith(f"{WHERE}: cluster.eks.cluster")


def test_a_retained_model_store_keeps_the_created_vpc_subnet_and_security_group() -> None:
    stack = bare_stack()
    network, eks = network_and_eks(stack, Eks.new())
    kept = build_access(stack, AccessContext(network, eks.eks, None, True, RemovalPolicy.RETAIN, False, WHERE))
    assert kept.network_advice == ()
    assert kept.retained_network == ("Parts/Network/Vpc", network.hyperpod_subnets[0].node.path,
                                     "Parts/Network/NodeSecurityGroup")
    template = Template.from_stack(stack)
    template.has_resource("AWS::EC2::VPC", {"DeletionPolicy": "Retain"})
