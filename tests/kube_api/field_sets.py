"""Field sets of server-side apply: which fields of an object a manager owns, in managedFields' FieldsV1 format.

Why (https://kubernetes.io/docs/reference/using-api/server-side-apply/): the server records per manager the set of
fields it applied (operation Apply) or changed (operation Update); apply conflicts, ownership moves and the removal
of fields a manager stops applying are all computed on these sets. A path is a tuple of elements:
``("f", name)`` a map field, ``("k", '{"name":"x"}')`` an item of an associative list (keyed by its merge keys),
``("v", '"x"')`` a member of a set list. A set holds leaves (scalars, atomic lists, empty maps), list items and,
for Update entries, maps the write created (FieldsV1 marks a path that is itself owned and has children with ``.``).
"""
from __future__ import annotations

import copy
import json
from typing import Any, Iterable, Optional, Union

Element = tuple[str, str]
Path = tuple[Element, ...]
FieldSet = set[Path]

# Associative lists of built-in kinds and their keys (the +listType=map / patchMergeKey markers of the core types).
# Keyed by field name wherever it appears: an approximation that holds for the kinds the project writes.
BUILTIN_LIST_KEYS: dict[str, list[str]] = {
    "containers": ["name"], "initContainers": ["name"], "ephemeralContainers": ["name"], "env": ["name"],
    "volumes": ["name"], "volumeMounts": ["mountPath"], "volumeDevices": ["devicePath"],
    "imagePullSecrets": ["name"], "ownerReferences": ["uid"], "conditions": ["type"], "webhooks": ["name"],
    "hostAliases": ["ip"], "topologySpreadConstraints": ["topologyKey", "whenUnsatisfiable"],
    "resourceClaims": ["name"], "ports": ["containerPort", "protocol"],
}
BUILTIN_SETS = {"finalizers"}
# Fields the server sets and never records in managedFields (the "strip meta" step of the field manager).
STRIPPED_META = {"name", "namespace", "uid", "resourceVersion", "generation", "creationTimestamp", "selfLink",
                 "deletionTimestamp", "deletionGracePeriodSeconds", "managedFields"}
ListKind = Union[None, str, list[str]]  # None: atomic, "set", or the keys of an associative list


class Shape:
    """What the schema says about a node: how its lists merge and whether a map is atomic."""

    def child(self, name: str) -> "Shape":
        raise NotImplementedError

    def item(self) -> "Shape":
        raise NotImplementedError

    def list_kind(self) -> ListKind:
        raise NotImplementedError

    def atomic_map(self) -> bool:
        return False


class BuiltinShape(Shape):
    """Built-in kinds (and every object's metadata): list behaviour by the list field's name."""

    def __init__(self, name: str = "") -> None:
        self.name = name

    def child(self, name: str) -> Shape:
        return BuiltinShape(name)

    def item(self) -> Shape:
        return BuiltinShape("")

    def list_kind(self) -> ListKind:
        if self.name in BUILTIN_SETS:
            return "set"
        return BUILTIN_LIST_KEYS.get(self.name)


class SchemaShape(Shape):
    """Custom resources: lists are atomic unless the CRD schema says x-kubernetes-list-type map or set."""

    def __init__(self, node: dict[str, Any] | None, root: bool = False) -> None:
        self.node = node or {}
        self.root = root

    def child(self, name: str) -> Shape:
        if self.root and name == "metadata":
            return BuiltinShape("metadata")
        properties = self.node.get("properties") or {}
        if name in properties:
            return SchemaShape(properties[name])
        extra = self.node.get("additionalProperties")
        return SchemaShape(extra if isinstance(extra, dict) else None)

    def item(self) -> Shape:
        return SchemaShape(self.node.get("items"))

    def list_kind(self) -> ListKind:
        kind = self.node.get("x-kubernetes-list-type")
        if kind == "map":
            return list(self.node.get("x-kubernetes-list-map-keys") or [])
        return "set" if kind == "set" else None

    def atomic_map(self) -> bool:
        return self.node.get("x-kubernetes-map-type") == "atomic"


