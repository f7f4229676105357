"""The applier part alone: with ``cdk deploy`` the bundle's custom resource is made at synth, once charts exist; with
GitOps the handover applier exists at once, and only with a kubectl function."""
from __future__ import annotations

from typing import Optional

import aws_cdk as cdk
import cdk8s
from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Template
from constructs import Construct

from hyperpod_constructs import ManifestDelivery
from hyperpod_constructs.aws.kubectl_handler import KubectlHandler
from hyperpod_constructs.platform.applier_part import ApplierContext, ManifestApplication
from hyperpod_constructs.platform.charts_part import PlatformCharts
from hyperpod_constructs.platform.delivery import ManifestFiles
from hyperpod_constructs.delivery.bundle import DeployTimeValues
from parts_support import WHERE, bare_stack, existing_eks, network_and_eks

APPLIER = "Custom::HyperPodManifests"


def application(delivery: ManifestDelivery, *, kubectl: bool = True,
                chart: bool = True, adopt_existing: bool = False) -> tuple[cdk.Stack, ManifestApplication]:
    stack = bare_stack()
    _, eks = network_and_eks(stack, existing_eks(stack))
    handler: Optional[KubectlHandler] = KubectlHandler(stack, "Kubectl", cluster=eks.eks.cluster) if kubectl else None
    files = ManifestFiles(DeployTimeValues(stack), "parts-label", WHERE)
    if chart:
        PlatformCharts(stack, files).add("team", lambda chart: [cdk8s.ApiObject(
            chart, "team", api_version="v1", kind="Namespace", metadata={"name": "team"})])
    first = Construct(stack, "First")
    return stack, ManifestApplication(stack, ApplierContext(files, delivery, RemovalPolicy.DESTROY, handler, first,
                                                            (first,), lambda: None, adopt_existing))


def test_cdk_deploy_makes_the_applier_at_synth() -> None:
    stack, handle = application(ManifestDelivery.CDK_DEPLOY)
    assert handle.applier is None and handle.configures_daemon_at_deploy
    template = Template.from_stack(stack)  # synth
    assert handle.applier is not None and handle.applier.node.path == "Parts/Manifests"
    template.resource_count_is(APPLIER, 1)


def test_cdk_deploy_without_charts_or_a_function_applies_nothing() -> None:
    for stack, handle in (application(ManifestDelivery.CDK_DEPLOY, chart=False),
                          application(ManifestDelivery.CDK_DEPLOY, kubectl=False)):
        Template.from_stack(stack).resource_count_is(APPLIER, 0)
        assert handle.applier is None and handle.tiered_kv_cache_configuration is None


def test_adoption_is_a_property_only_when_the_platform_opts_in() -> None:
    """The engine reads a missing AdoptExisting as no: templates of platforms that never adopt are unchanged."""
    stack, _ = application(ManifestDelivery.CDK_DEPLOY)
    [(_, default)] = Template.from_stack(stack).find_resources(APPLIER).items()
    assert "AdoptExisting" not in default["Properties"]
    stack, _ = application(ManifestDelivery.CDK_DEPLOY, adopt_existing=True)
    [(_, adopting)] = Template.from_stack(stack).find_resources(APPLIER).items()
    assert adopting["Properties"]["AdoptExisting"] == "true"


def test_gitops_hands_over_at_once_and_never_sizes_the_daemon() -> None:
    stack, handle = application(ManifestDelivery.GITOPS)
    assert handle.applier is not None and not handle.configures_daemon_at_deploy
    Template.from_stack(stack).resource_count_is(APPLIER, 1)
    _, without = application(ManifestDelivery.GITOPS, kubectl=False)
    assert without.applier is None
