"""The rendered manifest files: what the GitOps export writes and what ``cdk deploy`` applies, byte for byte.

Values only known after ``cdk deploy`` (file system ids, bucket names, the region of an env-agnostic
stack) are CDK tokens inside the manifests. Each one the platform hands to a chart is registered here
under a name; the files hold ``${Name}`` in its place, and the stack has an output of the same name,
so ``envsubst`` (or a Kustomize replacement) fills them from the stack's outputs. The stack's manifest
applier gets the same files in one S3 bundle (plus an inventory of the objects in each) and fills the
values CloudFormation resolved for it.
"""
from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from aws_cdk import Token
from constructs import Construct

from .. import yaml_writer
from ..aws.stack_outputs import stack_output
from ..k8s.api_objects import MANAGED_BY_LABEL
from ..k8s.inference_gateway import REQUIRED_KINDS, SHARED_KINDS

_UNRESOLVED = re.compile(r"\$\{Token\[[^\]]+\]\}")
MANIFEST_SUFFIX = ".k8s.yaml"
VALUES_FILE = "values.env"
BUNDLE_MANIFESTS = "manifests"  # the bundle's folder holding exactly the exported files
INVENTORY_FILE = "inventory.json"
BUNDLE_FILE = "bundle.zip"  # the staged bundle: the S3 object the applier downloads
# Every object the platform delivers carries this label (and MANAGED_BY_LABEL); the applier prunes and deletes by it.
PLATFORM_LABEL = "hyperpod-constructs.io/platform"
_NOT_DNS = re.compile(r"[^a-z0-9-]+")
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest zip time: the same bytes on every synth


