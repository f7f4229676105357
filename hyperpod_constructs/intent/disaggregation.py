"""Disaggregated prefill and decode (``spec.pdSpec`` of InferenceEndpointConfig).

With ``pdSpec`` the operator runs two Deployments for one endpoint: prefill pods (compute-bound, turn the prompt
into a KV cache) and decode pods (memory-bandwidth-bound, generate tokens), wires them together with LMCache and
NIXL, and puts its router in front. Requests whose estimated input is at least ``routingThreshold`` tokens take
the remote-prefill path (prefill pod, KV cache over EFA with GPUDirect RDMA, decode pod); shorter ones go
straight to a decode pod, which prefills locally.

Both sides share the endpoint's worker (image, base args, environment, model volume); per side come extra args,
the GPUs (whole or one MIG slice), the EFA devices, the node selector, replicas and autoscaling. Facts from the
InferenceEndpointConfig v1 CRD (chart 2.2.2) and AWS's DPD guide (EFA RDMA instance types, LMCache/NIXL image).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional, Sequence

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..errors import Advice, require
from ..type_checks import check_fields
from .autoscaling import Autoscaling, pods_at
from .endpoint_options import require_int
from .frozen import Frozen
from .mig import normalize_partition, validate_partition
from .routing import Routing
from .secrets import ARGS_INSTEAD, check_argument_secrets
from .tokens import is_token

Side = Literal["prefill", "decode"]
SIDES: tuple[Side, ...] = ("prefill", "decode")

EFA_RESOURCE = "vpc.amazonaws.com/efa"  # advertised by the EFA device plugin of HyperPod's dependency chart
# Instance types AWS's DPD guide lists for the KV transfer (EFA with GPUDirect RDMA). Other EFA types move the
# cache too, but without GPUDirect RDMA the transfer goes through host memory.
DPD_INSTANCE_TYPES = frozenset({"ml.p5.48xlarge", "ml.p5e.48xlarge", "ml.p5en.48xlarge", "ml.p6-b200.48xlarge",
                                "ml.p6-b300.48xlarge"})
INT32_MAX = 2**31 - 1
AZ_PATTERN = re.compile(r"^[a-z]{2}(-[a-z]+)+-[0-9][a-z]$")
PLACEMENT_GROUP_MAX = 255


@dataclass(frozen=True, kw_only=True)
class Topology:
    """``pdSpec.topologySpec``: where prefill and decode pods may run relative to each other.

    ``same_az`` (operator default True) keeps both sides in one Availability Zone, which EFA needs (its RDMA
    traffic does not leave one subnet). ``availability_zone`` forces one zone; ``placement_group`` names an EC2
    cluster placement group for the lowest latency between the sides.
    """

    same_az: Optional[bool] = None
    """Keep prefill and decode pods in one Availability Zone, which EFA needs.
    Default: None (omitted: the operator's True)."""
    availability_zone: Optional[str] = None
    """The one Availability Zone both sides run in, e.g. ``"us-west-2a"``.
    Default: None (any zone)."""
    placement_group: Optional[str] = None
    """An EC2 cluster placement group for the lowest latency between the sides (1-255 characters).
    Default: None (none)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        if self.same_az is not None:
            require(isinstance(self.same_az, bool), where, "same_az", self.same_az,
                    "True, False or None (operator default True)")
        if self.availability_zone is not None and not is_token(self.availability_zone):
            require(isinstance(self.availability_zone, str) and bool(AZ_PATTERN.match(self.availability_zone)), where,
                    "availability_zone", self.availability_zone,
                    "an Availability Zone name such as us-west-2a")
        if self.placement_group is not None:
            require(isinstance(self.placement_group, str) and 0 < len(self.placement_group) <= PLACEMENT_GROUP_MAX,
                    where, "placement_group", self.placement_group,
                    f"a placement group name of 1-{PLACEMENT_GROUP_MAX} characters")

@dataclass(frozen=True, kw_only=True)
class DisaggregatedWorker:
    """One side of a disaggregated endpoint: its pods, where they run and how they scale.

    ``instance_type`` (and optionally ``instance_group``) pins the pods with a node selector. Each pod gets
    ``gpus`` whole GPUs (default 1) or one MIG slice (``accelerator_partition``), a proportional share of CPU and
    memory (``cpu`` / ``memory`` override it) and ``efa_devices`` EFA interfaces for the KV-cache transfer.
    ``args`` are appended to the endpoint's args for this side only (e.g. ``--tensor-parallel-size``).
    ``replicas`` (CRD default 1, at least 1) or ``autoscaling`` (KEDA, as for endpoints) set the pod count.
    """

    instance_type: str
    """The instance type this side's pods run on (a node selector); an NVIDIA GPU type with EFA, one of the endpoint's
    instance types.
    Required."""
    instance_group: Optional[str] = None
    """The instance group this side's pods run on (a node selector on HyperPod's instance-group label).
    Default: None (any group of ``instance_type``)."""
    gpus: Optional[int] = None
    """Whole GPUs per pod (1 up to the instance type's count); not with ``accelerator_partition``.
    Default: None (1)."""
    accelerator_partition: Optional[str] = None
    """One MIG slice per pod instead of whole GPUs, e.g. ``"mig-3g.40gb"``.
    Default: None (whole GPUs)."""
    efa_devices: int = 1
    """EFA interfaces per pod for the KV-cache transfer (at least 1).
    Default: 1."""
    args: Sequence[str] = Frozen(())
    """Arguments appended to the endpoint's args for this side only, e.g. ``--tensor-parallel-size``.
    Default: none (the endpoint resolves ``--tensor-parallel-size`` for vLLM when a pod has several GPUs)."""
    cpu: Optional[str] = None
    """The pod's CPU request as a Kubernetes quantity (``"24"``, ``"500m"``).
    Default: None (the GPUs' or slice's share of the instance's vCPUs)."""
    memory: Optional[str] = None
    """The pod's memory request as a Kubernetes quantity (``"200Gi"``).
    Default: None (the GPUs' or slice's share of the instance's memory)."""
    replicas: Optional[int] = None
    """This side's pods without autoscaling (at least 1).
    Default: None (omitted: the CRD's default, 1)."""
    autoscaling: Optional[Autoscaling] = None
    """KEDA autoscaling of this side's pods, as for endpoints.
    Default: None (``replicas`` pods)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        info = lookup_instance_type(self.instance_type) if isinstance(self.instance_type, str) else None
        require(info is not None, where, "instance_type", self.instance_type,
                "an instance type from the catalog (its GPUs and EFA support are checked), e.g. ml.p5.48xlarge")
        assert info is not None
        require(info.has_gpu, where, "instance_type", self.instance_type,
                f"an NVIDIA GPU instance type: {self.instance_type} has {info.gpu_model or 'no GPU'}")
        # The KV cache moves from prefill to decode pods over EFA; without it NIXL falls back to TCP.
        require(info.efa, where, "instance_type", self.instance_type,
                "an instance type with EFA for the KV-cache transfer between prefill and decode pods, e.g. "
                + ", ".join(sorted(DPD_INSTANCE_TYPES)))
        if self.instance_group is not None:
            require(isinstance(self.instance_group, str) and bool(self.instance_group.strip()), where,
                    "instance_group", self.instance_group, "the name of one of the platform's instance groups")
        if self.accelerator_partition is not None:
            require(self.gpus is None, where, "gpus", self.gpus,
                    f"unset together with accelerator_partition={self.accelerator_partition!r}: a pod gets either "
                    "one MIG device or whole GPUs")
            validate_partition(self.instance_type, self.accelerator_partition, where, "accelerator_partition")
        elif self.gpus is not None:  # unset: 1, set by the endpoint's resolve()
            require_int(self.gpus, where, "gpus", 1, info.gpu_count)
        require_int(self.efa_devices, where, "efa_devices", 1)
        require(not isinstance(self.args, str) and all(isinstance(arg, str) for arg in self.args), where,
                "args", self.args, "a list of strings, one per argument")
        check_argument_secrets(where, "args", self.args, ARGS_INSTEAD)
        for name in ("cpu", "memory"):
            value = getattr(self, name)
            if value is not None:
                require(isinstance(value, str) and bool(re.match(r"^[0-9]+(\.[0-9]+)?(m|Ki|Mi|Gi|Ti)?$", value)),
                        where, name, value, "a Kubernetes quantity such as '24' or '500m' (cpu), '200Gi' (memory)")
        if self.replicas is not None:
            require_int(self.replicas, where, "replicas", 1, INT32_MAX)  # pdSpec: minimum 1

    # ---- derived values ---------------------------------------------------------------------------------

    @property
    def min_pods(self) -> int:
        """This side's pods at the floor: ``autoscaling.min_replicas``, else ``replicas`` (1)."""
        return pods_at("floor", self.autoscaling, self.replicas)

    @property
    def max_pods(self) -> int:
        """This side's pods at the ceiling: ``autoscaling.max_replicas``, else ``replicas`` (1)."""
        return pods_at("ceiling", self.autoscaling, self.replicas)

    @property
    def partition_profile(self) -> Optional[str]:
        """The MIG profile per pod without the prefix (``"3g.40gb"``), or None."""
        return None if self.accelerator_partition is None else normalize_partition(self.accelerator_partition)

@dataclass(frozen=True, kw_only=True)
class DisaggregatedServing:
    """``InferenceEndpoint(disaggregation=...)``: separate prefill and decode pods for one endpoint.

    ``routing_threshold_tokens`` (operator default 4096; 0 = always disaggregate) is the estimated input length
    from which a request takes the remote-prefill path. ``topology`` constrains where the sides run.
    """

    prefill: DisaggregatedWorker
    """The prefill side: pods that turn prompts into KV cache.
    Required."""
    decode: DisaggregatedWorker
    """The decode side: pods that generate tokens (and prefill short prompts themselves).
    Required."""
    routing_threshold_tokens: Optional[int] = None
    """The estimated input length, in tokens, from which a request takes the remote-prefill path; 0 always
    disaggregates.
    Default: None (omitted: the operator's 4096 tokens)."""
    topology: Optional[Topology] = None
    """Where the two sides may run relative to each other.
    Default: None (omitted: the operator's same-zone placement)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)  # each side checked its own values when it was built
        if self.routing_threshold_tokens is not None:
            require_int(self.routing_threshold_tokens, where, "routing_threshold_tokens", 0, INT32_MAX)

    def validate_for_endpoint(self, where: str, *, placement_types: Sequence[str], replicas: Optional[int],
                              autoscaling: Optional[Autoscaling], routing_strategy: Optional[Routing]) -> None:
        """Rules between the sides and the endpoint that carries them."""
        require(autoscaling is None, where, "autoscaling", autoscaling,
                "None with disaggregation: prefill and decode pods scale separately "
                "(set disaggregation.prefill.autoscaling / disaggregation.decode.autoscaling)")
        require(replicas is None, where, "replicas", replicas,
                "None with disaggregation: set disaggregation.prefill.replicas / disaggregation.decode.replicas")
        # The endpoint's instanceType applies to every pod it creates; a side's node selector must not contradict it.
        if placement_types:
            for side in SIDES:
                worker: DisaggregatedWorker = getattr(self, side)
                require(worker.instance_type in placement_types, where, f"disaggregation.{side}.instance_type",
                        worker.instance_type, f"one of the endpoint's instance types ({', '.join(placement_types)}), "
                        "or the pods could not be scheduled")
        # KV-aware routing scores each pod's own LMCache hit rate; with disaggregation the cache a request needs is
        # built on a prefill pod and shipped to a decode pod, so those scores do not say where it lives.
        require(routing_strategy is not Routing.KV_AWARE, where, "routing", "kvaware",
                "prefixaware, session or roundrobin with disaggregation: the remote-prefill path moves the KV cache "
                "from prefill to decode pods, which kvaware routing does not follow")

    # ---- what the platform sees ------------------------------------------------------------------------

    def workers(self) -> tuple[tuple[Side, DisaggregatedWorker], ...]:
        """``(("prefill", prefill), ("decode", decode))``."""
        return tuple((side, getattr(self, side)) for side in SIDES)

    def warnings(self, where: str, *, vllm_based: bool) -> list[str]:
        """Advice on the sides (image, GPUDirect RDMA, zones, autoscaling), each a CDK warning."""
        notes: list[str] = []
        if not vllm_based:
            notes.append(Advice("disaggregation-without-vllm", f"{where}: disaggregation needs a worker image with "
                                "vLLM, LMCache, NVIDIA NIXL and the EFA libfabric provider (AWS's guide names the "
                                "deep-learning-containers vllm server-hyperpod image and lmcache/vllm-openai); this "
                                "image is not recognisably one of them; set vllm_based=True if it is"))
        for side, worker in self.workers():
            if worker.instance_type not in DPD_INSTANCE_TYPES:
                notes.append(Advice("disaggregation-without-gpudirect", f"{where}: disaggregation.{side}.instance_type="
                                    f"{worker.instance_type!r} has EFA but is not one of the instance types AWS lists "
                                    f"for disaggregated prefill/decode ({', '.join(sorted(DPD_INSTANCE_TYPES))}); "
                                    "without GPUDirect RDMA the KV cache is copied through host memory, which costs "
                                    "time to first token"))
            if worker.autoscaling is not None:
                notes += worker.autoscaling.warnings(f"{where} {side}")
        if self.topology is not None and self.topology.same_az is False and self.topology.availability_zone is None:
            notes.append(Advice("disaggregation-across-zones", f"{where}: disaggregation.topology.same_az=False lets "
                                "prefill and decode pods run in different Availability Zones, where EFA cannot carry "
                                "the KV cache (its RDMA traffic stays in one subnet); keep same_az or set "
                                "availability_zone"))
        return notes
