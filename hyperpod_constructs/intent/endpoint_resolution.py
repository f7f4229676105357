"""A declared endpoint (custom or JumpStart) as the resolved platform model holds it."""
from __future__ import annotations

from typing import Optional, Union

from .endpoint import InferenceEndpoint
from .jumpstart import JumpStartEndpoint
from .platform_model import PodDemand, ResolvedEndpoint
from .slo import EndpointSlos

Endpoint = Union[InferenceEndpoint, JumpStartEndpoint]


def resolve_endpoint(endpoint: Endpoint, namespace: str, slos: Optional[EndpointSlos] = None) -> ResolvedEndpoint:
    """``namespace``: where the endpoint runs (its own, else the platform's)."""
    endpoint = endpoint.resolve()  # what it runs with: the defaults that depend on other fields worked out
    jumpstart = isinstance(endpoint, JumpStartEndpoint)
    return ResolvedEndpoint(
        name=endpoint.name, namespace=namespace, max_replicas=endpoint.max_pods,
        kind="jumpstart" if jumpstart else "inference-endpoint",
        intelligent_routing=endpoint.routing is not None, kv_cache=endpoint.kv_cache is not None, slos=slos,
        demands=_jumpstart_demands(endpoint) if jumpstart else _custom_demands(endpoint), endpoint=endpoint)


def _jumpstart_demands(endpoint: JumpStartEndpoint) -> tuple[PodDemand, ...]:
    fits = endpoint.memory_fits()
    return (PodDemand(endpoint.name, "jumpstart", endpoint.instance_type, endpoint.min_pods, endpoint.max_pods,
                      gpus=None, partition=endpoint.partition_profile, memory=fits[0].summary() if fits else None),)


def _custom_demands(endpoint: InferenceEndpoint) -> tuple[PodDemand, ...]:
    """One demand (the first instance type it may run on stands for all of them in the plan), or one per side."""
    if endpoint.disaggregation is not None:
        memory = {side: fit.summary() for side, fit in endpoint.side_memory_fits()}
        return tuple(PodDemand(f"{endpoint.name}/{side}", f"custom, {side}", worker.instance_type, worker.min_pods,
                               worker.max_pods, gpus=0 if worker.partition_profile else worker.gpus,
                               partition=worker.partition_profile, memory=memory.get(side), side=side)
                     for side, worker in endpoint.disaggregation.workers())
    fits = endpoint.memory_fits()
    return (PodDemand(endpoint.name, "custom", (endpoint.placement_types or ("any",))[0], endpoint.min_pods,
                      endpoint.max_pods, gpus=endpoint.gpu_request, partition=endpoint.partition_profile,
                      memory=fits[0].summary() if fits else None, instance_types=endpoint.placement_types),)
