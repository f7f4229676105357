"""One stack's diff: its resources, the HyperPod cluster's instance groups, the changes a service refuses, the
Kubernetes objects of each manifest bundle, and the plan figures; and its status (what the command's exit status
reports): destructive, not everything compared, or neither."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional

from .change_rules import HOLDS
from .deploy_values import ValueChange, field_values, name_values, value_changes
from .gateways import ENDPOINT_KINDS, removed_gateways
from .inputs import Bundle, StackInput
from .instance_groups import CLUSTER_TYPE, GroupChange, instance_group_changes, lifecycle_script_changes
from .manifests import ObjectChanges, ObjectKey, object_changes, objects_of
from .plan_figures import FiguresChange, PlatformFigures, StackFigures, figures_changes, platform_figures
from .resources import ResourceChanges, resource_changes
from .service_rules import ServiceFinding, service_findings
from .store_links import StoreLinkChange, store_link_changes

NO_OLD_BUNDLE = ("the old manifest bundle is not available here (OLD is a template): Kubernetes objects are not "
                 "compared; pass --old-manifests with the dist/manifests folder of the deployed version")
NO_NEW_BUNDLE = "the new manifest bundle is not available here (NEW is a template): Kubernetes objects are not compared"
GITOPS_NOT_COMPARED = ("delivered by GitOps (Argo CD or Flux apply dist/manifests): Kubernetes objects are not "
                       "compared; pass --old-manifests and --new-manifests with the two versions' dist/manifests")
HANDOVER = ("handed over to GitOps: the stack stops applying these objects and deletes none of them; Argo CD or Flux "
            "take them over when they apply the same files")
ADOPTED = ("taken back from GitOps: the applier applies the bundle, adopting the objects that exist, and deletes none "
           "that GitOps added")
NO_OLD_FIGURES = ("OLD carries no plan figures (Metadata hyperpod-constructs:plan, written since this version): the "
                  "idle floor, the ceiling and the endpoints on each group are not compared")


@dataclass(frozen=True)
class BundleDiff:
    logical_id: str
    changes: Optional[ObjectChanges]  # None: not compared (``note`` says why) or the same bundle
    note: Optional[str] = None
    compared: bool = True  # False: the objects could not be compared
    prunes: bool = True  # whether an object gone from the new version is deleted from the cluster
    gateways_removed: tuple[tuple[ObjectKey, tuple[str, ...]], ...] = ()  # each with the endpoints it served
    gitops: bool = False  # both versions delivered by GitOps: Argo CD or Flux prune, not the applier
    values: tuple[ValueChange, ...] = ()  # deploy-time values its objects hold that take a new value


@dataclass(frozen=True)
class ClusterGroups:
    """The instance group changes of one HyperPod cluster resource."""

    logical_id: str
    changes: tuple[GroupChange, ...]
    endpoints_known: bool  # OLD's plan figures say which endpoints run on each instance type


@dataclass(frozen=True)
class StackDiff:
    name: str
    resources: ResourceChanges
    bundles: tuple[BundleDiff, ...]
    groups: tuple[ClusterGroups, ...] = ()
    refusals: tuple[ServiceFinding, ...] = ()  # what a service refuses or may refuse
    figures: tuple[FiguresChange, ...] = ()
    endpoints_removed: tuple[tuple[str, int, int], ...] = ()  # (platform, endpoints before, after) when fewer
    store_links: tuple[StoreLinkChange, ...] = ()  # model store links replaced or deleted, with their readers
    notes: tuple[str, ...] = ()  # what was not compared, beside the bundles' own notes

    @property
    def destructive(self) -> bool:
        """Something is replaced, deleted, refused, takes running nodes away, or is newly billed while idle."""
        return bool(self.resources.replaced or self.resources.deleted or self.refusals or self.endpoints_removed
                    or any(bundle.changes and (bundle.changes.deleted or bundle.changes.replaced) and bundle.prunes
                           for bundle in self.bundles)
                    or any(change.rule.outcome in HOLDS for cluster in self.groups for change in cluster.changes)
                    or any(change.newly_billed_idle_gpus for change in self.figures))

    @property
    def fully_compared(self) -> bool:
        return not self.notes and all(bundle.compared for bundle in self.bundles)


def stack_diff(old: StackInput, new: StackInput, old_manifests: Optional[tuple[str, ...]] = None,
               new_manifests: Optional[tuple[str, ...]] = None) -> StackDiff:
    """``old_manifests`` / ``new_manifests``: a version's manifest files when its input cannot hold them (a deployed
    template, or GitOps delivery)."""
    resources = resource_changes(old.template, new.template)
    old_resources, new_resources = old.template.get("Resources") or {}, new.template.get("Resources") or {}
    bundles = tuple(bundle_diff(logical_id, _with_files(old.bundles.get(logical_id), old_manifests),
                                _with_files(new.bundles.get(logical_id), new_manifests),
                                value_changes(_values(old_resources.get(logical_id)),
                                              _values(new_resources.get(logical_id)), resources.replaced))
                    for logical_id in sorted(old.bundles.keys() | new.bundles.keys()))
    old_figures, new_figures = platform_figures(old.template), platform_figures(new.template)
    if old_figures is None and not old_resources:  # a new stack: no platform ran before
        old_figures = {}
    notes = (NO_OLD_FIGURES,) if old_figures is None and new_figures is not None else ()
    replaced = [item.logical_id for item in resources.replaced]
    old_objects = _objects([_with_files(bundle, old_manifests) for bundle in old.bundles.values()])
    return StackDiff(
        new.name, resources, bundles,
        groups=_cluster_groups(old_resources, new_resources, old_figures, replaced, _placement(old_objects)),
        refusals=service_findings(old_resources, new_resources, replaced),
        figures=figures_changes(old_figures, new_figures) if old_figures is not None else (),
        # Without both bundles' objects, the plan figures still count the endpoints that go.
        endpoints_removed=() if all(bundle.compared for bundle in bundles) else _endpoints_removed(
            old_figures, new_figures),
        store_links=store_link_changes(resources, old_resources, old_objects),
        notes=notes)


def bundle_diff(logical_id: str, old: Optional[Bundle], new: Optional[Bundle],
                values: Optional[Mapping[str, ValueChange]] = None) -> BundleDiff:
    """A bundle added (every object added), removed (every object deleted: the applier deletes what it applied),
    the same (same key) with the same deploy-time values, handed over to GitOps or back, or compared object by object.
    ``values``: the deploy-time values that take a new value (an object named by one is replaced)."""
    values = dict(values or {})
    if old is not None and new is not None and old.key == new.key and not old.gitops:
        files = new.files if new.files is not None else old.files  # the same key: the same files
        same = objects_of(files or ()) if values else {}
        used = _values_used(same) & values.keys()
        if not used:
            note = "unchanged (the same bundle)"
            if files is None and values:
                note += "; deploy-time values change, and the objects holding them are not known here"
            return BundleDiff(logical_id, None, note, compared=files is not None or not values)
        changing = {name: values[name] for name in sorted(used)}
        return BundleDiff(logical_id, object_changes(same, same, changing), "the same bundle, with new deploy-time "
                          "values", values=tuple(changing.values()))
    handover = old is not None and new is not None and not old.gitops and new.gitops
    adopted = old is not None and new is not None and old.gitops and not new.gitops
    if old is not None and old.files is None and not adopted:
        note = GITOPS_NOT_COMPARED if old.gitops else NO_OLD_BUNDLE
        return BundleDiff(logical_id, None, f"{HANDOVER}; {note}" if handover else note, compared=False)
    if new is not None and new.files is None:
        note = HANDOVER + "; the GitOps version is not compared (pass --new-manifests)" if handover else (
            GITOPS_NOT_COMPARED if new.gitops else NO_NEW_BUNDLE)
        return BundleDiff(logical_id, None, note, compared=False)
    before = objects_of(old.files or ()) if old is not None else {}
    after = objects_of(new.files or ()) if new is not None else {}
    note = HANDOVER if handover else ADOPTED if adopted else None
    # Handing over or taking back deletes nothing; between GitOps versions, Argo CD or Flux prune what is gone.
    used = {name: values[name] for name in sorted(_values_used(after) & values.keys())} \
        if new is not None and old is not None else {}
    changes = object_changes(before, after, used)
    return BundleDiff(logical_id, changes, note, prunes=not (handover or adopted),
                      gateways_removed=removed_gateways(changes.deleted, before),
                      gitops=old is not None and new is not None and old.gitops and new.gitops,
                      values=tuple(used.values()))


def _values(resource: Optional[Mapping[str, Any]]) -> dict[str, Any]:
    """The applier's ``Values`` property: placeholder name -> what CloudFormation fills it with."""
    values = ((resource or {}).get("Properties") or {}).get("Values")
    return dict(values) if isinstance(values, Mapping) else {}


