"""Checks of an existing EKS cluster (``Eks.existing(...)``): authentication mode, Kubernetes version, add-ons,
load-balancer subnet tags, and the controllers only kubectl can see (reported as manual checks)."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping, Optional, Sequence

from ..catalog import limits
from ..catalog.operator_versions import INFERENCE_ADDON, addon_version
from ..intent.tokens import is_token
from .calls import aws_call, error_code
from .needs import ExistingClusterNeed, ImportedNetworkNeed
from ..intent.cluster_prerequisites import ADDON_PREREQUISITES, CLUSTER, ClusterPrerequisite
from .prerequisites import INSTALLED_ADDONS, LOAD_BALANCER_SUBNET_TAGS
from .result import CheckResult, failed, manual, passed, skipped

def cluster_results(need: ExistingClusterNeed, cluster: Mapping[str, Any]) -> list[CheckResult]:
    """Authentication mode and Kubernetes version: supported by HyperPod, and as the app declares them."""
    results = []
    name = f"EKS cluster {need.name} authentication mode"
    mode = cluster.get("accessConfig", {}).get("authenticationMode", "CONFIG_MAP")
    if mode not in limits.SUPPORTED_AUTH_MODES:
        results.append(failed(name, f"{mode}; HyperPod needs {' or '.join(limits.SUPPORTED_AUTH_MODES)}",
                              f"aws eks update-cluster-config --name {need.name} "
                              "--access-config authenticationMode=API_AND_CONFIG_MAP"))
    elif mode != need.authentication_mode:
        results.append(failed(name, f"{mode}, the app declares {need.authentication_mode}",
                              f"Eks.existing(..., authentication_mode={mode!r})"))
    else:
        results.append(passed(name, mode))
    name = f"EKS cluster {need.name} Kubernetes version"
    version = cluster.get("version", "")
    if version not in limits.SUPPORTED_KUBERNETES_VERSIONS:
        results.append(failed(name, f"{version}; HyperPod supports {', '.join(limits.SUPPORTED_KUBERNETES_VERSIONS)}",
                              f"upgrade the cluster: aws eks update-cluster-version --name {need.name} "
                              f"--kubernetes-version {limits.SUPPORTED_KUBERNETES_VERSIONS[-1]}"))
    elif version != need.kubernetes_version:
        results.append(failed(name, f"{version}, the app declares {need.kubernetes_version}",
                              f"Eks.existing(..., kubernetes_version={version!r})"))
    else:
        results.append(passed(name, version))
    return results


def addon_results(need: ExistingClusterNeed, addons: Mapping[str, Mapping[str, Any]]) -> list[CheckResult]:
    """``addons``: add-on name -> ``DescribeAddon``'s ``addon``, for every add-on the cluster has."""
    if need.install_addons:
        present = sorted(set(INSTALLED_ADDONS) & set(addons))
        name = f"EKS cluster {need.name} add-ons"
        if present:
            return [failed(name, f"install_addons=True, but the cluster already has {', '.join(present)}: "
                                 "CloudFormation cannot create an add-on that exists",
                           "Eks.existing(..., install_addons=False) to use the cluster's add-ons, or delete "
                           f"{', '.join(present)} first")]
        return [passed(name, f"the stack installs {', '.join(INSTALLED_ADDONS)}")]
    return [addon_result(need.name, prerequisite, addons.get(str(prerequisite.eks_addon)))
            for prerequisite in ADDON_PREREQUISITES]


def addon_result(cluster: str, prerequisite: ClusterPrerequisite, addon: Optional[Mapping[str, Any]]) -> CheckResult:
    addon_name = prerequisite.eks_addon
    name = f"add-on {addon_name}"
    at_least = (f" {'.'.join(map(str, prerequisite.minimum_version))} or newer"
                if prerequisite.minimum_version else "")
    create = (f"aws eks create-addon --cluster-name {cluster} --addon-name {addon_name}, "
              "or Eks.existing(..., install_addons=True)")
    if addon is None:
        if prerequisite.often_self_managed:
            return manual(name, f"not an EKS add-on of {cluster}; if it runs otherwise (self-managed, Helm), check "
                                f"that it does{at_least}, else {create}",
                          prerequisite.how_to_check.replace(CLUSTER, cluster))
        return failed(name, f"not installed on {cluster}", create)
    status = addon.get("status", "")
    if status != "ACTIVE":
        return failed(name, f"status {status}",
                      f"aws eks describe-addon --cluster-name {cluster} --addon-name {addon_name} "
                      "--query addon.health")
    text = addon.get("addonVersion", "")
    version = addon_version(text)
    if prerequisite.minimum_version and (version is None or version < prerequisite.minimum_version):
        return failed(name, f"version {text}, HyperPod needs{at_least}",
                      f"aws eks update-addon --cluster-name {cluster} --addon-name {addon_name} "
                      "--addon-version <a version from aws eks describe-addon-versions>")
    return passed(name, f"{text} ACTIVE")


