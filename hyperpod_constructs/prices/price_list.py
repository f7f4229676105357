"""Queries to the AWS Price List Query API (``pricing:GetProducts``) for what the platform runs.

Which products, and how they were found (the filters below; no price is built into this library):

- HyperPod nodes: service ``AmazonSageMaker``, usage type ``<region prefix>-Cluster:<instance type>`` (for example
  ``USW2-Cluster:ml.p5.48xlarge``), the line HyperPod cluster usage is billed under (the SageMaker HyperPod
  cost-allocation guide at awslabs.github.io/ai-on-sagemaker-hyperpod shows it in the Cost and Usage Report).
  Look-alikes such as ``ReservedCluster:`` (training plans) or other SageMaker usage (``Host:``, ``Studio:``)
  are rejected by matching the whole usage type.
- EKS control plane: service ``AmazonEKS``, usage type ``[<prefix>-]AmazonEKS-Hours:perCluster`` (standard support).
- NAT gateway hours: service ``AmazonEC2``, product family ``NAT Gateway``, usage type ``[<prefix>-]NatGateway-Hours``
  (per gateway-hour; the per-GB processing charge depends on traffic and is not priced).
- FSx for Lustre storage: service ``AmazonFSx``, ``fileSystemType=Lustre``, ``storageType=SSD`` and
  ``throughputCapacity=<tier>``, per GB-month. Tiers 125/250/500/1000 MB/s/TiB are PERSISTENT_2's own.
- Amazon Managed Grafana user licenses: service ``AmazonGrafana``, product family ``User Fees``, usage type
  ``[<prefix>-]Grafana:EditorUser`` / ``Grafana:ViewerUser`` (per active user a month), as infracost prices them.

Every query filters ``regionCode`` to the target region, and only On-Demand USD rates starting at usage 0 are
taken. A product that is missing, or two products with different prices for one item, is an error that names
the filters, never a guess. Usage-type prefixes differ by service and region (EC2 in us-east-1 has none), so
usage types are filtered with ``CONTAINS`` and matched exactly in Python.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterator, Optional

# The Price List Query API answers in these regions only; any of them serves prices for every region.
PRICE_LIST_API_REGIONS = ("us-east-1", "eu-central-1", "ap-south-1")
FORMAT_VERSION = "aws_v1"
_PREFIX = r"(?:[A-Z0-9]+-)"


class PriceLookupError(Exception):
    """A price that could not be read unambiguously from the Price List API."""


@dataclass(frozen=True)
class ListedPrice:
    """One On-Demand rate as the Price List API lists it."""

    usd: float
    unit: str
    sku: str
    usage_type: str
    effective_date: str
    description: str

    def as_entry(self, key: str) -> dict[str, Any]:
        return {key: self.usd, "unit": self.unit, "sku": self.sku, "usage_type": self.usage_type,
                "effective_date": self.effective_date, "description": self.description}


@dataclass(frozen=True)
class Query:
    """What to ask for and how to recognise the one right product among the answers."""

    what: str
    service_code: str
    filters: tuple[tuple[str, str, str], ...]  # (type, field, value)
    usage_type: re.Pattern[str]
    unit: Optional[str]  # None: whatever unit the product is sold in

    def describe(self) -> str:
        shown = ", ".join(f"{field} {kind} {value!r}" for kind, field, value in self.filters)
        return f"{self.service_code} products with {shown}, usage type matching {self.usage_type.pattern!r}"


def hyperpod_instance_query(region: str, instance_type: str) -> Query:
    return Query(f"SageMaker HyperPod {instance_type}", "AmazonSageMaker",
                 (("TERM_MATCH", "regionCode", region), ("CONTAINS", "usagetype", f"-Cluster:{instance_type}")),
                 re.compile(rf"^{_PREFIX}Cluster:{re.escape(instance_type)}$"), "Hrs")


def eks_cluster_query(region: str) -> Query:
    return Query("EKS control plane", "AmazonEKS",
                 (("TERM_MATCH", "regionCode", region), ("CONTAINS", "usagetype", "AmazonEKS-Hours:perCluster")),
                 re.compile(rf"^{_PREFIX}?AmazonEKS-Hours:perCluster$"), "Hrs")


def nat_gateway_query(region: str) -> Query:
    return Query("NAT gateway hours", "AmazonEC2",
                 (("TERM_MATCH", "regionCode", region), ("TERM_MATCH", "productFamily", "NAT Gateway"),
                  ("CONTAINS", "usagetype", "NatGateway-Hours")),
                 re.compile(rf"^{_PREFIX}?NatGateway-Hours$"), "Hrs")


def fsx_lustre_query(region: str, throughput_mb_per_tib: int) -> Query:
    return Query(f"FSx for Lustre PERSISTENT_2 SSD {throughput_mb_per_tib} MB/s/TiB storage", "AmazonFSx",
                 (("TERM_MATCH", "regionCode", region), ("TERM_MATCH", "fileSystemType", "Lustre"),
                  ("TERM_MATCH", "storageType", "SSD"),
                  ("TERM_MATCH", "throughputCapacity", str(throughput_mb_per_tib))),
                 re.compile(r".*"), "GB-Mo")


def grafana_user_query(region: str, role: str) -> Query:
    """``role``: ``Editor`` or ``Viewer``."""
    return Query(f"Amazon Managed Grafana {role.lower()} license", "AmazonGrafana",
                 (("TERM_MATCH", "regionCode", region), ("TERM_MATCH", "productFamily", "User Fees"),
                  ("CONTAINS", "usagetype", f"Grafana:{role}User")),
                 re.compile(rf"^{_PREFIX}?Grafana:{role}User$"), None)


def products(client: Any, query: Query) -> Iterator[dict[str, Any]]:
    """Every product matching the query's filters, page by page (PriceList entries are JSON strings)."""
    request: dict[str, Any] = {
        "ServiceCode": query.service_code, "FormatVersion": FORMAT_VERSION, "MaxResults": 100,
        "Filters": [{"Type": kind, "Field": field, "Value": value} for kind, field, value in query.filters],
    }
    while True:
        page = client.get_products(**request)
        for entry in page.get("PriceList", []):
            yield json.loads(entry) if isinstance(entry, str) else entry
        token = page.get("NextToken")
        if not token:
            return
        request["NextToken"] = token


