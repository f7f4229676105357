"""InferenceEndpointConfig (inference.sagemaker.aws.amazon.com/v1): a custom model deployment's manifest.

Model source, worker (image, args, resources, probes, request limits), disaggregated prefill/decode (``pdSpec``)
and the blocks shared with JumpStartModel (``operator_spec.common_spec``).
"""
from __future__ import annotations

from typing import Any, Optional

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..intent.autoscaling import model_selector
from ..intent.disaggregation import (
    AUTOSCALING_KEYS, EFA_RESOURCE, INSTANCE_GROUP_LABEL, INSTANCE_TYPE_LABEL, SIDES, SPEC_KEYS,
    DisaggregatedServing, DisaggregatedWorker, Side, Topology)
from ..intent.endpoint import API_VERSION, KIND, MODEL_VOLUME_NAME, InferenceEndpoint, smaller_share, whole_gpu_resources
from ..intent.endpoint_options import HttpProbe, Probes, RequestLimits
from ..intent.frozen import thaw
from ..intent.mig import mig_resource_name, partition_resources
from ..intent.model_source import (
    FsxModelSource, HuggingFaceModelSource, KubernetesVolumeModelSource, ModelSource, S3ModelSource,
    SecretKeyRef, model_location)
from ..intent.platform_model import ResolvedPlatform
from .operator_spec import autoscaling_spec, common_spec, put


def inference_endpoint_manifest(endpoint: InferenceEndpoint, platform: ResolvedPlatform) -> dict[str, Any]:
    """The InferenceEndpointConfig as a plain dict (unset options omitted: the operator's defaults apply)."""
    endpoint = endpoint.resolve()
    where = endpoint.where
    namespace = endpoint.resolved_namespace(platform)
    spec: dict[str, Any] = {"modelName": endpoint.model_name}
    put(spec, "endpointName", endpoint.sagemaker_endpoint_name)
    put(spec, "modelVersion", endpoint.model_version)
    if endpoint.instance_type:
        spec["instanceType"] = endpoint.instance_type
    elif endpoint.instance_types:
        spec["instanceTypes"] = list(endpoint.instance_types)
    else:
        spec["nodeAffinity"] = thaw(endpoint.node_affinity or {})
    put(spec, "replicas", endpoint.replicas)
    put(spec, "invocationEndpoint", endpoint.invocation_path)
    put(spec, "maxDeployTimeInSeconds", endpoint.max_deploy_time_s)
    spec["modelSourceConfig"] = model_source_config(endpoint.model, platform, where)
    spec["worker"] = _worker(endpoint)
    volumes = pod_volumes(endpoint.model, MODEL_VOLUME_NAME)
    if volumes:
        spec["kubernetes"] = {"volumes": volumes}
    spec.update(common_spec(endpoint, platform, endpoint.model_name or endpoint.name, _default_metrics_port(endpoint)))
    if endpoint.disaggregation is not None:
        spec["pdSpec"] = pd_spec(endpoint.disaggregation, platform, where,
                                 selector=model_selector(endpoint.model_name or endpoint.name, namespace))
    if endpoint.tags:
        spec["tags"] = [{"name": tag.name, "value": tag.value} for tag in endpoint.tags]
    return {"apiVersion": API_VERSION, "kind": KIND,
            "metadata": {"name": endpoint.name, "namespace": namespace}, "spec": spec}


def _worker(endpoint: InferenceEndpoint) -> dict[str, Any]:
    worker: dict[str, Any] = {"image": endpoint.image}
    if endpoint.args is not None:
        worker["args"] = list(endpoint.args)
    if endpoint.environment:
        worker["environmentVariables"] = [
            {"name": key, "valueFrom": {"secretKeyRef": secret_key_ref(value)}} if isinstance(value, SecretKeyRef)
            else {"name": key, "value": value} for key, value in endpoint.environment.items()]
    worker["modelInvocationPort"] = {"containerPort": endpoint.port}
    mount: dict[str, Any] = {"name": MODEL_VOLUME_NAME}
    put(mount, "mountPath", endpoint.model_mount_path)
    worker["modelVolumeMount"] = mount
    worker["resources"] = worker_resources(endpoint)
    if endpoint.probes is not None:
        probes = probes_spec(endpoint.probes, endpoint.port)
        if probes:
            worker["probes"] = probes
    if endpoint.request_limits is not None:
        worker["requestLimits"] = request_limits_spec(endpoint.request_limits)
    return worker


