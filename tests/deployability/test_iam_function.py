"""Each role can do what its consumer calls: the requests in data/iam_requirements.yaml, evaluated against the
role's effective policy in the synthesized template by a real IAM simulator (@cloud-copilot/iam-simulate).

Negative tests rebuild the policies that shipped before (execution role without ECR and Pod Identity, a
load-balancer controller limited to groups it tagged, no S3 CSI role) and show the check fails on them.
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from apps_support import SynthesizedApp, load_module, synthesize
from cfn_resolve import TemplateResolver
from iam_support import (
    Request, effective_policies, managed_policy, placeholders, requests_for, requirements, role_construct, simulate,
    without_statements,
)

# The default app plus the examples that create the roles it lacks (gated-model role, S3 model sources,
# a BYO VPC and EKS cluster); together they create every role in the requirements.
EXAMPLES = ("examples/jumpstart_model.py", "examples/model_from_s3.py", "examples/byo_vpc_and_eks.py")


@pytest.fixture(scope="module")
def apps(quick_setup: SynthesizedApp, tmp_path_factory: pytest.TempPathFactory) -> dict[str, SynthesizedApp]:
    built = {"quick_setup": quick_setup}
    for relative in EXAMPLES:
        name = relative.rsplit("/", 1)[-1].removesuffix(".py")
        built[name] = synthesize(load_module(relative).build, tmp_path_factory.mktemp(name))
    return built


def role_cases(app: SynthesizedApp) -> tuple[list[tuple[Request, str, list]], list[str], dict[str, Any]]:
    """(request, principal, policies) for every role the app creates; roles it lacks but must have."""
    resolver = TemplateResolver(app.template)
    values = placeholders(app, resolver)
    cases, missing, policies_by_role = [], [], {}
    for role_id, spec in requirements().items():
        role = role_construct(app.platform, spec["role"])
        if role is None:
            if spec.get("when") != "created":
                missing.append(f"{role_id}: platform.{spec['role']} does not exist, but its consumer always runs")
            continue
        logical = app.stack.get_logical_id(role.node.default_child)
        principal = resolver.get_att(logical, "Arn")
        policies = effective_policies(app.template, logical, resolver)
        policies_by_role[role_id] = (principal, policies)
        cases.extend((request, principal, policies) for request in requests_for(role_id, spec, values, principal))
    return cases, missing, policies_by_role


@pytest.fixture(scope="module")
def evaluated(apps: dict[str, SynthesizedApp]) -> dict[str, Any]:
    """Every app's requests evaluated in one simulator run."""
    per_app, all_cases = {}, []
    for name, app in apps.items():
        cases, missing, policies = role_cases(app)
        per_app[name] = {"cases": cases, "missing": missing, "policies": policies, "start": len(all_cases)}
        all_cases.extend(cases)
    outcomes = simulate(all_cases)
    for entry in per_app.values():
        entry["outcomes"] = outcomes[entry["start"]:entry["start"] + len(entry["cases"])]
    return per_app


@pytest.mark.parametrize("app_name", ["quick_setup", *(path.rsplit("/", 1)[-1][:-3] for path in EXAMPLES)])
def test_every_role_allows_what_its_consumer_calls(evaluated: dict[str, Any], app_name: str) -> None:
    entry = evaluated[app_name]
    assert not entry["missing"], entry["missing"]
    assert entry["cases"], "no request was evaluated"
    problems = [f"{case[0].describe()} -> {outcome['result']} {outcome.get('errors', '')}"
                for case, outcome in zip(entry["cases"], entry["outcomes"]) if outcome["result"] != "Allowed"]
    assert not problems, "\n".join(problems)


def test_every_role_in_the_requirements_is_evaluated_somewhere(evaluated: dict[str, Any]) -> None:
    evaluated_roles = {case[0].role for entry in evaluated.values() for case in entry["cases"]}
    assert evaluated_roles == set(requirements()), set(requirements()) - evaluated_roles


def test_s3_csi_role_reads_every_bucket_the_endpoints_mount(evaluated: dict[str, Any]) -> None:
    buckets = {case[0].resource.split(":::")[1] for case in evaluated["model_from_s3"]["cases"]
               if case[0].role == "s3-csi" and case[0].action == "s3:ListBucket"}
    assert buckets == {"my-models"}, buckets


# ---- the checks fail on the policies that shipped before -------------------------------------------------

