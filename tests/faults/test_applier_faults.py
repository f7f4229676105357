"""Custom::HyperPodManifests under faults: every scenario ends in a state a user can trust.

The function runs as Lambda runs it (``index.on_event`` / ``index.is_complete`` behind the Provider framework,
a context whose time runs down), kubectl is the fake executable on PATH, S3 and EKS answer through botocore's
Stubber, and CloudFormation creates, updates, rolls back and deletes. docs/delivery.md's failure-modes table
names the test of each row.
"""
from __future__ import annotations

import json
from typing import Any

from faults.bundles import (
    IEC, IEC_GROUP, LABELS, RECORD, bundle_zip, crd, custom, endpoint, namespace, node_class, node_pool, properties)

SEVEN = {f"endpoint-default-e{i}": [endpoint(f"e{i}")] for i in range(1, 8)}


def publish(aws, key: str, charts: dict[str, list[dict[str, Any]]]) -> str:
    aws.bundles[key] = bundle_zip(charts)
    return key


def model_names(kube) -> dict[str, str]:
    return {key.split("|")[3]: manifest["spec"]["modelName"] for key, manifest in kube.objects().items()
            if manifest["kind"] == IEC}


def key(kind: str, group: str, namespace_name: str, name: str) -> str:
    return f"{kind}|{group}|{namespace_name}|{name}"


# ---- 1. converge ------------------------------------------------------------------------------------------

def test_a_failed_update_rolls_back_to_exactly_the_previous_bundle(aws, kube, manifests):
    """An update of 7 files fails at one object; the rollback (an Update with the old properties) restores all 7."""
    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE"
    newer = {name: [endpoint(objects[0]["metadata"]["name"], version="v2")] for name, objects in SEVEN.items()}
    newer["endpoint-default-extra"] = [endpoint("extra", version="v2")]
    kube.change(lambda state: state["refuse"].update({
        key(IEC, IEC_GROUP, "default", "extra"):
            'admission webhook "vinferenceendpointconfig.kb.io" denied the request: spec.modelName is invalid'}))

    status = manifests.update(properties(publish(aws, "v2.zip", newer)))

    assert status == "UPDATE_ROLLBACK_COMPLETE"
    assert model_names(kube) == {f"e{i}": f"e{i}-v1" for i in range(1, 8)}  # every endpoint back on v1
    assert "InferenceEndpointConfig default/extra" not in kube.ours()
    failure = manifests.reasons()[0]
    assert 'admission webhook "vinferenceendpointconfig.kb.io" denied the request' in failure and "extra" in failure


def test_an_object_still_being_deleted_is_waited_for_then_created_again(aws, kube, manifests, clock):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    kube.change(lambda state: (state.update({"release_after": 120.0}),
                               state["finalizers"].update({f"{IEC}|{IEC_GROUP}": "inference.sagemaker.aws.amazon.com/cleanup"})))
    # Someone deletes e1 out of band while its finalizer still runs; the next deploy must not count it present.
    kube.change(lambda state: state["objects"][key(IEC, IEC_GROUP, "default", "e1")]["metadata"].update(
        {"deletionTimestamp": clock.now(), "finalizers": ["inference.sagemaker.aws.amazon.com/cleanup"]}))

    assert manifests.update(properties(publish(aws, "v1b.zip", SEVEN), bucket="other-bucket")) == "UPDATE_COMPLETE"

    e1 = kube.get(IEC, "default", "e1")
    assert "deletionTimestamp" not in e1["metadata"]  # a new object, not the one that was going
    assert e1["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == "s3://other-bucket/certs"


def test_every_pass_applies_the_whole_bundle_so_drift_is_repaired(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    kube.change(lambda state: state["objects"][key(IEC, IEC_GROUP, "default", "e3")]["spec"].update({"modelName": "edited"}))
    del_key = key(IEC, IEC_GROUP, "default", "e4")
    kube.change(lambda state: state["objects"].pop(del_key))

    manifests.update(properties(publish(aws, "v1.zip", SEVEN), bucket="my-tls-bucket"))

    assert model_names(kube) == {f"e{i}": f"e{i}-v1" for i in range(1, 8)}


# ---- 2. prune by inventory -----------------------------------------------------------------------------

def test_a_copy_carrying_the_platforms_labels_is_not_pruned(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    copy = endpoint("e1-variant", version="try")  # a user's copy of e1's manifest, labels included
    kube.change(lambda state: state["objects"].update({key(IEC, IEC_GROUP, "default", "e1-variant"): {
        **copy, "metadata": {**copy["metadata"], "managedFields": [{"manager": "kubectl-client-side-apply"}]}}}))
    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}

    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"

    assert "e1-variant" in kube.ours() and "e7" not in kube.ours()
    assert manifests.data["ObjectsPruned"] == "1"


def test_an_object_annotated_keep_survives_prune_and_stack_delete(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    kube.change(lambda state: state["objects"][key(IEC, IEC_GROUP, "default", "e7")]["metadata"].setdefault(
        "annotations", {}).update({"hyperpod-constructs.io/keep": "true"}))
    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}

    manifests.update(properties(publish(aws, "v2.zip", fewer)))
    assert "e7" in kube.ours()
    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == {"e7"} and kube.record() is None


def test_removal_retain_leaves_the_workloads_on_stack_delete(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN), removal="retain"))
    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(1, 8)} and kube.record() is None


