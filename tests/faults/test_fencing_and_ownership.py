"""Custom::HyperPodManifests with a second actor: a request CloudFormation gave up on whose waiter still polls, a second
platform declaring the same objects, a record deleted by hand.

The Provider framework's waiter is a Step Functions execution that keeps calling isComplete after CloudFormation
cancels its request; the harness runs it in the background, interleaved with the requests CloudFormation sends next
(docs/delivery.md, "Fencing and ownership").
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from faults import harness
from faults.bundles import IEC, IEC_GROUP, LABELS, bundle_zip, endpoint, node_class, node_pool, properties
from faults.conftest import CRD_FACTS, KARPENTER_CRD, hyperpod_node_class_crd
from faults.harness import CloudFormationResource, after

LATE = {"node-autoscaling": [node_class("gpu"), node_pool("gpu")]}  # HyperpodNodeClass is served 10 minutes in
STOPPED = "stopped without touching the cluster"
OTHER = "llminference-other-5e6f7a8b"


@pytest.fixture(autouse=True)
def short_invocations(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two-minute invocations: CloudFormation's next request starts between two polls of the cancelled one.
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", 120.0)


def publish(aws, key: str, charts: dict[str, list[dict[str, Any]]]) -> str:
    aws.bundles[key] = bundle_zip(charts)
    return key


def late_node_class(kube, clock) -> None:
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.on_tick(after(clock, 600, lambda: kube.server.install_crd(hyperpod_node_class_crd())))


def writes_since(kube, moment: float) -> list[list[str]]:
    """kubectl calls that changed anything but the record, started at or after ``moment``."""
    return [argv for when, argv in kube.tool_calls.calls if when >= moment and argv[1] in ("apply", "delete", "patch")
            and not any(arg.startswith("ConfigMap/") or arg.endswith("record.json") for arg in argv)]


def stale_answers(framework) -> list[harness.Answer]:
    return [answer for _, answer in framework.unheard]


# ---- 1. fencing ------------------------------------------------------------------------------------------

def test_a_delete_while_a_cancelled_create_still_polls_leaves_nothing(aws, kube, manifests, framework, clock):
    """A sibling resource fails 5 minutes into the Create, which waits for HyperpodNodeClass: CloudFormation cancels
    it and deletes; the Create's waiter polls on, and finds the Delete's claim instead of an empty cluster."""
    late_node_class(kube, clock)
    charts = {**LATE, "endpoint-default-e1": [endpoint("e1")]}

    assert manifests.create(properties(publish(aws, "v1.zip", charts)), cancel_after=300) == "ROLLBACK_COMPLETE"
    framework.drain()  # the cancelled Create polls until it answers (HyperpodNodeClass comes meanwhile)

    assert kube.ours() == set() and kube.record() is None
    [stale] = stale_answers(framework)
    assert stale.status == "FAILED" and STOPPED in stale.reason and "later request" in stale.reason
    delete_started = next(when for when, argv in kube.tool_calls.calls if argv[1] == "delete")
    assert [argv for argv in writes_since(kube, delete_started) if argv[1] == "apply"] == []


def test_a_stack_delete_while_an_update_still_polls_leaves_nothing(aws, kube, manifests, framework, clock):
    """An Update waiting for HyperpodNodeClass is cancelled and rolled back, then the stack is deleted: the Update's
    waiter still polls through both, and applies nothing."""
    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == (
        "CREATE_COMPLETE")
    late_node_class(kube, clock)
    newer = {"endpoint-default-e1": [endpoint("e1", version="v2")], **LATE}

    assert manifests.update(properties(publish(aws, "v2.zip", newer)), cancel_after=200) == "UPDATE_ROLLBACK_COMPLETE"
    assert manifests.delete() == "DELETE_COMPLETE"
    framework.drain()

    assert kube.ours() == set() and kube.record() is None
    assert all(answer.status == "FAILED" and STOPPED in answer.reason for answer in stale_answers(framework))
    assert stale_answers(framework)


def test_an_update_cancelled_and_rolled_back_before_its_wait_ended_leaves_the_previous_bundle(
        aws, kube, manifests, framework, clock):
    """The rollback restores v1 while the cancelled Update still waits; when what it waited for comes, it must not
    put v2 back: CloudFormation records v1, and a redeploy of the same template sends no Update to repair it."""
    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == (
        "CREATE_COMPLETE")
    late_node_class(kube, clock)
    newer = {"endpoint-default-e1": [endpoint("e1", version="v2")], **LATE}

    assert manifests.update(properties(publish(aws, "v2.zip", newer)), cancel_after=200) == "UPDATE_ROLLBACK_COMPLETE"
    clock.pause(900)  # HyperpodNodeClass is served before the cancelled Update's next poll
    framework.drain()

    assert {item["metadata"]["name"]: item["spec"]["modelName"] for item in kube.objects(IEC)} == {"e1": "e1-v1"}
    assert kube.names("NodePool") == set() and kube.ours() == {"e1"}
    [stale] = stale_answers(framework)
    assert stale.status == "FAILED" and STOPPED in stale.reason


def rival_claims_after_the_first_record_read(kube, clock) -> dict[str, Any]:
    """Another request (started later) writes the record between this request's read of it and its write: the
    moment two requests claim at once. Hooks run as each request arrives, so the read has been answered."""
    rival: dict[str, Any] = {}

    def tick(server) -> None:
        done = [request.path for request in server.requests[:-1] if request.method == "GET"
                and "/namespaces/kube-system/configmaps/hyperpod-constructs-" in request.path]
        if rival or not done:
            return
        rival["name"] = done[0].rsplit("/", 1)[-1]
        claim = {"generation": 1, "request": "rival", "type": "Update", "started": clock.now(),
                 "deadline": clock.now() + 3600, "settled": False, "deleted": False, "pending": []}
        rival["written"] = server.create({"apiVersion": "v1", "kind": "ConfigMap",
                                          "metadata": {"name": rival["name"], "namespace": "kube-system"},
                                          "data": {"inventory": "[]", "claim": json.dumps(claim, sort_keys=True)}},
                                         manager="hyperpod-constructs")
    kube.server.on_tick(tick)
    return rival


def test_two_requests_claiming_the_record_at_once_the_later_keeps_it_and_the_earlier_applies_nothing(
        aws, kube, manifests, clock):
    """The record write is a compare-and-swap (a create when there was no record, a replace on the resourceVersion
    read): the Create that read no record finds the later request's claim when it writes, and stops. An apply there
    merged over the rival's claim and applied the bundle."""
    rival = rival_claims_after_the_first_record_read(kube, clock)

    first = manifests._request("Create", properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]})))

    assert first.status == "FAILED" and STOPPED in first.reason, first
    assert "request rival" in first.reason
    assert kube.ours() == set() and not kube.calls("apply")
    record = kube.record()
    assert record is not None and json.loads(record["data"]["claim"])["request"] == "rival"
    assert record["metadata"]["resourceVersion"] == rival["written"]["metadata"]["resourceVersion"]  # untouched
    creates = [argv for argv in kube.calls("create") if argv[-1].endswith("record.json")]
    assert len(creates) == 1  # the one that found the rival's record there first


