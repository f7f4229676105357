"""What custom and JumpStart deployments share: replicas, MIG slice, namespace, resolution and derived values."""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, TypeVar

from ..errors import located, require
from .autoscaling import pods_at
from .endpoint_options import check_sagemaker_endpoint_name, require_int
from .mig import normalize_partition
from .model_source import SecretKeyRef
from .names import check_k8s_name, check_namespace, is_rfc1035_label
from .routing import IntelligentRouting, Routing
from .secrets import PLAIN_ONLY_INSTEAD, SECRET_REF_INSTEAD, check_environment_secrets

if TYPE_CHECKING:
    from .autoscaling import Autoscaling
    from .data_capture import DataCapture
    from .endpoint_options import LoadBalancer, Metrics, Tls
    from .kv_cache import KvCache
    from .model_cache import ModelCache

D = TypeVar("D", bound="DeploymentCommon")
R = TypeVar("R")


def on_resolved(method: Callable[..., R]) -> Callable[..., R]:
    """Run ``method`` on the resolved deployment, so what it reads are the defaults worked out (``resolve()``); on a
    resolved one, at once."""
    @functools.wraps(method)
    def on_resolved_deployment(self: Any, *args: Any, **kwargs: Any) -> R:
        return method(self if self.is_resolved else self.resolve(), *args, **kwargs)
    return on_resolved_deployment


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


class DeploymentCommon:
    """Mixed into ``InferenceEndpoint`` and ``JumpStartEndpoint`` (frozen dataclasses with these fields)."""

    name: str
    autoscaling: Optional[Autoscaling]
    replicas: Optional[int]
    accelerator_partition: Optional[str]
    namespace: Optional[str]
    kv_cache: Optional[KvCache]
    load_balancer: Optional[LoadBalancer]
    tls: Optional[Tls]
    metrics: Optional[Metrics]
    data_capture: Optional[DataCapture]
    sagemaker_endpoint_name: Optional[str]
    inference_gateway: Optional[str]

    max_deploy_time_s: Optional[int]
    model_cache: Optional[ModelCache]

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
        if self.inference_gateway is not None:
            check_k8s_name(where, "inference_gateway", self.inference_gateway)
            routing = getattr(self, "routing")
            # None or the AUTO sentinel (an enum of its own) leave routing off; anything else asks for a router.
            require(routing is None or not isinstance(routing, (Routing, IntelligentRouting, str)), where, "routing",
                    routing, "None with inference_gateway: the operator refuses intelligent routing on an endpoint "
                    "attached to an Inference Gateway (the gateway's scheduler picks the pod)")

    def resolve(self: D) -> D:
        """This deployment with every default that depends on other fields worked out (see ``_with_defaults``).

        Pure: returns a new deployment and leaves this one unchanged (an already resolved one returns itself, and so
        does the one ``resolve()`` returned: neither this nor ``@on_resolved`` methods work it out again).
        """
        return self._resolution or self  # None: it resolves to itself

    @functools.cached_property
    def _resolution(self: D) -> Optional[D]:
        """The resolved copy, worked out once per deployment (None when nothing changes): the fields are frozen, so
        it cannot change, and building it ran every rule on it (its __post_init__), so a second copy would only
        repeat the checks. Not a field: eq, repr and ``dataclasses.replace`` ignore it."""
        resolved = self._with_defaults()
        if resolved is self:
            return None
        resolved.__dict__.setdefault("_resolution", None)  # the copy resolves to itself
        return resolved

    def _with_defaults(self: D) -> D:
        """The defaults worked out (each kind its own); ``resolve()`` calls it once per deployment."""
        raise NotImplementedError

    @property
    def is_resolved(self) -> bool:
        """Whether ``resolve()`` returns this deployment (its defaults are worked out)."""
        return self._resolution is None

    def _resolved(self: D, values: Mapping[str, Any]) -> D:
        """This deployment with ``values`` (its resolved defaults): itself when nothing changes, else a new one."""
        changed = {name: value for name, value in values.items() if getattr(self, name) != value}
        return dataclasses.replace(self, **changed) if changed else self  # type: ignore[type-var]

    def _bound_autoscaling(self) -> Optional[Autoscaling]:
        """The autoscaling with its SageMaker CloudWatch triggers bound to the endpoint this deployment registers."""
        if self.autoscaling is None:
            return None
        with located(self.where, "autoscaling"):  # a trigger rebuilt here reports as part of this deployment
            return self.autoscaling.bound_to(self.sagemaker_endpoint_name, self.where)

    @property
    def intelligent_routing(self) -> Optional[IntelligentRouting]:
        """The router of a resolved deployment (``resolve()`` turns ``routing=`` into IntelligentRouting or None)."""
        return self.routing  # type: ignore[attr-defined, no-any-return]

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
