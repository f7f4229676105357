"""Intelligent routing (``spec.intelligentRoutingSpec``): a router in front of the model pods that sends each
request to the pod most likely to hold its KV cache. vLLM-based containers only; immutable once deployed.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional, Union

from ..errors import require
from ..type_checks import check_fields
from .autoscaling import Autoscaling
from .endpoint_options import coerce_enum
from .frozen import Frozen, member_of


class Routing(enum.Enum):
    """``intelligentRoutingSpec.routingStrategy``."""

    PREFIX_AWARE = "prefixaware"
    """Requests with the same prompt prefix go to the same pod (the operator's default)."""
    KV_AWARE = "kvaware"
    """To the pod with the highest KV-cache hit rate; needs the invocation path ``/completions``."""
    SESSION = "session"
    """Requests of the same user session go to the same pod."""
    ROUND_ROBIN = "roundrobin"
    """An even spread, blind to the cache."""


@dataclass(frozen=True, kw_only=True)
class IntelligentRouting:
    """Routing with options; ``routing=Routing.X`` on an endpoint is shorthand for ``IntelligentRouting(strategy=X)``.

    ``autoscaling`` scales the router pods (they run in ``hyperpod-inference-system``), not the model pods.
    """

    strategy: Routing = Frozen(Routing.PREFIX_AWARE, convert=member_of(Routing))
    """How the router picks a pod (a ``Routing`` or its value, ``"kvaware"``).
    Default: ``Routing.PREFIX_AWARE``."""
    autoscaling: Optional[Autoscaling] = None
    """Autoscaling of the router pods (PromQL over the router's own metrics).
    Default: None (omitted: the operator's router replicas)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        coerce_enum(Routing, self.strategy, where, "strategy")  # the converter took every valid value: name them
        check_fields(self, where)
        if self.autoscaling is not None:
            # Helper-built queries select the model pods' metrics; the router needs its own PromQL.
            for trigger in self.autoscaling.prometheus_triggers:
                require(not trigger.needs_selector, where, f"autoscaling.triggers[{trigger.name!r}].query",
                        trigger.query, "a PromQL query over the router's own metrics (the helper queries select "
                        "model-pod metrics, which do not measure router load)")

    def warnings(self, where: str) -> list[str]:
        """Advice on the router's autoscaling, each a CDK warning annotation."""
        return self.autoscaling.warnings(f"{where} router") if self.autoscaling is not None else []

def as_intelligent_routing(value: Union[Routing, IntelligentRouting, str, None], where: str) -> Optional[IntelligentRouting]:
    """Normalise an endpoint's ``routing=`` value (None = no router)."""
    if value is None or isinstance(value, IntelligentRouting):
        return value
    return IntelligentRouting(strategy=coerce_enum(Routing, value, where, "routing"))
