"""How long a request that arrives while an endpoint is at zero replicas waits for its first token, part by part.

In the stock operator the parts run one after another: KEDA notices the request (detect), HyperPod adds a node
(node), the pod pulls its image (image), the server reads its weights (weights) and starts its engine (engine), and
the load balancer starts sending it traffic (route). Each part's figure comes from the app (the model's declared
size, its source, the model store's throughput, the trigger's polling interval, a node the floor keeps) or from a
published figure in ``catalog.cold_start_facts``, cited, or from ``ColdStartAssumptions`` when you pass your own.
The first request's prefill is not counted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from ..catalog import cold_start_facts as facts
from ..intent.cold_start import ColdStartAssumptions
from ..resolve.platform_model import ResolvedEndpoint, ResolvedPlatform
from ..resolve.records import CustomSpec, JumpStartSpec
from .wake_hold_budget import WakeHoldBudget

YOURS = "[yours]"
S3_SOURCES = ("s3", "jumpstart")
LOAD_AND_START_PARTS = ("image", "weights", "engine")  # JumpStart artifacts are read from AWS's buckets through the S3 CSI driver


@dataclass(frozen=True)
class ColdStartEndpoint:
    """What a cold start depends on for one endpoint (or one disaggregated side) that scales to zero."""

    name: str
    """The endpoint's name, or ``<endpoint>/<side>``.
    Required."""
    instance_type: str
    """The instance type its pods run on (the first it may run on).
    Required."""
    source: str
    """Where its weights come from: ``"s3"``, ``"fsx"``, ``"huggingface"``, ``"kubernetesVolume"`` or ``"jumpstart"``.
    Required."""
    weights_gb: Optional[float]
    """The weights' size in GB; None when the model declares no size.
    Required."""
    polling_interval_s: Optional[int]
    """The autoscaling polling interval set on the endpoint; None for KEDA's default.
    Required."""
    reads_model_store: bool = False
    """An FSx source reading the platform's model store (whose throughput the plan knows).
    Default: False."""
    scale_up_stabilization_s: Optional[int] = None
    """The scale-up stabilization window on the endpoint's autoscaling; None when it has none (the CRD's 0 s).
    Default: None."""
    wake_hold_s: Optional[int] = None
    """How long the interceptor holds a request to the endpoint while it wakes; None without a wake hold.
    Default: None."""
    alb_idle_timeout_s: Optional[int] = None
    """The idle timeout of the ALB callers reach the wake hold through; None without one.
    Default: None."""
    registered_with_sagemaker: bool = False
    """The endpoint registers a SageMaker endpoint (callers may come through SageMaker runtime).
    Default: False."""
    caller_timeouts_s: tuple[tuple[str, int], ...] = ()
    """The wake hold's named callers' own limits, in seconds.
    Default: none."""
    retry_after_s: Optional[int] = None
    """The ``Retry-After`` the wake hold's fallback answers with once the hold has run out; None without a hold.
    Default: None."""


@dataclass(frozen=True)
class ColdStartPart:
    """One part of the wait: its seconds (None when unknown) and how they were reached, sources cited."""

    name: str
    """``"detect"``, ``"node"``, ``"image"``, ``"weights (<source>)"``, ``"engine"`` or ``"route"``.
    Required."""
    seconds: Optional[float]
    """How long the part takes; None when nothing says (the model's size, a source's read rate).
    Required."""
    how: str
    """How the seconds were reached, each figure cited: ``[<fact rows> <exactness>]`` or ``[yours]``.
    Required."""


@dataclass(frozen=True)
class ColdStartEstimate:
    """One endpoint's wait from a request at zero replicas to its first token, and what the v3.3 caches save."""

    endpoint: ColdStartEndpoint
    """The endpoint (or side) and what its cold start depends on.
    Required."""
    warm_node: bool
    """A node of the endpoint's instance type runs at the floor with no minimum replica on it: no node to add.
    Required."""
    parts: tuple[ColdStartPart, ...]
    """The parts in the order they run: detect, node, image, weights, engine, route.
    Required."""
    caches: tuple[str, ...]
    """What the operator's image cache and NVMe weights cache would save, one sentence each.
    Required."""

    def part(self, name: str) -> ColdStartPart:
        """The part called ``name`` (``"weights"`` matches ``"weights (s3)"``)."""
        return next(part for part in self.parts if part.name.split(" ")[0] == name)

    @property
    def known_s(self) -> float:
        """The sum of the parts whose seconds are known."""
        return sum(part.seconds for part in self.parts if part.seconds is not None)

    @property
    def load_and_start_s(self) -> Optional[float]:
        """What a new pod takes from its node to ready: the image pull, the weights' read and the engine start; None
        when one of them is unknown. Replicas this young are still loading, not missing."""
        seconds = [self.part(name).seconds for name in LOAD_AND_START_PARTS]
        return None if any(value is None for value in seconds) else sum(seconds)  # type: ignore[misc]

    @property
    def complete(self) -> bool:
        """Every part has a figure (else ``known_s`` is a lower bound)."""
        return all(part.seconds is not None for part in self.parts)


