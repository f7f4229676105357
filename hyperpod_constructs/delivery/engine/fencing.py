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
Standard library only (Lambda's Python runtime); no I/O here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Mapping, Optional

from cluster_plan import KUBECTL

STARTED_FIELD = "HyperPodStarted"  # epoch seconds onEvent stamps on the event; every isComplete event carries it
# A superseded request that stopped says so in a key of its own, written by a merge patch under a field manager of
# its own: the holder's server-side applies of the record keep it, and no write of the holder's is lost.
STOPPED_PREFIX = "stopped."
STOPPED_MANAGER = "hyperpod-constructs-fencing"


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
        return {"claim": json.dumps({
            "generation": self.generation, "request": self.request_id, "type": self.request_type,
            "started": self.started, "deadline": None if self.deadline == float("inf") else self.deadline,
            "settled": self.settled, "deleted": self.deleted,
            "pending": [[item.request_id, item.deadline] for item in self.pending]}, sort_keys=True)}

    @classmethod
    def from_data(cls, data: Mapping[str, str]) -> Optional["Claim"]:
        if "claim" not in data:
            return None  # a record written before requests claimed it
        raw = json.loads(data["claim"])
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


def stopped_argv(record_name: str, namespace: str, request_id: str, kubeconfig: str, timeout: float) -> list[str]:
    """Mark ``request_id`` stopped in the record: one key, merged, so no other key changes."""
    patch = json.dumps({"data": {f"{STOPPED_PREFIX}{request_id}": "stopped"}})
    return [KUBECTL, "patch", f"ConfigMap/{record_name}", "--namespace", namespace, "--type", "merge", "--patch", patch,
            "--field-manager", STOPPED_MANAGER, "--kubeconfig", kubeconfig,
            "--request-timeout", f"{max(1, int(timeout))}s"]
