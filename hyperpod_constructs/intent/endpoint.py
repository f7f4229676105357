"""A custom model deployment as one typed object, rendered as an ``InferenceEndpointConfig`` (inference.sagemaker.aws.amazon.com/v1).

Intrinsic rules (patterns, ranges, enums, mutually exclusive fields, catalog facts) raise at construction;
rules that need the platform are registered in ``rules``; advice comes from ``warnings()``.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import math
import re
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from typing import Any, Mapping, Optional, Sequence, Union

from ..error_output import record_declaration
from ..catalog.instance_types import InstanceTypeInfo, instance_type as lookup_instance_type
from ..catalog.accelerator_memory import replica_memory_gb
from ..catalog.mig import mig_profiles_for_instance_type
from ..errors import Advice, HyperPodValidationError, located, require
from ..type_checks import check_fields, default_marker
from .autoscaling import Autoscaling
from .data_capture import DataCapture
from .disaggregation import DisaggregatedServing
from .engine_args import arg_value, gpu_memory_utilization, parallel_args
from .frozen import Frozen
from .endpoint_options import (
    LoadBalancer,
    Metrics,
    Probes,
    HttpProbe,
    RequestLimits,
    Tag,
    Tls,
    is_token,
    require_int,
    validate_tags,
)
from .kv_cache import KvCache
from .deployment import EndpointBase, DeploymentDefaults, validate_environment
from .mig import (
    SYSTEM_HEADROOM,
    normalize_partition,
    validate_partition,
)
from .model_cache import ModelCache, check_model_cache
from .operator_fields import QUANTITY_PATTERN, ContainerResources, LmcacheMode, Toleration  # the last three: API docs
from .model_size import DEFAULT_GPU_MEMORY_UTILIZATION, MemoryFit
from .model_source import ModelSource, SecretKeyRef
from .names import is_annotation_key, is_sagemaker_name, require_hyperpod_instance_type
from .routing import IntelligentRouting, Routing, as_intelligent_routing
from .secrets import ARGS_INSTEAD, check_argument_secrets

API_VERSION = "inference.sagemaker.aws.amazon.com/v1"
KIND = "InferenceEndpointConfig"

# LMCache's vLLM image: the HyperPod guide's KV-aware routing matrix asks for LMCache >= v0.4.3 with operator
# >= v3.1.3 (the bundled CRDs are operator 3.2); the chart sample's v0.3.7 predates it.
DEFAULT_IMAGE = "lmcache/vllm-openai:v0.4.3"
OPERATOR_MOUNT_PATH = "/opt/ml/model"  # CRD default of worker.modelVolumeMount.mountPath
VLLM_CHAT_PATH = "/v1/chat/completions"
KV_AWARE_PATH = "/completions"
# vLLM's batch size cap (max_num_seqs) defaults to 256: beyond it requests only queue inside vLLM, so the sidecar
# turns them away with 429 instead (clients back off, the load balancer and autoscaler see the pressure).
VLLM_REQUEST_LIMITS = RequestLimits(max_concurrent_requests=256, overflow_status_code=429)
# vLLM answers GET /health once the model is loaded. Readiness only gates traffic (it never restarts the pod), so
# no initial delay is needed; a 5 s timeout (Kubernetes default: 1 s) keeps a busy server in rotation.
VLLM_PROBES = Probes(readiness=HttpProbe(path="/health", period_s=10, timeout_s=5, failure_threshold=3))

# Kubernetes object names for the CR: the operator names Services and Deployments after it, so an RFC 1035 label.
INVOCATION_PATH_PATTERN = re.compile(r"^/?[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$")
NODE_AFFINITY_KEYS = ("requiredDuringSchedulingIgnoredDuringExecution", "preferredDuringSchedulingIgnoredDuringExecution")


@default_marker
class Auto(enum.Enum):
    """The type of the "work it out" default of ``InferenceEndpoint`` fields whose default depends on other fields
    (mostly: is the image vLLM-based?). Leave such a field unset for it; ``endpoint.defaults`` holds what it became."""

    AUTO = "auto"
    """Work the value out from the endpoint's other fields."""


AUTO = Auto.AUTO


