"""One stack's diff: its resources and the Kubernetes objects of each manifest bundle, and whether anything is
replaced or deleted (what the command's exit status reports)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .inputs import Bundle, StackInput
from .manifests import ObjectChanges, object_changes, objects_of
from .resources import ResourceChanges, resource_changes

NO_OLD_BUNDLE = ("the old manifest bundle is not available here (OLD is a template): Kubernetes objects are not "
                 "compared; pass --old-manifests with the dist/manifests folder of the deployed version")
NO_NEW_BUNDLE = "the new manifest bundle is not available here (NEW is a template): Kubernetes objects are not compared"


@dataclass(frozen=True)
class BundleDiff:
    logical_id: str
    changes: Optional[ObjectChanges]  # None: not compared (``note`` says why) or the same bundle
    note: Optional[str] = None


@dataclass(frozen=True)
class StackDiff:
    name: str
    resources: ResourceChanges
    bundles: tuple[BundleDiff, ...]

    @property
    def destructive(self) -> bool:
        """Something is replaced or deleted: a resource, or a Kubernetes object the applier prunes."""
        return bool(self.resources.replaced or self.resources.deleted
                    or any(bundle.changes and bundle.changes.deleted for bundle in self.bundles))


def stack_diff(old: StackInput, new: StackInput, old_manifests: Optional[tuple[str, ...]] = None) -> StackDiff:
    """``old_manifests``: the old bundle's files when ``old`` cannot hold them (a deployed template)."""
    bundles = []
    for logical_id in sorted(old.bundles.keys() | new.bundles.keys()):
        before, after = old.bundles.get(logical_id), new.bundles.get(logical_id)
        if before is not None and before.files is None and old_manifests is not None:
            before = Bundle(before.key, old_manifests)
        bundles.append(bundle_diff(logical_id, before, after))
    return StackDiff(new.name, resource_changes(old.template, new.template), tuple(bundles))


def bundle_diff(logical_id: str, old: Optional[Bundle], new: Optional[Bundle]) -> BundleDiff:
    """A bundle added (every object added), removed (every object deleted: the applier deletes what it applied),
    the same (same key), or compared object by object."""
    if old is not None and new is not None and old.key == new.key:
        return BundleDiff(logical_id, None, "unchanged (the same bundle)")
    if old is not None and old.files is None:
        return BundleDiff(logical_id, None, NO_OLD_BUNDLE)
    if new is not None and new.files is None:
        return BundleDiff(logical_id, None, NO_NEW_BUNDLE)
    before = objects_of(old.files or ()) if old is not None else {}
    after = objects_of(new.files or ()) if new is not None else {}
    return BundleDiff(logical_id, object_changes(before, after))
