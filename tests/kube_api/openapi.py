"""OpenAPI v3: the root index and one document per group-version.

Why: kubectl 1.33 decides per kind whether the server supports the ``fieldValidation`` query parameter by finding,
in the group-version's OpenAPI v3 document, a PATCH operation whose ``x-kubernetes-group-version-kind`` is that kind
and which lists a ``fieldValidation`` query parameter (k8s.io/cli-runtime's query param verifier). Without it kubectl
falls back to client-side validation against /openapi/v2. Schemas: a CRD's openAPIV3Schema for custom resources,
an open object for built-in kinds (they are not schema-validated here).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from .resources import ResourceType

QUERY_PARAMETERS = ["dryRun", "fieldManager", "fieldValidation", "force", "pretty"]


def _schema_name(rt: ResourceType) -> str:
    group = ".".join(reversed(rt.group.split("."))) if rt.group else "io.k8s.api.core"
    return f"{group}.{rt.version}.{rt.kind}"


def document(types: list[ResourceType], group_version_path: str) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    for rt in types:
        if rt.group_version_path != group_version_path:
            continue
        gvk = {"group": rt.group, "version": rt.version, "kind": rt.kind}
        ref = {"$ref": f"#/components/schemas/{_schema_name(rt)}"}
        body = {"content": {"application/json": {"schema": ref}}}
        response = {"200": {"description": "OK", "content": {"application/json": {"schema": ref}}}}

        def op(verb: str, action: str, parameters: list[str], request: bool) -> dict[str, Any]:
            operation: dict[str, Any] = {
                "operationId": f"{verb}{rt.kind}", "responses": response,
                "x-kubernetes-action": action, "x-kubernetes-group-version-kind": gvk,
                "parameters": [{"name": p, "in": "query", "schema": {"type": "string", "uniqueItems": True}}
                               for p in parameters]}
            if request:
                operation["requestBody"] = body if verb != "patch" else {"content": {
                    t: {"schema": {"type": "object"}} for t in
                    ("application/apply-patch+yaml", "application/json-patch+json", "application/merge-patch+json",
                     *(() if rt.crd else ("application/strategic-merge-patch+json",)))}}
            return operation

        prefix = f"/{group_version_path}/" + ("namespaces/{namespace}/" if rt.namespaced else "")
        path_parameters = [{"name": "namespace", "in": "path", "required": True, "schema": {"type": "string"}}] \
            if rt.namespaced else []
        if "create" in rt.verbs:
            paths[prefix + rt.plural] = {
                "parameters": path_parameters,
                "post": op("create", "post", ["dryRun", "fieldManager", "fieldValidation", "pretty"], True),
                **({"get": op("list", "list", ["labelSelector", "fieldSelector", "limit", "continue", "watch"],
                              False)} if "list" in rt.verbs else {})}
        if "get" in rt.verbs:
            paths[prefix + rt.plural + "/{name}"] = {
                "parameters": path_parameters + [{"name": "name", "in": "path", "required": True,
                                                  "schema": {"type": "string"}}],
                "get": op("read", "get", ["pretty"], False),
                "put": op("replace", "put", ["dryRun", "fieldManager", "fieldValidation", "pretty"], True),
                "patch": op("patch", "patch", QUERY_PARAMETERS, True),
                "delete": op("delete", "delete", ["dryRun", "gracePeriodSeconds", "propagationPolicy"], False)}
        schema = dict(rt.schema) if rt.schema else {"type": "object"}
        schema["x-kubernetes-group-version-kind"] = [gvk]
        schemas[_schema_name(rt)] = schema
    return {"openapi": "3.0.0", "info": {"title": "Kubernetes", "version": "v1.33.0"}, "paths": paths,
            "components": {"schemas": schemas}}


def root(types: list[ResourceType], documents: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """``/openapi/v3``: each group-version document (``documents(group_version_path)``, as served) and a hash of it
    (clients cache by the hash)."""
    paths = {}
    for gv in sorted({rt.group_version_path for rt in types}):
        digest = hashlib.sha256(json.dumps(documents(gv), sort_keys=True).encode()).hexdigest()[:32].upper()
        paths[gv] = {"serverRelativeURL": f"/openapi/v3/{gv}?hash={digest}"}
    return {"paths": paths}
