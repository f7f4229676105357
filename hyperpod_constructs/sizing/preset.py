"""A preset endpoint: from a model id (or its config.json), the context and the concurrency it must serve, an
``InferenceEndpoint`` sized on the platform's instance groups.

``preset_endpoint`` chooses where one replica runs among the groups' instance types (whole GPUs) and MIG slices
(the profiles a group's layout creates): among those that fit, the cheapest per replica when prices are given, else
the least accelerator memory, then the fewest GPUs. It writes the engine's arguments (the model path, the served
model name, the tensor-parallel size, the max model length, the port), fills the model source's ``ModelSize``, turns
the NVMe weights cache on where the instance type has local NVMe, and estimates the cold start. Every choice can be
given instead (``instance_type``, ``accelerator_partition``, ``gpus``, ``model_cache`` ..., and any other
``InferenceEndpoint`` field through ``endpoint_fields``). The result is the normal endpoint declaration:
``platform.add_preset_endpoint(preset)`` adds it and puts ``preset.reasons`` in the plan.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ..catalog.instance_types import instance_type as lookup_instance_type
from ..catalog.model_catalog import ModelFacts, find_model
from ..errors import HyperPodValidationError, require
from ..intent.endpoint import AUTO, OPERATOR_MOUNT_PATH, InferenceEndpoint, _Auto
from ..intent.instance_group import InstanceGroup
from ..intent.model_cache import ModelCache, ModelWeightsCache
from ..intent.model_size import ModelSize
from ..intent.model_source import FsxModelSource, HuggingFaceModelSource, ModelSource
from ..planner.cold_start import ColdStartContext, ColdStartEndpoint, ColdStartEstimate, estimate_cold_start
from ..prices.model import Prices
from .fit import Candidate, SizingRequest, candidate, whole_gpu_candidate


@dataclass(frozen=True)
class EndpointPreset:
    """A sized endpoint and why it has that size."""

    endpoint: InferenceEndpoint
    """The endpoint declaration, as if written by hand: add it with ``platform.add_preset_endpoint(preset)``.
    Required."""
    request: SizingRequest
    """The model, the context and the concurrency it was sized for.
    Required."""
    chosen: Candidate
    """Where one replica runs and what it holds.
    Required."""
    considered: tuple[Candidate, ...]
    """Every candidate on the platform's groups, the chosen one among them.
    Required."""
    cold_start: ColdStartEstimate
    """The wait for a first token when the endpoint scales from zero (sources: docs/cold-start.md).
    Required."""

    @property
    def model(self) -> ModelFacts:
        """The model sized."""
        return self.request.model

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why this size, for the plan: the model's figures, the chosen candidate's memory, the ones passed over."""
        model, architecture = self.model, self.model.architecture
        moe = f" ({architecture.active_parameters / 1e9:.1f}B active)" if architecture.is_moe else ""
        lines = [f"{model.model_id}: {architecture.parameters / 1e9:.1f}B parameters{moe}, "
                 f"{model.weight_bytes / 1e9:.1f} GB weights ({architecture.weights_format}, {model.weights_source}), "
                 f"{architecture.kv_bytes_per_token} KV bytes per token; sized for {self.request.concurrency} "
                 f"sequence(s) of {self.request.max_model_len} tokens",
                 f"chosen: {self.chosen.explain(self.request)}"]
        for other in self.considered:
            if other is self.chosen:
                continue
            verdict = _compared(other, self.chosen) if other.fits else f"short by {other.shortfall_gb:.1f} GB"
            where = other.accelerator if other.partition else f"{other.gpus_per_replica} GPU"
            lines.append(f"passed over: {where} of {other.instance_type} ({verdict})")
        lines.append(f"cold start from zero about {self.cold_start.known_s:.0f} s"
                     + ("" if self.cold_start.complete else " (a part is not known)"))
        return tuple(lines)

    def weights_cache(self, name: Optional[str] = None, *, instance_group: Optional[str] = None) -> ModelWeightsCache:
        """A ModelWeightsCacheConfig pre-warming the chosen instance type's NVMe with this model's weights (add it
        with ``platform.add_model_weights_cache``)."""
        cache = self.endpoint.model_cache
        host_path = cache.host_path if isinstance(cache, ModelCache) else None
        return ModelWeightsCache(name or f"{self.endpoint.name}-weights", model=self.endpoint.model,
                                 instance_type=self.chosen.instance_type, instance_group=instance_group,
                                 host_path=host_path, namespace=self.endpoint.namespace)