def test_a_record_write_after_a_stopped_request_marked_itself_keeps_its_mark(aws, kube, manifests, clock):
    """A key another writer added between the holder's read and write (a stopped request's mark) changes the
    resourceVersion: the holder reads again, still holds the record, and writes it keeping the key."""
    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == \
        "CREATE_COMPLETE"
    marked: list[bool] = []

    def mark(server) -> None:
        reads = [request for request in server.requests[:-1] if request.method == "GET"
                 and "/namespaces/kube-system/configmaps/hyperpod-constructs-" in request.path]
        if marked or len(reads) < 2:  # the Update's own read of the record, after the Create's
            return
        marked.append(True)
        record = kube.record()
        server.update({**record, "data": {**record["data"], "stopped.cancelled-one": "stopped"}})
    kube.server.on_tick(mark)

    changed = {"endpoint-default-e1": [endpoint("e1", version="v2")]}
    assert manifests.update(properties(publish(aws, "v2.zip", changed))) == "UPDATE_COMPLETE", manifests.reasons()

    assert marked and kube.record()["data"]["stopped.cancelled-one"] == "stopped"
    assert json.loads(kube.record()["data"]["claim"])["settled"] is True
    replaces = [argv for argv in kube.calls("replace") if argv[-1].endswith("record.json")]
    assert len(replaces) >= 2  # the one refused with 409, then the one on the version read again


# ---- 2. ownership between platforms ----------------------------------------------------------------------

def other_platform(framework) -> CloudFormationResource:
    return CloudFormationResource(framework, "Custom::HyperPodManifests")


def other_properties(key: str, adopt: bool = False) -> dict[str, Any]:
    props = {**properties(key), "Selector": f"hyperpod-constructs.io/platform={OTHER}",
             "RecordName": f"hyperpod-constructs-{OTHER}"}
    return {**props, "AdoptExisting": "true"} if adopt else props