@dataclass(frozen=True)
class ColdStartContext:
    """What the platform says about every endpoint's cold start: the figures assumed, the model store's read rate,
    and the instance types with a spare node at the floor."""

    assumptions: ColdStartAssumptions = ColdStartAssumptions()
    model_store_capacity_gib: Optional[int] = None  # None: no model store the platform sized
    model_store_throughput_mb_per_tib: Optional[int] = None
    warm_instance_types: frozenset[str] = frozenset()


def cold_start_endpoints(platform: ResolvedPlatform, serving: bool = False) -> Iterator[ColdStartEndpoint]:
    """Every endpoint (or disaggregated side) whose minimum replicas is 0 and which can scale up; with ``serving``,
    those that keep minimum replicas instead (a pod evicted from a drained node starts again elsewhere)."""
    for endpoint in platform.endpoints:
        yield from endpoint_cold_starts(endpoint, serving)


def endpoint_cold_starts(endpoint: ResolvedEndpoint, serving: bool = False) -> Iterator[ColdStartEndpoint]:
    """``endpoint`` itself, or each of its disaggregated sides, when its minimum replicas is 0 and it can scale up;
    with ``serving``, when it keeps minimum replicas instead."""
    spec = endpoint.spec
    if spec is None or endpoint.shared is None:
        return
    scaling = endpoint.shared.autoscaling
    if isinstance(spec, JumpStartSpec):
        source, reads_store = "jumpstart", False
    else:
        assert isinstance(spec, CustomSpec)
        source, reads_store = spec.model.source_type, spec.model.reads_model_store
    hold = scaling.wake_hold if scaling is not None else None
    for demand in endpoint.demands:
        if (demand.min_replicas > 0) if serving else (demand.min_replicas == 0 and demand.max_replicas > 0):
            yield ColdStartEndpoint(demand.name, demand.instance_type, source, demand.weights_gb,
                                    scaling.polling_interval_s if scaling is not None else None, reads_store,
                                    scaling.scale_up_stabilization_s if scaling is not None else None,
                                    wake_hold_s=hold.max_wait_s if hold is not None else None,
                                    alb_idle_timeout_s=hold.alb_idle_timeout_s if hold is not None else None,
                                    registered_with_sagemaker=endpoint.shared.sagemaker_endpoint_name is not None,
                                    caller_timeouts_s=hold.caller_timeouts_s if hold is not None else (),
                                    retry_after_s=hold.retry_after_s if hold is not None else None)


def estimate_cold_start(endpoint: ColdStartEndpoint, context: ColdStartContext) -> ColdStartEstimate:
    """The parts of ``endpoint``'s cold start, in the order they run."""
    given = context.assumptions
    warm = endpoint.instance_type in context.warm_instance_types
    weights = _weights(endpoint, context)
    image_s = given.image_gb * 1000 / given.image_pull_mb_s
    parts = (
        _detect(endpoint, given),
        ColdStartPart("node", 0.0, f"a node of {endpoint.instance_type} the floor keeps idle takes the pod") if warm
        else ColdStartPart("node", given.node_s, _cited(given, "node_s", facts.NODE_S)),
        ColdStartPart("image", image_s, f"{given.image_gb:g} GB {_cited(given, 'image_gb', facts.IMAGE_GB, False)} at "
                                        f"{given.image_pull_mb_s:g} MB/s "
                                        f"{_cited(given, 'image_pull_mb_s', facts.IMAGE_PULL_MB_S, False)}"),
        weights,
        ColdStartPart("engine", given.engine_s, _cited(given, "engine_s", facts.ENGINE_S)),
        ColdStartPart("route", given.route_s, _cited(given, "route_s", facts.ROUTE_S)),
    )
    return ColdStartEstimate(endpoint, warm, parts, _caches(endpoint, image_s, weights, given))


def hold_budget(estimate: ColdStartEstimate) -> Optional[WakeHoldBudget]:
    """The wake hold's time budget of the endpoint ``estimate`` is about; None without a hold."""
    endpoint = estimate.endpoint
    if endpoint.wake_hold_s is None:
        return None
    return WakeHoldBudget(endpoint.name, endpoint.wake_hold_s, estimate.known_s, estimate.complete,
                          endpoint.alb_idle_timeout_s, endpoint.registered_with_sagemaker, endpoint.caller_timeouts_s,
                          endpoint.retry_after_s)


def _detect(endpoint: ColdStartEndpoint, given: ColdStartAssumptions) -> ColdStartPart:
    polling = endpoint.polling_interval_s
    poll = (f"KEDA polling {polling} s [yours]" if polling is not None
            else f"KEDA polling {facts.KEDA_POLLING_S.value:g} s {facts.KEDA_POLLING_S.cite()}")
    seconds = (polling if polling is not None else facts.KEDA_POLLING_S.value) + given.metric_delay_s
    return ColdStartPart("detect", seconds, f"{poll} + metric delay {given.metric_delay_s:g} s "
                                            f"{_cited(given, 'metric_delay_s', facts.METRIC_DELAY_S, False)}")


