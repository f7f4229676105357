"""The resolved record of one endpoint or scaled workload: what rules, observability, the plan, IAM grants and the
Kubernetes renderers all read.

``endpoint_resolution`` builds these once per endpoint from its declaration and the platform's facts; every value
is final (defaults worked out, the platform's namespace, region, model store, TLS URI and AMP URL filled in), so no
reader resolves anything again. Plain frozen dataclasses: fields, and a few derived properties that only select.
This module imports nothing from the intent layer's values, so the records sit below them (values -> resolver ->
records). Mappings are stored as tuples of pairs (order kept: manifests are written in that order).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

if TYPE_CHECKING:  # CDK objects the IAM grants need; never read by the renderers
    from aws_cdk import aws_fsx as fsx, aws_kms as kms, aws_s3 as s3

Side = Literal["prefill", "decode"]
Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SecretRef:
    """A key in a Kubernetes Secret of the endpoint's namespace."""

    name: str
    key: str
    optional: Optional[bool] = None


@dataclass(frozen=True)
class EnvVar:
    """One container environment variable: a plain ``value`` or a ``secret`` reference."""

    name: str
    value: Optional[str] = None
    secret: Optional[SecretRef] = None


@dataclass(frozen=True, kw_only=True)
class ModelLocation:
    """Where the weights come from, as ``modelSourceConfig`` says it (``volumes``: extra pod volumes)."""

    source_type: str
    """``"s3"``, ``"fsx"``, ``"huggingface"`` or ``"kubernetesVolume"``."""
    location: Optional[str] = None
    """The path relative to the bucket or file system root (``modelLocation``)."""
    s3_bucket_name: Optional[str] = None
    s3_region: Optional[str] = None
    fsx_file_system_id: Optional[str] = None
    """The file system given, else the platform's model store; None when neither exists (a rule refuses that)."""
    fsx_dns_name: Optional[str] = None
    fsx_mount_name: Optional[str] = None
    hf_model_id: Optional[str] = None
    hf_commit_sha: Optional[str] = None
    hf_token: Optional[SecretRef] = None
    prefetch: Optional[bool] = None
    host_path: Optional[str] = None
    """A Kubernetes volume source: the node path mounted as the model volume (with ``host_path_type``)."""
    host_path_type: Optional[str] = None
    volume_source: Optional[Any] = None
    """A Kubernetes volume source: the pod volume (a frozen mapping, without its name) mounted as the model volume."""
    reads_model_store: bool = False
    """An FSx source without its own file system: it reads the platform's model store."""
    bucket: Optional["s3.IBucket"] = None
    """The S3 bucket, for the storage driver's read grant."""
    file_system: Optional["fsx.IFileSystem"] = None
    """An FSx file system of the app, for the node security group's Lustre grant."""


@dataclass(frozen=True, kw_only=True)
class PodResources:
    """``resources``: requests (cpu, memory, devices) and limits (devices: limits == requests)."""

    requests: Pairs = ()
    limits: Pairs = ()


@dataclass(frozen=True, kw_only=True)
class HttpProbeRecord:
    path: str
    port: int
    """The probe's own port, else the container port."""
    initial_delay_s: Optional[int] = None
    period_s: Optional[int] = None
    timeout_s: Optional[int] = None
    failure_threshold: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class ProbesRecord:
    readiness: Optional[HttpProbeRecord] = None
    liveness: Optional[HttpProbeRecord] = None
    startup: Optional[HttpProbeRecord] = None


@dataclass(frozen=True, kw_only=True)
class RequestLimitsRecord:
    max_concurrent_requests: int
    overflow_status_code: int
    max_queue_size: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class PrometheusTriggerRecord:
    """A Prometheus trigger with its final query (``{selector}`` filled) and server address (its own, else the
    platform's AMP query URL; None when neither exists: a rule refuses that)."""

    name: str
    query: str
    target_value: float
    metric_type: str
    server_address: Optional[str] = None
    activation_target_value: Optional[float] = None
    namespace: Optional[str] = None
    use_cached_metrics: Optional[bool] = None


@dataclass(frozen=True, kw_only=True)
class CloudWatchTriggerRecord:
    """A CloudWatch trigger, its SageMaker endpoint dimension bound."""

    name: str
    namespace: str
    metric_name: str
    dimensions: Pairs
    metric_stat: str
    target_value: float
    metric_type: Optional[str] = None
    activation_target_value: Optional[float] = None
    min_value: Optional[float] = None
    metric_collection_start_time: Optional[int] = None
    metric_collection_period: Optional[int] = None
    use_cached_metrics: Optional[bool] = None


TriggerRecord = Union[PrometheusTriggerRecord, CloudWatchTriggerRecord]


