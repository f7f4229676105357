"""The manifest applier's pure decisions: properties, values as data, stages, ownership, delete order, the record."""
from __future__ import annotations

import json

import pytest
import yaml

import fencing
from hyperpod_constructs import yaml_writer

IEC_V1 = "InferenceEndpointConfig.v1.inference.sagemaker.aws.amazon.com"
IEC_V2 = "InferenceEndpointConfig.v2.inference.sagemaker.aws.amazon.com"
CRD = "CustomResourceDefinition.v1.apiextensions.k8s.io"
SELECTOR = "hyperpod-constructs.io/platform=p-1"


def props(**overrides):
    base = {"ServiceToken": "t", "ClusterName": "llm", "BundleBucket": "assets", "BundleKey": "abc.zip",
            "Selector": SELECTOR, "RecordName": "hyperpod-constructs-p-1", "Values": {"Region": "us-west-2"}}
    base.update(overrides)
    return base


def inventory(manifest_plan, files):
    return manifest_plan.parse_inventory(json.dumps({"values": ["Region"], "files": files}))


def test_parse_properties(manifest_plan):
    request = manifest_plan.parse_properties(props())
    assert (request.cluster_name, request.bucket, request.key) == ("llm", "assets", "abc.zip")
    assert (request.delivery, request.removal, request.values) == ("cdk-deploy", "destroy", {"Region": "us-west-2"})
    assert manifest_plan.physical_resource_id(request) == "llm/hyperpod-constructs-p-1"
    handover = manifest_plan.parse_properties(props(Delivery="gitops", BundleKey="", BundleBucket=""))
    assert handover.delivery == "gitops"


def test_parse_properties_names_what_is_missing_or_malformed(manifest_plan):
    with pytest.raises(ValueError, match="missing: Selector, BundleKey"):
        manifest_plan.parse_properties(props(BundleKey="", Selector=""))
    with pytest.raises(ValueError, match=r"Removal one of \('destroy', 'retain'\) \(not 'snapshot'\)"):
        manifest_plan.parse_properties(props(Removal="snapshot"))
    with pytest.raises(ValueError, match="Values must be a map"):
        manifest_plan.parse_properties(props(Values="Region=x"))
    with pytest.raises(ValueError, match="Selector must be label=value, not 'p-1'"):
        manifest_plan.parse_properties(props(Selector="p-1"))
    with pytest.raises(ValueError, match="AdoptExisting must be 'true' or 'false', not 'yes'"):
        manifest_plan.parse_properties(props(AdoptExisting="yes"))


def test_adoption_is_off_unless_the_property_says_true(manifest_plan):
    assert not manifest_plan.parse_properties(props()).adopt
    assert manifest_plan.parse_properties(props(AdoptExisting="true")).adopt


# ---- values are data ----------------------------------------------------------------------------------

def test_a_value_fills_a_quoted_placeholder_as_an_escaped_string(manifest_plan):
    text = yaml_writer.dump_manifests([{"uri": "s3://${Bucket}/certs", "script": "echo ${HOME}"}])
    hostile = 'b"\n---\nkind: ClusterRoleBinding\\'
    filled = manifest_plan.fill_values(text, {"Bucket": hostile}, "f.k8s.yaml")
    assert list(yaml.safe_load_all(filled)) == [{"uri": f"s3://{hostile}/certs", "script": "echo ${HOME}"}]


def test_an_unquoted_placeholder_takes_only_a_value_yaml_reads_as_a_plain_string(manifest_plan):
    text = "bucket: ${Bucket}\narn: ${Arn}\n"
    fine = manifest_plan.fill_values(text, {"Bucket": "my-bucket", "Arn": "arn:aws:iam::111122223333:role/x"}, "f")
    assert yaml.safe_load(fine) == {"bucket": "my-bucket", "arn": "arn:aws:iam::111122223333:role/x"}
    for bad in ("x\nkind: Secret", "a: b", "- item", "{x}", "value # comment"):
        with pytest.raises(ValueError, match=r"deploy-time value Bucket \(.*\) would be read as YAML structure where "
                                             r"f line 1 uses it unquoted"):
            manifest_plan.fill_values(text, {"Bucket": bad, "Arn": "a"}, "f")


