"""Discovery documents: legacy (/api, /api/v1, /apis, /apis/<g>, /apis/<g>/<v>) and aggregated (apidiscovery v2).

Why (https://kubernetes.io/docs/concepts/overview/kubernetes-api/#discovery-api): kubectl maps a kind or a resource
name to a URL through discovery. kubectl 1.33 and helm 4 ask /api and /apis for the aggregated form first
(``Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList``): one request per prefix instead
of one per group-version, which matters because every kubectl call of the function starts with an empty cache.
"""
from __future__ import annotations

from typing import Any

from .resources import GROUP_ORDER, ResourceType

AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
SUBRESOURCE_VERBS = ["get", "patch", "update"]


def _grouped(types: list[ResourceType]) -> dict[str, dict[str, list[ResourceType]]]:
    groups: dict[str, dict[str, list[ResourceType]]] = {}
    order = {g: i for i, g in enumerate(GROUP_ORDER)}
    for rt in sorted(types, key=lambda r: (order.get(r.group, len(order)), r.group)):
        groups.setdefault(rt.group, {}).setdefault(rt.version, []).append(rt)
    return groups


def _subresources(rt: ResourceType) -> list[str]:
    return [s for s, present in (("status", rt.status_subresource), ("scale", rt.scale_subresource)) if present]


def wants_aggregated(accept: str) -> bool:
    first = (accept or "").split(",")[0].replace(" ", "")
    return "as=APIGroupDiscoveryList" in first and "v=v2" in first and "v=v2beta1" not in first


def aggregated(types: list[ResourceType], core: bool) -> dict[str, Any]:
    items = []
    for group, versions in _grouped(types).items():
        if (group == "") != core:
            continue
        entries = []
        for version, resources in versions.items():
            entries.append({"version": version, "freshness": "Current", "resources": [
                {"resource": rt.plural, "responseKind": {"group": rt.group, "version": rt.version, "kind": rt.kind},
                 "scope": "Namespaced" if rt.namespaced else "Cluster", "singularResource": rt.singular,
                 "verbs": list(rt.verbs),
                 **({"shortNames": list(rt.short_names)} if rt.short_names else {}),
                 **({"categories": list(rt.categories)} if rt.categories else {}),
                 **({"subresources": [
                     {"subresource": sub, "verbs": SUBRESOURCE_VERBS,
                      "responseKind": {"group": "autoscaling" if sub == "scale" else rt.group,
                                       "version": "v1" if sub == "scale" else rt.version,
                                       "kind": "Scale" if sub == "scale" else rt.kind}}
                     for sub in _subresources(rt)]} if _subresources(rt) else {})}
                for rt in resources]})
        items.append({"metadata": {"name": group, "creationTimestamp": None}, "versions": entries})
    return {"kind": "APIGroupDiscoveryList", "apiVersion": "apidiscovery.k8s.io/v2", "metadata": {}, "items": items}


def api_versions(server_address: str) -> dict[str, Any]:
    return {"kind": "APIVersions", "versions": ["v1"],
            "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": server_address}]}


def _group(group: str, versions: dict[str, list[ResourceType]]) -> dict[str, Any]:
    listed = [{"groupVersion": f"{group}/{v}", "version": v} for v in versions]
    return {"name": group, "versions": listed, "preferredVersion": listed[0]}


def group_list(types: list[ResourceType]) -> dict[str, Any]:
    return {"kind": "APIGroupList", "apiVersion": "v1",
            "groups": [_group(g, v) for g, v in _grouped(types).items() if g]}


def group(types: list[ResourceType], name: str) -> dict[str, Any] | None:
    versions = _grouped(types).get(name)
    if not name or not versions:
        return None
    return {"kind": "APIGroup", "apiVersion": "v1", **_group(name, versions)}


def resource_list(types: list[ResourceType], group: str, version: str) -> dict[str, Any] | None:
    resources = _grouped(types).get(group, {}).get(version)
    if not resources:
        return None
    listed: list[dict[str, Any]] = []
    for rt in resources:
        entry: dict[str, Any] = {"name": rt.plural, "singularName": rt.singular, "namespaced": rt.namespaced,
                                 "kind": rt.kind, "verbs": list(rt.verbs)}
        if rt.short_names:
            entry["shortNames"] = list(rt.short_names)
        if rt.categories:
            entry["categories"] = list(rt.categories)
        listed.append(entry)
        for sub in _subresources(rt):
            listed.append({"name": f"{rt.plural}/{sub}", "singularName": "", "namespaced": rt.namespaced,
                           "kind": "Scale" if sub == "scale" else rt.kind, "verbs": SUBRESOURCE_VERBS,
                           **({"group": "autoscaling", "version": "v1"} if sub == "scale" else {})})
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": f"{group}/{version}" if group else version,
            "resources": listed}
