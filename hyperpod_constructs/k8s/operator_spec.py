"""The spec blocks InferenceEndpointConfig and JumpStartModel share, in the operator CRDs' camelCase shape.

KV cache, intelligent routing, ALB, TLS/DNS, metrics, autoscaling and data capture. Unset options are omitted so
the operator's documented defaults apply.
"""
from __future__ import annotations

from typing import Any, Optional, Union

from ..intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger, model_selector
from ..intent.data_capture import DataCapture
from ..intent.endpoint_options import LoadBalancer, Metrics, Tls
from ..intent.jumpstart import JumpStartEndpoint
from ..intent.endpoint import InferenceEndpoint
from ..intent.kv_cache import KvCache, L2Cache
from ..intent.platform_model import ResolvedPlatform
from ..intent.routing import IntelligentRouting

Deployment = Union[InferenceEndpoint, JumpStartEndpoint]


def put(target: dict[str, Any], key: str, value: Any) -> None:
    """Write only what the user set, so the CRD default applies otherwise."""
    if value is not None:
        target[key] = value


# ---- autoScalingSpec (endpoints, router, disaggregated sides) -------------------------------------------

# The CRD's defaults, for documentation; never written to manifests (unset fields are left out instead).
AUTOSCALING_DEFAULTS = {
    "minReplicaCount": 1, "maxReplicaCount": 5, "pollingInterval": 30, "cooldownPeriod": 300,
    "initialCooldownPeriod": 300, "scaleUpStabilizationTime": 0, "scaleDownStabilizationTime": 300,
}

def prometheus_trigger_spec(trigger: PrometheusTrigger, platform: ResolvedPlatform, where: str,
                            selector: Optional[str] = None) -> dict[str, object]:
    spec: dict[str, object] = {"name": trigger.name, "query": trigger.resolved_query(where, selector),
                               "targetValue": trigger.target_value, "metricType": trigger.metric_type}
    server_address = trigger.resolved_server_address(platform)
    if server_address:
        spec["serverAddress"] = server_address
    put(spec, "activationTargetValue", trigger.activation_target_value)
    put(spec, "namespace", trigger.namespace)
    put(spec, "useCachedMetrics", trigger.use_cached_metrics)
    return spec


def cloudwatch_trigger_spec(trigger: CloudWatchTrigger) -> dict[str, object]:
    spec: dict[str, object] = {
        "name": trigger.name, "namespace": trigger.namespace, "metricName": trigger.metric_name,
        "dimensions": [{"name": key, "value": value} for key, value in trigger.dimensions.items()],
        "metricStat": trigger.metric_stat, "targetValue": trigger.target_value,
    }
    put(spec, "metricType", trigger.metric_type)
    put(spec, "activationTargetValue", trigger.activation_target_value)
    put(spec, "minValue", trigger.min_value)
    put(spec, "metricCollectionStartTime", trigger.metric_collection_start_time)
    put(spec, "metricCollectionPeriod", trigger.metric_collection_period)
    put(spec, "useCachedMetrics", trigger.use_cached_metrics)
    return spec


def autoscaling_spec(autoscaling: Autoscaling, platform: ResolvedPlatform, where: str,
                     selector: Optional[str] = None) -> dict[str, object]:
    """The camelCase ``autoScalingSpec``; ``selector`` fills ``{selector}`` in helper-built PromQL queries."""
    spec: dict[str, object] = {"minReplicaCount": autoscaling.min_replicas,
                               "maxReplicaCount": autoscaling.max_replicas}
    put(spec, "pollingInterval", autoscaling.polling_interval_s)
    put(spec, "cooldownPeriod", autoscaling.cooldown_s)
    put(spec, "initialCooldownPeriod", autoscaling.initial_cooldown_s)
    put(spec, "scaleUpStabilizationTime", autoscaling.scale_up_stabilization_s)
    put(spec, "scaleDownStabilizationTime", autoscaling.scale_down_stabilization_s)
    if autoscaling.prometheus_triggers:
        spec["prometheusTriggerList"] = [prometheus_trigger_spec(trigger, platform, where, selector)
                                         for trigger in autoscaling.prometheus_triggers]
    if autoscaling.cloudwatch_triggers:
        spec["cloudWatchTriggerList"] = [cloudwatch_trigger_spec(trigger)
                                         for trigger in autoscaling.cloudwatch_triggers]
    return spec


# ---- the other shared blocks ------------------------------------------------------------------------------

def l2_cache_spec(l2: L2Cache) -> dict[str, Any]:
    spec: dict[str, Any] = {"l2CacheBackend": l2.backend.value}
    put(spec, "l2CacheLocalUrl", l2.url)
    return spec


def kv_cache_spec(kv_cache: KvCache) -> dict[str, Any]:
    spec: dict[str, Any] = {"enableL1Cache": kv_cache.l1}
    if kv_cache.l2 is not None:
        spec["enableL2Cache"] = True
        spec["l2CacheSpec"] = l2_cache_spec(kv_cache.l2)
    put(spec, "cacheConfigFile", kv_cache.cache_config_file)
    return spec


def routing_spec(routing: IntelligentRouting, platform: ResolvedPlatform, where: str) -> dict[str, Any]:
    # enabled and the strategy are written out: the spec is immutable once set, so say exactly what is meant.
    spec: dict[str, Any] = {"enabled": True, "routingStrategy": routing.strategy.value}
    if routing.autoscaling is not None:
        spec["autoScalingSpec"] = autoscaling_spec(routing.autoscaling, platform, f"{where} router")
    return spec


