"""The contract between the library's bundle and the applier, and the request checks onEvent makes."""
from __future__ import annotations

import json
import zipfile

import pytest

from faults.bundles import SELECTOR, bundle_zip, endpoint, properties


def test_the_default_apps_bundle_applies_completely_and_deletes_completely(aws, kube, manifests, quick_setup):
    resource = next(value for value in quick_setup.template["Resources"].values()
                    if value["Type"] == "Custom::HyperPodManifests")["Properties"]
    aws.bundles["app.zip"] = (quick_setup.outdir / f"asset.{resource['BundleKey']}").read_bytes()  # as staged
    label = resource["Selector"].split("=", 1)[1]
    kube.change(lambda state: state["served"].extend(
        ["NodePool|karpenter.sh", "HyperpodNodeClass|karpenter.sagemaker.amazonaws.com"]))
    values = {name: f"value-of-{name.lower()}" for name in resource["Values"]}

    status = manifests.create({**properties("app.zip", values=values), "Selector": resource["Selector"],
                               "RecordName": resource["RecordName"], "Delivery": resource["Delivery"],
                               "Removal": resource["Removal"], "TimeoutSeconds": resource["TimeoutSeconds"]})

    assert status == "CREATE_COMPLETE"
    expected = {manifest["metadata"]["name"] for chart in quick_setup.platform.charts.values() for manifest in chart}
    assert kube.ours() == expected
    applied = json.dumps([m for m in kube.objects().values() if m["metadata"]["name"] in expected])
    assert "${" not in applied and "value-of-modelstorefilesystemid" in applied
    assert all(m["metadata"]["labels"]["hyperpod-constructs.io/platform"] == label
               for m in kube.objects().values() if m["metadata"]["name"] in expected)
    assert manifests.delete() == "DELETE_COMPLETE"
    assert kube.ours() == set() and kube.record() is None


def test_a_value_the_bundle_needs_but_the_resource_does_not_pass_fails_naming_it(aws, kube, manifests):
    aws.bundles["v1.zip"] = bundle_zip({"e": [endpoint("e")]})
    assert manifests.create(properties("v1.zip", values={})) == "ROLLBACK_COMPLETE"
    assert "does not pass: ['TlsCertificateBucket']" in manifests.reasons()[0]


def test_create_fails_when_the_cluster_is_missing(aws, kube, manifests):
    aws.bundles["v1.zip"] = bundle_zip({"e": [endpoint("e")]})
    aws.cluster_exists = False
    assert manifests.create(properties("v1.zip")) == "ROLLBACK_COMPLETE"
    assert "EKS cluster 'llm' not found" in manifests.reasons()[0]


def test_on_event_refuses_a_bad_request_before_any_work(aws, kube, manifests):
    assert manifests.create({**properties("v1.zip"), "Selector": "no-equals-sign"}) == "ROLLBACK_COMPLETE"
    assert manifests.reasons()[0] == "custom resource property Selector must be label=value, not 'no-equals-sign'"
    assert kube.calls() == []  # onEvent failed: the framework never called isComplete, the Delete was ignored


def test_on_event_needs_a_timeout(framework):
    import index

    event = {"RequestType": "Create", "ResourceType": "Custom::HyperPodManifests", "RequestId": "r",
             "ResourceProperties": {k: v for k, v in properties("v1.zip").items() if k != "TimeoutSeconds"}}
    with pytest.raises(ValueError, match="TimeoutSeconds must be a whole number of seconds, not ''"):
        index.on_event(event, None)


def test_the_dispatcher_refuses_other_resource_types(framework):
    import index

    with pytest.raises(ValueError, match="this function handles Custom::HyperPodHelmChart, Custom::HyperPodManifests, "
                                         "Custom::HyperPodTieredKvCache, not 'Custom::Other'"):
        index.on_event({"RequestType": "Create", "ResourceType": "Custom::Other", "ResourceProperties": {}}, None)


def test_unpack_refuses_members_that_leave_the_folder(tmp_path):
    import manifest_applier

    archive = tmp_path / "bad.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("../escape.txt", "x")
    with pytest.raises(RuntimeError, match="would land outside the bundle folder"):
        manifest_applier.unpack(str(archive), str(tmp_path / "out"))


def test_the_selector_in_the_template_is_the_label_every_object_carries(quick_setup):
    resource = next(value for value in quick_setup.template["Resources"].values()
                    if value["Type"] == "Custom::HyperPodManifests")["Properties"]
    assert resource["Selector"].startswith("hyperpod-constructs.io/platform=") and SELECTOR.startswith(
        "hyperpod-constructs.io/platform=")