def preset_endpoint(name: str, *, model: Union[str, Path], source: ModelSource,
                    instance_groups: Sequence[InstanceGroup], max_model_len: Optional[int] = None,
                    concurrency: int = 1, prices: Optional[Prices] = None, instance_type: Optional[str] = None,
                    accelerator_partition: Optional[str] = None, gpus: Optional[int] = None,
                    served_model_name: Optional[str] = None, port: int = 8000,
                    model_cache: Union[ModelCache, None, _Auto] = AUTO, **endpoint_fields: Any) -> EndpointPreset:
    """An ``InferenceEndpoint`` for ``model`` (a catalog id or the path of its config.json) whose weights come from
    ``source``, sized on ``instance_groups`` (``platform.instance_groups``).

    Args:
        name: The endpoint's name. Required.
        model: A catalog model id (``python -m hyperpod_constructs.size --list``) or a config.json path. Required.
        source: Where the weights come from (``ModelSource.s3/fsx/hugging_face``); its ``size`` is filled. Required.
        instance_groups: The platform's instance groups, which the choice is made among. Required.
        max_model_len: Tokens per sequence. Default: None (the model's maximum context).
        concurrency: Sequences the KV cache must hold at that context. Default: 1.
        prices: Instance prices: the cheapest replica wins. Default: None (the least accelerator memory wins).
        instance_type: Run on this instance type. Default: None (chosen).
        accelerator_partition: Run on this MIG profile (``"3g.40gb"``). Default: None (chosen).
        gpus: Whole GPUs per replica (the tensor-parallel size). Default: None (the fewest that fit).
        served_model_name: The name clients send. Default: None (the model id's last part, lower case).
        port: The engine's port. Default: 8000.
        model_cache: The operator's host caches. Default: AUTO (the NVMe weights cache where the type has NVMe).
        endpoint_fields: Any other ``InferenceEndpoint`` field (``autoscaling``, ``image`` ...).
    """
    where = f"preset endpoint {name!r}"
    facts = find_model(model, where)
    request = SizingRequest.of(facts, max_model_len, concurrency, where)
    require(isinstance(instance_groups, Sequence) and all(isinstance(g, InstanceGroup) for g in instance_groups),
            where, "instance_groups", instance_groups, "the platform's instance groups (platform.instance_groups)")
    for taken in ("args", "instance_types", "node_affinity"):
        require(taken not in endpoint_fields, where, taken, endpoint_fields.get(taken),
                "not given through endpoint_fields: the preset writes it (pass instance_type, accelerator_partition, "
                "gpus, max_model_len, served_model_name or port instead)")
    if isinstance(source, HuggingFaceModelSource) and facts.gated and source.token_secret is None:
        raise HyperPodValidationError(
            where, "source.token_secret", None,
            f"a Hub token for {facts.model_id}, which is gated on the Hugging Face Hub: accept its terms with your "
            "account, keep a token in a Kubernetes Secret and pass ModelSource.hugging_face(..., "
            "token_secret=SecretKeyRef(name, key))")
    considered = tuple(_on_groups(request, instance_groups, prices, instance_type, accelerator_partition, gpus, where))
    chosen = _choose(considered, request, where)
    architecture = facts.architecture
    size = source.size or ModelSize(
        weight_bytes=facts.weight_bytes, context_length=architecture.max_context,
        kv_bytes_per_token=architecture.kv_bytes_per_token * architecture.kv_replication(chosen.gpus_per_replica))
    engine_source = dataclasses.replace(source, size=size)
    args = _engine_args(endpoint_fields.get("model_mount_path") or OPERATOR_MOUNT_PATH, chosen,
                        served_model_name or facts.served_name, request.max_model_len, port)
    nvme = (lookup_instance_type(chosen.instance_type).local_nvme_gib or 0) > 0  # type: ignore[union-attr]
    cache = (ModelCache(weights=True) if nvme else None) if model_cache is AUTO else model_cache
    endpoint = InferenceEndpoint(
        name, model=engine_source, instance_type=chosen.instance_type, accelerator_partition=chosen.partition,
        gpus=chosen.gpus_per_replica if chosen.partition is None else None, args=args, port=port,
        model_cache=cache, **endpoint_fields)
    return EndpointPreset(endpoint, request, chosen, considered, _cold_start(endpoint, chosen, facts))


