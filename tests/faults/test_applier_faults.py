"""Custom::HyperPodManifests under faults: every scenario ends in a state a user can trust.

The function runs as Lambda runs it (``index.on_event`` / ``index.is_complete`` behind the Provider framework,
a context whose time runs down), kubectl is the binary the function ships, talking to the loopback API server
(tests/kube_api), S3 and EKS answer through botocore's Stubber, and CloudFormation creates, updates, rolls back and
deletes. docs/delivery.md's failure-modes table names the test of each row.
"""
from __future__ import annotations

import io
import json
import zipfile
from typing import Any, Callable

import pytest

from faults import harness
from faults.bundles import (
    IEC, IEC_GROUP, LABELS, RECORD, TWO_INVOCATIONS, bundle_zip, crd, custom, endpoint, namespace, node_class, node_pool,
    properties)
from faults.conftest import CRD_FACTS, KARPENTER_CRD, hyperpod_node_class_crd
from faults.harness import after

SEVEN = {f"endpoint-default-e{i}": [endpoint(f"e{i}")] for i in range(1, 8)}
IEC_VERSION = f"{IEC_GROUP}/v1"
CLEANUP = "inference.sagemaker.aws.amazon.com/cleanup"
WEBHOOK_DOWN = ('Internal error occurred: failed calling webhook "minferenceendpointconfig.kb.io": failed to call '
                'webhook: Post "https://hyperpod-inference-webhook.hyperpod-inference-system.svc:443/mutate": '
                'dial tcp 10.100.4.2:443: connect: connection refused')


def publish(aws, key: str, charts: dict[str, list[dict[str, Any]]]) -> str:
    aws.bundles[key] = bundle_zip(charts)
    return key


def model_names(kube) -> dict[str, str]:
    return {item["metadata"]["name"]: item["spec"]["modelName"] for item in kube.objects(IEC)}


def endpoint_of(kube, name: str) -> dict[str, Any]:
    found = kube.get(IEC_VERSION, IEC, "default", name)
    assert found is not None, f"no endpoint {name}"
    return found


def edit(kube, name: str, change: Callable[[dict[str, Any]], None], manager: str = "kubectl-edit") -> None:
    """Someone changes an endpoint with `kubectl edit` (a PUT by another field manager)."""
    live = endpoint_of(kube, name)
    change(live)
    kube.server.update(live, manager=manager)


def with_cleanup_finalizer(kube, name: str) -> None:
    edit(kube, name, lambda live: live["metadata"].update({"finalizers": [CLEANUP]}), manager="inference-operator")


def deleted_objects(kube) -> list[list[str]]:
    """The objects each kubectl delete of the platform's objects named (the record's left out), in order."""
    return [argv[1:argv.index("--ignore-not-found")] for argv in kube.calls("delete")
            if not argv[1].startswith("ConfigMap/")]


# ---- 0. what the real kubectl showed ------------------------------------------------------------------------

def test_a_bundle_of_operator_kinds_deploys_and_is_pruned_and_deleted(aws, kube, manifests):
    """The listing, the prune and the delete, as kubectl 1.33 really answers them: no ``--limit`` flag, and
    ``managedFields`` shown only when asked for. The listing got the operator's kind, so it is not checked for served
    again (test_applier_contract runs that check's command line)."""
    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE", manifests.reasons()
    assert kube.ours() == {f"e{i}" for i in range(1, 8)}
    gets = kube.calls("get")
    assert listings(kube) and all("--limit" not in argv for argv in gets)
    assert [argv for argv in gets if "--field-selector" in argv] == []

    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}
    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"
    assert "e7" not in kube.ours() and manifests.data["ObjectsPruned"] == "1"

    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == set() and kube.record() is None


# ---- 1. converge ------------------------------------------------------------------------------------------