def _values_used(objects: Mapping[ObjectKey, Any]) -> set[str]:
    """The deploy-time values ``objects`` hold, in their names or fields."""
    used: set[str] = set()
    for manifest in objects.values():
        used |= name_values(manifest)
        used |= {name for _, _, names in field_values(manifest) for name in names}
    return used


def _with_files(bundle: Optional[Bundle], files: Optional[tuple[str, ...]]) -> Optional[Bundle]:
    if bundle is not None and bundle.files is None and files is not None:
        return Bundle(bundle.key, files)
    return bundle


def _cluster_groups(old: dict[str, Any], new: dict[str, Any], figures: Optional[dict[str, PlatformFigures]],
                    replaced: list[str], placement: Optional[dict[str, frozenset[str]]]) -> tuple[ClusterGroups, ...]:
    """Per HyperPod cluster updated in place (a replaced one replaces every node anyway)."""
    plan = StackFigures(figures, placement) if figures is not None else None
    found = []
    for logical_id in sorted(old.keys() & new.keys() - set(replaced)):
        if old[logical_id].get("Type") == CLUSTER_TYPE == new[logical_id].get("Type"):
            changes = (instance_group_changes(old[logical_id], new[logical_id], plan, frozenset(replaced))
                       + lifecycle_script_changes(old, new, new[logical_id]))
            if changes:
                found.append(ClusterGroups(logical_id, changes, figures is not None))
    return tuple(found)


