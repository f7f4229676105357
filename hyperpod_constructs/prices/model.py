"""What things cost: hourly instance prices and the fixed-cost rates, from a dated price file or given by hand.

Plain Python, no AWS SDK: a price file is written once by ``python -m hyperpod_constructs.prices`` (which
needs boto3 and credentials) and read at synth by ``Prices.from_file`` (which needs neither).
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Optional, Union

from ..catalog.instance_types import instance_type, unknown_instance_type_hint
from ..errors import HyperPodValidationError, require

FORMAT = 1
# The price file's keys (format 1, docs/cost.md "The price file"): anything else is refused, naming these, so a
# misspelt key cannot leave every total at $0.00. An entry holds its rate and, when the command wrote it, where the
# rate comes from.
FILE_KEYS = ("format", "source", "region", "retrieved", "currency", "instances", "eks_cluster", "nat_gateway",
             "fsx_lustre_persistent_2", "amp", "grafana", "missing")
ENTRY_KEYS = ("unit", "sku", "usage_type", "effective_date", "description", "source")
GRAFANA_LICENSE_KEYS = ("editors", "viewers")  # the users priced with --grafana-editors / --grafana-viewers
CURRENCY = "USD"
# Set while ``python -m hyperpod_constructs.prices`` runs an app to read its instance types: the price file the app
# reads may be the one being written (not there yet, or emptied by a shell redirect), and the app's prices do not
# matter to that command.
PRICE_FILE_PENDING_ENV = "HYPERPOD_CONSTRUCTS_PRICE_FILE_PENDING"
HOURS_PER_MONTH = 730  # AWS's own monthly convention (8,760 h a year / 12)
# FSx for Lustre PERSISTENT_2 throughput tiers (MB/s per TiB); each has its own storage price.
FSX_PERSISTENT_2_TIERS = (125, 250, 500, 1000)


def _price(where: str, field_name: str, value: Any) -> float:
    require(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0,
            where, field_name, value, "a price in USD: a finite number, 0 or more")
    return float(value)


@dataclass(frozen=True, kw_only=True)
class Prices:
    """USD prices for the plan's cost lines.

    ``instance_hourly``: HyperPod instance type -> USD per node-hour (SageMaker HyperPod cluster usage).
    ``eks_cluster_hourly`` / ``nat_gateway_hourly``: per cluster-hour / gateway-hour.
    ``fsx_lustre_gib_month``: FSx for Lustre PERSISTENT_2 throughput tier (MB/s/TiB) -> USD per GiB-month.
    ``amp_monthly`` / ``grafana_monthly``: your own monthly estimates; Amazon Managed Prometheus bills per
    sample ingested, stored and queried and Amazon Managed Grafana per active user, so no rate card turns a
    configuration into a figure. ``region``, ``retrieved`` and ``source`` say where the figures come from.
    """

    type_description = "a Prices, e.g. Prices.from_file('prices.json')"
    """How a wrong-type error names what to pass for ``Prices``."""

    instance_hourly: Mapping[str, float] = field(default_factory=dict)
    """HyperPod instance type to USD per node-hour (SageMaker HyperPod cluster usage).
    Default: no prices (every group unpriced)."""
    eks_cluster_hourly: Optional[float] = None
    """The EKS control plane, USD per cluster-hour.
    Default: None (unpriced)."""
    nat_gateway_hourly: Optional[float] = None
    """A NAT gateway, USD per gateway-hour (data processing not included).
    Default: None (unpriced)."""
    fsx_lustre_gib_month: Mapping[int, float] = field(default_factory=dict)
    """FSx for Lustre PERSISTENT_2 throughput tier (125, 250, 500, 1000 MB/s/TiB) to USD per GiB-month.
    Default: no prices (the model store unpriced)."""
    amp_monthly: Optional[float] = None
    """Your own estimate for Amazon Managed Prometheus, USD per month (it bills per sample, so no rate card gives a
    figure).
    Default: None (unpriced)."""
    grafana_monthly: Optional[float] = None
    """Your own estimate for Amazon Managed Grafana, USD per month (it bills per active user).
    Default: None (unpriced)."""
    region: Optional[str] = None
    """The region the prices are for (the platform warns when it differs from the stack's).
    Default: None."""
    retrieved: Optional[str] = None  # ISO date the figures were read from AWS
    """The ISO date the figures were read from AWS.
    Default: None."""
    source: str = "prices you supplied"
    """Where the figures come from, shown in the plan's cost heading.
    Default: ``"prices you supplied"``."""

    def __post_init__(self) -> None:
        where = "Prices"
        require(isinstance(self.instance_hourly, Mapping), where, "instance_hourly", self.instance_hourly,
                "a mapping of instance type to USD per hour, e.g. {'ml.p5.48xlarge': 98.3}")
        for name, value in self.instance_hourly.items():
            # A key the catalog lacks is one no group can run: a typo, which would leave its group unpriced.
            require(instance_type(name) is not None, where, "instance_hourly", name, unknown_instance_type_hint(name))
            _price(where, f"instance_hourly[{name!r}]", value)
        for name in ("eks_cluster_hourly", "nat_gateway_hourly", "amp_monthly", "grafana_monthly"):
            if getattr(self, name) is not None:
                _price(where, name, getattr(self, name))
        require(isinstance(self.fsx_lustre_gib_month, Mapping), where, "fsx_lustre_gib_month",
                self.fsx_lustre_gib_month, "a mapping of PERSISTENT_2 throughput tier to USD per GiB-month")
        for tier, value in self.fsx_lustre_gib_month.items():
            require(tier in FSX_PERSISTENT_2_TIERS, where, "fsx_lustre_gib_month", tier,
                    f"PERSISTENT_2 throughput tiers {FSX_PERSISTENT_2_TIERS} (MB/s/TiB)")
            _price(where, f"fsx_lustre_gib_month[{tier}]", value)

    # ---- constructors ---------------------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, hourly: Mapping[str, float]) -> Prices:
        """Only instance prices, instance type to USD per hour: ``Prices(instance_hourly=hourly)``."""
        return cls(instance_hourly=dict(hourly))

    @classmethod
    def from_file(cls, path: Union[str, Path]) -> Prices:
        """Read a price file written by ``python -m hyperpod_constructs.prices`` (or by hand: docs/cost.md "The
        price file" has its keys and an example).

        Example:
            >>> import json, pathlib, tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "prices.json"
            >>> _ = path.write_text(json.dumps({"format": 1, "instances": {"ml.p5.48xlarge": {"usd_per_hour": 98.32}}}))
            >>> Prices.from_file(path).hourly("ml.p5.48xlarge")
            98.32
        """
        path = Path(path)
        where = f"price file {path}"
        write_it = (f"write it with: python -m hyperpod_constructs.prices --region <region> --app <app.py> "
                    f"--output {path}")
        text = path.read_text() if path.is_file() else None
        if not (text or "").strip() and os.environ.get(PRICE_FILE_PENDING_ENV):
            return cls(source="no price file yet (python -m hyperpod_constructs.prices is writing it)")
        require(text is not None, where, "path", str(path), f"an existing file; {write_it}")
        assert text is not None
        require(bool(text.strip()), where, "content", "empty",
                f"JSON as the prices command writes it; a shell redirect (> {path.name}) empties the file before the "
                f"app that reads it runs: {write_it}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise HyperPodValidationError(where, "content", f"line {error.lineno}: {error.msg}",
                                          "JSON as written by python -m hyperpod_constructs.prices") from error
        return cls.from_dict(data, where=where)

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "price file") -> Prices:
        """Prices from a price file's parsed JSON (``format`` 1); ``where`` names it in errors."""
        require(isinstance(data, dict), where, "content", type(data).__name__, "a JSON object")
        _known_keys(data, FILE_KEYS, where, "key")
        require(data.get("format") == FORMAT, where, "format", data.get("format"),
                f"{FORMAT} (the price-file format this version reads)")
        require(data.get("currency", CURRENCY) == CURRENCY, where, "currency", data.get("currency"),
                f"{CURRENCY!r}: every rate is in US dollars")

        def rate(entry: Any, key: str, field_name: str) -> float:
            require(isinstance(entry, dict) and key in entry, where, field_name, entry, f"an object with {key!r}")
            extra = GRAFANA_LICENSE_KEYS if field_name == "grafana" else ()
            _known_keys(entry, (key, *ENTRY_KEYS, *extra), where, f"{field_name} key")
            return _price(where, f"{field_name}.{key}", entry[key])

        def optional(name: str, key: str) -> Optional[float]:
            return rate(data[name], key, name) if data.get(name) is not None else None

        missing = data.get("missing", [])
        require(isinstance(missing, list) and all(isinstance(item, str) for item in missing), where, "missing", missing,
                "a list of what the prices command could not find (strings)")
        instances = data.get("instances", {})
        require(isinstance(instances, dict), where, "instances", instances, "an object keyed by instance type")
        tiers = data.get("fsx_lustre_persistent_2", {})
        require(isinstance(tiers, dict), where, "fsx_lustre_persistent_2", tiers,
                "an object keyed by throughput tier ('125', '250', '500', '1000')")
        fsx: dict[int, float] = {}
        for tier, entry in tiers.items():
            require(str(tier).isdigit() and int(tier) in FSX_PERSISTENT_2_TIERS, where, "fsx_lustre_persistent_2",
                    tier, f"throughput tiers {FSX_PERSISTENT_2_TIERS}")
            fsx[int(tier)] = rate(entry, "usd_per_gib_month", f"fsx_lustre_persistent_2[{tier!r}]")
        return cls(
            instance_hourly={name: rate(entry, "usd_per_hour", f"instances[{name!r}]")
                             for name, entry in instances.items()},
            eks_cluster_hourly=optional("eks_cluster", "usd_per_hour"),
            nat_gateway_hourly=optional("nat_gateway", "usd_per_hour"),
            fsx_lustre_gib_month=fsx,
            amp_monthly=optional("amp", "usd_per_month"),
            grafana_monthly=optional("grafana", "usd_per_month"),
            region=data.get("region"),
            retrieved=data.get("retrieved"),
            source=str(data.get("source", "price file")),
        )

    def with_monthly_estimates(self, *, amp_monthly: Optional[float] = None,
                               grafana_monthly: Optional[float] = None) -> Prices:
        """The same prices plus your own monthly figures for the usage-billed services."""
        return replace(self, amp_monthly=self.amp_monthly if amp_monthly is None else amp_monthly,
                       grafana_monthly=self.grafana_monthly if grafana_monthly is None else grafana_monthly)

    # ---- reading ----------------------------------------------------------------------------------------

    def hourly(self, instance_type: str) -> Optional[float]:
        """USD per node-hour of ``instance_type``, or None when it has no price."""
        return self.instance_hourly.get(instance_type)

    def describe(self) -> str:
        """Where the figures come from, for the plan's cost heading."""
        parts = [self.source]
        if self.region:
            parts.append(self.region)
        if self.retrieved:
            parts.append(f"retrieved {self.retrieved}")
        return ", ".join(parts)


def _known_keys(data: Mapping[str, Any], allowed: tuple[str, ...], where: str, field_name: str) -> None:
    """Refuse a key the price file format does not have, naming the ones it does."""
    unknown = [key for key in data if key not in allowed]
    require(not unknown, where, field_name, unknown[0] if unknown else None,
            f"one of the keys of price file format {FORMAT} there: {', '.join(allowed)} (docs/cost.md "
            "\"The price file\")")
