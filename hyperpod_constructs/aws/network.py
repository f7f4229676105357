"""A VPC laid out for HyperPod, or an imported one."""
from __future__ import annotations

from typing import Optional, Sequence

from aws_cdk import Annotations, Tags, aws_ec2 as ec2, aws_logs as logs
from constructs import Construct

from ..catalog import limits
from ..errors import require


class HyperPodNetwork(Construct):
    """Subnets and the security group HyperPod nodes and the EKS control plane share.

    A new VPC gets large private subnets (HyperPod gives every pod a VPC IP and GPU nodes run many pods),
    a NAT gateway, an S3 gateway endpoint (model weights and lifecycle scripts stay off the NAT), the
    ``kubernetes.io/role/elb`` tags the ALB controller looks for and flow logs. HyperPod nodes and the model store
    use ``subnets`` (default: the VPC's private subnets). Unless ``security_groups``
    are passed in, one node security group is created for the EKS control plane, the HyperPod nodes and the
    model store, as AWS's quick setup does (see ``node_security_group``).
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        vpc: Optional[ec2.IVpc] = None,
        cidr: str = "10.192.0.0/16",
        max_azs: int = 2,
        private_subnet_mask: int = 18,
        subnets: Optional[Sequence[ec2.ISubnet]] = None,
        security_groups: Optional[Sequence[ec2.ISecurityGroup]] = None,
    ) -> None:
        super().__init__(scope, construct_id)
        where = self.node.path
        require(16 <= private_subnet_mask <= 24, where, "private_subnet_mask", private_subnet_mask,
                "a /16 to /24 prefix length")
        self._created_vpc: Optional[ec2.Vpc] = None
        if vpc is None:
            vpc = self._created_vpc = ec2.Vpc(
                self, "Vpc",
                ip_addresses=ec2.IpAddresses.cidr(cidr),
                max_azs=max_azs,
                nat_gateways=1,
                subnet_configuration=[
                    ec2.SubnetConfiguration(name="public", subnet_type=ec2.SubnetType.PUBLIC, cidr_mask=24),
                    ec2.SubnetConfiguration(name="private", subnet_type=ec2.SubnetType.PRIVATE_WITH_EGRESS,
                                            cidr_mask=private_subnet_mask),
                ],
                gateway_endpoints={"S3": ec2.GatewayVpcEndpointOptions(service=ec2.GatewayVpcEndpointAwsService.S3)},
            )
            vpc.add_flow_log("FlowLogs", destination=ec2.FlowLogDestination.to_cloud_watch_logs(
                logs.LogGroup(self, "FlowLogGroup", retention=logs.RetentionDays.ONE_YEAR)))
            for subnet in vpc.public_subnets:
                Tags.of(subnet).add("kubernetes.io/role/elb", "1")
            for subnet in vpc.private_subnets:
                Tags.of(subnet).add("kubernetes.io/role/internal-elb", "1")
        self._vpc = vpc
        self._hyperpod_subnets: tuple[ec2.ISubnet, ...] = tuple(subnets or vpc.private_subnets)
        require(limits.SUBNETS_MIN <= len(self._hyperpod_subnets) <= limits.SUBNETS_MAX, where, "network.subnets",
                f"{len(self._hyperpod_subnets)} subnets", "1-16 subnets (AWS::SageMaker::Cluster VpcConfig.Subnets)")
        self._created_security_group: Optional[ec2.SecurityGroup] = None
        if security_groups is None:
            self._created_security_group = node_security_group(self, "NodeSecurityGroup", vpc)
            security_groups = [self._created_security_group]
        require(limits.SECURITY_GROUPS_MIN <= len(security_groups) <= limits.SECURITY_GROUPS_MAX, where,
                "network.security_groups", f"{len(security_groups)} security groups",
                "1-5 security groups (AWS::SageMaker::Cluster VpcConfig.SecurityGroupIds)")
        self._security_groups: tuple[ec2.ISecurityGroup, ...] = tuple(security_groups)

    @property
    def vpc(self) -> ec2.IVpc:
        """The VPC HyperPod nodes, the EKS control plane and the model store run in (created or imported)."""
        return self._vpc

    @property
    def created_vpc(self) -> Optional[ec2.Vpc]:
        """The VPC this construct created, or None when ``vpc`` was imported."""
        return self._created_vpc

    @property
    def hyperpod_subnets(self) -> tuple[ec2.ISubnet, ...]:
        """The subnets HyperPod nodes and the model store use (the first one holds the model store)."""
        return self._hyperpod_subnets

    @property
    def security_groups(self) -> tuple[ec2.ISecurityGroup, ...]:
        """The node security groups (the first one is shared with the EKS control plane and the model store)."""
        return self._security_groups

    @property
    def created_security_group(self) -> Optional[ec2.SecurityGroup]:
        """The node security group this construct created, or None when ``security_groups`` were passed in."""
        return self._created_security_group


def node_security_group(scope: Construct, construct_id: str, vpc: ec2.IVpc) -> ec2.SecurityGroup:
    """The one group the EKS control plane, HyperPod nodes and the model store share.

    Members reach each other on every port, so nodes reach the API server (443), the control plane reaches
    kubelets and webhooks (10250, 443, 9443 ...), Lustre clients and servers meet (988, 1018-1023) and EFA
    works: EFA needs an ingress AND an egress rule naming the group itself (a 0.0.0.0/0 egress rule does not
    carry EFA traffic). All other outbound traffic is allowed (image pulls, AWS APIs). The rules are the
    ones AWS's quick-setup stack creates (IntraSGCommunicationRule, IntraSGCommunicationRuleEgress,
    InternetCommunicationRuleEgress); ``network_flows.REQUIRED_FLOWS`` lists each flow with its source.
    """
    group = ec2.SecurityGroup(scope, construct_id, vpc=vpc, allow_all_outbound=True,
                              description="HyperPod nodes, EKS control plane, model store: all traffic between members")
    group.add_ingress_rule(group, ec2.Port.all_traffic(), "Members: API server, kubelet, webhooks, Lustre, EFA")
    # CDK ignores egress rules on a group that allows all outbound, so the self-referencing egress EFA needs
    # is its own resource.
    ec2.CfnSecurityGroupEgress(group, "IntraGroupEgress", group_id=group.security_group_id, ip_protocol="-1",
                               destination_security_group_id=group.security_group_id,
                               description="Members, EFA: outbound to the group itself")
    # Members (the model store, say) may add egress rules; all outbound is already open.
    Annotations.of(group).acknowledge_warning("@aws-cdk/aws-ec2:ipv4IgnoreEgressRule",
                                              "All outbound traffic is allowed on this group.")
    return group
