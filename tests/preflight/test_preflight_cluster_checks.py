"""Existing-cluster checks against stubbed EKS and EC2 answers: authentication mode, Kubernetes version, add-ons,
load-balancer subnet tags, and the manual checks only kubectl can answer."""
from __future__ import annotations

from typing import Any, Optional

import pytest

from hyperpod_constructs.preflight.cluster_checks import addon_version, check_existing_cluster
from hyperpod_constructs.preflight.needs import ExistingClusterNeed
from hyperpod_constructs.intent.cluster_prerequisites import ADDON_PREREQUISITES
from hyperpod_constructs.preflight.prerequisites import INSTALLED_ADDONS
from hyperpod_constructs.preflight.result import CheckResult, Status
from preflight_fixtures import addon, answering, eks_cluster, stubbed_clients, subnet

NEED = ExistingClusterNeed(name="existing", authentication_mode="API_AND_CONFIG_MAP", kubernetes_version="1.32",
                           install_addons=False, operator_controllers=("keda-operator", "aws-load-balancer-controller"))
VPC = "vpc-0123456789abcdef0"
ALL_ADDONS = {str(prerequisite.eks_addon): "v1.19.0-eksbuild.1" for prerequisite in ADDON_PREREQUISITES}
TAGGED = [subnet("subnet-a", "us-west-2a", "kubernetes.io/role/internal-elb"),
          subnet("subnet-b", "us-west-2b", "kubernetes.io/role/internal-elb"), subnet("subnet-c", "us-west-2c")]


def run(need: ExistingClusterNeed = NEED, *, cluster: Optional[dict[str, Any]] = None,
        addons: Optional[dict[str, str]] = None, statuses: Optional[dict[str, str]] = None,
        subnets: Optional[list[dict[str, Any]]] = None) -> dict[str, CheckResult]:
    """The checks over one cluster's stubbed answers, by check name."""
    clients, stubbers = stubbed_clients()
    eks, ec2 = stubbers["eks"], stubbers["ec2"]
    eks.add_response("describe_cluster", cluster or eks_cluster(), {"name": "existing"})
    addons = ALL_ADDONS if addons is None else addons
    eks.add_response("list_addons", {"addons": list(addons)}, {"clusterName": "existing"})
    if not need.install_addons:
        for name, version in addons.items():
            eks.add_response("describe_addon", addon(name, version, (statuses or {}).get(name, "ACTIVE")),
                             {"clusterName": "existing", "addonName": name})
    ec2.add_response("describe_subnets", {"Subnets": TAGGED if subnets is None else subnets},
                     {"Filters": [{"Name": "vpc-id", "Values": [VPC]}]})
    with answering(eks, ec2):
        results = check_existing_cluster(clients.eks, clients.ec2, need)
    return {result.name: result for result in results}


def test_a_cluster_meeting_every_prerequisite_passes_and_lists_the_manual_checks() -> None:
    results = run()
    statuses = {name: result.status for name, result in results.items()}
    assert statuses == {
        "EKS cluster existing authentication mode": Status.PASS,
        "EKS cluster existing Kubernetes version": Status.PASS,
        **{f"add-on {prerequisite.eks_addon}": Status.PASS for prerequisite in ADDON_PREREQUISITES},
        f"load-balancer subnet tags in {VPC}": Status.PASS,
        "no other keda-operator": Status.MANUAL,
        "no other aws-load-balancer-controller": Status.MANUAL,
    }
    assert results["add-on vpc-cni"].detail == "v1.19.0-eksbuild.1 ACTIVE"
    assert results[f"load-balancer subnet tags in {VPC}"].detail == "kubernetes.io/role/internal-elb in 2 zones"
    keda = results["no other keda-operator"]
    assert keda.fix == "kubectl get deployments -A -l app.kubernetes.io/name=keda-operator"


@pytest.mark.parametrize("cluster, name, detail, fix", [
    (eks_cluster(mode="CONFIG_MAP"), "authentication mode", "CONFIG_MAP; HyperPod needs API or API_AND_CONFIG_MAP",
     "aws eks update-cluster-config --name existing --access-config authenticationMode=API_AND_CONFIG_MAP"),
    (eks_cluster(mode="API"), "authentication mode", "API, the app declares API_AND_CONFIG_MAP",
     "Eks.existing(..., authentication_mode='API')"),
    (eks_cluster(version="1.27"), "Kubernetes version", "1.27; HyperPod supports 1.28, 1.29, 1.30, 1.31, 1.32, 1.33, 1.34",
     "upgrade the cluster: aws eks update-cluster-version --name existing --kubernetes-version 1.34"),
    (eks_cluster(version="1.33"), "Kubernetes version", "1.33, the app declares 1.32",
     "Eks.existing(..., kubernetes_version='1.33')"),
], ids=["config-map", "declared-mode", "unsupported-version", "declared-version"])
def test_authentication_mode_and_version_must_be_supported_and_as_declared(
        cluster: dict[str, Any], name: str, detail: str, fix: str) -> None:
    result = run(cluster=cluster)[f"EKS cluster existing {name}"]
    assert (result.status, result.detail, result.fix) == (Status.FAIL, detail, fix)


