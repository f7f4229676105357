"""The resolved record of one endpoint or scaled workload: what rules, observability, the plan, IAM grants and the
Kubernetes renderers all read.

``resolve.endpoint`` builds these once per endpoint from its declaration and the platform's facts; every value is
final (defaults worked out, the platform's namespace, region, model store, TLS URI and AMP URL filled in), so no
reader resolves anything again. Plain frozen dataclasses: fields, and a few derived properties that only select.
From the intent layer this module takes type aliases only (``Side``), no declared value, so the records stay plain
data (values -> resolver -> records). Mappings are stored as tuples of pairs (order kept: manifests are written in
that order).

The records of an operator custom resource are that resource: each field says where the CRD keeps it
(``crd_model``: its name in camelCase, or ``crd("path")``; ``internal()`` for what only the library reads), and the
k8s layer writes the object with one generic dump (``crd_model.crd_dump``). A field the operator passes through
is declared once here and once on the value the user writes (``resolve.copying.copied`` copies fields by name and
refuses a record field it cannot fill).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

from ..catalog.node_labels import INSTANCE_GROUP_LABEL, INSTANCE_TYPE_LABEL
from ..crd_model import crd, crd_property, internal
from ..intent.disaggregation import Side

if TYPE_CHECKING:  # CDK objects the IAM grants need; never read by the renderers
    from aws_cdk import aws_fsx as fsx, aws_kms as kms, aws_s3 as s3

Pairs = tuple[tuple[str, str], ...]
MODEL_VOLUME_NAME = "model-weights"  # the name every AWS sample uses for worker.modelVolumeMount


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
    secret: Optional[SecretRef] = crd("valueFrom.secretKeyRef", None)


@dataclass(frozen=True, kw_only=True)
class ModelLocation:
    """Where the weights come from, as ``modelSourceConfig`` says it (``volumes``: extra pod volumes)."""

    source_type: str = crd("modelSourceType")
    """``"s3"``, ``"fsx"``, ``"huggingface"`` or ``"kubernetesVolume"``."""
    location: Optional[str] = crd("modelLocation", None)
    """The path relative to the bucket or file system root (``modelLocation``)."""
    s3_bucket_name: Optional[str] = crd("s3Storage.bucketName", None)
    s3_region: Optional[str] = crd("s3Storage.region", None)
    fsx_file_system_id: Optional[str] = crd("fsxStorage.fileSystemId", None)
    """The file system given, else the platform's model store; None when neither exists (a rule refuses that)."""
    fsx_dns_name: Optional[str] = crd("fsxStorage.dnsName", None)
    fsx_mount_name: Optional[str] = crd("fsxStorage.mountName", None)
    hf_model_id: Optional[str] = crd("huggingFaceModel.modelId", None)
    hf_commit_sha: Optional[str] = crd("huggingFaceModel.commitSHA", None)
    hf_token: Optional[SecretRef] = crd("huggingFaceModel.tokenSecretRef", None)
    prefetch: Optional[bool] = crd("prefetchEnabled", None)
    host_path: Optional[str] = internal(None)
    """A Kubernetes volume source: the node path mounted as the model volume (with ``host_path_type``)."""
    host_path_type: Optional[str] = internal(None)
    volume_source: Optional[Any] = internal(None)
    """A Kubernetes volume source: the pod volume (a frozen mapping, without its name) mounted as the model volume."""
    reads_model_store: bool = internal(False)
    """An FSx source without its own file system: it reads the platform's model store."""
    bucket: Optional["s3.IBucket"] = internal(None)
    """The S3 bucket, for the storage driver's read grant."""
    file_system: Optional["fsx.IFileSystem"] = internal(None)
    """An FSx file system of the app, for the node security group's Lustre grant."""

    @property
    def volumes(self) -> tuple["PodVolumeRecord", ...]:
        """``spec.kubernetes.volumes``: the model volume of a Kubernetes volume source (none for the others)."""
        if self.host_path is not None:
            return (PodVolumeRecord(host_path=HostPathRecord(path=self.host_path, type=self.host_path_type)),)
        if self.volume_source is not None:
            return (PodVolumeRecord(source=self.volume_source),)
        return ()


@dataclass(frozen=True, kw_only=True)
class HostPathRecord:
    path: str
    type: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class PodVolumeRecord:
    """The model volume in the pod: a node path, or the volume source the user gave (a frozen mapping)."""

    name: str = MODEL_VOLUME_NAME
    host_path: Optional[HostPathRecord] = None
    source: Optional[Any] = crd("", None)


