"""Fields another writer holds on a shared object, left out of what the applier applies (``shared_fields``); the
kubectl end to end is in tests/faults/test_shared_objects.py."""
from __future__ import annotations

import subprocess

import shared_fields
from kube_api.binaries import kubectl

OURS = "hyperpod-constructs"
OPERATOR = "hyperpod-inference-operator"


def gateway(*schedulers: dict) -> dict:
    return {"apiVersion": "inference.sagemaker.aws.amazon.com/v1alpha1", "kind": "InferenceGatewayConfig",
            "metadata": {"name": "models", "namespace": "default", "labels": {"app": "ours"}},
            "spec": {"bbr": {"enabled": True}, "schedulers": list(schedulers)}}


def held(manager: str, fields: dict) -> dict:
    return {"manager": manager, "operation": "Apply", "fieldsType": "FieldsV1", "fieldsV1": fields}


QWEN = 'k:{"name":"qwen"}'


def live_with(port: int, *entries: dict) -> dict:
    live = gateway({"name": "qwen", "targetPort": port, "modelName": "org/qwen"})
    live["metadata"]["managedFields"] = list(entries)
    return live


def test_a_field_another_writer_holds_with_another_value_is_dropped_and_named():
    desired = gateway({"name": "qwen", "targetPort": 8000, "modelName": "org/qwen"})
    live = live_with(9000, held(OURS, {"f:spec": {"f:schedulers": {QWEN: {".": {}, "f:name": {}, "f:modelName": {}}}}}),
                     held(OPERATOR, {"f:spec": {"f:schedulers": {QWEN: {"f:name": {}, "f:targetPort": {}}}}}))

    kept, left = shared_fields.without_held(desired, live, OURS)

    assert kept["spec"]["schedulers"] == [{"name": "qwen", "modelName": "org/qwen"}]  # the key stays
    assert [str(field) for field in left] == [
        f'InferenceGatewayConfig default/models .spec.schedulers[name="qwen"].targetPort (held by {OPERATOR})']
    assert desired["spec"]["schedulers"][0]["targetPort"] == 8000  # a copy: the bundle's object untouched


def test_a_field_another_writer_holds_with_the_same_value_is_still_applied():
    desired = gateway({"name": "qwen", "targetPort": 9000, "modelName": "org/qwen"})
    live = live_with(9000, held(OPERATOR, {"f:spec": {"f:schedulers": {QWEN: {"f:targetPort": {}}}}}))

    assert shared_fields.without_held(desired, live, OURS) == (desired, [])


def test_only_other_managers_fields_count_and_nothing_is_dropped_without_a_live_object():
    desired = gateway({"name": "qwen", "targetPort": 8000})
    ours_only = live_with(9000, held(OURS, {"f:spec": {"f:schedulers": {QWEN: {"f:targetPort": {}}}}}))
    status_writer = live_with(9000, {**held(OPERATOR, {"f:spec": {"f:schedulers": {QWEN: {"f:targetPort": {}}}}}),
                                     "subresource": "status"})

    assert shared_fields.without_held(desired, ours_only, OURS) == (desired, [])
    assert shared_fields.without_held(desired, status_writer, OURS) == (desired, [])
    assert shared_fields.without_held(desired, None, OURS) == (desired, [])


def test_a_set_member_another_writer_holds_is_named_with_the_servers_path_syntax():
    path = ("f:spec", "f:schedulers", QWEN, "f:args", 'v:"--x"')
    assert shared_fields.path_string(path) == '.spec.schedulers[name="qwen"].args[="--x"]'
    assert shared_fields.path_string(("f:spec", "f:ports", "i:2")) == ".spec.ports[2]"


def test_kubectl_reads_the_yaml_without_a_server(tmp_path):
    """``to_json_argv`` is kubectl's own YAML reading (no parser of the engine's), offline."""
    (tmp_path / "gateway.k8s.yaml").write_text(
        "apiVersion: inference.sagemaker.aws.amazon.com/v1alpha1\nkind: InferenceGatewayConfig\n"
        "metadata:\n  name: models\n  namespace: default\nspec:\n  schedulers:\n    - name: qwen\n"
        "      targetPort: 8000\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\n"
        "data:\n  a: \"1\"\n")
    argv = [kubectl(), *shared_fields.to_json_argv(str(tmp_path))[1:]]
    done = subprocess.run(argv, capture_output=True, text=True, check=True, timeout=60,
                          env={"KUBECONFIG": str(tmp_path / "none"), "HOME": str(tmp_path)})

    objects = shared_fields.parse_objects(done.stdout)
    assert [shared_fields.identity(item) for item in objects] == [
        ("inference.sagemaker.aws.amazon.com", "InferenceGatewayConfig", "default", "models"),
        ("", "ConfigMap", "default", "x")]
    assert objects[0]["spec"]["schedulers"] == [{"name": "qwen", "targetPort": 8000}]
    assert objects[1]["data"] == {"a": "1"}
