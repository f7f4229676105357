"""The grants the constructs give a user's own roles, proven by the IAM simulator (@cloud-copilot/iam-simulate) on the
synthesized templates: each role may make its consumer's calls on its resource, and neither a neighbour's resource
nor a call it was not granted. Also: a second stack reusing the cluster and the model store through their importers,
the interfaces both kinds implement, bad importer and grant input refused at synth naming the field, and every
construct's attributes read-only.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import textwrap
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

import aws_cdk as cdk
import pytest
from aws_cdk import aws_ec2 as ec2, aws_eks_v2 as eks, aws_iam as iam, aws_kms as kms, aws_s3 as s3
from constructs import Construct

from apps_support import SynthesizedApp, synthesize
from cfn_resolve import ACCOUNT, PARTITION, REGION, TemplateResolver
from iam_support import Request, effective_policies, simulate
from support import cfn_lint_errors
import hyperpod_constructs
from hyperpod_constructs import (
    HyperPodCluster, HyperPodInferencePlatform, HyperPodValidationError, IHyperPodCluster, IModelStore,
    InferenceEndpoint, InferenceObservability, InstanceGroup, JumpStartEndpoint, KubectlHandler, ModelBucket,
    ModelSize, ModelSource, ModelStore, ModelStoreFileSystem, Observability)

SAGEMAKER = f"arn:{PARTITION}:sagemaker:{REGION}:{ACCOUNT}"
TEAM_KEY_ARN = f"arn:{PARTITION}:kms:{REGION}:{ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab"
CLUSTER_ARN = f"{SAGEMAKER}:cluster/abcdef123456"
FS_ID = "fs-0123456789abcdef0"


@dataclass
class GrantsApp:
    """The platform's stack with the user's roles granted, and a second stack reusing its cluster and model store."""
    synthesized: SynthesizedApp
    consumer: cdk.Stack
    consumer_template: dict[str, Any]
    roles: dict[str, iam.Role]  # role id -> role (in either stack)
    imported_cluster: IHyperPodCluster
    imported_store: IModelStore
    grants: dict[str, iam.Grant]


def _role(scope: Any, construct_id: str) -> iam.Role:
    return iam.Role(scope, construct_id, assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"))


@pytest.fixture(scope="module")
def grants_app(tmp_path_factory: pytest.TempPathFactory) -> GrantsApp:
    roles: dict[str, iam.Role] = {}
    grants: dict[str, iam.Grant] = {}
    parts: dict[str, Any] = {}

    def build(app: cdk.App) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
        stack = cdk.Stack(app, "Grants")
        models = ModelBucket(stack, "Models")
        platform = HyperPodInferencePlatform(
            stack, "Platform", instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=2),
                                                InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
            model_store=ModelStore(bucket=models.bucket, prefix="llm"), observability=Observability())
        # Upper case on purpose: SageMaker lowercases endpoint names in ARNs, so the grant must too.
        llama = platform.add_endpoint(InferenceEndpoint(
            "llama-8b", model=ModelSource.fsx("models/llama-3.1-8b/", size=ModelSize(parameters=8.03e9)),
            instance_type="ml.g6e.12xlarge", gpus=1, sagemaker_endpoint_name="Llama-8B"))
        platform.add_endpoint(InferenceEndpoint(  # registers no SageMaker endpoint: grant_invoke refuses it
            "in-cluster", model=ModelSource.fsx("models/qwen/", size=ModelSize(parameters=1.5e9)),
            instance_type="ml.g6e.12xlarge", gpus=1))
        mistral = platform.add_endpoint(JumpStartEndpoint(
            "mistral", model_id="huggingface-llm-mistral-7b-instruct", accept_eula=True,
            instance_type="ml.g6e.12xlarge", size=ModelSize(parameters=7.2e9), sagemaker_endpoint_name="Mistral-7B"))
        for name in ("application", "jumpstart-application", "weights-reader", "store-reader", "dashboard",
                     "cluster-operator"):
            roles[name] = _role(stack, f"{name.title().replace('-', '')}Role")
        grants["invoke"] = llama.grant_invoke(roles["application"])
        grants["jumpstart-invoke"] = mistral.grant_invoke(roles["jumpstart-application"])
        grants["bucket-read"] = models.grant_read(roles["weights-reader"], "llm/llama-3.1-8b/")
        assert platform.model_store is not None and platform.observability is not None
        grants["store-read"] = platform.model_store.grant_read(roles["store-reader"])
        grants["store-describe"] = platform.model_store.grant_describe(roles["store-reader"])
        grants["query"] = platform.observability.grant_query(roles["dashboard"])
        grants["cluster-describe"] = platform.hyperpod.grant_describe(roles["cluster-operator"])
        # The user acknowledges what FSx's describe calls need (no resource-level permissions), as docs/access.md says.
        cdk.Validations.of(roles["store-reader"]).acknowledge(cdk.Acknowledgment(
            id="AwsSolutions-IAM5[Resource::*]", reason="fsx:Describe* have no resource-level permissions"))

        # A second stack of the same app: the platform's cluster by reference, a model store by its attributes.
        consumer = cdk.Stack(app, "Consumer")
        cluster = platform.hyperpod
        parts["cluster"] = HyperPodCluster.from_cluster_attributes(
            consumer, "Cluster", cluster_arn=cluster.cluster_arn, cluster_name=cluster.cluster_name,
            eks_cluster=eks.Cluster.from_cluster_attributes(consumer, "Eks", cluster_name="team-eks"),
            security_groups=[ec2.SecurityGroup.from_security_group_id(consumer, "Nodes", "sg-0123456789abcdef0")])
        cdk.CfnOutput(consumer, "HyperPodClusterArn", value=parts["cluster"].cluster_arn)
        team_models = s3.Bucket.from_bucket_attributes(
            consumer, "TeamModels", bucket_name="team-models",
            encryption_key=kms.Key.from_key_arn(consumer, "TeamKey", TEAM_KEY_ARN))
        store = parts["store"] = ModelStoreFileSystem.from_model_store_attributes(
            consumer, "ModelStore", file_system_id=FS_ID, dns_name=f"{FS_ID}.fsx.{REGION}.amazonaws.com",
            mount_name="abcdefgh", security_group=ec2.SecurityGroup.from_security_group_id(
                consumer, "StoreGroup", "sg-0fedcba9876543210"), bucket=team_models, key_prefix="shared/")
        roles["team-reader"] = _role(consumer, "TeamReaderRole")
        grants["imported-store-read"] = store.grant_read(roles["team-reader"])
        roles["team-operator"] = _role(consumer, "TeamOperatorRole")
        grants["imported-cluster-describe"] = parts["cluster"].grant_describe(roles["team-operator"])
        parts["consumer"] = consumer
        return stack, platform

    synthesized = synthesize(build, tmp_path_factory.mktemp("grants"))
    consumer = parts["consumer"]
    template = json.loads((synthesized.outdir / f"{consumer.artifact_id}.template.json").read_text())
    return GrantsApp(synthesized, consumer, template, roles, parts["cluster"], parts["store"], grants)


def _read_stack_outputs(value: Any, producer: dict[str, Any], stack_name: str) -> Any:
    """``value`` with each ``Fn::GetStackOutput`` of ``stack_name`` replaced by that output's value in the ``producer``
    template, resolved there, as CloudFormation does at deploy."""
    if isinstance(value, list):
        return [_read_stack_outputs(item, producer, stack_name) for item in value]
    if not isinstance(value, dict):
        return value
    reference = value.get("Fn::GetStackOutput")
    if reference is not None and len(value) == 1:
        assert reference["StackName"] == stack_name, reference
        return TemplateResolver(producer).resolve(producer["Outputs"][reference["OutputName"]]["Value"])
    return {key: _read_stack_outputs(item, producer, stack_name) for key, item in value.items()}


def _outcomes(app: GrantsApp, role_id: str, requests: list[tuple[str, str, dict[str, Any]]],
              resource_policy: str | None = None) -> dict[str, str]:
    """``action resource`` -> the simulator's decision for ``role_id``'s effective policies in its own template."""
    role = app.roles[role_id]
    template = _template_of(app, role)
    resolver = TemplateResolver(template)
    logical = cdk.Stack.of(role).get_logical_id(role.node.default_child)
    principal, policies = resolver.get_att(logical, "Arn"), effective_policies(template, logical, resolver)
    cases = [(Request(role_id, action, resource, context, resource_policy), principal, policies)
             for action, resource, context in requests]
    return {f"{action} {resource} {context or ''}".strip(): outcome["result"]
            for (action, resource, context), outcome in zip(requests, simulate(cases))}


def _template_of(app: GrantsApp, role: iam.Role) -> dict[str, Any]:
    """The template holding ``role``: the second stack's with the first stack's outputs it reads filled in."""
    if cdk.Stack.of(role) is not app.consumer:
        return app.synthesized.template
    return _read_stack_outputs(app.consumer_template, app.synthesized.template, app.synthesized.stack.stack_name)


def _value(app: GrantsApp, token: str) -> str:
    stack = app.synthesized.stack
    return str(TemplateResolver(app.synthesized.template).resolve(stack.resolve(token)))


def _only_allowed(results: dict[str, str], allowed: int) -> None:
    """The first ``allowed`` requests are allowed, every later one (the neighbours) implicitly denied."""
    decisions = list(results.values())
    assert decisions == ["Allowed"] * allowed + ["ImplicitlyDenied"] * (len(decisions) - allowed), results


# ---- each grant, in the simulator --------------------------------------------------------------------------------

def test_grant_invoke_allows_sagemaker_runtime_on_that_endpoint_only(grants_app: GrantsApp) -> None:
    endpoint = f"{SAGEMAKER}:endpoint/llama-8b"  # the ARN SageMaker checks: the name lowercased
    results = _outcomes(grants_app, "application", [
        ("sagemaker:InvokeEndpoint", endpoint, {}),
        ("sagemaker:InvokeEndpointWithResponseStream", endpoint, {}),
        ("sagemaker:InvokeEndpoint", f"{SAGEMAKER}:endpoint/qwen-neighbour", {}),
        ("sagemaker:InvokeEndpointWithResponseStream", f"{SAGEMAKER}:endpoint/qwen-neighbour", {}),
        ("sagemaker:DeleteEndpoint", endpoint, {}),
        ("sagemaker:UpdateEndpoint", endpoint, {}),
    ])
    _only_allowed(results, 2)


def test_grant_invoke_on_a_jumpstart_endpoint(grants_app: GrantsApp) -> None:
    results = _outcomes(grants_app, "jumpstart-application", [
        ("sagemaker:InvokeEndpoint", f"{SAGEMAKER}:endpoint/mistral-7b", {}),
        ("sagemaker:InvokeEndpointWithResponseStream", f"{SAGEMAKER}:endpoint/mistral-7b", {}),
        ("sagemaker:InvokeEndpoint", f"{SAGEMAKER}:endpoint/llama-8b", {}),  # the other endpoint's
    ])
    _only_allowed(results, 2)


def test_model_bucket_grant_read_allows_the_prefix_only(grants_app: GrantsApp) -> None:
    bucket = _value(grants_app, grants_app.synthesized.stack.node.find_child("Models").bucket_name)
    prefix = "llm/llama-3.1-8b/"
    results = _outcomes(grants_app, "weights-reader", [
        ("s3:ListBucket", f"arn:aws:s3:::{bucket}", {"s3:prefix": prefix}),
        ("s3:GetObject", f"arn:aws:s3:::{bucket}/{prefix}model-00001-of-00004.safetensors", {}),
        ("s3:ListBucket", f"arn:aws:s3:::{bucket}", {"s3:prefix": "llm/qwen/"}),
        ("s3:ListBucket", f"arn:aws:s3:::{bucket}", {"s3:prefix": ""}),
        ("s3:GetObject", f"arn:aws:s3:::{bucket}/llm/qwen/config.json", {}),
        ("s3:GetObject", f"arn:aws:s3:::someone-elses-models/{prefix}config.json", {}),
        ("s3:PutObject", f"arn:aws:s3:::{bucket}/{prefix}config.json", {}),
        ("s3:DeleteObject", f"arn:aws:s3:::{bucket}/{prefix}config.json", {}),
    ])
    _only_allowed(results, 2)


def test_model_store_grant_read_allows_the_linked_prefix_and_describe(grants_app: GrantsApp) -> None:
    bucket = _value(grants_app, grants_app.synthesized.stack.node.find_child("Models").bucket_name)
    file_system = f"arn:aws:fsx:{REGION}:{ACCOUNT}:file-system/{FS_ID}"
    results = _outcomes(grants_app, "store-reader", [
        ("s3:ListBucket", f"arn:aws:s3:::{bucket}", {"s3:prefix": "llm/llama-3.1-8b/"}),
        ("s3:GetObject", f"arn:aws:s3:::{bucket}/llm/llama-3.1-8b/config.json", {}),
        ("fsx:DescribeFileSystems", "*", {}),
        ("fsx:DescribeDataRepositoryAssociations", "*", {}),
        ("s3:ListBucket", f"arn:aws:s3:::{bucket}", {"s3:prefix": "private/"}),
        ("s3:GetObject", f"arn:aws:s3:::{bucket}/private/notes.txt", {}),
        ("s3:GetObject", f"arn:aws:s3:::{bucket}/llmx/config.json", {}),  # the prefix is llm/, not llm
        ("s3:PutObject", f"arn:aws:s3:::{bucket}/llm/llama-3.1-8b/config.json", {}),
        ("fsx:DeleteFileSystem", file_system, {}),
        ("fsx:UpdateFileSystem", file_system, {}),
    ])
    _only_allowed(results, 4)


def test_grant_query_allows_the_query_api_on_that_workspace_only(grants_app: GrantsApp) -> None:
    observability = grants_app.synthesized.platform.observability
    workspace = _value(grants_app, observability.workspace_arn)
    neighbour = f"arn:aws:aps:{REGION}:{ACCOUNT}:workspace/ws-00000000-0000-0000-0000-000000000000"
    results = _outcomes(grants_app, "dashboard", [
        *((action, workspace, {}) for action in ("aps:QueryMetrics", "aps:GetSeries", "aps:GetLabels",
                                                 "aps:GetMetricMetadata")),
        ("aps:QueryMetrics", neighbour, {}),
        ("aps:GetSeries", neighbour, {}),
        ("aps:RemoteWrite", workspace, {}),
        ("aps:DeleteWorkspace", workspace, {}),
    ])
    _only_allowed(results, 4)


@pytest.mark.parametrize("role_id", ["cluster-operator", "team-operator"])
def test_cluster_grant_describe_allows_reading_that_cluster_only(grants_app: GrantsApp, role_id: str) -> None:
    """The platform's cluster (a GetAtt in its stack) and the import of it in the second stack (a cross-stack
    reference) grant the same reads on the same ARN."""
    cluster = _value(grants_app, grants_app.synthesized.platform.hyperpod.cluster_arn)
    neighbour = f"{SAGEMAKER}:cluster/zzzzzzzzzzzz"
    results = _outcomes(grants_app, role_id, [
        *((action, cluster, {}) for action in ("sagemaker:DescribeCluster", "sagemaker:ListClusterNodes",
                                               "sagemaker:DescribeClusterNode")),
        ("sagemaker:DescribeCluster", neighbour, {}),
        ("sagemaker:ListClusterNodes", neighbour, {}),
        ("sagemaker:DeleteCluster", cluster, {}),
        ("sagemaker:BatchDeleteClusterNodes", cluster, {}),
    ])
    _only_allowed(results, 3)


def test_imported_model_store_grants_its_prefix_and_the_buckets_key(grants_app: GrantsApp) -> None:
    results = _outcomes(grants_app, "team-reader", [
        ("s3:ListBucket", "arn:aws:s3:::team-models", {"s3:prefix": "shared/llama/"}),
        ("s3:GetObject", "arn:aws:s3:::team-models/shared/llama/config.json", {}),
        ("s3:GetObject", "arn:aws:s3:::team-models/private/config.json", {}),
        ("s3:GetObject", "arn:aws:s3:::other-team-models/shared/llama/config.json", {}),
    ])
    _only_allowed(results, 2)
    key = _outcomes(grants_app, "team-reader", [
        ("kms:Decrypt", TEAM_KEY_ARN, {}),
        ("kms:Decrypt", f"arn:aws:kms:{REGION}:{ACCOUNT}:key/ffffffff-12ab-34cd-56ef-1234567890ab", {}),
        ("kms:Encrypt", TEAM_KEY_ARN, {}),
    ], resource_policy="kms-default-key-policy")
    _only_allowed(key, 1)


def test_a_grant_without_its_statement_is_denied(grants_app: GrantsApp) -> None:
    """The check can fail: the role without the policy the grant wrote may not invoke the endpoint."""
    role = grants_app.roles["application"]
    resolver = TemplateResolver(grants_app.synthesized.template)
    logical = grants_app.synthesized.stack.get_logical_id(role.node.default_child)
    request = Request("application", "sagemaker:InvokeEndpoint", f"{SAGEMAKER}:endpoint/llama-8b")
    assert [outcome["result"] for outcome in simulate([(request, resolver.get_att(logical, "Arn"), [])])] == [
        "ImplicitlyDenied"]


def test_grants_return_the_principals_statements(grants_app: GrantsApp) -> None:
    for name, grant in grants_app.grants.items():
        assert grant.success, name
        assert grant.principal_statements, name  # added to the role's own policy, as aws-cdk-lib's L2s do
    invoke = grants_app.grants["invoke"].principal_statements[0].to_statement_json()
    assert invoke["Action"] == ["sagemaker:InvokeEndpoint", "sagemaker:InvokeEndpointWithResponseStream"]


def test_the_grants_app_is_nag_and_cfn_lint_clean(grants_app: GrantsApp) -> None:
    assert grants_app.synthesized.nag_violations == []
    assert cfn_lint_errors(grants_app.synthesized.template) == []
    assert cfn_lint_errors(grants_app.consumer_template) == []


# ---- importers and interfaces ------------------------------------------------------------------------------------

def test_construct_and_import_implement_the_same_interface(grants_app: GrantsApp) -> None:
    platform = grants_app.synthesized.platform
    assert isinstance(platform.hyperpod, IHyperPodCluster) and isinstance(grants_app.imported_cluster, IHyperPodCluster)
    assert isinstance(platform.model_store, IModelStore) and isinstance(grants_app.imported_store, IModelStore)
    assert platform.model_store.key_prefix == "llm/"  # as the S3 link names it
    assert grants_app.imported_store.key_prefix == "shared/"
    assert grants_app.imported_store.file_system.file_system_id == FS_ID
    # What docs/access.md says a second platform does with it: an FSx model source on the imported file system.
    source = ModelSource.fsx("models/llama/", file_system=grants_app.imported_store.file_system,
                             mount_name=grants_app.imported_store.mount_name)
    assert source.file_system_attributes == (FS_ID, f"{FS_ID}.fsx.{REGION}.amazonaws.com", "abcdefgh")
    assert [group.security_group_id for group in grants_app.imported_cluster.security_groups] == [
        "sg-0123456789abcdef0"]


def test_the_second_stack_reads_the_cluster_arn_from_the_first(grants_app: GrantsApp) -> None:
    """CDK turns the token into a cross-stack reference (an output of the platform's stack, read by the consumer)."""
    outputs = grants_app.synthesized.template["Outputs"]
    imported = grants_app.consumer_template["Outputs"]["HyperPodClusterArn"]["Value"]
    platform_stack = grants_app.synthesized.stack.stack_name
    if "Fn::GetStackOutput" in imported:  # @aws-cdk/core:... cross-stack references through stack outputs
        reference = imported["Fn::GetStackOutput"]
        assert reference["StackName"] == platform_stack and reference["OutputName"] in outputs, imported
        produced = outputs[reference["OutputName"]]["Value"]
    else:
        exports = {output["Export"]["Name"]: output for output in outputs.values() if "Export" in output}
        produced = exports[imported["Fn::ImportValue"]]["Value"]
    hyperpod = grants_app.synthesized.platform.hyperpod
    assert produced == {"Fn::GetAtt": [grants_app.synthesized.stack.get_logical_id(hyperpod.resource), "ClusterArn"]}


def _stack() -> cdk.Stack:
    return cdk.Stack(cdk.App(), "Checks")


@pytest.mark.parametrize(("attributes", "field", "message"), [
    ({"cluster_arn": f"{SAGEMAKER}:cluster/my-cluster"}, "cluster_arn",
     "a HyperPod cluster ARN: arn:<partition>:sagemaker:<region>:<12-digit account>:cluster/<12-character cluster id>"),
    ({"eks_cluster": "team-eks"}, "eks_cluster", "an aws_eks_v2.ICluster"),
    ({"security_groups": ["sg-0123456789abcdef0"]}, "security_groups[0]", "an ec2.ISecurityGroup"),
    ({"cluster_name": "team_cluster"}, "cluster_name", "1-63 letters, digits and hyphens, or None"),
])
def test_cluster_importer_refuses_bad_attributes(attributes: dict[str, Any], field: str, message: str) -> None:
    stack = _stack()
    given = {"cluster_arn": CLUSTER_ARN,
             "eks_cluster": eks.Cluster.from_cluster_attributes(stack, "Eks", cluster_name="c"), **attributes}
    with pytest.raises(HyperPodValidationError) as raised:
        HyperPodCluster.from_cluster_attributes(stack, "Cluster", **given)
    assert raised.value.field == field and message in str(raised.value), str(raised.value)
    assert raised.value.where == "Checks/Cluster"


@pytest.mark.parametrize(("attributes", "field", "message"), [
    ({"file_system_id": "fsx-0123"}, "file_system_id", "an FSx file system id like fs-0123456789abcdef0"),
    ({"dns_name": ""}, "dns_name", "a non-empty string"),
    ({"security_group": "sg-0123456789abcdef0"}, "security_group", "an ec2.ISecurityGroup"),
    ({"bucket": "team-models"}, "bucket", "an s3.IBucket"),
    ({"key_prefix": "s3://team-models/shared/"}, "key_prefix", "not an s3:// URI"),
])
def test_model_store_importer_refuses_bad_attributes(attributes: dict[str, Any], field: str, message: str) -> None:
    stack = _stack()
    given = {"file_system_id": FS_ID, "dns_name": "fs.example", "mount_name": "abcdefgh",
             "security_group": ec2.SecurityGroup.from_security_group_id(stack, "Group", "sg-0123456789abcdef0"),
             "bucket": s3.Bucket.from_bucket_name(stack, "Bucket", "team-models"), **attributes}
    with pytest.raises(HyperPodValidationError) as raised:
        ModelStoreFileSystem.from_model_store_attributes(stack, "Store", **given)
    assert raised.value.field == field and message in str(raised.value), str(raised.value)


@pytest.mark.parametrize("key_prefix", ["/llm/", "s3://bucket/llm/", "llm/../secrets/", "/"])
def test_model_bucket_grant_read_refuses_a_bad_prefix(key_prefix: str) -> None:
    stack = _stack()
    models = ModelBucket(stack, "Models")
    with pytest.raises(HyperPodValidationError) as raised:
        models.grant_read(_role(stack, "Reader"), key_prefix)
    assert raised.value.field == "key_prefix" and raised.value.value == key_prefix
    assert "a key prefix inside the bucket such as 'llama-3.1-8b-instruct/'" in str(raised.value)


def test_grant_invoke_refuses_an_endpoint_without_a_sagemaker_endpoint(grants_app: GrantsApp) -> None:
    handle = grants_app.synthesized.platform.endpoint_deployments[1]
    assert handle.sagemaker_endpoint_arn is None
    with pytest.raises(HyperPodValidationError) as raised:
        handle.grant_invoke(grants_app.roles["application"])
    assert raised.value.field == "sagemaker_endpoint_name" and raised.value.where == "Grants/Platform/in-cluster"
    assert "without a name the operator registers no SageMaker endpoint" in str(raised.value)


@pytest.mark.parametrize("grant", ["invoke", "bucket-read", "store-read", "store-describe", "query", "cluster"])
def test_a_grantee_without_an_identity_policy_is_refused(grants_app: GrantsApp, grant: str) -> None:
    """A service principal cannot hold the statement: the grant raises instead of granting nothing."""
    platform = grants_app.synthesized.platform
    calls: dict[str, Callable[[iam.IGrantable], iam.Grant]] = {
        "invoke": platform.endpoint_deployments[0].grant_invoke,
        "bucket-read": grants_app.synthesized.stack.node.find_child("Models").grant_read,
        "store-read": platform.model_store.grant_read, "store-describe": platform.model_store.grant_describe,
        "query": platform.observability.grant_query, "cluster": platform.hyperpod.grant_describe}
    with pytest.raises(HyperPodValidationError) as raised:
        calls[grant](iam.ServicePrincipal("lambda.amazonaws.com"))
    assert raised.value.field == "grantee" and "a principal with an identity policy" in str(raised.value)
    assert raised.value.where.startswith("Grants/")


# ---- read-only attributes ------------------------------------------------------------------------------------------

# Every module of the package is walked, so a construct added anywhere is checked without being listed, except:
# k8s.imports, the cdk8s ApiObject classes `cdk8s import` generates from the operators' CRDs (jsii bindings, whose
# values are properties of the Node-side objects already; regenerated, never edited here), and each __main__, which
# runs its command when imported. A cdk8s construct written in the package would be checked like an AWS one.
SKIPPED_MODULES = (f"{hyperpod_constructs.__name__}.k8s.imports",)


def _modules(package: ModuleType) -> list[ModuleType]:
    """``package``'s modules and, recursively, its packages' (without ``SKIPPED_MODULES`` and ``__main__``)."""
    found = []
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        if info.name.startswith(SKIPPED_MODULES) or info.name.endswith(".__main__"):
            continue
        module = importlib.import_module(info.name)
        found.append(module)
        if info.ispkg:
            found.extend(_modules(module))
    return found


def construct_classes() -> list[type]:
    """Every class the package defines that subclasses ``constructs.Construct`` (public or not)."""
    classes = {value for module in _modules(hyperpod_constructs) for value in vars(module).values()
               if inspect.isclass(value) and issubclass(value, Construct)
               and value.__module__.startswith(f"{hyperpod_constructs.__name__}.")}
    return sorted(classes, key=lambda cls: (cls.__module__, cls.__qualname__))


CONSTRUCT_CLASSES = construct_classes()


def public_assignments(source: str) -> list[str]:
    """The public names a class's methods assign on ``self``: ``self.bucket = ...`` in any form (annotated,
    augmented, unpacked) and ``setattr(self, "bucket", ...)``."""
    tree = ast.parse(textwrap.dedent(source))
    stored = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
              and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == "self"}
    set_by_name = {node.args[1].value for node in ast.walk(tree) if isinstance(node, ast.Call)
                   and ast.unparse(node.func) in ("setattr", "object.__setattr__") and len(node.args) == 3
                   and ast.unparse(node.args[0]) == "self" and isinstance(node.args[1], ast.Constant)
                   and isinstance(node.args[1].value, str)}
    return sorted(name for name in stored | set_by_name if not name.startswith("_"))