class DeployTimeValues:
    """Named deploy-time values: a CloudFormation output each, and a placeholder in exported YAML."""

    def __init__(self, scope: Construct) -> None:
        self._scope = scope
        self._by_token: dict[str, str] = {}

    def register(self, name: str, value: str, description: str) -> str:
        """Returns ``value`` unchanged so calls can wrap the value where it is used."""
        if Token.is_unresolved(value) and value not in self._by_token:
            self._by_token[value] = name
            stack_output(self._scope, name, value, description)  # values.env promises outputs named like this
        return value

    @property
    def names(self) -> list[str]:
        return sorted(self._by_token.values())

    @property
    def tokens(self) -> dict[str, str]:
        """Name -> the CDK token CloudFormation resolves at deploy time."""
        return {name: token for token, name in sorted(self._by_token.items(), key=lambda item: item[1])}

    def to_placeholders(self, manifests: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        return self.with_placeholders(list(manifests))

    def with_placeholders(self, data: Any) -> Any:
        """``data`` (JSON-like) with each registered token written as its ``${Name}`` placeholder."""
        text = json.dumps(data)
        # Longest first: a composite value (a DNS name holding the region) wins over its parts.
        for token, name in sorted(self._by_token.items(), key=lambda item: -len(item[0])):
            text = text.replace(token, "${" + name + "}")
        leftover = sorted(set(_UNRESOLVED.findall(text)))
        if leftover:
            raise ValueError(
                f"manifests hold deploy-time values with no registered name: {leftover}; "
                "register them with DeployTimeValues.register so GitOps users can fill them in")
        return json.loads(text)


def render_files(charts: Mapping[str, list[dict[str, Any]]], values: DeployTimeValues) -> dict[str, str]:
    """File name -> text: one ``<chart>.k8s.yaml`` per chart plus ``values.env`` naming the placeholders to fill."""
    files = {f"{name}{MANIFEST_SUFFIX}": yaml_writer.dump_manifests(values.to_placeholders(manifests))
             for name, manifests in charts.items()}
    files[VALUES_FILE] = ("# Fill each value from the stack output of the same name (python -m hyperpod_constructs.values "
                          "--stack <stack>), then substitute only these names (docs/delivery.md)\n"
                          + "".join(f"{name}=\n" for name in values.names))
    return files


def write_files(out_dir: Path, files: Mapping[str, str]) -> list[Path]:
    """Write rendered files, removing chart files of an earlier run that no longer exist."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in out_dir.glob(f"*{MANIFEST_SUFFIX}"):
        stale.unlink()
    written = []
    for name, text in files.items():
        path = out_dir / name
        path.write_text(text)
        written.append(path)
    return written


# ---- the bundle cdk deploy applies --------------------------------------------------------------------------

def platform_label_value(stack_name: str, path: str) -> str:
    """This platform's value of ``PLATFORM_LABEL``: readable, unique per stack and construct path, and a valid
    label value and DNS name (at most 63 characters)."""
    digest = hashlib.sha256(f"{stack_name}/{path}".encode()).hexdigest()[:8]
    readable = _NOT_DNS.sub("-", f"{stack_name}-{path.rsplit('/', 1)[-1]}".lower()).strip("-")[:40].rstrip("-")
    return f"{readable}-{digest}" if readable else digest


def owner_labels(platform_value: str) -> dict[str, str]:
    return {**MANAGED_BY_LABEL, PLATFORM_LABEL: platform_value}


def kubectl_kind(api_version: str, kind: str) -> str:
    """How kubectl names a kind unambiguously: ``Kind.version.group``, or ``Kind`` for the core group."""
    group, _, version = api_version.rpartition("/")
    return f"{kind}.{version}.{group}" if group else kind


def bundle_inventory(charts: Mapping[str, list[dict[str, Any]]], values: DeployTimeValues) -> dict[str, Any]:
    """Which objects each file holds (the applier's Lambda has no YAML parser), which values it must fill, and,
    when the bundle has any: the objects with a second writer (``shared``) and the kinds their kinds need served
    first (``requires``)."""
    def ref(manifest: Mapping[str, Any]) -> dict[str, Optional[str]]:
        metadata = manifest["metadata"]
        return {"kind": kubectl_kind(manifest["apiVersion"], manifest["kind"]),
                "namespace": metadata.get("namespace"), "name": metadata["name"]}

    # A name may hold a deploy-time value (the model store's objects carry the file system's id): the inventory
    # holds its placeholder, which the applier fills with the same value as the files.
    files = values.with_placeholders({f"{name}{MANIFEST_SUFFIX}": [ref(manifest) for manifest in manifests]
                                      for name, manifests in charts.items()})
    inventory: dict[str, Any] = {"values": values.names, "files": files}
    refs = [item for items in files.values() for item in items]
    shared = [item for item in refs if item["kind"] in SHARED_KINDS]
    if shared:
        inventory["shared"] = shared
    kinds = {item["kind"] for item in refs}
    requires = {kind: list(needed) for kind, needed in sorted(REQUIRED_KINDS.items()) if kind in kinds}
    if requires:
        inventory["requires"] = requires
    return inventory


def bundle_members(files: Mapping[str, str], inventory: Mapping[str, Any]) -> dict[str, str]:
    """The applier's bundle, member name -> text: ``manifests/`` (the exported files) and ``inventory.json``."""
    return {**{f"{BUNDLE_MANIFESTS}/{name}": text for name, text in files.items()},
            INVENTORY_FILE: json.dumps(inventory, sort_keys=True)}


def bundle_zip(members: Mapping[str, str]) -> bytes:
    """The bundle as one zip (what the applier downloads and unpacks): the same bytes for the same members.

    One file, not a folder of one file per chart: at 1,000 endpoints, writing and staging a thousand files cost more
    than rendering them.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            member = zipfile.ZipInfo(name, date_time=_ZIP_EPOCH)
            member.external_attr = 0o644 << 16  # rw-r--r--, as a file the CDK CLI zips
            member.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(member, text)
    return buffer.getvalue()


def bundle_hash(members: Mapping[str, str]) -> str:
    """What names the bundle's S3 object: a hash of its members, not of the zip's bytes, so it is the same on every
    machine whatever its zlib."""
    return hashlib.sha256(json.dumps(members, sort_keys=True).encode()).hexdigest()
