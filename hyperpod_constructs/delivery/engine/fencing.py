"""Whose turn it is: every request of Custom::HyperPodManifests claims the record before it touches the cluster, and a
request whose turn has passed stops without touching it.

The Provider framework's waiter is a Step Functions execution that calls isComplete every 20 seconds until the
request is done; it does not stop when CloudFormation gives up on the request (a sibling resource failed during a
Create, an Update was cancelled or outlived its ServiceTimeout). CloudFormation then sends the next request for the
same resource (the Delete of a cancelled Create, the rollback Update, a stack delete) while the old execution still
polls. The record ConfigMap holds a claim: a generation counted up by each request that takes it, that request's
CloudFormation RequestId and when its onEvent ran. CloudFormation sends one request of a resource at a time, so a
request whose onEvent ran before the holder's is one CloudFormation no longer waits for: it stops (``Superseded``,
which the framework sends as FAILED to a response URL nobody reads any more; any answer ends its execution, and
FAILED is the honest one, since its work was not done).

A Delete that supersedes a request that may still poll (its claim never settled, it has not said it stopped, and its
deadline is not past) keeps the record as a tombstone holding only the claim until that request's next poll finds
it and says it stopped (or its deadline passes): without the tombstone that poll would find no record, take it
for a first pass, and apply its bundle again.
The Helm chart's and the tiered-KV daemon's resources take turns the same way, each with a record of its own that
holds the claim alone (``resource_record_name``). Standard library only (Lambda's Python runtime); no I/O here
(``claimed_record`` reads and writes the record).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Mapping, Optional

from cluster_plan import FIELD_MANAGER, KUBECTL, cluster_flags

STARTED_FIELD = "HyperPodStarted"  # epoch seconds onEvent stamps on the event; every isComplete event carries it
# A superseded request that stopped says so in a key of its own, written by a merge patch under a field manager of
# its own: the holder's server-side applies of the record keep it, and no write of the holder's is lost.
STOPPED_PREFIX = "stopped."
STOPPED_MANAGER = "hyperpod-constructs-fencing"
RECORD_NAMESPACE = "kube-system"  # every cluster has it, before anything is installed
CLAIM_KEY = "claim"
RESOURCE_KEY = re.compile(r"^[a-z0-9-]+\.[a-z0-9-]+\.[0-9a-f]{16}$")  # resource_key: <stack>.<logical id>.<digest>
# A write that lost a race is decided again and retried; a record that changes under this many writes in a row is
# rewritten by something else than the platform's requests (which change it once each per turn).
RECORD_WRITE_ATTEMPTS = 5
# What the API server answers a write whose precondition no longer holds: a replace on an older resourceVersion, or
# a create of a record another request created first.
_WRITE_RACES = ("the object has been modified", "(AlreadyExists)")


class Superseded(RuntimeError):
    """This request's turn has passed: a later request of the same resource holds the record."""


@dataclass(frozen=True)
class Identity:
    """A request as the record knows it: its CloudFormation RequestId, when its onEvent ran, and its deadline."""

    request_id: str
    request_type: str
    started: float  # 0 for an event from a version that did not stamp it: older than any claim
    deadline: float


def identity_of(event: Mapping[str, Any], deadline_field: str) -> Identity:
    deadline = event.get(deadline_field)
    return Identity(request_id=str(event["RequestId"]), request_type=str(event["RequestType"]),
                    started=float(event.get(STARTED_FIELD) or 0.0),
                    deadline=float(deadline) if deadline is not None else float("inf"))


@dataclass(frozen=True)
class Pending:
    """A superseded request that may still poll: until its deadline, its isComplete may be called again."""

    request_id: str
    deadline: float


