"""Objects with two writers: the inference operator merges a scheduler entry into an InferenceGatewayConfig for each
endpoint that attaches, and never deletes the config. The applier applies only its own fields (server-side apply
without --force-conflicts), and never prunes, deletes or overwrites what the other writer holds, proven with the
real kubectl against the loopback API server's managedFields. The gateway controller installs the Gateway API CRDs
at its own start-up: the config waits for them, the rest of the bundle does not.
"""
from __future__ import annotations

from typing import Any, Optional

from faults.bundles import IEC, LABELS, TWO_INVOCATIONS, bundle_zip, endpoint, properties
from faults.conftest import INFERENCE_GATEWAY_CRD, gateway_api_crds
from faults.harness import after

GROUP = "inference.sagemaker.aws.amazon.com"
GATEWAY_VERSION = f"{GROUP}/v1alpha1"
KIND = "InferenceGatewayConfig"
OPERATOR = "hyperpod-inference-operator"  # the other writer's field manager
OURS = "hyperpod-constructs"


def gateway_crd_and_gateway_api(kube) -> None:
    """What the add-on installs at once (the config's CRD) and what its controller installs at start-up."""
    kube.server.install_crd_file(INFERENCE_GATEWAY_CRD)
    for crd in gateway_api_crds():
        kube.server.install_crd(crd)


def scheduler(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "modelName": f"org/{name}", "modelSelector": {"matchLabels": {"app": name}},
            "targetPort": 8000, **fields}


def gateway(*schedulers: dict[str, Any], name: str = "models") -> dict[str, Any]:
    return {"apiVersion": GATEWAY_VERSION, "kind": KIND,
            "metadata": {"name": name, "namespace": "default", "labels": dict(LABELS)},
            "spec": {"bbr": {"enabled": True}, "tls": {}, "schedulers": list(schedulers)}}


def operator_merges(kube, entry: str, name: str = "models", **fields: Any) -> None:
    """The operator's entry for an attached endpoint, merged by name (server-side apply of its own fields)."""
    kube.server.apply({"apiVersion": GATEWAY_VERSION, "kind": KIND,
                       "metadata": {"name": name, "namespace": "default"},
                       "spec": {"schedulers": [scheduler(entry, **fields)]}}, manager=OPERATOR, force=True)


def operator_releases(kube, name: str = "models") -> None:
    """The endpoint went: the operator takes its entry out (it applies none of its fields any more)."""
    kube.server.apply({"apiVersion": GATEWAY_VERSION, "kind": KIND, "metadata": {"name": name, "namespace": "default"}},
                      manager=OPERATOR)


def live_gateway(kube, name: str = "models") -> Optional[dict[str, Any]]:
    return kube.get(GATEWAY_VERSION, KIND, "default", name)


def entries(kube, name: str = "models") -> dict[str, dict[str, Any]]:
    found = live_gateway(kube, name)
    assert found is not None, f"no InferenceGatewayConfig {name}"
    return {entry["name"]: entry for entry in found["spec"]["schedulers"]}


def managers(kube, name: str = "models") -> set[str]:
    found = live_gateway(kube, name)
    assert found is not None
    return {entry["manager"] for entry in found["metadata"]["managedFields"]}


def publish(aws, key: str, charts: dict[str, list[dict[str, Any]]]) -> str:
    aws.bundles[key] = bundle_zip(charts)
    return key


WITH_GATEWAY = {"endpoint-default-e1": [endpoint("e1")], "inference-gateway-default-models": [
    gateway(scheduler("qwen"), scheduler("llama", weights={"prefix": 3}))]}
WITHOUT_GATEWAY = {"endpoint-default-e1": [endpoint("e1")]}


