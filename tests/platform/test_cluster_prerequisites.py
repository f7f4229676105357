"""An existing cluster's prerequisites: listed in one synth warning, and as data a preflight can check."""
from __future__ import annotations

import re
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import imported_cluster, imported_vpc
from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodInferencePlatform, HyperPodValidationError, InferenceOperatorOptions, InstanceGroup)
from hyperpod_constructs.catalog.limits import MIN_VPC_CNI_VERSION
from hyperpod_constructs.intent.cluster import NETWORK_ADDONS, WORKLOAD_ADDONS
from hyperpod_constructs.intent.cluster_prerequisites import ADDON_PREREQUISITES, EXISTING_CLUSTER_PREREQUISITES

WARNING_ID = "Annotation::hyperpod-constructs:existing-cluster-prerequisites"
ALL = [item.name for item in EXISTING_CLUSTER_PREREQUISITES]


def platform(*acknowledged: str, existing: bool = True, install_addons: bool = False,
             **operator: Any) -> tuple[HyperPodInferencePlatform, list[str]]:
    """A platform on an existing cluster (or a created one) and the warnings its stack carries."""
    stack = cdk.Stack(cdk.App(), "Byo")
    eks = (Eks.existing(imported_cluster(stack, imported_vpc(stack), cluster_name="team-cluster"),
                        authentication_mode="API", kubernetes_version="1.32", install_addons=install_addons)
           if existing else Eks.new())
    built = HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                      cluster=ClusterSettings(eks=eks),
                                      operator=InferenceOperatorOptions(helm_chart=None, **operator))
    for warning_id in acknowledged:
        cdk.Annotations.of(built).acknowledge_warning(warning_id, "checked by the cluster team")
    found = Annotations.from_stack(stack).find_warning("*", Match.string_like_regexp(f"\\[ack: {WARNING_ID}\\]"))
    return built, [str(entry.entry.data) for entry in found]


def test_an_existing_cluster_gets_one_warning_listing_every_prerequisite() -> None:
    built, warnings = platform()
    assert len(warnings) == 1
    (text,) = warnings
    assert text.startswith("the existing EKS cluster team-cluster must already have what this stack depends on and "
                           "does not install: cert-manager (for the inference operator (its TLS certificates)); ")
    for name in ["cert-manager", "aws-mountpoint-s3-csi-driver", "aws-fsx-csi-driver", "metrics-server",
                 "eks-pod-identity-agent", "vpc-cni 1.18.3 or newer", "load-balancer subnet tags",
                 "no other AWS Load Balancer Controller", "no other KEDA"]:
        assert name in text
    assert [item.name for item in built.cluster_prerequisites] == ALL


def test_the_warning_is_on_the_platform_and_can_be_acknowledged() -> None:
    built, warnings = platform(WARNING_ID)
    assert warnings == []
    assert built.cluster_prerequisites  # still listed for a preflight


def test_a_created_cluster_has_no_prerequisites_and_no_warning() -> None:
    built, warnings = platform(existing=False)
    assert warnings == [] and built.cluster_prerequisites == ()


def test_add_ons_the_stack_installs_are_not_listed() -> None:
    built, warnings = platform(install_addons=True)
    assert [item.name for item in built.cluster_prerequisites] == [
        "load-balancer subnet tags", "no other AWS Load Balancer Controller", "no other KEDA"]
    assert "cert-manager" not in warnings[0]


def test_without_the_operators_alb_and_keda_their_conflicts_are_not_listed() -> None:
    built, _ = platform(alb=False, keda=False)
    assert "no other KEDA" not in [item.name for item in built.cluster_prerequisites]
    assert not any("Load Balancer" in item.needed_by for item in built.cluster_prerequisites)
    built, warnings = platform(install_addons=True, alb=False, keda=False)
    assert built.cluster_prerequisites == () and warnings == []


def test_each_prerequisite_says_how_to_check_it() -> None:
    assert len(set(ALL)) == len(ALL)
    for item in EXISTING_CLUSTER_PREREQUISITES:
        assert item.how_to_check.startswith(("kubectl ", "aws ")), item
        assert item.installed_with in ("install_addons", "alb", "keda"), item


@pytest.mark.parametrize("version", ["v1.18.2-eksbuild.1", "v1.7.10-eksbuild.2", "latest"])
def test_a_pinned_vpc_cni_older_than_hyperpods_minimum_is_refused(version: str) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            f"cluster.eks: addon_versions['vpc-cni']={version!r} is not allowed; v1.18.3 or newer (HyperPod's "
            "minimum)")):
        Eks.new(addon_versions={"vpc-cni": version})


def test_a_pinned_vpc_cni_at_or_above_the_minimum_is_kept() -> None:
    for version in ("v1.18.3-eksbuild.1", "v1.19.2-eksbuild.1", "v2.0.0-eksbuild.1"):
        assert Eks.new(addon_versions={"vpc-cni": version}).addon_versions == {"vpc-cni": version}


def test_the_add_on_prerequisites_are_the_add_ons_install_addons_would_install() -> None:
    # One list for the synth warning and preflight: each add-on entry is one the stack installs with
    # install_addons=True, and only those entries say install_addons.
    addons = {item.eks_addon: item for item in ADDON_PREREQUISITES}
    assert set(addons) <= set(NETWORK_ADDONS + WORKLOAD_ADDONS)
    assert all(item.installed_with == "install_addons" for item in ADDON_PREREQUISITES)
    assert {item.name for item in EXISTING_CLUSTER_PREREQUISITES if item.installed_with == "install_addons"} == {
        item.name for item in ADDON_PREREQUISITES}
    assert addons["vpc-cni"].minimum_version == MIN_VPC_CNI_VERSION