@dataclass(frozen=True)
class Claim:
    """Who holds the record: the request of ``generation``; ``settled`` once it answered; ``deleted`` when it was a
    Delete that finished (the record is then a tombstone, kept for ``pending`` only)."""

    generation: int
    request_id: str
    request_type: str
    started: float
    deadline: float
    settled: bool = False
    deleted: bool = False
    pending: tuple[Pending, ...] = field(default_factory=tuple)

    def to_data(self) -> dict[str, str]:
        """The claim as the record ConfigMap's data (strings only)."""
        return {CLAIM_KEY: json.dumps({
            "generation": self.generation, "request": self.request_id, "type": self.request_type,
            "started": self.started, "deadline": None if self.deadline == float("inf") else self.deadline,
            "settled": self.settled, "deleted": self.deleted,
            "pending": [[item.request_id, item.deadline] for item in self.pending]}, sort_keys=True)}

    @classmethod
    def from_data(cls, data: Mapping[str, str]) -> Optional["Claim"]:
        if CLAIM_KEY not in data:
            return None  # a record written before requests claimed it
        raw = json.loads(data[CLAIM_KEY])
        return cls(generation=int(raw["generation"]), request_id=str(raw["request"]), request_type=str(raw["type"]),
                   started=float(raw["started"]),
                   deadline=float("inf") if raw.get("deadline") is None else float(raw["deadline"]),
                   settled=bool(raw.get("settled")), deleted=bool(raw.get("deleted")),
                   pending=tuple(Pending(str(item[0]), float(item[1])) for item in raw.get("pending", ())
                                 if f"{STOPPED_PREFIX}{item[0]}" not in data))


class Turn(Enum):
    CURRENT = "current"  # this request holds the record
    NEW = "new"  # this request comes after the holder: it takes the record
    PASSED = "passed"  # a later request holds the record


def turn(claim: Optional[Claim], me: Identity) -> Turn:
    """Whose turn: no claim, or one of an earlier request, is this request's to take."""
    if claim is None:
        return Turn.NEW
    if claim.request_id == me.request_id:
        return Turn.CURRENT
    return Turn.NEW if me.started > claim.started else Turn.PASSED


def take(claim: Optional[Claim], me: Identity, now: float) -> Claim:
    """The claim ``me`` writes when it takes the record: the next generation, with the requests that may still
    poll (the holder, unless it settled, and those it kept) whose deadline is not past."""
    pending: list[Pending] = []
    if claim is not None:
        pending.extend(claim.pending)
        if not claim.settled and not claim.deleted:
            pending.append(Pending(claim.request_id, claim.deadline))
    return Claim(generation=(claim.generation + 1) if claim is not None else 1, request_id=me.request_id,
                 request_type=me.request_type, started=me.started, deadline=me.deadline,
                 pending=tuple(item for item in pending if item.deadline > now and item.request_id != me.request_id))


def settled(claim: Claim) -> Claim:
    return replace(claim, settled=True)


def tombstone(claim: Claim, now: float) -> Optional[Claim]:
    """What a finished Delete leaves: the claim alone, while a request it superseded may still poll; else nothing."""
    pending = tuple(item for item in claim.pending if item.deadline > now)
    return replace(claim, settled=True, deleted=True, pending=pending) if pending else None


def passed_message(me: Identity, claim: Claim) -> str:
    """The answer of a request whose turn has passed: nobody reads it, the function's log does."""
    holder = "a Delete that finished" if claim.deleted else f"{claim.request_type} request {claim.request_id}"
    return (f"{me.request_type} request {me.request_id} stopped without touching the cluster: CloudFormation sent a "
            f"later request of this resource ({holder}, generation {claim.generation} of the record), so it no "
            f"longer waits for this one")


def resource_key(event: Mapping[str, Any]) -> str:
    """Which CloudFormation resource a request is of, in a form a Kubernetes name and a Helm description can hold:
    ``<stack>.<logical id>.<digest>``, from its stack and logical id, which every request of it carries (a Delete of a
    cancelled Create too, whose physical id CloudFormation made up, and an Update that renames the release). Readable
    (the names lowercased, cut short), and the digest of the stack's id and the logical id keeps apart resources whose
    names read alike or are cut, and a stack made again under the same name."""
    stack_id, logical_id = str(event["StackId"]), str(event["LogicalResourceId"])
    parts = stack_id.split("/")
    stack = parts[1] if len(parts) >= 3 else stack_id

    def readable(text: str, limit: int) -> str:
        return (re.sub(r"[^a-z0-9-]", "", text.lower()).strip("-")[:limit].strip("-")) or "x"
    digest = hashlib.sha256(f"{stack_id}/{logical_id}".encode()).hexdigest()[:16]
    return f"{readable(stack, 60)}.{readable(logical_id, 100)}.{digest}"