_LMCACHE_IMAGE = re.compile(r"^(?:.*/)?lmcache/vllm-openai:v?(\d+)\.(\d+)\.(\d+)")
MULTI_PROCESS_LMCACHE = (0, 5, 0)  # lmcache.mode MultiProcess runs LMCache's server, which 0.5.0 brought


def lmcache_image_version(image: str) -> Optional[tuple[int, int, int]]:
    """The LMCache version of an ``lmcache/vllm-openai:vX.Y.Z`` image; None for any other image or tag."""
    match = _LMCACHE_IMAGE.match(image) if isinstance(image, str) else None
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


def looks_like_vllm(image: str) -> bool:
    """True when the image repository (not the tag) names vLLM or LMCache: vllm/vllm-openai, lmcache/vllm-openai,
    the AWS deep-learning-containers vllm images. KV cache and intelligent routing support only these."""
    if not isinstance(image, str) or is_token(image):
        return False
    reference = image.split("@", 1)[0]
    head, _, last = reference.rpartition("/")
    repository = f"{head}/{last.split(':', 1)[0]}" if head else last.split(":", 1)[0]
    return "vllm" in repository.lower() or "lmcache" in repository.lower()


def normalize_path(path: str) -> str:
    """The operator puts a leading '/' on invocationEndpoint (since v2.3); compare paths in that form."""
    return path if path.startswith("/") else f"/{path}"


def _cpu_quantity(millicores: int) -> str:
    return str(millicores // 1000) if millicores % 1000 == 0 else f"{millicores}m"


def whole_gpu_resources(info: InstanceTypeInfo, gpus: int, reserved_memory: Fraction = Fraction(0)) -> dict[str, str]:
    """cpu / memory for a pod using ``gpus`` of the instance's GPUs: the same share of its vCPU and memory, less the
    headroom the MIG partitions also leave for the node (rounded down: CPU to 100m, memory to whole GiB), and less
    ``reserved_memory``, the share of the node's memory something else on every node requests (tiered storage)."""
    share = Fraction(gpus, info.gpu_count) * (1 - SYSTEM_HEADROOM)  # exact, so rounding down is stable
    memory_share = Fraction(gpus, info.gpu_count) * (1 - SYSTEM_HEADROOM - reserved_memory)
    return {"cpu": _cpu_quantity(math.floor(info.vcpu * 1000 * share / 100) * 100),
            "memory": f"{math.floor(info.memory_gib * memory_share)}Gi"}


def smaller_share(left: dict[str, str], right: dict[str, str]) -> dict[str, str]:
    """Per-key minimum of two cpu/memory request sets (so a pod fits every listed instance type)."""
    def value(quantity: str, key: str) -> float:
        if key == "cpu":
            return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)
        return float(quantity.removesuffix("Gi"))
    return {key: min(left[key], right[key], key=lambda q: value(q, key)) for key in ("cpu", "memory")}


@dataclass(frozen=True)
class CustomDefaults(DeploymentDefaults):
    """An InferenceEndpoint's defaults, worked out (``custom_defaults``): the values that replace ``AUTO`` and the
    ones that follow from several fields."""

    vllm_based: bool
    model_name: str
    args: Optional[tuple[str, ...]]
    """With ``--tensor-parallel-size`` when a pod has several GPUs and the args set no parallelism."""
    invocation_path: Optional[str]
    request_limits: Optional[RequestLimits]
    probes: Optional[Probes]
    disaggregation: Optional[DisaggregatedServing]
    """The sides with their GPUs (1 when unset), args and bound triggers."""