def test_the_other_writers_entries_survive_our_update(aws, kube, manifests):
    gateway_crd_and_gateway_api(kube)
    assert manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY))) == "CREATE_COMPLETE"
    operator_merges(kube, "e1")
    changed = {**WITH_GATEWAY, "inference-gateway-default-models": [
        gateway(scheduler("qwen", replicas=1), scheduler("mistral"))]}

    assert manifests.update(properties(publish(aws, "v2.zip", changed))) == "UPDATE_COMPLETE", manifests.reasons()

    found = entries(kube)
    assert sorted(found) == ["e1", "mistral", "qwen"]  # llama dropped by us, e1 kept for the operator
    assert found["qwen"]["replicas"] == 1 and found["e1"]["modelName"] == "org/e1"
    assert managers(kube) == {OURS, OPERATOR}
    shared_applies = [argv for argv in kube.calls("apply") if argv[-1].endswith("shared-objects")]
    assert shared_applies and all("--force-conflicts" not in argv for argv in shared_applies)


def test_a_field_the_other_writer_took_is_left_to_it_and_the_update_completes(aws, kube, manifests, caplog):
    gateway_crd_and_gateway_api(kube)
    manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY)))
    operator_merges(kube, "qwen", targetPort=9000)  # the operator took the entry's port over
    changed = {**WITH_GATEWAY, "inference-gateway-default-models": [gateway(scheduler("qwen"), scheduler("mistral"))]}
    caplog.set_level("INFO")

    assert manifests.update(properties(publish(aws, "v2.zip", changed))) == "UPDATE_COMPLETE", manifests.reasons()

    found = entries(kube)
    assert found["qwen"]["targetPort"] == 9000  # not asserted again: the operator keeps it
    assert sorted(found) == ["mistral", "qwen"] and found["qwen"]["modelName"] == "org/qwen"
    assert (f'InferenceGatewayConfig default/models .spec.schedulers[name="qwen"].targetPort (held by {OPERATOR})'
            in caplog.text)
    shared_applies = [argv for argv in kube.calls("apply") if "shared-objects" in argv[-1]]
    # The Create's, the Update's refused one, and the Update's without the operator's field; none forcing.
    assert [argv[-1].rsplit("/", 1)[-1] for argv in shared_applies] == [
        "shared-objects", "shared-objects", "shared-objects-leaving-held"]
    assert all("--force-conflicts" not in argv for argv in shared_applies)


def test_a_failed_update_rolls_back_without_asserting_a_field_the_other_writer_took(aws, kube, manifests):
    """The rollback re-applies the previous bundle, whose value of a field the operator has since taken differs
    from the live one: left to the operator, so the stack ends UPDATE_ROLLBACK_COMPLETE, not ROLLBACK_FAILED."""
    gateway_crd_and_gateway_api(kube)
    manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY)))
    operator_merges(kube, "qwen", targetPort=9000)
    newer = {**WITH_GATEWAY, "endpoint-default-e2": [endpoint("e2")]}
    kube.server.fail("PATCH", IEC, "e2", status=403, reason="Forbidden",
                     message='admission webhook "vinferenceendpointconfig.kb.io" denied the request')

    assert manifests.update(properties(publish(aws, "v2.zip", newer))) == "UPDATE_ROLLBACK_COMPLETE", \
        manifests.reasons()

    assert 'denied the request' in manifests.reasons()[0] and len(manifests.reasons()) == 1
    assert entries(kube)["qwen"]["targetPort"] == 9000 and sorted(entries(kube)) == ["llama", "qwen"]


def test_a_gateway_the_other_writer_still_holds_is_not_pruned_until_it_lets_go(aws, kube, manifests):
    gateway_crd_and_gateway_api(kube)
    manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY)))
    operator_merges(kube, "e1")

    assert manifests.update(properties(publish(aws, "v2.zip", WITHOUT_GATEWAY))) == "UPDATE_COMPLETE"
    assert manifests.data["ObjectsPruned"] == "0" and manifests.data["ObjectsKept"] == "1"
    assert "e1" in entries(kube) and managers(kube) == {OURS, OPERATOR}
    assert "models" in kube.record()["data"]["inventory"]  # still tracked: a later deploy prunes it

    operator_releases(kube)
    assert manifests.update(properties(publish(aws, "v3.zip", WITHOUT_GATEWAY))) == "UPDATE_COMPLETE"
    assert live_gateway(kube) is None and manifests.data["ObjectsPruned"] == "1"
    assert "models" not in kube.record()["data"]["inventory"]


