"""After deploy: who can reach the cluster, what the stack outputs, what stays when it is deleted.

- Stack outputs: the EKS cluster name, the ``aws eks update-kubeconfig`` command, the Grafana workspace id and
  URL (with a Grafana workspace) and the SLO alarm topic (with optional e-mail subscriptions).
- Teardown: compute (the HyperPod cluster) is always deleted with the stack; data (FSx, buckets, AMP, keys)
  follows the platform's removal policy. A retained file system keeps its network interfaces in its subnet
  and security group, so with a stack-created VPC those (and the VPC) are retained with it; otherwise
  ``cdk destroy`` would fail deleting them.
- Imported security groups: their rules are not visible to the stack, so the platform says what they
  must allow, from the same flow list the tests prove (``aws.network_flows``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Sequence

import jsii
from aws_cdk import Annotations, Aspects, CfnOutput, CfnResource, IAspect, RemovalPolicy, Stack, Token, aws_sns as sns
from constructs import Construct, IConstruct

from ..aws.network_flows import REQUIRED_FLOWS
from ..error_output import crossing_jsii
from ..intent.cluster import ExistingEks

if TYPE_CHECKING:
    from .platform import HyperPodInferencePlatform

# Flows an imported node security group must carry by itself (the ALB rule is opened by the controller).
BYO_ROLES = ("nodes", "control-plane", "model-store")
# Warning ids, so a custom setup that has checked its groups can acknowledge exactly that advice.
IMPORTED_GROUPS = "hyperpod-constructs:network:importedSecurityGroups"
CONTROL_PLANE_GROUPS_UNKNOWN = "hyperpod-constructs:network:controlPlaneGroupsUnknown"
NO_SHARED_CONTROL_PLANE_GROUP = "hyperpod-constructs:network:noSharedControlPlaneGroup"


def _output(scope: Construct, name: str, value: str, description: str) -> CfnOutput:
    output = CfnOutput(scope, name, value=value, description=description)
    output.override_logical_id(name)  # stable names scripts and docs can rely on
    return output


def add_access_outputs(platform: "HyperPodInferencePlatform") -> None:
    """Cluster name, kubeconfig command and, with a Grafana workspace, its id and URL."""
    eks = platform.eks
    name = eks.cluster.cluster_name
    _output(platform, "EksClusterName", name, "EKS cluster HyperPod is orchestrated by")
    command = f"aws eks update-kubeconfig --name {name} --region {Stack.of(platform).region}"
    if eks.uses_default_admin:
        # The default admin is the CDK deploy role: assume it to talk to the cluster.
        command += f" --role-arn {eks.admin_role_arns[0]}"
    _output(platform, "UpdateKubeconfigCommand", command,
            "Run to point kubectl at the cluster (as a role with a cluster-admin access entry)")
    observability = platform.observability
    if observability is not None and observability.grafana_workspace is not None:
        _output(platform, "GrafanaWorkspaceId", observability.grafana_workspace.attr_id,
                "Amazon Managed Grafana workspace id (aws grafana ... --workspace-id)")
        _output(platform, "GrafanaUrl", observability.grafana_url,
                "Amazon Managed Grafana workspace with the inference and GPU dashboards")


@jsii.implements(IAspect)
class SynthTimeAdvice:
    """Runs checks that need the finished app (all endpoints added) once, at synth.

    Attached to a leaf construct so CDK calls it once, not for every construct of the platform.
    """

    def __init__(self, *checks: Callable[[], None]) -> None:
        self._checks = checks

    def visit(self, node: IConstruct) -> None:
        with crossing_jsii():  # an error here reaches the user through jsii: still printed as its message
            for check in self._checks:
                check()


def add_synth_time_advice(platform: "HyperPodInferencePlatform", *checks: Callable[[], None]) -> None:
    Aspects.of(Construct(platform, "SynthTimeAdvice")).add(SynthTimeAdvice(*checks))


class AlarmRouting:
    """Outputs the SLO alarm topic and subscribes e-mails, once the topic exists (with the first alert)."""

    def __init__(self, platform: "HyperPodInferencePlatform", emails: Sequence[str]) -> None:
        self._platform = platform
        self.emails = tuple(emails)
        self.topic: Optional[sns.ITopic] = None

    def update(self) -> None:
        observability = self._platform.observability
        if self.topic is not None or observability is None or observability.alarm_topic is None:
            return
        self.topic = observability.alarm_topic
        _output(self._platform, "AlarmTopicArn", self.topic.topic_arn, "SNS topic SLO alerts are sent to")
        for index, email in enumerate(self.emails):
            sns.Subscription(self._platform, f"AlarmEmail{index}", topic=self.topic,
                             protocol=sns.SubscriptionProtocol.EMAIL, endpoint=email)

    def warn_unused_emails(self) -> None:
        """At synth: e-mails given but no alert (and so no topic) ever came."""
        if self.emails and self.topic is None:
            Annotations.of(self._platform).add_warning_v2(
                "hyperpod-constructs:alarm-emails",
                f"{self._platform.node.path}: observability.alarm_emails={list(self.emails)} receive nothing: no endpoint has "
                "SLO alerts, so no alarm topic exists")


def retain_network_for_data(platform: "HyperPodInferencePlatform") -> list[str]:
    """Keep what a retained model store's network interfaces live in; returns what was kept, for the docs."""
    network = platform.network
    if platform.model_store is None or platform.removal_policy != RemovalPolicy.RETAIN or network.created_vpc is None:
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


