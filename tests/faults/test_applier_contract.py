"""The contract between the library's bundle and the applier, the request checks onEvent makes, and every kubectl
command line the handlers can build, run by the kubectl the function ships."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from faults.bundles import IEC, IEC_GROUP, SELECTOR, bundle_zip, endpoint, properties
from kube_api import binaries
from kube_api.tools import usage_error



def command_lines(kubeconfig: str, folder: str) -> dict[str, list[str]]:
    """Every kubectl command line manifest_plan and daemon_configurer build, by what it is for."""
    import daemon_configurer
    import fencing
    import manifest_plan as plan

    iec = plan.ObjectRef(f"{IEC}.v1.{IEC_GROUP}", "default", "e1")
    node_pool = plan.ObjectRef("NodePool.v1.karpenter.sh", None, "gpu")
    record = fencing.record_manifest("hyperpod-constructs-p", plan.record_data(plan.Record(inventory=(iec,))), None)
    Path(folder, "record.json").write_text(json.dumps(record))
    return {
        "apply": plan.apply_argv(folder, kubeconfig, 30),
        "list": plan.list_argv([iec.kind, node_pool.kind, "Namespace"], "default", kubeconfig, 30),
        "list cluster-wide": plan.list_argv(["Namespace"], None, kubeconfig, 30),
        "served": plan.served_argv([iec.kind, node_pool.kind], kubeconfig, 30),
        "delete": plan.delete_argv([iec, node_pool], "default", kubeconfig, 30),
        "delete cluster-scoped": plan.delete_argv([node_pool], None, kubeconfig, 30),
        "record get": fencing.record_get_argv("hyperpod-constructs-p", kubeconfig, 30),
        "record delete": fencing.record_delete_argv("hyperpod-constructs-p", kubeconfig, 30),
        "record create": fencing.record_write_argv(str(Path(folder, "record.json")), True, kubeconfig, 30),
        "record replace": fencing.record_write_argv(str(Path(folder, "record.json")), False, kubeconfig, 30),
        "record marked stopped": fencing.stopped_argv("hyperpod-constructs-p", "r-1", kubeconfig, 30),
        **{f"daemon {name}": argv for name, argv in daemon_configurer.command_lines(
            daemon_configurer.DaemonRequest("llm", "default", "ai-toolkit", "ai-toolkit-config", "1GiB", {}),
            kubeconfig, str(Path(folder, "record.json")), 30).items()},
    }


def test_every_command_line_the_handlers_build_is_one_the_real_kubectl_accepts(api_server, tmp_path):
    """Run through the binary the function ships against the API server: none fails on its command line (the
    served-kind check once passed ``--limit``, which kubectl does not have)."""
    kubeconfig = api_server.write_kubeconfig(tmp_path / "kubeconfig")
    folder = tmp_path / "bundle"
    folder.mkdir()
    for name, argv in command_lines(kubeconfig, str(folder)).items():
        result = subprocess.run([binaries.kubectl(), *argv[1:]], capture_output=True, text=True,
                                env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
        assert not usage_error(result.stderr), (name, argv, result.stderr)


def test_a_value_the_bundle_needs_but_the_resource_does_not_pass_fails_naming_it(aws, kube, manifests):
    aws.bundles["v1.zip"] = bundle_zip({"e": [endpoint("e")]})
    assert manifests.create(properties("v1.zip", values={})) == "ROLLBACK_COMPLETE"
    assert "does not pass: ['TlsCertificateBucket']" in manifests.reasons()[0]
    # The failed Create left an empty record (nothing was applied), so the rollback's Delete deletes the record alone.
    assert [argv for argv in kube.calls("delete") if not argv[1].startswith("ConfigMap/")] == []
    assert kube.record() is None


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
