"""Failure reasons a user can act on: they fit CloudFormation's response however many objects failed, as the
framework sends them (``harness.framework_reason``: ``Error: `` + the message + the log group + Node's stack, in a
JSON body that CloudFormation refuses past 4,096 bytes, showing "Response object is too long." instead), and they
name what holds a namespace that does not go."""
from __future__ import annotations

import pytest

from faults.bundles import IEC, endpoint, namespace, properties
from faults.harness import RESPONSE_LIMIT, TOO_LONG, framework_reason, response_bytes
from faults.test_applier_faults import publish

DENIED = ('admission webhook "vinferenceendpointconfig.kb.io" denied the request: spec.instanceType ml.g5.xlarge is '
          "not in the cluster's instance groups")


def endpoints(count: int) -> dict[str, list[dict]]:
    return {f"endpoint-default-e{i:04d}": [endpoint(f"e{i:04d}")] for i in range(1, count + 1)}


def fits(manifests, reason: str) -> bool:
    request_type, answer = manifests.answers[0]
    request = {"StackId": "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/0",
               "RequestId": "00000000-0000-0000-0000-000000000000", "LogicalResourceId": "Resource"}
    return response_bytes(request, answer.physical_id, framework_reason(reason)) <= RESPONSE_LIMIT


@pytest.mark.parametrize("count", [60, 1000])
def test_a_create_refused_for_every_object_answers_with_a_reason_that_fits(aws, kube, manifests, count):
    kube.server.fail("PATCH", IEC, status=400, reason="BadRequest", message=DENIED)

    assert manifests.create(properties(publish(aws, "v1.zip", endpoints(count)))) == "ROLLBACK_COMPLETE"

    reason = manifests.reasons()[0]
    assert reason != TOO_LONG and fits(manifests, reason), len(reason)
    assert f"not applied: {count}: " in reason  # the count ...
    assert "InferenceEndpointConfig default/e0001, InferenceEndpointConfig default/e0002" in reason  # the first ...
    assert f"and {count - 10} more ({count} objects; every one is named in the function's log)" in reason
    assert "denied the request" in reason  # ... and the API server's words


def test_a_delete_refused_for_sixty_objects_answers_with_a_reason_that_fits(aws, kube, manifests):
    assert manifests.create(properties(publish(aws, "v1.zip", endpoints(60)))) == "CREATE_COMPLETE"
    kube.server.fail("DELETE", IEC, status=400, reason="BadRequest", message=DENIED)

    assert manifests.delete() == "DELETE_FAILED"

    reason = manifests.last_reason
    assert reason != TOO_LONG and fits(manifests, reason), len(reason)
    assert "failed (60 objects): InferenceEndpointConfig default/e0001, " in reason, reason
    assert "and 50 more (60 objects; every one is named in the function's log)" in reason and DENIED in reason


def test_a_namespace_stuck_terminating_is_reported_with_the_object_and_finalizer_that_hold_it(aws, kube, manifests):
    """The operator made an object of its own in the platform's namespace, with a finalizer it never removes: the
    stack delete fails at its deadline naming the namespace, that object and its finalizer."""
    charts = {"namespace-models": [namespace("models")], "endpoint-models-e1": [endpoint("e1", namespace="models")]}
    props = {**properties(publish(aws, "v1.zip", charts)), "TimeoutSeconds": "600"}
    assert manifests.create(props) == "CREATE_COMPLETE", manifests.reasons()
    kube.server.create({"apiVersion": "v1", "kind": "ConfigMap", "data": {"k": "v"},
                        "metadata": {"name": "weights-cache", "namespace": "models",
                                     "finalizers": ["inference.example.com/cache-cleanup"]}}, manager="operator")

    assert manifests.delete() == "DELETE_FAILED"

    reason = manifests.last_reason
    assert "Namespace models (being deleted: " in reason, reason
    assert "held by ConfigMap models/weights-cache (finalizers inference.example.com/cache-cleanup)" in reason
    assert "Some content in the namespace has finalizers remaining: inference.example.com/cache-cleanup in 1 " \
           "resource instances" in reason


@pytest.mark.parametrize("character", ["\x7f", "\x01", "\x9b"], ids=["DEL", "SOH", "CSI"])
def test_a_control_character_in_a_deploy_time_value_fails_naming_the_value(aws, kube, manifests, character):
    props = properties(publish(aws, "v1.zip", endpoints(1)), bucket=f"models{character}bucket")

    assert manifests.create(props) == "ROLLBACK_COMPLETE"

    reason = manifests.reasons()[0]
    assert f"deploy-time value TlsCertificateBucket ({'models' + character + 'bucket'!r}) holds the control " \
           f"character U+{ord(character):04X} at position 6" in reason, reason
    assert "printable characters, tabs and line breaks only" in reason
    assert kube.ours() == set()
