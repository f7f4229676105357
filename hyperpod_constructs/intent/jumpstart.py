"""A SageMaker JumpStart model as one typed object, rendered as a ``JumpStartModel`` (inference.sagemaker.aws.amazon.com/v1).

JumpStart picks the container, so there is no worker to describe: you name the model, the instance type and,
optionally, a MIG slice (``server.acceleratorPartitionType``). KV cache and intelligent routing stay off unless you
ask (they work only when the model's JumpStart container is vLLM-based).
"""
from __future__ import annotations

import functools
import re
from dataclasses import KW_ONLY, dataclass
from typing import Mapping, Optional, Sequence, Union

from ..error_output import record_declaration
from ..catalog.accelerator_memory import replica_memory_gb
from ..catalog.instance_types import instance_type as lookup_instance_type
from ..errors import Advice, HyperPodValidationError, require
from ..type_checks import check_fields
from .autoscaling import Autoscaling
from .data_capture import DataCapture
from .endpoint_options import (
    LoadBalancer,
    Metrics,
    Tls,
    is_token,
)
from .frozen import Frozen
from .kv_cache import KvCache
from .model_cache import ModelCache, check_model_cache
from .deployment import EndpointBase, DeploymentDefaults, validate_environment
from .mig import normalize_partition, validate_partition
from ..catalog.jumpstart_models import known_model_id
from .model_size import MemoryFit, ModelSize
from .operator_fields import ContainerResources, LmcacheMode, Toleration  # the shared fields' types (API docs)
from .names import is_sagemaker_name, require_hyperpod_instance_type
from .routing import IntelligentRouting, Routing, as_intelligent_routing

API_VERSION = "inference.sagemaker.aws.amazon.com/v1"
KIND = "JumpStartModel"

# JumpStartModel v1 CRD patterns.
MODEL_VERSION_PATTERN = re.compile(r"^\d{1,4}\.\d{1,4}\.\d{1,4}$")
ROLE_ARN_PATTERN = re.compile(r"^arn:aws[a-z\-]*:iam::\d{12}:role/?[a-zA-Z_0-9+=,.@\-_/]+$")
ROLE_ARN_LENGTH = (20, 2048)
ENVIRONMENT_MAX = 100

# JumpStart model ids whose weights are gated (served only after the provider's EULA, through the operator's
# gated-model download role): Meta's Llama families in SageMakerPublicHub, whose JumpStart pages require accepting
# Meta's license. Other gated models are declared with gated=True.
GATED_MODEL_ID_PREFIXES = ("meta-textgeneration-llama", "meta-textgenerationneuron-llama", "meta-vlm-llama")


def is_known_gated(model_id: str) -> bool:
    """True for the model ids this library knows to be gated (``GATED_MODEL_ID_PREFIXES``)."""
    return model_id.startswith(GATED_MODEL_ID_PREFIXES)


EULA_HELP = ("True to deploy: JumpStart models that carry a Model Access Config (gated models such as Llama) are "
             "deployed only after you accept the model provider's end-user license agreement (EULA). Read it on the "
             "model's JumpStart page (SageMaker Studio, or `aws sagemaker describe-hub-content`); accept_eula=True "
             "records your acceptance in spec.model.acceptEula")


def _require_role_arn(value: Optional[str], where: str, field_name: str) -> None:
    if value is None or is_token(value):
        return
    low, high = ROLE_ARN_LENGTH
    require(isinstance(value, str) and low <= len(value) <= high and bool(ROLE_ARN_PATTERN.match(value)), where,
            field_name, value, "an IAM role ARN arn:aws:iam::<12-digit account>:role/<name>")