def _engine_args(mount_path: str, chosen: Candidate, served_name: str, max_model_len: int,
                 port: int) -> tuple[str, ...]:
    """vLLM's arguments: the weights' path, the tensor-parallel size (whole GPUs; a MIG slice is one device, so none),
    the name clients send, the context and the port."""
    parallel = ("--tensor-parallel-size", str(chosen.gpus_per_replica)) if chosen.partition is None else ()
    return (mount_path, *parallel, "--served-model-name", served_name, "--max-model-len", str(max_model_len),
            "--port", str(port))


def _on_groups(request: SizingRequest, groups: Sequence[InstanceGroup], prices: Optional[Prices],
               instance_type: Optional[str], partition: Optional[str], gpus: Optional[int], where: str) -> list[Candidate]:
    """Whole GPUs of each GPU group without MIG, and each MIG profile a group's layout creates; narrowed to the
    instance type, partition or GPU count given."""
    found: list[Candidate] = []
    for group in groups:
        info = group.info
        if not info.has_gpu or (instance_type is not None and group.instance_type != instance_type):
            continue
        layout = group.mig_layout
        profiles = layout.profiles if layout is not None else ()
        if profiles:
            found += [candidate(request, group.instance_type, partition=profile, prices=prices) for profile in profiles
                      if partition in (None, profile) and gpus is None]
        elif partition is None:
            if gpus is not None:
                require(isinstance(gpus, int) and 1 <= gpus <= info.gpu_count
                        and request.model.architecture.tensor_parallel_ok(gpus), where, "gpus", gpus,
                        f"1 to {info.gpu_count} GPUs that the model's {request.model.architecture.num_attention_heads} "
                        f"attention and {request.model.architecture.num_kv_heads} KV heads divide")
            found.append(whole_gpu_candidate(request, group.instance_type, prices, gpus))
    unique = {(each.instance_type, each.accelerator, each.gpus_per_replica): each for each in found}
    if not unique:
        asked = {"instance_type": instance_type, "accelerator_partition": partition, "gpus": gpus}
        shown = {key: value for key, value in asked.items() if value is not None} or "no GPU group"
        raise HyperPodValidationError(where, "instance_groups", shown,
                                      "an instance group with NVIDIA GPUs (whole, or the MIG profile asked for) "
                                      "to run the endpoint on; add one, or change instance_type / "
                                      "accelerator_partition")
    return list(unique.values())


def _choose(considered: Sequence[Candidate], request: SizingRequest, where: str) -> Candidate:
    fitting = [each for each in considered if each.fits]
    if not fitting:
        best = min(considered, key=lambda each: each.shortfall_gb)
        raise HyperPodValidationError(
            where, "model", request.model.model_id,
            f"a model that fits one replica on the platform's groups: the closest, {best.explain(request)}; "
            "lower max_model_len or concurrency, add a group with more accelerator memory, or use a quantized model")
    priced = all(each.usd_per_replica_hour is not None for each in fitting)
    if priced:
        return min(fitting, key=lambda each: (each.usd_per_replica_hour, each.memory_gb, each.gpus_per_replica))
    return min(fitting, key=lambda each: (each.memory_gb, each.gpus_per_replica, each.instance_type))


def _compared(other: Candidate, chosen: Candidate) -> str:
    """Why a candidate that fits was passed over: dearer per replica, else more accelerator memory."""
    if other.usd_per_replica_hour is not None and chosen.usd_per_replica_hour is not None:
        return (f"fits, but {other.usd_per_replica_hour:.2f} USD/h per replica against "
                f"{chosen.usd_per_replica_hour:.2f}")
    return f"fits, but {other.memory_gb:g} GB per replica against {chosen.memory_gb:g}"


def _cold_start(endpoint: InferenceEndpoint, chosen: Candidate, facts: ModelFacts) -> ColdStartEstimate:
    source = endpoint.model
    scaling = endpoint.autoscaling
    return estimate_cold_start(ColdStartEndpoint(
        endpoint.name, chosen.instance_type, source.source_type.value, facts.weight_bytes / 1e9,
        scaling.polling_interval_s if scaling is not None else None,
        isinstance(source, FsxModelSource) and source.file_system is None), ColdStartContext())