def test_a_failed_update_rolls_back_to_exactly_the_previous_bundle(aws, kube, manifests):
    """An update of 7 files fails at one object; the rollback (an Update with the old properties) restores all 7."""
    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE"
    newer = {name: [endpoint(objects[0]["metadata"]["name"], version="v2")] for name, objects in SEVEN.items()}
    newer["endpoint-default-extra"] = [endpoint("extra", version="v2")]
    kube.server.fail("PATCH", IEC, "extra", status=403, reason="Forbidden",
                     message='admission webhook "vinferenceendpointconfig.kb.io" denied the request: '
                             'spec.modelName is invalid')

    status = manifests.update(properties(publish(aws, "v2.zip", newer)))

    assert status == "UPDATE_ROLLBACK_COMPLETE"
    assert model_names(kube) == {f"e{i}": f"e{i}-v1" for i in range(1, 8)}  # every endpoint back on v1
    failure = manifests.reasons()[0]
    assert 'admission webhook "vinferenceendpointconfig.kb.io" denied the request' in failure
    assert "not applied: InferenceEndpointConfig default/extra:" in failure  # kubectl's words do not name it


def test_an_object_still_being_deleted_is_waited_for_then_created_again(aws, kube, manifests, clock):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    # Someone deletes e1 out of band while its finalizer still runs; the next deploy must not count it present.
    with_cleanup_finalizer(kube, "e1")
    kube.server.delete(IEC_VERSION, IEC, "default", "e1")
    kube.server.on_tick(after(clock, 120, lambda: kube.server.remove_finalizers(IEC_VERSION, IEC, "default", "e1")))

    assert manifests.update(properties(publish(aws, "v1b.zip", SEVEN), bucket="other-bucket")) == "UPDATE_COMPLETE"

    e1 = endpoint_of(kube, "e1")
    assert "deletionTimestamp" not in e1["metadata"]  # a new object, not the one that was going
    assert e1["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == "s3://other-bucket/certs"


def test_every_pass_applies_the_whole_bundle_so_drift_is_repaired(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    edit(kube, "e3", lambda live: live["spec"].update({"modelName": "edited"}))
    kube.server.delete(IEC_VERSION, IEC, "default", "e4")

    manifests.update(properties(publish(aws, "v1.zip", SEVEN), bucket="my-tls-bucket"))

    assert model_names(kube) == {f"e{i}": f"e{i}-v1" for i in range(1, 8)}


def test_a_field_another_field_manager_took_is_taken_back(aws, kube, manifests):
    """Someone `kubectl edit`ed an endpoint: server-side apply with --force-conflicts takes the field back instead of
    failing with "Apply failed with 1 conflict"."""
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    edit(kube, "e1", lambda live: live["spec"].update({"modelName": "edited"}))
    assert {entry["manager"] for entry in endpoint_of(kube, "e1")["metadata"]["managedFields"]} == {
        "hyperpod-constructs", "kubectl-edit"}

    assert manifests.update(properties(publish(aws, "v1.zip", SEVEN), bucket="my-tls-bucket")) == "UPDATE_COMPLETE"

    restored = endpoint_of(kube, "e1")
    assert restored["spec"]["modelName"] == "e1-v1"
    assert [entry["manager"] for entry in restored["metadata"]["managedFields"]] == ["hyperpod-constructs"]
    assert all("--force-conflicts" in argv for argv in kube.calls("apply"))


# ---- 2. prune by inventory -----------------------------------------------------------------------------

def test_a_copy_carrying_the_platforms_labels_is_not_pruned(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    kube.server.create(endpoint("e1-variant", version="try"))  # a user's copy of e1's manifest, labels included
    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}

    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"

    assert "e1-variant" in kube.ours() and "e7" not in kube.ours()
    assert manifests.data["ObjectsPruned"] == "1"


def test_an_object_annotated_keep_survives_prune_and_stack_delete(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    edit(kube, "e7", lambda live: live["metadata"].setdefault("annotations", {}).update(
        {"hyperpod-constructs.io/keep": "true"}), manager="kubectl-annotate")
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
    kube.server.apply(endpoint("argo-only"), manager="argocd-controller")  # Argo CD applies one of its own

    # Back to cdk deploy with a smaller bundle: nothing outside it was this applier's, so nothing is pruned.
    fewer = {"endpoint-default-e1": SEVEN["endpoint-default-e1"]}
    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(1, 8)} | {"argo-only"}
    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == {f"e{i}" for i in range(2, 8)} | {"argo-only"}  # only e1 was applied by this stack


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


def test_a_new_api_version_of_an_object_is_not_pruned(aws, kube, manifests):
    widget_crd = crd("Widget", "example.com", "widgets")
    kube.server.install_crd({**widget_crd, "metadata": {"name": "widgets.example.com"}, "spec": {
        **widget_crd["spec"], "versions": [
            {"name": version, "served": True, "storage": version == "v1",
             "schema": {"openAPIV3Schema": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}}}
            for version in ("v1", "v2")]}})
    widgets = {"widgets": [custom("Widget", "example.com", f"w{i}", "default") for i in range(3)]}
    manifests.create(properties(publish(aws, "v1.zip", widgets)))
    bumped = {"widgets": [{**item, "apiVersion": "example.com/v2"} for item in widgets["widgets"]]}

    assert manifests.update(properties(publish(aws, "v2.zip", bumped))) == "UPDATE_COMPLETE"

    assert kube.ours() == {"w0", "w1", "w2"} and manifests.data["ObjectsPruned"] == "0"


# ---- 3. order and wait --------------------------------------------------------------------------------------

NODE_AUTOSCALING = {"node-autoscaling": [node_class("gpu"), node_pool("gpu")]}


def test_a_late_crd_is_waited_for_across_invocations(aws, kube, manifests, clock, framework):
    """HyperpodNodeClass is served only once the cluster's autoscaling is InService: here 16 minutes in, past the
    first invocation's 15."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.on_tick(after(clock, 16 * 60, lambda: kube.server.install_crd(hyperpod_node_class_crd())))

    assert manifests.create(properties(publish(aws, "v1.zip", NODE_AUTOSCALING))) == "CREATE_COMPLETE"

    assert kube.ours() == {"gpu"} and kube.names("NodePool") == {"gpu"}
    completes = [entry for entry in framework.calls.log if entry[0] == "isComplete"]
    assert len(completes) >= 2 and framework.calls.overruns == 0


def test_a_crd_that_never_comes_fails_naming_the_kind_before_the_service_timeout_and_leaves_nothing(
        aws, kube, manifests):
    """With the library's own deadline (30 minutes) and ServiceTimeout: the failure is the function's answer, not
    CloudFormation giving up on one."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)  # HyperpodNodeClass never comes
    charts = {**NODE_AUTOSCALING, "endpoint-default-e1": SEVEN["endpoint-default-e1"]}

    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "ROLLBACK_COMPLETE"

    reason = manifests.reasons()[0]
    assert "HyperpodNodeClass" in reason and "did not finish before its deadline" in reason
    assert not any("ServiceTimeout" in reason for reason in manifests.reasons())
    assert kube.ours() == set()


def test_crds_and_namespaces_are_applied_and_established_before_what_uses_them(aws, kube, manifests):
    kube.server.establish_delay(40.0)
    charts = {"a-widgets": [custom("Widget", "example.com", "w1", "team-a")],
              "b-crds": [crd("Widget", "example.com", "widgets"), namespace("team-a")]}

    assert manifests.create(properties(publish(aws, "v1.zip", charts))) == "CREATE_COMPLETE", manifests.reasons()

    applies = [argv for argv in kube.calls("apply") if not argv[-1].endswith("record.json")]
    assert [argv[-1].rsplit("/", 1)[-1] for argv in applies] == ["crds-and-namespaces", "objects"]
    assert kube.get("example.com/v1", "Widget", "team-a", "w1")["metadata"]["name"] == "w1"


def test_delete_issues_every_delete_custom_resources_before_crds_namespaces_last(aws, kube, manifests, clock):
    charts = {"crds": [crd("Widget", "example.com", "widgets"), namespace("team-a")],
              "widgets": [custom("Widget", "example.com", "w1", "team-a")], **NODE_AUTOSCALING}
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    manifests.create(properties(publish(aws, "v1.zip", charts)))
    widget = kube.get("example.com/v1", "Widget", "team-a", "w1")
    widget["metadata"]["finalizers"] = ["example.com/cleanup"]
    kube.server.update(widget, manager="widget-controller")
    kube.server.on_tick(after(clock, 30, lambda: kube.server.remove_finalizers("example.com/v1", "Widget", "team-a", "w1")))

    assert manifests.delete() == "DELETE_COMPLETE", manifests.reasons()

    deletes = [name for names in deleted_objects(kube) for name in names]
    assert deletes.index("Widget.v1.example.com/w1") < deletes.index(
        "CustomResourceDefinition.v1.apiextensions.k8s.io/widgets.example.com")
    assert deletes[-1] == "Namespace/team-a"
    assert kube.ours() == set()


def test_a_stuck_finalizer_holds_back_nothing_else_and_is_named(aws, kube, manifests):
    """One endpoint's finalizer never runs: the NodePools (and their nodes' bill) still go, and the failure names
    the endpoint and its finalizer."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    manifests.create({**properties(publish(aws, "v1.zip", {**NODE_AUTOSCALING, **SEVEN})),
                      "TimeoutSeconds": TWO_INVOCATIONS})
    with_cleanup_finalizer(kube, "e2")

    assert manifests.delete() == "DELETE_FAILED"

    assert kube.ours() == {"e2"}
    assert f"InferenceEndpointConfig default/e2 (finalizers {CLEANUP})" in manifests.last_reason


# ---- 4. time ------------------------------------------------------------------------------------------------

def test_a_slow_cluster_never_runs_an_invocation_past_lambdas_timeout(aws, kube, manifests, framework):
    many = {f"endpoint-default-m{i}": [endpoint(f"m{i}")] for i in range(30)}
    kube.server.latency(10.0)  # every request the API server answers takes 10 s

    status = manifests.create(properties(publish(aws, "v1.zip", many)))

    assert framework.calls.overruns == 0
    assert status == "CREATE_COMPLETE", manifests.reasons()
    left_for_each_call = [float(argv[argv.index("--request-timeout") + 1].rstrip("s"))
                          for argv in kube.calls() if "--request-timeout" in argv]
    assert left_for_each_call and max(left_for_each_call) <= 900


def test_a_kubectl_call_that_outlives_its_timeout_is_stopped_and_the_next_invocation_finishes(
        aws, kube, manifests, framework, monkeypatch, caplog):
    """Each object's request answers within kubectl's --request-timeout, but the apply as a whole outlives the call's
    timeout: the process is killed, and a later invocation applies the bundle."""
    import manifest_applier

    monkeypatch.setattr(manifest_applier, "APPLY_SECONDS", 3.0)  # the real cap is minutes; the hang is real time
    slow = kube.server.hang("PATCH", IEC, 0.9)
    slow.times = 6
    caplog.set_level("INFO")

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE", manifests.reasons()
    assert "kubectl apply --server-side did not finish within 3 s and was stopped" in caplog.text
    assert len([entry for entry in framework.calls.log if entry[0] == "isComplete"]) >= 2
    assert framework.calls.overruns == 0 and kube.ours() == {f"e{i}" for i in range(1, 8)}


def test_a_transient_error_is_retried_until_the_deadline_not_given_up_early(aws, kube, manifests, clock):
    """The operator's webhook answers only 5 minutes into a 20-minute Create: the request is past its deadline only
    when no later invocation can start before it, however little of its time each invocation used (counting each
    as a whole 15 minutes gave up at 4 minutes 15 seconds)."""
    refusing = kube.server.fail("PATCH", IEC, status=500, reason="InternalError", message=WEBHOOK_DOWN)
    kube.server.on_tick(after(clock, 5 * 60, refusing.clear))
    one = {"endpoint-default-e1": SEVEN["endpoint-default-e1"]}

    status = manifests.create({**properties(publish(aws, "v1.zip", one)), "TimeoutSeconds": "1200"})

    assert status == "CREATE_COMPLETE", manifests.reasons()
    assert kube.ours() == {"e1"}


# ---- 5. clean failure ---------------------------------------------------------------------------------------

INVALID_E5 = ('InferenceEndpointConfig.inference.sagemaker.aws.amazon.com "e5" is invalid: spec.instanceType: '
              'Unsupported value: "ml.p9.huge"')


def retained_deployment(kube) -> None:
    """e1 and e2 as an earlier deployment of the same platform left them (a stack deleted with RETAIN): applied by
    the applier's field manager, carrying the platform's label."""
    for name in ("e1", "e2"):
        kube.server.apply(endpoint(name, version="theirs"), manager="hyperpod-constructs", force=True)


def test_a_failed_create_on_an_existing_cluster_removes_only_what_it_created(aws, kube, manifests):
    retained_deployment(kube)
    kube.server.fail("PATCH", IEC, "e5", status=422, reason="Invalid", message=INVALID_E5)

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "ROLLBACK_COMPLETE"

    assert kube.ours() == {"e1", "e2"}  # they existed before the Create; everything the Create made is gone
    reason = manifests.reasons()[0]
    assert 'spec.instanceType: Unsupported value: "ml.p9.huge"' in reason and "not applied: InferenceEndpointConfig default/e5" in reason
    assert "removed the 4 objects it had created and left the 2 that existed before it" in reason  # e5 never was


def test_a_failed_create_whose_cleanup_failed_too_leaves_what_existed_before(aws, kube, manifests):
    """The Create's own cleanup fails (the API server refuses the deletes); the Delete CloudFormation sends next
    removes what the Create made, and only that."""
    retained_deployment(kube)
    kube.server.fail("PATCH", IEC, "e5", status=422, reason="Invalid", message=INVALID_E5)
    # The cleanup's four deletes (e5 was never created) are refused; the Delete after it goes through.
    kube.server.fail("DELETE", IEC, status=403, reason="Forbidden", times=4, message=(
        'admission webhook "vinferenceendpointconfig.kb.io" denied the request: the endpoint is being scaled'))

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "ROLLBACK_COMPLETE", manifests.reasons()

    assert "removing what it created failed too" in manifests.reasons()[0]
    assert kube.ours() == {"e1", "e2"} and kube.record() is None


def test_a_failed_create_whose_cleanup_never_ran_leaves_what_existed_before(aws, kube, manifests, clock,
                                                                           monkeypatch):
    """A later pass of the Create fails before it reaches the cluster (EKS answers an error), so no cleanup runs:
    the Delete still removes only what the Create made."""
    # Two-minute invocations: the first only has to end (its polls for HyperpodNodeClass are not what is tested).
    monkeypatch.setattr(harness, "LAMBDA_TIMEOUT_SECONDS", 120.0)
    retained_deployment(kube)
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.on_tick(after(clock, 30, aws.break_describe_cluster))  # HyperpodNodeClass is late; EKS fails

    status = manifests.create(properties(publish(aws, "v1.zip", {**SEVEN, **NODE_AUTOSCALING})))

    assert status == "ROLLBACK_COMPLETE"
    assert "ServiceUnavailableException" in manifests.reasons()[0]
    assert kube.ours() == {"e1", "e2"} and kube.record() is None


# ---- 6. values are data -------------------------------------------------------------------------------------

def test_a_deploy_time_value_cannot_add_an_object(aws, kube, manifests):
    injected = ("evil\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\n"
                "metadata: {name: pwned}\nroleRef: {kind: ClusterRole, name: cluster-admin}")

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN), bucket=injected)) == "CREATE_COMPLETE"

    assert not kube.names("ClusterRoleBinding")
    e1 = endpoint_of(kube, "e1")
    assert e1["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == f"s3://{injected}/certs"  # the value, as data


def test_a_value_outside_the_basic_multilingual_plane_survives(aws, kube, manifests):
    value = "models-\U0001f680-\u00e9t\u00e9\u2028x"  # an emoji (a surrogate pair in JSON), accents, a line separator

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN), bucket=value)) == "CREATE_COMPLETE", \
        manifests.reasons()

    assert endpoint_of(kube, "e1")["spec"]["tlsConfig"]["tlsCertificateOutputS3Uri"] == f"s3://{value}/certs"


def test_a_value_where_the_yaml_is_unquoted_is_refused_by_name(aws, kube, manifests):
    text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hand-written\n  labels: {}\ndata:\n  bucket: ${Bucket}\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifests/hand.k8s.yaml", text)
        archive.writestr("inventory.json", json.dumps({"values": ["Bucket"], "files": {
            "hand.k8s.yaml": [{"kind": "ConfigMap", "namespace": None, "name": "hand-written"}]}}))
    aws.bundles["hand.zip"] = buffer.getvalue()

    status = manifests.create(properties("hand.zip", values={"Bucket": "x\n---\nkind: Secret"}))

    assert status == "ROLLBACK_COMPLETE"
    assert "deploy-time value Bucket ('x\\n---\\nkind: Secret') would be read as YAML structure" in manifests.reasons()[0]
    assert "hand-written" not in kube.names("ConfigMap")


# ---- 7. the cluster and the request ---------------------------------------------------------------------

def test_delete_when_the_cluster_is_gone_succeeds(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    aws.cluster_exists = False
    assert manifests.delete() == "DELETE_COMPLETE"


@pytest.mark.parametrize("denied", [{"authenticated": False}, {"allowed": False}], ids=["401", "403"])
def test_access_not_effective_yet_is_waited_for(aws, kube, manifests, clock, denied):
    """A new access entry takes a little while: the API server turns the function away (its token, 401, or RBAC,
    403), then lets it in. The invocation's first call is run again until then; no call checks access first."""
    kube.server.access(**denied)
    kube.server.on_tick(after(clock, 45, kube.server.access))

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "CREATE_COMPLETE", manifests.reasons()
    record_reads = [argv for argv in kube.calls("get") if argv[1] == f"ConfigMap/{RECORD}"]
    assert len(record_reads) >= 4 and kube.ours() == {f"e{i}" for i in range(1, 8)}
    assert not kube.calls("auth")


def test_access_that_never_comes_fails_naming_the_access_entry(aws, kube, manifests, clock):
    """Nothing reaches the cluster, so the rollback's Delete cannot tell what is there either: both fail saying
    why. The Create's own cleanup does not wait for access again: it gets kubectl's answer at once."""
    kube.server.access(allowed=False)
    started = clock.now()

    props = {**properties(publish(aws, "v1.zip", SEVEN)), "TimeoutSeconds": "45"}  # one invocation: a few retries
    assert manifests.create(props) == "ROLLBACK_FAILED"

    reasons = manifests.reasons()
    assert len(reasons) == 2 and all("still waiting for the function's EKS access entry to take effect" in reason
                                     for reason in reasons), reasons
    assert "removing what it created failed too" in reasons[0] and "is forbidden: User" in reasons[0]
    assert clock.now() - started < 180


def test_a_call_turned_away_after_the_first_fails_in_kubectls_words_once_access_has_settled(aws, kube, manifests,
                                                                                           clock):
    """Once the API server has let the function in, a 403 is retried only while the access entry may still be
    reaching API server replicas (``ACCESS_SETTLE_SECONDS`` from the request's start); a refusal that lasts (a
    policy without the right) fails the Create with it then, not at the deadline."""
    import cluster_access

    denied = ('inferenceendpointconfigs.inference.sagemaker.aws.amazon.com "e1" is forbidden: User "handler" cannot '
              'patch resource "inferenceendpointconfigs" in API group "inference.sagemaker.aws.amazon.com" in the '
              'namespace "default"')
    kube.server.fail("PATCH", IEC, "e1", status=403, reason="Forbidden", message=denied)
    started = clock.now()

    assert manifests.create(properties(publish(aws, "v1.zip", SEVEN))) == "ROLLBACK_COMPLETE"

    assert denied in manifests.reasons()[0]
    assert cluster_access.ACCESS_SETTLE_SECONDS <= clock.now() - started < cluster_access.ACCESS_SETTLE_SECONDS + 60
    assert len(kube.calls("apply")) > 2  # run again within the window


def test_labels_stay_the_platforms_in_every_applied_object(aws, kube, manifests):
    manifests.create(properties(publish(aws, "v1.zip", SEVEN)))
    assert all(endpoint_of(kube, f"e{i}")["metadata"]["labels"] == LABELS for i in range(1, 8))
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
    assert manifests.data["ObjectsApplied"] == "70"
    # The record read, the record write that claims it for this request (fencing), one listing of every kind, one
    # apply and the record write that marks the request settled: the listing got every kind, so none is checked
    # again for served.
    assert seven == 5


# ---- 8. one kubectl call for many kinds ---------------------------------------------------------------------

IEC_KIND = f"{IEC}.v1.{IEC_GROUP}"
WIDGET_KIND = "Widget.v1.example.com"
WIDGET_CRD = "widgets.example.com"
NODE_CLASS_KIND, NODE_POOL_KIND = "HyperpodNodeClass.v1.karpenter.sagemaker.amazonaws.com", "NodePool.v1.karpenter.sh"
SCALING = 'admission webhook "vinferenceendpointconfig.kb.io" denied the request: the endpoint is being scaled'


def listings(kube, since: int = 0) -> list[str]:
    """The kinds argument of each listing the applier made (the served-kind check lists nothing)."""
    return [argv[1] for argv in kube.calls()[since:] if argv[0] == "get" and "--show-managed-fields" in argv]


def with_widgets(kube, aws) -> str:
    """A Create of SEVEN and a Widget, whose CRD someone else installed."""
    widgets = crd("Widget", "example.com", "widgets")
    kube.server.install_crd({**widgets, "metadata": {"name": WIDGET_CRD}, "spec": {**widgets["spec"], "versions": [
        {"name": "v1", "served": True, "storage": True,
         "schema": {"openAPIV3Schema": {"type": "object", "x-kubernetes-preserve-unknown-fields": True}}}]}})
    charts = {**SEVEN, "widgets": [custom("Widget", "example.com", "w0", "default")]}
    return publish(aws, "v1.zip", charts)


def test_a_kind_no_longer_served_is_left_out_of_the_listing_and_the_others_listed_in_one_call(aws, kube, manifests):
    """The Widget CRD is uninstalled, its objects with it: kubectl refuses the listing of every kind, naming Widget
    ("the server doesn't have a resource type"), and the applier lists the others again, in one call."""
    manifests.create(properties(with_widgets(kube, aws)))
    kube.server.delete("apiextensions.k8s.io/v1", "CustomResourceDefinition", None, WIDGET_CRD)
    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}
    before = len(kube.calls())

    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE", manifests.reasons()

    assert kube.ours() == {f"e{i}" for i in range(1, 7)} and manifests.data["ObjectsPruned"] == "1"
    assert listings(kube, before)[:2] == [f"{IEC_KIND},{WIDGET_KIND}", IEC_KIND]


