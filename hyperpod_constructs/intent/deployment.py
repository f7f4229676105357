"""What custom and JumpStart deployments share: the fields both kinds declare (one frozen base, as cdk8s-plus's
``DeploymentProps extends WorkloadProps``), their rules, the defaults both work out and derived values."""
from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..errors import located, require, require_one_of
from .autoscaling import Autoscaling, pods_at
from .data_capture import DataCapture
from .endpoint_options import Metrics, Tls, check_sagemaker_endpoint_name, require_int
from .mig import normalize_partition
from .model_cache import ModelCache
from .model_source import SecretKeyRef
from .frozen import Frozen
from .operator_fields import LMCACHE_MODES, ContainerResources, LmcacheMode, Toleration
from .names import check_k8s_name, check_namespace, is_rfc1035_label
from .routing import IntelligentRouting, Routing
from .secrets import PLAIN_ONLY_INSTEAD, SECRET_REF_INSTEAD, check_environment_secrets

if TYPE_CHECKING:
    from .endpoint_options import LoadBalancer
    from .kv_cache import KvCache


@dataclass(frozen=True)
class DeploymentDefaults:
    """The values both kinds of endpoint work out from their fields (``InferenceEndpoint.defaults``,
    ``JumpStartEndpoint.defaults``): what the record, ``warnings()`` and ``memory_fits()`` read instead of the field
    as written. Built by a pure function of the endpoint, once per endpoint."""

    routing: Optional[IntelligentRouting]
    """``routing=`` as an IntelligentRouting, or None."""
    autoscaling: Optional[Autoscaling]
    """The autoscaling with its SageMaker CloudWatch triggers bound to the endpoint's registered SageMaker endpoint."""
    kv_cache: Optional[KvCache]
    load_balancer: Optional[LoadBalancer]


# Printable ASCII except '=' (and space): what a container environment variable may be named.
ENV_NAME_PATTERN = re.compile(r"^[!-<>-~]+$")


def validate_environment(environment: Mapping[str, Any], where: str, field: str, *, secret_refs: bool = False) -> None:
    """Each variable named as a container allows, each value a string (or, where the CRD takes one, a
    ``SecretKeyRef``), and no credential as a plain value."""
    for key, value in environment.items():
        require(isinstance(key, str) and bool(ENV_NAME_PATTERN.match(key)), where, f"{field}[{key!r}]", key,
                "a name of printable ASCII characters without '=' or spaces")
        require(isinstance(value, str) or (secret_refs and isinstance(value, SecretKeyRef)), where,
                f"{field}[{key!r}]", value, "a string value or a SecretKeyRef(name, key)" if secret_refs
                else "a string value")
    check_environment_secrets(where, field, environment, SECRET_REF_INSTEAD if secret_refs else PLAIN_ONLY_INSTEAD)