def is_resource_key(text: str) -> bool:
    """Whether ``text`` is one ``resource_key`` makes (read back from where it was written, it names a record)."""
    return RESOURCE_KEY.match(text) is not None and not any(part.startswith("-") or part.endswith("-")
                                                            for part in text.split("."))


def record_name(resource: str, key: str) -> str:
    """The record of the resource ``key`` (``resource_key``), for resources whose requests keep nothing else in the
    cluster (the Helm chart's, the daemon's): one per CloudFormation resource, so ``kubectl get configmap -n
    kube-system`` says whose it is; the dots keep it apart from the applier's records
    (``hyperpod-constructs-<platform label>``)."""
    return f"hyperpod-constructs.{resource}.{key}"


def resource_record_name(resource: str, event: Mapping[str, Any]) -> str:
    """The record of the resource ``event`` is a request of."""
    return record_name(resource, resource_key(event))


def record_manifest(name: str, data: Mapping[str, str], claim: Optional[Claim],
                    stored: Optional[Mapping[str, str]] = None, version: Optional[str] = None) -> dict[str, Any]:
    """The ConfigMap that keeps a record: its owner's ``data``, the claim, and the keys of stopped requests in
    ``stored`` (the data last read: a stopped request's mark is never lost). ``version``: the resourceVersion it was
    read at, the write's precondition. It is not labelled as a platform's."""
    kept = {key: value for key, value in (stored or {}).items() if key.startswith(STOPPED_PREFIX)}
    metadata: dict[str, Any] = {"name": name, "namespace": RECORD_NAMESPACE,
                                "labels": {"app.kubernetes.io/managed-by": FIELD_MANAGER}}
    if version is not None:
        metadata["resourceVersion"] = version
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": metadata,
            "data": {**kept, **data, **(claim.to_data() if claim is not None else {})}}


def owner_data(stored: Mapping[str, str]) -> dict[str, str]:
    """The owner's keys of a record as stored: without the claim and the stopped requests' marks."""
    return {key: value for key, value in stored.items() if key != CLAIM_KEY and not key.startswith(STOPPED_PREFIX)}


def record_get_argv(name: str, kubeconfig: str, timeout: float) -> list[str]:
    return [KUBECTL, "get", f"ConfigMap/{name}", "--namespace", RECORD_NAMESPACE, "--ignore-not-found",
            "--output", "json", *cluster_flags(kubeconfig, timeout)]


def record_write_argv(path: str, create: bool, kubeconfig: str, timeout: float) -> list[str]:
    """``kubectl create`` (no record was read) or ``kubectl replace`` on the resourceVersion read: a write that fails
    with 409 when another request wrote the record in between, where an apply would silently merge over it."""
    return [KUBECTL, "create" if create else "replace", "--field-manager", FIELD_MANAGER, "--output", "json",
            *cluster_flags(kubeconfig, timeout), "-f", path]


def is_write_race(stderr: str) -> bool:
    return any(words in stderr for words in _WRITE_RACES)


def record_delete_argv(name: str, kubeconfig: str, timeout: float) -> list[str]:
    return [KUBECTL, "delete", f"ConfigMap/{name}", "--namespace", RECORD_NAMESPACE, "--ignore-not-found",
            *cluster_flags(kubeconfig, timeout)]


def stopped_argv(record_name: str, request_id: str, kubeconfig: str, timeout: float) -> list[str]:
    """Mark ``request_id`` stopped in the record: one key, merged, so no other key changes."""
    patch = json.dumps({"data": {f"{STOPPED_PREFIX}{request_id}": "stopped"}})
    return [KUBECTL, "patch", f"ConfigMap/{record_name}", "--namespace", RECORD_NAMESPACE, "--type", "merge",
            "--patch", patch, "--field-manager", STOPPED_MANAGER, *cluster_flags(kubeconfig, timeout)]