@dataclass(frozen=True, kw_only=True)
class PodResources:
    """``resources``: requests (cpu, memory, devices) and limits (devices: limits == requests)."""

    requests: Pairs = crd(default=(), as_map=True)
    limits: Pairs = crd(default=(), as_map=True)


@dataclass(frozen=True, kw_only=True)
class HttpProbeRecord:
    path: str = crd("httpGet.path")
    port: int = crd("httpGet.port")
    """The probe's own port, else the container port."""
    initial_delay_s: Optional[int] = crd("initialDelaySeconds", None)
    period_s: Optional[int] = crd("periodSeconds", None)
    timeout_s: Optional[int] = crd("timeoutSeconds", None)
    failure_threshold: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class ProbesRecord:
    readiness: Optional[HttpProbeRecord] = crd("readinessProbe", None)
    liveness: Optional[HttpProbeRecord] = crd("livenessProbe", None)
    startup: Optional[HttpProbeRecord] = crd("startupProbe", None)


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
    dimensions: Pairs = crd(keep_empty=True, as_name_value=True)
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
class WakeHoldRecord:
    """The hold in front of a min-0 endpoint: its ``InterceptorRoute`` (named and namespaced as the endpoint)."""

    name: str
    namespace: str
    max_wait_s: int
    service: str
    port: int
    hosts: tuple[str, ...] = ()
    target_concurrency: int = 1
    alb_idle_timeout_s: Optional[int] = None
    caller_timeouts_s: tuple[tuple[str, int], ...] = ()
    retry_after_s: Optional[int] = internal(None)
    """The ``Retry-After`` the fallback answers with once the hold has run out, from the cold-start estimate (the
    platform fills it: ``planner.wake_hold_budget.retry_after_s``); None until then."""


@dataclass(frozen=True, kw_only=True)
class ScalingRecord:
    """Replicas, timing and the final triggers (in the order declared)."""

    where: str = internal()
    """How rules name the declaration: ``endpoint 'x'``, ``endpoint 'x' router``, ``scaled workload ns/x``."""
    min_replicas: int = crd("minReplicaCount")
    max_replicas: int = crd("maxReplicaCount")
    polling_interval_s: Optional[int] = crd("pollingInterval", None)
    cooldown_s: Optional[int] = crd("cooldownPeriod", None)
    initial_cooldown_s: Optional[int] = crd("initialCooldownPeriod", None)
    scale_up_stabilization_s: Optional[int] = crd("scaleUpStabilizationTime", None)
    scale_down_stabilization_s: Optional[int] = crd("scaleDownStabilizationTime", None)
    triggers: tuple[TriggerRecord, ...] = crd(default=(), split=(("prometheusTriggerList", PrometheusTriggerRecord),
                                                                 ("cloudWatchTriggerList", CloudWatchTriggerRecord)))
    wake_hold: Optional[WakeHoldRecord] = internal(None)
    """The hold in front of the endpoint, whose wake trigger is the last of ``triggers``; None without one."""

    @property
    def prometheus_triggers(self) -> tuple[PrometheusTriggerRecord, ...]:
        return tuple(trigger for trigger in self.triggers if isinstance(trigger, PrometheusTriggerRecord))

    @property
    def cloudwatch_triggers(self) -> tuple[CloudWatchTriggerRecord, ...]:
        return tuple(trigger for trigger in self.triggers if isinstance(trigger, CloudWatchTriggerRecord))


@dataclass(frozen=True, kw_only=True)
class RoutingRecord:
    strategy: str = crd("routingStrategy")
    """``"prefixaware"``, ``"kvaware"``, ``"session"`` or ``"roundrobin"``."""
    autoscaling: Optional[ScalingRecord] = crd("autoScalingSpec", None)
    """The router's own autoscaling."""

    @crd_property("enabled")
    def enabled(self) -> bool:
        """Written out: the spec is immutable once set, so say exactly what is meant."""
        return True


@dataclass(frozen=True, kw_only=True)
class KvCacheRecord:
    l1: bool = crd("enableL1Cache")
    l2_backend: Optional[str] = crd("l2CacheSpec.l2CacheBackend", None)
    """``"tieredstorage"`` or ``"redis"``; None without L2."""
    l2_url: Optional[str] = crd("l2CacheSpec.l2CacheLocalUrl", None)
    cache_config_file: Optional[str] = None

    @crd_property("enableL2Cache")
    def l2(self) -> Optional[bool]:
        """True with an L2 backend; left out without one."""
        return True if self.l2_backend is not None else None


@dataclass(frozen=True, kw_only=True)
class LoadBalancerRecord:
    health_check_path: Optional[str] = None
    routing_algorithm: Optional[str] = None
    idle_timeout_s: Optional[int] = crd("idleTimeoutSeconds", None)
    """Operator v3.3."""


