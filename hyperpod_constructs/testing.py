"""Helpers for testing your own platform with pytest (README "Testing your platform").

Everything is read in memory; nothing is written to ``dist/`` or ``cdk.out/`` of your project:

- ``template(stack)``: the stack's CloudFormation template, with what changes on every upgrade of this library or of
  aws-cdk-lib masked: asset hashes (``<asset-hash>``), the bootstrap qualifier (``<qualifier>``), CDK's bootstrap
  version check and its version-reporting resource. The template shows the manifests only as one bundle asset, so
  snapshot the manifests too;
- ``manifests(platform)``: chart name -> the Kubernetes objects, exactly as ``platform.export()`` writes them
  (deploy-time values as ``${Name}`` placeholders); ``manifest_files(platform)``: the files themselves;
- ``plan(platform)``: the plan as ``dist/plan.txt`` holds it, as lines;
- ``snapshot(stack, platform)``: the three together, one JSON value to compare with syrupy's
  ``JSONSnapshotExtension``, or with ``assert_matches_snapshot`` when you do not use syrupy.

With syrupy::

    from syrupy.extensions.json import JSONSnapshotExtension

    def test_platform(snapshot):
        app = cdk.App()
        stack, platform = build(app)
        assert testing.snapshot(stack, platform) == snapshot.use_extension(JSONSnapshotExtension)

Without: ``testing.assert_matches_snapshot(testing.snapshot(stack, platform), Path(__file__).parent / "platform.json")``;
run once with ``HYPERPOD_CONSTRUCTS_UPDATE_SNAPSHOTS=1`` to write the file, and review its diff like code.
"""
from __future__ import annotations

import difflib
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

import yaml

if TYPE_CHECKING:
    import aws_cdk as cdk

    from .platform.platform import HyperPodInferencePlatform

UPDATE_ENV = "HYPERPOD_CONSTRUCTS_UPDATE_SNAPSHOTS"
ASSET_HASH = "<asset-hash>"
QUALIFIER = "<qualifier>"

_ASSET_HASH = re.compile(r"[0-9a-f]{64}")
# The bootstrap stack's names carry its qualifier: cdk-<qualifier>-assets-..., /cdk-bootstrap/<qualifier>/version.
_BOOTSTRAP_NAME = re.compile(r"\bcdk-[a-z0-9]+-(assets|container-assets|deploy-role|cfn-exec-role|"
                             r"file-publishing-role|image-publishing-role|lookup-role)\b")
_BOOTSTRAP_PARAMETER = re.compile(r"/cdk-bootstrap/[a-z0-9]+/")


def mask(value: Any) -> Any:
    """``value`` (JSON data) with asset hashes and bootstrap qualifiers replaced by ``<asset-hash>`` and
    ``<qualifier>``."""
    text = json.dumps(value, sort_keys=True)
    text = _ASSET_HASH.sub(ASSET_HASH, text)
    text = _BOOTSTRAP_NAME.sub(lambda match: f"cdk-{QUALIFIER}-{match.group(1)}", text)
    text = _BOOTSTRAP_PARAMETER.sub(f"/cdk-bootstrap/{QUALIFIER}/", text)
    return json.loads(text)


def template(stack: "cdk.Stack") -> dict[str, Any]:
    """The stack's template as ``cdk synth`` writes it, masked (``mask``) and without CDK's bootstrap version check
    (``Parameters.BootstrapVersion``, ``Rules.CheckBootstrapVersion``) and version reporting (``CDKMetadata``),
    which follow the aws-cdk-lib release, not your app.

    Synthesizes the stack's app in memory (into its ``outdir``, a temporary folder unless the app names one); the
    platform's synth-time checks run, so a platform ``cdk synth`` refuses raises here too."""
    import aws_cdk as cdk

    stage = cdk.Stage.of(stack)
    assert stage is not None, "a stack always has a stage"
    found = dict(stage.synth().get_stack_artifact(stack.artifact_id).template)
    parameters = {name: value for name, value in (found.get("Parameters") or {}).items() if name != "BootstrapVersion"}
    rules = {name: value for name, value in (found.get("Rules") or {}).items() if name != "CheckBootstrapVersion"}
    resources = {name: value for name, value in (found.get("Resources") or {}).items()
                 if value.get("Type") != "AWS::CDK::Metadata"}
    conditions = {name: value for name, value in (found.get("Conditions") or {}).items()
                  if name != "CDKMetadataAvailable"}
    for key, kept in (("Parameters", parameters), ("Rules", rules), ("Resources", resources),
                      ("Conditions", conditions)):
        if kept:
            found[key] = kept
        else:
            found.pop(key, None)
    return mask(found)


def manifest_files(platform: "HyperPodInferencePlatform") -> dict[str, str]:
    """File name -> text of the files ``platform.export()`` writes under ``manifests/`` (one ``<chart>.k8s.yaml``
    per chart and ``values.env``), the same files ``cdk deploy`` applies. Rendering fixes them: add every endpoint
    and chart before the first call, as before ``export()``."""
    return dict(platform.manifest_files.files())


def manifests(platform: "HyperPodInferencePlatform") -> dict[str, list[dict[str, Any]]]:
    """Chart name -> its Kubernetes objects, parsed from ``manifest_files`` (deploy-time values as ``${Name}``
    placeholders, as ``values.env`` lists them)."""
    suffix = ".k8s.yaml"
    return {name[: -len(suffix)]: [document for document in yaml.safe_load_all(text) if document is not None]
            for name, text in sorted(manifest_files(platform).items()) if name.endswith(suffix)}


def plan(platform: "HyperPodInferencePlatform") -> list[str]:
    """The plan as ``dist/plan.txt`` holds it, one string per line (a snapshot diff then shows the lines that
    changed)."""
    return platform.plan.render().splitlines()


def snapshot(stack: "cdk.Stack", platform: "HyperPodInferencePlatform") -> dict[str, Any]:
    """What a snapshot test of a platform compares: ``{"template": ..., "manifests": ..., "plan": ...}``. The
    manifests are rendered first, so that synthesizing the template finds them fixed."""
    found_manifests = manifests(platform)
    return {"template": template(stack), "manifests": mask(found_manifests), "plan": plan(platform)}


def assert_matches_snapshot(value: Any, path: Union[str, Path]) -> None:
    """Compare ``value`` (JSON data) with the JSON file ``path``, for test suites without syrupy.

    The file is written (and the test passes) when the environment sets ``HYPERPOD_CONSTRUCTS_UPDATE_SNAPSHOTS=1``;
    otherwise a missing file or a difference fails with the lines that differ."""
    path = Path(path)
    text = json.dumps(value, indent=2, sort_keys=True) + "\n"
    if os.environ.get(UPDATE_ENV) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return
    if not path.is_file():
        raise AssertionError(f"{path}: no snapshot yet; run the test once with {UPDATE_ENV}=1 to write it, then "
                             "review and commit the file")
    expected = path.read_text()
    if expected != text:
        diff = "".join(difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True),
                                            fromfile=f"{path} (snapshot)", tofile="now", n=2))
        raise AssertionError(f"{path}: the platform differs from its snapshot; if the change is meant, run the test "
                             f"with {UPDATE_ENV}=1 and review the file's diff\n{diff}")
