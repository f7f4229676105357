"""A removed Inference Gateway in the diff. Its config has two writers: the inference operator merges a scheduler
entry into it for each endpoint that attaches, and the applier deletes it only once no other field manager holds
fields of its ``spec`` (docs/gateway.md), so a prune keeps it until the operator lets go. The endpoints it served
are those of OLD's bundle that attach to it by name or whose pods a scheduler selects (``app=<endpoint name>``)."""
from __future__ import annotations

from typing import Any, Mapping

from ..k8s.inference_gateway import GATEWAY_API_VERSION, GATEWAY_KIND
from .manifests import ObjectKey

GATEWAY_GROUP = GATEWAY_API_VERSION.rpartition("/")[0]
ENDPOINT_KINDS = frozenset({"InferenceEndpointConfig", "JumpStartModel"})
KEPT_BY_APPLIER = ("the gateway left the app; the operator merges scheduler entries into its config, so the applier "
                   "deletes it only once no other field manager holds fields of its spec (this deploy or a later "
                   "one)")
PRUNED_BY_GITOPS = "Argo CD or Flux prune it with the entries the operator merged into it"


def is_gateway(key: ObjectKey) -> bool:
    return key[:2] == (GATEWAY_GROUP, GATEWAY_KIND)


def endpoints_served(key: ObjectKey, objects: Mapping[ObjectKey, Mapping[str, Any]]) -> tuple[str, ...]:
    """The endpoints of ``objects`` in the gateway's namespace that attach to it or that its schedulers select."""
    _, _, namespace, name = key
    selected = {(scheduler.get("modelSelector") or {}).get("matchLabels", {}).get("app")
                for scheduler in (objects[key].get("spec") or {}).get("schedulers") or ()}
    served = []
    for (_, kind, endpoint_namespace, endpoint), manifest in objects.items():
        if kind not in ENDPOINT_KINDS or endpoint_namespace != namespace:
            continue
        attached = ((manifest.get("spec") or {}).get("inferenceGateway") or {}).get("name") == name
        if attached or endpoint in selected:
            served.append(endpoint)
    return tuple(sorted(served))


def removed_gateways(deleted: tuple[ObjectKey, ...],
                     objects: Mapping[ObjectKey, Mapping[str, Any]]) -> tuple[tuple[ObjectKey, tuple[str, ...]], ...]:
    """Each gateway among ``deleted`` with the endpoints it served in ``objects`` (OLD's bundle)."""
    return tuple((key, endpoints_served(key, objects)) for key in deleted if is_gateway(key))