def subnet_tag_result(vpc_id: str, subnets: Sequence[Mapping[str, Any]]) -> CheckResult:
    """The load-balancer controller places an ALB in subnets tagged for its scheme, in two zones at least."""
    name = f"load-balancer subnet tags in {vpc_id}"
    zones: dict[str, set[str]] = {tag: set() for tag in LOAD_BALANCER_SUBNET_TAGS}
    for subnet in subnets:
        for tag in subnet.get("Tags", []):
            if tag["Key"] in zones and tag.get("Value", "") in ("1", ""):
                zones[tag["Key"]].add(subnet.get("AvailabilityZone", ""))
    found = [f"{tag} in {len(zones[tag])} zone{'s' if len(zones[tag]) != 1 else ''}"
             for tag in LOAD_BALANCER_SUBNET_TAGS if zones[tag]]
    if not any(len(found_zones) >= 2 for found_zones in zones.values()):
        return failed(name, (f"{', '.join(found)} only" if found else "no subnet is tagged for load balancers")
                      + f"; the load-balancer controller places an endpoint's ALB in subnets tagged "
                        f"{' or '.join(LOAD_BALANCER_SUBNET_TAGS)} in two zones or more",
                      "aws ec2 create-tags --resources <subnet in one zone> <subnet in another> --tags "
                      "Key=kubernetes.io/role/internal-elb,Value=1 (private subnets; kubernetes.io/role/elb for "
                      "public ones)")
    return passed(name, ", ".join(found))


INTERNAL_ELB_TAG = "kubernetes.io/role/internal-elb"
_ROLE_ARN = re.compile(r"^arn:aws[a-z-]*:iam::\d{12}:role/[\w+=,.@/-]+$")


def internal_alb_zone_result(hyperpod_subnet_ids: Sequence[str], subnets: Sequence[Mapping[str, Any]]) -> CheckResult:
    """Each zone the HyperPod nodes run in has a subnet tagged for internal load balancers: an internal ALB is placed
    only in tagged subnets, and a GPU pod in a zone the ALB is not in is a target it never uses
    (``Target.NotInUse``; awslabs/awsome-distributed-ai hyperpod-inference-terraform README, Troubleshooting)."""
    name = "internal load balancer zones cover the HyperPod subnets"
    zone_of = {subnet.get("SubnetId"): subnet.get("AvailabilityZone", "") for subnet in subnets}
    node_zones = {zone_of[subnet]: subnet for subnet in hyperpod_subnet_ids if subnet in zone_of}
    if not node_zones:
        return skipped(name, "the HyperPod subnets are created by the stack or not in the cluster's VPC")
    tagged = {subnet.get("AvailabilityZone", "") for subnet in subnets
              if any(tag["Key"] == INTERNAL_ELB_TAG and tag.get("Value", "") in ("1", "") for tag in subnet.get("Tags", []))}
    missing = sorted(zone for zone in node_zones if zone not in tagged)
    if missing:
        untagged = " ".join(node_zones[zone] for zone in missing)
        return failed(name, f"no subnet in {', '.join(missing)} is tagged {INTERNAL_ELB_TAG}, so an endpoint's internal "
                            "ALB is not placed there and GPU pods in that zone are targets it never uses "
                            "(Target.NotInUse)",
                      f"aws ec2 create-tags --resources {untagged} --tags Key={INTERNAL_ELB_TAG},Value=1")
    return passed(name, f"{INTERNAL_ELB_TAG} in {', '.join(sorted(node_zones))}")


def alb_controller_role_result(cluster: str, addon: Optional[Mapping[str, Any]]) -> CheckResult:
    """The inference add-on's load-balancer controller has a real IAM role: installed without one it runs with a
    placeholder that must be annotated and the controller restarted (awslabs/awsome-distributed-ai
    hyperpod-inference-terraform README, Troubleshooting)."""
    name = f"load-balancer controller role of {INFERENCE_ADDON}"
    if addon is None:
        return skipped(name, f"{INFERENCE_ADDON} is not installed on {cluster}")
    try:
        config = json.loads(addon.get("configurationValues") or "{}")
    except ValueError:
        config = {}
    alb = config.get("alb", {}) if isinstance(config, dict) else {}
    if alb.get("enabled") is False:
        return skipped(name, "the add-on's load-balancer controller is turned off (alb.enabled=false)")
    role = alb.get("serviceAccount", {}).get("roleArn")
    if not isinstance(role, str) or not _ROLE_ARN.match(role) or "placeholder" in role.lower():
        return failed(name, f"alb.serviceAccount.roleArn={role!r}: the controller runs with a placeholder role and "
                            "cannot create an endpoint's load balancer",
                      f"aws eks update-addon --cluster-name {cluster} --addon-name {INFERENCE_ADDON} "
                      "--configuration-values '{\"alb\":{\"serviceAccount\":{\"create\":true,\"roleArn\":\"<role>\"}}}' "
                      "(the platform's operator.alb_role), then restart the aws-load-balancer-controller deployment")
    return passed(name, role)


