"""IAM function checks: what each role's consumer calls, evaluated against the role's effective policy.

- ``requirements()``: tests/deployability/data/iam_requirements.yaml (actions per role, with sources; some roles
  also list ``denied`` requests, which their policy must not allow).
- ``effective_policies()``: a role's inline policies, the ``AWS::IAM::Policy``/``ManagedPolicy`` resources
  attached to it, and the AWS managed policies it names (their content is recorded under
  data/managed_policies/ with its source), all resolved to concrete example ARNs.
- ``simulate()``: every request through @cloud-copilot/iam-simulate (a full IAM evaluator: wildcards,
  condition operators, policy variables, resource types), run once per batch with the project's Node.
"""
from __future__ import annotations

import copy
import functools
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import yaml

from cfn_resolve import ACCOUNT, PARTITION, REGION, TemplateResolver, logical_ids_in
from support import REPO_ROOT

DATA = Path(__file__).parent / "data"
NODE = REPO_ROOT / "node_modules" / ".bin" / "node"
SIMULATOR = Path(__file__).parent / "iam_simulate.mjs"
AWS_MANAGED = re.compile(r"^arn:aws:iam::aws:policy/(?:.*/)?(?P<name>[^/]+)$")


@functools.cache
def requirements() -> dict[str, Any]:
    return yaml.safe_load((DATA / "iam_requirements.yaml").read_text())


@functools.cache
def managed_policy(name: str) -> dict[str, Any]:
    path = DATA / "managed_policies" / f"{name}.json"
    assert path.exists(), (f"AWS managed policy {name} is attached to a checked role but its content is not recorded "
                           f"in {path}: add it (with its source) so the role's effective policy is complete")
    return json.loads(path.read_text())


# Resource policies a request needs besides the role's own (named in the requirements as ``resource_policy``).
RESOURCE_POLICIES: dict[str, dict[str, Any]] = {
    # The key policy KMS gives every key by default: IAM policies of the account decide (KMS developer guide,
    # "Default key policy").
    "kms-default-key-policy": {"Version": "2012-10-17", "Statement": [{
        "Sid": "EnableIAMUserPermissions", "Effect": "Allow",
        "Principal": {"AWS": f"arn:{PARTITION}:iam::{ACCOUNT}:root"}, "Action": "kms:*", "Resource": "*"}]},
    # Resources AWS owns for every account (SageMaker's public hub, account "aws"): a request from another
    # account is decided by the caller's identity policy alone, which this open policy leaves to decide.
    "aws-owned-public": {"Version": "2012-10-17", "Statement": [{
        "Sid": "OwnedByAwsForEveryAccount", "Effect": "Allow", "Principal": "*", "Action": "*", "Resource": "*"}]},
}


@dataclass(frozen=True)
class Request:
    role: str
    action: str
    resource: str
    context: dict[str, Any] = field(default_factory=dict)
    resource_policy: Optional[str] = None

    def describe(self) -> str:
        context = f" with {self.context}" if self.context else ""
        return f"{self.role}: {self.action} on {self.resource}{context}"


def role_construct(platform: Any, path: str) -> Any:
    """The role at ``path`` (attribute names from the platform), or None when the app does not create it; a name the
    platform does not have raises, so a renamed attribute cannot make a role silently unchecked."""
    value = platform
    for name in path.split("."):
        value = getattr(value, name)
        if value is None:
            return None
    return value


def placeholders(app: Any, resolver: TemplateResolver) -> dict[str, Any]:
    """Concrete example values for the placeholders in the requirements, taken from the app itself."""
    stack, platform = app.stack, app.platform

    def value(token: Any) -> Any:
        return resolver.resolve(stack.resolve(token))

    ec2 = f"arn:{PARTITION}:ec2:{REGION}:{ACCOUNT}"
    found: dict[str, Any] = {
        "account": ACCOUNT, "region": REGION,
        "eks_cluster_arn": value(platform.eks.cluster.cluster_arn),
        "vpc_arn": f"{ec2}:vpc/{value(platform.network.vpc.vpc_id)}",
        "subnet_arn": f"{ec2}:subnet/{value(platform.network.hyperpod_subnets[0].subnet_id)}",
        "node_security_group_arn": f"{ec2}:security-group/{value(platform.network.security_groups[0].security_group_id)}",
        "lifecycle_bucket": value(platform.hyperpod.lifecycle_bucket.bucket_name),
        "tls_bucket": value(platform.operator.tls_bucket.bucket_name),
        "hyperpod_cluster_arn": value(platform.hyperpod.cluster_arn),
        "workspace_arn": (value(platform.observability.workspace_arn) if platform.observability is not None
                          else f"arn:{PARTITION}:aps:{REGION}:{ACCOUNT}:workspace/ws-example"),
        # A bucket the app creates (the default app's ModelBucket) is a token until resolved like the others.
        "model_bucket": sorted(value(name) for name in model_buckets(platform)),
        "model_store_bucket": value(platform.model_store.spec.bucket_name) if platform.model_store is not None else None,
        "jumpstart": has_jumpstart_endpoint(platform),
    }
    provisioning = platform.observability.grafana_dashboards if platform.observability is not None else None
    if provisioning is not None:
        found["grafana_workspace_arn"] = value(platform.observability.grafana_workspace_arn)
        found["dashboards_object"] = f"{value(provisioning.asset.s3_bucket_name)}/{provisioning.asset.s3_object_key}"
    return found


