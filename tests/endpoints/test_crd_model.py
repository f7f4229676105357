"""The generic dump (``crd_model``): what it writes for each way a field can be declared, and that every field the
operator records write has its path in the carried CRD (a misspelt ``crd("...")`` fails here, not in a cluster)."""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Iterator, Optional, Union

import pytest

from hyperpod_constructs.crd_model import INTERNAL, CrdProperty, camel_case, crd, crd_dump, crd_property, internal
from hyperpod_constructs.resolve import records
from hyperpod_constructs.resolve.records import CustomSpec, JumpStartSpec, SharedSpec
from support import crd_schemas

# The CDK interfaces some internal fields hold (their modules are imported only for type checking).
_NAMES = {**vars(records), "s3": types.SimpleNamespace(IBucket=object), "fsx": types.SimpleNamespace(IFileSystem=object),
          "kms": types.SimpleNamespace(IKey=object)}
IEC = ("inference.sagemaker.aws.amazon.com/v1", "InferenceEndpointConfig")
JSM = ("inference.sagemaker.aws.amazon.com/v1", "JumpStartModel")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Inner:
    max_queue_size: Optional[int] = None
    same_az: Optional[bool] = crd("sameAZ", None)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Outer:
    image: str = crd("worker.image")
    port: int = crd("worker.port")
    inner: Optional[Inner] = None
    merged: Optional[Inner] = crd("", None)
    secret_bucket: str = internal("kept out")
    labels: tuple[tuple[str, str], ...] = crd(default=(), as_map=True)
    tags: tuple[tuple[str, str], ...] = crd(default=(), as_name_value=True)
    args: Optional[tuple[str, ...]] = crd(None, None, keep_empty=True)
    items: tuple[Any, ...] = crd(default=(), split=(("ints", int), ("texts", str)))
    per_kind: Optional[str] = crd({"A": "a.name", "B": "bName"}, None)

    @crd_property("derived.value")
    def derived(self) -> str:
        return self.image.upper()


def test_fields_are_written_by_name_path_and_shape() -> None:
    outer = Outer(image="img", port=80, inner=Inner(max_queue_size=3), merged=Inner(same_az=True),
                  labels=(("k", "v"),), tags=(("n", "v"),), args=(), items=(1, "x", 2), per_kind="p")
    assert crd_dump(outer, "A") == {
        "worker": {"image": "img", "port": 80}, "inner": {"maxQueueSize": 3}, "sameAZ": True,
        "labels": {"k": "v"}, "tags": [{"name": "n", "value": "v"}], "args": [], "ints": [1, 2], "texts": ["x"],
        "a": {"name": "p"}, "derived": {"value": "IMG"}}
    assert crd_dump(outer, "B")["bName"] == "p"


def test_unset_values_empty_records_and_empty_tuples_are_left_out() -> None:
    assert crd_dump(Outer(image="img", port=80, inner=Inner()), "A") == {
        "worker": {"image": "img", "port": 80}, "derived": {"value": "IMG"}}


def test_camel_case() -> None:
    assert camel_case("max_queue_size") == "maxQueueSize" and camel_case("name") == "name"


def _hint_records(hint: Any) -> list[type]:
    """The record classes a field's type hint holds (itself, Optional[...], tuple[... , ...], a Union)."""
    origin = typing.get_origin(hint)
    if origin in (Union, tuple):
        return [found for arg in typing.get_args(hint) for found in _hint_records(arg)]
    return [hint] if dataclasses.is_dataclass(hint) else []


def _paths(record_type: type, kind: str, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every path a record type writes (its fields and crd_properties), nested records followed."""
    hints = typing.get_type_hints(record_type, _NAMES)
    for field in dataclasses.fields(record_type):
        path = field.metadata.get("crd")
        if path is INTERNAL:
            continue
        yield from _field_paths(prefix, path, field.name, hints[field.name], kind, field.metadata)
    for cls in record_type.__mro__:
        for name, attribute in vars(cls).items():
            if isinstance(attribute, CrdProperty):
                hint = typing.get_type_hints(attribute.fget, _NAMES).get("return")
                yield from _field_paths(prefix, attribute.path, name, hint, kind, attribute.options)


def _field_paths(prefix: tuple[str, ...], path: Any, name: str, hint: Any, kind: str,
                 options: Any) -> Iterator[tuple[str, ...]]:
    if path is None:
        keys: tuple[str, ...] = (camel_case(name),)
    elif isinstance(path, dict):
        keys = tuple(path[kind].split("."))
    else:
        keys = tuple(path.split(".")) if isinstance(path, str) and path else tuple(path or ())
    if options.get("split"):  # the lists go into the parent, one key per record type
        for key, record_type in options["split"]:
            yield from _paths(record_type, kind, (*prefix, key, "[]"))
        return
    nested = _hint_records(hint)
    is_list = typing.get_origin(hint) is tuple or any(typing.get_origin(arg) is tuple
                                                     for arg in typing.get_args(hint))
    at = (*prefix, *keys, "[]") if is_list and nested and not options.get("as_map") else (*prefix, *keys)
    if nested:
        for record_type in nested:
            yield from _paths(record_type, kind, at)
    else:
        yield at


def _schema_has(schema: dict[str, Any], path: tuple[str, ...]) -> bool:
    for key in path:
        if key == "[]":
            schema = schema.get("items", {})
            continue
        properties = schema.get("properties")
        if properties is None:  # a free-form object (nodeAffinity's inner parts, a volume source): nothing to check
            return "additionalProperties" in schema or schema.get("type") == "object" or "x-kubernetes-preserve-unknown-fields" in schema
        if key not in properties:
            return False
        schema = properties[key]
    return True


@pytest.mark.parametrize(("key", "record_types"), [(IEC, (CustomSpec, SharedSpec)), (JSM, (JumpStartSpec, SharedSpec))],
                         ids=["InferenceEndpointConfig", "JumpStartModel"])
def test_every_written_field_is_in_the_crd(key: tuple[str, str], record_types: tuple[type, ...]) -> None:
    spec = crd_schemas()[key]["properties"]["spec"]
    paths = [path for record_type in record_types for path in _paths(record_type, key[1])]
    assert len(paths) > 60  # the walk sees the nested records, not only the top level
    assert [".".join(path) for path in paths if not _schema_has(spec, path)] == []
