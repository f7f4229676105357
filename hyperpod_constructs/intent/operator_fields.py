"""Fields of inference operator v3.4-v3.7 that no published CRD has yet, typed from the documentation.

No CRD YAML newer than v3.3 is published, so these are typed from what AWS wrote about them; each says where:

- v3.4 (add-on v1.5.0-eksbuild.1, 2026-08-21): ``metricsSidecarResources``, ``metricsCollectorResources`` and
  ``s3UploaderResources`` on InferenceEndpointConfig and JumpStartModel, the resource block of the operator's reverse
  proxy, metrics collector and data-capture uploader containers; "each field fully replaces that container's resource
  block, so specify complete requests and limits" (HyperPod inference release notes v3.4; aws/sagemaker-hyperpod-cli
  PR #448).
- v3.6 (chart 2.6.x): InferenceEndpointConfig ``spec.kubernetes.podTemplateAnnotations``, "additive, backward
  compatible" (aws/sagemaker-hyperpod-cli PR #461).
- v3.7 (chart 2.7.0): ``tolerations`` on both kinds "to allow inference pods to schedule onto tainted HyperPod
  nodes"; ``lmcache.mode`` ``InProcess`` | ``MultiProcess`` (MultiProcess runs a co-located LMCache server sidecar
  and needs LMCache 0.5.0 or later); the operator Deployment's ``priorityClassName`` (PR #464).

Their shapes beyond those words (a toleration's members, a resource block's) are Kubernetes' own. What AWS has not
described (v3.5's weights-cache node affinity: no published path) stays behind the escape hatch
(``handle.api_object.add_json_patch``); docs/endpoints.md lists both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Mapping, Optional, get_args

from ..errors import require, require_one_of
from ..type_checks import check_fields
from .frozen import Frozen

QUANTITY_PATTERN = re.compile(r"^[0-9]+(\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$")
RESOURCE_NAMES = ("cpu", "memory", "ephemeral-storage")  # what a sidecar's resource block can hold
LmcacheMode = Literal["InProcess", "MultiProcess"]
LMCACHE_MODES: tuple[str, ...] = get_args(LmcacheMode)
TolerationOperator = Literal["Equal", "Exists"]
TOLERATION_OPERATORS: tuple[str, ...] = get_args(TolerationOperator)
TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]
TAINT_EFFECTS: tuple[str, ...] = get_args(TaintEffect)


@dataclass(frozen=True, kw_only=True)
class ContainerResources:
    """The complete resource block of one operator-managed container (operator v3.4): it replaces the operator's
    defaults for that container whole, so both requests and limits are required.

    ```python
    from hyperpod_constructs import ContainerResources

    proxy = ContainerResources(requests={"cpu": "500m", "memory": "1Gi"}, limits={"cpu": "1", "memory": "2Gi"})
    assert proxy.requests["memory"] == "1Gi"
    ```
    """

    requests: Mapping[str, str] = Frozen()
    """What the container requests: ``cpu``, ``memory`` and/or ``ephemeral-storage`` as Kubernetes quantities.
    Required."""
    limits: Mapping[str, str] = Frozen()
    """The container's limits, the same names.
    Required."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        for name in ("requests", "limits"):
            block = getattr(self, name)
            require(len(block) > 0, where, name, dict(block),
                    f"at least one of {', '.join(RESOURCE_NAMES)}: the block replaces the operator's defaults whole "
                    "(HyperPod release notes v3.4: 'specify complete requests and limits')")
            for resource, quantity in block.items():
                require_one_of(resource, RESOURCE_NAMES, where, f"{name} key")
                require(isinstance(quantity, str) and bool(QUANTITY_PATTERN.match(quantity)), where,
                        f"{name}[{resource!r}]", quantity, "a Kubernetes quantity such as '500m', '2' or '1Gi'")


@dataclass(frozen=True, kw_only=True)
class Toleration:
    """A Kubernetes toleration for the endpoint's pods (``tolerations``, operator v3.7): lets them run on nodes of an
    instance group with that taint (``InstanceGroup(taints=...)``).

    ```python
    from hyperpod_constructs import Toleration

    gpu_only = Toleration(key="dedicated", value="inference", effect="NoSchedule")
    assert gpu_only.operator == "Equal"
    ```
    """

    key: Optional[str] = None
    """The taint key; None with ``operator="Exists"`` tolerates every taint.
    Default: None."""
    operator: TolerationOperator = "Equal"
    """``"Equal"`` (key and value match) or ``"Exists"`` (the key alone).
    Default: ``"Equal"``."""
    value: Optional[str] = None
    """The taint value, with ``"Equal"`` only.
    Default: None."""
    effect: Optional[TaintEffect] = None
    """``"NoSchedule"``, ``"PreferNoSchedule"`` or ``"NoExecute"``; None matches every effect.
    Default: None."""
    toleration_seconds: Optional[int] = None
    """How long a pod stays once a ``NoExecute`` taint appears; only with ``effect="NoExecute"``.
    Default: None (for ever)."""

    def __post_init__(self) -> None:
        where = type(self).__name__
        check_fields(self, where)
        require_one_of(self.operator, TOLERATION_OPERATORS, where, "operator")
        if self.effect is not None:
            require_one_of(self.effect, TAINT_EFFECTS, where, "effect")
        require(self.operator == "Exists" or self.key is not None, where, "key", self.key,
                "a taint key with operator='Equal' (operator='Exists' without a key tolerates every taint)")
        require(self.operator == "Equal" or self.value is None, where, "value", self.value,
                "None with operator='Exists' (the key alone matches)")
        require(self.toleration_seconds is None or self.effect == "NoExecute", where, "toleration_seconds",
                self.toleration_seconds, "only with effect='NoExecute'")