def test_the_construct_classes_are_found() -> None:
    """The walk reaches the platform, its parts and the handles, whatever package they live in."""
    assert {HyperPodInferencePlatform, ModelBucket, ModelStoreFileSystem, HyperPodCluster, InferenceObservability,
            KubectlHandler} <= set(CONSTRUCT_CLASSES)
    assert {"HyperPodEks", "HyperPodNetwork", "ManifestApplier", "EndpointDeployment", "PlanMetadata"} <= {
        cls.__name__ for cls in CONSTRUCT_CLASSES}


@pytest.mark.parametrize("cls", CONSTRUCT_CLASSES, ids=lambda cls: cls.__qualname__)
def test_no_public_attribute_is_assigned(cls: type) -> None:
    """Every public value of a construct is a property: a method assigning ``self.<public name>`` fails."""
    assigned = public_assignments(inspect.getsource(cls))
    assert assigned == [], f"{cls.__name__} assigns public attributes {assigned}: make them read-only properties"


def test_the_public_attribute_check_catches_an_assignment() -> None:
    source = ("class Example:\n    def __init__(self) -> None:\n        self.bucket: int = 1\n"
              "        self._kept = 2\n        other.name = 3\n        self.role, self._key = 4, 5\n"
              "        self.count += 1\n        setattr(self, 'vpc', 6)\n        setattr(other, 'kept', 7)\n")
    assert public_assignments(source) == ["bucket", "count", "role", "vpc"]


