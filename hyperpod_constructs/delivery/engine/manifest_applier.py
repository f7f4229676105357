"""Custom resource Custom::HyperPodManifests: make the cluster hold exactly the platform's bundle, and nothing else
of the platform's.

Each ``is_complete`` invocation is one reconcile pass, safe to repeat whatever the last one left:
1. download the bundle and fill the deploy-time values (as escaped data: a value never adds or changes an object);
2. record the inventory it is about to apply (the previous one's objects stay in it until they are pruned), so an
   apply cut short is still pruned or cleaned up later;
3. apply CRDs and namespaces, wait until they are established; wait (within the time left, then in later
   invocations) until the cluster serves every kind the bundle uses but does not define, and until objects of the
   bundle that are still being deleted are gone;
4. apply every object server-side (idempotent: applying all each time converges, whatever changed out of band);
5. prune: delete the objects of the previous inventory the bundle no longer holds, after checking each is still
   the platform's (its label, the applier's field manager, no keep annotation), and wait for them to go;
6. record the new inventory alone.
Delete deletes the inventory's objects the same careful way (every delete issued; custom resources before their
CRDs, namespaces last), or keeps them with ``Removal: retain``. A failed Create deletes what it created.
With ``Delivery: gitops`` the objects are handed over: the record goes, the objects stay, nothing is applied.

Every request first takes its turn (``fencing``): it claims the record, or stops untouched when a later request
holds it. An object of the bundle that exists and is not this platform's is refused unless ``AdoptExisting`` is
"true" (``ownership``). Without a record, an Update rebuilds it from the objects carrying the platform's label and a
Delete removes its bundle's objects that are the platform's.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import zipfile
from typing import Any, Callable, Mapping, Optional

import cluster_access
import fencing
import manifest_plan as plan
import ownership
import reasons
import shared_fields
from cluster_access import (
    CALL_SECONDS, CommandFailed, run, tool_env, try_run, work_folder, write_kubeconfig)
from cluster_plan import tail
from manifest_plan import ObjectRef
from claimed_record import ClaimedRecord
from fencing import Identity, Superseded
from time_budget import DEADLINE_FIELD, Backoff, Budget, DeadlinePassed, OutOfTime, not_done_yet

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)
APPLY_SECONDS = 600.0  # one apply call of the whole bundle; kubectl sends one request per object


def on_event(event: Mapping[str, Any]) -> dict[str, Any]:
    request = plan.parse_properties(event["ResourceProperties"])
    if event["RequestType"] == "Delete":
        return {"PhysicalResourceId": event["PhysicalResourceId"]}
    return {"PhysicalResourceId": plan.physical_resource_id(request)}


def is_complete(event: Mapping[str, Any], budget: Budget) -> dict[str, Any]:
    request = plan.parse_properties(event["ResourceProperties"])
    with work_folder() as workdir:
        return reconcile(event, request, budget, workdir)


def reconcile(event: Mapping[str, Any], request: plan.ApplyRequest, budget: Budget, workdir: str) -> dict[str, Any]:
    request_type = event["RequestType"]
    me = fencing.identity_of(event, DEADLINE_FIELD)
    session: Optional[Session] = None
    try:
        kubeconfig = write_kubeconfig(request.cluster_name, os.environ["AWS_REGION"], workdir)
        if kubeconfig is None:
            if request_type == "Delete":
                LOG.info("cluster %s is gone; nothing to delete", request.cluster_name)
                return {"IsComplete": True}
            raise RuntimeError(f"EKS cluster {request.cluster_name!r} not found")
        session = Session(request, kubeconfig, workdir, tool_env(workdir), budget, me)
        if request_type == "Delete":
            session.remove()
            return {"IsComplete": True}
        old = plan.parse_properties(event["OldResourceProperties"]) if request_type == "Update" else None
        create_request = event["RequestId"] if request_type == "Create" else ""
        return {"IsComplete": True, "Data": session.deliver(old, create_request)}
    except Superseded:
        raise  # its turn has passed: nothing to clean up, nothing to settle (the framework answers FAILED)
    except OutOfTime as pending:
        try:
            return not_done_yet(budget, pending, request_type)
        except DeadlinePassed as passed:
            failure: Exception = passed
    except Exception as error:  # noqa: BLE001 - a failed Create cleans up whatever failed
        failure = error
    if request_type == "Create" and session is not None:
        cleanup = session.clean_up_failed_create(event['RequestId'])
        session.settle()
        raise RuntimeError(f"{failure}; {cleanup}") from failure
    if session is not None:
        session.settle()
    raise failure


class Session:
    """One invocation's work on one cluster: kubectl with this request, this kubeconfig and this budget."""

    def __init__(self, request: plan.ApplyRequest, kubeconfig: str, workdir: str, env: Mapping[str, str],
                 budget: Budget, me: Identity) -> None:
        self.request = request
        self.me = me
        # The record: this request's claim on it (fencing), and the data and version it was last read or written at.
        self.record = ClaimedRecord(request.record_name, me, kubeconfig, workdir, env, budget)
        self.selectors = [request.selector]  # labels an object of this platform's may carry (see deliver)
        self.kubeconfig = kubeconfig
        self.workdir = workdir
        self.env = env
        self._budget = budget
        self.shared: list[ObjectRef] = []  # objects with a second writer: deleted only once it holds nothing
        self.held_shared: list[ObjectRef] = []  # shared objects a delete left because another writer still holds them
        self.served: set[str] = set()  # kinds a kubectl get of this session got: no need to check them again

    @property
    def budget(self) -> Budget:
        return self._budget

    @budget.setter
    def budget(self, budget: Budget) -> None:
        """A cleanup runs on the rest of the invocation: the record's calls too."""
        self._budget = self.record.budget = budget

    # -- Create / Update

    def deliver(self, old: Optional[plan.ApplyRequest], create_request: str) -> dict[str, str]:
        record = self.take_turn(self.read_record())
        if self.request.delivery == "gitops":
            self.finish_record()
            if old is not None and old.record_name != self.request.record_name:
                self.delete_record(old.record_name)
            LOG.info("handed the platform's objects over to GitOps; nothing applied, nothing deleted")
            return plan.response_data(0, 0, 0)
        if old is not None and old.selector != self.request.selector:
            self.selectors.append(old.selector)  # the previous deploy's objects carry its label
        inventory, filled = self.bundle(self.request, "bundle")
        wanted = inventory.refs()
        previous = self.previous_inventory(record, old, wanted)
        tracked = sorted(set(previous) | set(wanted))
        self.shared = sorted(set(inventory.shared) | set(record.shared if record is not None else ()))
        current = self.live(tracked)
        others = ownership.foreign(wanted, current, self.selectors, previous)
        if others and not self.request.adopt:
            raise RuntimeError(ownership.refusal(others))
        for ref, who in sorted(others.items()):
            LOG.warning("adopting %s, which belonged to %s (AdoptExisting)", ref, who)
        adopted: tuple[ObjectRef, ...] = ()
        if create_request:
            if record is not None and record.create_request == create_request:
                adopted = record.adopted
            else:  # this Create's first pass: what exists now is not its to remove if it fails
                adopted = tuple(current)
        self.write_record(plan.Record(inventory=tuple(tracked), adopted=adopted, create_request=create_request,
                                      shared=tuple(self.shared)))
        first, second, shared = plan.stages(filled, inventory)
        self.apply(first, "crds-and-namespaces")
        self.wait_until_served(inventory, second.refs)
        self.wait_until_not_terminating(wanted, current)
        self.apply(second, "objects")
        self.wait_until_served(inventory, shared.refs)
        self.apply(shared, "shared-objects", take_over=False)
        candidates = plan.not_in(previous, wanted)
        pruned, kept = self.delete_owned(candidates, "pruned objects")
        # A shared object another writer still holds stays tracked: a later pass prunes it once that writer is done.
        still_tracked = sorted(set(wanted) | set(self.held_shared))
        self.write_record(plan.Record(inventory=tuple(still_tracked), shared=tuple(
            ref for ref in self.shared if ref in set(still_tracked)), claim=fencing.settled(self.record.fenced_claim())))
        if old is not None and old.record_name != self.request.record_name:
            self.delete_record(old.record_name)
        LOG.info("applied %d objects, pruned %d, kept %d", len(wanted), pruned, kept)
        return plan.response_data(len(wanted), pruned, kept)

    def previous_inventory(self, record: Optional[plan.Record], old: Optional[plan.ApplyRequest],
                           wanted: list[ObjectRef]) -> list[ObjectRef]:
        """What this platform may have applied before: the record's inventory, else (no record, or one from before
        inventories were kept) the previous bundle's; an Update that finds no record at all adds the objects of the
        bundles' kinds that carry the platform's label and were applied by the applier (the record is rebuilt)."""
        if record is not None and not record.from_hashes:
            return list(record.inventory)
        previous: list[ObjectRef] = []
        if old is not None and old.delivery == "cdk-deploy":
            try:
                previous = self.inventory(old, "previous-bundle").refs()
            except Exception as error:  # noqa: BLE001 - an old asset may be gone (cdk gc)
                LOG.warning("the previous bundle could not be read: %s", error)
        if record is None and old is not None and old.delivery == "cdk-deploy":
            found = self.labelled(sorted({ref.kind for ref in [*previous, *wanted]}))
            known = previous + wanted
            rebuilt = [ref for ref in found if not any(plan.same_object(ref, other) for other in known)]
            LOG.warning("no record %s: rebuilt from the cluster, %d objects of this platform's outside the bundles",
                        self.request.record_name, len(rebuilt))
            previous = sorted(set(previous) | set(rebuilt))
        return previous

    def labelled(self, kinds: list[str]) -> list[ObjectRef]:
        """Objects of ``kinds`` in the cluster that carry one of this platform's labels and that the applier
        applied: what a lost record held."""
        found: list[ObjectRef] = []
        for selector in self.selectors:
            served, result = self.get_kinds(kinds, lambda some: ownership.labelled_argv(
                some, [selector], self.kubeconfig, self.request_timeout()))
            if result is None:
                continue
            if result.returncode != 0:
                raise CommandFailed(["kubectl", "get", ",".join(served)], result)
            found.extend(ObjectRef(plan.kubectl_kind(item["apiVersion"], item["kind"]),
                                   item["metadata"].get("namespace") or None, item["metadata"]["name"])
                         for item in plan.parse_get(result.stdout) if ownership.applied_here(item, self.selectors))
        return sorted(set(found))

    def apply(self, stage: plan.Stage, folder_name: str, take_over: bool = True) -> None:
        """One kubectl apply of the stage; ``take_over=False`` leaves fields another field manager holds to it."""
        if not stage.files:
            return
        folder = os.path.join(self.workdir, folder_name)
        os.makedirs(folder)
        for name, text in stage.files.items():
            with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        result = try_run(plan.apply_argv(folder, self.kubeconfig, self.request_timeout(APPLY_SECONDS), take_over),
                         self.env, self.budget, APPLY_SECONDS)
        if result.returncode == 0:
            return
        said = (result.stderr or result.stdout).strip()
        if not take_over and plan.is_conflict(said) and self.apply_leaving_held(stage, folder):
            return
        not_applied = plan.not_applied(stage.refs, result.stdout)
        refused = f"{len(not_applied)}: " + reasons.some(str(ref) for ref in not_applied) if len(not_applied) > 1 \
            else ", ".join(str(ref) for ref in not_applied)
        if plan.is_transient(said):
            raise OutOfTime(f"kubectl apply of the {folder_name} did not go through yet (not applied: {refused}): "
                            f"{tail(said, 1200)}")
        shared = ""
        if not take_over:
            said = plan.without_take_over_advice(said)
            shared = (" (these objects have a second writer: a field it holds with another value is not "
                      "overwritten; change the platform's value or the other writer's)")
        raise RuntimeError(f"kubectl apply of the {folder_name} failed ({result.returncode}); not applied: {refused}"
                           f"{shared}: {tail(said)}")

    def apply_leaving_held(self, stage: plan.Stage, folder: str) -> bool:
        """The shared objects applied again without the fields another writer holds with another value (which a
        rollback would otherwise assert again too); False when no such field explains the conflict."""
        desired = shared_fields.parse_objects(run(shared_fields.to_json_argv(folder), self.env, self.budget))
        live = {shared_fields.identity(item): item for item in self.live(stage.refs).values()}
        kept, left = [], []
        for item in desired:
            without, fields = shared_fields.without_held(item, live.get(shared_fields.identity(item)),
                                                         plan.FIELD_MANAGER)
            kept.append(without)
            left.extend(fields)
        if not left:
            return False
        LOG.warning("left to the other writer of a shared object (not applied again, so neither this request nor "
                    "its rollback conflicts with it): %s", "; ".join(map(str, left)))
        again = folder + "-leaving-held"
        os.makedirs(again)
        for index, item in enumerate(kept):
            with open(os.path.join(again, f"{index:04d}.json"), "w", encoding="utf-8") as handle:
                json.dump(item, handle)
        run(plan.apply_argv(again, self.kubeconfig, self.request_timeout(APPLY_SECONDS), take_over=False),
            self.env, self.budget, APPLY_SECONDS)
        return True

    def wait_until_served(self, inventory: plan.Inventory, refs: list[ObjectRef]) -> None:
        """Every kind ``refs`` use served: CRDs the bundle defines established, those it uses from elsewhere (and
        those their kinds require) installed."""
        if not refs:
            return
        waiting, backoff = self.not_served(inventory.kinds_to_wait_for(refs)), Backoff()
        while waiting:
            names = ", ".join(kind.split(".", 1)[0] for kind in waiting)
            self.budget.wait(backoff.next(), f"the cluster to serve {names}, which the bundle uses (not served when "
                                             f"last checked: their CRDs are not installed or not established yet: "
                                             f"{', '.join(waiting)})")
            self.check_turn()
            # All of them are needed: while the first is not served, the others need no kubectl call of their own.
            first = self.not_served(waiting[:1])
            waiting = first + waiting[1:] if first else self.not_served(waiting[1:])

    def not_served(self, kinds: list[str]) -> list[str]:
        """The kinds of ``kinds`` the cluster does not serve, in their order. A kind this session's listing got is
        served: only the others are checked (a pass over a cluster that has every kind checks none)."""
        unknown = [kind for kind in kinds if kind not in self.served]
        served, result = self.get_kinds(
            unknown, lambda some: plan.served_argv(some, self.kubeconfig, self.request_timeout()))
        missing = [kind for kind in unknown if kind not in served]
        if result is None or result.returncode == 0:
            return missing
        if not plan.is_unknown_kind(result.stderr):
            raise CommandFailed(["kubectl", "get", ",".join(served)], result)
        if len(served) == 1:
            return unknown  # the last one is not served either
        # A kind kubectl did not name (its CRD went between two requests): ask for each kind on its own.
        return [kind for kind in unknown if kind in missing or self.not_served([kind])]

    def get_kinds(self, kinds: list[str], argv_of: Callable[[list[str]], list[str]]
                  ) -> tuple[list[str], Optional[subprocess.CompletedProcess[str]]]:
        """One kubectl get of ``kinds`` (``argv_of`` writes it): (the kinds it got, its result; none when no kind
        was left). kubectl fails a get of several kinds whole when the server does not have one, naming it: that
        kind is left out and the others got again."""
        while kinds:
            result = try_run(argv_of(kinds), self.env, self.budget)
            missing = plan.kind_not_served(kinds, result.stderr) if result.returncode != 0 else None
            if missing is None:
                if result.returncode == 0:
                    self.served.update(kinds)
                return kinds, result
            kinds = [kind for kind in kinds if kind != missing]
        return [], None

    def wait_until_not_terminating(self, wanted: list[ObjectRef], current: Mapping[ObjectRef, Any]) -> None:
        """An object being deleted cannot be applied back: wait for it to go, then it is created anew."""
        backoff = Backoff()
        wanted_objects = {ref.identity for ref in wanted}
        terminating = {ref: live for ref, live in current.items()
                       if ref.identity in wanted_objects and plan.is_terminating(live)}
        while terminating:
            self.budget.wait(backoff.next(), f"objects of the bundle still being deleted to go before they are "
                                             f"applied again: {plan.describe_stuck(terminating)}")
            self.check_turn()
            terminating = {ref: live for ref, live in self.live(list(terminating)).items() if plan.is_terminating(live)}

    # -- Delete

    def remove(self) -> None:
        record = self.take_turn(self.read_record())
        if (record is not None and record.claim is not None and record.claim.deleted
                and record.claim.request_id == self.me.request_id):
            self.finish_record()  # a later pass of this Delete, waiting for the polls its tombstone is kept for
            return
        if self.request.delivery == "gitops" or self.request.removal == "retain":
            self.finish_record()
            LOG.info("left the platform's objects in the cluster (%s)",
                     "handed over to GitOps" if self.request.delivery == "gitops" else "Removal: retain")
            return
        # Claim the record before deleting anything: a request this Delete supersedes stops at its next poll.
        self.write_record(record if record is not None else plan.Record(inventory=()))
        self.shared = list(record.shared) if record is not None else []
        self.delete_owned(self.removal_targets(record), "objects of the platform")
        if self.held_shared:
            LOG.info("left %s: another writer still holds fields of theirs", ", ".join(map(str, self.held_shared)))
        self.finish_record()

    def removal_targets(self, record: Optional[plan.Record]) -> list[ObjectRef]:
        """What a Delete removes: the record's inventory, less what existed before a Create that never finished
        (its own cleanup may have been cut short, or never run); a record of file hashes, or no record at all (it
        was deleted by hand): the bundle's objects (``delete_owned`` deletes only those that are the platform's)."""
        if record is None and self.request.delivery == "cdk-deploy":
            LOG.warning("no record %s: deleting the objects of the bundle that carry this platform's label",
                        self.request.record_name)
            return self.inventory(self.request, "bundle").refs()
        if record is None or (record.claim is not None and record.claim.deleted):
            return []  # a tombstone: a Delete already removed everything
        if record.from_hashes:
            return self.inventory(self.request, "bundle").refs()
        if record.create_request:
            return plan.not_in(record.inventory, record.adopted)
        return list(record.inventory)

    def clean_up_failed_create(self, create_request: str) -> str:
        """Delete what the failed Create made (not what existed before it), within the rest of the invocation."""
        self.budget = self.budget.for_cleanup()
        try:
            record = self.read_record()
            if record is not None and record.claim is not None and record.claim.request_id != self.me.request_id:
                return "nothing to remove: a later request holds the record"
            if record is None or record.create_request != create_request:
                # An empty record: the Delete CloudFormation sends next must not fall back to the bundle and delete
                # what existed before this Create.
                if record is None:
                    self.write_record(plan.Record(inventory=(), claim=fencing.settled(self.record.fenced_claim())))
                return "nothing had been applied"
            made = plan.not_in(record.inventory, record.adopted)
            self.shared = list(record.shared)
            deleted, _ = self.delete_owned(made, "objects the failed Create made")
            # An empty inventory, not none: the Delete CloudFormation sends next must not fall back to the bundle
            # and delete what existed before this Create.
            self.write_record(plan.Record(inventory=(), claim=fencing.settled(self.record.fenced_claim())))
            return f"removed the {deleted} objects it had created" + (
                f" and left the {len(record.adopted)} that existed before it" if record.adopted else "")
        except Exception as error:  # noqa: BLE001 - report the cleanup's failure with the Create's
            return f"and removing what it created failed too: {error}"

    # -- fencing

    def take_turn(self, record: Optional[plan.Record]) -> Optional[plan.Record]:
        """This request's turn on the record just read (``ClaimedRecord.take_turn``); the record, for chaining."""
        self.record.take_turn()
        return record

    def check_turn(self) -> None:
        self.record.check_turn()

    def finish_record(self) -> None:
        self.record.finish(plan.record_data(plan.Record(inventory=())))

    def settle(self) -> None:
        """After a failure answered: mark this request's claim settled, so a later Delete keeps no tombstone for
        it. Best effort, within the rest of the invocation."""
        self.record.settle_after_failure()

    # -- shared

    def request_timeout(self, cap: float = CALL_SECONDS) -> float:
        """kubectl's own --request-timeout: a little under the call's timeout, so kubectl says what it waited for."""
        return max(1.0, min(cap, self.budget.left()) - 2.0)

    def delete_owned(self, targets: list[ObjectRef], what: str) -> tuple[int, int]:
        """Delete the targets that are still this platform's; (deleted, kept) counts. Every delete is issued at
        once, except CRDs (after their custom resources), shared objects (after every other object, and only when
        no other field manager holds fields of their spec: those are kept, in ``held_shared``) and namespaces
        (after their contents); errors are collected; OutOfTime names each object still there and its finalizers."""
        if not targets:
            return 0, 0
        live = self.live(targets)
        owned = {}
        for ref, manifest in live.items():
            reason = plan.ownership(manifest, self.selectors)
            if reason is None:
                owned[ref] = manifest
            else:
                LOG.info("not deleting %s: %s", ref, reason)
        deleted = len(owned)
        errors: dict[ObjectRef, str] = {}
        backoff = Backoff()
        while owned:
            now, kept = self.without_held(plan.deletable_now(owned, self.shared), owned)
            deleted -= len(kept)
            for namespace, refs in plan.by_live_namespace({ref: owned[ref] for ref in now}).items():
                errors.update(self.delete(refs, namespace))
            owned = {ref: manifest for ref, manifest in self.live(list(owned)).items()}
            for ref in [ref for ref, manifest in owned.items() if plan.held_while_in_use(manifest)]:
                LOG.info("%s is deleted; Kubernetes keeps it until no pod uses it (finalizers %s)", ref,
                         ", ".join(owned.pop(ref)["metadata"]["finalizers"]))
            if not owned:
                break
            if errors and all(ref in errors for ref in owned):
                count = f" ({len(errors)} objects)" if len(errors) > 1 else ""
                raise RuntimeError(f"deleting {what} failed{count}: " + plan.describe_refusals(errors))
            self.budget.wait(backoff.next(), lambda: f"{what} to be deleted: {self.describe_stuck(owned)}")
            self.check_turn()
        return deleted, len(live) - deleted

    def describe_stuck(self, remaining: dict[ObjectRef, Any]) -> str:
        """``plan.describe_stuck``, with the objects that keep each terminating namespace (which need not be the
        platform's: an operator's object with a finalizer) found by the resources its conditions name."""
        holders: dict[str, list[str]] = {}
        for ref, live in remaining.items():
            resources = plan.remaining_resources(live) if ref.kind == plan.NAMESPACE_KIND else []
            if resources:
                result = try_run(plan.holders_argv(resources, ref.name, self.kubeconfig, self.request_timeout()),
                                 self.env, self.budget)
                holders[ref.name] = plan.describe_holders(result.stdout) if result.returncode == 0 else []
        return plan.describe_stuck(remaining, holders)

    def without_held(self, now: list[ObjectRef],
                     owned: dict[ObjectRef, Any]) -> tuple[list[ObjectRef], list[ObjectRef]]:
        """(``now`` less what is kept, what is kept): the shared objects another field manager still holds fields of
        (which go to ``held_shared``) and the namespaces holding them (deleting one deletes what is in it); the kept
        leave ``owned``."""
        shared = set(self.shared)
        for ref in [ref for ref in now if ref in shared]:
            writers = plan.other_writers(owned[ref])
            if writers:  # deleting it would delete what they wrote
                LOG.info("not deleting %s: the field managers %s hold fields of its spec", ref, ", ".join(writers))
                self.held_shared.append(ref)
        held_namespaces = {ref.namespace for ref in self.held_shared}
        kept = [ref for ref in now if ref in self.held_shared or (
            ref.kind == plan.NAMESPACE_KIND and ref.name in held_namespaces)]
        for ref in kept:
            del owned[ref]
        return [ref for ref in now if ref not in kept], kept

    def delete(self, refs: list[ObjectRef], namespace: Optional[str]) -> dict[ObjectRef, str]:
        """Issue the deletes of ``refs`` in one kubectl call; what it refused for good, by object (a transient
        refusal, or a kind no longer served, is none: the next round deletes again, or finds nothing)."""
        result = try_run(plan.delete_argv(refs, namespace, self.kubeconfig, self.request_timeout()), self.env,
                         self.budget)
        said = plan.errors_of(result.stderr)
        if result.returncode == 0 or (plan.is_transient(said) and not plan.names_unserved_kind(said)):
            return {}
        refused = plan.not_deleted(refs, result.stdout)
        groups = plan.by_kind_and_namespace(refused)
        if len(groups) > 1:
            # kubectl's errors need not name their object (a webhook's rarely do): one call per kind tells whose
            # each is, and a kind not served fails only its own.
            return {ref: words for (_, group_namespace), group in groups.items()
                    for ref, words in self.delete(group, group_namespace).items()}
        if plan.is_unknown_kind(said) or plan.is_transient(said):
            return {}
        return dict.fromkeys(refused, said)

    def live(self, refs: list[ObjectRef]) -> dict[ObjectRef, dict[str, Any]]:
        """Which of ``refs`` exist, with what the API server says of them (one kind of a gone CRD: none)."""
        found: dict[ObjectRef, dict[str, Any]] = {}
        for namespace, group in plan.by_namespace(refs).items():
            found.update(self.live_in(group, namespace))
        return found

    def live_in(self, refs: list[ObjectRef], namespace: str) -> dict[ObjectRef, dict[str, Any]]:
        """``live`` of the refs of one namespace (and cluster-scoped kinds): one kubectl get of all their kinds."""
        kinds = sorted({ref.kind for ref in refs})
        served, result = self.get_kinds(kinds, lambda some: plan.list_argv(some, namespace, self.kubeconfig,
                                                                            self.request_timeout()))
        if result is None:
            return {}
        if result.returncode == 0:
            return plan.found_in(refs, plan.parse_get(result.stdout))
        if not plan.is_unknown_kind(result.stderr):
            raise CommandFailed(["kubectl", "get", ",".join(served)], result)
        if len(served) == 1:
            return {}
        # A kind kubectl did not name (its CRD went between two requests): list each kind on its own.
        return {ref: live for kind in served
                for ref, live in self.live_in([ref for ref in refs if ref.kind == kind], namespace).items()}

    def read_record(self) -> Optional[plan.Record]:
        return plan.parse_record(self.record.read())

    def write_record(self, record: plan.Record) -> None:
        """Write the record with this request's claim (``ClaimedRecord.write``: compare-and-swap, read again and
        decided again when another request wrote it meanwhile)."""
        self.record.write(plan.record_data(record), record.claim)

    def delete_record(self, name: str) -> None:
        if name == self.request.record_name:
            self.record.delete()
        else:
            run(fencing.record_delete_argv(name, self.kubeconfig, self.request_timeout()), self.env, self.budget)

    def inventory(self, request: plan.ApplyRequest, folder: str) -> plan.Inventory:
        """The inventory of the request's bundle, downloaded to ``folder``, its names completed with the request's
        deploy-time values."""
        destination = os.path.join(self.workdir, folder)
        fetch_bundle(request.bucket, request.key, destination)
        with open(os.path.join(destination, plan.INVENTORY_FILE), encoding="utf-8") as handle:
            return plan.fill_names(plan.parse_inventory(handle.read()), request.values)

    def bundle(self, request: plan.ApplyRequest, folder: str) -> tuple[plan.Inventory, dict[str, str]]:
        """The bundle's inventory and its files with the deploy-time values filled."""
        inventory = self.inventory(request, folder)
        destination = os.path.join(self.workdir, folder)
        plan.check_values(inventory.values, request.values)
        filled = {}
        for name in inventory.files:
            with open(os.path.join(destination, plan.MANIFESTS_DIR, name), encoding="utf-8") as handle:
                filled[name] = plan.fill_values(handle.read(), request.values, name)
        return inventory, filled


def fetch_bundle(bucket: str, key: str, destination: str) -> None:
    """Download the bundle zip from the CDK assets bucket and unpack it; the "data" rules refuse paths that leave
    ``destination``."""
    archive = destination + ".zip"
    body = cluster_access.aws_client("s3", os.environ["AWS_REGION"]).get_object(Bucket=bucket, Key=key)["Body"]
    with open(archive, "wb") as out:
        shutil.copyfileobj(body, out, length=1 << 20)
    unpack(archive, destination)


def unpack(archive: str, destination: str) -> None:
    root = os.path.realpath(destination)
    with zipfile.ZipFile(archive) as bundle:
        for member in bundle.namelist():
            target = os.path.realpath(os.path.join(root, member))
            if target != root and not target.startswith(root + os.sep):
                raise RuntimeError(f"bundle member {member!r} would land outside the bundle folder")
        bundle.extractall(root)