def _store_inventory(manifest_plan, name: str = "model-store-${ModelStoreFileSystemId}-default"):
    return manifest_plan.parse_inventory(json.dumps({"values": ["ModelStoreFileSystemId"], "files": {
        "model-store.k8s.yaml": [{"kind": "PersistentVolume", "namespace": None, "name": name},
                                 {"kind": "PersistentVolumeClaim", "namespace": "default",
                                  "name": "model-store-${ModelStoreFileSystemId}"}]}}))


def test_a_name_holding_a_value_is_completed_with_it(manifest_plan):
    # The model store's objects are named after the file system: a new file system id names new objects.
    filled = manifest_plan.fill_names(_store_inventory(manifest_plan), {"ModelStoreFileSystemId": "fs-0123456789abcdef0"})
    assert [str(ref) for ref in filled.refs()] == ["PersistentVolume model-store-fs-0123456789abcdef0-default",
                                                   "PersistentVolumeClaim default/model-store-fs-0123456789abcdef0"]


def test_a_value_that_makes_no_kubernetes_name_is_refused_naming_it(manifest_plan):
    for bad in ("FS-0123", "fs_0123", "fs-0123/../x", "fs-" + "a" * 250, "fs-0123-"):
        with pytest.raises(ValueError, match=r"deploy-time value ModelStoreFileSystemId \('.*'\) makes the name of "
                                             r"PersistentVolume model-store-\$\{ModelStoreFileSystemId\} 'model-store-"
                                             r".*', which is not a Kubernetes name \(lowercase letters, digits, '-' and "
                                             r"'.', at most 253 characters.*fix the value where the stack takes it from"):
            manifest_plan.fill_names(_store_inventory(manifest_plan, "model-store-${ModelStoreFileSystemId}"),
                                     {"ModelStoreFileSystemId": bad})
    with pytest.raises(ValueError, match=r"names PersistentVolume model-store-\$\{ModelStoreFileSystemId\}-default "
                                         r"with deploy-time values the custom resource does not pass: "
                                         r"\['ModelStoreFileSystemId'\]"):
        manifest_plan.fill_names(_store_inventory(manifest_plan), {})


def test_only_a_deleted_object_kept_by_kubernetes_while_in_use_is_not_waited_for(manifest_plan):
    def live(finalizers, deleted=True):
        metadata = {"name": "c", "finalizers": finalizers}
        return {"metadata": {**metadata, "deletionTimestamp": "2026-01-01T00:00:00Z"} if deleted else metadata}
    assert manifest_plan.held_while_in_use(live(["kubernetes.io/pvc-protection"]))
    assert manifest_plan.held_while_in_use(live(["kubernetes.io/pv-protection"]))
    assert not manifest_plan.held_while_in_use(live(["kubernetes.io/pvc-protection"], deleted=False))
    assert not manifest_plan.held_while_in_use(live(["kubernetes.io/pvc-protection", "example.com/backup"]))
    assert not manifest_plan.held_while_in_use(live([]))


def test_a_missing_value_is_named(manifest_plan):
    with pytest.raises(ValueError, match=r"does not pass: \['Bucket'\]"):
        manifest_plan.check_values(["Bucket", "Region"], {"Region": "x"})


def test_the_library_writes_every_placeholder_double_quoted_and_never_wraps(manifest_plan):
    long = "x" * 200 + " ${Bucket} " + "y " * 100
    text = yaml_writer.dump_manifests([{"a": long, "b": ["${Region}"], "c": "plain"}])
    assert '"' + long.replace('"', '\\"') + '"' in text and '- "${Region}"' in text and "c: plain" in text


# ---- stages and documents ---------------------------------------------------------------------------------