def _default_metrics_port(endpoint: InferenceEndpoint) -> Optional[int]:
    # The guide: with intelligent routing, modelMetrics.port must equal the container port for router/cache metrics.
    if endpoint.intelligent_routing is not None and 1024 <= endpoint.port <= 65535:
        return endpoint.port
    return None


def worker_resources(endpoint: InferenceEndpoint) -> dict[str, Any]:
    """``worker.resources``: the GPU / MIG device in requests and limits, cpu / memory requests."""
    requests: dict[str, str] = {}
    device: dict[str, str] = {}
    infos = [info for info in (lookup_instance_type(name) for name in endpoint.placement_types) if info is not None]
    known = infos and len(infos) == len(endpoint.placement_types)
    if endpoint.accelerator_partition is not None:
        device[mig_resource_name(endpoint.accelerator_partition)] = "1"
        if known:
            shares = [partition_resources(info.name, endpoint.accelerator_partition, endpoint.where) for info in infos]
            share = shares[0]
            for other in shares[1:]:
                share = {**share, **smaller_share(share, other)}
            requests.update({"cpu": share["cpu"], "memory": share["memory"]})
    elif endpoint.gpu_request > 0:
        device["nvidia.com/gpu"] = str(endpoint.gpu_request)
        if known:
            shares = [whole_gpu_resources(info, endpoint.gpu_request) for info in infos]
            share = shares[0]
            for other in shares[1:]:
                share = smaller_share(share, other)
            requests.update(share)
    if endpoint.cpu is not None:
        requests["cpu"] = str(endpoint.cpu)
    if endpoint.memory is not None:
        requests["memory"] = endpoint.memory
    requests.update(device)
    resources: dict[str, Any] = {}
    if device:
        resources["limits"] = dict(device)  # extended resources must have limits == requests
    if requests:
        resources["requests"] = requests
    return resources


def request_limits_spec(limits: RequestLimits) -> dict[str, Any]:
    spec: dict[str, Any] = {"maxConcurrentRequests": limits.max_concurrent_requests}
    put(spec, "maxQueueSize", limits.max_queue_size)
    spec["overflowStatusCode"] = limits.overflow_status_code
    return spec


def http_probe(probe: HttpProbe, container_port: int) -> dict[str, Any]:
    """A Kubernetes HTTP GET probe; without its own port it probes the container port."""
    out: dict[str, Any] = {"httpGet": {"path": probe.path, "port": probe.port or container_port}}
    put(out, "initialDelaySeconds", probe.initial_delay_s)
    put(out, "periodSeconds", probe.period_s)
    put(out, "timeoutSeconds", probe.timeout_s)
    put(out, "failureThreshold", probe.failure_threshold)
    return out


def probes_spec(probes: Probes, container_port: int) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    for name, key in (("readiness", "readinessProbe"), ("liveness", "livenessProbe"), ("startup", "startupProbe")):
        probe = getattr(probes, name)
        if probe is not None:
            spec[key] = http_probe(probe, container_port)
    return spec


# ---- modelSourceConfig ----------------------------------------------------------------------------------

def model_source_config(source: ModelSource, platform: ResolvedPlatform, where: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"modelSourceType": source.source_type.value}
    spec.update(_storage(source, platform, where))
    put(spec, "prefetchEnabled", source.prefetch)
    return spec


def _storage(source: ModelSource, platform: ResolvedPlatform, where: str) -> dict[str, Any]:
    if isinstance(source, S3ModelSource):
        spec: dict[str, Any] = {"s3Storage": {"bucketName": source.bucket_name, "region": source.region or platform.region}}
        put(spec, "modelLocation", model_location(source.prefix))
        return spec
    if isinstance(source, FsxModelSource):
        return _fsx_storage(source, platform)
    if isinstance(source, HuggingFaceModelSource):
        hf: dict[str, Any] = {"modelId": source.model_id}
        put(hf, "commitSHA", source.commit_sha)
        if source.token_secret is not None:
            hf["tokenSecretRef"] = secret_key_ref(source.token_secret)
        return {"huggingFaceModel": hf}
    return {}  # a Kubernetes volume: the pod volume says it all (pod_volumes)