@dataclass(frozen=True, kw_only=True)
class ModelCacheRecord:
    """``modelCacheConfig`` (operator v3.3): the caches turned on (None: left out, the operator's off)."""

    weights: Optional[bool] = crd("weightsCache.enabled", None)
    host_path: Optional[str] = crd("weightsCache.hostPath", None)
    image: Optional[bool] = crd("imageCache.enabled", None)


@dataclass(frozen=True, kw_only=True)
class TlsRecord:
    """TLS and DNS: ``output_s3_uri`` is the endpoint's own, else (self-signed) the platform's TLS bucket URI."""

    acm_certificate_arn: Optional[str] = crd("tlsConfig.customCertificateConfig.acmArn", None)
    domain_name: Optional[str] = crd("tlsConfig.customCertificateConfig.domainName", None)
    output_s3_uri: Optional[str] = crd("tlsConfig.tlsCertificateOutputS3Uri", None)
    hosted_zone_id: Optional[str] = crd("dnsConfig.hostedZoneId", None)


@dataclass(frozen=True, kw_only=True)
class MetricsRecord:
    enabled: bool
    scrape_interval_s: Optional[int] = crd("metricsScrapeIntervalSeconds", None)
    model_metrics_path: Optional[str] = crd("modelMetrics.path", None)
    model_metrics_port: Optional[int] = crd("modelMetrics.port", None)
    """The port given, else (metrics on, intelligent routing, an unprivileged port) the container port."""


@dataclass(frozen=True, kw_only=True)
class DataCaptureRecord:
    """Where and what is captured (``s3_uri`` final), plus the bucket and key the writers' grants need."""

    s3_uri: str
    bucket_name: str = internal()
    prefix: str = internal()
    sagemaker_endpoint: bool = internal()
    load_balancer_access_logs: bool = internal()
    model_pod: bool = internal()
    sampling_percentage: int = internal()
    capture_modes: tuple[str, ...] = internal()
    json_content_types: tuple[str, ...] = internal(())
    csv_content_types: tuple[str, ...] = internal(())
    kms_key_id: Optional[str] = internal(None)
    batch_size: Optional[int] = internal(None)
    flush_interval_s: Optional[int] = internal(None)
    max_payload_kb: Optional[int] = internal(None)
    bucket: "s3.IBucket" = internal()
    """The destination bucket, for the writers' grants."""
    kms_key: Optional["kms.IKey"] = internal(None)

    # The tiers are written out even where they equal the operator's defaults: what is captured should be readable
    # in the YAML.
    @crd_property("sagemakerEndpoint")
    def sagemaker_endpoint_tier(self) -> Optional["PayloadTierRecord"]:
        return PayloadTierRecord(**self._payload_tier()) if self.sagemaker_endpoint else None

    @crd_property("loadBalancer")
    def load_balancer_tier(self) -> Optional["EnabledRecord"]:
        return EnabledRecord() if self.load_balancer_access_logs else None

    @crd_property("modelPod")
    def model_pod_tier(self) -> Optional["ModelPodTierRecord"]:
        if not self.model_pod:
            return None
        return ModelPodTierRecord(**self._payload_tier(), buffer_config=CaptureBufferRecord(
            batch_size=self.batch_size, flush_interval_seconds=self.flush_interval_s),
            payload_config=CapturePayloadRecord(max_payload_size_kb=self.max_payload_kb))

    def _payload_tier(self) -> dict[str, Any]:
        return {"initial_sampling_percentage": self.sampling_percentage,
                "capture_options": tuple(CaptureOptionRecord(capture_mode=mode) for mode in self.capture_modes),
                "capture_content_type_header": CaptureContentTypesRecord(
                    json_content_types=self.json_content_types, csv_content_types=self.csv_content_types),
                "kms_key_id": self.kms_key_id}


@dataclass(frozen=True, kw_only=True)
class CaptureOptionRecord:
    capture_mode: str


@dataclass(frozen=True, kw_only=True)
class CaptureContentTypesRecord:
    json_content_types: tuple[str, ...] = ()
    csv_content_types: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class CaptureBufferRecord:
    batch_size: Optional[int] = None
    flush_interval_seconds: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class CapturePayloadRecord:
    max_payload_size_kb: Optional[int] = crd("maxPayloadSizeKB", None)


@dataclass(frozen=True, kw_only=True)
class EnabledRecord:
    """A block that only turns something on (the load balancer's access-log tier)."""

    enabled: bool = True


