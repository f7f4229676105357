"""Prices for the plan: ``Prices`` (read at synth, no AWS SDK) and ``python -m hyperpod_constructs.prices``
(writes a dated price file from the AWS Price List API)."""
from .model import FSX_PERSISTENT_2_TIERS, HOURS_PER_MONTH, Prices

__all__ = ["FSX_PERSISTENT_2_TIERS", "HOURS_PER_MONTH", "Prices"]