@dataclass(frozen=True)
class EndpointBase:
    """The fields ``InferenceEndpoint`` and ``JumpStartEndpoint`` share, declared once with their defaults, and the
    rules and derived values that read them. Each kind adds its own fields (keyword-only, as these are, after
    ``name``); build one of the two kinds, not this base:

    ```python
    from hyperpod_constructs import EndpointBase, JumpStartEndpoint

    qwen = JumpStartEndpoint("qwen", model_id="huggingface-llm-qwen2-5-7b-instruct", accept_eula=True,
                             instance_type="ml.g5.8xlarge", replicas=2)
    assert isinstance(qwen, EndpointBase) and (qwen.min_pods, qwen.max_pods) == (2, 2)
    ```
    """

    name: str
    """The endpoint's name: the name of its custom resource (InferenceEndpointConfig or JumpStartModel), which names
    the Kubernetes objects the operator creates (an RFC 1035 label: 1-63 lowercase letters, digits and ``-``).
    Required."""
    _: KW_ONLY
    accelerator_partition: Optional[str] = None
    """One MIG slice per pod instead of whole GPUs, e.g. ``"mig-3g.40gb"`` (or ``"3g.40gb"``; a JumpStartModel's
    ``server.acceleratorPartitionType``); the instance type must offer it.
    Default: None (whole GPUs)."""
    replicas: Optional[int] = None
    """Pods without autoscaling (``spec.replicas``).
    Default: None (omitted: the CRD's default, 1)."""
    autoscaling: Optional[Autoscaling] = None
    """Pod autoscaling with KEDA (``autoScalingSpec``).
    Default: None (``replicas`` pods)."""
    namespace: Optional[str] = None
    """The Kubernetes namespace of the endpoint.
    Default: None (the platform's ``namespace``)."""
    tls: Optional[Tls] = Tls()
    """TLS on the ALB: ``Tls()`` (a self-signed certificate), ``Tls.acm(...)``, or None to omit ``tlsConfig``.
    Default: ``Tls()`` (self-signed, written to the platform's TLS bucket)."""
    metrics: Optional[Metrics] = Metrics()
    """Metrics collection (``spec.metrics``); None omits the block.
    Default: ``Metrics()`` (enabled)."""
    sagemaker_endpoint_name: Optional[str] = None
    """The SageMaker endpoint the operator registers for this deployment (``endpointName`` of an
    InferenceEndpointConfig, ``sageMakerEndpoint.name`` of a JumpStartModel); CloudWatch triggers and the SageMaker
    endpoint capture tier need it.
    Default: None (no SageMaker endpoint)."""
    inference_gateway: Optional[str] = None
    """The Inference Gateway (``platform.add_inference_gateway``) this endpoint attaches to, by name, in its namespace
    (``spec.inferenceGateway``; operator v3.6): the operator merges the endpoint's scheduler entry into it. Exclusive
    with intelligent routing.
    Default: None (not attached)."""
    max_deploy_time_s: Optional[int] = None
    """How long the operator waits for the deployment to become ready, in seconds (``maxDeployTimeInSeconds``).
    Default: None (omitted: the CRD's default, 3600 s)."""
    data_capture: Optional[DataCapture] = None
    """Capture of requests and responses (``dataCapture``) at the tiers ``DataCapture`` turns on.
    Default: None (no capture)."""
    model_cache: Optional[ModelCache] = None
    """Host-local caches (``modelCacheConfig``, operator v3.3): ``ModelCache(weights=True)`` keeps the weights on the
    local NVMe of each node the pods run on (every instance type they may run on must have it), ``image=True``
    pre-pulls the image.
    Default: None (no cache)."""
    metrics_sidecar_resources: Optional[ContainerResources] = None
    """The complete resource block of the operator's reverse-proxy sidecar (``metricsSidecarResources``, operator
    v3.4): raise its memory for high concurrency.
    Default: None (the operator's defaults)."""
    metrics_collector_resources: Optional[ContainerResources] = None
    """The complete resource block of the operator's metrics collector (``metricsCollectorResources``, operator v3.4).
    Default: None (the operator's defaults)."""
    s3_uploader_resources: Optional[ContainerResources] = None
    """The complete resource block of the data-capture uploader (``s3UploaderResources``, operator v3.4).
    Default: None (the operator's defaults)."""
    tolerations: Sequence[Toleration] = Frozen(())
    """Tolerations of the endpoint's pods (``tolerations``, operator v3.7), to run on tainted instance groups.
    Default: none."""
    lmcache_mode: Optional[LmcacheMode] = None
    """How LMCache runs (``lmcache.mode``, operator v3.7): ``"InProcess"`` in the engine, or ``"MultiProcess"`` with a
    co-located LMCache server sidecar (LMCache 0.5.0 or later in the image).
    Default: None (the operator's default)."""

    def __post_init__(self) -> None:  # each kind has its own, so this runs only for the base itself
        raise TypeError("EndpointBase holds the fields both kinds of endpoint share: build an InferenceEndpoint or a "
                        "JumpStartEndpoint")

    def _validate_common_fields(self, where: str) -> None:
        """The rules on the fields both kinds of endpoint have, in the same words."""
        require(is_rfc1035_label(self.name), where, "name", self.name,
                "1-63 lowercase letters, digits and '-', starting with a letter and ending with a letter or digit "
                "(it names the Kubernetes objects the operator creates)")
        if self.replicas is not None:
            require_int(self.replicas, where, "replicas", 0)
        if self.sagemaker_endpoint_name is not None:
            check_sagemaker_endpoint_name(where, self.sagemaker_endpoint_name)
        if self.namespace is not None:
            check_namespace(where, "namespace", self.namespace)
        if self.max_deploy_time_s is not None:
            require_int(self.max_deploy_time_s, where, "max_deploy_time_s", 1, 2**31 - 1)
        if self.lmcache_mode is not None:
            require_one_of(self.lmcache_mode, LMCACHE_MODES, where, "lmcache_mode")
        if self.inference_gateway is not None:
            check_k8s_name(where, "inference_gateway", self.inference_gateway)
            routing = getattr(self, "routing")
            # None or the AUTO sentinel (an enum of its own) leave routing off; anything else asks for a router.
            require(routing is None or not isinstance(routing, (Routing, IntelligentRouting, str)), where, "routing",
                    routing, "None with inference_gateway: the operator refuses intelligent routing on an endpoint "
                    "attached to an Inference Gateway (the gateway's scheduler picks the pod)")

    def _bound_autoscaling(self) -> Optional[Autoscaling]:
        """The autoscaling with its SageMaker CloudWatch triggers bound to the endpoint this deployment registers."""
        if self.autoscaling is None:
            return None
        with located(self.where, "autoscaling"):  # a trigger rebuilt here reports as part of this deployment
            return self.autoscaling.bound_to(self.sagemaker_endpoint_name, self.where)

    @property
    def where(self) -> str:
        """How errors and warnings name this deployment: ``endpoint '<name>'``."""
        return f"endpoint {self.name!r}"

    @property
    def max_pods(self) -> int:
        """Pods at the ceiling: ``autoscaling.max_replicas``, else ``replicas`` (1 when unset)."""
        return pods_at("ceiling", self.autoscaling, self.replicas)

    @property
    def min_pods(self) -> int:
        """Pods at the floor: ``autoscaling.min_replicas`` (0: scaled to zero), else ``replicas`` (1 when unset)."""
        return pods_at("floor", self.autoscaling, self.replicas)

    @property
    def partition_profile(self) -> Optional[str]:
        """The MIG profile per pod without the prefix (``"3g.40gb"``), or None."""
        if self.accelerator_partition is None:
            return None
        return normalize_partition(self.accelerator_partition, self.where)
