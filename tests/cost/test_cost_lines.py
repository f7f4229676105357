"""The plan's cost lines against figures computed by hand for a small app (examples/cost_picture.py).

The app: system 2 x ml.m5.2xlarge (fixed); h100 0..2 x ml.p5.48xlarge, all-3g.40gb = 16 slices a node,
autoscaled; l40s 0..2 x ml.g6e.12xlarge (4 GPUs), autoscaled; endpoint chat on mig-3g.40gb, 1..20 replicas;
endpoint rerank on 1 whole GPU, 0..6 replicas; FSx 2400 GiB at 125 MB/s/TiB; a new VPC (1 NAT gateway) and
EKS cluster; observability (AMP) without Grafana. Test prices (made up): m5 $0.50/h, p5 $100/h, g6e $10/h,
EKS $0.10/h, NAT $0.045/h, FSx $0.14/GiB-month, AMP estimate $40/month.

By hand, a month = 730 h:
  floor nodes: system 2, h100 ceil(1 replica / 16 slices) = 1, l40s 0
  floor   $/h = 2 x 0.50 + 1 x 100 + 0 x 10 = 101.00
  ceiling $/h = 2 x 0.50 + 2 x 100 + 2 x 10 = 221.00
  fixed   $/month = EKS 0.10 x 730 = 73.00 + NAT 0.045 x 730 = 32.85 + FSx 2400 x 0.14 = 336.00 + AMP 40.00 = 481.85
  floor   $/month = 101 x 730 + 481.85 = 74,211.85
  ceiling $/month = 221 x 730 + 481.85 = 161,811.85
  always on, no MIG: chat 20 replicas -> 20 whole GPUs -> ceil(20 / 8) = 3 p5 nodes = $300/h;
    rerank 6 GPUs -> ceil(6 / 4) = 2 g6e nodes = $20/h; system as at the floor 2 x 0.50 = $1/h
    = 321 x 730 + 481.85 = 234,811.85 $/month
  saving at the floor = 234,811.85 - 74,211.85 = 160,600.00 (68%); at the ceiling = 73,000.00 (31%)
"""
from __future__ import annotations

from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import load_module
from hyperpod_constructs import HyperPodInferencePlatform, HyperPodValidationError, InstanceGroup, Plan, Prices
from hyperpod_constructs.platform.cost import FixedCostItems
from hyperpod_constructs.resolve.platform_model import PodDemand

EXAMPLE = "examples/cost_picture.py"
PRICES = Prices(instance_hourly={"ml.m5.2xlarge": 0.50, "ml.p5.48xlarge": 100.0, "ml.g6e.12xlarge": 10.0},
                eks_cluster_hourly=0.10, nat_gateway_hourly=0.045, fsx_lustre_gib_month={125: 0.14}, amp_monthly=40.0)


@pytest.fixture(scope="module")
def platform() -> Any:
    _, platform = load_module(EXAMPLE).build(cdk.App(), PRICES)
    return platform


@pytest.fixture(scope="module")
def report(platform: Any) -> Any:
    return platform.plan.cost()


def test_per_group_floor_and_ceiling(report: Any) -> None:
    rows = {group.group: (group.floor_nodes, group.ceiling_nodes, group.floor_hourly, group.ceiling_hourly)
            for group in report.groups}
    assert rows == {"system": (2, 2, 1.0, 1.0), "h100": (1, 2, 100.0, 200.0), "l40s": (0, 2, 0.0, 20.0)}


def test_fixed_costs_the_platform_adds(report: Any) -> None:
    fixed = {item.name: item.monthly for item in report.fixed}
    assert fixed == pytest.approx({"EKS control plane": 73.00, "NAT gateways": 32.85,
                                   "FSx for Lustre model store": 336.00, "Amazon Managed Prometheus": 40.00})
    assert report.fixed_monthly == pytest.approx(481.85)


def test_totals_at_floor_and_ceiling(report: Any) -> None:
    assert report.floor_hourly * 730 == pytest.approx(74_211.85)
    assert report.floor_monthly == pytest.approx(74_211.85)
    assert report.ceiling_monthly == pytest.approx(161_811.85)
    assert report.unpriced == ()


def test_always_on_without_mig_and_the_saving(report: Any) -> None:
    nodes = {line.instance_type: (line.nodes, line.hourly) for line in report.baseline}
    assert nodes == {"ml.p5.48xlarge": (3, 300.0), "ml.g6e.12xlarge": (2, 20.0), "ml.m5.2xlarge": (2, 1.0)}
    assert report.baseline_monthly == pytest.approx(234_811.85)
    assert report.saving_monthly("floor") == pytest.approx(160_600.00)
    assert report.saving_monthly("ceiling") == pytest.approx(73_000.00)


def test_rendered_plan_shows_the_hand_computed_lines(platform: Any) -> None:
    text = platform.plan.render()
    assert "Total at the floor:   $101.66/h, $74,211.85/month" in text
    assert "Total at the ceiling: $221.66/h, $161,811.85/month" in text
    assert "FSx for Lustre model store (2400 GiB PERSISTENT_2, 125 MB/s/TiB): $0.460/h, $336.00/month" in text
    assert "NAT gateways (1 gateway): $0.045/h, $32.85/month" in text
    assert "ml.p5.48xlarge: 3 nodes (20 GPUs at max replicas, 20 MIG replicas on whole GPUs, 8 per node)" in text
    assert "Saving: $160,600.00/month at the floor (68%), $73,000.00/month at the ceiling (31%)" in text
    assert "prices: prices you supplied" in text