def load_balancer_spec(load_balancer: LoadBalancer) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    put(spec, "healthCheckPath", load_balancer.health_check_path)
    if load_balancer.routing_algorithm is not None:
        spec["routingAlgorithm"] = load_balancer.routing_algorithm.value
    return spec


def tls_config(tls: Tls, platform: ResolvedPlatform) -> Optional[dict[str, Any]]:
    """``spec.tlsConfig``, or None when there is nothing to say (operator default bucket)."""
    spec: dict[str, Any] = {}
    if tls.acm_certificate_arn is not None:
        spec["customCertificateConfig"] = {"acmArn": tls.acm_certificate_arn, "domainName": tls.domain_name}
        put(spec, "tlsCertificateOutputS3Uri", tls.output_s3_uri)
    else:
        put(spec, "tlsCertificateOutputS3Uri", tls.output_s3_uri or platform.tls_certificate_s3_uri)
    return spec or None


def dns_config(tls: Tls) -> Optional[dict[str, Any]]:
    """``spec.dnsConfig`` (Route 53 record management), or None."""
    return {"hostedZoneId": tls.hosted_zone_id} if tls.hosted_zone_id is not None else None


def metrics_spec(metrics: Metrics, default_model_metrics_port: Optional[int] = None) -> dict[str, Any]:
    """``spec.metrics`` with ``enabled`` explicit; the model metrics port follows ``default_model_metrics_port``."""
    spec: dict[str, Any] = {"enabled": metrics.enabled}
    put(spec, "metricsScrapeIntervalSeconds", metrics.scrape_interval_s)
    model_metrics: dict[str, Any] = {}
    put(model_metrics, "path", metrics.model_metrics_path)
    port = metrics.model_metrics_port
    if port is None and metrics.enabled:
        port = default_model_metrics_port
    put(model_metrics, "port", port)
    if model_metrics:
        spec["modelMetrics"] = model_metrics
    return spec


def data_capture_spec(capture: DataCapture) -> dict[str, Any]:
    """``spec.dataCapture`` (bucket and key are deploy-time values in the stack)."""
    key = capture.kms_key_id
    spec: dict[str, Any] = {"s3Uri": capture.s3_uri()}
    if capture.sagemaker_endpoint:
        spec["sagemakerEndpoint"] = _payload_tier(capture, key)
    if capture.load_balancer_access_logs:
        spec["loadBalancer"] = {"enabled": True}
    if capture.model_pod:
        tier = _payload_tier(capture, key)
        buffer: dict[str, Any] = {}
        put(buffer, "batchSize", capture.batch_size)
        put(buffer, "flushIntervalSeconds", capture.flush_interval_s)
        if buffer:
            tier["bufferConfig"] = buffer
        if capture.max_payload_kb is not None:
            tier["payloadConfig"] = {"maxPayloadSizeKB": capture.max_payload_kb}
        spec["modelPod"] = tier
    return spec


def _payload_tier(capture: DataCapture, kms_key_id: Optional[str]) -> dict[str, Any]:
    # Written out even where they equal the operator's defaults: what is captured should be readable in the YAML.
    tier: dict[str, Any] = {"enabled": True, "initialSamplingPercentage": capture.sampling_percentage,
                            "captureOptions": [{"captureMode": mode.value} for mode in capture.capture]}
    headers: dict[str, Any] = {}
    if capture.json_content_types:
        headers["jsonContentTypes"] = list(capture.json_content_types)
    if capture.csv_content_types:
        headers["csvContentTypes"] = list(capture.csv_content_types)
    if headers:
        tier["captureContentTypeHeader"] = headers
    put(tier, "kmsKeyId", kms_key_id)
    return tier


def common_spec(deployment: Deployment, platform: ResolvedPlatform, metrics_model: str,
                metrics_port: Optional[int] = None) -> dict[str, Any]:
    """The spec blocks both CRDs share: KV cache, routing, ALB, TLS/DNS, metrics, autoscaling, data capture.

    ``metrics_model`` is the ``model_name`` label autoscaling queries select on.
    """
    where = deployment.where
    spec: dict[str, Any] = {}
    if deployment.kv_cache is not None:
        spec["kvCacheSpec"] = kv_cache_spec(deployment.kv_cache)
    if deployment.intelligent_routing is not None:
        spec["intelligentRoutingSpec"] = routing_spec(deployment.intelligent_routing, platform, where)
    load_balancer = load_balancer_spec(deployment.load_balancer) if deployment.load_balancer is not None else None
    if load_balancer:
        spec["loadBalancer"] = load_balancer
    if deployment.tls is not None:
        tls, dns = tls_config(deployment.tls, platform), dns_config(deployment.tls)
        if tls:
            spec["tlsConfig"] = tls
        if dns:
            spec["dnsConfig"] = dns
    if deployment.metrics is not None:
        spec["metrics"] = metrics_spec(deployment.metrics, metrics_port)
    if deployment.autoscaling is not None:
        spec["autoScalingSpec"] = autoscaling_spec(
            deployment.autoscaling, platform, where,
            selector=model_selector(metrics_model, deployment.resolved_namespace(platform)))
    if deployment.data_capture is not None:
        spec["dataCapture"] = data_capture_spec(deployment.data_capture)
    return spec
