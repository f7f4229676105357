"""HyperPod's VPC limits: 1-5 security groups and 1-16 subnets (AWS::SageMaker::Cluster VpcConfig)."""
import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2

from hyperpod_constructs import HyperPodValidationError
from hyperpod_constructs.aws.network import HyperPodNetwork


def imported(stack: cdk.Stack, subnets: int) -> ec2.IVpc:
    return ec2.Vpc.from_vpc_attributes(stack, "Vpc", vpc_id="vpc-0123456789abcdef0",
                                       availability_zones=["us-west-2a"],
                                       private_subnet_ids=[f"subnet-{index:017x}" for index in range(subnets)])


def groups(stack: cdk.Stack, count: int) -> list[ec2.ISecurityGroup]:
    return [ec2.SecurityGroup.from_security_group_id(stack, f"Sg{index}", f"sg-{index:017x}") for index in range(count)]


def test_too_many_security_groups():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"Net/Network: security_groups='6 security groups' is not "
                                                      r"allowed; 1-5 security groups"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 2), security_groups=groups(stack, 6))


def test_no_security_group():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"security_groups='0 security groups' is not allowed"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 2), security_groups=[])


def test_too_many_subnets():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"hyperpod_subnets='17 subnets' is not allowed; 1-16 subnets"):
        HyperPodNetwork(stack, "Network", vpc=imported(stack, 17), security_groups=groups(stack, 1))


def test_private_subnet_size():
    stack = cdk.Stack(cdk.App(), "Net")
    with pytest.raises(HyperPodValidationError, match=r"private_subnet_mask=26 is not allowed; a /16 to /24"):
        HyperPodNetwork(stack, "Network", private_subnet_mask=26)


def test_imported_network_within_limits():
    stack = cdk.Stack(cdk.App(), "Net")
    network = HyperPodNetwork(stack, "Network", vpc=imported(stack, 16), security_groups=groups(stack, 5))
    assert (len(network.hyperpod_subnets), len(network.security_groups)) == (16, 5)