@dataclass(frozen=True)
class InferenceEndpoint(EndpointBase):
    """A custom model (S3, FSx, Hugging Face or a Kubernetes volume) served by your container.

    Place it with exactly one of ``instance_type``, ``instance_types`` (preference order) or ``node_affinity``.
    Ask for ``gpus`` whole GPUs (default: 1 on GPU instance types) or one MIG slice with ``accelerator_partition``.
    Defaults for vLLM/LMCache images (``looks_like_vllm`` or ``vllm_based=True``): L1 KV cache, prefix-aware routing,
    ALB health check on ``/health``, readiness probe on ``/health``, request limits with 429 overflow, invocation
    path ``/v1/chat/completions`` (``/completions`` with KV-aware routing), args ``[<model mount path>]``, and
    ``--tensor-parallel-size <gpus>`` when a replica has several GPUs and the args set no parallelism themselves.
    Other images get none of these (the operator's defaults apply). With ``model=ModelSource.x(..., size=ModelSize(...))``
    the weights are checked against each replica's GPU memory or MIG slice.

    The fields every endpoint has are declared once, on ``EndpointBase``: ``name`` (the one positional
    argument), ``accelerator_partition``, ``replicas``, ``autoscaling``, ``namespace``, ``tls``, ``metrics``,
    ``sagemaker_endpoint_name``, ``inference_gateway``, ``max_deploy_time_s``, ``data_capture``, ``model_cache``,
    ``metrics_sidecar_resources``, ``metrics_collector_resources``, ``s3_uploader_resources``, ``tolerations`` and
    ``lmcache_mode``;
    those below are a custom model's own.

    Example:
        >>> from hyperpod_constructs import InferenceEndpoint, ModelSource
        >>> endpoint = InferenceEndpoint("qwen", model=ModelSource.hugging_face("Qwen/Qwen2.5-7B-Instruct"),
        ...                              instance_type="ml.g6e.12xlarge", gpus=2)
        >>> endpoint.defaults.invocation_path
        '/v1/chat/completions'
    """

    _: KW_ONLY
    model: ModelSource
    """Where the weights come from: ``ModelSource.s3(...)``, ``.fsx(...)``, ``.hugging_face(...)`` or
    ``.kubernetes_volume(...)``; its ``size`` lets the weights be checked against GPU memory.
    Required."""
    image: str = DEFAULT_IMAGE
    """The model server's container image. vLLM and LMCache images (``looks_like_vllm``) get the vLLM defaults
    described above.
    Default: ``"lmcache/vllm-openai:v0.4.3"``."""
    vllm_based: Optional[bool] = None
    """Whether the image serves with vLLM, which turns the vLLM defaults on or off.
    Default: None (told from the image reference: its repository names vLLM or LMCache)."""
    model_name: Optional[str] = None
    """The name of the model the operator registers in SageMaker (``modelName``); autoscaling queries and dashboards
    select metrics by it.
    Default: None (the endpoint's ``name``)."""
    instance_type: Optional[str] = None
    """The one instance type the pods run on. Exactly one of ``instance_type``, ``instance_types`` and
    ``node_affinity`` is set.
    Default: None."""
    instance_types: Sequence[str] = Frozen(())
    """Instance types the pods may run on, in order of preference (``instanceTypes``).
    Default: none."""
    node_affinity: Optional[Mapping[str, Any]] = Frozen(None)
    """A Kubernetes NodeAffinity (keys ``requiredDuringSchedulingIgnoredDuringExecution`` and/or
    ``preferredDuringSchedulingIgnoredDuringExecution``) placing the pods instead of instance types.
    Default: None."""
    gpus: Optional[int] = None
    """Whole GPUs per pod, at most the instance type's count; 0 runs on CPU. Not with ``accelerator_partition``.
    Default: None (1 when every placement type has NVIDIA GPUs, else 0)."""
    cpu: Union[str, int, float, None] = None
    """The pod's CPU request as a Kubernetes quantity (6, 0.5 or ``"500m"``).
    Default: None (a GPU or MIG pod: its GPUs' or slice's share of the instance's vCPUs, less the
    node's headroom; none otherwise)."""
    memory: Optional[str] = None
    """The pod's memory request as a Kubernetes quantity (``"30Gi"``).
    Default: None (a GPU or MIG pod: its GPUs' or slice's share of the instance's memory, less the
    node's headroom; none otherwise)."""
    args: Union[Sequence[str], None, Auto] = Frozen(AUTO)
    """The container's arguments; None keeps the image's own command.
    Default: AUTO (for vLLM images the model mount path, ``--port`` when ``port`` is not 8000 and
    ``--tensor-parallel-size <gpus>`` when a pod has several GPUs and the args set no parallelism; None otherwise)."""
    environment: Mapping[str, Union[str, SecretKeyRef]] = Frozen({})
    """Environment variables of the model server container: name to a string value, or to a
    ``SecretKeyRef(name, key)`` for a credential (rendered as ``valueFrom.secretKeyRef``).
    Default: none."""
    port: int = 8000
    """The container port the model server listens on (``modelInvocationPort``), 1-65535.
    Default: 8000."""
    invocation_path: Union[str, None, Auto] = AUTO
    """The URL path requests are sent to (``invocationEndpoint``).
    Default: AUTO (for vLLM images ``/v1/chat/completions``, or ``/completions`` with KV-aware routing; otherwise
    omitted: the operator's ``invocations``)."""
    model_mount_path: Optional[str] = None
    """Where the weights are mounted in the container (``modelVolumeMount.mountPath``).
    Default: None (the operator's ``/opt/ml/model``)."""
    kv_cache: Union[KvCache, None, Auto] = AUTO
    """Managed tiered KV cache (``kvCacheSpec``); vLLM-based images only.
    Default: AUTO (``KvCache()``, L1 in CPU memory, for vLLM images; None otherwise)."""
    routing: Union[Routing, IntelligentRouting, str, None, Auto] = AUTO
    """Intelligent routing: a ``Routing`` strategy (or its value, ``"kvaware"``), an ``IntelligentRouting``, or None
    for none; vLLM-based images only, immutable once deployed.
    Default: AUTO (``Routing.PREFIX_AWARE`` for vLLM images not attached to an Inference Gateway; None otherwise)."""
    load_balancer: Union[LoadBalancer, None, Auto] = AUTO
    """The Application Load Balancer the operator creates.
    Default: AUTO (health check on ``/health`` for vLLM images; otherwise omitted: the operator's defaults)."""
    request_limits: Union[RequestLimits, None, Auto] = AUTO
    """Concurrency limits the operator's sidecar enforces per pod.
    Default: AUTO (256 concurrent requests, then 429, for vLLM images; None otherwise)."""
    probes: Union[Probes, None, Auto] = AUTO
    """Kubernetes probes on the model server.
    Default: AUTO (readiness on ``/health`` every 10 s, 5 s timeout, for vLLM images; None otherwise: the operator's
    defaults)."""
    tags: Sequence[Tag] = Frozen(())
    """Tags the operator puts on the SageMaker Model, EndpointConfig and Endpoint (at most 50, distinct names).
    Default: none."""
    model_version: Optional[str] = None
    """The model's version (``modelVersion``).
    Default: None (omitted)."""
    disaggregation: Optional[DisaggregatedServing] = None
    """Disaggregated prefill/decode serving (``pdSpec``): separate prefill and decode workers.
    Default: None (one kind of worker)."""
    pod_template_annotations: Mapping[str, str] = Frozen({})
    """Annotations added to the pods' template (``kubernetes.podTemplateAnnotations``, operator v3.6; typed from
    aws/sagemaker-hyperpod-cli PR #461, no published CRD).
    Default: none."""

    # ---- construction-time validation ----------------------------------------------------------------

    def __post_init__(self) -> None:
        record_declaration(self)  # a problem with the endpoint found later names this statement
        where = self.where
        check_fields(self, where)
        self._validate_common_fields(where)
        require(isinstance(self.model, ModelSource) and type(self.model) is not ModelSource, where, "model", self.model,
                "a model source: ModelSource.s3(...), .fsx(...), .hugging_face(...) or .kubernetes_volume(...)")
        require(isinstance(self.image, str) and bool(self.image.strip()) and not any(c.isspace() for c in self.image),
                where, "image", self.image, "a container image reference such as lmcache/vllm-openai:v0.4.3")
        if self.model_name is not None:
            require(is_sagemaker_name(self.model_name), where,
                    "model_name", self.model_name,
                    "1-63 letters, digits and hyphens, starting and ending with a letter or digit")
        self._validate_placement(where)
        self._validate_resources(where)
        lmcache = lmcache_image_version(self.image)
        require(self.lmcache_mode != "MultiProcess" or lmcache is None or lmcache >= MULTI_PROCESS_LMCACHE, where,
                "lmcache_mode", self.lmcache_mode,
                f"'MultiProcess' only with LMCache 0.5.0 or later (its server sidecar; aws/sagemaker-hyperpod-cli PR "
                f"#464): image {self.image!r} is LMCache {'.'.join(map(str, lmcache or ()))}; use a later "
                "lmcache/vllm-openai tag or lmcache_mode='InProcess'")
        for key, value in self.pod_template_annotations.items():
            require(is_annotation_key(key) and isinstance(value, str), where,
                    f"pod_template_annotations[{key!r}]", value,
                    "a string value under a Kubernetes annotation key ([prefix/]name, name of 1-63 characters)")
        require_int(self.port, where, "port", 1, 65535)
        if self.model_mount_path is not None:
            require(isinstance(self.model_mount_path, str) and self.model_mount_path.startswith("/"), where,
                    "model_mount_path", self.model_mount_path, "an absolute path in the container")
        if self.args is not None and self.args is not AUTO:
            require(not isinstance(self.args, str) and all(isinstance(arg, str) for arg in self.args), where, "args",
                    self.args, "a list of strings, one per argument")
            check_argument_secrets(where, "args", self.args, ARGS_INSTEAD)
        require(isinstance(self.environment, Mapping), where, "environment", self.environment,
                "a mapping of names to string values or SecretKeyRef(name, key)")
        validate_environment(self.environment, where, "environment", secret_refs=True)
        if self.invocation_path is not None and self.invocation_path is not AUTO:
            require(isinstance(self.invocation_path, str) and bool(INVOCATION_PATH_PATTERN.match(self.invocation_path)),
                    where, "invocation_path", self.invocation_path, "a URL path such as /v1/chat/completions")
        validate_tags(self.tags, where)  # type: ignore[arg-type]
        if self.model_cache is not None:
            sides = tuple(worker.instance_type for _, worker in self.disaggregation.workers()) \
                if isinstance(self.disaggregation, DisaggregatedServing) else ()
            check_model_cache(self.model_cache, self.placement_types + sides, where)
        if self.model_version is not None:
            require(isinstance(self.model_version, str) and bool(self.model_version.strip()), where, "model_version",
                    self.model_version, "a non-empty string")
        self._validate_defaults(where, self.defaults)  # so a bad combination of defaults fails here too

    def _validate_defaults(self, where: str, defaults: CustomDefaults) -> None:
        """Rules that read worked-out defaults (routing strategy, invocation path, the sides, the memory fit)."""
        routing = defaults.routing
        if routing is not None and routing.strategy is Routing.KV_AWARE:
            path = defaults.invocation_path
            require(isinstance(path, str) and normalize_path(path) == KV_AWARE_PATH, where, "invocation_path",
                    path if path is not None else "invocations (operator default)",
                    "'/completions' with routing=Routing.KV_AWARE: kvaware routing supports only the /completions API; "
                    "/v1/chat/completions is not supported (use prefixaware, session or roundrobin for chat)")
        if defaults.disaggregation is not None:
            defaults.disaggregation.validate_for_endpoint(
                where, placement_types=self.placement_types, replicas=self.replicas, autoscaling=defaults.autoscaling,
                routing_strategy=routing.strategy if routing is not None else None)
        for fit in self.memory_fits():
            if not fit.fits:
                assert self.model.size is not None
                raise HyperPodValidationError(where, "model.size", self.model.size.describe(),
                                              fit.problem(self.model.size))
        self._check_context_fits(where)

    def _check_context_fits(self, where: str) -> None:
        """The context vLLM sizes for (``--max-model-len``, else the model's default) fits the KV cache left."""
        size, args = self.model.size, self.defaults.args
        if size is None or args is None or not self.defaults.vllm_based or self.defaults.disaggregation is not None:
            return
        given = arg_value(args, ("--max-model-len",))
        context = int(given) if given is not None and given.isdigit() else size.context_length
        if context is None:
            return
        for fit in self.memory_fits():
            problem = fit.context_problem(size, context, from_args=given is not None)
            if problem is not None:
                field = "args[--max-model-len]" if given is not None else "model.size.context_length"
                raise HyperPodValidationError(where, field, context, problem)

    # ---- defaults that depend on other fields --------------------------------------------------------

    @functools.cached_property
    def defaults(self) -> CustomDefaults:
        """Every default that depends on other fields, worked out (``custom_defaults``): vLLM detection, model name,
        args with the tensor-parallel flags, routing, KV cache, invocation path, load balancer, request limits,
        probes, the disaggregated sides and the triggers bound to the SageMaker endpoint.

        Worked out once per endpoint (its fields are frozen); not a field, so eq, repr and ``dataclasses.replace``
        ignore it: ``dataclasses.replace(endpoint, image=...)`` works every default out again from the new image."""
        return custom_defaults(self)

    def _validate_placement(self, where: str) -> None:
        require(not isinstance(self.instance_types, str), where, "instance_types", self.instance_types,
                "a list of instance types (use instance_type= for one)")
        given = [name for name, value in (("instance_type", self.instance_type), ("instance_types", self.instance_types),
                                          ("node_affinity", self.node_affinity)) if value]
        require(len(given) == 1, where, " / ".join(given) or "instance_type", given or None,
                "exactly one of instance_type, instance_types or node_affinity (they are mutually exclusive)")
        for index, name in enumerate(self.placement_types):
            label = "instance_type" if self.instance_type else f"instance_types[{index}]"
            require_hyperpod_instance_type(name, where, label, taken=self.placement_types)
        duplicates = sorted({name for name in self.instance_types if self.instance_types.count(name) > 1})
        require(not duplicates, where, "instance_types", duplicates, "each instance type once")
        if self.node_affinity is not None:
            require(isinstance(self.node_affinity, Mapping) and set(self.node_affinity) <= set(NODE_AFFINITY_KEYS),
                    where, "node_affinity", self.node_affinity,
                    f"a Kubernetes NodeAffinity with keys {NODE_AFFINITY_KEYS}")

    def _validate_resources(self, where: str) -> None:
        require(self.gpus is None or self.accelerator_partition is None, where, "gpus / accelerator_partition",
                (self.gpus, self.accelerator_partition),
                "either whole GPUs (gpus) or one MIG slice (accelerator_partition), not both")
        if self.gpus is not None:
            require_int(self.gpus, where, "gpus", 0)
            for name in self.placement_types:
                info = lookup_instance_type(name)
                if info is None or self.gpus == 0:
                    continue
                require(info.has_gpu, where, "gpus", self.gpus,
                        f"0 or unset: {name} has no NVIDIA GPUs ({info.gpu_model or 'CPU only'})")
                require(self.gpus <= info.gpu_count, where, "gpus", self.gpus,
                        f"at most {info.gpu_count}: {name} has {info.gpu_count} x {info.gpu_model}")
        if self.accelerator_partition is not None:
            offered = sorted({f"mig-{profile}" for name in self.placement_types
                              for profile in mig_profiles_for_instance_type(name)})
            normalize_partition(self.accelerator_partition, where, offered=offered)
            for name in self.placement_types:  # the instance type must offer the slice
                validate_partition(name, self.accelerator_partition, where)
        if self.cpu is not None:
            require(isinstance(self.cpu, (int, float, str)) and not isinstance(self.cpu, bool)
                    and bool(QUANTITY_PATTERN.match(str(self.cpu))), where, "cpu", self.cpu,
                    "a Kubernetes CPU quantity such as 6, 0.5 or 500m")
        if self.memory is not None:
            require(isinstance(self.memory, str) and bool(QUANTITY_PATTERN.match(self.memory)), where, "memory",
                    self.memory, "a Kubernetes memory quantity such as 30Gi")

    # ---- derived values ------------------------------------------------------------------------------

    @property
    def placement_types(self) -> tuple[str, ...]:
        """The instance types this endpoint may run on (empty with node_affinity)."""
        if self.instance_type:
            return (self.instance_type,)
        return tuple(self.instance_types)


    @property
    def gpu_request(self) -> int:
        """Whole GPUs per pod: ``gpus``, else 1 when every known placement type has NVIDIA GPUs (0 with MIG)."""
        if self.accelerator_partition is not None:
            return 0
        if self.gpus is not None:
            return self.gpus
        infos = [lookup_instance_type(name) for name in self.placement_types]
        return 1 if infos and all(info is not None and info.has_gpu for info in infos) else 0

    def memory_fits(self) -> tuple[MemoryFit, ...]:
        """The declared model size against one replica's accelerator memory, per instance type it may run on
        (empty without a declared size, or without GPUs)."""
        size = self.model.size
        if size is None:
            return ()
        if self.disaggregation is not None:
            return tuple(fit for _, fit in self.side_memory_fits())
        utilization = self._gpu_memory_utilization()
        profile, gpus = self.partition_profile, self.gpu_request
        fits: list[MemoryFit] = []
        for name in self.placement_types:
            memory = replica_memory_gb(name, gpus=gpus, profile=profile)
            info = lookup_instance_type(name)
            if memory is None or info is None:
                continue
            accelerator = f"1x mig-{profile}" if profile else f"{gpus}x {info.gpu_model}"
            fits.append(MemoryFit(name, accelerator, memory, size.weight_gb, utilization))
        return tuple(fits)

    def side_memory_fits(self) -> tuple[tuple[str, MemoryFit], ...]:
        """Per disaggregated side: the declared model size against one of its pods (each side loads all weights)."""
        size, serving = self.model.size, self.defaults.disaggregation
        if size is None or serving is None:
            return ()
        utilization = self._gpu_memory_utilization()
        fits: list[tuple[str, MemoryFit]] = []
        for side, worker in serving.workers():
            profile = worker.partition_profile
            gpus = 0 if profile else (worker.gpus or 1)
            memory = replica_memory_gb(worker.instance_type, gpus=gpus, profile=profile)
            info = lookup_instance_type(worker.instance_type)
            if memory is None or info is None:
                continue
            accelerator = f"{side}: " + (f"1x mig-{profile}" if profile else f"{gpus}x {info.gpu_model}")
            fits.append((side, MemoryFit(worker.instance_type, accelerator, memory, size.weight_gb, utilization)))
        return tuple(fits)

    def _gpu_memory_utilization(self) -> float:
        """The share of GPU memory the server may use: vLLM's ``--gpu-memory-utilization`` from the args."""
        defaults = self.defaults
        if not defaults.vllm_based:
            return DEFAULT_GPU_MEMORY_UTILIZATION
        return gpu_memory_utilization(defaults.args or (), self.where)

    # ---- platform checks and advice ------------------------------------------------------------------

    def warnings(self) -> list[str]:
        """Advice, not errors: the platform turns each into a CDK warning annotation."""
        where, defaults = self.where, self.defaults
        notes: list[str] = []
        if not defaults.vllm_based:
            used = [name for name, on in (("kv_cache", defaults.kv_cache is not None),
                                          ("routing", defaults.routing is not None)) if on]
            if used:
                notes.append(Advice("vllm-features-without-vllm", f"{where}: {' and '.join(used)} {'work' if len(used) > 1 else 'works'} only with vLLM-based containers, and image "
                             f"{self.image!r} is not recognisably vLLM or LMCache; set vllm_based=True if it is, or "
                             f"{' and '.join(name + '=None' for name in used)}"))
        elif defaults.args is None and self.gpu_request > 1:
            # args=None leaves the image's own command, which we cannot see: vLLM defaults to one GPU.
            notes.append(Advice("parallelism-unknown", f"{where}: args=None with gpus={self.gpu_request}: the "
                                "image's own command decides how many GPUs vLLM uses (one unless it sets "
                                "--tensor-parallel-size); leave args unset to get --tensor-parallel-size "
                                f"{self.gpu_request}, or pass args that set it"))
        routing = defaults.routing
        if routing is not None:
            if self.metrics is None or not self.metrics.enabled:
                notes.append(Advice("routing-without-metrics", f"{where}: intelligent routing with metrics off: router and "
                                    "KV-cache metrics are not collected; keep Metrics(enabled=True)"))
            elif self.metrics.model_metrics_port not in (None, self.port):
                notes.append(Advice("routing-metrics-port", f"{where}: metrics.model_metrics_port="
                                    f"{self.metrics.model_metrics_port} differs from the container port {self.port}; "
                                    "router and cache metrics are read from the container port"))
            elif not 1024 <= self.port <= 65535:
                notes.append(Advice("routing-metrics-privileged-port", f"{where}: port {self.port} is below 1024, so "
                                    "metrics.modelMetrics.port cannot follow it (1024-65535); router and cache metrics "
                                    "will not be scraped"))
            notes += routing.warnings(where)
        if defaults.kv_cache is not None:
            notes += defaults.kv_cache.warnings(where)
        if defaults.autoscaling is not None:
            notes += defaults.autoscaling.warnings(where)
        if defaults.disaggregation is not None:
            notes += defaults.disaggregation.warnings(where, vllm_based=defaults.vllm_based)
        if self.model.size is not None:
            notes += [fit.advice(where, self.model.size) for fit in self.memory_fits() if fit.thin]
        return notes


