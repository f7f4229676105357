"""A model whose weights are already on a Kubernetes volume: node-local NVMe, or a PersistentVolumeClaim.

With ``modelSourceType: kubernetesVolume`` the operator creates no PV, PVC or CSI mount; the endpoint declares the
pod volume itself. The first endpoint reads weights pre-staged on every node's NVMe instance store (for example by
a lifecycle script or a DaemonSet); the second reads a PVC your team already manages (here an EFS-backed claim).
"""
from __future__ import annotations

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSize, ModelSource


def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(app, "LlmInferenceModelFromKubernetesVolume",
                      description="Models from Kubernetes volumes on SageMaker HyperPod")
    platform = HyperPodInferencePlatform(
        stack, "Platform",
        instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2),
            InstanceGroup("a10g", "ml.g5.12xlarge", count=2),
            InstanceGroup("a10g-small", "ml.g5.8xlarge", count=1),
        ],
    )
    platform.add_endpoint(InferenceEndpoint(
        "llama-8b-nvme",
        model=ModelSource.kubernetes_volume(host_path="/opt/dlami/nvme/models/llama-3.1-8b-instruct",
                                            size=ModelSize(parameters=8.03e9)),
        instance_types=["ml.g5.12xlarge", "ml.g5.8xlarge"],  # preference order
    ))
    platform.add_endpoint(InferenceEndpoint(
        "mistral-7b-pvc",
        model=ModelSource.kubernetes_volume(volume={"persistentVolumeClaim": {"claimName": "shared-models",
                                                                              "readOnly": True}},
                                            size=ModelSize(parameters=7.25e9)),
        instance_type="ml.g5.12xlarge",
        gpus=1,
    ))
    return stack, platform


if __name__ == "__main__":
    app = cdk.App()
    stack, platform = build(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    platform.export("dist/model-from-kubernetes-volume")
    app.synth()