@dataclass(frozen=True, kw_only=True)
class ScalingRecord:
    """Replicas, timing and the final triggers (in the order declared)."""

    where: str
    """How rules name the declaration: ``endpoint 'x'``, ``endpoint 'x' router``, ``scaled workload ns/x``."""
    min_replicas: int
    max_replicas: int
    polling_interval_s: Optional[int] = None
    cooldown_s: Optional[int] = None
    initial_cooldown_s: Optional[int] = None
    scale_up_stabilization_s: Optional[int] = None
    scale_down_stabilization_s: Optional[int] = None
    triggers: tuple[TriggerRecord, ...] = ()

    @property
    def prometheus_triggers(self) -> tuple[PrometheusTriggerRecord, ...]:
        return tuple(trigger for trigger in self.triggers if isinstance(trigger, PrometheusTriggerRecord))

    @property
    def cloudwatch_triggers(self) -> tuple[CloudWatchTriggerRecord, ...]:
        return tuple(trigger for trigger in self.triggers if isinstance(trigger, CloudWatchTriggerRecord))


@dataclass(frozen=True, kw_only=True)
class RoutingRecord:
    strategy: str
    """``"prefixaware"``, ``"kvaware"``, ``"session"`` or ``"roundrobin"``."""
    autoscaling: Optional[ScalingRecord] = None
    """The router's own autoscaling."""


@dataclass(frozen=True, kw_only=True)
class KvCacheRecord:
    l1: bool
    l2_backend: Optional[str] = None
    """``"tieredstorage"`` or ``"redis"``; None without L2."""
    l2_url: Optional[str] = None
    cache_config_file: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class LoadBalancerRecord:
    health_check_path: Optional[str] = None
    routing_algorithm: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class TlsRecord:
    """TLS and DNS: ``output_s3_uri`` is the endpoint's own, else (self-signed) the platform's TLS bucket URI."""

    acm_certificate_arn: Optional[str] = None
    domain_name: Optional[str] = None
    output_s3_uri: Optional[str] = None
    hosted_zone_id: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class MetricsRecord:
    enabled: bool
    scrape_interval_s: Optional[int] = None
    model_metrics_path: Optional[str] = None
    model_metrics_port: Optional[int] = None
    """The port given, else (metrics on, intelligent routing, an unprivileged port) the container port."""


@dataclass(frozen=True, kw_only=True)
class DataCaptureRecord:
    """Where and what is captured (``s3_uri`` final), plus the bucket and key the writers' grants need."""

    s3_uri: str
    bucket_name: str
    prefix: str
    sagemaker_endpoint: bool
    load_balancer_access_logs: bool
    model_pod: bool
    sampling_percentage: int
    capture_modes: tuple[str, ...]
    json_content_types: tuple[str, ...] = ()
    csv_content_types: tuple[str, ...] = ()
    kms_key_id: Optional[str] = None
    batch_size: Optional[int] = None
    flush_interval_s: Optional[int] = None
    max_payload_kb: Optional[int] = None
    bucket: "s3.IBucket"
    """The destination bucket, for the writers' grants."""
    kms_key: Optional["kms.IKey"] = None


@dataclass(frozen=True, kw_only=True)
class SideRecord:
    """One disaggregated side (its own Deployment)."""

    side: Side
    instance_type: str
    instance_group: Optional[str]
    args: tuple[str, ...]
    """Only this side's args (appended to the endpoint's), parallelism included."""
    gpus: int
    """Whole GPUs per pod (0 with a MIG slice)."""
    partition_profile: Optional[str]
    replicas: Optional[int]
    min_pods: int
    max_pods: int
    resources: PodResources
    autoscaling: Optional[ScalingRecord] = None


@dataclass(frozen=True, kw_only=True)
class TopologyRecord:
    same_az: Optional[bool] = None
    availability_zone: Optional[str] = None
    placement_group: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class DisaggregationRecord:
    prefill: SideRecord
    decode: SideRecord
    routing_threshold_tokens: Optional[int] = None
    topology: Optional[TopologyRecord] = None

    @property
    def sides(self) -> tuple[SideRecord, SideRecord]:
        return self.prefill, self.decode


