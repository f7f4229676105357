"""The fields both kinds of endpoint share are declared once, on ``EndpointBase`` (as cdk8s-plus's
``DeploymentProps extends WorkloadProps``), and the constructors read as before: ``name`` first, the rest by keyword."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from hyperpod_constructs import EndpointBase, InferenceEndpoint, JumpStartEndpoint, ModelSource

KINDS = (InferenceEndpoint, JumpStartEndpoint)
# Fields both kinds have with the same type and default that still mean different things (and are checked apart).
DIFFERENT_MEANING = {"model_version": "the custom model's modelVersion; the JumpStart hub's semantic version"}


def _own_fields(cls: type) -> dict[str, dataclasses.Field]:
    """The fields ``cls`` itself declares (not those it inherits)."""
    annotations = cls.__dict__.get("__annotations__", {})
    return {field.name: field for field in dataclasses.fields(cls) if field.name in annotations}


def _same(first: dataclasses.Field, second: dataclasses.Field) -> bool:
    return (first.type, first.default, first.default_factory) == (second.type, second.default, second.default_factory)


def test_a_field_both_kinds_declare_alike_lives_on_the_base() -> None:
    custom, jumpstart = (_own_fields(kind) for kind in KINDS)
    alike = sorted(name for name in custom.keys() & jumpstart.keys()
                   if _same(custom[name], jumpstart[name]) and name not in DIFFERENT_MEANING)
    assert alike == []


def test_the_base_declares_the_shared_fields_and_neither_kind_redeclares_one() -> None:
    shared = set(_own_fields(EndpointBase))
    assert {"name", "accelerator_partition", "replicas", "autoscaling", "namespace", "tls", "metrics", "sagemaker_endpoint_name",
            "inference_gateway", "max_deploy_time_s", "data_capture", "model_cache", "metrics_sidecar_resources",
            "metrics_collector_resources", "s3_uploader_resources", "tolerations", "lmcache_mode"} == shared
    for kind in KINDS:
        assert shared & set(_own_fields(kind)) == set(), kind.__name__
        assert issubclass(kind, EndpointBase) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_name_is_the_one_positional_argument(kind: type) -> None:
    parameters = list(inspect.signature(kind).parameters.values())
    assert parameters[0].name == "name" and parameters[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(parameter.kind is inspect.Parameter.KEYWORD_ONLY for parameter in parameters[1:])


def test_shared_fields_keep_their_defaults_on_both_kinds() -> None:
    custom = InferenceEndpoint("llama", model=ModelSource.fsx("models/llama/"), instance_type="ml.g5.8xlarge")
    jumpstart = JumpStartEndpoint("qwen", model_id="huggingface-llm-qwen2-5-7b-instruct", accept_eula=True,
                                  instance_type="ml.g5.8xlarge")
    for endpoint in (custom, jumpstart):
        assert (endpoint.accelerator_partition, endpoint.replicas, endpoint.autoscaling, endpoint.namespace, endpoint.sagemaker_endpoint_name,
                endpoint.inference_gateway, endpoint.max_deploy_time_s, endpoint.data_capture,
                endpoint.model_cache) == (None,) * 9
        assert endpoint.tls is not None and endpoint.metrics is not None and endpoint.metrics.enabled
    with pytest.raises(dataclasses.FrozenInstanceError):
        custom.replicas = 3  # type: ignore[misc]


def test_the_base_alone_is_refused() -> None:
    with pytest.raises(TypeError, match="EndpointBase holds the fields both kinds of endpoint share: build an "
                                        "InferenceEndpoint or a JumpStartEndpoint"):
        EndpointBase("llama")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_each_kind_names_the_fields_it_takes_from_the_base(kind: type) -> None:
    """The API reference lists a class's own fields; its docstring names those of the base, so none is hidden."""
    assert [name for name in _own_fields(EndpointBase) if f"``{name}``" not in (kind.__doc__ or "")] == []
