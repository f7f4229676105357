"""Kubernetes objects are rendered in one layer, ``hyperpod_constructs/k8s``: no other module writes a manifest.

Two checks over the source (AST, so comments and strings in prose do not count): no rendering method by the names
the other layers used to have, and no dict key spelled like a field of a carried CRD (camelCase, e.g.
``modelSourceConfig``, ``minReplicaCount``). A renderer moved back into the intent layer fails both.
"""
from __future__ import annotations

import ast
import functools
import re
from typing import Any

from support import REPO_ROOT, crd_documents, source_nodes

PACKAGE = REPO_ROOT / "hyperpod_constructs"
# k8s/ renders; assets/ and delivery/engine/ are Lambda code that runs at deploy time (kubeconfig, the applier's
# record ConfigMap).
EXEMPT = ("k8s/", "assets/", "delivery/engine/")
RENDERING_METHODS = {"to_manifest", "to_operator_spec", "common_spec", "to_k8s", "tls_config", "dns_config",
                     "pod_volumes", "node_selector"}
# CloudFormation properties and add-on configuration values that happen to share a CRD field's name.
NOT_KUBERNETES = {
    ("aws/hyperpod_cluster.py", "securityGroupIds"),  # AWS::SageMaker::Cluster VpcConfig
    ("aws/inference_operator.py", "serviceAccount"),  # the operator add-on's configuration values
    ("aws/inference_operator.py", "roleArn"),
    ("aws/inference_gateway.py", "serviceAccount"),  # the add-on's inferenceGateway configuration value
    ("aws/inference_gateway.py", "roleArn"),
}


def _crd_field_names() -> set[str]:
    names: set[str] = set()

    def walk(node: Any) -> None:
        if not isinstance(node, dict):
            return
        for name, child in (node.get("properties") or {}).items():
            names.add(name)
            walk(child)
        for key in ("items", "additionalProperties"):
            walk(node.get(key))
        for key in ("allOf", "anyOf", "oneOf"):
            for child in node.get(key) or ():
                walk(child)

    for document in crd_documents():
        for version in document["spec"]["versions"]:
            walk(version["schema"]["openAPIV3Schema"])
    return {name for name in names if re.match(r"^[a-z]+[A-Z]", name)}


@functools.cache
def _modules() -> tuple[tuple[str, tuple[ast.AST, ...]], ...]:
    """Every module outside EXEMPT and its nodes, parsed once for all three checks (and the other scans)."""
    return tuple((relative, source_nodes(path.read_text())) for path in sorted(PACKAGE.rglob("*.py"))
                 if not (relative := path.relative_to(PACKAGE).as_posix()).startswith(EXEMPT))



def _dict_keys(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Dict):
        return [key.value for key in node.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)]
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.slice, ast.Constant):
        return [node.slice.value] if isinstance(node.slice.value, str) else []
    return []


def test_the_scan_sees_the_package() -> None:
    modules = dict(_modules())
    assert "intent/endpoint.py" in modules and "platform/platform.py" in modules
    assert not any(name.startswith("k8s/") for name in modules)
    assert {"modelSourceConfig", "minReplicaCount", "enableL1Cache", "scaleTargetRef"} <= _crd_field_names()


def test_no_rendering_methods_outside_the_k8s_layer() -> None:
    found = [f"{module}:{node.lineno} {node.name}" for module, nodes in _modules() for node in nodes
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in RENDERING_METHODS]
    assert found == []


def test_no_crd_fields_written_outside_the_k8s_layer() -> None:
    fields = _crd_field_names()
    found = [f"{module}:{getattr(node, 'lineno', '?')} {key}" for module, nodes in _modules() for node in nodes
             for key in _dict_keys(node) if key in fields and (module, key) not in NOT_KUBERNETES]
    assert found == []