def test_a_cluster_that_does_not_exist_fails() -> None:
    clients, stubbers = stubbed_clients()
    stubbers["eks"].add_client_error("describe_cluster", service_error_code="ResourceNotFoundException",
                                     http_status_code=404, expected_params={"name": "existing"})
    with answering(stubbers["eks"]):
        [result] = check_existing_cluster(clients.eks, clients.ec2, NEED)
    assert (result.name, result.status, result.detail) == ("EKS cluster existing", Status.FAIL,
                                                           "not found in this region")


def test_an_old_vpc_cni_fails_naming_the_minimum() -> None:
    result = run(addons={**ALL_ADDONS, "vpc-cni": "v1.18.2-eksbuild.1"})["add-on vpc-cni"]
    assert (result.status, result.detail) == (Status.FAIL, "version v1.18.2-eksbuild.1, HyperPod needs 1.18.3 or newer")
    assert result.fix.startswith("aws eks update-addon --cluster-name existing --addon-name vpc-cni")


def test_a_missing_required_add_on_fails_and_one_often_run_outside_eks_is_a_manual_check() -> None:
    addons = {name: version for name, version in ALL_ADDONS.items()
              if name not in ("eks-pod-identity-agent", "cert-manager")}
    results = run(addons=addons)
    agent, cert_manager = results["add-on eks-pod-identity-agent"], results["add-on cert-manager"]
    assert (agent.status, agent.detail) == (Status.FAIL, "not installed on existing")
    assert agent.fix == ("aws eks create-addon --cluster-name existing --addon-name eks-pod-identity-agent, "
                         "or Eks.existing(..., install_addons=True)")
    assert cert_manager.status is Status.MANUAL
    assert cert_manager.fix == "kubectl get crd certificates.cert-manager.io"  # the synth warning's command


def test_a_self_managed_vpc_cni_is_checked_with_the_warnings_command_for_this_cluster() -> None:
    result = run(addons={name: version for name, version in ALL_ADDONS.items() if name != "vpc-cni"})["add-on vpc-cni"]
    assert result.status is Status.MANUAL
    assert "check that it does 1.18.3 or newer" in result.detail
    assert result.fix.startswith("aws eks describe-addon --cluster-name existing --addon-name vpc-cni")
    assert "$CLUSTER" not in result.fix


def test_an_add_on_that_is_not_active_fails() -> None:
    result = run(statuses={"aws-fsx-csi-driver": "DEGRADED"})["add-on aws-fsx-csi-driver"]
    assert (result.status, result.detail) == (Status.FAIL, "status DEGRADED")
    assert "describe-addon --cluster-name existing --addon-name aws-fsx-csi-driver --query addon.health" in result.fix


def test_install_addons_fails_on_add_ons_the_cluster_already_has() -> None:
    need = ExistingClusterNeed(**{**NEED.__dict__, "install_addons": True})
    failing = run(need, addons={"vpc-cni": "v1.19.0-eksbuild.1", "coredns": "v1.11.4-eksbuild.1"})
    result = failing["EKS cluster existing add-ons"]
    assert result.status is Status.FAIL
    assert result.detail.startswith("install_addons=True, but the cluster already has coredns, vpc-cni")
    fresh = run(need, addons={})["EKS cluster existing add-ons"]
    assert (fresh.status, fresh.detail) == (Status.PASS, f"the stack installs {', '.join(INSTALLED_ADDONS)}")


@pytest.mark.parametrize("subnets, detail", [
    ([subnet("subnet-a", "us-west-2a"), subnet("subnet-b", "us-west-2b")],
     "no subnet is tagged for load balancers; the load-balancer controller places an endpoint's ALB in subnets "
     "tagged kubernetes.io/role/elb or kubernetes.io/role/internal-elb in two zones or more"),
    ([subnet("subnet-a", "us-west-2a", "kubernetes.io/role/elb"), subnet("subnet-b", "us-west-2a", "kubernetes.io/role/elb")],
     "kubernetes.io/role/elb in 1 zone only; the load-balancer controller places"),
], ids=["untagged", "one-zone"])
def test_load_balancer_subnets_must_be_tagged_in_two_zones(subnets: list[dict[str, Any]], detail: str) -> None:
    result = run(subnets=subnets)[f"load-balancer subnet tags in {VPC}"]
    assert result.status is Status.FAIL
    assert result.detail.startswith(detail)
    assert "Key=kubernetes.io/role/internal-elb,Value=1" in result.fix