def model_buckets(platform: Any) -> set[str]:
    """Buckets the app's endpoints mount through the S3 CSI driver, read from the endpoint specs, plus the
    model store's import bucket."""
    from hyperpod_constructs.intent.model_source import S3ModelSource

    buckets = {endpoint.model.bucket_name for endpoint in platform.endpoints
               if isinstance(getattr(endpoint, "model", None), S3ModelSource)}
    if platform.model_store is not None:
        buckets.add(platform.model_store.spec.bucket_name)
    return buckets


def has_jumpstart_endpoint(platform: Any) -> bool:
    from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint

    return any(isinstance(endpoint, JumpStartEndpoint) for endpoint in platform.endpoints)


def _fill(text: str, values: dict[str, Any]) -> list[str]:
    """Substitute placeholders; a list-valued placeholder gives one string per item."""
    names = re.findall(r"\{(\w+)\}", text)
    results = [text]
    for name in names:
        assert name in values, f"unknown placeholder {{{name}}} in the requirements"
        value = values[name]
        items = value if isinstance(value, list) else [value]
        results = [result.replace(f"{{{name}}}", str(item)) for result in results for item in items if item is not None]
    return results


def requests_for(role_id: str, spec: dict[str, Any], values: dict[str, Any], role_arn: str,
                 kind: str = "requests") -> list[Request]:
    """The role's requests of ``kind``: ``requests`` (what its consumer calls) or ``denied`` (what it must not be
    allowed)."""
    values = {**values, "role_arn": role_arn}
    found = []
    for entry in spec.get(kind, []):
        if entry.get("when") == "model_store" and values.get("model_store_bucket") is None:
            continue
        if entry.get("when") == "jumpstart" and not values["jumpstart"]:
            continue
        context = {key: (_fill(item, values)[0] if isinstance(item, str) else item)
                   for key, item in entry.get("context", {}).items()}
        for action in entry["actions"]:
            for pattern in entry["resources"]:
                for resource in _fill(pattern, values):
                    found.append(Request(role_id, action, resource, context, entry.get("resource_policy")))
    return found


def effective_policies(template: dict[str, Any], role_logical: str,
                       resolver: Optional[TemplateResolver] = None) -> list[tuple[str, dict[str, Any]]]:
    """(name, resolved document) for every identity policy that applies to the role."""
    resolver = resolver or TemplateResolver(template)
    resources = template["Resources"]
    role = resources[role_logical]["Properties"]
    documents: list[tuple[str, Any]] = [(f"{role_logical}/{policy['PolicyName']}", policy["PolicyDocument"])
                                        for policy in role.get("Policies", [])]
    for logical, resource in resources.items():
        if resource["Type"] in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy") and \
                role_logical in logical_ids_in(resource["Properties"].get("Roles", [])):
            documents.append((logical, resource["Properties"]["PolicyDocument"]))
    for arn in role.get("ManagedPolicyArns", []):
        in_template = logical_ids_in(arn) & {key for key, value in resources.items()
                                             if value["Type"] == "AWS::IAM::ManagedPolicy"}
        if in_template:
            documents.extend((logical, resources[logical]["Properties"]["PolicyDocument"]) for logical in in_template)
            continue
        resolved = resolver.resolve(arn)
        match = AWS_MANAGED.match(resolved)
        assert match, f"{role_logical} attaches {resolved}, which is neither in the template nor AWS managed"
        documents.append((match["name"], managed_policy(match["name"])["document"]))
    return [(name, resolver.resolve(document)) for name, document in documents]


def _account_of(resource: str) -> str:
    parts = resource.split(":")
    return parts[4] if len(parts) > 5 and parts[4] else ACCOUNT


def simulate(cases: list[tuple[Request, str, list[tuple[str, dict[str, Any]]]]]) -> list[dict[str, Any]]:
    """Evaluate (request, principal ARN, identity policies) cases; one result dict per case."""
    assert NODE.exists(), f"{NODE} is missing: run `npm install` (package.json devDependencies)"
    simulations = []
    for request, principal, policies in cases:
        context = {"aws:PrincipalAccount": ACCOUNT, "aws:PrincipalArn": principal, "aws:RequestedRegion": REGION,
                   "aws:ResourceAccount": _account_of(request.resource), **request.context}
        simulation: dict[str, Any] = {
            "request": {"principal": principal, "action": request.action,
                        "resource": {"resource": request.resource, "accountId": _account_of(request.resource)},
                        "contextVariables": context},
            "identityPolicies": [{"name": name, "policy": policy} for name, policy in policies],
        }
        if request.resource_policy is not None:
            simulation["resourcePolicy"] = RESOURCE_POLICIES[request.resource_policy]
        simulations.append(simulation)
    result = subprocess.run([str(NODE), str(SIMULATOR)], input=json.dumps(simulations), capture_output=True,
                            text=True, timeout=300, cwd=REPO_ROOT)
    assert result.returncode == 0, result.stderr
    outcomes = json.loads(result.stdout)
    assert len(outcomes) == len(cases)
    return outcomes


def without_statements(policies: list[tuple[str, dict[str, Any]]], sids: set[str]) -> list[tuple[str, dict[str, Any]]]:
    """A copy of the policies with the statements of the given Sids removed (to rebuild an older policy)."""
    trimmed = []
    for name, document in policies:
        document = copy.deepcopy(document)
        statements = document["Statement"] if isinstance(document["Statement"], list) else [document["Statement"]]
        document["Statement"] = [statement for statement in statements if statement.get("Sid") not in sids]
        if document["Statement"]:
            trimmed.append((name, document))
    return trimmed
