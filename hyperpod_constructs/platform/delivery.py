"""The platform's manifest files and how ``cdk deploy`` applies them: one bundle, one custom resource, at synth.

Charts are rendered into files (``delivery.bundle.render_files``) when an output first needs them; the GitOps export writes
those files and the applier's bundle holds the same ones, so what is deployed and what is exported cannot differ.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence, TypeVar

from aws_cdk import RemovalPolicy
from constructs import Construct

from ..aws.kubectl_handler import KubectlHandler
from ..delivery.applier import ManifestApplier, StagedBundle
from ..aws.synth_time import keeps_staging
from ..errors import HyperPodValidationError, require
from .deployments import ChartDeployment
from ..delivery.bundle import (
    BUNDLE_FILE, PLATFORM_LABEL, DeployTimeValues, bundle_hash, bundle_inventory, bundle_members, bundle_zip,
    owner_labels, render_files)

Deployment = TypeVar("Deployment", bound=ChartDeployment)


class ManifestFiles:
    """The charts the platform delivers, rendered to files when an output first needs them, and only then.

    Iterating gives the file names (``<chart>.k8s.yaml`` and ``values.env``), indexing a file's text, ``files()`` all
    of them as a dict (``hyperpod_constructs.testing`` reads them for tests).

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
        """File name -> text: one ``<chart>.k8s.yaml`` per chart and ``values.env``, as ``export()`` writes them under
        ``manifests/`` and the bundle ``cdk deploy`` applies holds them."""
        return dict(self.rendered()[1])

    # Read like a mapping of file name -> text (``for name in platform.manifest_files``, ``files[name]``); the first
    # read renders the charts, as ``export()`` does.
    def __iter__(self) -> Iterator[str]:
        return iter(self.rendered()[1])

    def __len__(self) -> int:
        return len(self.rendered()[1])

    def __getitem__(self, file_name: str) -> str:
        files = self.rendered()[1]
        if file_name not in files:
            raise KeyError(f"{file_name!r}: the manifest files are {', '.join(sorted(files))}")
        return files[file_name]

    @property
    def applier_identity(self) -> dict[str, str]:
        """How the applier knows this platform's objects: their label and the record of what it applied."""
        return {"selector": f"{PLATFORM_LABEL}={self.platform_label}",
                "record_name": f"hyperpod-constructs-{self.platform_label}"}

    def apply_with(self, scope: Construct, construct_id: str, handler: KubectlHandler,
                   after: Sequence[Construct], removal: RemovalPolicy, adopt_existing: bool = False) -> ManifestApplier:
        """The bundle of every file and the one custom resource that applies it, once ``after`` exist."""
        charts, files = self.rendered()
        staging = Path(tempfile.mkdtemp(prefix="hyperpod-manifests-"))
        members = bundle_members(files, bundle_inventory(charts, self.values))
        archive = staging / BUNDLE_FILE
        archive.write_bytes(bundle_zip(members))
        applier = ManifestApplier(
            scope, construct_id, handler=handler, bundle=StagedBundle(str(archive), bundle_hash(members)),
            removal=removal, adopt_existing=adopt_existing, values=self.values.tokens, **self.applier_identity)
        if not keeps_staging(scope):
            shutil.rmtree(staging, ignore_errors=True)  # the asset was copied into the cloud assembly
        applier.resource.node.add_dependency(*after)
        return applier