def test_a_platform_creating_its_cluster_skips_the_cluster_checks() -> None:
    clients, _ = stubbed_clients()
    [result] = check_existing_cluster(clients.eks, clients.ec2, None)
    assert (result.status, result.detail) == (Status.SKIP, "the stack creates its EKS cluster")


def test_add_on_versions_are_read_from_eks_version_strings() -> None:
    assert addon_version("v1.18.3-eksbuild.1") == (1, 18, 3)
    assert addon_version("1.20.0") == (1, 20, 0)
    assert addon_version("latest") is None


# --- 2026 bring-up failures: the add-on's load-balancer controller role, and internal-ALB zones ---
from hyperpod_constructs.preflight.cluster_checks import alb_controller_role_result, internal_alb_zone_result  # noqa: E402

INFERENCE = "amazon-sagemaker-hyperpod-inference"


def test_the_inference_addon_installed_without_a_load_balancer_role_fails_with_the_fix() -> None:
    results = run(addons={**ALL_ADDONS, INFERENCE: "v1.5.0-eksbuild.1"})
    result = results[f"load-balancer controller role of {INFERENCE}"]
    assert result.status == Status.FAIL
    assert "alb.serviceAccount.roleArn=None: the controller runs with a placeholder role" in result.detail
    assert "aws eks update-addon --cluster-name existing --addon-name amazon-sagemaker-hyperpod-inference" in result.fix
    placeholder = {"configurationValues": '{"alb": {"serviceAccount": {"roleArn": "arn:aws:iam::123456789012:role/'
                                          'PLACEHOLDER"}}}'}
    assert alb_controller_role_result("existing", placeholder).status == Status.FAIL
    real = {"configurationValues": '{"alb": {"serviceAccount": {"roleArn": "arn:aws:iam::123456789012:role/alb"}}}'}
    assert alb_controller_role_result("existing", real).status == Status.PASS
    assert alb_controller_role_result("existing", {"configurationValues": '{"alb": {"enabled": false}}'}).status \
        == Status.SKIP


def test_a_hyperpod_zone_without_an_internal_elb_subnet_fails_target_not_in_use() -> None:
    subnets = [subnet("subnet-a", "us-west-2a", "kubernetes.io/role/internal-elb"), subnet("subnet-c", "us-west-2c")]
    result = internal_alb_zone_result(("subnet-a", "subnet-c"), subnets)
    assert result.status == Status.FAIL
    assert result.detail.startswith("no subnet in us-west-2c is tagged kubernetes.io/role/internal-elb")
    assert "Target.NotInUse" in result.detail
    assert result.fix == "aws ec2 create-tags --resources subnet-c --tags Key=kubernetes.io/role/internal-elb,Value=1"
    assert internal_alb_zone_result(("subnet-a",), subnets).status == Status.PASS
    wired = run(ExistingClusterNeed(**{**NEED.__dict__, "hyperpod_subnet_ids": ("subnet-c",)}))
    assert wired["internal load balancer zones cover the HyperPod subnets"].status == Status.FAIL


def test_an_imported_vpc_of_a_new_cluster_is_checked_for_internal_elb_zones() -> None:
    from hyperpod_constructs.preflight.cluster_checks import check_imported_network
    from hyperpod_constructs.preflight.needs import ImportedNetworkNeed, imported_network_need

    subnets = [subnet("subnet-a", "us-west-2a", "kubernetes.io/role/internal-elb"),
               subnet("subnet-b", "us-west-2b", "kubernetes.io/role/internal-elb"), subnet("subnet-c", "us-west-2c")]
    clients, stubbers = stubbed_clients()
    stubbers["ec2"].add_response("describe_subnets", {"Subnets": subnets},
                                 {"Filters": [{"Name": "vpc-id", "Values": [VPC]}]})
    with answering(stubbers["ec2"]):
        tags, zones = check_imported_network(clients.ec2, ImportedNetworkNeed(VPC, ("subnet-a", "subnet-c")))
    assert tags.status == Status.PASS
    assert zones.status == Status.FAIL and "no subnet in us-west-2c is tagged" in zones.detail
    # Only an imported VPC of a new cluster is checked here: a created VPC is tagged by the stack, and an existing
    # cluster's VPC is checked with the cluster.
    assert imported_network_need(VPC, ["subnet-a"], created=True, existing_cluster=False) is None
    assert imported_network_need(VPC, ["subnet-a"], created=False, existing_cluster=True) is None
    assert imported_network_need(VPC, ["subnet-a", "${Token[TOKEN.1]}"], created=False, existing_cluster=False) == \
        ImportedNetworkNeed(VPC, ("subnet-a",))
    assert check_imported_network(clients.ec2, None) == []
