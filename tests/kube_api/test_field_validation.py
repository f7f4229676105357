"""Field validation of custom resources against the CRD schema: Strict, Warn, Ignore."""
from __future__ import annotations

import json

from kube_api.server import KubeApiServer
from kube_api.test_crds import WIDGET
from kube_api.test_server_side_apply import CRD
from kube_api.tools import kubectl
from kube_api.validation import prune, unknown_fields

BAD = json.loads(json.dumps(WIDGET))
BAD["spec"]["foo"] = "x"


def test_strict_unknown_field_is_400(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    result = kubectl(kube_api, "apply", "--server-side", "-f", "-", stdin=json.dumps(BAD))
    assert result.returncode == 1
    assert ('Error from server (BadRequest): Widget in version "v1" cannot be handled '
            'as a Widget: strict decoding error: unknown field "spec.foo"') in result.stderr, result.stderr
    assert kube_api.get("example.com/v1", "Widget", "default", "w") is None


def test_warn_keeps_going_with_a_warning_and_prunes(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    result = kubectl(kube_api, "apply", "--server-side", "--validate=warn", "-f", "-", stdin=json.dumps(BAD))
    assert result.returncode == 0, result.stderr
    assert 'Warning: unknown field "spec.foo"' in result.stderr
    assert kube_api.get("example.com/v1", "Widget", "default", "w")["spec"] == {"size": 1}


def test_ignore_prunes_silently(kube_api: KubeApiServer) -> None:
    kube_api.install_crd(CRD)
    result = kubectl(kube_api, "create", "--validate=false", "-f", "-", stdin=json.dumps(BAD))
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert kube_api.get("example.com/v1", "Widget", "default", "w")["spec"] == {"size": 1}


def test_unknown_fields_and_prune_units() -> None:
    schema = CRD["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    obj = {"apiVersion": "v", "kind": "k", "metadata": {"name": "n"}, "top": 1,
           "spec": {"items": [{"name": "a", "extra": 1}], "size": 2}}
    assert unknown_fields(obj, schema) == ["top", "spec.items[0].extra"]
    assert prune(obj, schema) == {"apiVersion": "v", "kind": "k", "metadata": {"name": "n"},
                                  "spec": {"items": [{"name": "a"}], "size": 2}}
    assert unknown_fields({"spec": {"anything": 1}}, {"properties": {"spec": {
        "type": "object", "x-kubernetes-preserve-unknown-fields": True}}}) == []
