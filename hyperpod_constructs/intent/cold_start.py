"""The figures a cold-start estimate assumes where the platform's own configuration does not say, each defaulting to
a published figure (``catalog.cold_start_facts``) and overridable with your own measurement."""
from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Optional

from ..catalog import cold_start_facts as facts
from ..errors import require
from ..type_checks import check_fields


@dataclass(frozen=True, kw_only=True)
class ColdStartAssumptions:
    """Figures the plan's cold-start estimate uses for what the app does not determine. Each default is a published
    figure or, where none is published, a marked assumption (docs/cold-start.md); pass your own measurements."""

    metric_delay_s: float = facts.METRIC_DELAY_S.value
    """Seconds from the request until its metric can wake KEDA (publication period and read latency).
    Default: 60 (SageMaker invocation metrics publish every 60 s, K7)."""
    node_s: float = facts.NODE_S.value
    """Seconds from the pending pod to a Ready GPU node with its devices advertised.
    Default: 259 (an assumption: HyperPod publishes none; the sum of Karpenter's 10 s batch, 39 s to kubelet
    registration, 90 s for the GPU device plugin and 120 s of DCGM level-2 checks, N4+N7+N8+N10)."""
    image_gb: float = facts.IMAGE_GB.value
    """The serving image's compressed size in GB.
    Default: 17.7 (AWS's LMI container, I1)."""
    image_pull_mb_s: float = facts.IMAGE_PULL_MB_S.value
    """The image pull rate in MB/s, unpacking included.
    Default: 53 (17.7 GB in 333 s on ml.g6.2xlarge, I1-I2)."""
    weights_read_mb_s: Optional[float] = None
    """The rate in MB/s at which every endpoint reads its weights, instead of the one derived from the source.
    Default: None (derived: S3 at Mountpoint's one-reader rate, FSx at the model store's disk baseline, the Hugging
    Face Hub at a measured download rate, each capped by the instance's network bandwidth)."""
    nvme_read_mb_s: Optional[float] = None
    """The local NVMe read rate in MB/s, for what the weights cache saves.
    Default: None (not published, W15: the saving is given as an upper bound)."""
    engine_s: float = facts.ENGINE_S.value
    """Seconds of engine start after the weights are read (compile, CUDA graphs, KV cache allocation).
    Default: 92 (vLLM, Llama-3-70B TP=4 on p5.48xlarge without the compile cache, E4)."""
    route_s: float = facts.ROUTE_S.value
    """Seconds until the load balancer sends the request to the new pod.
    Default: 30 (one passing ALB health check at the 30 s default interval, K9)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for name in ("metric_delay_s", "node_s", "engine_s", "route_s", "image_gb"):
            _require_figure(where, name, getattr(self, name), minimum_allowed=0, allowed="a number of 0 or more")
        for name in ("image_pull_mb_s", "weights_read_mb_s", "nvme_read_mb_s"):
            value = getattr(self, name)
            if value is not None:
                _require_figure(where, name, value, minimum_allowed=None, allowed="a rate above 0 MB/s")

    def overridden(self, name: str) -> bool:
        """Whether ``name`` differs from its default: the plan then cites it as your figure."""
        default = next(field.default for field in fields(self) if field.name == name)
        return getattr(self, name) != default


def _require_figure(where: str, name: str, value: object, minimum_allowed: Optional[float], allowed: str) -> None:
    number = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    in_range = number and (value >= minimum_allowed if minimum_allowed is not None else value > 0)  # type: ignore[operator]
    require(bool(in_range), where, name, value, allowed)
