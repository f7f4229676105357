"""GetProducts answers shaped like the real AWS Price List Query API's (nothing is fetched in tests).

Shape, per the API reference and botocore's model: ``{"FormatVersion": "aws_v1", "PriceList": [<JSON string>, ...],
"NextToken": ...}``; each PriceList entry is one product serialized as a JSON string with ``product``
(``productFamily``, ``attributes``, ``sku``), ``serviceCode``, ``terms.OnDemand.<sku>.<offer term>.priceDimensions``
(``unit``, ``beginRange``, ``endRange``, ``pricePerUnit.USD`` as a decimal string), ``version`` and
``publicationDate``. Attribute names (``regionCode``, ``usagetype``, ``fileSystemType`` ...) are the ones the
queries filter on. The dollar figures are made up for the tests; they are not current AWS prices.
"""
from __future__ import annotations

import json
from typing import Any, Optional

import boto3
from botocore.stub import Stubber

ON_DEMAND_TERM = "JRTCKXETXF"  # the offer-term code AWS uses for On-Demand
RATE = "6YS6EN2CT7"


def product(sku: str, service: str, family: str, attributes: dict[str, str], usd: str, unit: str,
            description: str) -> str:
    """One PriceList entry as the API returns it: a JSON string."""
    return json.dumps({
        "product": {"productFamily": family, "attributes": {"servicecode": service, **attributes}, "sku": sku},
        "serviceCode": service,
        "terms": {"OnDemand": {f"{sku}.{ON_DEMAND_TERM}": {
            "priceDimensions": {f"{sku}.{ON_DEMAND_TERM}.{RATE}": {
                "unit": unit, "endRange": "Inf", "description": description, "appliesTo": [],
                "rateCode": f"{sku}.{ON_DEMAND_TERM}.{RATE}", "beginRange": "0", "pricePerUnit": {"USD": usd}}},
            "sku": sku, "effectiveDate": "2026-11-01T00:00:00Z", "offerTermCode": ON_DEMAND_TERM,
            "termAttributes": {}}}},
        "version": "20261115000000",
        "publicationDate": "2026-11-15T00:00:00Z",
    })


def hyperpod_node(instance_type: str, usd: str, *, region: str = "us-west-2", prefix: str = "USW2",
                  usage: str = "Cluster", sku: str = "HPSKU0000000001") -> str:
    return product(sku, "AmazonSageMaker", "ML Instance", {
        "regionCode": region, "location": "US West (Oregon)", "locationType": "AWS Region",
        "usagetype": f"{prefix}-{usage}:{instance_type}", "instanceType": f"{instance_type}-Cluster",
        "component": "Cluster", "operation": "RunInstance"}, usd, "Hrs",
        f"${usd} per SageMaker HyperPod {instance_type} cluster hour")


def eks_cluster(usd: str = "0.1000000000", *, region: str = "us-west-2", prefix: str = "USW2") -> str:
    return product("EKSSKU000000001", "AmazonEKS", "Compute", {
        "regionCode": region, "usagetype": f"{prefix}-AmazonEKS-Hours:perCluster", "operation": "CreateOperation"},
        usd, "Hrs", f"Amazon EKS cluster usage in {region}")


def eks_extended_support(usd: str = "0.6000000000", *, region: str = "us-west-2", prefix: str = "USW2") -> str:
    return product("EKSSKU000000002", "AmazonEKS", "Compute", {
        "regionCode": region, "usagetype": f"{prefix}-AmazonEKS-Hours:extendedSupport"}, usd, "Hrs",
        "Amazon EKS extended support")


def nat_gateway(usd: str = "0.0450000000", *, region: str = "us-west-2", prefix: Optional[str] = "USW2") -> str:
    usage = f"{prefix}-NatGateway-Hours" if prefix else "NatGateway-Hours"
    return product("NATSKU000000001", "AmazonEC2", "NAT Gateway", {
        "regionCode": region, "usagetype": usage, "group": "NGW:NatGateway", "operation": "NatGateway"},
        usd, "Hrs", "$0.045 per NAT Gateway Hour")


def fsx_lustre(tier: int, usd: str, *, region: str = "us-west-2") -> str:
    return product(f"FSXSKU00000{tier:04d}", "AmazonFSx", "Storage", {
        "regionCode": region, "usagetype": f"USW2-Storage.SSD.{tier}", "fileSystemType": "Lustre",
        "storageType": "SSD", "throughputCapacity": str(tier), "operation": "CreateFileSystem:Lustre"},
        usd, "GB-Mo", f"Lustre SSD {tier} MB/s/TiB storage per GB-month")


def page(*entries: str, token: Optional[str] = None) -> dict[str, Any]:
    response: dict[str, Any] = {"FormatVersion": "aws_v1", "PriceList": list(entries)}
    if token:
        response["NextToken"] = token
    return response


def request(service: str, filters: list[tuple[str, str, str]], token: Optional[str] = None) -> dict[str, Any]:
    """The exact GetProducts parameters a query sends."""
    params: dict[str, Any] = {"ServiceCode": service, "FormatVersion": "aws_v1", "MaxResults": 100,
                              "Filters": [{"Type": kind, "Field": field, "Value": value} for kind, field, value in filters]}
    if token:
        params["NextToken"] = token
    return params


def stubbed_client() -> tuple[Any, Stubber]:
    """A real botocore pricing client whose calls are answered by the Stubber (dummy keys, no network)."""
    client = boto3.client("pricing", region_name="us-east-1", aws_access_key_id="testing",
                          aws_secret_access_key="testing")
    return client, Stubber(client)


def grafana_user(role: str, usd: str, *, region: str = "us-west-2") -> str:
    """``role``: Editor or Viewer. The unit string is illustrative; the query accepts the product's own."""
    return product(f"GRAFANA{role.upper():0<8}", "AmazonGrafana", "User Fees", {
        "regionCode": region, "usagetype": f"USW2-Grafana:{role}User"}, usd, "User-Month",
        f"${usd} per active {role.lower()} user per month")