@pytest.mark.parametrize("path", ["hyperpod.execution_role", "hyperpod.cluster_arn", "model_store.file_system",
                                  "observability.workspace_arn", "observability.addon_role", "eks.cluster",
                                  "kubectl_handler.function", "network.vpc", "operator.execution_role",
                                  "manifest_applier.resource"])
def test_assigning_an_attribute_raises(grants_app: GrantsApp, path: str) -> None:
    owner_name, name = path.split(".")
    owner = getattr(grants_app.synthesized.platform, owner_name)
    before = getattr(owner, name)
    with pytest.raises(AttributeError):
        setattr(owner, name, None)
    assert getattr(owner, name) is before


def test_parliament_finds_nothing_in_the_granted_policies(grants_app: GrantsApp) -> None:
    """parliament (the policy linter the platform's own policies pass) on what each grant wrote."""
    from parliament import analyze_policy_string

    findings, checked = [], 0
    for role_id, role in grants_app.roles.items():
        stack = cdk.Stack.of(role)
        template = _template_of(grants_app, role)
        resolver = TemplateResolver(template)
        for name, document in effective_policies(template, stack.get_logical_id(role.node.default_child), resolver):
            checked += 1
            policy = analyze_policy_string(json.dumps(document), ignore_private_auditors=True)
            findings.extend((role_id, name, finding.issue, finding.detail) for finding in policy.findings)
    assert checked == len(grants_app.roles) and not findings, findings