def controller_results(need: ExistingClusterNeed) -> list[CheckResult]:
    """The operator add-on brings its own KEDA and load-balancer controller; another one on the cluster conflicts.
    Only the Kubernetes API shows it, so these are manual checks."""
    return [manual(f"no other {name}", f"the inference operator add-on installs {name}; another copy on "
                                       f"{need.name} conflicts with it (expect no deployment listed)",
                   f"kubectl get deployments -A -l app.kubernetes.io/name={name}")
            for name in need.operator_controllers]


def check_existing_cluster(eks: Any, ec2: Any, need: Optional[ExistingClusterNeed]) -> list[CheckResult]:
    if need is None:
        return [skipped("existing EKS cluster", "the stack creates its EKS cluster")]
    if is_token(need.name):
        return [skipped("existing EKS cluster", "its name is only known at deploy time")]
    name = f"EKS cluster {need.name}"
    cluster = aws_call(name, "eks:DescribeCluster", lambda: _describe_cluster(eks, need.name))
    if isinstance(cluster, CheckResult):
        return [cluster]
    if cluster is None:
        return [failed(name, "not found in this region", "check the name given to Eks.existing(...) and --region")]
    results = cluster_results(need, cluster)
    wanted = {INFERENCE_ADDON} | (set() if need.install_addons else {str(prerequisite.eks_addon)
                                                                     for prerequisite in ADDON_PREREQUISITES})
    addons = aws_call(f"{name} add-ons", "eks:ListAddons and eks:DescribeAddon",
                      lambda: _addons(eks, need.name, wanted))
    results += [addons] if isinstance(addons, CheckResult) else addon_results(need, addons)
    if not isinstance(addons, CheckResult) and INFERENCE_ADDON in addons:
        results.append(alb_controller_role_result(need.name, addons[INFERENCE_ADDON]))
    vpc_id = cluster.get("resourcesVpcConfig", {}).get("vpcId", "")
    subnets = aws_call(f"load-balancer subnet tags in {vpc_id}", "ec2:DescribeSubnets", lambda: [
        subnet for page in ec2.get_paginator("describe_subnets").paginate(
            Filters=[{"Name": "vpc-id", "Values": [vpc_id]}]) for subnet in page["Subnets"]])
    results.append(subnets if isinstance(subnets, CheckResult) else subnet_tag_result(vpc_id, subnets))
    if need.hyperpod_subnet_ids and not isinstance(subnets, CheckResult):
        results.append(internal_alb_zone_result(need.hyperpod_subnet_ids, subnets))
    return results + controller_results(need)


def check_imported_network(ec2: Any, need: Optional[ImportedNetworkNeed]) -> list[CheckResult]:
    """An imported VPC of a new cluster: subnets tagged for load balancers, and an internal-ELB subnet in each zone
    of the HyperPod subnets."""
    if need is None:
        return []
    subnets = aws_call(f"load-balancer subnet tags in {need.vpc_id}", "ec2:DescribeSubnets", lambda: [
        subnet for page in ec2.get_paginator("describe_subnets").paginate(
            Filters=[{"Name": "vpc-id", "Values": [need.vpc_id]}]) for subnet in page["Subnets"]])
    if isinstance(subnets, CheckResult):
        return [subnets]
    return [subnet_tag_result(need.vpc_id, subnets), internal_alb_zone_result(need.hyperpod_subnet_ids, subnets)]


def _describe_cluster(eks: Any, name: str) -> Optional[dict[str, Any]]:
    try:
        return eks.describe_cluster(name=name)["cluster"]
    except Exception as error:
        if error_code(error) == "ResourceNotFoundException":
            return None
        raise


def _addons(eks: Any, cluster: str, describe: set[str]) -> dict[str, dict[str, Any]]:
    """Every add-on of the cluster by name, with ``DescribeAddon``'s answer for those in ``describe``."""
    names = [name for page in eks.get_paginator("list_addons").paginate(clusterName=cluster) for name in page["addons"]]
    return {name: eks.describe_addon(clusterName=cluster, addonName=name)["addon"] if name in describe else {}
            for name in names}