def test_documents_split_as_yaml_reads_them_and_crds_and_namespaces_come_first(manifest_plan):
    documents = [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {"k": "line1\nline2\n---\n"}},
                 {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "ws.x"}},
                 {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}}]
    text = yaml_writer.dump_manifests(documents)
    assert [yaml.safe_load(part) for part in manifest_plan.split_documents(text)] == documents
    refs = inventory(manifest_plan, {"f.k8s.yaml": [{"kind": "ConfigMap", "name": "a"}, {"kind": CRD, "name": "ws.x"},
                                                    {"kind": "Namespace", "name": "team"}]})
    first, second, shared = manifest_plan.stages({"f.k8s.yaml": text}, refs)
    assert [d["kind"] for d in yaml.safe_load_all(first.files["f.k8s.yaml"])] == ["CustomResourceDefinition", "Namespace"]
    assert [d["kind"] for d in yaml.safe_load_all(second.files["f.k8s.yaml"])] == ["ConfigMap"]
    assert [ref.name for ref in first.refs] == ["ws.x", "team"] and [ref.name for ref in second.refs] == ["a"]
    assert shared.files == {} and shared.refs == []


GATEWAY = "InferenceGatewayConfig.v1alpha1.inference.sagemaker.aws.amazon.com"
GATEWAY_API = ["Gateway.v1.gateway.networking.k8s.io", "HTTPRoute.v1.gateway.networking.k8s.io"]


def shared_inventory(manifest_plan):
    gateway = {"kind": GATEWAY, "namespace": "default", "name": "gw"}
    return manifest_plan.parse_inventory(json.dumps({"values": [], "files": {"f.k8s.yaml": [
        {"kind": "ConfigMap", "name": "a"}, gateway]}, "shared": [gateway], "requires": {GATEWAY: GATEWAY_API}}))


def test_shared_objects_are_a_stage_of_their_own_applied_without_taking_fields_over(manifest_plan):
    refs = shared_inventory(manifest_plan)
    text = "kind: ConfigMap\n---\nkind: InferenceGatewayConfig\n"
    first, second, shared = manifest_plan.stages({"f.k8s.yaml": text}, refs)
    assert first.refs == [] and [ref.name for ref in second.refs] == ["a"] and [ref.name for ref in shared.refs] == ["gw"]
    assert [yaml.safe_load(shared.files["f.k8s.yaml"])] == [{"kind": "InferenceGatewayConfig"}]
    assert "--force-conflicts" in manifest_plan.apply_argv("p", "k", 10)
    assert "--force-conflicts" not in manifest_plan.apply_argv("p", "k", 10, take_over=False)


def test_a_shared_kind_waits_for_the_kinds_it_requires_and_only_it(manifest_plan):
    refs = shared_inventory(manifest_plan)
    gateway = [ref for ref in refs.refs() if ref.kind == GATEWAY]
    assert refs.kinds_to_wait_for(gateway) == GATEWAY_API + [GATEWAY]
    assert refs.kinds_to_wait_for([ref for ref in refs.refs() if ref.kind == "ConfigMap"]) == []


def test_an_inventory_marking_an_object_it_does_not_hold_shared_is_refused(manifest_plan):
    with pytest.raises(ValueError, match=r"marks objects shared that no file of the bundle holds: "
                                         r"\['InferenceGatewayConfig default/other'\]"):
        manifest_plan.parse_inventory(json.dumps({"values": [], "files": {"f.k8s.yaml": []}, "shared": [
            {"kind": GATEWAY, "namespace": "default", "name": "other"}]}))


def test_other_writers_are_managers_holding_spec_fields(manifest_plan):
    config = {"metadata": {"managedFields": [
        {"manager": "hyperpod-constructs", "fieldsV1": {"f:spec": {"f:bbr": {}}}},
        {"manager": "inference-operator", "fieldsV1": {"f:metadata": {"f:finalizers": {}}}},
        {"manager": "hyperpod-inference-operator", "fieldsV1": {"f:spec": {"f:schedulers": {}}}}]}}
    assert manifest_plan.other_writers(config) == ["hyperpod-inference-operator"]
    assert manifest_plan.other_writers({"metadata": {}}) == []


def test_shared_objects_are_deleted_after_every_other_object_before_their_namespace(manifest_plan):
    Ref = manifest_plan.ObjectRef
    gateway, endpoint = Ref(GATEWAY, "team", "gw"), Ref(IEC_V1, "team", "e")
    remaining = {gateway: live(), endpoint: live(), Ref("Namespace", None, "team"): live()}
    assert manifest_plan.deletable_now(remaining, [gateway]) == [endpoint]
    del remaining[endpoint]
    assert manifest_plan.deletable_now(remaining, [gateway]) == [gateway]
    assert manifest_plan.deletable_now(remaining) == [gateway]  # nothing marks it shared: as any other object


