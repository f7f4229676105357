"""python -m hyperpod_constructs.prices against stubbed Price List API answers (botocore Stubber)."""
from __future__ import annotations

import datetime
import io
import json
import sys
from pathlib import Path

import pytest

from hyperpod_constructs.prices import Prices
from hyperpod_constructs.prices.command import MISSING_BOTO3, app_needs, main
from hyperpod_constructs.prices.price_list import (
    PriceLookupError, eks_cluster_query, fsx_lustre_query, hyperpod_instance_query, lookup, nat_gateway_query,
)
from price_list_fixtures import (
    eks_cluster, eks_extended_support, fsx_lustre, grafana_user, hyperpod_node, nat_gateway, page, request,
    stubbed_client,
)
from support import REPO_ROOT, run_command

TODAY = datetime.date(2026, 11, 30)
P5 = "ml.p5.48xlarge"


def p5_request(region: str = "us-west-2", token: str | None = None) -> dict:
    return request("AmazonSageMaker", [("TERM_MATCH", "regionCode", region),
                                       ("CONTAINS", "usagetype", f"-Cluster:{P5}")], token)


def fixed_requests(tiers: tuple[int, ...] = (250,)) -> list[tuple[dict, dict]]:
    """(response, expected request) for EKS, NAT and each FSx tier, in the order the command asks."""
    pairs = [
        (page(eks_cluster(), eks_extended_support()),
         request("AmazonEKS", [("TERM_MATCH", "regionCode", "us-west-2"),
                               ("CONTAINS", "usagetype", "AmazonEKS-Hours:perCluster")])),
        (page(nat_gateway()),
         request("AmazonEC2", [("TERM_MATCH", "regionCode", "us-west-2"), ("TERM_MATCH", "productFamily", "NAT Gateway"),
                               ("CONTAINS", "usagetype", "NatGateway-Hours")])),
    ]
    for tier in tiers:
        pairs.append((page(fsx_lustre(tier, "0.1900000000")),
                      request("AmazonFSx", [("TERM_MATCH", "regionCode", "us-west-2"),
                                            ("TERM_MATCH", "fileSystemType", "Lustre"), ("TERM_MATCH", "storageType", "SSD"),
                                            ("TERM_MATCH", "throughputCapacity", str(tier))])))
    return pairs


# ---- single look-ups -------------------------------------------------------------------------------------------

def test_hyperpod_price_is_the_cluster_usage_line_and_not_a_look_alike() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(
        hyperpod_node(P5, "55.0000000000", usage="ReservedCluster", sku="RESERVED0000001"),  # training plan line
        hyperpod_node(P5, "100.0000000000")), p5_request())
    with stubber:
        price = lookup(client, hyperpod_instance_query("us-west-2", P5))
    stubber.assert_no_pending_responses()
    assert (price.usd, price.unit, price.usage_type, price.sku) == (100.0, "Hrs", f"USW2-Cluster:{P5}", "HPSKU0000000001")


def test_pages_are_followed() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(token="next-page"), p5_request())
    stubber.add_response("get_products", page(hyperpod_node(P5, "100.0000000000")), p5_request(token="next-page"))
    with stubber:
        assert lookup(client, hyperpod_instance_query("us-west-2", P5)).usd == 100.0
    stubber.assert_no_pending_responses()


def test_no_product_is_an_error_naming_the_filters() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(), p5_request())
    with stubber, pytest.raises(PriceLookupError) as error:
        lookup(client, hyperpod_instance_query("us-west-2", P5))
    assert f"no On-Demand Hrs price for SageMaker HyperPod {P5}" in str(error.value)
    assert "regionCode TERM_MATCH 'us-west-2'" in str(error.value)


def test_two_different_prices_for_one_item_are_an_error_not_a_guess() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(hyperpod_node(P5, "100.0000000000"),
                                              hyperpod_node(P5, "90.0000000000", sku="HPSKU0000000002")), p5_request())
    with stubber, pytest.raises(PriceLookupError) as error:
        lookup(client, hyperpod_instance_query("us-west-2", P5))
    assert "2 different On-Demand prices" in str(error.value) and "HPSKU0000000002" in str(error.value)


