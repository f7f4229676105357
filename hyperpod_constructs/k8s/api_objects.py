"""Hand finished manifests to cdk8s: rendering stays in plain Python, cdk8s only carries the values."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import cdk8s

# On every object the library writes, so `kubectl get -l` finds them and GitOps tools can tell who owns them.
MANAGED_BY_LABEL = {"app.kubernetes.io/managed-by": "hyperpod-constructs"}


def add_api_object(chart: cdk8s.Chart, manifest: Mapping[str, Any]) -> cdk8s.ApiObject:
    """One ApiObject with id ``<Kind>-[<namespace>-]<name>``.

    jsii props only take the well-known metadata, so every other top-level field goes in as one JSON patch.
    """
    metadata = manifest["metadata"]
    scope = f"{metadata['namespace']}-" if metadata.get("namespace") else ""
    api_object = cdk8s.ApiObject(chart, f"{manifest['kind']}-{scope}{metadata['name']}",
                                 api_version=manifest["apiVersion"], kind=manifest["kind"], metadata=metadata)
    for key, value in manifest.items():
        if key not in ("apiVersion", "kind", "metadata"):
            api_object.add_json_patch(cdk8s.JsonPatch.add(f"/{key}", value))
    return api_object


def add_api_objects(chart: cdk8s.Chart, manifests: Sequence[Mapping[str, Any]]) -> None:
    for manifest in manifests:
        add_api_object(chart, manifest)