def _key_fields(item: Any, keys: list[str]) -> dict[str, Any]:
    if not isinstance(item, dict):
        return {}
    if keys == ["containerPort", "protocol"] and "containerPort" not in item:
        keys = ["port", "protocol"]  # a Service's ports are keyed by port and protocol
    found = {key: item[key] for key in keys if key in item}
    if "protocol" in keys and "protocol" not in found and len(found):
        found["protocol"] = "TCP"  # the server defaults protocol before keying
    return found


def key_element(item: Any, keys: list[str]) -> Element:
    return ("k", json.dumps(_key_fields(item, keys), sort_keys=True, separators=(",", ":")))


def value_element(value: Any) -> Element:
    return ("v", json.dumps(value, sort_keys=True, separators=(",", ":")))


def _walk(value: Any, shape: Shape, prefix: Path, out: FieldSet, with_maps: bool) -> None:
    if isinstance(value, dict) and not shape.atomic_map():
        if not value or with_maps:
            if prefix:
                out.add(prefix)
        for name, child in value.items():
            _walk(child, shape.child(name), prefix + (("f", name),), out, with_maps)
    elif isinstance(value, list):
        kind = shape.list_kind()
        if kind is None:
            out.add(prefix)
        elif kind == "set":
            out.update(prefix + (value_element(v),) for v in value)
            if not value:
                out.add(prefix)
        else:
            if not value:
                out.add(prefix)
            for item in value:
                item_path = prefix + (key_element(item, kind),)
                out.add(item_path)
                if isinstance(item, dict):
                    for name, child in item.items():
                        _walk(child, shape.item().child(name), item_path + (("f", name),), out, with_maps)
    else:
        out.add(prefix)


def owned_part(obj: dict[str, Any], status_subresource: bool, subresource: str = "") -> dict[str, Any]:
    """The part of an object that field sets describe: no apiVersion/kind/server-set metadata; status alone or not."""
    if subresource == "status":
        return {"status": obj["status"]} if "status" in obj else {}
    part = {k: v for k, v in obj.items() if k not in ("apiVersion", "kind")}
    if status_subresource:
        part.pop("status", None)
    meta = {k: v for k, v in (part.get("metadata") or {}).items() if k not in STRIPPED_META}
    if meta:
        part["metadata"] = meta
    else:
        part.pop("metadata", None)
    return part


def field_set(obj: dict[str, Any], shape: Shape, with_maps: bool = False) -> FieldSet:
    out: FieldSet = set()
    _walk(obj, shape, (), out, with_maps)
    out.discard(())
    out.discard((("f", "metadata"),))  # metadata always exists (name): never owned as such
    return out


_MISSING = object()


def value_at(obj: Any, path: Path) -> Any:
    """The value at a path, or _MISSING."""
    node = obj
    for kind, text in path:
        if kind == "f":
            if not isinstance(node, dict) or text not in node:
                return _MISSING
            node = node[text]
        else:
            node = _find_item(node, kind, text)
            if node is _MISSING:
                return _MISSING
    return node


def _find_item(items: Any, kind: str, text: str) -> Any:
    if not isinstance(items, list):
        return _MISSING
    wanted = json.loads(text)
    for item in items:
        if kind == "v" and item == wanted:
            return item
        if kind == "k" and isinstance(item, dict) and _key_fields(item, list(wanted)) == wanted:
            return item
    return _MISSING


def has(obj: Any, path: Path) -> bool:
    return value_at(obj, path) is not _MISSING


def remove_path(obj: dict[str, Any], path: Path) -> None:
    """Remove the field or list item a path names (nothing if absent)."""
    parent = value_at(obj, path[:-1]) if len(path) > 1 else obj
    kind, text = path[-1]
    if kind == "f" and isinstance(parent, dict):
        parent.pop(text, None)
    elif isinstance(parent, list):
        item = _find_item(parent, kind, text)
        if item is not _MISSING:
            parent.remove(item)


def changed_paths(old: dict[str, Any], new: dict[str, Any], shape: Shape) -> tuple[FieldSet, FieldSet]:
    """(added or changed, removed) between two versions: the fields an Update-operation write touched."""
    before, after = field_set(old, shape, with_maps=True), field_set(new, shape, with_maps=True)
    changed = {p for p in after if p not in before or (_is_leaf(new, p) and value_at(old, p) != value_at(new, p))}
    return changed, before - after


