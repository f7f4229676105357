"""What the platform adds beside its instance groups (for the plan's fixed costs), and advice on the prices."""
from __future__ import annotations

from typing import Any, Optional

from aws_cdk import CfnResource, Token
from constructs import Construct

from ..prices.model import Prices
from .cost import FixedCostItems


def count_resources(scope: Construct, cfn_type: str) -> int:
    """CloudFormation resources of one type the stack creates under ``scope`` (imported ones are not there)."""
    return sum(1 for child in scope.node.find_all()
               if CfnResource.is_cfn_resource(child) and child.cfn_resource_type == cfn_type)


def creates(construct: Construct, cfn_type: str) -> bool:
    """Whether an L2 construct's own resource is created by the stack (an imported one has none)."""
    child = construct.node.default_child
    return child is not None and CfnResource.is_cfn_resource(child) and child.cfn_resource_type == cfn_type


def fixed_cost_items(platform: Any) -> FixedCostItems:
    """Read from what the platform built: counting resources, not repeating the network's or EKS's defaults."""
    store = platform.model_store
    options = platform.observability_options
    return FixedCostItems(
        # Only the cluster itself: the EKS subtree also holds every applied manifest, which grows with endpoints.
        eks_clusters=1 if creates(platform.eks.cluster, "AWS::EKS::Cluster") else 0,
        nat_gateways=count_resources(platform.network, "AWS::EC2::NatGateway"),
        fsx_capacity_gib=store.spec.capacity_gib if store is not None else None,
        fsx_throughput_mb_per_tib=store.spec.throughput_mb_per_tib if store is not None else None,
        prometheus=options is not None,
        grafana=options is not None and options.grafana is not None,
    )


def price_warnings(prices: Optional[Prices], stack_region: str) -> list[str]:
    """Prices read for one region while the stack deploys to another are wrong figures, not an error."""
    if prices is None or prices.region is None or Token.is_unresolved(stack_region) or prices.region == stack_region:
        return []
    return [f"prices are for {prices.region} but the stack deploys to {stack_region}; write a price file for "
            f"{stack_region} (python -m hyperpod_constructs.prices --region {stack_region} ...)"]