def test_the_record_keeps_which_objects_are_shared(manifest_plan):
    Ref = manifest_plan.ObjectRef
    record = manifest_plan.Record(inventory=(Ref(GATEWAY, "default", "gw"),), shared=(Ref(GATEWAY, "default", "gw"),))
    written = fencing.record_manifest("r", manifest_plan.record_data(record), record.claim)
    assert manifest_plan.parse_record(json.dumps(written)) == record
    assert "shared" not in manifest_plan.record_data(manifest_plan.Record(inventory=()))


def test_a_file_whose_documents_do_not_match_the_inventory_is_refused(manifest_plan):
    refs = inventory(manifest_plan, {"f.k8s.yaml": [{"kind": "ConfigMap", "name": "a"}]})
    with pytest.raises(ValueError, match="f.k8s.yaml holds 2 documents but the inventory lists 1 objects"):
        manifest_plan.stages({"f.k8s.yaml": "a: 1\n---\nb: 2\n"}, refs)


def test_kinds_to_wait_for_are_every_kind_outside_the_built_in_groups(manifest_plan):
    refs = inventory(manifest_plan, {"f.k8s.yaml": [
        {"kind": IEC_V1, "namespace": "default", "name": "a"}, {"kind": "ConfigMap", "name": "c"},
        {"kind": "StorageClass.v1.storage.k8s.io", "name": "s"},
        {"kind": "HyperpodNodeClass.v1.karpenter.sagemaker.amazonaws.com", "name": "n"}]})
    assert refs.kinds_to_wait_for() == ["HyperpodNodeClass.v1.karpenter.sagemaker.amazonaws.com", IEC_V1]


def test_inventory_refuses_files_outside_the_bundle(manifest_plan):
    with pytest.raises(ValueError, match=r"not \.k8s\.yaml files of the bundle: \['\.\./x\.k8s\.yaml', 'values\.env'\]"):
        inventory(manifest_plan, {"../x.k8s.yaml": [], "values.env": []})


def test_a_new_api_version_is_the_same_object_and_not_pruned(manifest_plan):
    Ref = manifest_plan.ObjectRef
    previous = [Ref(IEC_V1, "default", "a"), Ref(IEC_V1, "default", "gone")]
    assert manifest_plan.not_in(previous, [Ref(IEC_V2, "default", "a")]) == [Ref(IEC_V1, "default", "gone")]


# ---- ownership, delete order, errors ---------------------------------------------------------------------

def live(labels=None, managers=("hyperpod-constructs",), annotations=None, **metadata):
    return {"metadata": {"labels": {"hyperpod-constructs.io/platform": "p-1"} if labels is None else labels,
                         "managedFields": [{"manager": m} for m in managers],
                         "annotations": annotations or {}, **metadata}}


def test_ownership_is_checked_before_any_delete(manifest_plan):
    ours = [SELECTOR]
    assert manifest_plan.ownership(live(), ours) is None
    assert manifest_plan.ownership(live(labels={}), ours) == f"it no longer carries {SELECTOR}"
    assert manifest_plan.ownership(live(managers=("kubectl-client-side-apply",)), ours) == \
        "the field manager hyperpod-constructs never applied it"
    assert manifest_plan.ownership(live(annotations={"hyperpod-constructs.io/keep": "true"}), ours) == \
        "it is annotated hyperpod-constructs.io/keep=true"
    assert manifest_plan.ownership(live(annotations={"hyperpod-constructs.io/keep": "false"}), ours) is None
    # After the platform's label changed, the previous deploy's objects still count as the platform's.
    renamed = live(labels={"hyperpod-constructs.io/platform": "p-0"})
    assert manifest_plan.ownership(renamed, ours) == f"it no longer carries {SELECTOR}"
    assert manifest_plan.ownership(renamed, ours + ["hyperpod-constructs.io/platform=p-0"]) is None