def _is_leaf(obj: Any, path: Path) -> bool:
    value = value_at(obj, path)
    return not isinstance(value, dict) or not value


# ---- FieldsV1 ----------------------------------------------------------------------------------------------------

def to_fields_v1(fields: Iterable[Path]) -> dict[str, Any]:
    paths = set(fields)
    tree: dict[str, Any] = {}
    for path in sorted(paths):
        node = tree
        for element in path:
            node = node.setdefault(f"{element[0]}:{element[1]}", {})
    for path in paths:  # a path that is owned itself and also has owned children is marked with "."
        node = tree
        for element in path:
            node = node[f"{element[0]}:{element[1]}"]
        if node:
            node["."] = {}
    return tree


def from_fields_v1(tree: dict[str, Any], prefix: Path = ()) -> FieldSet:
    out: FieldSet = set()
    for key, child in tree.items():
        if key == ".":
            out.add(prefix)
            continue
        kind, _, text = key.partition(":")
        path = prefix + ((kind, text),)
        if child:
            out |= from_fields_v1(child, path)
        else:
            out.add(path)
    out.discard(())
    return out


def path_string(path: Path) -> str:
    """``.spec.containers[name="app"].image``: how conflicts name a field (structured-merge-diff's Path.String)."""
    parts = []
    for kind, text in path:
        if kind == "f":
            parts.append(f".{text}")
        elif kind == "k":
            keys = json.loads(text)
            parts.append("[" + ",".join(f"{k}={json.dumps(v)}" for k, v in keys.items()) + "]")
        else:
            parts.append(f"[={text}]")
    return "".join(parts)


# ---- merging an applied configuration into the live object -----------------------------------------------------

def apply_merge(live: Any, applied: Any, shape: Shape) -> Any:
    """Merge an applied configuration into the live object: maps by field, associative lists by key, sets by value,
    everything else (scalars, atomic lists, atomic maps) replaced."""
    if isinstance(live, dict) and isinstance(applied, dict) and not shape.atomic_map():
        # Only the fields the configuration leaves alone are copied (in their places): the others are merged below,
        # and copying the whole live object at every level made an apply quadratic in its depth.
        merged = {name: value if name in applied else copy.deepcopy(value) for name, value in live.items()}
        for name, value in applied.items():
            if value is None:
                merged.pop(name, None)
            else:
                merged[name] = apply_merge(live.get(name), value, shape.child(name))
        return merged
    if isinstance(live, list) and isinstance(applied, list):
        kind = shape.list_kind()
        if kind == "set":
            return copy.deepcopy(live) + [copy.deepcopy(v) for v in applied if v not in live]
        if isinstance(kind, list):
            merged_items = copy.deepcopy(live)
            for item in applied:
                element = key_element(item, kind)
                index = next((i for i, old in enumerate(merged_items) if key_element(old, kind) == element), None)
                if index is None:
                    merged_items.append(copy.deepcopy(item))
                else:
                    merged_items[index] = apply_merge(merged_items[index], item, shape.item())
            return merged_items
    return copy.deepcopy(applied)


def prune_empty_parents(obj: dict[str, Any], path: Path, owned: FieldSet) -> None:
    """After removing a field, drop maps it leaves empty that nobody owns as such."""
    for depth in range(len(path) - 1, 0, -1):
        parent = path[:depth]
        value = value_at(obj, parent)
        if isinstance(value, dict) and not value and parent not in owned and parent[-1][0] == "f":
            remove_path(obj, parent)
        else:
            break


def is_item_key(path: Path) -> bool:
    """Whether ``path`` is a key field of the associative list item it is in (``k:{"name":"a"}`` / ``f:name``)."""
    if len(path) < 2 or path[-1][0] != "f" or path[-2][0] != "k":
        return False
    return path[-1][1] in json.loads(path[-2][1])


def is_under(path: Path, prefix: Path) -> bool:
    return len(path) > len(prefix) and path[:len(prefix)] == prefix


def first(paths: Iterable[Path]) -> Optional[Path]:
    return next(iter(sorted(paths)), None)
