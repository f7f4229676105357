"""The operator part: the inference operator add-on, HyperPod's dependency Helm chart and the one function that runs
Helm and kubectl at deploy time; and what an existing cluster must already run for them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from aws_cdk import RemovalPolicy, aws_iam as iam
from constructs import Construct

from ..aws.data_capture import DataCaptureWriters
from ..aws.eks import HyperPodEks
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.hyperpod_dependencies import HyperPodDependencies, HyperPodHelmChart
from ..aws.inference_operator import CHART_FOR_INSTANCE_GROUPS, InferenceOperator, InferenceOperatorOptions
from ..aws.kubectl_handler import KubectlHandler
from ..errors import Advice
from ..intent.cluster_prerequisites import (
    EXISTING_CLUSTER_WARNING, ClusterPrerequisite, existing_cluster_prerequisites, prerequisites_warning)
from ..intent.cluster import Eks
from ..intent.instance_group import InstanceGroup
from .advice import advise
from .charts_part import CUSTOM_MIG_CONFIG_MAP, MIG_MANAGER_CONFIG_VALUES, custom_mig_layouts


@dataclass(frozen=True)
class OperatorContext:
    """What the operator part needs: the clusters it serves, the trust for its roles, the ``operator=`` options, and
    whether ``cdk deploy`` applies manifests (then the kubectl function exists even without the Helm chart)."""
    eks: HyperPodEks
    cluster_eks: Eks  # the ``cluster.eks`` choice: an existing cluster has prerequisites
    oidc_provider: iam.IOidcProvider
    hyperpod: HyperPodCluster
    instance_groups: tuple[InstanceGroup, ...]  # what the default Helm chart is chosen for
    options: InferenceOperatorOptions
    applies_manifests: bool
    removal_policy: RemovalPolicy
    register: Callable[[str, str, str], str]  # DeployTimeValues.register: data capture buckets and keys


@dataclass(frozen=True)
class OperatorHandle:
    operator: InferenceOperator
    """``<scope>/InferenceOperator``: the add-on with its execution role and TLS bucket."""
    dependencies: Optional[HyperPodDependencies]
    """``<scope>/HyperPodDependencies``: the dependency Helm chart, or None when ``operator.helm_chart`` is None."""
    kubectl_handler: Optional[KubectlHandler]
    """``<scope>/Kubectl``: runs Helm and kubectl at deploy time, or None when nothing needs it."""
    data_capture_writers: DataCaptureWriters
    """Grants the operator's execution role write access to each endpoint's data capture bucket."""
    cluster_prerequisites: tuple[ClusterPrerequisite, ...]
    """What an existing EKS cluster must already run (empty for a created one)."""

    @property
    def installed(self) -> tuple[Construct, ...]:
        """What this part installs on the cluster, for what needs it there first: the add-on and the Helm chart."""
        return (self.operator.addon, *([self.dependencies.resource] if self.dependencies is not None else []))


def build_operator(scope: Construct, context: OperatorContext) -> OperatorHandle:
    """The Helm chart before the HyperPod cluster (HyperPod requires it on the cluster first), the add-on after the
    workload add-ons (cert-manager and the CSI drivers), as cluster admin (as AWS's stack grants); one warning on
    ``scope`` listing an existing cluster's prerequisites."""
    eks, options = context.eks, context.options
    helm_chart = dependency_chart(context.instance_groups, options.helm_chart)
    kubectl_handler = None
    if helm_chart is not None or context.applies_manifests:
        kubectl_handler = KubectlHandler(scope, "Kubectl", cluster=eks.cluster, vpc_subnets=eks.function_subnets)
    dependencies = None
    if helm_chart is not None:
        dependencies = HyperPodDependencies(scope, "HyperPodDependencies", cluster=eks.cluster, chart=helm_chart,
                                            handler=kubectl_handler)
        context.hyperpod.resource.node.add_dependency(dependencies.resource)
    operator = InferenceOperator(
        scope, "InferenceOperator", cluster=eks.cluster, oidc_provider=context.oidc_provider,
        hyperpod_cluster_arn=context.hyperpod.cluster_arn, vpc_id=eks.network.vpc.vpc_id,
        options=options, removal_policy=context.removal_policy)
    operator.addon.node.add_dependency(*eks.workload_addons)
    prerequisites = existing_cluster_prerequisites(context.cluster_eks, alb=options.alb, keda=options.keda)
    if prerequisites:
        advise(scope, [Advice(EXISTING_CLUSTER_WARNING, prerequisites_warning(
            eks.cluster.cluster_name, prerequisites))], "platform")
    writers = DataCaptureWriters(scope, writer=operator.execution_role, register=context.register)
    operator.addon.node.add_dependency(eks.grant_cluster_admin("InferenceOperatorAccess",
                                                               operator.execution_role.role_arn))
    return OperatorHandle(operator=operator, dependencies=dependencies, kubectl_handler=kubectl_handler,
                          data_capture_writers=writers, cluster_prerequisites=prerequisites)


def dependency_chart(groups: tuple[InstanceGroup, ...], given: object) -> Optional[HyperPodHelmChart]:
    """The chart given, or for ``CHART_FOR_INSTANCE_GROUPS`` the one the groups need: MIG groups need its GPU operator,
    custom layouts need its MIG manager to read the platform's ConfigMap."""
    if given is not CHART_FOR_INSTANCE_GROUPS:
        return given if isinstance(given, HyperPodHelmChart) else None
    values: dict[str, Any] = {}
    if custom_mig_layouts(groups):
        node = values
        for key in MIG_MANAGER_CONFIG_VALUES[:-1]:
            node = node.setdefault(key, {})
        node[MIG_MANAGER_CONFIG_VALUES[-1]] = CUSTOM_MIG_CONFIG_MAP
    return HyperPodHelmChart(enable_gpu_operator=any(group.mig_layout is not None for group in groups), values=values)
