"""The manifest applier's pure decisions: properties, values, what to apply and prune, kubectl command lines."""
from __future__ import annotations

import json

import pytest

IEC_V1 = "InferenceEndpointConfig.v1.inference.sagemaker.aws.amazon.com"
IEC_V2 = "InferenceEndpointConfig.v2.inference.sagemaker.aws.amazon.com"


def props(**overrides):
    base = {"ServiceToken": "t", "ClusterName": "llm", "BundleBucket": "assets", "BundleKey": "abc.zip",
            "Selector": "hyperpod-constructs.io/platform=p-1", "RecordName": "hyperpod-constructs-p-1",
            "Kinds": [IEC_V1, "ConfigMap"], "Values": {"Region": "us-west-2"}}
    base.update(overrides)
    return base


def inventory(manifest_plan, files):
    return manifest_plan.parse_inventory(json.dumps({"values": ["Region"], "files": files}))


def test_parse_properties(manifest_plan):
    request = manifest_plan.parse_properties(props())
    assert (request.cluster_name, request.bucket, request.key) == ("llm", "assets", "abc.zip")
    assert request.kinds == (IEC_V1, "ConfigMap") and request.values == {"Region": "us-west-2"}
    assert manifest_plan.physical_resource_id(request) == "llm/hyperpod-constructs-p-1"


def test_parse_properties_names_what_is_missing_or_malformed(manifest_plan):
    with pytest.raises(ValueError, match="missing: BundleKey, Selector"):
        manifest_plan.parse_properties(props(BundleKey="", Selector=""))
    with pytest.raises(ValueError, match="Kinds must be a list and Values a map"):
        manifest_plan.parse_properties(props(Kinds="ConfigMap"))


def test_fill_values_replaces_only_the_values_passed(manifest_plan):
    text = "region: ${Region}\nscript: echo ${HOME}\n"
    assert manifest_plan.fill_values(text, {"Region": "us-west-2"}) == "region: us-west-2\nscript: echo ${HOME}\n"


def test_inventory_refuses_files_outside_the_bundle(manifest_plan):
    with pytest.raises(ValueError, match=r"not \.k8s\.yaml files of the bundle: \['\.\./x\.k8s\.yaml', 'values\.env'\]"):
        inventory(manifest_plan, {"../x.k8s.yaml": [], "values.env": []})


def test_a_new_api_version_of_the_same_object_is_not_pruned(manifest_plan):
    Ref = manifest_plan.ObjectRef
    wanted = inventory(manifest_plan, {"e.k8s.yaml": [{"kind": IEC_V2, "namespace": "default", "name": "a"}]})
    live = [Ref(IEC_V1, "default", "a"), Ref(IEC_V2, "default", "a"), Ref(IEC_V1, "default", "gone")]
    assert manifest_plan.to_prune(live, wanted) == [Ref(IEC_V1, "default", "gone")]


def test_an_object_without_namespace_matches_the_default_namespace(manifest_plan):
    Ref = manifest_plan.ObjectRef
    wanted = inventory(manifest_plan, {"c.k8s.yaml": [{"kind": "ConfigMap", "namespace": None, "name": "cm"}]})
    live = [Ref("ConfigMap", "default", "cm")]
    assert manifest_plan.to_prune(live, wanted) == []
    filled = {"c.k8s.yaml": "text"}
    record = {"c.k8s.yaml": manifest_plan.content_hash("text")}
    assert manifest_plan.files_to_apply(filled, record, wanted, live) == []
    assert manifest_plan.files_to_apply(filled, record, wanted, []) == ["c.k8s.yaml"]


def test_a_file_without_objects_is_not_applied(manifest_plan):
    empty = inventory(manifest_plan, {"scaled-workloads.k8s.yaml": []})
    assert manifest_plan.files_to_apply({"scaled-workloads.k8s.yaml": ""}, {}, empty, []) == []


def test_kinds_and_selectors_cover_the_previous_deployment(manifest_plan):
    new = manifest_plan.parse_properties(props(Kinds=[IEC_V1]))
    old = manifest_plan.parse_properties(props(Kinds=["NodePool.v1.karpenter.sh"], Selector="hyperpod-constructs.io/platform=old"))
    assert manifest_plan.kinds_to_list(new, old) == [IEC_V1, "NodePool.v1.karpenter.sh"]
    assert manifest_plan.selectors(new, old) == ["hyperpod-constructs.io/platform=old", "hyperpod-constructs.io/platform=p-1"]
    assert manifest_plan.kinds_to_list(new, None) == [IEC_V1]


def test_delete_argvs_put_namespaced_objects_before_cluster_scoped_ones(manifest_plan):
    Ref = manifest_plan.ObjectRef
    argvs = manifest_plan.delete_argvs(
        [Ref("PersistentVolume", None, "pv"), Ref("PersistentVolumeClaim", "team-b", "c"),
         Ref("PersistentVolumeClaim", "team-a", "c")], "/k")
    assert [argv[-1] for argv in argvs] == ["PersistentVolumeClaim/c", "PersistentVolumeClaim/c", "PersistentVolume/pv"]
    assert [argv[argv.index("--namespace") + 1] if "--namespace" in argv else None for argv in argvs] == [
        "team-a", "team-b", None]
    assert argvs[0][:7] == ["/opt/kubectl/kubectl", "delete", "--ignore-not-found", "--wait", "--timeout", "5m",
                            "--kubeconfig"]


def test_apply_and_get_argv(manifest_plan):
    assert manifest_plan.apply_argv("/w/apply", "/k") == [
        "/opt/kubectl/kubectl", "apply", "--server-side", "--force-conflicts", "--field-manager", "hyperpod-constructs",
        "--kubeconfig", "/k", "-f", "/w/apply"]
    assert manifest_plan.get_argv(IEC_V1, "a=b", "/k") == [
        "/opt/kubectl/kubectl", "get", IEC_V1, "--all-namespaces", "--selector", "a=b", "--output", "json",
        "--kubeconfig", "/k"]


def test_record_round_trip(manifest_plan):
    record = manifest_plan.record_manifest("r", {"b.k8s.yaml": "2", "a.k8s.yaml": "1"})
    assert list(record["data"]) == ["a.k8s.yaml", "b.k8s.yaml"]
    assert manifest_plan.parse_record(json.dumps(record)) == {"a.k8s.yaml": "1", "b.k8s.yaml": "2"}
    assert manifest_plan.parse_record("") == {}


def test_unknown_kind_errors(manifest_plan):
    assert manifest_plan.is_unknown_kind('error: the server doesn\'t have a resource type "nodepools"')
    assert manifest_plan.is_unknown_kind("error: no matches for kind \"NodePool\" in version \"karpenter.sh/v1\"")
    assert not manifest_plan.is_unknown_kind("Unauthorized")
