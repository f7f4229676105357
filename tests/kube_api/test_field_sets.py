"""Unit tests of field sets, FieldsV1 and the apply merge."""
from __future__ import annotations

from kube_api.field_sets import (BuiltinShape, SchemaShape, apply_merge, changed_paths, field_set, from_fields_v1,
                                 path_string, to_fields_v1)


def test_fields_v1_round_trip_with_dot_for_owned_items() -> None:
    obj = {"spec": {"containers": [{"name": "a", "image": "i"}]}, "metadata": {"finalizers": ["x"]}}
    fields = field_set(obj, BuiltinShape())
    tree = to_fields_v1(fields)
    assert tree == {"f:spec": {"f:containers": {'k:{"name":"a"}': {".": {}, "f:name": {}, "f:image": {}}}},
                    "f:metadata": {"f:finalizers": {'v:"x"': {}}}}
    assert from_fields_v1(tree) == fields


def test_path_string_as_conflicts_print_it() -> None:
    assert path_string((("f", "spec"), ("f", "containers"), ("k", '{"name":"a"}'), ("f", "image"))) == \
        '.spec.containers[name="a"].image'


def test_update_changes_are_leaves_and_new_maps() -> None:
    changed, removed = changed_paths({"data": {"a": "1"}}, {"data": {"a": "2"}, "x": {"y": 1}}, BuiltinShape())
    assert changed == {(("f", "data"), ("f", "a")), (("f", "x"),), (("f", "x"), ("f", "y"))}
    assert removed == set()


def test_apply_merge_by_schema_list_type() -> None:
    schema = {"properties": {"spec": {"properties": {
        "m": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"]},
        "a": {"type": "array"}}}}}
    live = {"spec": {"m": [{"k": 1, "v": "old"}, {"k": 2}], "a": [1, 2]}}
    merged = apply_merge(live, {"spec": {"m": [{"k": 1, "v": "new"}], "a": [3]}}, SchemaShape(schema, root=True))
    assert merged == {"spec": {"m": [{"k": 1, "v": "new"}, {"k": 2}], "a": [3]}}
