"""Two versions of a small app, as a user changes it between deploys: the second renames the HyperPod cluster
(replaced), doubles the model store (updated in place), links it to another S3 prefix (its link is replaced),
drops one endpoint (its Kubernetes object is deleted) and runs another replica of the other (changed in place)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk
import pytest
from aws_cdk import aws_s3 as s3

from hyperpod_constructs import (
    ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource, ModelStore)


def assembly(tmp_path_factory: pytest.TempPathFactory, name: str,
             build: Callable[[cdk.App], tuple[cdk.Stack, Any]]) -> Path:
    """The cloud assembly ``build`` synthesizes, in a new folder named after ``name``."""
    outdir = tmp_path_factory.mktemp(name) / "cdk.out"
    app = cdk.App(outdir=str(outdir))
    build(app)
    app.synth()
    return outdir


def small_app(*, version: int) -> Callable[[cdk.App], tuple[cdk.Stack, Any]]:
    def build(app: cdk.App) -> tuple[cdk.Stack, Any]:
        stack = cdk.Stack(app, "Inference")
        bucket = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
        platform = HyperPodInferencePlatform(
            stack, "Platform",
            instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=1),
                             InstanceGroup("l40s", "ml.g6e.12xlarge", count=2)],
            model_store=ModelStore(bucket=bucket, prefix="models/" if version == 1 else "weights/",
                                   capacity_gib=1200 if version == 1 else 2400),
            cluster=ClusterSettings(name="inference-a" if version == 1 else "inference-b"))
        platform.add_endpoint(InferenceEndpoint(
            "llama", model=ModelSource.fsx("models/llama/"), instance_type="ml.g6e.12xlarge",
            replicas=1 if version == 1 else 2))
        if version == 1:
            platform.add_endpoint(InferenceEndpoint("qwen", model=ModelSource.fsx("models/qwen/"),
                                                    instance_type="ml.g6e.12xlarge"))
        return stack, platform
    return build


# ---- one platform and the changes users make to it between deploys ----------------------------------------------

# Made-up prices, so that the plan figures carry $/month (the diff prints the floor and the ceiling in dollars).
PRICES = {"ml.m5.2xlarge": 0.5, "ml.g6e.12xlarge": 10.0, "ml.g6e.24xlarge": 15.0, "ml.p5.48xlarge": 100.0}
CHANGES = ("rename_system", "rename_gpu_group", "instance_type", "count_down", "lifecycle_scripts", "storage",
           "remove_group", "other_vpc", "model_store_shrunk", "model_store_removed", "endpoint_removed", "gitops",
           "idle_floor", "mig_layout", "store_link")


def platform_app(change: str = "", *, lifecycle_dir: Any = None) -> Callable[[cdk.App], tuple[cdk.Stack, Any]]:
    """A platform with a system group (2 nodes), an L40S group (2 nodes, two endpoints) and an autoscaled H100 group
    with MIG (0 nodes idle, up to 2), node autoscaling and prices; ``change`` (one of CHANGES) is what the second
    version changes (``mig_layout`` keeps ``idle_floor``'s MIG endpoint: compare it with that version).
    ``lifecycle_dir``: the lifecycle scripts folder the library ships, for ``lifecycle_scripts``."""
    from aws_cdk import aws_ec2 as ec2

    from hyperpod_constructs import ManifestDelivery, Network, Prices
    from hyperpod_constructs.aws import hyperpod_cluster

    assert change in ("", *CHANGES), change

    def build(app: cdk.App) -> tuple[cdk.Stack, Any]:
        stack = cdk.Stack(app, "Inference")
        bucket = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
        l40s = InstanceGroup("l40s", "ml.g6e.24xlarge" if change == "instance_type" else "ml.g6e.12xlarge",
                             count=1 if change == "count_down" else 2,
                             ebs_volume_gib=500 if change == "storage" else None)
        groups = [InstanceGroup("core" if change == "rename_system" else "system", "ml.m5.2xlarge", count=2), l40s]
        if change != "remove_group":
            groups.append(InstanceGroup("p5" if change == "rename_gpu_group" else "h100", "ml.p5.48xlarge", count=0,
                                        max_count=2, mig_config=(
                                            "mixed-4-1g.10gb-1-3g.40gb" if change == "mig_layout" else "all-3g.40gb")))
        network = Network(vpc=ec2.Vpc(stack, "OtherVpc", max_azs=2)) if change == "other_vpc" else None
        store = None if change == "model_store_removed" else ModelStore(
            bucket=bucket, capacity_gib=1200 if change == "model_store_shrunk" else 2400,
            prefix="weights/" if change == "store_link" else None)
        original_scripts = hyperpod_cluster.LIFECYCLE_DIR
        if lifecycle_dir is not None:
            hyperpod_cluster.LIFECYCLE_DIR = lifecycle_dir  # as a library version shipping other scripts would
        try:
            platform = HyperPodInferencePlatform(
                stack, "Platform", instance_groups=groups, model_store=store, node_autoscaling=True,
                prices=Prices(instance_hourly=PRICES), **({"network": network} if network else {}),
                delivery=ManifestDelivery.GITOPS if change == "gitops" else ManifestDelivery.CDK_DEPLOY)
        finally:
            hyperpod_cluster.LIFECYCLE_DIR = original_scripts
        source = ModelSource.s3(bucket, "llama/") if store is None else ModelSource.fsx("models/llama/")
        platform.add_endpoint(InferenceEndpoint("llama", model=source, instance_type=l40s.instance_type))
        if change != "endpoint_removed":
            platform.add_endpoint(InferenceEndpoint("qwen", model=source, instance_type=l40s.instance_type))
        if change in ("idle_floor", "mig_layout"):
            platform.add_endpoint(InferenceEndpoint("mig", model=source, instance_type="ml.p5.48xlarge",
                                                    accelerator_partition="mig-3g.40gb", replicas=1))
        return stack, platform
    return build