def test_eks_standard_support_and_us_east_1_nat_without_prefix() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(eks_extended_support(), eks_cluster()), fixed_requests()[0][1])
    stubber.add_response("get_products", page(nat_gateway(region="us-east-1", prefix=None)),
                         request("AmazonEC2", [("TERM_MATCH", "regionCode", "us-east-1"),
                                               ("TERM_MATCH", "productFamily", "NAT Gateway"),
                                               ("CONTAINS", "usagetype", "NatGateway-Hours")]))
    with stubber:
        assert lookup(client, eks_cluster_query("us-west-2")).usd == 0.1
        assert lookup(client, nat_gateway_query("us-east-1")).usage_type == "NatGateway-Hours"


def test_fsx_tier_price_is_per_gb_month() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(fsx_lustre(125, "0.1400000000")), request("AmazonFSx", [
        ("TERM_MATCH", "regionCode", "us-west-2"), ("TERM_MATCH", "fileSystemType", "Lustre"),
        ("TERM_MATCH", "storageType", "SSD"), ("TERM_MATCH", "throughputCapacity", "125")]))
    with stubber:
        price = lookup(client, fsx_lustre_query("us-west-2", 125))
    assert (price.usd, price.unit) == (0.14, "GB-Mo")


# ---- the command -----------------------------------------------------------------------------------------------

def test_command_writes_a_dated_price_file_that_prices_read(tmp_path: Path) -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(hyperpod_node(P5, "100.0000000000")), p5_request())
    for response, expected in fixed_requests((250,)):
        stubber.add_response("get_products", response, expected)
    out, err = io.StringIO(), io.StringIO()
    with stubber:
        code = main(["--region", "us-west-2", "--instance-types", P5, "--fsx-throughput", "250",
                     "--amp-monthly", "40"], client=client, stdout=out, stderr=err, today=TODAY)
    stubber.assert_no_pending_responses()
    assert code == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert data["retrieved"] == "2026-11-30" and data["region"] == "us-west-2" and data["missing"] == []
    assert data["instances"][P5]["usage_type"] == f"USW2-Cluster:{P5}"
    (tmp_path / "prices.json").write_text(out.getvalue())
    prices = Prices.from_file(tmp_path / "prices.json")
    assert prices.instance_hourly == {P5: 100.0}
    assert (prices.eks_cluster_hourly, prices.nat_gateway_hourly) == (0.1, 0.045)
    assert prices.fsx_lustre_gib_month == {250: 0.19} and prices.amp_monthly == 40.0
    assert prices.describe() == "AWS Price List Query API (pricing:GetProducts), On-Demand, us-west-2, retrieved 2026-11-30"


def test_grafana_is_priced_per_user_from_the_price_list() -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(hyperpod_node(P5, "100.0000000000")), p5_request())
    for response, expected in fixed_requests((250,)):
        stubber.add_response("get_products", response, expected)
    for role, usd in (("Editor", "9.0000000000"), ("Viewer", "5.0000000000")):
        stubber.add_response("get_products", page(grafana_user(role, usd)), request("AmazonGrafana", [
            ("TERM_MATCH", "regionCode", "us-west-2"), ("TERM_MATCH", "productFamily", "User Fees"),
            ("CONTAINS", "usagetype", f"Grafana:{role}User")]))
    out = io.StringIO()
    with stubber:
        code = main(["--region", "us-west-2", "--instance-types", P5, "--fsx-throughput", "250",
                     "--grafana-editors", "2", "--grafana-viewers", "5"], client=client, stdout=out, today=TODAY)
    stubber.assert_no_pending_responses()
    assert code == 0
    grafana = json.loads(out.getvalue())["grafana"]
    assert grafana["usd_per_month"] == 2 * 9.0 + 5 * 5.0
    assert grafana["editors"]["users"] == 2 and grafana["viewers"]["usage_type"] == "USW2-Grafana:ViewerUser"
    assert Prices.from_dict(json.loads(out.getvalue())).grafana_monthly == 43.0


