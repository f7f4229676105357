"""Hand finished manifests to cdk8s: rendering stays in plain Python, cdk8s only carries the values."""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

import cdk8s

# On every object the library writes, so `kubectl get -l` finds them and GitOps tools can tell who owns them.
MANAGED_BY_LABEL = {"app.kubernetes.io/managed-by": "hyperpod-constructs"}


def add_api_object(chart: cdk8s.Chart, manifest: Mapping[str, Any]) -> cdk8s.ApiObject:
    """One ApiObject with id ``<Kind>-[<namespace>-]<name>``.

    jsii props only take the well-known metadata, so every other top-level field goes in as one JSON patch.
    """
    metadata = manifest["metadata"]
    scope = f"{metadata['namespace']}-" if metadata.get("namespace") else ""
    api_object = cdk8s.ApiObject(chart, f"{manifest['kind']}-{scope}{metadata['name']}",
                                 api_version=manifest["apiVersion"], kind=manifest["kind"], metadata=metadata)
    for key, value in manifest.items():
        if key not in ("apiVersion", "kind", "metadata"):
            api_object.add_json_patch(cdk8s.JsonPatch.add(f"/{key}", value))
    return api_object


def add_api_objects(chart: cdk8s.Chart, manifests: Sequence[Mapping[str, Any]]) -> list[cdk8s.ApiObject]:
    return [add_api_object(chart, manifest) for manifest in manifests]


def rendered(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """What ``add_api_object`` followed by ``chart.to_json()`` returns for ``manifest``, computed in Python.

    A chart per endpoint costs five jsii round trips (chart, object, patch, add, to_json) for a manifest that is
    already finished, so endpoints take this instead. It does what cdk8s does to such an object: ``apiVersion``,
    ``kind`` and ``metadata`` first, metadata keys sorted with empty and null values dropped, every other field
    as given except entries holding None (jsii drops them); numbers as JavaScript sees them (``1.0`` -> ``1``).
    A test compares it with cdk8s for every
    endpoint shape.
    """
    plain = json.loads(json.dumps(manifest), parse_float=_js_number)
    result: dict[str, Any] = {key: plain[key] for key in ("apiVersion", "kind") if plain.get(key) is not None}
    metadata = _sanitized(plain.get("metadata") or {})
    if metadata is not None:
        result["metadata"] = metadata
    result.update((key, _without_nulls(value)) for key, value in plain.items()
                  if key not in ("apiVersion", "kind", "metadata") and value is not None)
    return result


def _without_nulls(value: Any) -> Any:
    """jsii passes a dict entry holding None as "absent", so cdk8s never sees it."""
    if isinstance(value, dict):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value


def _js_number(text: str) -> Any:
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def _sanitized(value: Any) -> Any:
    """cdk8s metadata rendering: keys sorted, None / empty lists / empty objects left out."""
    if isinstance(value, dict):
        kept = {key: _sanitized(value[key]) for key in sorted(value)}
        kept = {key: item for key, item in kept.items() if item is not None}
        return kept or None
    if isinstance(value, list):
        return [_sanitized(item) for item in value] or None
    return value
