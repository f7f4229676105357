"""A model store's S3 link (``AWS::FSx::DataRepositoryAssociation``) replaced or deleted, with the endpoints that read
the files it links: those of OLD's manifests whose model comes from the store (``modelSourceType: fsx`` on this file
system) from a location under the link's file system path. Their pods read those files; the template names no
endpoint, so without OLD's manifests they are not known."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from .gateways import ENDPOINT_KINDS
from .manifests import ObjectKey
from .resources import ResourceChanges

LINK_TYPE = "AWS::FSx::DataRepositoryAssociation"
FILE_SYSTEM_TYPE = "AWS::FSx::FileSystem"
# How the manifests name the platform's model store: a deploy-time value (dist/manifests/values.env).
STORE_PLACEHOLDER = "${ModelStoreFileSystemId}"


@dataclass(frozen=True)
class StoreLinkChange:
    logical_id: str
    event: str  # "replaced" or "deleted"
    readers: Optional[tuple[str, ...]]  # None: OLD's manifests are not at hand


def store_link_changes(resources: ResourceChanges, old: Mapping[str, Any],
                       objects: Optional[Mapping[ObjectKey, Mapping[str, Any]]]) -> tuple[StoreLinkChange, ...]:
    """Each link of ``old`` (OLD's resources) that ``resources`` replaces or deletes; ``objects``: OLD's manifests,
    None when they are not at hand."""
    moved = [(item.logical_id, "replaced") for item in resources.replaced if item.type_name == LINK_TYPE]
    moved += [(item.logical_id, "deleted") for item in resources.deleted if item.type_name == LINK_TYPE]
    return tuple(StoreLinkChange(logical_id, event,
                                 None if objects is None else _readers(old, old[logical_id], objects))
                 for logical_id, event in moved)


def _readers(resources: Mapping[str, Any], link: Mapping[str, Any],
             objects: Mapping[ObjectKey, Mapping[str, Any]]) -> tuple[str, ...]:
    properties = link.get("Properties") or {}
    path = str(properties.get("FileSystemPath") or "/").rstrip("/")
    file_system = properties.get("FileSystemId")
    names = {file_system} if isinstance(file_system, str) else set()
    if isinstance(file_system, dict) and resources.get(str(file_system.get("Ref")), {}).get("Type") == FILE_SYSTEM_TYPE:
        names.add(STORE_PLACEHOLDER)  # the stack's own store, named by its deploy-time value
    readers = []
    for (_, kind, _, name), manifest in objects.items():
        source = (manifest.get("spec") or {}).get("modelSourceConfig") or {}
        if kind not in ENDPOINT_KINDS or source.get("modelSourceType") != "fsx":
            continue
        location = "/" + str(source.get("modelLocation") or "").strip("/")
        if (source.get("fsxStorage") or {}).get("fileSystemId") in names and (
                not path or location == path or location.startswith(path + "/")):
            readers.append(name)
    return tuple(sorted(readers))
