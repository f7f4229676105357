"""InferenceEndpointConfig (inference.sagemaker.aws.amazon.com/v1): a custom model deployment's manifest.

Model source, worker (image, args, resources, probes, request limits), disaggregated prefill/decode (``pdSpec``)
and the blocks shared with JumpStartModel (``operator_spec.common_spec``).
"""
from __future__ import annotations

from typing import Any

from ..plain_data import plain_data
from ..intent.disaggregation import AUTOSCALING_KEYS, INSTANCE_GROUP_LABEL, INSTANCE_TYPE_LABEL, SPEC_KEYS
from ..intent.endpoint import API_VERSION, KIND, MODEL_VOLUME_NAME
from ..intent.platform_model import ResolvedEndpoint
from ..intent.records import (
    CustomSpec, DisaggregationRecord, EnvVar, HttpProbeRecord, ModelLocation, PodResources, ProbesRecord,
    RequestLimitsRecord, SecretRef, SideRecord, TopologyRecord)
from .operator_spec import autoscaling_spec, common_spec, put


def inference_endpoint_manifest(endpoint: ResolvedEndpoint) -> dict[str, Any]:
    """The InferenceEndpointConfig as a plain dict (unset options omitted: the operator's defaults apply)."""
    custom, shared = endpoint.spec, endpoint.shared
    assert isinstance(custom, CustomSpec) and shared is not None  # a record endpoint_resolution built
    spec: dict[str, Any] = {"modelName": custom.model_name}
    put(spec, "endpointName", shared.sagemaker_endpoint_name)
    put(spec, "modelVersion", custom.model_version)
    if custom.instance_type:
        spec["instanceType"] = custom.instance_type
    elif custom.instance_types:
        spec["instanceTypes"] = list(custom.instance_types)
    else:
        spec["nodeAffinity"] = plain_data(custom.node_affinity or {})
    put(spec, "replicas", shared.replicas)
    put(spec, "invocationEndpoint", custom.invocation_path)
    put(spec, "maxDeployTimeInSeconds", shared.max_deploy_time_s)
    spec["modelSourceConfig"] = model_source_config(custom.model)
    spec["worker"] = _worker(custom)
    volumes = pod_volumes(custom.model, MODEL_VOLUME_NAME)
    if volumes:
        spec["kubernetes"] = {"volumes": volumes}
    spec.update(common_spec(shared))
    if custom.disaggregation is not None:
        spec["pdSpec"] = pd_spec(custom.disaggregation)
    if custom.tags:
        spec["tags"] = [{"name": name, "value": value} for name, value in custom.tags]
    return {"apiVersion": API_VERSION, "kind": KIND,
            "metadata": {"name": endpoint.name, "namespace": endpoint.namespace}, "spec": spec}


def _worker(custom: CustomSpec) -> dict[str, Any]:
    worker: dict[str, Any] = {"image": custom.image}
    if custom.args is not None:
        worker["args"] = list(custom.args)
    if custom.environment:
        worker["environmentVariables"] = [environment_variable(variable) for variable in custom.environment]
    worker["modelInvocationPort"] = {"containerPort": custom.port}
    mount: dict[str, Any] = {"name": MODEL_VOLUME_NAME}
    put(mount, "mountPath", custom.model_mount_path)
    worker["modelVolumeMount"] = mount
    worker["resources"] = worker_resources(custom.resources)
    if custom.probes is not None:
        probes = probes_spec(custom.probes)
        if probes:
            worker["probes"] = probes
    if custom.request_limits is not None:
        worker["requestLimits"] = request_limits_spec(custom.request_limits)
    return worker


def environment_variable(variable: EnvVar) -> dict[str, Any]:
    if variable.secret is not None:
        return {"name": variable.name, "valueFrom": {"secretKeyRef": secret_key_ref(variable.secret)}}
    return {"name": variable.name, "value": variable.value}


def worker_resources(resources: PodResources) -> dict[str, Any]:
    """``worker.resources``: device limits (== requests) and requests, each only when there are any."""
    spec: dict[str, Any] = {}
    if resources.limits:
        spec["limits"] = dict(resources.limits)
    if resources.requests:
        spec["requests"] = dict(resources.requests)
    return spec


