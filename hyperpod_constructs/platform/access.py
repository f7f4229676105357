"""After deploy: who can reach the cluster, what the stack outputs, what stays when it is deleted.

- Stack outputs: the EKS cluster name, the ``aws eks update-kubeconfig`` command and the Grafana workspace id and
  URL (with a Grafana workspace); the SLO alarm topic is the observability part's (``observability_part``).
- Teardown: compute (the HyperPod cluster) is always deleted with the stack; data (FSx, buckets, AMP, keys)
  follows the platform's removal policy. A retained file system keeps its network interfaces in its subnet
  and security group, so with a stack-created VPC those (and the VPC) are retained with it; otherwise
  ``cdk destroy`` would fail deleting them.
- Imported security groups: their rules are not visible to the stack, so the platform says what they
  must allow, from the same flow list the tests prove (``aws.network_flows``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aws_cdk import Annotations, CfnResource, RemovalPolicy, Stack, Token
from constructs import Construct

from ..aws.eks import HyperPodEks
from ..aws.network import HyperPodNetwork
from ..aws.network_flows import REQUIRED_FLOWS
from ..aws.observability import InferenceObservability
from ..aws.stack_outputs import stack_output

# Flows an imported node security group must carry by itself (the ALB rule is opened by the controller).
BYO_ROLES = ("nodes", "control-plane", "model-store")
# Warning ids, so a custom setup that has checked its groups can acknowledge exactly that advice.
IMPORTED_GROUPS = "Annotation::hyperpod-constructs:network:importedSecurityGroups"
CONTROL_PLANE_GROUPS_UNKNOWN = "Annotation::hyperpod-constructs:network:controlPlaneGroupsUnknown"
NO_SHARED_CONTROL_PLANE_GROUP = "Annotation::hyperpod-constructs:network:noSharedControlPlaneGroup"


@dataclass(frozen=True)
class AccessContext:
    """What the outputs and the teardown read: the network and cluster in use, observability (its Grafana workspace),
    and whether a model store exists, its data is retained and the EKS cluster is imported."""
    network: HyperPodNetwork
    eks: HyperPodEks
    observability: Optional[InferenceObservability]
    has_model_store: bool
    removal_policy: RemovalPolicy
    existing_cluster: bool
    where: str  # the platform's path, which starts each warning


@dataclass(frozen=True)
class AccessHandle:
    retained_network: tuple[str, ...]
    """What of a created network is kept so a retained model store's interfaces survive a stack deletion (construct
    paths)."""
    network_advice: tuple[str, ...]
    """The warnings about an imported network the stack cannot check."""


def build_access(scope: Construct, context: AccessContext) -> AccessHandle:
    """The stack outputs under ``scope``, the network a retained model store needs kept, and the network advice."""
    _add_access_outputs(scope, context)
    return AccessHandle(retained_network=tuple(_retain_network_for_data(context)),
                        network_advice=tuple(_byo_network_advice(context)))


def _add_access_outputs(scope: Construct, context: AccessContext) -> None:
    """Cluster name, kubeconfig command and, with a Grafana workspace, its id and URL."""
    eks = context.eks
    name = eks.cluster.cluster_name
    stack_output(scope, "EksClusterName", name, "EKS cluster HyperPod is orchestrated by")
    command = f"aws eks update-kubeconfig --name {name} --region {Stack.of(scope).region}"
    if eks.uses_default_admin:
        # The default admin is the CDK deploy role: assume it to talk to the cluster.
        command += f" --role-arn {eks.admin_role_arns[0]}"
    stack_output(scope, "UpdateKubeconfigCommand", command,
                 "Run to point kubectl at the cluster (as a role with a cluster-admin access entry)")
    observability = context.observability
    if observability is not None and observability.grafana_workspace is not None:
        stack_output(scope, "GrafanaWorkspaceId", observability.grafana_workspace.attr_id,
                     "Amazon Managed Grafana workspace id (aws grafana ... --workspace-id)")
        stack_output(scope, "GrafanaUrl", observability.grafana_url,
                     "Amazon Managed Grafana workspace with the inference and GPU dashboards")


def _retain_network_for_data(context: AccessContext) -> list[str]:
    """Keep what a retained model store's network interfaces live in; returns what was kept, for the docs."""
    network = context.network
    if not context.has_model_store or context.removal_policy != RemovalPolicy.RETAIN or network.created_vpc is None:
        return []
    kept: list[str] = []
    subnet = network.hyperpod_subnets[0]  # the model store's subnet
    targets = [network.created_vpc, subnet]
    if network.created_security_group is not None:
        targets.append(network.created_security_group)
    for construct in targets:
        resource = construct.node.default_child
        if isinstance(resource, CfnResource):
            resource.apply_removal_policy(RemovalPolicy.RETAIN)
            kept.append(construct.node.path)
    return kept


def _byo_network_advice(context: AccessContext) -> list[str]:
    """Warnings (and their texts, returned) for what the stack cannot see of an imported network: on the network
    construct (``Platform/Network``), or the EKS one (``Platform/Eks``) for an imported cluster's groups."""
    network, eks = context.network, context.eks
    advice: list[tuple[Construct, str, str]] = []
    if network.created_security_group is None:
        roles = BYO_ROLES if context.has_model_store else ("nodes", "control-plane")
        flows = "; ".join(flow.describe() for flow in REQUIRED_FLOWS
                          if flow.source in roles and flow.destination in (*roles, "internet"))
        advice.append((network, IMPORTED_GROUPS,
            "network.security_groups are imported, so this stack cannot see or change their rules. HyperPod nodes, the "
            "EKS control plane and the model store use them; together they must allow " + flows + ". AWS's quick "
            "setup gives one group a self-referencing all-traffic ingress AND egress rule plus all outbound."))
    if context.existing_cluster:
        node_ids = [group.security_group_id for group in network.security_groups]
        # An imported cluster's connections hold its security_group_ids, then its cluster_security_group_id.
        cluster_ids = [group.security_group_id for group in eks.cluster.connections.security_groups]
        known = not any(Token.is_unresolved(value) for value in [*node_ids, *cluster_ids])
        if not cluster_ids:
            advice.append((eks, CONTROL_PLANE_GROUPS_UNKNOWN,
                "cluster.eks.cluster was imported without security_group_ids or cluster_security_group_id, so the "
                "stack cannot check that HyperPod nodes share a security group with the EKS control plane; import it "
                "with them (aws eks describe-cluster: resourcesVpcConfig) and give the nodes one of them."))
        elif known and not set(node_ids) & set(cluster_ids):
            advice.append((eks, NO_SHARED_CONTROL_PLANE_GROUP,
                f"HyperPod nodes use security groups {node_ids}, none of which the EKS control plane has "
                f"({cluster_ids}); nodes reach the API server (tcp 443) and the control plane reaches kubelets and "
                "webhooks (tcp 10250, 443, 9443) only if rules between them allow it. Pass one of the control "
                "plane's groups in network.security_groups, as AWS's quick setup does."))
    for construct, warning_id, text in advice:
        Annotations.of(construct).add_warning_v2(warning_id, f"{context.where}: {text}")
    return [text for _, _, text in advice]
