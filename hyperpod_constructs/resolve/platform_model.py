"""The resolved platform: every fact about one platform that checks, charts, observability and the plan read.

The platform builds one ``ResolvedPlatform`` from its constructs once (values may be CDK token strings, which render
into the CloudFormation-applied manifests and become ``${Name}`` placeholders in the GitOps export) and adds a
``ResolvedEndpoint`` per endpoint (built by ``resolve.endpoint``; its blocks are the records of ``records.py``).
No value is validated again: each comes from an intent value that validated itself, so readers trust it. The model refuses only what no single value can see, two endpoints or two scaled workloads that
would be the same Kubernetes object. Node pools are computed here once, not by each reader.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Literal, Mapping, Optional, Union

from ..errors import require
from ..intent.cluster import ClusterSettings
from . import capacity
from .capacity import GpuDemand, GpuGroup
from .gateway_records import GatewayRecord
from ..intent.instance_group import InstanceGroup
from ..intent.node_autoscaling import NodeAutoscaling, NodePoolSpec, autoscaled_group_names
from .records import CustomSpec, JumpStartSpec, ModelWeightsCacheRecord, ResolvedScaledWorkload, SharedSpec, Side
from ..intent.slo import EndpointSlos
from .subnets import SubnetRecord

EndpointKind = Literal["inference-endpoint", "jumpstart"]  # the operator's resource_type label
# One value for every endpoint without SLOs of its own: EndpointSlos and its members are frozen, so sharing is safe.
_DEFAULT_SLOS = EndpointSlos.defaults()
STORAGE_CLASS_PREFIX = "fsx-model-store"  # the model store's StorageClass: this, then the file system's id


@dataclass(frozen=True)
class ResolvedModelStore:
    """The FSx for Lustre model store endpoints read from by default."""

    file_system_id: str
    """The FSx for Lustre file system's id (a CDK token until deploy).
    Required."""
    dns_name: str
    """The file system's DNS name.
    Required."""
    mount_name: str
    """The file system's Lustre mount name.
    Required."""
    claim_prefix: str
    """What the name of the store's PersistentVolumeClaim starts with (``ModelStore.claim_name``); the claim is
    ``claim_name``.
    Required."""
    import_path: Optional[str] = None
    """The ``s3://bucket/prefix/`` linked to the file system.
    Default: None."""
    file_system_path: str = "/models"
    """Where the linked S3 objects appear in the file system (``ModelStore.file_system_path``).
    Default: ``"/models"``."""

    # The StorageClass, PersistentVolume and claim carry the file system's id in their names. Kubernetes refuses a
    # change to a PersistentVolume's source and to a StorageClass's parameters, and a bound claim cannot move to
    # another volume; the id is what changes exactly when the file system is replaced (a new file system is a new
    # id, an update in place keeps it, whatever caused the replacement: a create-only property, a new logical id, a
    # replaced subnet or security group). So a new file system is delivered as new objects, applied before the old
    # ones are pruned, and a rollback goes back to the old names. An FSx id (``fs-`` and hex) is lowercase and fits a
    # Kubernetes name; until deploy it is a CloudFormation token, so the names hold the ``${ModelStoreFileSystemId}``
    # placeholder in the bundle, filled where the applier fills every deploy-time value.

    @property
    def claim_name(self) -> str:
        """The PersistentVolumeClaim (in the platform's namespace) bound to the file system's volume:
        ``<claim_prefix>-<file system id>``."""
        return f"{self.claim_prefix}-{self.file_system_id}"

    @property
    def storage_class_name(self) -> str:
        """The StorageClass of the store's volume: ``fsx-model-store-<file system id>``."""
        return f"{STORAGE_CLASS_PREFIX}-{self.file_system_id}"

    def volume_name(self, namespace: str) -> str:
        """The PersistentVolume (cluster-scoped) of the claim in ``namespace``:
        ``<claim_prefix>-<namespace>-<file system id>``."""
        return f"{self.claim_prefix}-{namespace}-{self.file_system_id}"


@dataclass(frozen=True)
class PodDemand:
    """What one set of an endpoint's pods asks of the instance groups: the endpoint's pods, or one disaggregated
    side's (its own Deployment). The plan shows one row per demand; capacity rules sum them."""

    name: str
    """The endpoint's name, or ``<endpoint>/<side>`` for one side of a disaggregated endpoint.
    Required."""
    kind: str
    """How the plan labels it: ``"custom"``, ``"jumpstart"``, ``"custom, prefill"``.
    Required."""
    instance_type: str
    """The first instance type the pods may run on (``"any"`` with node affinity).
    Required."""
    min_replicas: int
    """Pods at the floor (0: scaled to zero).
    Required."""
    max_replicas: int
    """Pods at the ceiling.
    Required."""
    gpus: Optional[int] = 0
    """Whole GPUs per pod; None when the model's own configuration decides (JumpStart).
    Default: 0."""
    partition: Optional[str] = None
    """The MIG profile per pod, e.g. ``"3g.40gb"``.
    Default: None (whole GPUs)."""
    memory: Optional[str] = None
    """The accelerator memory use per pod, as the plan shows it, when the model declares its size.
    Default: None."""
    instance_types: tuple[str, ...] = ()
    """Every instance type the pods may run on, in order of preference.
    Default: none (only ``instance_type``)."""
    side: Optional[Side] = None
    """``"prefill"`` or ``"decode"`` for one side of a disaggregated endpoint.
    Default: None."""
    weights_gb: Optional[float] = None
    """The model's weights in GB, when it declares its size (what a cold start reads).
    Default: None (size not declared)."""

    @property
    def placement_types(self) -> tuple[str, ...]:
        """``instance_types``, or ``(instance_type,)`` when it lists none."""
        return self.instance_types or (self.instance_type,)

    def gpu_demand(self) -> GpuDemand:
        """As whole-GPU capacity counts it: a JumpStart pod without a slice is at least one GPU."""
        return GpuDemand.of(self.name, self.placement_types, self.min_replicas, self.max_replicas, self.gpus,
                            self.partition)


@dataclass(frozen=True, kw_only=True)
class ResolvedEndpoint:
    """One endpoint as everything downstream of its declaration sees it.

    ``max_replicas`` is the autoscaling ceiling (KEDA ``maxReplicaCount``), drawn on the dashboards' replicas panel and
    used by the "pinned at max" alert. ``demands`` holds one ``PodDemand``, or one per side of a disaggregated endpoint
    (the sides get their own replica panels and alerts). ``slos=None`` applies ``EndpointSlos.defaults()``; pass
    ``EndpointSlos()`` for no alerts. ``shared`` and ``spec`` are the resolved operator spec (None for an endpoint
    observed outside a platform): the Kubernetes renderers write the custom resource from them alone.
    """

    name: str
    """The endpoint's name.
    Required."""
    max_replicas: int
    """The autoscaling ceiling (KEDA ``maxReplicaCount``), or the fixed replica count.
    Required."""
    namespace: str = "default"
    """The endpoint's Kubernetes namespace.
    Default: ``"default"``."""
    kind: EndpointKind = "inference-endpoint"
    """The operator's ``resource_type`` label: ``"inference-endpoint"`` or ``"jumpstart"``.
    Default: ``"inference-endpoint"``."""
    intelligent_routing: bool = False
    """Whether the endpoint has a router (its panels are drawn).
    Default: False."""
    kv_cache: bool = False
    """Whether the endpoint has a managed KV cache (its panels are drawn).
    Default: False."""
    slos: Optional[EndpointSlos] = None
    """The endpoint's SLOs; ``EndpointSlos()`` for no alerts.
    Default: None (``EndpointSlos.defaults()``)."""
    demands: tuple[PodDemand, ...] = ()
    """What the endpoint's pods ask of the instance groups: one ``PodDemand``, or one per disaggregated side.
    Default: none."""
    where: str = ""
    """How rules name the endpoint: ``endpoint '<name>'``.
    Default: ``""`` (an endpoint observed outside a platform)."""
    shared: Optional[SharedSpec] = None
    """The blocks both operator kinds share (KV cache, routing, ALB, TLS, metrics, autoscaling, data capture).
    Default: None (an endpoint observed outside a platform)."""
    spec: Union[CustomSpec, JumpStartSpec, None] = None
    """The rest of the custom resource: an InferenceEndpointConfig's (``CustomSpec``) or a JumpStartModel's.
    Default: None (an endpoint observed outside a platform)."""

    @property
    def sides(self) -> tuple[PodDemand, ...]:
        """The disaggregated sides (prefill, decode); empty for an endpoint that runs one Deployment."""
        return tuple(demand for demand in self.demands if demand.side is not None)

    @property
    def effective_slos(self) -> EndpointSlos:
        """``slos``, or ``EndpointSlos.defaults()`` when unset."""
        return _DEFAULT_SLOS if self.slos is None else self.slos

    @property
    def key(self) -> str:
        """``namespace/name``: unique per cluster, used for dashboard rows and alert groups."""
        return f"{self.namespace}/{self.name}"


@dataclass(frozen=True, kw_only=True)
class ResolvedPlatform:
    """Instance groups, node pools, where things live and the operator's facts, plus the endpoints added so far."""

    instance_groups: tuple[InstanceGroup, ...] = ()
    """The platform's instance groups.
    Default: none."""
    node_autoscaling: NodeAutoscaling = NodeAutoscaling(enabled=False)
    """Node autoscaling as given.
    Default: ``NodeAutoscaling(enabled=False)`` (off)."""
    node_pools: tuple[NodePoolSpec, ...] = ()
    """The NodePools rendered, ``node_autoscaling.pools(instance_groups)`` computed once.
    Default: none."""
    cluster: ClusterSettings = ClusterSettings()
    """The EKS and HyperPod cluster settings.
    Default: ``ClusterSettings()``."""
    region: str = "us-east-1"
    """The region the platform deploys to (a token for an environment-agnostic stack).
    Default: ``"us-east-1"``."""
    namespace: str = "default"
    """The namespace endpoints deploy to unless they say otherwise.
    Default: ``"default"``."""
    model_store: Optional[ResolvedModelStore] = None
    """The model store endpoints read from by default.
    Default: None (no model store)."""
    prometheus_query_url: Optional[str] = None
    """The AMP query URL KEDA Prometheus triggers read.
    Default: None (no observability)."""
    tls_certificate_s3_uri: Optional[str] = None
    """Where the operator writes self-signed certificates by default.
    Default: None."""
    jumpstart_gated_models: bool = False
    """Whether the operator has a role that downloads gated JumpStart models.
    Default: False."""
    operator_addon_version: Optional[str] = None
    """The inference operator add-on version pinned (``InferenceOperatorOptions.addon_version``).
    Default: None (not pinned: the version EKS marks default)."""
    gpu_operator: Optional[bool] = None
    """The GPU operator switch of a dependency chart the user gave.
    Default: None (no chart given: the platform's own follows the instance groups)."""
    subnets: tuple[SubnetRecord, ...] = ()
    """The subnets HyperPod nodes and the model store use, with their ranges where the app knows them.
    Default: none (not checked)."""
    vpc_cidr_block: Optional[str] = None
    """The VPC's own IPv4 range, such as ``"10.0.0.0/16"``: every subnet lies inside it, so it bounds what subnets of
    unknown range can hold. Default: None (unknown at synth)."""
    endpoints: tuple[ResolvedEndpoint, ...] = ()
    """The endpoints added so far.
    Default: none."""
    scaled_workloads: tuple[ResolvedScaledWorkload, ...] = ()
    """The scaled workloads added so far.
    Default: none."""
    weights_caches: tuple[ModelWeightsCacheRecord, ...] = ()
    """The ModelWeightsCacheConfigs added so far.
    Default: none."""
    inference_gateway_controller: bool = False
    """Whether the add-on runs the Inference Gateway controller (``InferenceOperatorOptions(inference_gateway=True)``).
    Default: False."""
    gateways: tuple[GatewayRecord, ...] = ()
    """The Inference Gateways added so far.
    Default: none."""

    @classmethod
    def of(cls, instance_groups: tuple[InstanceGroup, ...], node_autoscaling: NodeAutoscaling,
           **facts: object) -> "ResolvedPlatform":
        """The model with its node pools computed from the groups (the one place they are)."""
        return cls(instance_groups=instance_groups, node_autoscaling=node_autoscaling,
                   node_pools=node_autoscaling.pools(instance_groups), **facts)  # type: ignore[arg-type]

    @functools.cached_property
    def _endpoint_keys(self) -> frozenset[tuple[str, str]]:
        return frozenset((endpoint.namespace, endpoint.name) for endpoint in self.endpoints)

    def with_endpoint(self, endpoint: ResolvedEndpoint, where: str = "platform") -> "ResolvedPlatform":
        """This model with ``endpoint`` added; raises when its name is taken in its namespace."""
        key = (endpoint.namespace, endpoint.name)
        require(key not in self._endpoint_keys, where, "endpoint.name", endpoint.name,
                f"a name not used by another endpoint in namespace {endpoint.namespace!r}")
        added = dataclasses.replace(self, endpoints=self.endpoints + (endpoint,))
        # Handed on, so adding endpoints one by one checks each name once instead of scanning all the others.
        added.__dict__["_endpoint_keys"] = self._endpoint_keys | {key}
        return added

    def with_weights_cache(self, cache: ModelWeightsCacheRecord) -> "ResolvedPlatform":
        """This model with ``cache`` added; raises when its name is taken in its namespace."""
        taken = {(other.namespace, other.name) for other in self.weights_caches}
        require((cache.namespace, cache.name) not in taken, cache.where, "name", cache.name,
                f"a name not used by another model weights cache in namespace {cache.namespace!r}")
        return dataclasses.replace(self, weights_caches=self.weights_caches + (cache,))

    def with_gateway(self, gateway: GatewayRecord, where: str = "platform") -> "ResolvedPlatform":
        """This model with ``gateway`` added; raises when its name is taken in its namespace."""
        taken = {(other.namespace, other.name) for other in self.gateways}
        require((gateway.namespace, gateway.name) not in taken, where, "gateway.name", gateway.name,
                f"a name not used by another Inference Gateway in namespace {gateway.namespace!r}")
        return dataclasses.replace(self, gateways=self.gateways + (gateway,))

    def with_scaled_workloads(self, workloads: tuple[ResolvedScaledWorkload, ...]) -> "ResolvedPlatform":
        """This model with ``workloads`` added; raises on a name taken in a namespace, or a target another
        ScaledWorkload already scales."""
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
        """Whether node autoscaling is on."""
        return self.node_autoscaling.enabled

    @property
    def tiered_storage_enabled(self) -> bool:
        """Whether HyperPod tiered storage is on."""
        return self.cluster.tiered_storage_enabled

    @property
    def autoscaled_groups(self) -> tuple[str, ...]:
        """Names of the groups the node pools grow, in pool order."""
        return autoscaled_group_names(self.node_pools)

    def groups_of_type(self, instance_type: str) -> tuple[InstanceGroup, ...]:
        """The instance groups of ``instance_type``."""
        return tuple(group for group in self.instance_groups if group.instance_type == instance_type)

    @property
    def slices_per_instance(self) -> Mapping[str, Mapping[str, int]]:
        """Group name -> MIG profile -> slices one instance has (MIG groups only)."""
        return capacity.slices_per_instance(self.instance_groups)

    @property
    def demands(self) -> tuple[PodDemand, ...]:
        """Every endpoint's pod demands, in the order they were added."""
        return tuple(demand for endpoint in self.endpoints for demand in endpoint.demands)

    @property
    def gpu_groups(self) -> tuple[GpuGroup, ...]:
        """The instance groups as GPU capacity (``capacity.gpu_groups``)."""
        return capacity.gpu_groups(self.instance_groups, frozenset(self.autoscaled_groups), self.slices_per_instance)

    @property
    def gpu_demands(self) -> tuple[GpuDemand, ...]:
        """The demands as whole-GPU capacity counts them."""
        return tuple(demand.gpu_demand() for demand in self.demands)