def byo_network_advice(platform: "HyperPodInferencePlatform") -> list[str]:
    """Warnings (and their texts, returned) for what the stack cannot see of an imported network: on the network
    construct (``Platform/Network``), or the EKS one (``Platform/Eks``) for an imported cluster's groups."""
    network = platform.network
    advice: list[tuple[Construct, str, str]] = []
    if network.created_security_group is None:
        roles = BYO_ROLES if platform.model_store is not None else ("nodes", "control-plane")
        flows = "; ".join(flow.describe() for flow in REQUIRED_FLOWS
                          if flow.source in roles and flow.destination in (*roles, "internet"))
        advice.append((network, IMPORTED_GROUPS,
            "network.security_groups are imported, so this stack cannot see or change their rules. HyperPod nodes, the "
            "EKS control plane and the model store use them; together they must allow " + flows + ". AWS's quick "
            "setup gives one group a self-referencing all-traffic ingress AND egress rule plus all outbound."))
    if isinstance(platform.settings.eks, ExistingEks):
        node_ids = [group.security_group_id for group in network.security_groups]
        # An imported cluster's connections hold its security_group_ids, then its cluster_security_group_id.
        cluster_ids = [group.security_group_id for group in platform.eks.cluster.connections.security_groups]
        known = not any(Token.is_unresolved(value) for value in [*node_ids, *cluster_ids])
        if not cluster_ids:
            advice.append((platform.eks, CONTROL_PLANE_GROUPS_UNKNOWN,
                "cluster.eks.cluster was imported without security_group_ids or cluster_security_group_id, so the "
                "stack cannot check that HyperPod nodes share a security group with the EKS control plane; import it "
                "with them (aws eks describe-cluster: resourcesVpcConfig) and give the nodes one of them."))
        elif known and not set(node_ids) & set(cluster_ids):
            advice.append((platform.eks, NO_SHARED_CONTROL_PLANE_GROUP,
                f"HyperPod nodes use security groups {node_ids}, none of which the EKS control plane has "
                f"({cluster_ids}); nodes reach the API server (tcp 443) and the control plane reaches kubelets and "
                "webhooks (tcp 10250, 443, 9443) only if rules between them allow it. Pass one of the control "
                "plane's groups in network.security_groups, as AWS's quick setup does."))
    for construct, warning_id, text in advice:
        Annotations.of(construct).add_warning_v2(warning_id, f"{platform.node.path}: {text}")
    return [text for _, _, text in advice]