@dataclass(frozen=True, kw_only=True)
class SharedSpec:
    """The blocks both operator CRDs share."""

    kv_cache: Optional[KvCacheRecord] = None
    routing: Optional[RoutingRecord] = None
    load_balancer: Optional[LoadBalancerRecord] = None
    tls: Optional[TlsRecord] = None
    metrics: Optional[MetricsRecord] = None
    autoscaling: Optional[ScalingRecord] = None
    data_capture: Optional[DataCaptureRecord] = None
    sagemaker_endpoint_name: Optional[str] = None
    replicas: Optional[int] = None
    max_deploy_time_s: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class CustomSpec:
    """An ``InferenceEndpointConfig``: placement, model, the worker, disaggregated sides, tags."""

    model_name: str
    model: ModelLocation
    image: str
    port: int
    resources: PodResources
    instance_type: Optional[str] = None
    instance_types: tuple[str, ...] = ()
    node_affinity: Optional[Any] = None
    """A frozen NodeAffinity mapping (with neither instance type set)."""
    model_version: Optional[str] = None
    invocation_path: Optional[str] = None
    args: Optional[tuple[str, ...]] = None
    """The container's args, parallelism included; None keeps the image's own command."""
    environment: tuple[EnvVar, ...] = ()
    model_mount_path: Optional[str] = None
    probes: Optional[ProbesRecord] = None
    request_limits: Optional[RequestLimitsRecord] = None
    disaggregation: Optional[DisaggregationRecord] = None
    tags: Pairs = ()
    placement_types: tuple[str, ...] = ()
    """Every instance type the pods may run on (empty with node affinity)."""


@dataclass(frozen=True, kw_only=True)
class JumpStartSpec:
    """A ``JumpStartModel``."""

    model_id: str
    accept_eula: bool
    instance_type: str
    hub_name: Optional[str] = None
    model_version: Optional[str] = None
    gated_model_role_arn: Optional[str] = None
    execution_role_arn: Optional[str] = None
    accelerator_partition_type: Optional[str] = None
    """``"mig-<profile>"``, or None for whole GPUs."""
    environment: Pairs = ()
    is_gated: bool = False


@dataclass(frozen=True, kw_only=True)
class ResolvedScaledWorkload:
    """A KEDA ScaledObject over a workload the operator does not manage, its triggers final."""

    name: str
    namespace: str
    target_kind: str
    target_api_version: str
    target_name: str
    authentication_name: str
    region: str
    """The region KEDA's AWS scalers read (the platform's)."""
    autoscaling: ScalingRecord
    where: str


@dataclass(frozen=True, kw_only=True)
class MigConfigMapRecord:
    """The ConfigMap the MIG manager reads: its name, namespace and mig-parted document (a frozen mapping)."""

    name: str
    namespace: str
    document: Any


@dataclass(frozen=True)
class TieredKvCacheDaemon:
    """The daemon on the groups that serve L2 tiered-storage endpoints, all of one instance type."""

    instance_groups: tuple[str, ...]
    """Names of the instance groups the daemon runs on (node affinity on their group label): those L2
    tiered-storage endpoints may run on, in the platform's group order. Required."""
    instance_type: str
    """The one instance type of those groups, whose memory the daemon is sized for. Required."""
    memory_percent: int
    """The share of the instance's memory the daemon takes, in percent: ``TieredStorage.memory_percent`` of the
    cluster's settings, or 20 when it names none. Required."""
    memory_mib: int
    """The daemon container's memory request and limit, in MiB: ``memory_percent`` of the instance's memory.
    Required."""
    cache_capacity_gib: int
    """The in-memory cache's ``capacity`` in the daemon's configuration, in whole GiB: the daemon's memory less a
    1 GiB buffer, at least 1. Required."""

    @property
    def memory(self) -> str:
        """Kubernetes quantity: whole Ti or Gi when exact, else Mi."""
        return _quantity(self.memory_mib, ("Mi", "Gi", "Ti"))

    @property
    def cache_capacity(self) -> str:
        """The daemon's TOML size string: TiB when exact, else GiB."""
        return _quantity(self.cache_capacity_gib, ("GiB", "TiB"))


def _quantity(amount: int, units: tuple[str, ...]) -> str:
    for unit in units[:-1]:
        if amount < 1024 or amount % 1024:
            return f"{amount}{unit}"
        amount //= 1024
    return f"{amount}{units[-1]}"


@dataclass(frozen=True, kw_only=True)
class NodeRequirementRecord:
    key: str
    operator: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TaintRecord:
    key: str
    effect: str
    value: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class DisruptionBudgetRecord:
    nodes: str
    schedule: Optional[str] = None
    duration: Optional[str] = None
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class NodePoolRecord:
    """One Karpenter NodePool and its HyperpodNodeClass, every value final: the requirements (the pool's own, else
    its groups' instance types), the taints all its groups share, its limits (its own, else from the groups)."""

    name: str
    instance_groups: tuple[str, ...]
    expire_after: str
    requirements: tuple[NodeRequirementRecord, ...]
    taints: tuple[TaintRecord, ...]
    consolidation_policy: str
    consolidate_after: str
    budgets: tuple[DisruptionBudgetRecord, ...] = ()
    limit_cpu: Optional[int] = None
    limit_memory_gib: Optional[int] = None
    limit_gpus: Optional[int] = None
    weight: Optional[int] = None
