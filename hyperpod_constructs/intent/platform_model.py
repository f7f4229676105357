"""The resolved platform: every fact about one platform that checks, charts, observability and the plan read.

The platform builds one ``ResolvedPlatform`` from its constructs once (values may be CDK token strings, which render
into the CloudFormation-applied manifests and become ``${Name}`` placeholders in the GitOps export) and adds a
``ResolvedEndpoint`` per endpoint. No value is validated again: each comes from an intent value that validated itself,
so readers trust it. The model refuses only what no single value can see, two endpoints or two scaled workloads that
would be the same Kubernetes object. Node pools are computed here once, not by each reader.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Mapping, Optional, Union

from ..errors import require
from .cluster import ClusterSettings
from .gpu_capacity import GpuDemand, GpuGroup
from .instance_group import InstanceGroup
from .node_autoscaling import NodeAutoscaling, NodePoolSpec, autoscaled_group_names
from .slo import EndpointSlos

if TYPE_CHECKING:  # the endpoint modules read this one
    from .disaggregation import Side
    from .endpoint import InferenceEndpoint
    from .jumpstart import JumpStartEndpoint
    from .keda_workload import ScaledWorkload

EndpointKind = Literal["inference-endpoint", "jumpstart"]  # the operator's resource_type label


@dataclass(frozen=True)
class ResolvedModelStore:
    """The FSx for Lustre model store endpoints read from by default."""

    file_system_id: str
    dns_name: str
    mount_name: str
    claim_name: str  # the PersistentVolumeClaim endpoints mount
    import_path: Optional[str] = None  # s3://bucket/prefix/ linked to the file system


@dataclass(frozen=True)
class PodDemand:
    """What one set of an endpoint's pods asks of the instance groups: the endpoint's pods, or one disaggregated
    side's (its own Deployment). The plan shows one row per demand; capacity rules sum them."""

    name: str  # the endpoint's name, or "<endpoint>/<side>"
    kind: str  # as the plan labels it: "custom", "jumpstart", "custom, prefill"
    instance_type: str  # the first type it may run on ("any" with node affinity)
    min_replicas: int
    max_replicas: int
    gpus: Optional[int] = 0  # whole GPUs per pod; None when the model's own configuration decides (JumpStart)
    partition: Optional[str] = None  # MIG profile per pod, e.g. "3g.40gb"
    memory: Optional[str] = None  # accelerator memory use per pod, when the model declares its size
    instance_types: tuple[str, ...] = ()  # every type it may run on, preference order (default: instance_type)
    side: Optional["Side"] = None  # "prefill" / "decode" for one side of a disaggregated endpoint

    @property
    def placement_types(self) -> tuple[str, ...]:
        return self.instance_types or (self.instance_type,)

    def gpu_demand(self) -> GpuDemand:
        """As whole-GPU capacity counts it: a JumpStart pod without a slice is at least one GPU."""
        return GpuDemand(endpoint=self.name, instance_types=self.placement_types, min_replicas=self.min_replicas,
                         max_replicas=self.max_replicas,
                         gpus=0 if self.partition else (1 if self.gpus is None else self.gpus),
                         partition=self.partition, exact=self.gpus is not None)


@dataclass(frozen=True, kw_only=True)
class ResolvedEndpoint:
    """One endpoint as everything downstream of its declaration sees it.

    ``max_replicas`` is the autoscaling ceiling (KEDA ``maxReplicaCount``), drawn on the dashboards' replicas panel and
    used by the "pinned at max" alert. ``demands`` holds one ``PodDemand``, or one per side of a disaggregated endpoint
    (the sides get their own replica panels and alerts). ``slos=None`` applies ``EndpointSlos.defaults()``; pass
    ``EndpointSlos()`` for no alerts. ``endpoint`` is the endpoint as declared, its defaults resolved (None for an
    endpoint observed outside a platform).
    """

    name: str
    max_replicas: int
    namespace: str = "default"
    kind: EndpointKind = "inference-endpoint"
    intelligent_routing: bool = False
    kv_cache: bool = False
    slos: Optional[EndpointSlos] = None
    demands: tuple[PodDemand, ...] = ()
    endpoint: Union["InferenceEndpoint", "JumpStartEndpoint", None] = None

    @property
    def sides(self) -> tuple[PodDemand, ...]:
        """The disaggregated sides (prefill, decode); empty for an endpoint that runs one Deployment."""
        return tuple(demand for demand in self.demands if demand.side is not None)

    @property
    def effective_slos(self) -> EndpointSlos:
        return EndpointSlos.defaults() if self.slos is None else self.slos

    @property
    def key(self) -> str:
        """``namespace/name``: unique per cluster, used for dashboard rows and alert groups."""
        return f"{self.namespace}/{self.name}"


