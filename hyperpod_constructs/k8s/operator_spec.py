"""The spec blocks InferenceEndpointConfig and JumpStartModel share, in the operator CRDs' camelCase shape.

KV cache, intelligent routing, ALB, TLS/DNS, metrics, autoscaling and data capture. Unset options are omitted so
the operator's documented defaults apply.
"""
from __future__ import annotations

from typing import Any, Optional

from ..intent.records import (
    CloudWatchTriggerRecord, DataCaptureRecord, KvCacheRecord, LoadBalancerRecord, MetricsRecord,
    PrometheusTriggerRecord, RoutingRecord, ScalingRecord, SharedSpec, TlsRecord)


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

def prometheus_trigger_spec(trigger: PrometheusTriggerRecord) -> dict[str, object]:
    spec: dict[str, object] = {"name": trigger.name, "query": trigger.query,
                               "targetValue": trigger.target_value, "metricType": trigger.metric_type}
    if trigger.server_address:
        spec["serverAddress"] = trigger.server_address
    put(spec, "activationTargetValue", trigger.activation_target_value)
    put(spec, "namespace", trigger.namespace)
    put(spec, "useCachedMetrics", trigger.use_cached_metrics)
    return spec


def cloudwatch_trigger_spec(trigger: CloudWatchTriggerRecord) -> dict[str, object]:
    spec: dict[str, object] = {
        "name": trigger.name, "namespace": trigger.namespace, "metricName": trigger.metric_name,
        "dimensions": [{"name": key, "value": value} for key, value in trigger.dimensions],
        "metricStat": trigger.metric_stat, "targetValue": trigger.target_value,
    }
    put(spec, "metricType", trigger.metric_type)
    put(spec, "activationTargetValue", trigger.activation_target_value)
    put(spec, "minValue", trigger.min_value)
    put(spec, "metricCollectionStartTime", trigger.metric_collection_start_time)
    put(spec, "metricCollectionPeriod", trigger.metric_collection_period)
    put(spec, "useCachedMetrics", trigger.use_cached_metrics)
    return spec


def autoscaling_spec(autoscaling: ScalingRecord) -> dict[str, object]:
    """The camelCase ``autoScalingSpec`` (the triggers' queries and servers are final in the record)."""
    spec: dict[str, object] = {"minReplicaCount": autoscaling.min_replicas,
                               "maxReplicaCount": autoscaling.max_replicas}
    put(spec, "pollingInterval", autoscaling.polling_interval_s)
    put(spec, "cooldownPeriod", autoscaling.cooldown_s)
    put(spec, "initialCooldownPeriod", autoscaling.initial_cooldown_s)
    put(spec, "scaleUpStabilizationTime", autoscaling.scale_up_stabilization_s)
    put(spec, "scaleDownStabilizationTime", autoscaling.scale_down_stabilization_s)
    if autoscaling.prometheus_triggers:
        spec["prometheusTriggerList"] = [prometheus_trigger_spec(trigger) for trigger in autoscaling.prometheus_triggers]
    if autoscaling.cloudwatch_triggers:
        spec["cloudWatchTriggerList"] = [cloudwatch_trigger_spec(trigger)
                                         for trigger in autoscaling.cloudwatch_triggers]
    return spec


# ---- the other shared blocks ------------------------------------------------------------------------------

