"""The record ConfigMap of one custom resource as one request sees it: read, claimed for the request whose turn it
is, written compare-and-swap, and left as a tombstone or deleted when the resource goes.

``fencing`` decides whose turn it is; this class does the kubectl calls, for every resource of the function: the
applier's record keeps its inventory beside the claim, the Helm chart's and the daemon's hold the claim alone.
"""
from __future__ import annotations

import json
import logging
import os
from typing import Any, Callable, Mapping, NoReturn, Optional

import fencing
import time_budget
from cluster_access import CALL_SECONDS, CommandFailed, run, try_run
from fencing import Claim, Identity, Superseded, Turn
from time_budget import Budget, DeadlinePassed, OutOfTime, not_done_yet

LOG = logging.getLogger()


class ClaimedRecord:
    """One record, as the request ``me`` last read or wrote it. ``budget`` is the owner's to replace (a cleanup
    runs on the rest of the invocation)."""

    def __init__(self, name: str, me: Identity, kubeconfig: str, workdir: str, env: Mapping[str, str],
                 budget: Budget) -> None:
        self.name = name
        self.me = me
        self.kubeconfig = kubeconfig
        self.workdir = workdir
        self.env = env
        self.budget = budget
        self.claim: Optional[Claim] = None  # this request's claim, once it took its turn
        self.stored: Optional[dict[str, str]] = None  # the record's data as last read or written
        self.version: Optional[str] = None  # its resourceVersion then: the precondition of the next write

    def __str__(self) -> str:
        return f"{fencing.RECORD_NAMESPACE}/{self.name}"

    def request_timeout(self) -> float:
        """kubectl's own --request-timeout: a little under the call's timeout, so kubectl says what it waited for."""
        return max(1.0, min(CALL_SECONDS, self.budget.left()) - 2.0)

    def read(self) -> str:
        """``kubectl get`` of the record (empty when there is none), remembered for the next write."""
        output = run(fencing.record_get_argv(self.name, self.kubeconfig, self.request_timeout()), self.env,
                     self.budget)
        self._remember(json.loads(output) if output.strip() else None)
        return output

    def _remember(self, stored: Optional[dict[str, Any]]) -> None:
        self.stored = dict(stored.get("data") or {}) if stored is not None else None
        self.version = stored["metadata"]["resourceVersion"] if stored is not None else None

    def stored_claim(self) -> Optional[Claim]:
        return Claim.from_data(self.stored) if self.stored is not None else None

    # -- whose turn

    def take_turn(self) -> None:
        """This request's turn, on the record as last read: it holds it, or takes it (written with the next write,
        before anything is applied or deleted); Superseded when a later request holds it."""
        claim = self.stored_claim()
        turn = fencing.turn(claim, self.me)
        if turn is Turn.PASSED:
            assert claim is not None
            self.stop(claim)
        self.claim = claim if turn is Turn.CURRENT else fencing.take(claim, self.me, time_budget.now())

    def claim_turn(self) -> None:
        """Read the record, take this request's turn and write the claim (a record holding the claim alone):
        what the Helm chart's and the daemon's requests do before they touch the cluster."""
        self.read()
        self.take_turn()
        self.write({})

    def check_turn(self) -> None:
        """After a wait, or before a write to the cluster: stop if a later request took the record meanwhile."""
        self.read()
        claim = self.stored_claim()
        if claim is not None and fencing.turn(claim, self.me) is Turn.PASSED:
            self.stop(claim)

    def stop(self, claim: Claim) -> NoReturn:
        """Stop, touching nothing but the record: when the holder counts this request among those that may still
        poll, a key of its own says it stopped (a Delete's tombstone goes once no such request is left)."""
        self.claim = None
        if any(item.request_id == self.me.request_id for item in claim.pending):
            result = try_run(fencing.stopped_argv(self.name, self.me.request_id, self.kubeconfig,
                                                  self.request_timeout()), self.env, self.budget)
            if result.returncode != 0:
                LOG.warning("could not mark this request stopped in the record: %s", result.stderr.strip())
        message = fencing.passed_message(self.me, claim)
        LOG.warning(message)
        raise Superseded(message)

    def fenced_claim(self) -> Claim:
        if self.claim is None:  # failed before its turn was taken: take it now (a first write)
            self.claim = fencing.take(None, self.me, time_budget.now())
        return self.claim

    # -- writes

    def write(self, data: Mapping[str, str], claim: Optional[Claim] = None) -> None:
        """Write the record: the owner's ``data`` and this request's claim (``claim`` when it is this request's, a
        settled one say), unless the cluster already holds it as last read or written. The write is a
        compare-and-swap on the version last read (a create when there was no record): when another request wrote
        it meanwhile, the record is read again and the turn decided again (Superseded when a later request took it),
        then written on the new version."""
        for _ in range(fencing.RECORD_WRITE_ATTEMPTS):
            if self.claim is not None and (claim is None or claim.request_id != self.claim.request_id):
                claim = self.claim
            manifest = fencing.record_manifest(self.name, data, claim, self.stored, self.version)
            if manifest["data"] == self.stored:
                return
            path = os.path.join(self.workdir, "record.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(manifest, handle)
            argv = fencing.record_write_argv(path, self.version is None, self.kubeconfig, self.request_timeout())
            result = try_run(argv, self.env, self.budget)
            if result.returncode == 0:
                self._remember(json.loads(result.stdout))
                return
            if not fencing.is_write_race(result.stderr):
                raise CommandFailed(argv, result)
            LOG.info("the record changed since it was read (%s): reading it again", result.stderr.strip())
            self.read()
            self.take_turn()
        raise RuntimeError(f"the record ConfigMap {self} changed under each of {fencing.RECORD_WRITE_ATTEMPTS} "
                           "writes: another writer keeps changing it")

    def delete(self) -> None:
        run(fencing.record_delete_argv(self.name, self.kubeconfig, self.request_timeout()), self.env, self.budget)
        self._remember(None)

    def finish(self, empty: Optional[Mapping[str, str]] = None) -> None:
        """The record after a Delete (or the applier's handover): gone, once no request it superseded may still
        poll. Until then it is a tombstone holding the claim (and ``empty``, the owner's keys of a record that
        holds nothing) alone: a poll finding no record would take it for its first pass and apply again. The
        request then asks to be called again (OutOfTime): the superseded request's next poll marks it stopped, or
        its deadline passes, which comes before this request's (it started earlier, with the same timeout)."""
        stone = fencing.tombstone(self.fenced_claim(), time_budget.now())
        if stone is None or self.budget.is_last_invocation():
            if self.stored is not None:
                self.delete()
            return
        self.claim = stone
        self.write(empty or {}, stone)
        raise OutOfTime("still waiting for the superseded requests " + ", ".join(
            item.request_id for item in stone.pending) + " to stop polling (the Provider framework's waiter calls "
            "isComplete until it gets an answer, even after CloudFormation gave up on a request)")

    def settle(self, data: Optional[Mapping[str, str]] = None) -> None:
        """This request answered: its claim settled, so a later Delete keeps no tombstone for it. ``data``: the
        owner's keys to write with it; None keeps those stored."""
        claim = self.fenced_claim()
        self.write(fencing.owner_data(self.stored or {}) if data is None else data, fencing.settled(claim))

    def settle_after_failure(self) -> None:
        """After a failure answered: mark the claim settled when this request still holds the record. Best effort,
        within the rest of the invocation."""
        if self.claim is None:
            return
        self.budget = self.budget.for_cleanup()
        try:
            self.read()
            claim = self.stored_claim()
            if claim is not None and claim.request_id == self.me.request_id:
                self.write(fencing.owner_data(self.stored or {}), fencing.settled(claim))
        except Exception as error:  # noqa: BLE001 - the failure is what the request answers
            LOG.warning("could not mark the record settled: %s", error)


def in_turn(record: ClaimedRecord, work: Callable[[], dict[str, Any]], what: str) -> dict[str, Any]:
    """isComplete's answer for ``work`` done in this request's turn (the Helm chart's and the daemon's requests):
    the claim is written before ``work`` touches the cluster, and ``work`` ends by settling it (or, for a Delete,
    ``finish``). A request whose turn has passed raises Superseded, having touched nothing: the framework answers
    FAILED to a CloudFormation that no longer waits, and its waiter stops (returning "not complete" would poll on
    for an hour). A failure, or work still pending at the deadline, settles the claim before it is answered.
    ``what`` names the work for a deadline's reason."""
    try:
        record.claim_turn()
        return work()
    except Superseded:
        raise
    except OutOfTime as pending:
        try:
            return not_done_yet(record.budget, pending, what)
        except DeadlinePassed:
            record.settle_after_failure()
            raise
    except Exception:
        record.settle_after_failure()
        raise
