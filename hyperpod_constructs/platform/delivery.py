"""The platform's manifest files and how ``cdk deploy`` applies them: one bundle, one custom resource, at synth.

Charts are rendered into files (``gitops.render_files``) when an output first needs them; the GitOps export writes
those files and the applier's bundle holds the same ones, so what is deployed and what is exported cannot differ.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, TypeVar

import jsii
from aws_cdk import AspectPriority, Aspects, IAspect
from constructs import Construct, IConstruct

from ..aws.kubectl_handler import KubectlHandler
from ..aws.manifest_delivery import ManifestApplier
from ..error_output import crossing_jsii
from ..errors import HyperPodValidationError, require
from .deployments import ChartDeployment
from .gitops import (
    PLATFORM_LABEL, DeployTimeValues, bundle_inventory, bundle_kinds, owner_labels, render_files, write_bundle)

# The CDK context key tools like SAM set to make assets point at their sources instead of copies.
DISABLE_ASSET_STAGING = "aws:cdk:disable-asset-staging"
Deployment = TypeVar("Deployment", bound=ChartDeployment)


class ManifestFiles:
    """The charts the platform delivers, rendered to files when an output first needs them, and only then.

    The first output (the bundle at synth, or ``export()``) fixes the files; a later one must find the charts
    unchanged, else it raises rather than let ``cdk deploy`` and the GitOps export differ.
    """

    def __init__(self, values: DeployTimeValues, platform_label: str, where: str) -> None:
        self.values = values
        self.platform_label = platform_label
        self._where = where
        self._deployments: dict[str, ChartDeployment] = {}
        self._labels = owner_labels(platform_label)
        # The first render: (chart name -> its manifests as JSON text, value names), and (charts, files).
        self._first_state: Optional[tuple[dict[str, str], list[str]]] = None
        self._first: Optional[tuple[dict[str, list[dict[str, Any]]], dict[str, str]]] = None

    def add(self, name: str, create: Callable[[], Deployment]) -> Deployment:
        """The handle ``create`` makes for chart ``name``, once the name is known to be free (no construct is left
        behind by a refused chart)."""
        require(name not in self._deployments, self._where, "chart", name, "a chart name not used yet")
        require(self._first is None, self._where, "chart", name,
                "charts added before the manifests are first rendered (by platform.export() or app.synth())")
        deployment = create()
        self._deployments[name] = deployment
        return deployment

    @property
    def chart_names(self) -> tuple[str, ...]:
        return tuple(self._deployments)

    def charts(self) -> dict[str, list[dict[str, Any]]]:
        """Chart name -> manifests as the charts hold them now, each object labelled as this platform's."""
        return {name: self._labelled(deployment.manifests()) for name, deployment in self._deployments.items()}

    def _labelled(self, manifests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for manifest in manifests:  # what the applier prunes and deletes by
            manifest.setdefault("metadata", {}).setdefault("labels", {}).update(self._labels)
        return manifests

    def rendered(self) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
        """Charts and file name -> text, as first rendered; raises if a chart changed since."""
        charts = self.charts()
        state = ({name: json.dumps(manifests) for name, manifests in charts.items()}, self.values.names)
        if self._first is None:
            self._first_state, self._first = state, (charts, render_files(charts, self.values))
        elif state != self._first_state:
            before, now = self._first_state[0], state[0]
            changed = sorted(name for name in before.keys() | now.keys() if before.get(name) != now.get(name))
            raise HyperPodValidationError(
                self._where, "manifests", changed or ["values.env"],
                "no change after the manifests were first rendered (by platform.export() or at synth for cdk deploy): "
                "change charts and API objects before both, so that cdk deploy and the GitOps export stay the same")
        return self._first

    def files(self) -> dict[str, str]:
        return self.rendered()[1]

    def apply_with(self, scope: Construct, construct_id: str, handler: KubectlHandler,
                   after: Sequence[Construct]) -> ManifestApplier:
        """The bundle of every file and the one custom resource that applies it, once ``after`` exist."""
        charts, files = self.rendered()
        staging = Path(tempfile.mkdtemp(prefix="hyperpod-manifests-"))
        write_bundle(staging, files, bundle_inventory(charts, self.values))
        applier = ManifestApplier(
            scope, construct_id, handler=handler, bundle_dir=str(staging),
            selector=f"{PLATFORM_LABEL}={self.platform_label}",
            record_name=f"hyperpod-constructs-{self.platform_label}",
            kinds=bundle_kinds(charts), values=self.values.tokens)
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
        with crossing_jsii():  # an error here reaches the user through jsii: still printed as its message
            self._callback()