def test_switching_to_gitops_hands_the_objects_over_and_back_deletes_nothing(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))

    assert manifests.update(properties("", delivery="gitops")) == "UPDATE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(1, 8)} and kube.record() is None
    # Argo CD now applies an endpoint of its own with the same labels.
    extra = endpoint("argo-only")
    kube.change(lambda state: state["objects"].update({key(IEC, IEC_GROUP, "default", "argo-only"): {
        **extra, "metadata": {**extra["metadata"], "managedFields": [{"manager": "argocd-controller"}]}}}))

    # Back to cdk deploy with a smaller bundle: nothing outside it was this applier's, so nothing is pruned.
    fewer = {"endpoint-default-e1": SEVEN["endpoint-default-e1"]}
    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(1, 8)} | {"argo-only"}
    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(2, 8)} | {"argo-only"}  # only e1 was applied by this stack


# ---- 3. order and wait --------------------------------------------------------------------------------------

NODE_AUTOSCALING = {"node-autoscaling": [node_class("gpu"), node_pool("gpu")]}


def test_a_late_crd_is_waited_for_across_invocations(aws, kube, manifests, clock, framework):
    """HyperpodNodeClass is served only once the cluster's autoscaling is InService: 25 minutes in."""
    kube.change(lambda state: (state["served"].append("NodePool|karpenter.sh"), state["late_kinds"].update(
        {"HyperpodNodeClass|karpenter.sagemaker.amazonaws.com": clock.now() + 25 * 60})))

    assert manifests.create(properties(publish(aws, "v1.zip", NODE_AUTOSCALING))) == "CREATE_COMPLETE"

    assert kube.ours() == {"gpu"} and len(kube.names("NodePool")) == 1
    completes = [entry for entry in framework.calls.log if entry[0] == "isComplete"]
    assert len(completes) >= 2 and framework.calls.overruns == 0


def test_a_crd_that_never_comes_fails_naming_the_kind_and_leaves_nothing(aws, kube, manifests):
    kube.change(lambda state: state["served"].append("NodePool|karpenter.sh"))
    charts = {**NODE_AUTOSCALING, "endpoint-default-e1": SEVEN["endpoint-default-e1"]}

    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "ROLLBACK_COMPLETE"

    reason = manifests.reasons()[0]
    assert "HyperpodNodeClass" in reason and "did not finish before its deadline" in reason
    assert kube.ours() == set()


def test_crds_and_namespaces_are_applied_and_established_before_what_uses_them(aws, kube, manifests):
    kube.change(lambda state: state.update({"establish_after": 40.0}))
    charts = {"a-widgets": [custom("Widget", "example.com", "w1", "team-a")],
              "b-crds": [crd("Widget", "example.com", "widgets"), namespace("team-a")]}

    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "CREATE_COMPLETE"

    applies = [argv for argv in kube.calls("apply") if not argv[-1].endswith("record.json")]
    assert [argv[-1].rsplit("/", 1)[-1] for argv in applies] == ["crds-and-namespaces", "objects"]
    assert kube.get("Widget", "team-a", "w1")["metadata"]["name"] == "w1"


def test_delete_issues_every_delete_custom_resources_before_crds_namespaces_last(aws, kube, manifests):
    charts = {"crds": [crd("Widget", "example.com", "widgets"), namespace("team-a")],
              "widgets": [custom("Widget", "example.com", "w1", "team-a")], **NODE_AUTOSCALING}
    kube.change(lambda state: state["served"].extend(
        ["NodePool|karpenter.sh", "HyperpodNodeClass|karpenter.sagemaker.amazonaws.com"]))
    manifests.create(properties(publish(aws, "v1.zip", charts)))
    kube.change(lambda state: (state.update({"release_after": 30.0}),
                               state["objects"][key("Widget", "example.com", "team-a", "w1")]["metadata"].update(
                                   {"finalizers": ["example.com/cleanup"]})))

    assert manifests.delete() == "DELETE_COMPLETE"

    deletes = [argv[1] for argv in kube.calls("delete") if not argv[1].startswith("ConfigMap/")]
    assert deletes.index("Widget.v1.example.com/w1") < deletes.index(
        "CustomResourceDefinition.v1.apiextensions.k8s.io/widgets.example.com")
    assert deletes[-1] == "Namespace/team-a"
    assert kube.ours() == set()


