"""Turn-taking between requests of one resource (engine/fencing.py), decided without I/O: the manifest applier's, the
Helm chart's and the tiered-KV daemon's."""
from __future__ import annotations

import re

import fencing
from fencing import Identity, Turn


def me(request_id: str, started: float, request_type: str = "Update") -> Identity:
    return Identity(request_id, request_type, started, started + 1800)


def test_a_request_takes_the_record_from_an_earlier_one_and_a_stale_one_finds_its_turn_passed():
    create = me("create", 100.0, "Create")
    claim = fencing.take(None, create, now=100.0)
    assert claim.generation == 1 and fencing.turn(claim, create) is Turn.CURRENT

    delete = me("delete", 400.0, "Delete")
    assert fencing.turn(claim, delete) is Turn.NEW
    taken = fencing.take(claim, delete, now=400.0)
    assert taken.generation == 2 and [item.request_id for item in taken.pending] == ["create"]
    assert fencing.turn(taken, create) is Turn.PASSED
    assert "stopped without touching the cluster" in fencing.passed_message(create, taken)


def test_a_settled_holder_is_not_waited_for_and_an_expired_one_neither():
    first = fencing.settled(fencing.take(None, me("a", 100.0), now=100.0))
    assert fencing.take(first, me("b", 200.0), now=200.0).pending == ()
    unsettled = fencing.take(None, me("a", 100.0), now=100.0)  # deadline 1900
    assert fencing.take(unsettled, me("b", 2000.0), now=2000.0).pending == ()


def test_a_delete_leaves_a_tombstone_only_while_a_superseded_request_may_poll():
    cancelled = fencing.take(None, me("create", 100.0, "Create"), now=100.0)
    delete = fencing.take(cancelled, me("delete", 400.0, "Delete"), now=400.0)
    stone = fencing.tombstone(delete, now=500.0)
    assert stone is not None and stone.deleted and [item.request_id for item in stone.pending] == ["create"]
    assert fencing.tombstone(delete, now=1901.0) is None  # the cancelled Create's deadline passed


def test_the_claim_survives_the_record_and_a_stopped_request_is_no_longer_pending():
    delete = fencing.take(fencing.take(None, me("create", 100.0), now=100.0), me("delete", 400.0), now=400.0)
    data = delete.to_data()
    assert fencing.Claim.from_data(data) == delete
    assert fencing.Claim.from_data({**data, f"{fencing.STOPPED_PREFIX}create": "stopped"}).pending == ()
    assert fencing.Claim.from_data({"inventory": "[]"}) is None  # a record of before requests claimed it


def test_an_event_without_the_stamp_is_older_than_any_claim():
    old = fencing.identity_of({"RequestId": "r", "RequestType": "Update", "HyperPodDeadline": 1900.0},
                              "HyperPodDeadline")
    assert old.started == 0.0
    assert fencing.turn(fencing.take(None, me("new", 5.0), now=5.0), old) is Turn.PASSED


STACK = "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/5b1f0e20-0000-11f0-8000-0a1b2c3d4e5f"
SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")


def test_each_cloudformation_resource_has_a_record_of_its_own_that_kubernetes_accepts():
    """One record per stack and logical id (every request of a resource carries both, whatever its physical id), a
    ConfigMap name Kubernetes accepts however long the ids, and never one of the applier's records."""
    chart = fencing.resource_record_name("helm", {"StackId": STACK, "LogicalResourceId": "DepsChart1A2B3C4D"})
    assert chart.startswith("hyperpod-constructs.helm.llminference.depschart1a2b3c4d.")
    assert chart == fencing.resource_record_name("helm", {"StackId": STACK, "LogicalResourceId": "DepsChart1A2B3C4D",
                                                          "PhysicalResourceId": "LlmInference-Deps-CANCELLED"})
    other_stack = STACK.replace("5b1f0e20", "6c2a1f31")
    assert chart != fencing.resource_record_name("helm", {"StackId": other_stack, "LogicalResourceId": "DepsChart1A2B3C4D"})
    assert chart != fencing.resource_record_name("tiered-kv", {"StackId": STACK, "LogicalResourceId": "DepsChart1A2B3C4D"})
    longest = fencing.resource_record_name("tiered-kv", {"StackId": STACK.replace("LlmInference", "S-" * 64),
                                                         "LogicalResourceId": "L" * 255})
    for name in (chart, longest):
        assert len(name) <= 253 and SUBDOMAIN.match(name) and not name.startswith("hyperpod-constructs-"), name


def test_a_record_holding_the_claim_alone_keeps_the_marks_of_stopped_requests():
    claim = fencing.take(None, me("holder", 100.0), now=100.0)
    stored = {"claim": "old", f"{fencing.STOPPED_PREFIX}gone": "stopped", "inventory": "[]"}
    written = fencing.record_manifest("r", {}, claim, stored, version="7")
    assert written["data"] == {f"{fencing.STOPPED_PREFIX}gone": "stopped", **claim.to_data()}
    assert written["metadata"]["resourceVersion"] == "7" and written["metadata"]["namespace"] == "kube-system"
    assert fencing.owner_data(stored) == {"inventory": "[]"}