def test_fixed_items_are_read_from_what_the_platform_builds(platform: Any) -> None:
    assert platform.plan.fixed_costs == FixedCostItems(eks_clusters=1, nat_gateways=1, fsx_capacity_gib=2400,
                                                        fsx_throughput_mb_per_tib=125, prometheus=True, grafana=False)


def test_existing_vpc_and_eks_add_no_control_plane_or_nat() -> None:
    _, platform = load_module("examples/byo_vpc_and_eks.py").build(cdk.App())
    items = platform.plan.fixed_costs
    assert (items.eks_clusters, items.nat_gateways, items.fsx_capacity_gib) == (0, 0, None)


# ---- unpriced and partial prices (Plan only, no CDK) --------------------------------------------------------------

GROUPS = (InstanceGroup("system", "ml.m5.2xlarge", count=2),
          InstanceGroup("l40s", "ml.g6e.12xlarge", count=1))
ENDPOINTS = (PodDemand("mistral", "custom", "ml.g6e.12xlarge", 1, 3, gpus=1),
             PodDemand("qwen", "jumpstart", "ml.g6e.12xlarge", 1, 2, gpus=None))


def test_instance_prices_alone_price_the_groups() -> None:
    plan = Plan(groups=GROUPS, endpoints=ENDPOINTS,
                prices=Prices.from_mapping({"ml.m5.2xlarge": 0.5, "ml.g6e.12xlarge": 10.0}))
    report = plan.cost()
    # floor = ceiling = 2 x 0.5 + 1 x 10 = 11 $/h; no fixed items known to a bare Plan
    assert report.floor_monthly == pytest.approx(11 * 730) and report.ceiling_monthly == pytest.approx(11 * 730)
    # always on: mistral 3 GPUs + qwen 2 whole nodes (its GPUs are the model's to set) = ceil(3 / 4) + 2 = 3 nodes
    assert {line.instance_type: line.nodes for line in report.baseline} == {"ml.g6e.12xlarge": 3, "ml.m5.2xlarge": 2}
    assert report.baseline_monthly == pytest.approx((3 * 10 + 1) * 730)
    assert "Total at the floor:   $11.00/h, $8,030.00/month" in plan.render()


def test_groups_without_a_price_are_listed_never_dropped() -> None:
    plan = Plan(groups=GROUPS, endpoints=ENDPOINTS, prices=Prices(instance_hourly={"ml.m5.2xlarge": 0.5}),
                fixed_costs=FixedCostItems(eks_clusters=1, grafana=True))
    report = plan.cost()
    assert report.unpriced == ("group l40s (ml.g6e.12xlarge)", "EKS control plane", "Amazon Managed Grafana")
    assert report.saving_monthly("floor") is None
    text = plan.render()
    assert "ml.g6e.12xlarge     unpriced: no price for ml.g6e.12xlarge" in text
    assert "not in the totals (unpriced): group l40s (ml.g6e.12xlarge), EKS control plane, Amazon Managed Grafana" in text
    assert "Amazon Managed Grafana (workspace): unpriced; billed per active editor and viewer" in text
    assert "Saving: not computed while something above is unpriced" in text


def test_a_plan_without_prices_says_how_to_get_them() -> None:
    plan = Plan(groups=GROUPS, endpoints=ENDPOINTS)
    assert plan.cost() is None
    assert "no prices given; pass prices=Prices.from_file(...)" in plan.render()


# ---- platform arguments -------------------------------------------------------------------------------------------

def test_hourly_prices_is_refused_naming_prices() -> None:
    stack = cdk.Stack(cdk.App(), "Old")
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[GROUPS[1]], hourly_prices={"ml.g6e.12xlarge": 1.0})
    assert ("hourly_prices={'ml.g6e.12xlarge': 1.0} is not allowed; None: instance prices are "
            "prices=Prices(instance_hourly={...})") in str(error.value)


def test_prices_must_be_a_prices() -> None:
    stack = cdk.Stack(cdk.App(), "Wrong")
    with pytest.raises(HyperPodValidationError) as error:
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[GROUPS[1]], prices="prices.json")
    assert ("prices='prices.json' is not allowed; expected a Prices, e.g. Prices.from_file('prices.json') or None, "
            "got str") in str(error.value)


def test_prices_for_another_region_are_a_warning() -> None:
    stack = cdk.Stack(cdk.App(), "Region", env=cdk.Environment(account="111122223333", region="us-east-1"))
    HyperPodInferencePlatform(stack, "Platform", instance_groups=[GROUPS[1]],
                              prices=Prices(instance_hourly={"ml.g6e.12xlarge": 1.0}, region="us-west-2"))
    warnings = [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]
    assert any("prices are for us-west-2 but the stack deploys to us-east-1" in text for text in warnings), warnings