def theirs(name: str) -> dict[str, Any]:
    manifest = endpoint(name)
    manifest["metadata"]["labels"] = {**LABELS, "hyperpod-constructs.io/platform": OTHER}
    return manifest


def test_a_second_platform_declaring_the_same_endpoint_is_refused_naming_it_and_its_owner(
        aws, kube, manifests, framework):
    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == (
        "CREATE_COMPLETE")
    second = other_platform(framework)
    assert second.create(other_properties(publish(aws, "o1.zip", {"endpoint-default-mine": [theirs("mine")]}))) == (
        "CREATE_COMPLETE")

    # The second platform's next deploy adds an endpoint of the same name in the same namespace.
    both = {"endpoint-default-mine": [theirs("mine")], "endpoint-default-e1": [theirs("e1")]}
    assert second.update(other_properties(publish(aws, "o2.zip", both))) == "UPDATE_ROLLBACK_COMPLETE"

    reason = second.reasons()[0]
    assert (f"InferenceEndpointConfig default/e1 belongs to platform {LABELS['hyperpod-constructs.io/platform']}"
            in reason and "adopt_existing=True" in reason)
    e1 = kube.get(f"{IEC_GROUP}/v1", IEC, "default", "e1")
    assert e1["metadata"]["labels"] == LABELS and e1["spec"]["modelName"] == "e1-v1"

    assert second.delete() == "DELETE_COMPLETE"
    assert kube.names(IEC) == {"e1"}  # the second platform's destroy left the first one's endpoint


def test_an_object_a_person_made_is_refused_naming_its_field_managers(aws, kube, manifests):
    kube.server.create({**endpoint("e1"), "metadata": {"name": "e1", "namespace": "default"}})  # no labels

    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == (
        "ROLLBACK_COMPLETE")

    reason = manifests.reasons()[0]
    assert "InferenceEndpointConfig default/e1 belongs to no platform" in reason
    assert "field managers kubectl-client-side-apply" in reason
    assert kube.names(IEC) == {"e1"} and kube.ours() == set()


def test_adoption_takes_the_object_over_when_the_platform_opts_in(aws, kube, manifests, framework):
    assert manifests.create(properties(publish(aws, "v1.zip", {"endpoint-default-e1": [endpoint("e1")]}))) == (
        "CREATE_COMPLETE")
    second = other_platform(framework)

    assert second.create(other_properties(publish(aws, "o1.zip", {"endpoint-default-e1": [theirs("e1")]}),
                                          adopt=True)) == "CREATE_COMPLETE"

    e1 = kube.get(f"{IEC_GROUP}/v1", IEC, "default", "e1")
    assert e1["metadata"]["labels"]["hyperpod-constructs.io/platform"] == OTHER
    assert manifests.delete() == "DELETE_COMPLETE"  # the first platform no longer owns it: left
    assert kube.names(IEC) == {"e1"}
    assert second.delete() == "DELETE_COMPLETE"
    assert kube.names(IEC) == set()


# ---- 3. no record, no amnesia ----------------------------------------------------------------------------

def delete_the_record(kube) -> None:
    record = kube.record()
    kube.server.delete("v1", "ConfigMap", "kube-system", record["metadata"]["name"])


def test_a_delete_without_a_record_removes_its_bundles_objects_the_platform_owns(aws, kube, manifests):
    charts = {f"endpoint-default-e{i}": [endpoint(f"e{i}")] for i in range(1, 4)}
    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "CREATE_COMPLETE"
    kube.server.create(theirs("e9"))  # another platform's endpoint
    delete_the_record(kube)

    assert manifests.delete() == "DELETE_COMPLETE"

    assert kube.names(IEC) == {"e9"} and kube.record() is None


def test_an_update_without_a_record_rebuilds_it_from_the_cluster(aws, kube, manifests):
    """The record is deleted by hand and the previous bundle is gone from the assets bucket (cdk gc): what the
    platform applied is found by its label and field manager, and what the new bundle drops is pruned."""
    charts = {f"endpoint-default-e{i}": [endpoint(f"e{i}")] for i in range(1, 4)}
    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "CREATE_COMPLETE"
    delete_the_record(kube)
    del aws.bundles["v1.zip"]
    kube.server.create(endpoint("copy"))  # a user's copy with the platform's labels: never applied by the platform

    fewer = {"endpoint-default-e1": [endpoint("e1")]}
    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"

    assert kube.names(IEC) == {"e1", "copy"} and manifests.data["ObjectsPruned"] == "2"
    assert kube.record() is not None
