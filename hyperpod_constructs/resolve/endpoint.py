"""The one resolver: a declared endpoint (custom or JumpStart) or scaled workload plus the platform's facts, turned
into its complete resolved record (``ResolvedEndpoint`` / ``ResolvedScaledWorkload``, ``resolve/records.py``).

Every value downstream readers need is worked out here, once: the namespace, the model name and the final
``modelSourceConfig`` values (the model store chosen for FSx), args with parallelism, routing, KV cache, per-pod
requests and limits, triggers with their final query and server address, TLS output URI, metrics port, data capture
URI, disaggregated sides. Rules, observability, the plan, IAM grants and the Kubernetes renderers read the record
and resolve nothing themselves. What can still be refused here (a query that needs a selector and has none) is
refused before anything renders.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional, Union

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..intent.autoscaling import Autoscaling, PrometheusTrigger, model_selector
from ..intent.data_capture import DataCapture
from ..intent.disaggregation import EFA_RESOURCE, DisaggregatedServing, DisaggregatedWorker
from ..intent.endpoint import InferenceEndpoint, smaller_share, whole_gpu_resources
from ..intent.endpoint_options import HttpProbe, Metrics, Probes, Tls
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.keda_workload import ScaledWorkload
from ..intent.kv_cache import KvCache
from ..intent.mig import mig_resource_name, partition_resources
from ..intent.model_cache import ModelCache, ModelWeightsCache
from ..intent.operator_fields import ContainerResources
from ..intent.model_source import (
    FsxModelSource, HuggingFaceModelSource, KubernetesVolumeModelSource, ModelSource, S3ModelSource, SecretKeyRef,
    model_location)
from .copying import copied
from .platform_model import PodDemand, ResolvedEndpoint, ResolvedPlatform
from .tiered_kv_cache import memory_percent
from .records import (
    CloudWatchTriggerRecord, ContainerResourcesRecord, CustomSpec, DataCaptureRecord, DisaggregationRecord, EnvVar, HttpProbeRecord,
    JumpStartSpec, KvCacheRecord, LoadBalancerRecord, MetricsRecord, ModelCacheRecord, ModelLocation,
    ModelWeightsCacheRecord, PodResources,
    ProbesRecord, PrometheusTriggerRecord, RequestLimitsRecord, ResolvedScaledWorkload, RoutingRecord, ScalingRecord,
    SecretRef, SharedSpec, SideRecord, TlsRecord, TolerationRecord, TopologyRecord, TriggerRecord, WakeHoldRecord)
from ..errors import require
from ..intent.names import is_rfc1035_label
from ..intent.routing import IntelligentRouting
from ..intent.slo import EndpointSlos
from ..intent.wake_hold import FALLBACK_SUFFIX, WAKE_TRIGGER_NAME

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


def resolve_endpoint(endpoint: Endpoint, platform: ResolvedPlatform,
                     slos: Optional[EndpointSlos] = None) -> ResolvedEndpoint:
    """The record of ``endpoint`` as declared, against ``platform``: what every reader sees. The defaults that
    depend on other fields come from ``endpoint.defaults``; the rest is copied from the fields by name."""
    namespace = endpoint.namespace or platform.namespace
    jumpstart = isinstance(endpoint, JumpStartEndpoint)
    metrics_model = endpoint.model_id if jumpstart else (endpoint.model_name or endpoint.name)
    selector = model_selector(metrics_model, namespace)
    spec: Union[CustomSpec, JumpStartSpec]
    if isinstance(endpoint, JumpStartEndpoint):
        spec, metrics_port = _jumpstart_spec(endpoint), None
    else:
        spec, metrics_port = _custom_spec(endpoint, platform, selector), _default_metrics_port(endpoint)
    return ResolvedEndpoint(
        name=endpoint.name, namespace=namespace, max_replicas=endpoint.max_pods, where=endpoint.where,
        kind="jumpstart" if jumpstart else "inference-endpoint",
        intelligent_routing=endpoint.defaults.routing is not None, kv_cache=endpoint.defaults.kv_cache is not None,
        slos=slos,
        demands=_jumpstart_demands(endpoint) if jumpstart else _custom_demands(endpoint),  # type: ignore[arg-type]
        shared=_shared_spec(endpoint, platform, selector, metrics_port), spec=spec)


def resolve_weights_cache(cache: ModelWeightsCache, platform: ResolvedPlatform) -> ModelWeightsCacheRecord:
    """A ModelWeightsCacheConfig with its final model source (an FSx source reads the platform's model store)."""
    return copied(ModelWeightsCacheRecord, cache, namespace=cache.namespace or platform.namespace,
                  model=_model_location(cache.model, platform))


def resolve_scaled_workload(workload: ScaledWorkload, platform: ResolvedPlatform) -> ResolvedScaledWorkload:
    """A scaled workload with its final triggers (query selector and AMP server filled in) and the region."""
    return ResolvedScaledWorkload(
        name=workload.name, namespace=workload.namespace, target_kind=workload.target_kind,
        target_api_version=workload.api_version, target_name=workload.target_name,
        authentication_name=workload.authentication_name, region=platform.region, where=workload.where,
        autoscaling=resolve_scaling(workload.autoscaling, platform, workload.where, workload.selector))


# ---- plan demands ---------------------------------------------------------------------------------------------

def _jumpstart_demands(endpoint: JumpStartEndpoint) -> tuple[PodDemand, ...]:
    fits = endpoint.memory_fits()
    return (PodDemand(endpoint.name, "jumpstart", endpoint.instance_type, endpoint.min_pods, endpoint.max_pods,
                      gpus=None, partition=endpoint.partition_profile, memory=fits[0].summary() if fits else None,
                      weights_gb=endpoint.size.weight_gb if endpoint.size is not None else None),)


def _custom_demands(endpoint: InferenceEndpoint) -> tuple[PodDemand, ...]:
    """One demand (the first instance type it may run on stands for all of them in the plan), or one per side."""
    weights_gb = endpoint.model.size.weight_gb if endpoint.model.size is not None else None
    serving = endpoint.defaults.disaggregation
    if serving is not None:
        memory = {side: fit.summary() for side, fit in endpoint.side_memory_fits()}
        return tuple(PodDemand(f"{endpoint.name}/{side}", f"custom, {side}", worker.instance_type, worker.min_pods,
                               worker.max_pods, gpus=0 if worker.partition_profile else worker.gpus,
                               partition=worker.partition_profile, memory=memory.get(side), side=side,
                               weights_gb=weights_gb)
                     for side, worker in serving.workers())
    fits = endpoint.memory_fits()
    return (PodDemand(endpoint.name, "custom", (endpoint.placement_types or ("any",))[0], endpoint.min_pods,
                      endpoint.max_pods, gpus=endpoint.gpu_request, partition=endpoint.partition_profile,
                      memory=fits[0].summary() if fits else None, instance_types=endpoint.placement_types,
                      weights_gb=weights_gb),)


# ---- the blocks both kinds share --------------------------------------------------------------------------------

def _shared_spec(endpoint: Endpoint, platform: ResolvedPlatform, selector: str,
                 metrics_port: Optional[int]) -> SharedSpec:
    where, defaults = endpoint.where, endpoint.defaults
    routing: Optional[IntelligentRouting] = defaults.routing
    return copied(
        SharedSpec, endpoint,
        kv_cache=_kv_cache(defaults.kv_cache) if defaults.kv_cache is not None else None,
        routing=RoutingRecord(strategy=routing.strategy.value, autoscaling=resolve_scaling(
            routing.autoscaling, platform, f"{where} router", None) if routing.autoscaling is not None else None)
        if routing is not None else None,
        load_balancer=copied(LoadBalancerRecord, defaults.load_balancer),
        tls=_tls(endpoint.tls, platform) if endpoint.tls is not None else None,
        metrics=_metrics(endpoint.metrics, metrics_port) if endpoint.metrics is not None else None,
        autoscaling=resolve_scaling(defaults.autoscaling, platform, where, selector,
                                    route=(endpoint.name, endpoint.namespace or platform.namespace))
        if defaults.autoscaling is not None else None,
        data_capture=_data_capture(endpoint.data_capture) if endpoint.data_capture is not None else None,
        model_cache=_model_cache(endpoint.model_cache) if endpoint.model_cache is not None else None,
        metrics_sidecar_resources=_container_resources(endpoint.metrics_sidecar_resources),
        metrics_collector_resources=_container_resources(endpoint.metrics_collector_resources),
        s3_uploader_resources=_container_resources(endpoint.s3_uploader_resources),
        tolerations=tuple(copied(TolerationRecord, toleration) for toleration in endpoint.tolerations))


def _container_resources(resources: Optional[ContainerResources]) -> Optional[ContainerResourcesRecord]:
    if resources is None:
        return None
    return ContainerResourcesRecord(requests=tuple(resources.requests.items()), limits=tuple(resources.limits.items()))


def _model_cache(cache: ModelCache) -> ModelCacheRecord:
    # Only the caches turned on are written (the operator's default for each is off).
    return copied(ModelCacheRecord, cache, weights=cache.weights or None, image=cache.image or None)


def resolve_scaling(autoscaling: Autoscaling, platform: ResolvedPlatform, where: str,
                    selector: Optional[str] = None, route: Optional[tuple[str, str]] = None) -> ScalingRecord:
    """Autoscaling with its final triggers: ``{selector}`` filled in each query (raises when a query needs one and
    there is none), the server the trigger names or else the platform's AMP query URL, the bound CloudWatch trigger.
    An endpoint's own autoscaling passes its ``route`` (name, namespace): a wake hold becomes a route of that name and
    one more Prometheus trigger reading the requests held on it; elsewhere a wake hold is refused."""
    triggers: list[TriggerRecord] = []
    for trigger in autoscaling.all_triggers:
        if isinstance(trigger, PrometheusTrigger):
            triggers.append(copied(PrometheusTriggerRecord, trigger, query=trigger.resolved_query(where, selector),
                                   server_address=trigger.server_address or platform.prometheus_query_url))
        else:
            triggers.append(copied(CloudWatchTriggerRecord, trigger, dimensions=tuple(trigger.dimensions.items())))
    hold = autoscaling.wake_hold
    if hold is None:
        return copied(ScalingRecord, autoscaling, where=where, triggers=tuple(triggers), wake_hold=None)
    require(route is not None, where, "autoscaling.wake_hold", hold,
            "None here: a wake hold fronts an endpoint's own pods (not a router, a disaggregated side or a scaled "
            "workload); put it on the endpoint's autoscaling")
    assert route is not None
    name, namespace = route
    fallback = hold.fallback_name(name)
    require(is_rfc1035_label(fallback), where, "name", name,
            f"a name that leaves room for the wake hold's fallback Service {fallback!r} (a Service name: at most 63 "
            f"characters, starting with a letter): at most {63 - len(FALLBACK_SUFFIX)} characters, starting with a "
            "letter")
    triggers.append(PrometheusTriggerRecord(
        name=WAKE_TRIGGER_NAME, query=hold.query(name, namespace), target_value=hold.target_concurrency,
        metric_type="Average", activation_target_value=0, server_address=platform.prometheus_query_url))
    record = copied(WakeHoldRecord, hold, name=name, namespace=namespace,
                    caller_timeouts_s=tuple(hold.caller_timeouts_s.items()))
    return copied(ScalingRecord, autoscaling, where=where, triggers=tuple(triggers), wake_hold=record)


def _kv_cache(cache: KvCache) -> KvCacheRecord:
    return copied(KvCacheRecord, cache, l2_backend=cache.l2.backend.value if cache.l2 is not None else None,
                  l2_url=cache.l2.url if cache.l2 is not None else None)


def _tls(tls: Tls, platform: ResolvedPlatform) -> TlsRecord:
    # A self-signed certificate is written to the platform's TLS bucket unless the endpoint names its own place.
    output = tls.output_s3_uri if tls.acm_certificate_arn is not None else (
        tls.output_s3_uri or platform.tls_certificate_s3_uri)
    return copied(TlsRecord, tls, output_s3_uri=output)


def _metrics(metrics: Metrics, default_port: Optional[int]) -> MetricsRecord:
    port = metrics.model_metrics_port
    if port is None and metrics.enabled:
        port = default_port
    return copied(MetricsRecord, metrics, model_metrics_port=port)


def _default_metrics_port(endpoint: InferenceEndpoint) -> Optional[int]:
    # The guide: with intelligent routing, modelMetrics.port must equal the container port for router/cache metrics.
    if endpoint.defaults.routing is not None and 1024 <= endpoint.port <= 65535:
        return endpoint.port
    return None


def _data_capture(capture: DataCapture) -> DataCaptureRecord:
    return copied(DataCaptureRecord, capture, s3_uri=capture.s3_uri(),
                  capture_modes=tuple(mode.value for mode in capture.capture))


# ---- JumpStartModel ---------------------------------------------------------------------------------------------

def _jumpstart_spec(endpoint: JumpStartEndpoint) -> JumpStartSpec:
    profile = endpoint.partition_profile
    return copied(JumpStartSpec, endpoint, accelerator_partition_type=f"mig-{profile}" if profile is not None else None,
                  environment=tuple(endpoint.environment.items()))


# ---- InferenceEndpointConfig ------------------------------------------------------------------------------------

def _custom_spec(endpoint: InferenceEndpoint, platform: ResolvedPlatform, selector: str) -> CustomSpec:
    defaults = endpoint.defaults
    return copied(
        CustomSpec, endpoint,
        model_name=defaults.model_name, args=defaults.args, invocation_path=defaults.invocation_path,
        model=_model_location(endpoint.model, platform),
        resources=_worker_resources(endpoint, _tiered_storage_share(platform)),
        instance_type=endpoint.instance_type or None,
        environment=tuple(EnvVar(name, secret=copied(SecretRef, value)) if isinstance(value, SecretKeyRef)
                          else EnvVar(name, value=value) for name, value in endpoint.environment.items()),
        probes=_probes(defaults.probes, endpoint.port) if defaults.probes is not None else None,
        request_limits=copied(RequestLimitsRecord, defaults.request_limits),
        disaggregation=_disaggregation(defaults.disaggregation, platform, endpoint.where, selector)
        if defaults.disaggregation is not None else None,
        tags=tuple((tag.name, tag.value) for tag in endpoint.tags),
        pod_template_annotations=tuple(endpoint.pod_template_annotations.items()))


def _model_location(source: ModelSource, platform: ResolvedPlatform) -> ModelLocation:
    common = {"source_type": source.source_type.value, "prefetch": source.prefetch}
    if isinstance(source, S3ModelSource):
        return ModelLocation(**common, s3_bucket_name=source.bucket_name, s3_region=source.region or platform.region,
                             location=model_location(source.prefix), bucket=source.bucket)
    if isinstance(source, FsxModelSource):
        attributes = source.file_system_attributes
        store = platform.model_store
        if attributes is None and store is not None:
            attributes = (store.file_system_id, store.dns_name, store.mount_name)
        file_system_id, dns_name, mount_name = attributes or (None, None, None)
        return ModelLocation(**common, location=model_location(source.path), fsx_file_system_id=file_system_id,
                             fsx_dns_name=dns_name, fsx_mount_name=mount_name,
                             reads_model_store=source.file_system is None, file_system=source.file_system)
    if isinstance(source, HuggingFaceModelSource):
        return ModelLocation(**common, hf_model_id=source.model_id, hf_commit_sha=source.commit_sha,
                             hf_token=copied(SecretRef, source.token_secret))
    assert isinstance(source, KubernetesVolumeModelSource)
    return ModelLocation(**common, host_path=source.host_path, host_path_type=source.host_path_type,
                         volume_source=source.volume)


def _probes(probes: Probes, container_port: int) -> ProbesRecord:
    def probe(given: Optional[HttpProbe]) -> Optional[HttpProbeRecord]:
        if given is None:
            return None
        return copied(HttpProbeRecord, given, port=given.port or container_port)
    return ProbesRecord(readiness=probe(probes.readiness), liveness=probe(probes.liveness),
                        startup=probe(probes.startup))


def _tiered_storage_share(platform: ResolvedPlatform) -> Fraction:
    """The share of each node's memory HyperPod's tiered-storage daemon requests when the cluster enables tiered
    storage (it runs on every node then): a default pod memory leaves it, so that a node full of pods and the daemon
    fit (rules/tiered_storage.py)."""
    return Fraction(memory_percent(platform), 100) if platform.tiered_storage_enabled else Fraction(0)


def _worker_resources(endpoint: InferenceEndpoint, reserved_memory: Fraction = Fraction(0)) -> PodResources:
    """The GPU / MIG device in requests and limits; cpu / memory requests: the smallest share over the instance
    types the pod may run on (so it fits each), less ``reserved_memory`` of each node's memory, unless given."""
    share: dict[str, str] = {}
    device: dict[str, str] = {}
    infos = [info for info in (lookup_instance_type(name) for name in endpoint.placement_types) if info is not None]
    known = infos and len(infos) == len(endpoint.placement_types)
    if endpoint.accelerator_partition is not None:
        device[mig_resource_name(endpoint.accelerator_partition)] = "1"
        if known:
            share.update(_smallest_share([partition_resources(info.name, endpoint.accelerator_partition,
                                                                 endpoint.where) for info in infos]))
    elif endpoint.gpu_request > 0:
        device["nvidia.com/gpu"] = str(endpoint.gpu_request)
        if known:
            share.update(_smallest_share([whole_gpu_resources(info, endpoint.gpu_request, reserved_memory)
                                          for info in infos]))
    return _pod_resources(share, device, endpoint.cpu, endpoint.memory)


def _pod_resources(share: dict[str, str], device: dict[str, str], cpu: Union[str, int, float, None],
                   memory: Optional[str]) -> PodResources:
    """Requests: the cpu / memory ``share`` with what the user gave instead, then the devices; limits: the devices."""
    requests = dict(share)
    if cpu is not None:
        requests["cpu"] = str(cpu)
    if memory is not None:
        requests["memory"] = memory
    return PodResources(requests=tuple({**requests, **device}.items()), limits=tuple(device.items()))


def _smallest_share(shares: list[dict[str, str]]) -> dict[str, str]:
    """The cpu / memory requests that fit every instance type ``shares`` (one per type) are for."""
    share = {"cpu": shares[0]["cpu"], "memory": shares[0]["memory"]}
    for other in shares[1:]:
        share = smaller_share(share, other)
    return share


def _disaggregation(serving: DisaggregatedServing, platform: ResolvedPlatform, where: str,
                    selector: str) -> DisaggregationRecord:
    sides = {side: _side(side, worker, platform, where, selector) for side, worker in serving.workers()}
    topology = serving.topology
    return copied(DisaggregationRecord, serving, prefill=sides["prefill"], decode=sides["decode"],
                  topology=copied(TopologyRecord, topology))


def _side(side: str, worker: DisaggregatedWorker, platform: ResolvedPlatform, where: str,
          selector: str) -> SideRecord:
    """Requests and limits: the GPU or MIG device and the EFA devices (limits == requests), cpu / memory."""
    info = lookup_instance_type(worker.instance_type)
    assert info is not None  # validated
    device: dict[str, str] = {}
    profile = worker.partition_profile
    if worker.accelerator_partition is not None:
        share = partition_resources(worker.instance_type, worker.accelerator_partition, where,
                                    f"disaggregation.{side}.accelerator_partition")
        requests = {"cpu": share["cpu"], "memory": share["memory"]}
        device[mig_resource_name(worker.accelerator_partition)] = "1"
    else:
        requests = whole_gpu_resources(info, worker.gpus or 1, _tiered_storage_share(platform))
        device["nvidia.com/gpu"] = str(worker.gpus or 1)
    device[EFA_RESOURCE] = str(worker.efa_devices)
    return copied(
        SideRecord, worker, side=side, gpus=0 if profile else (worker.gpus or 1), partition_profile=profile,
        resources=_pod_resources(requests, device, worker.cpu, worker.memory),
        autoscaling=resolve_scaling(worker.autoscaling, platform, f"{where} {side}", selector)
        if worker.autoscaling is not None else None)
