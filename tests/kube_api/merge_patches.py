"""PATCH bodies: JSON merge patch (RFC 7386), strategic merge patch, JSON patch (RFC 6902).

Why: ``kubectl patch --type strategic`` and ``kubectl rollout restart`` send strategic merge patches; helm and
client-side tools send merge patches. Strategic merge patch follows
https://kubernetes.io/docs/tasks/manage-kubernetes-objects/update-api-object-kubectl-patch/ and
https://github.com/kubernetes/community/blob/master/contributors/devel/sig-api-machinery/strategic-merge-patch.md:
lists with a patchMergeKey merge by that key, other lists are replaced, ``null`` deletes, ``$patch`` directives.
"""
from __future__ import annotations

import copy
from typing import Any

# patchMergeKey of the built-in lists with patchStrategy "merge" (k8s.io/api types). Lists not named here (tolerations,
# nodeSelectorTerms, args, command, rules, subjects ...) have no strategy and are replaced whole.
MERGE_KEYS: dict[str, str] = {
    "containers": "name", "initContainers": "name", "ephemeralContainers": "name", "env": "name",
    "volumes": "name", "volumeMounts": "mountPath", "volumeDevices": "devicePath", "imagePullSecrets": "name",
    "ownerReferences": "uid", "conditions": "type", "hostAliases": "ip", "topologySpreadConstraints": "topologyKey",
    "ports": "containerPort",
}
PRIMITIVE_MERGE = {"finalizers"}  # lists of scalars with patchStrategy merge: union


def json_merge_patch(target: Any, patch: Any) -> Any:
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = json_merge_patch(result.get(key), value)
    return result


def _merge_key(field: str, items: list[Any]) -> str:
    key = MERGE_KEYS[field]
    if field == "ports" and any(isinstance(i, dict) and "port" in i and "containerPort" not in i for i in items):
        return "port"  # a Service's ports merge on port
    return key


def strategic_merge_patch(target: Any, patch: Any, field: str = "") -> Any:
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    directive = patch.get("$patch")
    body = {k: v for k, v in patch.items() if k != "$patch"}
    if directive == "replace":
        return _strip_directives(body)
    if directive == "delete":
        return None
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    retain = body.pop("$retainKeys", None)
    for key, value in body.items():
        if key.startswith("$setElementOrder/"):
            continue
        if key.startswith("$deleteFromPrimitiveList/"):
            name = key.split("/", 1)[1]
            result[name] = [v for v in result.get(name) or [] if v not in value]
            continue
        if value is None:
            result.pop(key, None)
        elif isinstance(value, dict):
            merged = strategic_merge_patch(result.get(key), value, key)
            if merged is None:
                result.pop(key, None)
            else:
                result[key] = merged
        elif isinstance(value, list):
            result[key] = _merge_list(result.get(key), value, key)
        else:
            result[key] = value
    if retain is not None:
        result = {k: v for k, v in result.items() if k in retain}
    return result


def _merge_list(current: Any, patch: list[Any], field: str) -> list[Any]:
    if any(isinstance(i, dict) and i.get("$patch") == "replace" and len(i) == 1 for i in patch):
        return [_strip_directives(i) for i in patch if not (isinstance(i, dict) and i.get("$patch") == "replace")]
    current = current if isinstance(current, list) else []
    if field in PRIMITIVE_MERGE:
        return copy.deepcopy(current) + [v for v in patch if v not in current]
    if field not in MERGE_KEYS or not all(isinstance(i, dict) for i in patch):
        return [_strip_directives(i) for i in patch]
    key = _merge_key(field, patch + current)
    result = copy.deepcopy(current)
    for item in patch:
        index = next((i for i, old in enumerate(result) if isinstance(old, dict) and old.get(key) == item.get(key)),
                     None)
        if item.get("$patch") == "delete":
            if index is not None:
                result.pop(index)
        elif index is None:
            result.append(_strip_directives(item))
        else:
            result[index] = strategic_merge_patch(result[index], item, field)
    return result


def _strip_directives(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_directives(v) for k, v in value.items() if not k.startswith("$")}
    if isinstance(value, list):
        return [_strip_directives(v) for v in value]
    return value


class JsonPatchError(ValueError):
    pass


def _pointer(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise JsonPatchError(f"invalid JSON pointer {path!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def json_patch(target: Any, operations: list[dict[str, Any]]) -> Any:
    document = copy.deepcopy(target)
    for op in operations:
        parts = _pointer(op.get("path", ""))
        name = op.get("op")
        if name == "test":
            if _get(document, parts) != op.get("value"):
                raise JsonPatchError("testing value failed")
            continue
        if name in ("move", "copy"):
            value = copy.deepcopy(_get(document, _pointer(op["from"])))
            if name == "move":
                document = _remove(document, _pointer(op["from"]))
            document = _add(document, parts, value)
        elif name == "add":
            document = _add(document, parts, copy.deepcopy(op.get("value")))
        elif name == "remove":
            document = _remove(document, parts)
        elif name == "replace":
            document = _add(_remove(document, parts), parts, copy.deepcopy(op.get("value")))
        else:
            raise JsonPatchError(f"unexpected operation {name!r}")
    return document


def _get(document: Any, parts: list[str]) -> Any:
    node = document
    for part in parts:
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, ValueError):
            raise JsonPatchError(f"missing path /{'/'.join(parts)}") from None
    return node


def _add(document: Any, parts: list[str], value: Any) -> Any:
    if not parts:
        return value
    parent = _get(document, parts[:-1])
    last = parts[-1]
    if isinstance(parent, list):
        parent.insert(len(parent) if last == "-" else int(last), value)
    elif isinstance(parent, dict):
        parent[last] = value
    else:
        raise JsonPatchError("cannot add to a scalar")
    return document


def _remove(document: Any, parts: list[str]) -> Any:
    parent = _get(document, parts[:-1])
    _get(document, parts)
    if isinstance(parent, list):
        parent.pop(int(parts[-1]))
    else:
        del parent[parts[-1]]
    return document
