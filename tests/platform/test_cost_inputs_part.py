"""The plan's fixed-cost items read from parts built alone: counting what the stack creates, not defaults."""
from __future__ import annotations

from apps_support import imported_bucket
from hyperpod_constructs import Eks, ModelStore, Observability
from hyperpod_constructs.platform.cost import FixedCostItems
from hyperpod_constructs.platform.cost_inputs import FixedCostContext, fixed_cost_items
from parts_support import bare_stack, existing_eks, network_and_eks


def test_an_imported_cluster_and_its_vpc_add_no_control_plane_or_nat_gateway() -> None:
    stack = bare_stack()
    network, handle = network_and_eks(stack, existing_eks(stack))
    store = ModelStore(bucket=imported_bucket(stack), capacity_gib=2400)
    items = fixed_cost_items(FixedCostContext(eks_cluster=handle.eks.cluster, network=network, model_store=store,
                                              observability=Observability()))
    assert items == FixedCostItems(eks_clusters=0, nat_gateways=0, fsx_capacity_gib=2400,
                                   fsx_throughput_mb_per_tib=store.throughput_mb_per_tib, prometheus=True,
                                   grafana=False)


def test_a_created_cluster_and_vpc_are_counted() -> None:
    stack = bare_stack()
    network, handle = network_and_eks(stack, Eks.new())
    items = fixed_cost_items(FixedCostContext(eks_cluster=handle.eks.cluster, network=network, model_store=None,
                                              observability=None))
    assert items == FixedCostItems(eks_clusters=1, nat_gateways=1, fsx_capacity_gib=None,
                                   fsx_throughput_mb_per_tib=None, prometheus=False, grafana=False)
