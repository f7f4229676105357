"""The resource types the server serves: built-in kinds and those CRDs add once Established.

Why: discovery, OpenAPI, URL routing, error messages (``deployments.apps "x"``) and the status subresource all come
from one description per resource, as the real server's discovery documents them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ALL_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]


@dataclass(frozen=True)
class ResourceType:
    group: str
    version: str
    plural: str
    singular: str
    kind: str
    namespaced: bool
    short_names: tuple[str, ...] = ()
    verbs: tuple[str, ...] = tuple(ALL_VERBS)
    categories: tuple[str, ...] = ()
    status_subresource: bool = False  # status is reset on writes to the main resource and kept out of field sets
    scale_subresource: bool = False
    schema: dict[str, Any] | None = field(default=None, compare=False, hash=False)  # CRD openAPIV3Schema
    crd: str | None = None  # name of the CRD that serves it

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def group_version_path(self) -> str:
        """``api/v1`` or ``apis/apps/v1``: the URL prefix and the OpenAPI v3 document name."""
        return f"apis/{self.group}/{self.version}" if self.group else f"api/{self.version}"

    def collection_path(self, namespace: str | None) -> str:
        if self.namespaced and namespace:
            return f"/{self.group_version_path}/namespaces/{namespace}/{self.plural}"
        return f"/{self.group_version_path}/{self.plural}"


def _r(group: str, version: str, plural: str, kind: str, namespaced: bool, *short: str, singular: str = "",
       verbs: tuple[str, ...] = tuple(ALL_VERBS), categories: tuple[str, ...] = (), status: bool = False,
       scale: bool = False) -> ResourceType:
    return ResourceType(group, version, plural, singular or kind.lower(), kind, namespaced, tuple(short), verbs,
                        categories, status, scale)


ALL = ("all",)
BUILTINS: tuple[ResourceType, ...] = (
    _r("", "v1", "namespaces", "Namespace", False, "ns", verbs=("create", "delete", "get", "list", "patch", "update",
                                                                  "watch"), status=True),
    _r("", "v1", "configmaps", "ConfigMap", True, "cm"),
    _r("", "v1", "secrets", "Secret", True),
    _r("", "v1", "serviceaccounts", "ServiceAccount", True, "sa"),
    _r("", "v1", "services", "Service", True, "svc", categories=ALL, status=True,
       verbs=("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch")),
    _r("", "v1", "pods", "Pod", True, "po", categories=ALL, status=True),
    _r("", "v1", "events", "Event", True, "ev"),
    _r("", "v1", "persistentvolumes", "PersistentVolume", False, "pv", status=True),
    _r("", "v1", "persistentvolumeclaims", "PersistentVolumeClaim", True, "pvc", status=True),
    _r("apps", "v1", "deployments", "Deployment", True, "deploy", categories=ALL, status=True, scale=True),
    _r("apps", "v1", "daemonsets", "DaemonSet", True, "ds", categories=ALL, status=True),
    _r("apps", "v1", "statefulsets", "StatefulSet", True, "sts", categories=ALL, status=True, scale=True),
    # kstatus (helm --wait=watcher) lists a Deployment's ReplicaSets and a StatefulSet's Pods: served, kept empty.
    _r("apps", "v1", "replicasets", "ReplicaSet", True, "rs", categories=ALL, status=True, scale=True),
    _r("apps", "v1", "controllerrevisions", "ControllerRevision", True),
    _r("batch", "v1", "jobs", "Job", True, categories=ALL, status=True),
    _r("rbac.authorization.k8s.io", "v1", "clusterroles", "ClusterRole", False),
    _r("rbac.authorization.k8s.io", "v1", "clusterrolebindings", "ClusterRoleBinding", False),
    _r("rbac.authorization.k8s.io", "v1", "roles", "Role", True),
    _r("rbac.authorization.k8s.io", "v1", "rolebindings", "RoleBinding", True),
    _r("storage.k8s.io", "v1", "storageclasses", "StorageClass", False, "sc"),
    _r("apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition", False, "crd", "crds",
       status=True),
    _r("admissionregistration.k8s.io", "v1", "mutatingwebhookconfigurations", "MutatingWebhookConfiguration", False),
    _r("admissionregistration.k8s.io", "v1", "validatingwebhookconfigurations", "ValidatingWebhookConfiguration",
       False),
    _r("authorization.k8s.io", "v1", "selfsubjectaccessreviews", "SelfSubjectAccessReview", False, verbs=("create",)),
    _r("coordination.k8s.io", "v1", "leases", "Lease", True),
)

# The order /apis lists groups in (the real server puts its built-in groups in a fixed priority order).
GROUP_ORDER = ["", "apps", "batch", "rbac.authorization.k8s.io", "storage.k8s.io", "apiextensions.k8s.io",
               "admissionregistration.k8s.io", "authorization.k8s.io", "coordination.k8s.io"]


def from_crd(crd: dict[str, Any]) -> list[ResourceType]:
    """The resource types one CRD serves: one per served version."""
    spec = crd.get("spec", {})
    names = spec.get("names", {})
    types = []
    for version in spec.get("versions", []):
        if not version.get("served", True):
            continue
        subresources = version.get("subresources") or {}
        types.append(ResourceType(
            spec["group"], version["name"], names["plural"], names.get("singular") or names["kind"].lower(),
            names["kind"], spec.get("scope", "Namespaced") == "Namespaced", tuple(names.get("shortNames") or ()),
            tuple(ALL_VERBS), tuple(names.get("categories") or ()), "status" in subresources,
            "scale" in subresources, (version.get("schema") or {}).get("openAPIV3Schema"), crd["metadata"]["name"]))
    return types
