"""Fields another writer holds on a shared object: left to it, not asserted again.

A shared object (the InferenceGatewayConfig the inference operator writes entries into) is applied without
``--force-conflicts``. When the other writer has since taken one of the platform's fields with another value (the
operator set an entry's port), applying the platform's value again conflicts, and so would the rollback of that
Update, ending the stack in UPDATE_ROLLBACK_FAILED. So such a field is dropped from what the platform applies: the
other writer keeps it, and the log names each field and its manager.

A field is dropped only when another manager's ``managedFields`` hold it and its live value differs from the
platform's (exactly what server-side apply reports as a conflict); fields other writers hold with the platform's
value are still applied (shared ownership, no conflict). Paths are structured-merge-diff's: ``f:`` fields of maps,
``k:`` entries of lists keyed by their merge keys, ``v:`` members of sets, ``i:`` list positions.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, Optional

from cluster_plan import KUBECTL

Path = tuple[str, ...]
_MISSING = object()


@dataclass(frozen=True)
class LeftField:
    """One field left to another writer: the object (``Kind namespace/name``), its path and who holds it."""

    obj: str
    path: str
    managers: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.obj} {self.path} (held by {', '.join(self.managers)})"


def to_json_argv(folder: str) -> list[str]:
    """kubectl's own reading of the folder's YAML, printed as JSON without asking the API server (``--local``)."""
    return [KUBECTL, "patch", "--local", "--filename", folder, "--recursive", "--type", "merge", "--patch", "{}",
            "--output", "json"]


def parse_objects(output: str) -> list[dict[str, Any]]:
    """The JSON objects ``to_json_argv`` printed one after another."""
    decoder, objects, at = json.JSONDecoder(), [], 0
    while True:
        while at < len(output) and output[at].isspace():
            at += 1
        if at >= len(output):
            return objects
        value, at = decoder.raw_decode(output, at)
        objects.extend(value.get("items", []) if value.get("kind") == "List" else [value])


def identity(obj: dict[str, Any]) -> tuple[str, str, str, str]:
    """(group, kind, namespace, name): the same object whatever the version."""
    group = obj.get("apiVersion", "").rpartition("/")[0]
    meta = obj.get("metadata") or {}
    return group, obj.get("kind", ""), meta.get("namespace") or "", meta.get("name", "")


def leaves(fields: dict[str, Any], prefix: Path = ()) -> Iterator[Path]:
    """The leaf paths of a ``fieldsV1`` set (a field, or a whole entry marked ``.`` with nothing under it)."""
    for key, below in fields.items():
        if key == ".":
            continue
        children = {name: value for name, value in (below or {}).items() if name != "."}
        if children:
            yield from leaves(children, prefix + (key,))
        else:
            yield prefix + (key,)


def _step(value: Any, key: str) -> Any:
    """The part of ``value`` one path element names, or _MISSING."""
    kind, _, text = key.partition(":")
    if kind == "f":
        return value.get(text, _MISSING) if isinstance(value, dict) else _MISSING
    if not isinstance(value, list):
        return _MISSING
    if kind == "k":
        wanted = json.loads(text)
        return next((item for item in value if isinstance(item, dict)
                     and all(item.get(name) == key_value for name, key_value in wanted.items())), _MISSING)
    if kind == "v":
        member = json.loads(text)
        return member if member in value else _MISSING
    if kind == "i":
        index = int(text)
        return value[index] if 0 <= index < len(value) else _MISSING
    return _MISSING


def _at(value: Any, path: Path) -> Any:
    for key in path:
        value = _step(value, key)
        if value is _MISSING:
            break
    return value


def _remove(value: Any, path: Path) -> None:
    parent = _at(value, path[:-1])
    kind, _, text = path[-1].partition(":")
    if kind == "f" and isinstance(parent, dict):
        parent.pop(text, None)
    elif isinstance(parent, list):
        found = _step(parent, path[-1])
        if found is not _MISSING:
            parent.remove(found)


def path_string(path: Path) -> str:
    """``.spec.schedulers[name="qwen"].targetPort``, as the API server names a field in a conflict."""
    parts = []
    for key in path:
        kind, _, text = key.partition(":")
        if kind == "f":
            parts.append(f".{text}")
        elif kind == "k":
            parts.append("[" + ",".join(f"{name}={json.dumps(v)}" for name, v in json.loads(text).items()) + "]")
        elif kind == "v":
            parts.append(f"[={text}]")
        else:
            parts.append(f"[{text}]")
    return "".join(parts)


def held_elsewhere(desired: dict[str, Any], live: dict[str, Any], manager: str) -> dict[Path, list[str]]:
    """The leaf paths of ``desired`` other managers hold in ``live`` with another value, each with its managers."""
    held: dict[Path, list[str]] = {}
    for entry in live.get("metadata", {}).get("managedFields") or ():
        if entry.get("manager") == manager or entry.get("subresource"):
            continue
        for path in leaves(entry.get("fieldsV1") or {}):
            if path[:1] == ("f:metadata",):
                continue  # labels and annotations: the platform's are its own keys
            ours = _at(desired, path)
            if ours is not _MISSING and ours != _at(live, path):
                held.setdefault(path, []).append(entry.get("manager", ""))
    return held


def without_held(desired: dict[str, Any], live: Optional[dict[str, Any]],
                 manager: str) -> tuple[dict[str, Any], list[LeftField]]:
    """``desired`` less the fields other writers hold with another value (a copy), and those fields."""
    if live is None:
        return desired, []
    held = held_elsewhere(desired, live, manager)
    if not held:
        return desired, []
    kept = json.loads(json.dumps(desired))
    _, kind, namespace, name = identity(desired)
    shown = f"{kind} {namespace}/{name}" if namespace else f"{kind} {name}"
    left = []
    for path in sorted(held, key=len, reverse=True):  # the deepest first: a list entry's index stays right
        _remove(kept, path)
        left.append(LeftField(shown, path_string(path), tuple(sorted(set(held[path])))))
    return kept, sorted(left, key=str)