def _on_demand_rates(product: dict[str, Any], unit: Optional[str]) -> Iterator[tuple[float, str, str, str]]:
    """(USD, effective date, description, unit) for each On-Demand dimension in ``unit`` from usage 0."""
    for term in product.get("terms", {}).get("OnDemand", {}).values():
        for dimension in term.get("priceDimensions", {}).values():
            usd = dimension.get("pricePerUnit", {}).get("USD")
            if usd is None or (unit is not None and dimension.get("unit") != unit) \
                    or str(dimension.get("beginRange", "0")) != "0":
                continue
            yield float(usd), str(term.get("effectiveDate", "")), str(dimension.get("description", "")), \
                str(dimension.get("unit", ""))


def lookup(client: Any, query: Query) -> ListedPrice:
    """The one On-Demand rate for the query, or PriceLookupError saying what was asked and found."""
    found: list[ListedPrice] = []
    for product in products(client, query):
        attributes = product.get("product", {}).get("attributes", {})
        usage_type = str(attributes.get("usagetype", ""))
        if not query.usage_type.match(usage_type):
            continue
        for usd, effective, description, unit in _on_demand_rates(product, query.unit):
            found.append(ListedPrice(usd, unit, str(product.get("product", {}).get("sku", "")), usage_type,
                                     effective, description))
    if not found:
        rate = f"{query.unit} price" if query.unit else "price"
        raise PriceLookupError(f"no On-Demand {rate} for {query.what}: the Price List API returned no "
                               f"{query.describe()}")
    distinct = {price.usd for price in found}
    if len(distinct) > 1:
        listed = "; ".join(f"{price.sku} {price.usage_type} ${price.usd}" for price in found)
        raise PriceLookupError(f"{len(found)} different On-Demand prices for {query.what} ({listed}); "
                               "put the one you pay in the price file by hand")
    return found[0]


def try_lookup(client: Any, query: Query) -> tuple[Optional[ListedPrice], Optional[str]]:
    try:
        return lookup(client, query), None
    except PriceLookupError as error:
        return None, str(error)
