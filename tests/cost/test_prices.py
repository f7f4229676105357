"""Prices: every rule on a hand-written or read price, with its message."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from hyperpod_constructs import HyperPodValidationError, Prices
from hyperpod_constructs.prices.model import ENTRY_KEYS, FILE_KEYS, GRAFANA_LICENSE_KEYS, PRICE_FILE_PENDING_ENV
from support import REPO_ROOT


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
    # An unknown key is refused with the allowed ones, never read as "no price" (every total $0.00).
    ({"format": 1, "ml.g6e.12xlarge": 10.0}, "key='ml.g6e.12xlarge' is not allowed; one of the keys of price file "
     "format 1 there: format, source, region, retrieved, currency, instances, eks_cluster, nat_gateway, "
     "fsx_lustre_persistent_2, amp, grafana, missing (docs/cost.md \"The price file\")"),
    ({**GOOD, "instance": GOOD["instances"]}, "key='instance' is not allowed; one of the keys"),
    ({**GOOD, "instances": {"ml.g6e.12xlarge": {"usd_per_hour": 10.0, "usd_per_hr": 9.0}}},
     "instances['ml.g6e.12xlarge'] key='usd_per_hr' is not allowed; one of the keys of price file format 1 there: "
     "usd_per_hour, unit, sku, usage_type, effective_date, description, source"),
    ({**GOOD, "grafana": {"usd_per_month": 5.0, "editors": {}, "admins": {}}}, "grafana key='admins' is not allowed; "
     "one of the keys of price file format 1 there: usd_per_month, unit, sku, usage_type, effective_date, "
     "description, source, editors, viewers"),
    ({**GOOD, "currency": "EUR"}, "currency='EUR' is not allowed; 'USD': every rate is in US dollars"),
    ({**GOOD, "missing": "nothing"}, "missing='nothing' is not allowed; a list of what the prices command could not find"),
    ("", "content='empty' is not allowed; JSON as the prices command writes it; a shell redirect (> prices.json) "
         "empties the file before the app that reads it runs: write it with: python -m hyperpod_constructs.prices "
         "--region <region> --app <app.py> --output"),
])
def test_bad_price_files_are_refused(tmp_path: Path, data: Any, message: str) -> None:
    with pytest.raises(HyperPodValidationError) as error:
        Prices.from_file(write(tmp_path, data))
    assert message in str(error.value)


def test_a_missing_price_file_says_how_to_write_one_without_emptying_it(tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    with pytest.raises(HyperPodValidationError) as error:
        Prices.from_file(path)
    assert str(error.value).endswith(f"is not allowed; an existing file; write it with: python -m "
                                     f"hyperpod_constructs.prices --region <region> --app <app.py> --output {path}")


@pytest.mark.parametrize("content", [None, "", "\n"])
def test_while_the_prices_command_reads_the_app_a_missing_or_empty_file_is_no_prices(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | None) -> None:
    path = tmp_path / "prices.json"
    if content is not None:
        path.write_text(content)
    monkeypatch.setenv(PRICE_FILE_PENDING_ENV, "1")
    prices = Prices.from_file(path)
    assert prices.instance_hourly == {} and "python -m hyperpod_constructs.prices is writing it" in prices.describe()
    path.write_text("{not json")  # a file with something in it is read as always
    with pytest.raises(HyperPodValidationError, match="Expecting property name"):
        Prices.from_file(path)


def test_the_documented_price_file_reads_and_names_every_key() -> None:
    text = (REPO_ROOT / "docs" / "cost.md").read_text()
    section = text[text.index("### The price file"):text.index("## 2. Give it to the platform")]
    (example,) = re.findall(r"```json\n(.*?)```", section, re.S)
    prices = Prices.from_dict(json.loads(example))
    assert prices.hourly("ml.p5.48xlarge") == 98.32 and prices.fsx_lustre_gib_month == {250: 0.28}
    assert prices.amp_monthly == 40 and prices.describe() == "my team's negotiated rates, us-west-2, retrieved 2026-11-30"
    first_cells = re.findall(r"^\| ([^|]*`[^|]*) \|", section, re.M)
    assert {key for cell in first_cells for key in re.findall(r"`(\w+)`", cell)} == set(FILE_KEYS)
    assert all(f"`{key}`" in section for key in ENTRY_KEYS + GRAFANA_LICENSE_KEYS)


def test_the_docstring_example_of_from_file_runs() -> None:
    import doctest

    from hyperpod_constructs.prices import model

    finder = doctest.DocTestFinder()
    (test,) = [test for test in finder.find(model.Prices.from_file, "Prices.from_file", globs={"Prices": Prices})
               if test.examples]
    result = doctest.DocTestRunner().run(test)
    assert result.failed == 0 and result.attempted == 4
