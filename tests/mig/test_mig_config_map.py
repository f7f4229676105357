"""The custom MIG ConfigMap: a valid Kubernetes object whose config.yaml is a mig-parted document."""
from __future__ import annotations

import pytest
import yaml

from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs import mig_config_map
from hyperpod_constructs.resolve.mig_config_map import mig_parted_document
from hyperpod_constructs.intent.mig import MigLayout
from support import reference_file, validate_manifest

MIX = MigLayout.custom(name="llm-mix", devices={"3g.40gb": 1, "2g.20gb": 1, "1g.10gb": 2})
SPLIT = MigLayout.per_device(name="split", layouts={(0, 1, 2, 3): {"3g.40gb": 2}, (4, 5, 6): {"1g.10gb": 7}, 7: {}})


def test_config_map_validates_and_carries_the_partition_label():
    manifest = mig_config_map([MIX, SPLIT])
    validate_manifest(manifest)
    assert manifest["metadata"] == {
        "name": "hyperpod-mig-config", "namespace": "kube-system",
        "labels": {"sagemaker.amazonaws.com/accelerator-partition-configmap": "true"}}
    assert list(manifest["data"]) == ["config.yaml"]


def test_config_yaml_keeps_every_stock_layout_and_adds_the_custom_ones():
    stock = yaml.safe_load(reference_file("default-mig-config.yaml").read_text())
    config = yaml.safe_load(mig_config_map([MIX, SPLIT])["data"]["config.yaml"])
    assert config["version"] == "v1"
    assert {k: v for k, v in config["mig-configs"].items() if k in stock["mig-configs"]} == stock["mig-configs"]
    assert set(config["mig-configs"]) - set(stock["mig-configs"]) == {"llm-mix", "split"}
    assert config["mig-configs"]["llm-mix"] == MIX.mig_parted_config()["mig-configs"]["llm-mix"]
    assert config["mig-configs"]["split"] == SPLIT.mig_parted_config()["mig-configs"]["split"]


def test_custom_only_config_round_trips():
    manifest = mig_config_map([SPLIT], name="custom-mig", namespace="gpu-operator", include_stock=False)
    validate_manifest(manifest)
    assert yaml.safe_load(manifest["data"]["config.yaml"]) == SPLIT.mig_parted_config()


def test_names_that_yaml_would_read_as_other_types_stay_strings():
    layout = MigLayout.custom(name="true", devices={"7g.80gb": 1})
    config = yaml.safe_load(mig_config_map([layout], include_stock=False)["data"]["config.yaml"])
    assert list(config["mig-configs"]) == ["true"]


def test_same_layout_from_two_groups_is_written_once():
    # Two different layouts of one name are a platform problem (rule mig-layout-names-unique, tests/mig/test_mig_checks.py).
    assert list(mig_parted_document([MIX, MIX], include_stock=False)["mig-configs"]) == ["llm-mix"]


def test_config_map_cannot_replace_the_chart_owned_one():
    with pytest.raises(HyperPodValidationError, match=r"name='default-mig-config' is not allowed"):
        mig_config_map([MIX], name="default-mig-config")


def test_config_map_name_and_namespace_are_kubernetes_names():
    with pytest.raises(HyperPodValidationError, match=r"name='Custom_MIG' is not allowed; a Kubernetes object name"):
        mig_config_map([MIX], name="Custom_MIG")
    with pytest.raises(HyperPodValidationError, match=r"namespace='gpu.operator' is not allowed"):
        mig_config_map([MIX], namespace="gpu.operator")


def test_empty_custom_only_config_map_is_an_error():
    with pytest.raises(HyperPodValidationError, match=r"layouts=\[\] is not allowed; at least one layout"):
        mig_config_map([], include_stock=False)
