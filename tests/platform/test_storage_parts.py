"""The model store and model access parts alone: the file system only with ``model_store=``, and the CSI drivers'
roles with a warning where the platform does not install their add-ons."""
from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Annotations, Match, Template

from apps_support import imported_bucket
from hyperpod_constructs import ModelStore
from hyperpod_constructs.delivery.bundle import DeployTimeValues
from hyperpod_constructs.platform.model_access_part import ModelAccessContext, build_model_access
from hyperpod_constructs.platform.model_store_part import ModelStoreContext, build_model_store
from parts_support import bare_stack, existing_eks, network_and_eks


def test_the_model_store_is_built_only_when_given() -> None:
    stack = bare_stack()
    network, _ = network_and_eks(stack, existing_eks(stack))
    assert build_model_store(stack, ModelStoreContext(None, network, RemovalPolicy.RETAIN)) is None
    spec = ModelStore(bucket=imported_bucket(stack), capacity_gib=1200)
    store = build_model_store(stack, ModelStoreContext(spec, network, RemovalPolicy.RETAIN))
    assert store is not None and store.spec is spec and store.node.path == "Parts/ModelStore"
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::FSx::FileSystem", 1)
    template.has_resource("AWS::FSx::FileSystem", {"DeletionPolicy": "Retain"})


def test_drivers_of_add_ons_the_platform_does_not_install_are_the_users_to_attach() -> None:
    stack = bare_stack()
    network, eks = network_and_eks(stack, existing_eks(stack))  # install_addons=False: no add-on of ours
    bucket = imported_bucket(stack)
    handle = build_model_access(stack, ModelAccessContext(eks.oidc_provider, tuple(eks.eks.workload_addons), bucket,
                                                          network.security_groups[0], DeployTimeValues(stack).register))
    assert handle.storage_drivers.node.path == "Parts/StorageDrivers"
    warnings = Annotations.from_stack(stack).find_warning("/Parts/StorageDrivers", Match.string_like_regexp(
        "the platform does not install aws-fsx-csi-driver, aws-mountpoint-s3-csi-driver on this existing cluster"))
    assert len(warnings) == 1
    # The model store's bucket is granted to the S3 driver's role at once.
    policies = Template.from_stack(stack).find_resources("AWS::IAM::Policy")
    assert any("my-models" in str(policy) for policy in policies.values())
