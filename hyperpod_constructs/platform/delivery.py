"""The platform's manifest files and how ``cdk deploy`` applies them: one bundle, one custom resource, at synth.

Charts are rendered once into files (``gitops.render_files``); the GitOps export writes those files and the
applier's bundle holds the same ones, so what is deployed and what is exported cannot differ.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Sequence

import jsii
from aws_cdk import AspectPriority, Aspects, IAspect
from constructs import Construct, IConstruct

from ..aws.kubectl_handler import KubectlHandler
from ..aws.manifest_delivery import ManifestApplier
from .gitops import (
    PLATFORM_LABEL, DeployTimeValues, bundle_inventory, bundle_kinds, owner_labels, render_files, write_bundle)

# The CDK context key tools like SAM set to make assets point at their sources instead of copies.
DISABLE_ASSET_STAGING = "aws:cdk:disable-asset-staging"


class ManifestFiles:
    """Chart name -> manifests, each object labelled as this platform's, rendered to files once per change."""

    def __init__(self, values: DeployTimeValues, platform_label: str) -> None:
        self.values = values
        self.platform_label = platform_label
        self.charts: dict[str, list[dict[str, Any]]] = {}
        self._labels = owner_labels(platform_label)
        self._rendered: tuple[tuple[int, int], dict[str, str]] = ((-1, -1), {})

    def add(self, name: str, manifests: list[dict[str, Any]]) -> None:
        for manifest in manifests:  # what the applier prunes and deletes by
            manifest.setdefault("metadata", {}).setdefault("labels", {}).update(self._labels)
        self.charts[name] = manifests

    def files(self) -> dict[str, str]:
        """File name -> text; charts and values are only ever added, so their counts tell whether to render again."""
        version = (len(self.charts), len(self.values.names))
        if self._rendered[0] != version:
            self._rendered = (version, render_files(self.charts, self.values))
        return self._rendered[1]

    def apply_with(self, scope: Construct, construct_id: str, handler: KubectlHandler,
                   after: Sequence[Construct]) -> ManifestApplier:
        """The bundle of every file and the one custom resource that applies it, once ``after`` exist."""
        staging = Path(tempfile.mkdtemp(prefix="hyperpod-manifests-"))
        write_bundle(staging, self.files(), bundle_inventory(self.charts, self.values))
        applier = ManifestApplier(
            scope, construct_id, handler=handler, bundle_dir=str(staging),
            selector=f"{PLATFORM_LABEL}={self.platform_label}",
            record_name=f"hyperpod-constructs-{self.platform_label}",
            kinds=bundle_kinds(self.charts), values=self.values.tokens)
        if not scope.node.try_get_context(DISABLE_ASSET_STAGING):
            shutil.rmtree(staging, ignore_errors=True)  # the asset was copied into the cloud assembly
        applier.resource.node.add_dependency(*after)
        return applier


def at_synth(scope: Construct, construct_id: str, callback: Callable[[], None]) -> None:
    """Call ``callback`` once the app is complete (endpoints are added after the platform is constructed).

    The aspect sits on an empty leaf construct, so it visits one node. Unless the app enables aspect
    stabilization, other aspects (tags) do not visit what the callback creates: create only resources that
    take no tags there (the platform creates its kubectl function beforehand).
    """
    Aspects.of(Construct(scope, construct_id)).add(_AtSynth(callback), priority=AspectPriority.MUTATING)


@jsii.implements(IAspect)
class _AtSynth:
    def __init__(self, callback: Callable[[], None]) -> None:
        self._callback = callback

    def visit(self, node: IConstruct) -> None:
        self._callback()