@dataclass(frozen=True)
class JumpStartEndpoint(EndpointBase):
    """A JumpStart model (``model_id`` from the hub, e.g. ``deepseek-llm-r1-distill-qwen-1-5b``) on HyperPod.

    ``gated=None`` treats Meta Llama ids (``GATED_MODEL_ID_PREFIXES``) as gated; a gated model needs a download role:
    ``gated_model_role_arn`` here, or ``InferenceOperatorOptions(jumpstart_gated_models=True)`` on the platform.
    ``size=ModelSize(...)`` checks the weights against the MIG slice, or against all of the instance's GPUs.

    The fields every endpoint has are declared once, on ``EndpointBase``: ``name`` (the one positional
    argument), ``accelerator_partition``, ``replicas``, ``autoscaling``, ``namespace``, ``tls``, ``metrics``,
    ``sagemaker_endpoint_name``, ``inference_gateway``, ``max_deploy_time_s``, ``data_capture``, ``model_cache``,
    ``metrics_sidecar_resources``, ``metrics_collector_resources``, ``s3_uploader_resources``, ``tolerations`` and
    ``lmcache_mode``;
    those below are a JumpStart model's own.

    Example:
        >>> from hyperpod_constructs import JumpStartEndpoint
        >>> JumpStartEndpoint("r1", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
        ...                   instance_type="ml.g6e.12xlarge").model_id
        'deepseek-llm-r1-distill-qwen-1-5b'
    """

    _: KW_ONLY
    model_id: str
    """The JumpStart model id in the hub, e.g. ``"deepseek-llm-r1-distill-qwen-1-5b"``.
    Required."""
    accept_eula: bool
    """Must be True: your acceptance of the model provider's end-user license agreement (``spec.model.acceptEula``),
    which gated models such as Llama need before they deploy.
    Required."""
    instance_type: str
    """The instance type the model runs on (``server.instanceType``, ``ml.*``).
    Required."""
    model_version: Optional[str] = None
    """The JumpStart model version, a semantic version like ``"1.0.0"``.
    Default: None (omitted: JumpStart's default version)."""
    hub_name: Optional[str] = None
    """The hub the model comes from (``modelHubName``).
    Default: None (omitted: the operator's ``SageMakerPublicHub``)."""
    gated_model_role_arn: Optional[str] = None
    """The IAM role the operator downloads a gated model's weights with (``gatedModelDownloadRole``).
    Default: None (the operator's gated-model download role, which
    ``InferenceOperatorOptions(jumpstart_gated_models=True)`` creates)."""
    execution_role_arn: Optional[str] = None
    """The IAM role SageMaker uses for the registered endpoint (``server.executionRole``).
    Default: None (omitted: the operator's execution role)."""
    environment: Mapping[str, str] = Frozen({})
    """Environment variables of the model container, name to string value (at most 100).
    Default: none."""
    kv_cache: Optional[KvCache] = None
    """Managed tiered KV cache (``kvCacheSpec``); works only when the model's container is vLLM-based.
    Default: None (off)."""
    routing: Union[Routing, IntelligentRouting, str, None] = None
    """Intelligent routing: a ``Routing`` strategy (or its value), an ``IntelligentRouting``, or None; works only when
    the model's container is vLLM-based.
    Default: None (off)."""
    load_balancer: Optional[LoadBalancer] = None
    """The Application Load Balancer the operator creates.
    Default: None (omitted: the operator's defaults)."""
    gated: Optional[bool] = None
    """Whether the model's weights are gated (served only after the provider's EULA, through a download role).
    Default: None (gated when the id is a Meta Llama family, ``GATED_MODEL_ID_PREFIXES``)."""
    size: Optional[ModelSize] = None
    """The size of the model's weights, checked against the MIG slice or all of the instance's GPUs.
    Default: None (not checked)."""

    def __post_init__(self) -> None:
        record_declaration(self)  # a problem with the endpoint found later names this statement
        where = self.where
        check_fields(self, where)
        self._validate_common_fields(where)
        require(is_sagemaker_name(self.model_id), where, "model_id",
                self.model_id, "a JumpStart model id: 1-63 letters, digits and hyphens (e.g. meta-textgeneration-llama-3-1-8b-instruct)")
        known = known_model_id(self.model_id)
        require(self.model_id == self.model_id.lower(), where, "model_id", self.model_id,
                "the id in lower case, as JumpStart spells it (ids are case-sensitive; another case names no model): "
                + (f"model_id={known!r}" if known else f"check the hub's spelling, e.g. {self.model_id.lower()!r}"))
        require(self.accept_eula is True, where, "accept_eula", self.accept_eula, EULA_HELP)
        require_hyperpod_instance_type(self.instance_type, where, "instance_type")
        if self.model_cache is not None:
            check_model_cache(self.model_cache, (self.instance_type,), where)
        if self.model_version is not None:
            require(isinstance(self.model_version, str) and bool(MODEL_VERSION_PATTERN.match(self.model_version)),
                    where, "model_version", self.model_version, "a semantic version like 1.0.0 (1-4 digits per part)")
        if self.hub_name is not None:
            require(is_sagemaker_name(self.hub_name), where, "hub_name",
                    self.hub_name, "a hub name: 1-63 letters, digits and hyphens (default SageMakerPublicHub)")
        _require_role_arn(self.gated_model_role_arn, where, "gated_model_role_arn")
        _require_role_arn(self.execution_role_arn, where, "execution_role_arn")
        if self.accelerator_partition is not None:
            normalize_partition(self.accelerator_partition, where)
            validate_partition(self.instance_type, self.accelerator_partition, where)
        require(isinstance(self.environment, Mapping) and len(self.environment) <= ENVIRONMENT_MAX, where,
                "environment", f"{len(self.environment)} variables" if isinstance(self.environment, Mapping)
                else self.environment, f"a mapping of at most {ENVIRONMENT_MAX} names to string values")
        validate_environment(self.environment, where, "environment")
        require(self.gated in (None, True, False), where, "gated", self.gated,
                "True, False or None (None: gated when the model id is a known gated family)")
        self.defaults  # routing and trigger binding fail here, at construction
        if self.size is not None:  # its type is checked by check_fields, its values by itself
            for fit in self.memory_fits():
                if not fit.fits:
                    raise HyperPodValidationError(where, "size", self.size.describe(), fit.problem(self.size))

    @functools.cached_property
    def defaults(self) -> DeploymentDefaults:
        """``routing=`` as IntelligentRouting (or None) and the SageMaker CloudWatch triggers bound to the endpoint
        it registers (``jumpstart_defaults``), worked out once per endpoint; not a field."""
        return jumpstart_defaults(self)

    @property
    def is_gated(self) -> bool:
        """``gated``, or when unset whether the model id is a known gated family."""
        return self.gated if self.gated is not None else is_known_gated(self.model_id)

    def memory_fits(self) -> tuple[MemoryFit, ...]:
        """The declared size against the MIG slice, or against every GPU of the instance (JumpStart's own
        configuration picks how many it uses, at most all of them): one fit, as ``InferenceEndpoint.memory_fits``
        gives one per instance type; empty without a size or a GPU."""
        info = lookup_instance_type(self.instance_type)
        if self.size is None or info is None:
            return ()
        profile = self.partition_profile
        memory = replica_memory_gb(self.instance_type, gpus=info.gpu_count if info.has_gpu else 0, profile=profile)
        if memory is None:
            return ()
        accelerator = f"1x mig-{profile}" if profile else f"up to {info.gpu_count}x {info.gpu_model}"
        return (MemoryFit(self.instance_type, accelerator, memory, self.size.weight_gb),)

    def warnings(self) -> list[str]:
        """Advice, not errors: the platform turns each into a CDK warning annotation."""
        where, routing, autoscaling = self.where, self.defaults.routing, self.defaults.autoscaling
        notes: list[str] = []
        if routing is not None:
            if self.metrics is None or not self.metrics.enabled:
                notes.append(Advice("routing-without-metrics", f"{where}: intelligent routing with metrics off: router and "
                                    "KV-cache metrics are not collected; keep Metrics(enabled=True)"))
            if routing.strategy is Routing.KV_AWARE:
                notes.append(Advice("kv-aware-routing-on-jumpstart", f"{where}: kvaware routing supports only the "
                                    "/completions invocation endpoint, which a JumpStartModel cannot set (JumpStart "
                                    "containers answer /invocations); prefer prefixaware"))
            notes += routing.warnings(where)
        if self.kv_cache is not None:
            notes += self.kv_cache.warnings(where)
        if autoscaling is not None:
            notes += autoscaling.warnings(where)
        if self.size is not None:
            notes += [fit.advice(where, self.size) for fit in self.memory_fits() if fit.thin]
        return notes


def jumpstart_defaults(endpoint: JumpStartEndpoint) -> DeploymentDefaults:
    """What a JumpStartEndpoint works out from its fields (KV cache and load balancer are as written: off unless
    asked for). Pure: reads the endpoint and changes nothing."""
    return DeploymentDefaults(routing=as_intelligent_routing(endpoint.routing, endpoint.where),
                              autoscaling=endpoint._bound_autoscaling(), kv_cache=endpoint.kv_cache,
                              load_balancer=endpoint.load_balancer)