@dataclass(frozen=True, kw_only=True)
class PayloadTierRecord(EnabledRecord):
    """A capture tier that samples payloads (``dataCapture.sagemakerEndpoint``)."""

    initial_sampling_percentage: int
    capture_options: tuple[CaptureOptionRecord, ...]
    capture_content_type_header: CaptureContentTypesRecord
    kms_key_id: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class ModelPodTierRecord(PayloadTierRecord):
    """``dataCapture.modelPod``: a payload tier written by the pod's sidecar, with its buffer and payload limit."""

    buffer_config: CaptureBufferRecord
    payload_config: CapturePayloadRecord


@dataclass(frozen=True, kw_only=True)
class SideRecord:
    """One disaggregated side (its own Deployment)."""

    side: Side = internal()
    instance_type: str = internal()
    instance_group: Optional[str] = internal()
    args: tuple[str, ...]
    """Only this side's args (appended to the endpoint's), parallelism included."""
    gpus: int = internal()
    """Whole GPUs per pod (0 with a MIG slice)."""
    partition_profile: Optional[str] = internal()
    replicas: Optional[int]
    min_pods: int = internal()
    max_pods: int = internal()
    resources: PodResources = crd(keep_empty=True)
    autoscaling: Optional[ScalingRecord] = internal(None)
    """Written in ``pdSpec.autoScalingSpec`` (``DisaggregationRecord``), not in the side's own block."""

    @crd_property("nodeSelector", as_map=True)
    def node_labels(self) -> Pairs:
        """The labels of the nodes this side runs on: its instance type, and its group when it names one."""
        return _node_labels(self.instance_type, self.instance_group)


def _node_labels(instance_type: str, instance_group: Optional[str]) -> Pairs:
    group = ((INSTANCE_GROUP_LABEL, instance_group),) if instance_group is not None else ()
    return ((INSTANCE_TYPE_LABEL, instance_type), *group)


@dataclass(frozen=True, kw_only=True)
class TopologyRecord:
    same_az: Optional[bool] = crd("sameAZ", None)
    availability_zone: Optional[str] = None
    placement_group: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class DisaggregationRecord:
    prefill: SideRecord = crd("prefillSpec")
    decode: SideRecord = crd("decodingSpec")  # the CRD spells the decode side "decoding"
    routing_threshold_tokens: Optional[int] = crd("routingThreshold", None)
    topology: Optional[TopologyRecord] = crd("topologySpec", None)

    @property
    def sides(self) -> tuple[SideRecord, SideRecord]:
        return self.prefill, self.decode

    @crd_property("autoScalingSpec")
    def sides_autoscaling(self) -> "SidesAutoscalingRecord":
        return SidesAutoscalingRecord(prefill_auto_scaling=self.prefill.autoscaling,
                                      decoding_auto_scaling=self.decode.autoscaling)


@dataclass(frozen=True, kw_only=True)
class SidesAutoscalingRecord:
    """``pdSpec.autoScalingSpec``: each side's autoscaling."""

    prefill_auto_scaling: Optional[ScalingRecord] = None
    decoding_auto_scaling: Optional[ScalingRecord] = None


@dataclass(frozen=True, kw_only=True)
class ContainerResourcesRecord:
    """An operator-managed container's complete resource block (operator v3.4's ``*Resources`` fields)."""

    requests: Pairs = crd(default=(), as_map=True)
    limits: Pairs = crd(default=(), as_map=True)


@dataclass(frozen=True, kw_only=True)
class TolerationRecord:
    """One of the pods' ``tolerations`` (operator v3.7), as Kubernetes writes a toleration."""

    key: Optional[str] = None
    operator: str = "Equal"
    value: Optional[str] = None
    effect: Optional[str] = None
    toleration_seconds: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class SharedSpec:
    """The blocks both operator CRDs share."""

    kv_cache: Optional[KvCacheRecord] = crd("kvCacheSpec", None)
    routing: Optional[RoutingRecord] = crd("intelligentRoutingSpec", None)
    load_balancer: Optional[LoadBalancerRecord] = None
    tls: Optional[TlsRecord] = crd("", None)
    """Written as ``tlsConfig`` and ``dnsConfig``."""
    metrics: Optional[MetricsRecord] = None
    autoscaling: Optional[ScalingRecord] = crd("autoScalingSpec", None)
    data_capture: Optional[DataCaptureRecord] = None
    sagemaker_endpoint_name: Optional[str] = crd({"InferenceEndpointConfig": "endpointName",
                                                  "JumpStartModel": "sageMakerEndpoint.name"}, None)
    replicas: Optional[int] = None
    max_deploy_time_s: Optional[int] = crd("maxDeployTimeInSeconds", None)
    model_cache: Optional[ModelCacheRecord] = crd("modelCacheConfig", None)
    inference_gateway: Optional[str] = crd("inferenceGateway.name", None)
    """The Inference Gateway the endpoint attaches to (operator v3.6)."""
    metrics_sidecar_resources: Optional[ContainerResourcesRecord] = None
    """Operator v3.4, like the next two (documented, no published CRD)."""
    metrics_collector_resources: Optional[ContainerResourcesRecord] = None
    s3_uploader_resources: Optional[ContainerResourcesRecord] = None
    tolerations: tuple[TolerationRecord, ...] = ()
    """Operator v3.7 (documented, no published CRD)."""
    lmcache_mode: Optional[str] = crd("lmcache.mode", None)
    """Operator v3.7 (documented, no published CRD)."""

    @crd_property("inferenceGateway.enabled")
    def inference_gateway_enabled(self) -> Optional[bool]:
        """``inferenceGateway.enabled``: True when attached (the operator's default is False)."""
        return True if self.inference_gateway is not None else None


