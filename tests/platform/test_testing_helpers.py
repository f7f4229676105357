"""hyperpod_constructs.testing: what a user's pytest suite reads of their platform, in memory and stable across
library upgrades (asset hashes and bootstrap names masked)."""
from __future__ import annotations

import json
from pathlib import Path

import aws_cdk as cdk
import pytest
import yaml

from apps_support import s3_model
from hyperpod_constructs import Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, testing
from support import cdk_json_context


def _built(outdir: Path, *, max_replicas: int = 2) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    app = cdk.App(outdir=str(outdir), context=cdk_json_context())
    stack = cdk.Stack(app, "LlmInference")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("system", "ml.m5.2xlarge", count=2), InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint("qwen", model=s3_model(stack), instance_type="ml.g6e.12xlarge",
                                            autoscaling=Autoscaling(min_replicas=1, max_replicas=max_replicas)))
    return stack, platform


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    return _built(tmp_path_factory.mktemp("testing-helpers"))


@pytest.fixture(scope="module")
def taken(built: tuple[cdk.Stack, HyperPodInferencePlatform]) -> dict:
    return testing.snapshot(*built)


def test_mask_replaces_asset_hashes_and_the_bootstrap_qualifier() -> None:
    value = {"S3Key": "a" * 64 + ".zip", "Bucket": {"Fn::Sub": "cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}"},
             "Role": "arn:aws:iam::1:role/cdk-myqual12-cfn-exec-role-1-us-east-1",
             "Version": "/cdk-bootstrap/hnb659fds/version", "Short": "b" * 63, "Word": "cdk-mything-kept"}
    assert testing.mask(value) == {
        "S3Key": "<asset-hash>.zip", "Bucket": {"Fn::Sub": "cdk-<qualifier>-assets-${AWS::AccountId}-${AWS::Region}"},
        "Role": "arn:aws:iam::1:role/cdk-<qualifier>-cfn-exec-role-1-us-east-1",
        "Version": "/cdk-bootstrap/<qualifier>/version", "Short": "b" * 63, "Word": "cdk-mything-kept"}


def test_template_holds_no_hash_qualifier_or_bootstrap_check(taken: dict) -> None:
    text = json.dumps(taken["template"])
    assert "hnb659fds" not in text and "<asset-hash>" in text and "<qualifier>" in text
    assert "CheckBootstrapVersion" not in text and "AWS::CDK::Metadata" not in text
    assert "AWS::SageMaker::Cluster" in {resource["Type"] for resource in taken["template"]["Resources"].values()}


def test_manifests_are_what_export_writes(built: tuple[cdk.Stack, HyperPodInferencePlatform], taken: dict,
                                          tmp_path: Path) -> None:
    stack, platform = built
    written = {path.name: path.read_text() for path in platform.export(tmp_path, picture=False)
               if path.parent.name == "manifests"}
    assert testing.manifest_files(platform) == written
    assert {f"{chart}.k8s.yaml" for chart in taken["manifests"]} | {"values.env"} == set(written)
    (endpoint,) = taken["manifests"]["endpoint-default-qwen"]
    assert endpoint == yaml.safe_load(written["endpoint-default-qwen.k8s.yaml"])
    assert endpoint["spec"]["autoScalingSpec"]["maxReplicaCount"] == 2
    assert taken["plan"] == (tmp_path / "plan.txt").read_text().splitlines()


def test_manifest_files_reads_as_a_mapping(built: tuple[cdk.Stack, HyperPodInferencePlatform]) -> None:
    stack, platform = built
    names = list(platform.manifest_files)
    assert "values.env" in names and len(platform.manifest_files) == len(names)
    assert platform.manifest_files["endpoint-default-qwen.k8s.yaml"].startswith("apiVersion:")
    with pytest.raises(KeyError, match=r"'nope.k8s.yaml': the manifest files are .*endpoint-default-qwen.k8s.yaml"):
        platform.manifest_files["nope.k8s.yaml"]


def test_snapshot_is_the_same_for_the_same_app_and_differs_for_a_change(taken: dict, tmp_path: Path) -> None:
    assert testing.snapshot(*_built(tmp_path / "again")) == taken
    changed = testing.snapshot(*_built(tmp_path / "changed", max_replicas=3))
    assert changed["manifests"] != taken["manifests"]
    # The template holds the manifests only as the bundle's hash, masked: the manifests are what shows the change.
    assert changed["template"] == taken["template"]


def test_assert_matches_snapshot_writes_on_request_compares_and_names_the_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "snapshots" / "platform.json"
    with pytest.raises(AssertionError, match="no snapshot yet; run the test once with "
                                             "HYPERPOD_CONSTRUCTS_UPDATE_SNAPSHOTS=1 to write it"):
        testing.assert_matches_snapshot({"a": 1}, path)
    monkeypatch.setenv(testing.UPDATE_ENV, "1")
    testing.assert_matches_snapshot({"a": 1, "b": [1, 2]}, path)
    monkeypatch.delenv(testing.UPDATE_ENV)
    testing.assert_matches_snapshot({"b": [1, 2], "a": 1}, path)
    with pytest.raises(AssertionError, match=r"differs from its snapshot(.|\n)*-  \"a\": 1,\n\+  \"a\": 2,"):
        testing.assert_matches_snapshot({"a": 2, "b": [1, 2]}, path)
