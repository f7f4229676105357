"""The platform's own argument rules (types are checked by ``type_checks``): each refusal names the argument, the
value and what is allowed."""
from __future__ import annotations

from typing import Any, Optional

from aws_cdk import RemovalPolicy

from ..delivery.applier import REMOVALS
from ..errors import require
from ..intent.names import is_dns_label
from ..prices.model import Prices


def check_platform_arguments(where: str, *, namespace: str, hourly_prices: Optional[Any], prices: Optional[Any],
                             manifest_removal: RemovalPolicy, adopt_existing: bool = False) -> None:
    require(is_dns_label(namespace), where, "namespace", namespace,
            "a Kubernetes namespace name (lowercase alphanumerics and '-', at most 63)")
    require(hourly_prices is None, where, "hourly_prices", hourly_prices,
            "None: instance prices are prices=Prices(instance_hourly={...}) (Prices also holds the fixed-cost "
            "rates; Prices.from_file reads a price file)")
    require(prices is None or isinstance(prices, Prices), where, "prices", prices,
            "a Prices, e.g. Prices.from_file('prices.json')")
    require(manifest_removal in REMOVALS, where, "manifest_removal", manifest_removal,
            "RemovalPolicy.DESTROY (a stack delete deletes the Kubernetes objects the stack applied) or "
            "RemovalPolicy.RETAIN (it leaves them running, and their nodes billing)")
    require(isinstance(adopt_existing, bool), where, "adopt_existing", adopt_existing,
            "True (cdk deploy takes over objects of the bundle another platform or a person made) or False (it "
            "refuses them, naming each and its owner)")