def test_custom_resources_go_before_their_crd_and_contents_before_their_namespace(manifest_plan):
    Ref = manifest_plan.ObjectRef
    crd = {"metadata": {}, "spec": {"group": "example.com", "names": {"kind": "Widget"}}}
    remaining = {Ref("Widget.v1.example.com", "team", "w"): live(), Ref(CRD, None, "widgets.example.com"): crd,
                 Ref("Namespace", None, "team"): live(), Ref("NodePool.v1.karpenter.sh", None, "gpu"): live()}
    assert manifest_plan.deletable_now(remaining) == [Ref("NodePool.v1.karpenter.sh", None, "gpu"),
                                                      Ref("Widget.v1.example.com", "team", "w")]
    del remaining[Ref("Widget.v1.example.com", "team", "w")]
    assert manifest_plan.deletable_now(remaining) == [Ref(CRD, None, "widgets.example.com"),
                                                      Ref("Namespace", None, "team"),
                                                      Ref("NodePool.v1.karpenter.sh", None, "gpu")]
    terminating = {Ref("NodePool.v1.karpenter.sh", None, "gpu"): live(deletionTimestamp="t", finalizers=["k/f"])}
    assert manifest_plan.deletable_now(terminating) == []
    assert manifest_plan.describe_stuck(terminating) == "NodePool gpu (finalizers k/f)"


def test_transient_and_unknown_kind_errors(manifest_plan):
    assert manifest_plan.is_unknown_kind('error: the server doesn\'t have a resource type "nodepools"')
    assert manifest_plan.is_unknown_kind('error: no matches for kind "NodePool" in version "karpenter.sh/v1"')
    assert not manifest_plan.is_unknown_kind("Unauthorized")
    webhook = ('Error from server (InternalError): error when applying patch: Internal error occurred: failed calling '
               'webhook "v.keda.sh": dial tcp 10.0.0.1:443: connect: connection refused')
    invalid = 'The InferenceEndpointConfig "a" is invalid: spec.replicas: Invalid value: -1'
    assert manifest_plan.is_transient(webhook)
    assert not manifest_plan.is_transient(f"{webhook}\n{invalid}")  # one lasting error is enough to fail
    assert not manifest_plan.is_transient("")



# ---- several kinds in one kubectl call (the words are those kubectl 1.33 prints) -----------------------------

def test_a_listing_is_one_call_per_namespace_and_matches_each_item_to_its_kind_and_version(manifest_plan):
    Ref = manifest_plan.ObjectRef
    pool, e1, t1 = Ref("NodePool.v1.karpenter.sh", None, "gpu"), Ref(IEC_V1, "default", "e1"), Ref(IEC_V1, "team", "t1")
    assert manifest_plan.by_namespace([t1, e1, pool]) == {"default": [e1, pool], "team": [t1]}
    items = [{"apiVersion": "inference.sagemaker.aws.amazon.com/v1", "kind": "InferenceEndpointConfig",
              "metadata": {"name": "e1", "namespace": "default"}},
             {"apiVersion": "inference.sagemaker.aws.amazon.com/v2", "kind": "InferenceEndpointConfig",
              "metadata": {"name": "e1", "namespace": "default"}},
             {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "gpu"}}]
    found = manifest_plan.found_in([e1, Ref(IEC_V2, "default", "e1"), pool, Ref("Namespace", None, "gpu")], items)
    assert {ref.kind for ref in found} == {IEC_V1, IEC_V2, "Namespace"}  # no NodePool gpu: a Namespace has the name
    assert found[e1]["apiVersion"].endswith("/v1")


def test_deletes_are_one_call_per_namespace_with_cluster_scoped_objects_in_the_first(manifest_plan):
    Ref = manifest_plan.ObjectRef
    pool, e1, t1 = Ref("NodePool.v1.karpenter.sh", None, "gpu"), Ref(IEC_V1, "default", "e1"), Ref(IEC_V1, "team", "t1")
    groups = manifest_plan.by_live_namespace({pool: {"metadata": {}}, e1: {"metadata": {"namespace": "default"}},
                                              t1: {"metadata": {"namespace": "team"}}})
    assert groups == {"default": [e1, pool], "team": [t1]}
    assert manifest_plan.by_live_namespace({pool: {"metadata": {}}}) == {None: [pool]}