def test_a_kind_that_goes_during_a_pass_is_listed_kind_by_kind(aws, kube, manifests):
    """The Widget CRD goes while the pass applies: kubectl keeps the kinds it discovered for the invocation, so it
    lists the others, then fails on Widget's list request (404) without naming a kind. Each kind is listed on its
    own then, and the prune goes on."""
    manifests.create(properties(with_widgets(kube, aws)))
    fewer = {name: objects for name, objects in SEVEN.items() if name != "endpoint-default-e7"}
    gone: list[bool] = []

    def uninstall_widgets_at_the_first_apply(server: Any) -> None:
        last = server.requests[-1] if server.requests else None
        if not gone and last and last.method == "PATCH" and "/inferenceendpointconfigs/" in last.path:
            gone.append(True)
            server.delete("apiextensions.k8s.io/v1", "CustomResourceDefinition", None, WIDGET_CRD)
    kube.server.on_tick(uninstall_widgets_at_the_first_apply)
    before = len(kube.calls())

    assert manifests.update(properties(publish(aws, "v2.zip", fewer))) == "UPDATE_COMPLETE", manifests.reasons()

    assert kube.ours() == {f"e{i}" for i in range(1, 7)} and manifests.data["ObjectsPruned"] == "1"
    both = f"{IEC_KIND},{WIDGET_KIND}"
    assert listings(kube, before)[:4] == [both, both, IEC_KIND, WIDGET_KIND]  # the pass's, then the prune's