def request_limits_spec(limits: RequestLimitsRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {"maxConcurrentRequests": limits.max_concurrent_requests}
    put(spec, "maxQueueSize", limits.max_queue_size)
    spec["overflowStatusCode"] = limits.overflow_status_code
    return spec


def http_probe(probe: HttpProbeRecord) -> dict[str, Any]:
    """A Kubernetes HTTP GET probe."""
    out: dict[str, Any] = {"httpGet": {"path": probe.path, "port": probe.port}}
    put(out, "initialDelaySeconds", probe.initial_delay_s)
    put(out, "periodSeconds", probe.period_s)
    put(out, "timeoutSeconds", probe.timeout_s)
    put(out, "failureThreshold", probe.failure_threshold)
    return out


def probes_spec(probes: ProbesRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    for key, probe in (("readinessProbe", probes.readiness), ("livenessProbe", probes.liveness),
                       ("startupProbe", probes.startup)):
        if probe is not None:
            spec[key] = http_probe(probe)
    return spec


# ---- modelSourceConfig ----------------------------------------------------------------------------------

def model_source_config(model: ModelLocation) -> dict[str, Any]:
    spec: dict[str, Any] = {"modelSourceType": model.source_type}
    spec.update(_storage(model))
    put(spec, "prefetchEnabled", model.prefetch)
    return spec


def _storage(model: ModelLocation) -> dict[str, Any]:
    if model.s3_bucket_name is not None:
        spec: dict[str, Any] = {"s3Storage": {"bucketName": model.s3_bucket_name, "region": model.s3_region}}
        put(spec, "modelLocation", model.location)
        return spec
    if model.hf_model_id is not None:
        hf: dict[str, Any] = {"modelId": model.hf_model_id}
        put(hf, "commitSHA", model.hf_commit_sha)
        if model.hf_token is not None:
            hf["tokenSecretRef"] = secret_key_ref(model.hf_token)
        return {"huggingFaceModel": hf}
    if model.fsx_file_system_id is None:  # FSx without a model store (refused by a rule), or a Kubernetes volume
        return {"modelLocation": model.location} if model.reads_model_store else {}
    storage: dict[str, Any] = {"fileSystemId": model.fsx_file_system_id}
    put(storage, "dnsName", model.fsx_dns_name)
    put(storage, "mountName", model.fsx_mount_name)
    spec = {"fsxStorage": storage}
    put(spec, "modelLocation", model.location)
    return spec


def secret_key_ref(ref: SecretRef) -> dict[str, Any]:
    out: dict[str, Any] = {"name": ref.name, "key": ref.key}
    put(out, "optional", ref.optional)
    return out


def pod_volumes(model: ModelLocation, volume_name: str) -> list[dict[str, Any]]:
    """Extra pod volumes for ``spec.kubernetes.volumes`` (only the Kubernetes volume source has one)."""
    if model.host_path is not None:
        return [{"name": volume_name, "hostPath": {"path": model.host_path, "type": model.host_path_type}}]
    if model.volume_source is not None:
        return [{"name": volume_name, **plain_data(model.volume_source)}]
    return []


# ---- pdSpec -------------------------------------------------------------------------------------------------

def pd_spec(serving: DisaggregationRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    scaling: dict[str, Any] = {}
    for side in serving.sides:
        role: dict[str, Any] = {}
        if side.args:
            role["args"] = list(side.args)
        role["nodeSelector"] = side_node_selector(side)
        put(role, "replicas", side.replicas)
        role["resources"] = side_resources(side.resources)
        spec[SPEC_KEYS[side.side]] = role
        if side.autoscaling is not None:
            scaling[AUTOSCALING_KEYS[side.side]] = autoscaling_spec(side.autoscaling)
    put(spec, "routingThreshold", serving.routing_threshold_tokens)
    if serving.topology is not None:
        topology = topology_spec(serving.topology)
        if topology:
            spec["topologySpec"] = topology
    if scaling:
        spec["autoScalingSpec"] = scaling
    return spec


def topology_spec(topology: TopologyRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    put(spec, "sameAZ", topology.same_az)
    put(spec, "availabilityZone", topology.availability_zone)
    put(spec, "placementGroup", topology.placement_group)
    return spec


def side_node_selector(side: SideRecord) -> dict[str, str]:
    selector = {INSTANCE_TYPE_LABEL: side.instance_type}
    put(selector, INSTANCE_GROUP_LABEL, side.instance_group)
    return selector


def side_resources(resources: PodResources) -> dict[str, Any]:
    """Requests and limits of one side's pods: both always written (the GPU or MIG and EFA devices)."""
    return {"limits": dict(resources.limits), "requests": dict(resources.requests)}
