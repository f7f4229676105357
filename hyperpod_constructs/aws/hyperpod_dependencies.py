"""HyperPod's dependency Helm chart, installed at deploy time from its public git source.

The chart (``aws/sagemaker-hyperpod-cli``, folder ``helm_chart/HyperPodHelmChart``) is not published in a
Helm repository, so a Lambda-backed custom resource downloads the pinned commit and runs Helm, as AWS's own
quick-setup stack does. Nothing of that repository is vendored here. AWS requires the chart to be installed
before the HyperPod cluster is created: make the cluster depend on ``HyperPodDependencies.resource``.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from aws_cdk import (
    CustomResource, Duration, aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam, aws_lambda as lambda_)
from constructs import Construct

from ..errors import HyperPodValidationError, require
from ..intent.frozen import Frozen, thaw
from ..intent.names import is_dns_label, is_dns_subdomain
from .kubectl_handler import KubectlHandler

DEFAULT_REPOSITORY = "aws/sagemaker-hyperpod-cli"
DEFAULT_CHART_PATH = "helm_chart/HyperPodHelmChart"
# aws/sagemaker-hyperpod-cli HEAD of 2026-06-22.
DEFAULT_GIT_REF = "011ca927123e02b35a399935bbb3ab1905fe33c7"
DEFAULT_RELEASE_NAME = "hyperpod-dependencies"
DEFAULT_NAMESPACE = "kube-system"
RESOURCE_TYPE = "Custom::HyperPodHelmChart"
# How long one install, upgrade or uninstall may take from its first event (downloads retried, Helm's own
# --timeout fitted into each invocation); past it the request fails with Helm's words.
INSTALL_TIMEOUT = Duration.minutes(20)

COMMIT_SHA = re.compile(r"^[0-9a-fA-F]{40}$")
REPOSITORY = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
CHART_PATH = re.compile(r"^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$")
RELEASE_NAME_MAX = 53  # Helm's limit

# Value paths in the chart (values.yaml of helm_chart/HyperPodHelmChart and its charts/gpu-operator wrapper).
GPU_OPERATOR = ("gpu-operator", "enabled")
NVIDIA_GPU_OPERATOR = ("gpu-operator", "gpu-operator", "enabled")
MIG_STRATEGY = ("gpu-operator", "gpu-operator", "mig", "strategy")
MIG_MANAGER = ("gpu-operator", "gpu-operator", "migManager", "enabled")
OPERATOR_DEVICE_PLUGIN = ("gpu-operator", "gpu-operator", "devicePlugin", "enabled")
STANDALONE_DEVICE_PLUGIN = ("nvidia-device-plugin", "devicePlugin", "enabled")
INFERENCE_OPERATOR = ("inferenceOperators", "enabled")

# With MIG the GPU operator (mig strategy mixed, its MIG manager and device plugin) must run and the
# standalone device plugin must not: two device plugins would both advertise the GPUs (facts section 4).
MIG_REQUIREMENTS: tuple[tuple[tuple[str, ...], Any, str], ...] = (
    (GPU_OPERATOR, True, "true while enable_gpu_operator=True (MIG needs the GPU operator)"),
    (NVIDIA_GPU_OPERATOR, True, "true while enable_gpu_operator=True (the wrapper chart's NVIDIA operator)"),
    (MIG_STRATEGY, "mixed", "'mixed' while enable_gpu_operator=True (HyperPod partitions per instance group)"),
    (MIG_MANAGER, True, "true while enable_gpu_operator=True (the MIG manager applies nvidia.com/mig.config)"),
    (OPERATOR_DEVICE_PLUGIN, True, "true while enable_gpu_operator=True (it advertises the nvidia.com/mig-* resources)"),
    (STANDALONE_DEVICE_PLUGIN, False,
     "false while enable_gpu_operator=True (the GPU operator brings its own device plugin; two would both advertise the GPUs)"),
)


def _field(path: tuple[str, ...]) -> str:
    return "values" + "".join(f"[{key!r}]" for key in path)


def _value_at(values: Mapping[str, Any], path: tuple[str, ...]) -> tuple[bool, Any]:
    current: Any = values
    for key in path:
        if not isinstance(current, Mapping) or key not in current:
            return False, None
        current = current[key]
    return True, current


def _set_at(values: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    current = values
    for key in path[:-1]:
        current = current.setdefault(key, {})
    current[path[-1]] = value


def _json_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """Helm values as the installer receives them: plain JSON (raises on what JSON cannot carry)."""
    return json.loads(json.dumps(thaw(values), allow_nan=False))  # type: ignore[no-any-return]


def _deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


@dataclass(frozen=True, kw_only=True)
class HyperPodHelmChart:
    """Which HyperPod dependency chart to install, and how.

    ``git_ref`` pins the chart: a full 40-hex commit SHA of ``repository``; branches and tags can move
    (a tag can be deleted and pushed again), so they are refused. ``values`` are Helm values merged over the chart's own (nested maps,
    not ``--set`` dotted keys). ``enable_gpu_operator`` turns on the chart's GPU operator for MIG and turns
    off the standalone NVIDIA device plugin. ``wait`` makes Helm wait for every workload to be ready: leave
    it off when the EKS cluster has no nodes yet (HyperPod nodes join only after this chart is installed).
    """

    git_ref: str = DEFAULT_GIT_REF
    """The chart's pin: a full 40-hex commit SHA of ``repository``; branches and tags are refused (they can move).
    Default: the commit this library is tested with (``DEFAULT_GIT_REF``)."""
    release_name: str = DEFAULT_RELEASE_NAME
    """The Helm release name (at most 53 characters).
    Default: ``"hyperpod-dependencies"``."""
    namespace: str = DEFAULT_NAMESPACE
    """The namespace the release is installed in.
    Default: ``"kube-system"``."""
    values: Mapping[str, Any] = Frozen({})
    """Helm values merged over the chart's own, as nested maps (not ``--set`` dotted keys); kept as a read-only copy.
    The inference operator stays off (the platform installs the EKS add-on).
    Default: none."""
    enable_gpu_operator: bool = False
    """Turn on the chart's NVIDIA GPU operator (MIG strategy ``mixed``) and off the standalone device plugin, as MIG
    needs.
    Default: False (the platform sets it when a group has a MIG layout)."""
    repository: str = DEFAULT_REPOSITORY
    """The GitHub repository holding the chart, ``owner/name``.
    Default: ``"aws/sagemaker-hyperpod-cli"``."""
    chart_path: str = DEFAULT_CHART_PATH
    """The chart's folder inside the repository.
    Default: ``"helm_chart/HyperPodHelmChart"``."""
    wait: bool = False
    """Make Helm wait for every workload to be ready; leave it off while the EKS cluster has no nodes (HyperPod nodes
    join only after this chart is installed).
    Default: False."""

    def __post_init__(self) -> None:
        where = f"HyperPodHelmChart {self.release_name!r}"
        require(isinstance(self.git_ref, str) and bool(COMMIT_SHA.match(self.git_ref)),
                where, "git_ref", self.git_ref,
                f"a full 40-hex commit SHA of {self.repository} (branches and tags can move, so they do not pin "
                f"anything); find a tag's commit with `git ls-remote https://github.com/{self.repository} <tag>` "
                f"(of an annotated tag: the line ending in ^{{}}); default {DEFAULT_GIT_REF}")
        require(bool(REPOSITORY.match(self.repository)), where, "repository", self.repository,
                "a GitHub 'owner/name'")
        require(bool(CHART_PATH.match(self.chart_path)) and ".." not in self.chart_path.split("/"),
                where, "chart_path", self.chart_path, "a relative folder inside the repository, without '..'")
        require(is_dns_subdomain(self.release_name) and len(self.release_name) <= RELEASE_NAME_MAX,
                where, "release_name", self.release_name,
                f"a Helm release name: lowercase letters, digits, '-' and '.', at most {RELEASE_NAME_MAX} characters")
        require(is_dns_label(self.namespace),
                where, "namespace", self.namespace,
                "a Kubernetes namespace name: lowercase letters, digits and '-', at most 63 characters")
        require(isinstance(self.values, Mapping), where, "values", self.values, "a mapping of Helm values")
        try:
            values = _json_values(self.values)
        except (TypeError, ValueError) as error:
            raise HyperPodValidationError(where, "values", self.values, f"JSON-serializable Helm values ({error})") from None
        for key in values:
            require("." not in key, where, f"values[{key!r}]", values[key],
                    "nested maps, not dotted keys: write {'gpu-operator': {'enabled': True}}, "
                    "not {'gpu-operator.enabled': True}")
        self._check_values(where, values)

    def _check_values(self, where: str, values: Mapping[str, Any]) -> None:
        present, enabled = _value_at(values, INFERENCE_OPERATOR)
        require(not present or enabled is False, where, _field(INFERENCE_OPERATOR), enabled,
                "false: the platform installs the inference operator as the EKS add-on "
                "amazon-sagemaker-hyperpod-inference, and two operators would fight over the same CRDs")
        present, enabled = _value_at(values, GPU_OPERATOR)
        if not self.enable_gpu_operator:
            require(not present or enabled is False, where, _field(GPU_OPERATOR), enabled,
                    "false or unset; set enable_gpu_operator=True instead, which also disables the standalone "
                    "NVIDIA device plugin as MIG requires")
            return
        for path, required, allowed in MIG_REQUIREMENTS:
            present, value = _value_at(values, path)
            require(not present or value == required and type(value) is type(required),
                    where, _field(path), value, allowed)

    def effective_values(self) -> dict[str, Any]:
        """The Helm values the installer passes: this library's settings, then the user's values on top."""
        ours: dict[str, Any] = {}
        _set_at(ours, INFERENCE_OPERATOR, False)  # the platform uses the EKS add-on instead
        if self.enable_gpu_operator:
            _set_at(ours, GPU_OPERATOR, True)
            _set_at(ours, MIG_STRATEGY, "mixed")
            _set_at(ours, STANDALONE_DEVICE_PLUGIN, False)
        return _deep_merge(ours, _json_values(self.values))

    def values_json(self) -> str:
        """Stable JSON of the effective values (sorted keys), so only a real change updates the resource."""
        return json.dumps(self.effective_values(), sort_keys=True, separators=(",", ":"))


class HyperPodDependencies(Construct):
    """Installs ``chart`` into ``cluster`` with Helm, from a Lambda-backed custom resource.

    The custom resource is served by ``handler``, the platform's one kubectl/Helm function (see
    ``KubectlHandler``: role scoped to this cluster, cluster-admin access entry); without one, this construct
    creates its own. The function needs outbound HTTPS to GitHub and the chart's dependency repositories
    (quay.io, nvidia.github.io, aws.github.io, helm.ngc.nvidia.com); with ``vpc_subnets`` (only used when it
    creates its own handler) it runs in the cluster's VPC (for a private endpoint) and those subnets need a
    NAT route.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        cluster: eks.ICluster,
        chart: Optional[HyperPodHelmChart] = None,
        vpc_subnets: Optional[ec2.SubnetSelection] = None,
        handler: Optional[KubectlHandler] = None,
    ) -> None:
        """Install ``chart`` into ``cluster`` when the stack deploys.

        Args:
            cluster: The EKS cluster to install into. Required.
            chart: Which chart, pinned where, with which values. Default: None (``HyperPodHelmChart()``).
            vpc_subnets: Subnets a function this construct creates runs in (only without ``handler``).
                Default: None (outside any VPC).
            handler: The kubectl/Helm function to run the install with. Default: None (one is created).
        """
        super().__init__(scope, construct_id)
        self._chart = chart or HyperPodHelmChart()
        self._handler = handler or KubectlHandler(self, "Handler", cluster=cluster, vpc_subnets=vpc_subnets)
        self._resource = self._handler.custom_resource(
            self, "Resource",
            resource_type=RESOURCE_TYPE,
            timeout=INSTALL_TIMEOUT,
            properties={
                "ClusterName": cluster.cluster_name,
                "Repository": self._chart.repository,
                "ChartPath": self._chart.chart_path,
                "GitRef": self._chart.git_ref,
                "Release": self._chart.release_name,
                "Namespace": self._chart.namespace,
                "Values": self._chart.values_json(),
                "Wait": "true" if self._chart.wait else "false",
            },
        )
        # Install after the access entry exists; on delete, uninstall before the access is revoked.
        self._resource.node.add_dependency(self._handler.access_entry)

    @property
    def chart(self) -> HyperPodHelmChart:
        """The chart installed."""
        return self._chart

    @property
    def handler(self) -> KubectlHandler:
        """The function that runs Helm."""
        return self._handler

    @property
    def role(self) -> iam.Role:
        """The function's IAM role."""
        return self._handler.role

    @property
    def function(self) -> lambda_.Function:
        """The Lambda function that runs Helm."""
        return self._handler.function

    @property
    def access_entry(self) -> eks.AccessEntry:
        """The function role's cluster-admin access entry on the cluster."""
        return self._handler.access_entry

    @property
    def resource(self) -> CustomResource:
        """The ``Custom::HyperPodHelmChart`` custom resource; make the HyperPod cluster depend on it."""
        return self._resource

    @property
    def git_ref(self) -> str:
        """The ref Helm installed (a GetAtt, so consumers also wait for the install)."""
        return self._resource.get_att_string("GitRef")

    @property
    def chart_path(self) -> str:
        """The chart folder Helm installed (a GetAtt, so consumers also wait for the install)."""
        return self._resource.get_att_string("ChartPath")
