"""cdk.json carries the recommended feature flags of the pinned aws-cdk-lib, exactly as `cdk init` writes them, and
every app the tests build runs with them (tests/conftest.py), so the snapshots show what `cdk synth` gives."""
from __future__ import annotations

import json
import tarfile
from importlib import metadata
from pathlib import Path

import aws_cdk as cdk

from support import cdk_json_context


def recommended_flags() -> dict[str, object]:
    """aws-cdk-lib's own list (``recommended-feature-flags.json``, what `cdk init` copies into a new cdk.json), read
    from the npm package inside the installed Python distribution."""
    version = metadata.version("aws-cdk-lib")
    tarball = Path(cdk.__file__).parent / "_jsii" / f"aws-cdk-lib@{version}.jsii.tgz"
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/recommended-feature-flags.json")
        assert member is not None
        return json.load(member)


def test_cdk_json_has_the_recommended_flags_of_the_pinned_aws_cdk_lib() -> None:
    # After `make constraints` bumps aws-cdk-lib, copy its new flags into cdk.json (docs/install.md "Feature flags") and review
    # the snapshot changes they bring.
    flags = recommended_flags()
    assert len(flags) > 80
    assert cdk_json_context() == flags


def test_apps_the_tests_build_get_the_flags() -> None:
    stack = cdk.Stack(cdk.App(), "Flags")
    assert cdk.FeatureFlags.of(stack).is_enabled("@aws-cdk/aws-iam:minimizePolicies")
    assert cdk.FeatureFlags.of(stack).is_enabled("@aws-cdk/core:validateAgainstDefaultRules")