def _weights(endpoint: ColdStartEndpoint, context: ColdStartContext) -> ColdStartPart:
    label = f"weights ({endpoint.source})"
    if endpoint.weights_gb is None:
        return ColdStartPart(label, None, "model size not declared: give the model size=ModelSize(...)")
    rate, how = _read_rate(endpoint, context)
    if rate is None:
        return ColdStartPart(label, None, how)
    network = facts.network_mb_s(endpoint.instance_type)
    if network is not None and network < rate and context.assumptions.weights_read_mb_s is None:
        rate, how = network, f"{how}, capped by the instance's {network:g} MB/s [{facts.NETWORK_ROWS} documented]"
    return ColdStartPart(label, endpoint.weights_gb * 1000 / rate,
                         f"{endpoint.weights_gb:.1f} GB at {rate:.0f} MB/s: {how}")


def _read_rate(endpoint: ColdStartEndpoint, context: ColdStartContext) -> tuple[Optional[float], str]:
    """The rate the weights are read at, and how it was reached; None when nothing says."""
    given = context.assumptions
    if given.weights_read_mb_s is not None:
        return given.weights_read_mb_s, f"your weights_read_mb_s {YOURS}"
    if endpoint.source in S3_SOURCES:
        return facts.MOUNTPOINT_MB_S.value, f"{facts.MOUNTPOINT_MB_S.what} {facts.MOUNTPOINT_MB_S.cite()}"
    if endpoint.source == "huggingface":
        return facts.HF_HUB_MB_S.value, f"{facts.HF_HUB_MB_S.what} {facts.HF_HUB_MB_S.cite()}"
    if (endpoint.source == "fsx" and endpoint.reads_model_store and context.model_store_capacity_gib is not None
            and context.model_store_throughput_mb_per_tib is not None):
        tib = context.model_store_capacity_gib / 1000  # FSx counts 1,200 GiB as 1.2 TiB (W4: 125 MB/s/TiB -> 150 MB/s)
        disk = context.model_store_throughput_mb_per_tib * tib
        how = (f"the model store's disk baseline, {context.model_store_throughput_mb_per_tib} MB/s/TiB x {tib:.1f} TiB, "
               f"for uncached reads [{facts.FSX_UNCACHED_ROWS} documented]; a first read from the linked bucket is "
               "slower by an amount not published (W6)")
        if facts.FSX_CLIENT_MB_S.value < disk:
            return facts.FSX_CLIENT_MB_S.value, f"{facts.FSX_CLIENT_MB_S.what} {facts.FSX_CLIENT_MB_S.cite()}"
        return disk, how
    return None, (f"the read rate of a {endpoint.source} source the platform does not size is not known: pass "
                  "ColdStartAssumptions(weights_read_mb_s=...)")


def _caches(endpoint: ColdStartEndpoint, image_s: float, weights: ColdStartPart,
            given: ColdStartAssumptions) -> tuple[str, ...]:
    """What operator v3.3's image cache (I11) and NVMe weights cache (W14) save: on a node that already holds the
    image or weights; a node Karpenter has just created holds neither, and no source says the caches help there."""
    image = (f"image cache (modelCacheConfig.imageCache): saves the {image_s:.0f} s pull on a node that already holds "
             "the image; a new node pulls it anyway (not published whether the cache helps there, I11)")
    if weights.seconds is None:
        nvme = "NVMe weights cache (modelCacheConfig.weightsCache): saves the remote read on a node that holds the "
        nvme += "weights; not estimated without the weights' read time"
    elif given.nvme_read_mb_s is not None:
        assert endpoint.weights_gb is not None
        saved = max(weights.seconds - endpoint.weights_gb * 1000 / given.nvme_read_mb_s, 0.0)
        nvme = (f"NVMe weights cache (modelCacheConfig.weightsCache): saves {saved:.0f} s on a node that holds the "
                f"weights (local read at your {given.nvme_read_mb_s:g} MB/s {YOURS}); nothing on a new node, which "
                "fills the cache first (W14)")
    else:
        nvme = (f"NVMe weights cache (modelCacheConfig.weightsCache): saves up to {weights.seconds:.0f} s on a node "
                "that holds the weights, less the local read (NVMe read rate not published, W15); nothing on a new "
                "node, which fills the cache first (W14)")
    return image, nvme


def _cited(given: ColdStartAssumptions, name: str, figure: facts.Figure, with_what: bool = True) -> str:
    """How the plan cites a figure: yours when you set it, else its source (after what it measures)."""
    if given.overridden(name):
        return YOURS
    return f"{figure.what} {figure.cite()}" if with_what else figure.cite()
