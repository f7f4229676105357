"""HyperPod's VPC limits: 1-5 security groups and 1-16 subnets (AWS::SageMaker::Cluster VpcConfig); subnets and
groups of an existing network come with their VPC."""
import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2

from hyperpod_constructs import HyperPodInferencePlatform, HyperPodValidationError, InstanceGroup, Network
from hyperpod_constructs.aws.network import HyperPodNetwork


def imported(stack: cdk.Stack, subnets: int) -> ec2.IVpc:
    return ec2.Vpc.from_vpc_attributes(stack, "Vpc", vpc_id="vpc-0123456789abcdef0",
                                       availability_zones=["us-west-2a"],
                                       private_subnet_ids=[f"subnet-{index:017x}" for index in range(subnets)])


def groups(stack: cdk.Stack, count: int) -> list[ec2.ISecurityGroup]:
    return [ec2.SecurityGroup.from_security_group_id(stack, f"Sg{index}", f"sg-{index:017x}") for index in range(count)]


def test_too_many_security_groups():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"Net/Network: network\.security_groups='6 security groups' is not "
                                                      r"allowed; 1-5 security groups"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 2), security_groups=groups(stack, 6))


def test_no_security_group():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"network\.security_groups='0 security groups' is not allowed"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 2), security_groups=[])


def test_too_many_subnets():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"network\.subnets='17 subnets' is not allowed; 1-16 subnets"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 17), security_groups=groups(stack, 1))


def test_private_subnet_size():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"private_subnet_mask=26 is not allowed; a /16 to /24"):
        HyperPodNetwork(stack, "Network", private_subnet_mask=26)


def test_imported_network_within_limits():
    stack = cdk.Stack(cdk.App(), "Net")
    network = HyperPodNetwork(stack, "Network", vpc=imported(stack, 16), security_groups=groups(stack, 5))
    assert (len(network.hyperpod_subnets), len(network.security_groups)) == (16, 5)


def test_subnets_need_their_vpc():
    stack = cdk.Stack(cdk.App(), "Net")
    subnet = ec2.Subnet.from_subnet_id(stack, "Subnet", "subnet-1")
    with pytest.raises(HyperPodValidationError, match=r"network: subnets='1 subnets' is not allowed; subnets only "
                                                      r"together with vpc= \(the VPC they are in\)"):
        Network(subnets=[subnet])


def test_security_groups_need_their_vpc():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"network: security_groups='2 security groups' is not allowed; "
                                                      r"security groups only together with vpc="):
        Network(security_groups=groups(stack, 2))


def test_subnets_are_a_list():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"network: subnets='subnet-1' is not allowed; a list of ec2 "
                                                      r"interfaces"):
        Network(vpc=imported(stack, 1), subnets="subnet-1")


def test_the_platform_checks_the_counts_under_the_grouped_name():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"Net/Platform/Network: network\.security_groups="
                                                      r"'6 security groups' is not allowed; 1-5 security groups"):
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                  network=Network(vpc=imported(stack, 2), security_groups=groups(stack, 6)))