@dataclass(frozen=True, kw_only=True)
class CustomSpec:
    """An ``InferenceEndpointConfig``: placement, model, the worker, disaggregated sides, tags."""

    model_name: str
    model: ModelLocation = crd("modelSourceConfig")
    image: str = crd("worker.image")
    port: int = crd("worker.modelInvocationPort.containerPort")
    resources: PodResources = crd("worker.resources", keep_empty=True)
    instance_type: Optional[str] = None
    instance_types: tuple[str, ...] = ()
    node_affinity: Optional[Any] = None
    """A frozen NodeAffinity mapping (with neither instance type set)."""
    model_version: Optional[str] = None
    invocation_path: Optional[str] = crd("invocationEndpoint", None)
    args: Optional[tuple[str, ...]] = crd("worker.args", None, keep_empty=True)
    """The container's args, parallelism included; None keeps the image's own command."""
    environment: tuple[EnvVar, ...] = crd("worker.environmentVariables", ())
    model_mount_path: Optional[str] = crd("worker.modelVolumeMount.mountPath", None)
    probes: Optional[ProbesRecord] = crd("worker.probes", None)
    request_limits: Optional[RequestLimitsRecord] = crd("worker.requestLimits", None)
    disaggregation: Optional[DisaggregationRecord] = crd("pdSpec", None)
    tags: Pairs = crd(default=(), as_name_value=True)
    pod_template_annotations: Pairs = crd("kubernetes.podTemplateAnnotations", (), as_map=True)
    """Operator v3.6 (documented, no published CRD)."""
    placement_types: tuple[str, ...] = internal(())
    """Every instance type the pods may run on (empty with node affinity)."""

    @crd_property("worker.modelVolumeMount.name")
    def model_volume_name(self) -> str:
        return MODEL_VOLUME_NAME

    @crd_property("kubernetes.volumes")
    def volumes(self) -> tuple[PodVolumeRecord, ...]:
        return self.model.volumes


@dataclass(frozen=True, kw_only=True)
class JumpStartSpec:
    """A ``JumpStartModel``."""

    model_id: str = crd("model.modelId")
    accept_eula: bool = crd("model.acceptEula")
    instance_type: str = crd("server.instanceType")
    hub_name: Optional[str] = crd("model.modelHubName", None)
    model_version: Optional[str] = crd("model.modelVersion", None)
    gated_model_role_arn: Optional[str] = crd("model.gatedModelDownloadRole", None)
    execution_role_arn: Optional[str] = crd("server.executionRole", None)
    accelerator_partition_type: Optional[str] = crd("server.acceleratorPartitionType", None)
    """``"mig-<profile>"``, or None for whole GPUs."""
    environment: Pairs = crd("environmentVariables", (), as_name_value=True)
    is_gated: bool = internal(False)


@dataclass(frozen=True, kw_only=True)
class ModelWeightsCacheRecord:
    """A ModelWeightsCacheConfig (operator v3.3): the weights copied onto the local NVMe of the nodes it selects."""

    name: str = internal()
    namespace: str = internal()
    where: str = internal()
    model: ModelLocation = crd("modelSourceConfig")
    """The final ``modelSourceConfig`` values, as an endpoint's (the model store filled in for FSx)."""
    host_path: Optional[str] = None
    instance_type: str = internal()
    instance_group: Optional[str] = internal(None)

    @crd_property("nodeSelector", as_map=True)
    def node_labels(self) -> Pairs:
        """The nodes pre-warmed: those of the instance type, and of the group when it names one."""
        return _node_labels(self.instance_type, self.instance_group)


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