def test_the_kind_kubectl_names_not_served_and_the_objects_it_did_not_delete(manifest_plan):
    node_class = "HyperpodNodeClass.v1.karpenter.sagemaker.amazonaws.com"
    said = 'error: the server doesn\'t have a resource type "HyperpodNodeClass"'
    assert manifest_plan.kind_not_served([IEC_V1, node_class], said) == node_class
    assert manifest_plan.names_unserved_kind(said) and not manifest_plan.names_unserved_kind("Unauthorized")
    assert manifest_plan.kind_not_served([IEC_V1, node_class], "error: could not find the requested resource") is None
    widgets = ["Widget.v1.example.com", "Widget.v2.example.com"]  # which of the two kubectl means is not known
    assert manifest_plan.kind_not_served(widgets, 'the server doesn\'t have a resource type "Widget"') is None

    Ref = manifest_plan.ObjectRef
    e1, e2, config = Ref(IEC_V1, "default", "e1"), Ref(IEC_V1, "default", "e2"), Ref("ConfigMap", "default", "c")
    stdout = 'inferenceendpointconfig.inference.sagemaker.aws.amazon.com "e1" deleted\nconfigmap "c" deleted\n'
    assert manifest_plan.not_deleted([e1, e2, config], stdout) == [e2]
    stderr = ("Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n"
              'Error from server (Forbidden): admission webhook "v.kb.io" denied the request: busy\n')
    assert manifest_plan.errors_of(stderr) == stderr.splitlines()[1]


# ---- command lines and the record ----------------------------------------------------------------------

def test_every_kubectl_call_is_bounded_and_server_side(manifest_plan):
    Ref = manifest_plan.ObjectRef
    assert manifest_plan.apply_argv("/w/objects", "/k", 42.7) == [
        "kubectl", "apply", "--server-side", "--force-conflicts", "--field-manager", "hyperpod-constructs",
        "--kubeconfig", "/k", "--request-timeout", "42s", "-f", "/w/objects"]
    refs = [Ref(IEC_V1, "team", "a"), Ref(IEC_V1, "team", "b")]
    assert manifest_plan.delete_argv(refs, "team", "/k", 10) == [
        "kubectl", "delete", f"{IEC_V1}/a", f"{IEC_V1}/b", "--ignore-not-found", "--wait=false",
        "--kubeconfig", "/k", "--request-timeout", "10s", "--namespace", "team"]
    assert manifest_plan.list_argv([IEC_V1, "Namespace"], "team", "/k", 0.2) == [
        "kubectl", "get", f"{IEC_V1},Namespace", "--output", "json", "--show-managed-fields", "--kubeconfig", "/k",
        "--request-timeout", "1s", "--namespace", "team"]
    assert "--namespace" not in manifest_plan.list_argv(["Namespace"], None, "/k", 5)
    assert manifest_plan.served_argv([IEC_V1, "Namespace"], "/k", 5)[:3] == ["kubectl", "get", f"{IEC_V1},Namespace"]


def test_record_round_trip_and_an_old_record_of_hashes_is_no_inventory(manifest_plan):
    Ref = manifest_plan.ObjectRef
    record = manifest_plan.Record(inventory=(Ref(IEC_V1, "default", "b"), Ref(IEC_V1, "default", "a")),
                                  adopted=(Ref(IEC_V1, "default", "a"),), create_request="req-1")
    written = fencing.record_manifest("r", manifest_plan.record_data(record), record.claim)
    assert written["metadata"]["labels"] == {"app.kubernetes.io/managed-by": "hyperpod-constructs"}
    parsed = manifest_plan.parse_record(json.dumps(written))
    assert parsed.inventory == (Ref(IEC_V1, "default", "a"), Ref(IEC_V1, "default", "b"))
    assert (parsed.adopted, parsed.create_request) == (record.adopted, "req-1")
    assert manifest_plan.parse_record(json.dumps({"data": {"a.k8s.yaml": "hash"}})) == manifest_plan.Record(
        inventory=(), from_hashes=True)
    assert manifest_plan.parse_record("") is None
    assert manifest_plan.parse_get(json.dumps({"kind": "List", "items": [{"a": 1}]})) == [{"a": 1}]
    assert manifest_plan.parse_get(json.dumps({"kind": "ConfigMap"})) == [{"kind": "ConfigMap"}]
