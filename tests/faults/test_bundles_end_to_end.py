"""Every app's bundle (the default app and each example), applied by the real kubectl to the loopback API server
through the kubectl function: Create; an Update that adds, renames and removes endpoints; a failed Update and its
rollback; Delete. After each step the server holds exactly the objects the platform wants, with the fields it
wants, and the user's own objects (one of them a copy carrying the platform's label) are untouched."""
from __future__ import annotations

from typing import Any

import pytest

from apps_support import APPLIER, app_files, app_param, only
from faults.bundles import Bundle, read_bundle
from faults.conftest import (
    CLUSTER, CRD_FACTS, INFERENCE_GATEWAY_CRD, KARPENTER_CRD, PLATFORM_LABEL, gateway_api_crds, hyperpod_node_class_crd)

ENDPOINT_KINDS = ("InferenceEndpointConfig", "JumpStartModel")
SERVED_ELSEWHERE = ("NodePool", "HyperpodNodeClass")


def applier_properties(template: dict[str, Any]) -> dict[str, Any]:
    """The applier's properties as CloudFormation resolves them: references become the names of the stubbed
    cluster and assets bucket, each deploy-time value a string of its own."""
    props = {name: value for name, value in only(template, APPLIER)["Properties"].items() if name != "ServiceToken"}
    resolved = {"ClusterName": CLUSTER, "BundleBucket": "cdk-assets"}
    for name, value in props.items():
        if not isinstance(value, (str, dict)) or (isinstance(value, dict) and name != "Values"):
            assert name in resolved, f"{name} is {value!r}: a reference the test does not resolve"
            props[name] = resolved[name]
    props["Values"] = {name: f"value-of-{name.lower()}" for name in props.get("Values", {})}
    assert all(isinstance(value, str) for name, value in props.items() if name != "Values"), props
    return props


def users_objects(kube) -> list[dict[str, Any]]:
    """A namespace and a ConfigMap of the user's, and a copy of one of the platform's objects carrying its label."""
    return [kube.server.create({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-notebooks"}}),
            kube.server.create({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {
                "name": "team-settings", "namespace": "default",
                "labels": {"hyperpod-constructs.io/platform": "anything"}}, "data": {"a": "1"}})]


def holds_exactly(kube, bundle: Bundle, label: str, values: dict[str, str]) -> None:
    """The cluster holds every object of the bundle with the bundle's fields, and no other object of the platform."""
    wanted = bundle.filled(values)
    live = {(item["kind"], item["metadata"].get("namespace"), item["metadata"]["name"]): item
            for item in kube.objects() if (item["metadata"].get("labels") or {}).get(PLATFORM_LABEL) == label}
    assert set(live) == set(wanted)
    for identity, manifest in wanted.items():
        for field in ("spec", "data"):
            assert live[identity].get(field) == manifest.get(field), (identity, field)


def renamed(manifests: list[dict[str, Any]], old: str, new: str) -> list[dict[str, Any]]:
    """The chart's objects with the endpoint's name (and the names derived from it) changed."""
    out = []
    for manifest in manifests:
        name = manifest["metadata"]["name"]
        out.append({**manifest, "metadata": {**manifest["metadata"],
                                             "name": new + name[len(old):] if name.startswith(old) else name}})
    return out


def endpoint_of(manifests: list[dict[str, Any]]) -> dict[str, Any]:
    return next(m for m in manifests if m["kind"] in ENDPOINT_KINDS)


def next_synth(bundle: Bundle) -> Bundle:
    """The bundle after a user renamed the first endpoint, removed the second (if any) and added a new one."""
    charts = dict(bundle.charts)
    endpoint_charts = sorted(name for name in charts if name.startswith("endpoint-"))
    first = endpoint_charts[0]
    old = endpoint_of(charts[first])["metadata"]["name"]
    added = renamed(charts[first], old, "added-model")
    charts[first.replace(old, "renamed-model")] = renamed(charts.pop(first), old, "renamed-model")
    if len(endpoint_charts) > 1:
        charts.pop(endpoint_charts[1])
    charts[first.replace(old, "added-model")] = added
    return bundle.with_charts(charts)


def publish(aws, name: str, bundle: Bundle, props: dict[str, Any]) -> dict[str, Any]:
    aws.bundles[name] = bundle.zip()
    return {**props, "BundleKey": name}


@pytest.mark.parametrize("relative", [app_param(path) for path in app_files()])
def test_every_apps_bundle_creates_updates_rolls_back_and_deletes_exactly(relative, synthesized, aws, kube, manifests):
    app = synthesized(relative)
    props = applier_properties(app.template)
    staged = (app.outdir / f"asset.{props['BundleKey']}").read_bytes()
    v1 = read_bundle(staged)
    kube.server.install_crd_file(CRD_FACTS / KARPENTER_CRD)
    kube.server.install_crd(hyperpod_node_class_crd())
    kube.server.install_crd_file(INFERENCE_GATEWAY_CRD)  # the add-on's, and its gateway controller's
    kube.server.install_crd_file(CRD_FACTS / "http.keda.sh_interceptorroutes.yaml")  # the KEDA HTTP add-on chart's
    for crd in gateway_api_crds():
        kube.server.install_crd(crd)
    theirs = users_objects(kube)
    label = props["Selector"].split("=", 1)[1]

    aws.bundles["as-staged.zip"] = staged  # the bytes cdk deploy uploads
    assert manifests.create({**props, "BundleKey": "as-staged.zip"}) == "CREATE_COMPLETE", manifests.reasons()
    holds_exactly(kube, v1, label, props["Values"])

    v2 = next_synth(v1)
    assert manifests.update(publish(aws, "v2.zip", v2, props)) == "UPDATE_COMPLETE", manifests.reasons()
    holds_exactly(kube, v2, label, props["Values"])

    refused = renamed(v2.charts[next(name for name in v2.charts if "added-model" in name)], "added-model", "refused-model")
    endpoint = endpoint_of(refused)
    kube.server.fail("PATCH", endpoint["kind"], "refused-model", status=400, reason="BadRequest",
                     message='admission webhook "vinferenceendpointconfig.kb.io" denied the request: '
                             'spec.instanceType is not offered in this region')
    v3 = v2.with_charts({**v2.charts, "endpoint-default-refused-model": refused})
    assert manifests.update(publish(aws, "v3.zip", v3, props)) == "UPDATE_ROLLBACK_COMPLETE"
    assert "denied the request: spec.instanceType is not offered in this region" in manifests.reasons()[-1]
    holds_exactly(kube, v2, label, props["Values"])

    assert manifests.delete() == "DELETE_COMPLETE", manifests.reasons()
    holds_exactly(kube, v2.with_charts({}), label, props["Values"])
    assert kube.record() is None
    for before in theirs:
        after = kube.server.get(before["apiVersion"], before["kind"], before["metadata"].get("namespace"),
                                before["metadata"]["name"])
        assert after is not None and after["metadata"]["resourceVersion"] == before["metadata"]["resourceVersion"]