def test_a_stuck_finalizer_holds_back_nothing_else_and_is_named(aws, kube, manifests):
    """One endpoint's finalizer never runs: the NodePools (and their nodes' bill) still go, and the failure names
    the endpoint and its finalizer."""
    kube.change(lambda state: state["served"].extend(
        ["NodePool|karpenter.sh", "HyperpodNodeClass|karpenter.sagemaker.amazonaws.com"]))
    manifests.create(properties(publish(aws, "v1.zip", {**NODE_AUTOSCALING, **SEVEN})))
    kube.change(lambda state: (state["stuck"].append(key(IEC, IEC_GROUP, "default", "e2")),
                               state["objects"][key(IEC, IEC_GROUP, "default", "e2")]["metadata"].update(
                                   {"finalizers": ["inference.sagemaker.aws.amazon.com/cleanup"]})))

    assert manifests.delete() == "DELETE_FAILED"

    assert kube.ours() == {"e2"}
    reason = manifests.last_reason
    assert "InferenceEndpointConfig default/e2 (finalizers inference.sagemaker.aws.amazon.com/cleanup)" in reason


# ---- 4. time ------------------------------------------------------------------------------------------------

def test_a_slow_cluster_never_runs_an_invocation_past_lambdas_timeout(aws, kube, manifests, framework):
    many = {f"endpoint-default-m{i}": [endpoint(f"m{i}")] for i in range(40)}
    kube.change(lambda state: state.update({"latency": 80.0}))  # every kubectl call takes 80 s

    status = manifests.create(properties(publish(aws, "v1.zip", many)))

    assert framework.calls.overruns == 0
    assert status == "CREATE_COMPLETE"
    left_for_each_call = [float(argv[argv.index("--request-timeout") + 1].rstrip("s"))
                          for argv in kube.calls() if "--request-timeout" in argv]
    assert left_for_each_call and max(left_for_each_call) <= 900


def test_a_hanging_kubectl_is_stopped_and_the_next_invocation_finishes(aws, kube, manifests, framework, monkeypatch):
    import manifest_applier

    monkeypatch.setattr(manifest_applier, "APPLY_SECONDS", 2.0)  # the real cap is minutes; the hang is real time
    kube.change(lambda state: state["hang"].append("apply objects once"))

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE"
    assert len([entry for entry in framework.calls.log if entry[0] == "isComplete"]) >= 2
    assert framework.calls.overruns == 0


def test_the_answer_comes_before_cloudformations_service_timeout(aws, kube, manifests):
    kube.change(lambda state: state["served"].append("NodePool|karpenter.sh"))  # HyperpodNodeClass never comes

    manifests.create(properties(publish(aws, "v1.zip", NODE_AUTOSCALING)))

    assert not any("ServiceTimeout" in reason for reason in manifests.reasons())
    assert "did not finish before its deadline" in manifests.reasons()[0]


# ---- 5. clean failure ---------------------------------------------------------------------------------------

def test_a_failed_create_on_an_existing_cluster_removes_only_what_it_created(aws, kube, manifests):
    existing = endpoint("e1", version="theirs")
    kube.change(lambda state: state["objects"].update({key(IEC, IEC_GROUP, "default", "e1"): {
        **existing, "metadata": {**existing["metadata"], "managedFields": [{"manager": "kubectl"}]}}}))
    kube.change(lambda state: state["refuse"].update({
        key(IEC, IEC_GROUP, "default", "e5"): 'InferenceEndpointConfig.inference.sagemaker.aws.amazon.com "e5" is '
                                              'invalid: spec.instanceType: Unsupported value: "ml.p9.huge"'}))

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "ROLLBACK_COMPLETE"

    assert kube.ours() == {"e1"}  # it existed before the Create; everything the Create made is gone
    reason = manifests.reasons()[0]
    assert 'spec.instanceType: Unsupported value: "ml.p9.huge"' in reason and "removed the 5 objects it had created and left the 1 that existed before it" in reason


# ---- 6. values are data -------------------------------------------------------------------------------------