def test_a_kind_served_late_is_left_out_of_the_listing_and_waited_for_alone(aws, kube, manifests, clock):
    """HyperpodNodeClass comes a minute in: the listing of both kinds fails naming it, NodePool is listed alone (so
    it is served, and not checked again), and the waits that follow check HyperpodNodeClass alone."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.on_tick(after(clock, 60, lambda: kube.server.install_crd(hyperpod_node_class_crd())))

    assert manifests.create(properties(publish(aws, "v1.zip", NODE_AUTOSCALING))) == "CREATE_COMPLETE"

    assert listings(kube)[:2] == [f"{NODE_CLASS_KIND},{NODE_POOL_KIND}", NODE_POOL_KIND]
    checks = [argv[1] for argv in kube.calls("get") if "--field-selector" in argv]
    assert len(checks) > 1 and set(checks) == {NODE_CLASS_KIND}  # only what is still waited for


def test_a_delete_refused_for_one_object_among_several_kinds_names_that_object(aws, kube, manifests):
    """kubectl goes on past a refused object and its error (a webhook's) does not name it: the object kubectl did
    not report deleted is named, and every other object, of every kind, is gone."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    manifests.create(properties(publish(aws, "v1.zip", {**NODE_AUTOSCALING, **SEVEN})))
    kube.server.fail("DELETE", IEC, "e3", status=403, reason="Forbidden", message=SCALING)

    assert manifests.delete() == "DELETE_FAILED"

    assert kube.ours() == {"e3"}
    assert f"failed: InferenceEndpointConfig default/e3: Error from server (Forbidden): {SCALING}" in \
        manifests.last_reason
    assert deleted_objects(kube)[0] == [f"{NODE_CLASS_KIND}/gpu", *(f"{IEC_KIND}/e{i}" for i in range(1, 8)),
                                        f"{NODE_POOL_KIND}/gpu"]  # one call: cluster-scoped objects with the rest


def test_objects_of_several_kinds_refused_in_one_delete_each_get_their_own_kinds_error(aws, kube, manifests):
    """e3 is refused for good and the NodePool for a while (its webhook is starting): kubectl's two errors name
    neither object, so each kind is deleted again on its own. The NodePool is retried until it goes; the failure
    names e3 alone, with its own words."""
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    manifests.create(properties(publish(aws, "v1.zip", {**NODE_AUTOSCALING, **SEVEN})))
    kube.server.fail("DELETE", IEC, "e3", status=403, reason="Forbidden", message=SCALING)
    kube.server.fail("DELETE", "NodePool", "gpu", status=500, times=2, message=WEBHOOK_DOWN)

    assert manifests.delete() == "DELETE_FAILED"

    assert kube.ours() == {"e3"} and kube.names("NodePool") == set()
    assert "InferenceEndpointConfig default/e3: Error from server (Forbidden)" in manifests.last_reason
    assert "NodePool" not in manifests.last_reason and "failed calling webhook" not in manifests.last_reason
    assert deleted_objects(kube)[1:3] == [[f"{IEC_KIND}/e3"], [f"{NODE_POOL_KIND}/gpu"]]


def test_a_delete_of_several_kinds_one_of_them_not_served_deletes_the_others(kube, clock, tmp_path):
    """kubectl refuses a delete of several kinds whole, sending no request, when the server does not have one of
    them. The applier lists before it deletes and kubectl keeps the kinds it discovered for the invocation, so a
    delete meets a kind not served only when its CRD goes between two calls and kubectl discovers again: driven
    here on the session itself."""
    import cluster_access
    import fencing
    import manifest_applier
    import manifest_plan
    import time_budget
    from faults.harness import LambdaContext

    kube.server.create(endpoint("e1"))
    request = manifest_plan.parse_properties(properties("v1.zip"))
    session = manifest_applier.Session(
        request, kube.server.write_kubeconfig(tmp_path / "kubeconfig"), str(tmp_path),
        cluster_access.tool_env(str(tmp_path)), time_budget.Budget(LambdaContext(clock, 900), None),
        fencing.Identity("request-1", "Delete", clock.now(), clock.now() + 1800))
    Ref = manifest_plan.ObjectRef
    widget, e1 = Ref(WIDGET_KIND, "default", "w0"), Ref(IEC_KIND, "default", "e1")

    assert session.delete([e1, widget], "default") == {}

    assert kube.get(IEC_VERSION, IEC, "default", "e1") is None
    assert deleted_objects(kube) == [[e1.argument, widget.argument], [e1.argument], [widget.argument]]