def _fsx_storage(source: FsxModelSource, platform: ResolvedPlatform) -> dict[str, Any]:
    attributes = source.file_system_attributes
    if attributes is None:
        store = platform.model_store
        if store is None:  # the rule fsx-needs-model-store refuses the app at synth and export
            return {"modelLocation": model_location(source.path)}
        attributes = (store.file_system_id, store.dns_name, store.mount_name)
    file_system_id, dns_name, mount_name = attributes
    storage: dict[str, Any] = {"fileSystemId": file_system_id}
    put(storage, "dnsName", dns_name)
    put(storage, "mountName", mount_name)
    spec: dict[str, Any] = {"fsxStorage": storage}
    put(spec, "modelLocation", model_location(source.path))
    return spec


def secret_key_ref(ref: SecretKeyRef) -> dict[str, Any]:
    out: dict[str, Any] = {"name": ref.name, "key": ref.key}
    put(out, "optional", ref.optional)
    return out


def pod_volumes(source: ModelSource, volume_name: str) -> list[dict[str, Any]]:
    """Extra pod volumes for ``spec.kubernetes.volumes`` (only the Kubernetes volume source has one)."""
    if not isinstance(source, KubernetesVolumeModelSource):
        return []
    if source.host_path is not None:
        volume: dict[str, Any] = {"hostPath": {"path": source.host_path, "type": source.host_path_type}}
    else:
        assert source.volume is not None
        volume = thaw(source.volume)
    return [{"name": volume_name, **volume}]


# ---- pdSpec -------------------------------------------------------------------------------------------------

def pd_spec(serving: DisaggregatedServing, platform: ResolvedPlatform, where: str,
            selector: Optional[str] = None) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    scaling: dict[str, Any] = {}
    for side in SIDES:
        worker: DisaggregatedWorker = getattr(serving, side)
        role: dict[str, Any] = {}
        if worker.args:
            role["args"] = list(worker.args)
        role["nodeSelector"] = side_node_selector(worker)
        put(role, "replicas", worker.replicas)
        role["resources"] = side_resources(worker, where, side)
        spec[SPEC_KEYS[side]] = role
        if worker.autoscaling is not None:
            scaling[AUTOSCALING_KEYS[side]] = autoscaling_spec(worker.autoscaling, platform, f"{where} {side}",
                                                               selector=selector)
    put(spec, "routingThreshold", serving.routing_threshold_tokens)
    if serving.topology is not None:
        topology = topology_spec(serving.topology)
        if topology:
            spec["topologySpec"] = topology
    if scaling:
        spec["autoScalingSpec"] = scaling
    return spec


def topology_spec(topology: Topology) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    put(spec, "sameAZ", topology.same_az)
    put(spec, "availabilityZone", topology.availability_zone)
    put(spec, "placementGroup", topology.placement_group)
    return spec


def side_node_selector(worker: DisaggregatedWorker) -> dict[str, str]:
    selector = {INSTANCE_TYPE_LABEL: worker.instance_type}
    put(selector, INSTANCE_GROUP_LABEL, worker.instance_group)
    return selector


def side_resources(worker: DisaggregatedWorker, where: str, side: Side) -> dict[str, Any]:
    """Requests and limits: the GPU or MIG device and the EFA devices (limits == requests), cpu / memory."""
    info = lookup_instance_type(worker.instance_type)
    assert info is not None  # validated
    device: dict[str, str] = {}
    if worker.accelerator_partition is not None:
        share = partition_resources(worker.instance_type, worker.accelerator_partition, where,
                                    f"disaggregation.{side}.accelerator_partition")
        requests = {"cpu": share["cpu"], "memory": share["memory"]}
        device[mig_resource_name(worker.accelerator_partition)] = "1"
    else:
        requests = whole_gpu_resources(info, worker.gpus or 1)
        device["nvidia.com/gpu"] = str(worker.gpus or 1)
    device[EFA_RESOURCE] = str(worker.efa_devices)
    put(requests, "cpu", worker.cpu)
    put(requests, "memory", worker.memory)
    return {"limits": dict(device), "requests": {**requests, **device}}
