"""Every endpoint spec we render also loads into AWS's own HyperPod Python SDK (PyPI ``sagemaker-hyperpod``):
``InferenceEndpointConfig`` specs into ``_HPEndpoint`` and ``JumpStartModel`` specs into ``_HPJumpStartEndpoint``,
the pydantic models its ``HPEndpoint`` / ``HPJumpStartEndpoint`` create resources from.

The SDK's top-level models ignore unknown fields (nested ones forbid them), so fields are also matched
one by one against the models: a field the SDK does not know is reported with its path.
"""
from __future__ import annotations

import types
import typing
import warnings
from typing import Any, Union

import pytest
from pydantic import BaseModel
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint

from test_endpoint_manifests import ENDPOINTS

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # requests warns about its urllib3 pin on import
    from sagemaker.hyperpod.inference.config.hp_endpoint_config import _HPEndpoint
    from sagemaker.hyperpod.inference.config.hp_jumpstart_endpoint_config import _HPJumpStartEndpoint

SDK_MODELS: dict[str, type[BaseModel]] = {"InferenceEndpointConfig": _HPEndpoint, "JumpStartModel": _HPJumpStartEndpoint}


def _models_in(annotation: Any) -> tuple[list[type[BaseModel]], bool]:
    """The pydantic models an annotation holds, and whether it is a list of them."""
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        found: list[type[BaseModel]] = []
        is_list = False
        for part in typing.get_args(annotation):
            models, part_is_list = _models_in(part)
            found += models
            is_list = is_list or part_is_list
        return found, is_list
    if origin in (list, tuple):
        models, _ = _models_in(typing.get_args(annotation)[0])
        return models, True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation], False
    return [], False


def unknown_fields(model: type[BaseModel], data: Any, path: str) -> list[str]:
    """Paths of fields in ``data`` that ``model`` has no field for (by name or alias)."""
    if not isinstance(data, dict):
        return []
    by_key = {name: field for name, field in model.model_fields.items()}
    by_key.update({field.alias: field for field in model.model_fields.values() if field.alias})
    unknown: list[str] = []
    for key, value in data.items():
        field = by_key.get(key)
        if field is None:
            unknown.append(f"{path}.{key}")
            continue
        models, is_list = _models_in(field.annotation)
        if not models:
            continue
        for index, item in enumerate(value if is_list and isinstance(value, list) else [value]):
            where = f"{path}.{key}[{index}]" if is_list else f"{path}.{key}"
            candidates = [unknown_fields(candidate, item, where) for candidate in models]
            unknown += min(candidates, key=len)  # a union: the closest alternative
    return unknown


@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_spec_loads_into_the_sdk_model(name: str) -> None:
    endpoint, view = ENDPOINTS[name]
    manifest = render_endpoint(resolve_endpoint(endpoint, view))
    model = SDK_MODELS[manifest["kind"]]
    assert unknown_fields(model, manifest["spec"], "spec") == []
    loaded = model.model_validate(manifest["spec"])
    # What we set is what the SDK read: dumping by alias gives back our spec, less the SDK's own defaults.
    dumped = loaded.model_dump(by_alias=False, exclude_unset=True)
    assert set(dumped) == set(manifest["spec"]), name


def test_unknown_fields_are_reported_with_their_path() -> None:
    """The check above can fail: a field the SDK does not model is named, at any depth."""
    spec = {"modelName": "m", "instanceType": "ml.g5.8xlarge", "futureField": 1,
            "worker": {"image": "i", "resources": {}, "modelVolumeMount": {"name": "v"}, "newKnob": True}}
    assert unknown_fields(_HPEndpoint, spec, "spec") == ["spec.futureField", "spec.worker.newKnob"]