def custom_defaults(endpoint: InferenceEndpoint) -> CustomDefaults:
    """The defaults of ``endpoint`` that depend on its other fields (what ``AUTO`` stands for, and the values
    worked out from several fields). Pure: reads the endpoint and changes nothing."""
    where = endpoint.where
    vllm = looks_like_vllm(endpoint.image) if endpoint.vllm_based is None else bool(endpoint.vllm_based)
    args = endpoint.args
    if args is AUTO:
        args = _vllm_args(endpoint) if vllm else None
    if args is not None and vllm and endpoint.disaggregation is None:  # vLLM uses one GPU unless told: use all
        args = (*args, *parallel_args(args, endpoint.gpu_request, where))
    routing = as_intelligent_routing(
        (Routing.PREFIX_AWARE if vllm and endpoint.inference_gateway is None else None) if endpoint.routing is AUTO
        else endpoint.routing, where)  # type: ignore[arg-type]
    kv_aware = routing is not None and routing.strategy is Routing.KV_AWARE

    def vllm_default(value: Any, default: Any) -> Any:
        return (default if vllm else None) if value is AUTO else value
    return CustomDefaults(
        vllm_based=vllm, model_name=endpoint.model_name if endpoint.model_name is not None else endpoint.name,
        args=args, routing=routing, autoscaling=endpoint._bound_autoscaling(),
        kv_cache=vllm_default(endpoint.kv_cache, KvCache()),
        invocation_path=vllm_default(endpoint.invocation_path, KV_AWARE_PATH if kv_aware else VLLM_CHAT_PATH),
        load_balancer=vllm_default(endpoint.load_balancer, LoadBalancer(health_check_path="/health")),
        request_limits=vllm_default(endpoint.request_limits, VLLM_REQUEST_LIMITS),
        probes=vllm_default(endpoint.probes, VLLM_PROBES),
        disaggregation=_default_sides(endpoint, args if vllm else None))