def _objects(bundles: list[Optional[Bundle]]) -> Optional[dict[ObjectKey, dict[str, Any]]]:
    """Every object of ``bundles``; None when a bundle's files are not at hand."""
    if any(bundle is None or bundle.files is None for bundle in bundles):
        return None
    found: dict[ObjectKey, dict[str, Any]] = {}
    for bundle in bundles:
        found.update(objects_of(bundle.files or ()))  # type: ignore[union-attr]
    return found


def _placement(objects: Optional[dict[ObjectKey, dict[str, Any]]]) -> Optional[dict[str, frozenset[str]]]:
    """Endpoint name -> the instance types its objects name, from OLD's manifests; None when they are not at
    hand."""
    if objects is None:
        return None
    return {name: frozenset(_instance_types(manifest.get("spec")))
            for (_, kind, _, name), manifest in objects.items() if kind in ENDPOINT_KINDS}


def _instance_types(value: Any) -> Iterator[str]:
    """Every ``instanceType`` / ``instanceTypes`` value under ``value`` (an endpoint's own, or its sides')."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "instanceType" and isinstance(item, str):
                yield item
            elif key == "instanceTypes" and isinstance(item, list):
                yield from (entry for entry in item if isinstance(entry, str))
            else:
                yield from _instance_types(item)
    elif isinstance(value, list):
        for item in value:
            yield from _instance_types(item)


def _endpoints_removed(old: Optional[dict[str, PlatformFigures]],
                       new: Optional[dict[str, PlatformFigures]]) -> tuple[tuple[str, int, int], ...]:
    """(platform, endpoints before, after) where NEW has fewer: the template names none, so they are counted."""
    if old is None or new is None:
        return ()
    return tuple((path, figures.endpoint_count, new[path].endpoint_count) for path, figures in sorted(old.items())
                 if path in new and new[path].endpoint_count < figures.endpoint_count)
