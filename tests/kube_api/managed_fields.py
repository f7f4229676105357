"""metadata.managedFields: one entry per (manager, operation, subresource), updated on every write.

Why (https://kubernetes.io/docs/reference/using-api/server-side-apply/#field-management): an Apply entry holds the
fields a manager applied; an Update entry the fields a non-apply write (create, PUT, merge/strategic/JSON patch)
set or changed; a field changed by one manager leaves every other manager's set. Conflicts name the other manager
the way the API server prints it (``"kubectl-edit" using v1`` for Update entries, ``"helm"`` for Apply entries).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError
from .field_sets import FieldSet, Path, from_fields_v1, path_string, to_fields_v1


@dataclass
class Entry:
    manager: str
    operation: str  # "Apply" or "Update"
    api_version: str
    time: str
    subresource: str = ""
    fields: FieldSet = field(default_factory=set)

    def same_owner(self, manager: str, operation: str, subresource: str) -> bool:
        return (self.manager, self.operation, self.subresource) == (manager, operation, subresource)

    def printed(self) -> str:
        name = json.dumps(self.manager)
        if self.subresource:
            name += f' with subresource "{self.subresource}"'
        return f"{name} using {self.api_version}" if self.operation == "Update" else name

    def to_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"manager": self.manager, "operation": self.operation, "apiVersion": self.api_version,
                                "time": self.time, "fieldsType": "FieldsV1", "fieldsV1": to_fields_v1(self.fields)}
        if self.subresource:
            body["subresource"] = self.subresource
        return body


def read(obj: dict[str, Any] | None) -> list[Entry]:
    entries = []
    for raw in ((obj or {}).get("metadata") or {}).get("managedFields") or []:
        entries.append(Entry(raw.get("manager", ""), raw.get("operation", "Update"), raw.get("apiVersion", ""),
                             raw.get("time", ""), raw.get("subresource", ""), from_fields_v1(raw.get("fieldsV1") or {})))
    return entries


def write(obj: dict[str, Any], entries: list[Entry]) -> None:
    kept = [e for e in entries if e.fields]
    if kept:
        obj["metadata"]["managedFields"] = [e.to_dict() for e in kept]
    else:
        obj["metadata"].pop("managedFields", None)


def _touches(owned: Path, changed: FieldSet) -> bool:
    return owned in changed


def record_update(entries: list[Entry], manager: str, api_version: str, subresource: str, changed: FieldSet,
                  removed: FieldSet, now: str) -> list[Entry]:
    """A non-apply write: the writer gains what it changed; nobody keeps what was changed or removed."""
    touched = changed | removed
    for entry in entries:
        entry.fields = {p for p in entry.fields if not _touches(p, touched)}
    mine = next((e for e in entries if e.same_owner(manager, "Update", subresource)), None)
    if changed:
        if mine is None:
            mine = Entry(manager, "Update", api_version, now, subresource)
            entries.append(mine)
        mine.fields |= changed
        mine.api_version, mine.time = api_version, now
    return [e for e in entries if e.fields]


def conflict_error(conflicts: list[tuple[Entry, Path]]) -> ApiError:
    """409 Conflict with the API server's message (k8s.io/apiserver fieldmanager's getConflictMessage)."""
    causes = [{"type": "FieldManagerConflict", "message": f"conflict with {e.printed()}", "field": path_string(p)}
              for e, p in conflicts]
    if len(conflicts) == 1:
        entry, path = conflicts[0]
        message = f"Apply failed with 1 conflict: conflict with {entry.printed()}: {path_string(path)}"
    else:
        by_manager: dict[str, list[str]] = {}
        for entry, path in conflicts:
            by_manager.setdefault(entry.printed(), []).append(path_string(path))
        lines = []
        for printed in sorted(by_manager):
            lines.append(f"conflicts with {printed}:")
            lines += [f"- {p}" for p in by_manager[printed]]
        message = f"Apply failed with {len(conflicts)} conflicts: " + "\n".join(lines)
    return ApiError(409, "Conflict", message, {"causes": causes})