def _vllm_args(endpoint: InferenceEndpoint) -> tuple[str, ...]:
    # `vllm serve <model path>` as in the chart sample; the port only when it is not vLLM's 8000.
    args: tuple[str, ...] = (endpoint.model_mount_path or OPERATOR_MOUNT_PATH,)
    return args + (("--port", str(endpoint.port)) if endpoint.port != 8000 else ())


def _default_sides(endpoint: InferenceEndpoint, args: Optional[Sequence[str]]) -> Optional[DisaggregatedServing]:
    """Each disaggregated side runs the endpoint's vLLM args plus its own, extended so its pods use all of their
    GPUs (one GPU when unset); its SageMaker CloudWatch triggers read the endpoint's registered SageMaker endpoint."""
    serving, where = endpoint.disaggregation, endpoint.where
    if serving is None:
        return None
    sides = {}
    for side, worker in serving.workers():
        changes: dict[str, Any] = {} if worker.gpus or worker.partition_profile else {"gpus": 1}
        if args is not None:
            gpus = 0 if worker.partition_profile else (worker.gpus or 1)
            extra = parallel_args((*args, *worker.args), gpus, where, f"disaggregation.{side}.args")
            if extra:
                changes["args"] = (*worker.args, *extra)
        if worker.autoscaling is not None:
            changes["autoscaling"] = worker.autoscaling.bound_to(endpoint.sagemaker_endpoint_name,
                                                                 f"{where} disaggregation.{side}")
        with located(where, f"disaggregation.{side}"):  # a side rebuilt here reports as part of this endpoint
            sides[side] = dataclasses.replace(worker, **changes) if changes else worker
    with located(where, "disaggregation"):
        return dataclasses.replace(serving, **sides)
