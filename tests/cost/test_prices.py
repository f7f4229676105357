"""Prices: every rule on a hand-written or read price, with its message."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from hyperpod_constructs import HyperPodValidationError, Prices


@pytest.mark.parametrize("kwargs, message", [
    ({"instance_hourly": {"ml.p5.48xlarge": -1.0}}, "instance_hourly['ml.p5.48xlarge']=-1.0 is not allowed; a price in USD"),
    ({"instance_hourly": {"ml.p5.48xlarge": math.nan}}, "instance_hourly['ml.p5.48xlarge']=nan is not allowed"),
    ({"instance_hourly": {"ml.p5.48xlarge": True}}, "instance_hourly['ml.p5.48xlarge']=True is not allowed"),
    ({"instance_hourly": {"p5.48xlarge": 1.0}}, "instance_hourly='p5.48xlarge' is not allowed; a HyperPod instance type; did you mean 'ml.p5.48xlarge'"),
    ({"instance_hourly": [("ml.p5.48xlarge", 1.0)]}, "instance_hourly=[('ml.p5.48xlarge', 1.0)] is not allowed; a mapping"),
    ({"eks_cluster_hourly": "0.10"}, "eks_cluster_hourly='0.10' is not allowed; a price in USD"),
    ({"nat_gateway_hourly": -0.045}, "nat_gateway_hourly=-0.045 is not allowed"),
    ({"amp_monthly": math.inf}, "amp_monthly=inf is not allowed"),
    ({"grafana_monthly": -9}, "grafana_monthly=-9 is not allowed"),
    ({"fsx_lustre_gib_month": {200: 0.2}}, "fsx_lustre_gib_month=200 is not allowed; PERSISTENT_2 throughput tiers"),
    ({"fsx_lustre_gib_month": {250: -0.2}}, "fsx_lustre_gib_month[250]=-0.2 is not allowed"),
])
def test_bad_prices_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        Prices(**kwargs)
    assert message in str(error.value)


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "prices.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


GOOD = {"format": 1, "region": "us-west-2", "retrieved": "2026-11-30", "source": "AWS Price List Query API",
        "instances": {"ml.g6e.12xlarge": {"usd_per_hour": 10.0}},
        "eks_cluster": {"usd_per_hour": 0.1}, "nat_gateway": {"usd_per_hour": 0.045},
        "fsx_lustre_persistent_2": {"125": {"usd_per_gib_month": 0.14}}, "missing": []}


def test_a_price_file_reads(tmp_path: Path) -> None:
    prices = Prices.from_file(write(tmp_path, GOOD))
    assert prices.hourly("ml.g6e.12xlarge") == 10.0 and prices.hourly("ml.p5.48xlarge") is None
    assert prices.fsx_lustre_gib_month == {125: 0.14} and prices.amp_monthly is None
    assert prices.with_monthly_estimates(amp_monthly=40.0).amp_monthly == 40.0
    assert prices.describe() == "AWS Price List Query API, us-west-2, retrieved 2026-11-30"


@pytest.mark.parametrize("data, message", [
    ("{not json", "content='line 1: Expecting property name enclosed in double quotes' is not allowed; JSON"),
    ([1, 2], "content='list' is not allowed; a JSON object"),
    ({**GOOD, "format": 2}, "format=2 is not allowed; 1 (the price-file format this version reads)"),
    ({**GOOD, "instances": {"ml.g6e.12xlarge": {"usd": 10.0}}}, "instances['ml.g6e.12xlarge']={'usd': 10.0} is not allowed; an object with 'usd_per_hour'"),
    ({**GOOD, "instances": {"ml.g6e.12xlarge": {"usd_per_hour": -10.0}}}, "instances['ml.g6e.12xlarge'].usd_per_hour=-10.0 is not allowed"),
    ({**GOOD, "fsx_lustre_persistent_2": {"200": {"usd_per_gib_month": 0.2}}}, "fsx_lustre_persistent_2='200' is not allowed; throughput tiers"),
])
def test_bad_price_files_are_refused(tmp_path: Path, data: Any, message: str) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        Prices.from_file(write(tmp_path, data))
    assert message in str(error.value)


def test_a_missing_price_file_says_how_to_write_one(tmp_path: Path) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        Prices.from_file(tmp_path / "absent.json")
    assert "python -m hyperpod_constructs.prices --region" in str(error.value)