def test_stack_delete_removes_endpoints_first_and_the_gateway_once_its_operator_entries_are_gone(
        aws, kube, manifests):
    gateway_crd_and_gateway_api(kube)
    manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY)))
    operator_merges(kube, "e1")
    # The operator takes e1's entry out when e1 is deleted.
    kube.server.on_tick(lambda server: operator_releases(kube) if (
        server.get(f"{GROUP}/v1", "InferenceEndpointConfig", "default", "e1") is None
        and live_gateway(kube) is not None and OPERATOR in managers(kube)) else None)

    assert manifests.delete() == "DELETE_COMPLETE", manifests.reasons()

    assert live_gateway(kube) is None and kube.ours() == set() and kube.record() is None


def test_stack_delete_keeps_a_gateway_another_writer_still_holds(aws, kube, manifests):
    """An endpoint outside this stack attached to the gateway: its entry, and so the config, stay."""
    gateway_crd_and_gateway_api(kube)
    manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY)))
    operator_merges(kube, "someone-elses-endpoint")

    assert manifests.delete() == "DELETE_COMPLETE", manifests.reasons()

    assert "someone-elses-endpoint" in entries(kube) and kube.ours() == {"models"} and kube.record() is None
    assert kube.get(f"{GROUP}/v1", "InferenceEndpointConfig", "default", "e1") is None


def test_the_gateway_waits_for_the_gateway_api_crds_its_controller_installs_late(aws, kube, manifests, clock):
    kube.server.install_crd_file(INFERENCE_GATEWAY_CRD)
    applied_before: list[bool] = []

    def controller_starts() -> None:
        applied_before.append(live_gateway(kube) is not None)
        for crd in gateway_api_crds():
            kube.server.install_crd(crd)
    kube.server.on_tick(after(clock, 12 * 60, controller_starts))

    assert manifests.create(properties(publish(aws, "v1.zip", WITH_GATEWAY))) == "CREATE_COMPLETE", manifests.reasons()

    assert applied_before == [False]  # the config was applied only once the Gateway API was served
    assert sorted(entries(kube)) == ["llama", "qwen"]
    assert kube.get(f"{GROUP}/v1", "InferenceEndpointConfig", "default", "e1") is not None


def test_gateway_api_crds_that_never_come_fail_naming_them(aws, kube, manifests):
    kube.server.install_crd_file(INFERENCE_GATEWAY_CRD)

    props = {**properties(publish(aws, "v1.zip", WITH_GATEWAY)), "TimeoutSeconds": TWO_INVOCATIONS}
    assert manifests.create(props) == "ROLLBACK_COMPLETE"

    reason = manifests.reasons()[0]
    assert "Gateway, HTTPRoute" in reason and "did not finish before its deadline" in reason
    assert kube.ours() == set()
    # Both are needed: while Gateway is not served each poll asks for it alone, HTTPRoute only at the first check
    # of an invocation. How many invocations the deadline leaves room for is not a fixed number (a slow machine adds
    # real seconds to the simulated clock): the first one cannot reach it, and a third one, started close to the
    # deadline, may end without asking for HTTPRoute. So it is asked for at least twice, and at most once an
    # invocation.
    checks = [argv[1] for argv in kube.calls("get") if "--field-selector" in argv]
    invocations = [entry for entry in manifests.framework.calls.log if entry[0] == "isComplete"]
    assert 2 <= checks.count("HTTPRoute.v1.gateway.networking.k8s.io") <= len(invocations), (invocations, checks)
    assert len(checks) > 20, checks
