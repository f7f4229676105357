"""What the diff reads: cloud assembly folders (``cdk.out``) or template files, and the manifest bundles the
platform's ``Custom::HyperPodManifests`` resources apply (an S3 asset of the assembly; see ``delivery/bundle.py``)."""
from __future__ import annotations

import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ..delivery.applier import RESOURCE_TYPE as MANIFESTS_TYPE, ManifestDelivery
from ..delivery.bundle import BUNDLE_MANIFESTS, MANIFEST_SUFFIX
from ..input_files import shown


class InputError(Exception):
    """An input that cannot be read: a usage error."""


# CloudFormation's largest template (a template body in S3): a bigger file is no template CloudFormation deploys.
MAX_TEMPLATE_BYTES = 1_000_000
_TYPE_NAME = re.compile(r"^(Custom::[A-Za-z0-9_@-]{1,60}|[A-Za-z0-9]{2,64}::[A-Za-z0-9]{2,64}::[A-Za-z0-9]{2,64}"
                        r"(::[A-Za-z0-9]{2,64})?)$")
_LOGICAL_ID = re.compile(r"^[A-Za-z0-9]{1,255}$")


def check_resources(path: Path, template: dict[str, Any]) -> dict[str, Any]:
    """``template`` when its Resources are a CloudFormation template's: objects under logical ids, each with a type."""
    resources = template.get("Resources")
    if not isinstance(resources, dict):
        raise InputError(f"{path}: a CloudFormation template has a Resources section (an object of resources)")
    for logical_id, resource in resources.items():
        if not _LOGICAL_ID.match(str(logical_id)):
            raise InputError(f"{path}: Resources key {shown(logical_id)} is not a logical id (letters and digits, "
                             "at most 255)")
        kind = resource.get("Type") if isinstance(resource, dict) else None
        if not isinstance(kind, str) or not _TYPE_NAME.match(kind):
            raise InputError(f"{path}: Resources.{logical_id}.Type {shown(kind)} is not a resource type such as "
                             "AWS::S3::Bucket or Custom::Name")
    return template


@dataclass(frozen=True)
class Bundle:
    key: Optional[str]  # the resource's BundleKey: the same key is the same bundle (None: delivered by GitOps)
    files: Optional[tuple[str, ...]]  # the manifest files' texts; None when not available here

    @property
    def gitops(self) -> bool:
        """The applier applies nothing: Argo CD or Flux apply the manifests (``ManifestDelivery.GITOPS``)."""
        return self.key is None


@dataclass(frozen=True)
class StackInput:
    name: str
    template: dict[str, Any]
    bundles: dict[str, Bundle]  # logical id of each Custom::HyperPodManifests -> its bundle
    from_template_file: bool


def read_stacks(path: Path) -> dict[str, StackInput]:
    """Stack name -> stack, from a cloud assembly folder or one template file (JSON or YAML, the output of
    ``aws cloudformation get-template`` too)."""
    if path.is_dir():
        return _assembly_stacks(path)
    if path.is_file():
        template = read_template(path)
        return {path.stem: StackInput(path.stem, template, _bundles(template, {}), True)}
    raise InputError(f"{path}: no such file or folder")


def read_template(path: Path) -> dict[str, Any]:
    from cfnlint.decode import decode_str  # short-form intrinsics (!Ref, !Sub ...) become their long forms

    size = path.stat().st_size
    if size > MAX_TEMPLATE_BYTES:
        raise InputError(f"{path}: {size:,} bytes, more than CloudFormation's largest template "
                         f"({MAX_TEMPLATE_BYTES:,} bytes): not a template CloudFormation deploys")
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: cannot be read as text ({error})") from None
    if not text.strip():
        raise InputError(f"{path}: empty; give a template file (aws cloudformation get-template --stack-name <stack> "
                         "--query TemplateBody) or a cloud assembly folder (cdk synth -o <folder>)")
    template, problems = decode_str(text)
    if template is None:
        raise InputError(f"{path}: not a CloudFormation template ({problems[0].message if problems else 'empty'})")
    template = json.loads(json.dumps(template))  # cfn-lint's nodes as plain dicts and lists
    if not isinstance(template, dict):
        raise InputError(f"{path}: a {type(template).__name__}, not a CloudFormation template (a JSON or YAML object)")
    body = template.get("TemplateBody")  # `aws cloudformation get-template` without --query
    if body is not None:
        template = body if isinstance(body, dict) else json.loads(json.dumps(decode_str(body)[0]))
        if not isinstance(template, dict):
            raise InputError(f"{path}: its TemplateBody is not a CloudFormation template")
    return check_resources(path, template)


def read_manifest_folder(path: Path) -> tuple[str, ...]:
    """The ``*.k8s.yaml`` files of a folder such as an earlier ``dist/manifests``."""
    if not path.is_dir():
        raise InputError(f"{path}: no such folder")
    files = tuple(file.read_text() for file in sorted(path.glob(f"*{MANIFEST_SUFFIX}")))
    if not files:
        raise InputError(f"{path}: holds no *{MANIFEST_SUFFIX} file")
    return files


def _assembly_stacks(folder: Path) -> dict[str, StackInput]:
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        raise InputError(f"{folder}: not a cloud assembly (no manifest.json)")
    assets = _asset_sources(folder)
    stacks: dict[str, StackInput] = {}
    for artifact_id, artifact in json.loads(manifest.read_text()).get("artifacts", {}).items():
        properties = artifact.get("properties") or {}
        if artifact.get("type") == "cdk:cloud-assembly":  # a stage's nested assembly
            stacks.update(_assembly_stacks(folder / properties["directoryName"]))
        elif artifact.get("type") == "aws:cloudformation:stack":
            template = read_template(folder / properties["templateFile"])
            name = properties.get("stackName", artifact_id)
            stacks[name] = StackInput(name, template, _bundles(template, assets), False)
    return stacks


def _asset_sources(folder: Path) -> dict[str, Path]:
    """S3 object key -> the asset's file or folder in the assembly, from its asset manifests."""
    sources: dict[str, Path] = {}
    for manifest in folder.glob("*.assets.json"):
        for asset in json.loads(manifest.read_text()).get("files", {}).values():
            for destination in asset.get("destinations", {}).values():
                sources[destination["objectKey"]] = folder / asset["source"]["path"]
    return sources


def _bundles(template: dict[str, Any], assets: dict[str, Path]) -> dict[str, Bundle]:
    bundles = {}
    for logical_id, resource in template["Resources"].items():
        if resource.get("Type") != MANIFESTS_TYPE:
            continue
        properties = resource.get("Properties") or {}
        key = properties.get("BundleKey")
        if isinstance(key, str):
            source = assets.get(key)
            bundles[logical_id] = Bundle(key, _bundle_files(source) if source and source.exists() else None)
        elif properties.get("Delivery") == ManifestDelivery.GITOPS.value:
            bundles[logical_id] = Bundle(None, None)
    return bundles


def _bundle_files(source: Path) -> tuple[str, ...]:
    """The manifest files of a bundle staged as a folder or as a zip file."""
    if source.is_dir():
        return tuple(path.read_text() for path in sorted((source / BUNDLE_MANIFESTS).glob(f"*{MANIFEST_SUFFIX}")))
    with zipfile.ZipFile(source) as archive:
        return tuple(archive.read(name).decode() for name in sorted(archive.namelist())
                     if name.startswith(f"{BUNDLE_MANIFESTS}/") and name.endswith(MANIFEST_SUFFIX))