def _outcomes(entry: dict[str, Any], role_id: str, policies: list, actions: set[str]) -> dict[str, str]:
    principal, _ = entry["policies"][role_id]
    cases = [(case[0], principal, policies) for case in entry["cases"]
             if case[0].role == role_id and case[0].action in actions]
    assert cases, f"no {role_id} request for {actions}"
    return {case[0].describe(): outcome["result"] for case, outcome in zip(cases, simulate(cases))}


def test_execution_role_without_ecr_and_pod_identity_fails(evaluated: dict[str, Any]) -> None:
    entry = evaluated["quick_setup"]
    _, policies = entry["policies"]["execution-role"]
    old = without_statements(policies, {"EcrAuthorization", "EcrImagePull", "PodIdentity"})
    results = _outcomes(entry, "execution-role", old, {
        "ecr:GetAuthorizationToken", "ecr:BatchGetImage", "eks-auth:AssumeRoleForPodIdentity"})
    assert set(results.values()) == {"ImplicitlyDenied"}, results


def test_load_balancer_controller_limited_to_its_own_groups_fails(evaluated: dict[str, Any]) -> None:
    """Before: ingress rules only on groups tagged elbv2.k8s.aws/cluster, which the node group is not."""
    entry = evaluated["quick_setup"]
    _, policies = entry["policies"]["load-balancer-controller"]
    old = without_statements(policies, {"OpenVpcSecurityGroupsToLoadBalancers"})
    results = _outcomes(entry, "load-balancer-controller", old, {"ec2:AuthorizeSecurityGroupIngress"})
    node_group = [key for key in results if "ec2:Vpc" in key]
    assert node_group and all(results[key] == "ImplicitlyDenied" for key in node_group), results


def test_load_balancer_controller_cannot_open_groups_of_another_vpc(evaluated: dict[str, Any]) -> None:
    entry = evaluated["quick_setup"]
    principal, policies = entry["policies"]["load-balancer-controller"]
    request = next(case[0] for case in entry["cases"] if case[0].role == "load-balancer-controller"
                   and case[0].action == "ec2:AuthorizeSecurityGroupIngress" and "ec2:Vpc" in case[0].context)
    elsewhere = Request(request.role, request.action, request.resource,
                        {"ec2:Vpc": "arn:aws:ec2:us-west-2:111122223333:vpc/vpc-0ffffffffffffffff"})
    assert [outcome["result"] for outcome in simulate([(elsewhere, principal, policies)])] == ["ImplicitlyDenied"]


def test_a_platform_without_the_s3_csi_role_is_reported(evaluated: dict[str, Any],
                                                        apps: dict[str, SynthesizedApp]) -> None:
    platform = apps["quick_setup"].platform
    saved = platform.storage_drivers
    platform.storage_drivers = None  # the platform as it was before it created CSI driver roles
    try:
        _, missing, _ = role_cases(apps["quick_setup"])
    finally:
        platform.storage_drivers = saved
    assert any(problem.startswith("s3-csi: platform.storage_drivers.s3_csi_role does not exist")
               for problem in missing), missing


def test_gated_model_role_on_the_public_hub(evaluated: dict[str, Any]) -> None:
    """The public hub's ARNs carry the account 'aws'; a role scoped to the user's account cannot download."""
    entry = evaluated["jumpstart_model"]
    principal, policies = entry["policies"]["gated-model"]
    own_account = [(name, _replace_in(document, ":aws:hub", ":111122223333:hub")) for name, document in policies]
    results = _outcomes(entry, "gated-model", own_account, {"sagemaker:CreateHubContentPresignedUrls"})
    assert set(results.values()) == {"ImplicitlyDenied"}, results


def _replace_in(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [_replace_in(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _replace_in(item, old, new) for key, item in value.items()}
    return value


def test_managed_policies_are_recorded_with_their_source() -> None:
    for name in ("AmazonSageMakerClusterInstanceRolePolicy", "AmazonSageMakerHyperPodInferenceAccess"):
        recorded = managed_policy(name)
        assert recorded["name"] == name and recorded["source"] and recorded["document"]["Statement"]


def test_an_unrecorded_managed_policy_fails_the_check(quick_setup: SynthesizedApp) -> None:
    template = copy.deepcopy(quick_setup.template)
    logical = quick_setup.stack.get_logical_id(quick_setup.platform.hyperpod.execution_role.node.default_child)
    template["Resources"][logical]["Properties"]["ManagedPolicyArns"] = ["arn:aws:iam::aws:policy/NotRecordedPolicy"]
    with pytest.raises(AssertionError, match="NotRecordedPolicy is attached to a checked role"):
        effective_policies(template, logical)
