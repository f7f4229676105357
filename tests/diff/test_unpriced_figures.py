"""The diff's plan line never makes a saving of a missing price: a total that leaves out an unpriced group is said to
be so, and the two totals are not compared as a saving."""
from __future__ import annotations

from typing import Any

from hyperpod_constructs.diff.plan_figures import FiguresChange, PlatformFigures


def _figures(monthly: float, unpriced: list[str]) -> PlatformFigures:
    totals = {"nodes": 3, "gpus": 8}
    figures: dict[str, Any] = {"groups": {}, "endpoints": 1, "floor": totals, "ceiling": totals,
                               "costUsdPerMonth": {"floor": monthly, "ceiling": monthly, "unpriced": unpriced}}
    return PlatformFigures(figures)


def test_a_new_unpriced_type_is_named_and_its_lower_total_is_no_saving() -> None:
    change = FiguresChange("Platform", _figures(72_000.0, ["EKS control plane"]),
                           _figures(700.0, ["group gpu (ml.p4d.24xlarge)", "EKS control plane"]))
    assert change.lines() == [
        "idle floor: 3 nodes, 8 GPUs, $72,000.00/month -> 3 nodes, 8 GPUs, $700.00/month + unpriced",
        "ceiling: 3 nodes, 8 GPUs, $72,000.00/month -> 3 nodes, 8 GPUs, $700.00/month + unpriced",
        "cost not comparable: no price for group gpu (ml.p4d.24xlarge) in NEW (left out of its totals, not $0)"]


def test_unpriced_fixed_costs_alone_leave_the_comparison_as_it_is() -> None:
    change = FiguresChange("Platform", _figures(100.0, ["EKS control plane"]), _figures(90.0, ["EKS control plane"]))
    assert change.lines() == ["idle floor: 3 nodes, 8 GPUs, $100.00/month -> 3 nodes, 8 GPUs, $90.00/month",
                              "ceiling: 3 nodes, 8 GPUs, $100.00/month -> 3 nodes, 8 GPUs, $90.00/month"]