def test_command_lists_what_it_could_not_price_and_fails(tmp_path: Path) -> None:
    client, stubber = stubbed_client()
    stubber.add_response("get_products", page(), p5_request())
    for response, expected in fixed_requests((250,)):
        stubber.add_response("get_products", response, expected)
    err = io.StringIO()
    with stubber:
        code = main(["--region", "us-west-2", "--instance-types", P5, "--fsx-throughput", "250",
                     "--output", str(tmp_path / "prices.json")], client=client, stderr=err, today=TODAY)
    assert code == 1
    assert f"missing: no On-Demand Hrs price for SageMaker HyperPod {P5}" in err.getvalue()
    data = json.loads((tmp_path / "prices.json").read_text())
    assert data["instances"] == {} and len(data["missing"]) == 1 and "eks_cluster" in data


def test_api_errors_are_reported_without_a_traceback() -> None:
    client, stubber = stubbed_client()
    stubber.add_client_error("get_products", service_error_code="AccessDeniedException",
                             service_message="not authorized to perform: pricing:GetProducts", http_status_code=400)
    err = io.StringIO()
    with stubber:
        code = main(["--region", "us-west-2", "--instance-types", P5], client=client, stderr=err)
    assert code == 1
    assert "the AWS Price List API call failed" in err.getvalue() and "pricing:GetProducts" in err.getvalue()


@pytest.mark.parametrize("argv, message", [
    (["--region", "Oregon", "--instance-types", P5], "--region 'Oregon' is not a region name"),
    (["--region", "us-west-2", "--instance-types", "p5.48xlarge"], "are not HyperPod instance types"),
    (["--region", "us-west-2", "--instance-types", P5, "--amp-monthly", "-5"], "--amp-monthly -5.0 is not a price"),
    (["--region", "us-west-2", "--instance-types", P5, "--grafana-viewers", "-1"], "--grafana-viewers -1 is not a number"),
    (["--region", "us-west-2", "--instance-types", P5, "--grafana-monthly", "40", "--grafana-editors", "1"],
     "--grafana-monthly and --grafana-editors/--grafana-viewers both price Grafana"),
])
def test_bad_arguments_are_refused(argv: list[str], message: str) -> None:
    err = io.StringIO()
    assert main(argv, client=object(), stderr=err) == 2
    assert message in err.getvalue()


def test_missing_boto3_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "boto3", None)
    with pytest.raises(SystemExit) as exit_:
        main(["--region", "us-west-2", "--instance-types", P5])
    assert str(exit_.value) == MISSING_BOTO3 and "hyperpod-constructs[prices]" in MISSING_BOTO3


@pytest.mark.slow  # builds the example app
def test_app_option_prices_what_the_app_runs() -> None:
    types, tiers = app_needs(REPO_ROOT / "examples" / "cost_picture.py")
    assert types == ["ml.m5.2xlarge", "ml.p5.48xlarge", "ml.g6e.12xlarge"] and tiers == [125]


def test_an_app_that_builds_no_platform_is_a_usage_error(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text("x = 1\n")
    err = io.StringIO()
    assert main(["--region", "us-west-2", "--app", str(script)], client=object(), stderr=err) == 2
    assert "the file built no HyperPodInferencePlatform" in err.getvalue()


def test_module_entry_point_runs(tmp_path: Path) -> None:
    result = run_command("prices", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "--instance-types" in result.stdout and "--app" in result.stdout


@pytest.mark.slow  # runs the app in a child process
@pytest.mark.parametrize("existing", [None, ""], ids=["no file yet", "emptied by a shell redirect"])
def test_an_app_reading_the_price_file_being_written_is_read_unpriced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existing: str | None) -> None:
    """The app reads prices.json, which the command is about to write: its instance types are still read."""
    (tmp_path / "app.py").write_text(
        "import aws_cdk as cdk\n"
        "from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup, Prices\n"
        "app = cdk.App()\n"
        "stack = cdk.Stack(app, 'Priced')\n"
        "HyperPodInferencePlatform(stack, 'Platform', prices=Prices.from_file('prices.json'),\n"
        "                          instance_groups=[InstanceGroup('l40s', 'ml.g6e.12xlarge', count=1)])\n"
        "app.synth()\n")
    if existing is not None:
        (tmp_path / "prices.json").write_text(existing)
    monkeypatch.chdir(tmp_path)
    assert app_needs(Path("app.py")) == (["ml.g6e.12xlarge"], [])
