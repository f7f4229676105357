"""Stored objects, the resourceVersion counter and the event log that watches read.

Why (https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes): every write gets
a new, increasing resourceVersion; a watch from resourceVersion N streams the events after N; a list carries the
current resourceVersion so a client can list-then-watch without a gap. One lock guards it all; watchers wait on
its condition.
"""
from __future__ import annotations

import copy
import threading
from dataclasses import dataclass
from typing import Any, Iterator

Key = tuple[str, str, str, str]  # group, plural, namespace ("" for cluster-scoped), name


@dataclass(frozen=True)
class Event:
    resource_version: int
    type: str  # ADDED, MODIFIED, DELETED
    key: Key
    object: dict[str, Any]


class Store:
    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self._objects: dict[Key, dict[str, Any]] = {}
        self._events: list[Event] = []
        self._revision = 1

    @property
    def revision(self) -> int:
        return self._revision

    def get(self, key: Key) -> dict[str, Any] | None:
        with self.lock:
            found = self._objects.get(key)
            return copy.deepcopy(found) if found is not None else None

    def items(self, group: str | None = None, plural: str | None = None,
              namespace: str | None = None, copies: bool = True) -> Iterator[tuple[Key, dict[str, Any]]]:
        """The stored objects, copies unless ``copies=False``: the stored versions themselves, for a reader holding
        the lock that changes none of them (a CRD is megabytes of schema; the controllers read every CRD after
        every write)."""
        with self.lock:
            selected = [(k, copy.deepcopy(v) if copies else v) for k, v in sorted(self._objects.items())
                        if (group is None or k[0] == group) and (plural is None or k[1] == plural)
                        and (not namespace or k[2] == namespace)]
        return iter(selected)

    def put(self, key: Key, obj: dict[str, Any]) -> dict[str, Any]:
        """Store a new version: stamps its resourceVersion and records ADDED or MODIFIED."""
        with self.lock:
            self._revision += 1
            stored = copy.deepcopy(obj)
            stored.setdefault("metadata", {})["resourceVersion"] = str(self._revision)
            kind = "MODIFIED" if key in self._objects else "ADDED"
            self._objects[key] = stored
            self._record(kind, key, stored)
            return copy.deepcopy(stored)

    def remove(self, key: Key) -> dict[str, Any] | None:
        with self.lock:
            gone = self._objects.pop(key, None)
            if gone is None:
                return None
            self._revision += 1
            gone = copy.deepcopy(gone)  # the popped version is an earlier event's object too
            gone["metadata"]["resourceVersion"] = str(self._revision)
            self._record("DELETED", key, gone)
            return copy.deepcopy(gone)

    def _record(self, kind: str, key: Key, obj: dict[str, Any]) -> None:
        # The stored version itself, not a copy: the store never changes a version once stored (a write stores a new
        # one) and watchers only read it (a CRD is megabytes of schema; each of its writes is copied enough already).
        self._events.append(Event(self._revision, kind, key, obj))
        del self._events[:-5000]  # a bounded log: older watches get 410 Gone, as after compaction
        self.changed.notify_all()

    def events_after(self, revision: int) -> list[Event] | None:
        """Events newer than a revision; None when the log no longer reaches back that far (410 Gone)."""
        with self.lock:
            if self._events and revision < self._events[0].resource_version - 1:
                return None
            return [e for e in self._events if e.resource_version > revision]

    def wake(self) -> None:
        with self.lock:
            self.changed.notify_all()