def test_a_deploy_time_value_cannot_add_an_object(aws, kube, manifests):
    injected = ("evil\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\n"
                "metadata: {name: pwned}\nroleRef: {kind: ClusterRole, name: cluster-admin}")

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN), bucket=injected)) == "CREATE_COMPLETE"

    assert not kube.names("ClusterRoleBinding")
    e1 = kube.get(IEC, "default", "e1")
    assert e1["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == f"s3://{injected}/certs"  # the value, as data


def test_a_value_where_the_yaml_is_unquoted_is_refused_by_name(aws, kube, manifests):
    text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hand-written\n  labels: {}\ndata:\n  bucket: ${Bucket}\n"
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifests/hand.k8s.yaml", text)
        archive.writestr("inventory.json", json.dumps({"values": ["Bucket"], "files": {
            "hand.k8s.yaml": [{"kind": "ConfigMap", "namespace": None, "name": "hand-written"}]}}))
    aws.bundles["hand.zip"] = buffer.getvalue()

    status = manifests.create(properties("hand.zip", values={"Bucket": "x\n---\nkind: Secret"}))

    assert status == "ROLLBACK_COMPLETE"
    assert "deploy-time value Bucket ('x\\n---\\nkind: Secret') would be read as YAML structure" in manifests.reasons()[0]
    assert "hand-written" not in kube.ours()


# ---- 7. the cluster and the request ---------------------------------------------------------------------

def test_delete_when_the_cluster_is_gone_succeeds(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    aws.cluster_exists = False
    assert manifests.delete() == "DELETE_COMPLETE"


def test_labels_stay_the_platforms_in_every_applied_object(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    assert all(kube.get(IEC, "default", f"e{i}")["metadata"]["labels"] == LABELS for i in range(1, 8))
    assert kube.record()["metadata"]["name"] == RECORD


def test_a_pass_makes_as_many_kubectl_calls_for_seventy_endpoints_as_for_seven(aws, kube, manifests):
    """Applying everything each time costs one apply call, whatever the number of objects (docs/delivery.md)."""
    def calls_for(charts: dict[str, list[dict[str, Any]]], name: str) -> int:
        before = len(kube.calls())
        manifests.update(properties(publish(aws, name, charts), bucket=name))  # a changed value: every file differs
        return len(kube.calls()) - before

    manifests.create(properties(publish(aws, "v0.zip", SEVEN)))
    seven = calls_for(SEVEN, "seven.zip")
    seventy = {f"endpoint-default-s{i}": [endpoint(f"s{i}")] for i in range(70)}
    calls_for(seventy, "seventy.zip")  # the first pass with seventy also prunes the seven
    assert calls_for(seventy, "seventy-again.zip") == seven


def test_a_renamed_platform_prunes_what_it_applied_under_its_old_label(aws, kube, manifests):
    """A platform moved to another construct path gets a new label and record: the old objects are still its own."""
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    renamed = {name: [{**objects[0], "metadata": {**objects[0]["metadata"], "labels": {
        **LABELS, "hyperpod-constructs.io/platform": "llminference-serving-0a1b2c3d"}}}]
        for name, objects in SEVEN.items() if name != "endpoint-default-e7"}
    props = {**properties(publish(aws, "v2.zip", renamed)), "RecordName": "hyperpod-constructs-llminference-serving-0a1b2c3d",
             "Selector": "hyperpod-constructs.io/platform=llminference-serving-0a1b2c3d"}

    assert manifests.update(props) == "UPDATE_COMPLETE"

    assert kube.ours() == {f"e{i}" for i in range(1, 7)}  # e7 pruned although it carries the old label
    assert kube.record()["metadata"]["name"] == "hyperpod-constructs-llminference-serving-0a1b2c3d"


def test_a_field_another_field_manager_took_is_taken_back(aws, kube, manifests):
    """Someone `kubectl edit`ed an endpoint: server-side apply with --force-conflicts takes the field back instead of
    failing with "Apply failed with 1 conflict" (which the fake answers without it)."""
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    e1 = key(IEC, IEC_GROUP, "default", "e1")
    kube.change(lambda state: (state["foreign_fields"].update({e1: "kubectl-edit"}),
                               state["objects"][e1]["spec"].update({"modelName": "edited"}),
                               state["objects"][e1]["metadata"]["managedFields"].append({"manager": "kubectl-edit"})))

    assert manifests.update(properties(publish(aws, "v1.zip", SEVEN), bucket="my-tls-bucket")) == "UPDATE_COMPLETE"

    restored = kube.get(IEC, "default", "e1")
    assert restored["spec"]["modelName"] == "e1-v1"
    assert [m["manager"] for m in restored["metadata"]["managedFields"]] == ["hyperpod-constructs"]
    assert all("--force-conflicts" in argv for argv in kube.calls("apply"))


def test_a_new_api_version_of_an_object_is_not_pruned(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    bumped = {name: [{**objects[0], "apiVersion": f"{IEC_GROUP}/v2"}] for name, objects in SEVEN.items()}

    assert manifests.update(properties(publish(aws, "v2.zip", bumped))) == "UPDATE_COMPLETE"

    assert kube.ours() == {f"e{i}" for i in range(1, 8)} and manifests.data["ObjectsPruned"] == "0"