@dataclass(frozen=True, kw_only=True)
class ResolvedPlatform:
    """Instance groups, node pools, where things live and the operator's facts, plus the endpoints added so far."""

    instance_groups: tuple[InstanceGroup, ...] = ()
    node_autoscaling: NodeAutoscaling = NodeAutoscaling(enabled=False)
    node_pools: tuple[NodePoolSpec, ...] = ()  # node_autoscaling.pools(instance_groups), computed once
    cluster: ClusterSettings = ClusterSettings()
    region: str = "us-east-1"
    namespace: str = "default"  # namespace endpoints deploy to unless they say otherwise
    model_store: Optional[ResolvedModelStore] = None
    prometheus_query_url: Optional[str] = None  # AMP query endpoint for KEDA Prometheus triggers
    tls_certificate_s3_uri: Optional[str] = None  # default location for the operator's self-signed certs
    jumpstart_gated_models: bool = False  # the operator has a role that downloads gated JumpStart models
    gpu_operator: Optional[bool] = None  # the GPU operator switch of a dependency chart the user gave; None: none given
    endpoints: tuple[ResolvedEndpoint, ...] = ()
    scaled_workloads: tuple["ScaledWorkload", ...] = ()

    @classmethod
    def of(cls, instance_groups: tuple[InstanceGroup, ...], node_autoscaling: NodeAutoscaling,
           **facts: object) -> "ResolvedPlatform":
        """The model with its node pools computed from the groups (the one place they are)."""
        return cls(instance_groups=instance_groups, node_autoscaling=node_autoscaling,
                   node_pools=node_autoscaling.pools(instance_groups), **facts)  # type: ignore[arg-type]

    def with_endpoint(self, endpoint: ResolvedEndpoint, where: str = "platform") -> "ResolvedPlatform":
        taken = any((other.namespace, other.name) == (endpoint.namespace, endpoint.name) for other in self.endpoints)
        require(not taken, where, "endpoint.name", endpoint.name,
                f"a name not used by another endpoint in namespace {endpoint.namespace!r}")
        return dataclasses.replace(self, endpoints=self.endpoints + (endpoint,))

    def with_scaled_workloads(self, workloads: tuple["ScaledWorkload", ...]) -> "ResolvedPlatform":
        names = {(workload.namespace, workload.name) for workload in self.scaled_workloads}
        targets = {(workload.namespace, workload.target_kind, workload.target_name)
                   for workload in self.scaled_workloads}
        for workload in workloads:
            name = (workload.namespace, workload.name)
            require(name not in names, workload.where, "name", workload.name, "unique per namespace")
            # KEDA's admission webhook rejects two ScaledObjects over the same workload.
            target = (workload.namespace, workload.target_kind, workload.target_name)
            require(target not in targets, workload.where, "target_name", workload.target_name,
                    "a workload no other ScaledWorkload scales")
            names.add(name)
            targets.add(target)
        return dataclasses.replace(self, scaled_workloads=self.scaled_workloads + workloads)

    # ---- derived facts ---------------------------------------------------------------------------------

    @property
    def node_autoscaling_enabled(self) -> bool:
        return self.node_autoscaling.enabled

    @property
    def tiered_storage_enabled(self) -> bool:
        return self.cluster.tiered_storage_enabled

    @property
    def autoscaled_groups(self) -> tuple[str, ...]:
        """Names of the groups the node pools grow, in pool order."""
        return autoscaled_group_names(self.node_pools)

    def groups_of_type(self, instance_type: str) -> tuple[InstanceGroup, ...]:
        return tuple(group for group in self.instance_groups if group.instance_type == instance_type)

    @property
    def slices_per_instance(self) -> Mapping[str, Mapping[str, int]]:
        """Group name -> MIG profile -> slices one instance has (MIG groups only)."""
        return {group.name: group.mig_layout.slices_per_instance(group.instance_type)
                for group in self.instance_groups if group.mig_layout is not None}

    @property
    def demands(self) -> tuple[PodDemand, ...]:
        return tuple(demand for endpoint in self.endpoints for demand in endpoint.demands)

    @property
    def gpu_groups(self) -> tuple[GpuGroup, ...]:
        autoscaled = frozenset(self.autoscaled_groups)
        return gpu_groups(self.instance_groups, autoscaled, self.slices_per_instance)

    @property
    def gpu_demands(self) -> tuple[GpuDemand, ...]:
        return tuple(demand.gpu_demand() for demand in self.demands)


def gpu_groups(groups: tuple[InstanceGroup, ...], autoscaled: frozenset[str],
               slices: Optional[Mapping[str, Mapping[str, int]]]) -> tuple[GpuGroup, ...]:
    """Instance groups as capacity sees them: an autoscaled group reaches its ``max_count``, a fixed one its ``count``."""
    result: list[GpuGroup] = []
    for group in groups:
        scaled = group.name in autoscaled
        layout = group.mig_layout
        gpus = layout.whole_gpus_per_instance(group.instance_type) if layout else group.info.gpu_count
        result.append(GpuGroup(name=group.name, instance_type=group.instance_type,
                               gpus_per_node=gpus if group.info.has_gpu else 0,
                               nodes=group.ceiling if scaled else group.count, autoscaled=scaled,
                               bounded=not scaled or group.max_count is not None,
                               slices_per_node=dict((slices or {}).get(group.name) or {})))
    return tuple(result)
