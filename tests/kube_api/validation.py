"""Field validation of custom resources against their CRD's openAPIV3Schema (the structural schema).

Why (https://kubernetes.io/docs/reference/using-api/api-concepts/#field-validation): with ``fieldValidation=Strict``
an unknown field fails the request (400 ``strict decoding error: unknown field "spec.foo"``), with ``Warn`` it is
dropped with a warning, with ``Ignore`` it is dropped silently (pruning). Built-in kinds are not schema-validated here.
"""
from __future__ import annotations

from typing import Any

ROOT_FIELDS = {"apiVersion", "kind", "metadata"}


def _allows_anything(node: dict[str, Any]) -> bool:
    return bool(node.get("x-kubernetes-preserve-unknown-fields")) or node.get("additionalProperties") is True


def unknown_fields(value: Any, schema: dict[str, Any] | None, path: str = "", root: bool = True) -> list[str]:
    """Paths of fields the schema does not declare, as the server names them (``spec.foo``, ``spec.l[0].x``)."""
    if schema is None:
        return []
    found: list[str] = []
    if isinstance(value, dict):
        if _allows_anything(schema) and not schema.get("properties"):
            return []
        properties = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        embedded = schema.get("x-kubernetes-embedded-resource")
        for name, child in value.items():
            where = f"{path}.{name}" if path else name
            if (root or embedded) and name in ROOT_FIELDS:
                continue
            if name in properties:
                found += unknown_fields(child, properties[name], where, False)
            elif isinstance(extra, dict):
                found += unknown_fields(child, extra, where, False)
            elif not _allows_anything(schema):
                found.append(where)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            found += unknown_fields(item, schema["items"], f"{path}[{index}]", False)
    return found


def prune(value: Any, schema: dict[str, Any] | None, root: bool = True) -> Any:
    """The object without the fields the schema does not declare."""
    if schema is None:
        return value
    if isinstance(value, dict):
        if _allows_anything(schema) and not schema.get("properties"):
            return value
        properties = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        embedded = schema.get("x-kubernetes-embedded-resource")
        kept = {}
        for name, child in value.items():
            if (root or embedded) and name in ROOT_FIELDS:
                kept[name] = child
            elif name in properties:
                kept[name] = prune(child, properties[name], False)
            elif isinstance(extra, dict):
                kept[name] = prune(child, extra, False)
            elif _allows_anything(schema):
                kept[name] = child
        return kept
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [prune(item, schema["items"], False) for item in value]
    return value