def kv_cache_spec(kv_cache: KvCacheRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {"enableL1Cache": kv_cache.l1}
    if kv_cache.l2_backend is not None:
        spec["enableL2Cache"] = True
        l2: dict[str, Any] = {"l2CacheBackend": kv_cache.l2_backend}
        put(l2, "l2CacheLocalUrl", kv_cache.l2_url)
        spec["l2CacheSpec"] = l2
    put(spec, "cacheConfigFile", kv_cache.cache_config_file)
    return spec


def routing_spec(routing: RoutingRecord) -> dict[str, Any]:
    # enabled and the strategy are written out: the spec is immutable once set, so say exactly what is meant.
    spec: dict[str, Any] = {"enabled": True, "routingStrategy": routing.strategy}
    if routing.autoscaling is not None:
        spec["autoScalingSpec"] = autoscaling_spec(routing.autoscaling)
    return spec


def load_balancer_spec(load_balancer: LoadBalancerRecord) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    put(spec, "healthCheckPath", load_balancer.health_check_path)
    put(spec, "routingAlgorithm", load_balancer.routing_algorithm)
    return spec


def tls_config(tls: TlsRecord) -> Optional[dict[str, Any]]:
    """``spec.tlsConfig``, or None when there is nothing to say (operator default bucket)."""
    spec: dict[str, Any] = {}
    if tls.acm_certificate_arn is not None:
        spec["customCertificateConfig"] = {"acmArn": tls.acm_certificate_arn, "domainName": tls.domain_name}
    put(spec, "tlsCertificateOutputS3Uri", tls.output_s3_uri)
    return spec or None


def dns_config(tls: TlsRecord) -> Optional[dict[str, Any]]:
    """``spec.dnsConfig`` (Route 53 record management), or None."""
    return {"hostedZoneId": tls.hosted_zone_id} if tls.hosted_zone_id is not None else None


def metrics_spec(metrics: MetricsRecord) -> dict[str, Any]:
    """``spec.metrics`` with ``enabled`` explicit."""
    spec: dict[str, Any] = {"enabled": metrics.enabled}
    put(spec, "metricsScrapeIntervalSeconds", metrics.scrape_interval_s)
    model_metrics: dict[str, Any] = {}
    put(model_metrics, "path", metrics.model_metrics_path)
    put(model_metrics, "port", metrics.model_metrics_port)
    if model_metrics:
        spec["modelMetrics"] = model_metrics
    return spec


def data_capture_spec(capture: DataCaptureRecord) -> dict[str, Any]:
    """``spec.dataCapture`` (bucket and key are deploy-time values in the stack)."""
    spec: dict[str, Any] = {"s3Uri": capture.s3_uri}
    if capture.sagemaker_endpoint:
        spec["sagemakerEndpoint"] = _payload_tier(capture)
    if capture.load_balancer_access_logs:
        spec["loadBalancer"] = {"enabled": True}
    if capture.model_pod:
        tier = _payload_tier(capture)
        buffer: dict[str, Any] = {}
        put(buffer, "batchSize", capture.batch_size)
        put(buffer, "flushIntervalSeconds", capture.flush_interval_s)
        if buffer:
            tier["bufferConfig"] = buffer
        if capture.max_payload_kb is not None:
            tier["payloadConfig"] = {"maxPayloadSizeKB": capture.max_payload_kb}
        spec["modelPod"] = tier
    return spec


def _payload_tier(capture: DataCaptureRecord) -> dict[str, Any]:
    # Written out even where they equal the operator's defaults: what is captured should be readable in the YAML.
    tier: dict[str, Any] = {"enabled": True, "initialSamplingPercentage": capture.sampling_percentage,
                            "captureOptions": [{"captureMode": mode} for mode in capture.capture_modes]}
    headers: dict[str, Any] = {}
    if capture.json_content_types:
        headers["jsonContentTypes"] = list(capture.json_content_types)
    if capture.csv_content_types:
        headers["csvContentTypes"] = list(capture.csv_content_types)
    if headers:
        tier["captureContentTypeHeader"] = headers
    put(tier, "kmsKeyId", capture.kms_key_id)
    return tier


def common_spec(shared: SharedSpec) -> dict[str, Any]:
    """The spec blocks both CRDs share: KV cache, routing, ALB, TLS/DNS, metrics, autoscaling, data capture."""
    spec: dict[str, Any] = {}
    if shared.kv_cache is not None:
        spec["kvCacheSpec"] = kv_cache_spec(shared.kv_cache)
    if shared.routing is not None:
        spec["intelligentRoutingSpec"] = routing_spec(shared.routing)
    load_balancer = load_balancer_spec(shared.load_balancer) if shared.load_balancer is not None else None
    if load_balancer:
        spec["loadBalancer"] = load_balancer
    if shared.tls is not None:
        tls, dns = tls_config(shared.tls), dns_config(shared.tls)
        if tls:
            spec["tlsConfig"] = tls
        if dns:
            spec["dnsConfig"] = dns
    if shared.metrics is not None:
        spec["metrics"] = metrics_spec(shared.metrics)
    if shared.autoscaling is not None:
        spec["autoScalingSpec"] = autoscaling_spec(shared.autoscaling)
    if shared.data_capture is not None:
        spec["dataCapture"] = data_capture_spec(shared.data_capture)
    return spec
