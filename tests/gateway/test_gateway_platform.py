"""The gateway through the platform: its chart and handle, the add-on's gateway keys with the controller's role
(created before the add-on), the inventory marking the config as shared, and the platform's rules."""
from __future__ import annotations

import json

import aws_cdk as cdk
import pytest
from aws_cdk import aws_certificatemanager as acm
from aws_cdk.assertions import Match, Template

from hyperpod_constructs import (
    GatewayScheduler, GatewayTls, HyperPodInferencePlatform, InferenceEndpoint, InferenceGateway,
    InferenceOperatorOptions, InstanceGroup, JwtAuthentication, ModelSource,
)
from hyperpod_constructs.delivery.bundle import bundle_inventory
from hyperpod_constructs.errors import HyperPodProblems, HyperPodValidationError
from hyperpod_constructs import rules

ISSUER = "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_Abc"
JWT = JwtAuthentication(provider_name="cognito", issuer=ISSUER, jwks_uri=f"{ISSUER}/.well-known/jwks.json",
                        audiences=["models-client"])
GATEWAY_KIND = "InferenceGatewayConfig.v1alpha1.inference.sagemaker.aws.amazon.com"


def models_gateway(**fields) -> InferenceGateway:
    return InferenceGateway(name="models", auth=JWT, schedulers=[
        GatewayScheduler.for_endpoint("qwen", model_name="Qwen/Qwen2.5-7B-Instruct"),
        GatewayScheduler.for_endpoint("llama", model_name="meta-llama/Llama-3.1-8B-Instruct")], **fields)


MODELS = {"qwen": "Qwen/Qwen2.5-7B-Instruct", "llama": "meta-llama/Llama-3.1-8B-Instruct"}


def add_models(built: HyperPodInferencePlatform) -> None:
    """The endpoints the gateway's schedulers select, serving the names they route."""
    for name, model_name in MODELS.items():
        built.add_endpoint(InferenceEndpoint(name, model=ModelSource.hugging_face(model_name),
                                             instance_type="ml.g6e.12xlarge", gpus=1, inference_gateway="models",
                                             args=["/opt/ml/model", "--served-model-name", model_name]))


def platform(gateway: bool = True, name: str = "Gw") -> HyperPodInferencePlatform:
    stack = cdk.Stack(cdk.App(), name)
    return HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge",
                                                                                        count=1)],
                                     operator=InferenceOperatorOptions(inference_gateway=gateway))


@pytest.fixture(scope="module")
def with_gateway() -> tuple[HyperPodInferencePlatform, Template]:
    built = platform()
    built.add_inference_gateway(models_gateway())
    add_models(built)
    return built, Template.from_stack(cdk.Stack.of(built))


def test_the_gateway_is_one_chart_with_the_platforms_labels(with_gateway) -> None:
    built, _ = with_gateway
    (handle,) = built.inference_gateways
    assert handle.chart_name == "inference-gateway-default-models"
    (manifest,) = built.charts["inference-gateway-default-models"]
    assert manifest["kind"] == "InferenceGatewayConfig" and manifest["metadata"]["namespace"] == "default"
    assert manifest["metadata"]["labels"]["hyperpod-constructs.io/platform"] == built.platform_label
    assert [entry["modelSelector"] for entry in manifest["spec"]["schedulers"]] == [
        {"matchLabels": {"app": "qwen"}}, {"matchLabels": {"app": "llama"}}]  # the operator labels pods app=<name>


def test_the_bundle_marks_the_config_shared_and_needing_the_gateway_api(with_gateway) -> None:
    built, _ = with_gateway
    inventory = bundle_inventory(built.manifest_files.charts(), built.deploy_time_values)
    assert inventory["shared"] == [{"kind": GATEWAY_KIND, "namespace": "default", "name": "models"}]
    assert inventory["requires"] == {GATEWAY_KIND: ["Gateway.v1.gateway.networking.k8s.io",
                                                    "HTTPRoute.v1.gateway.networking.k8s.io"]}
    plain = platform(gateway=False, name="NoGw")
    assert "shared" not in bundle_inventory(plain.manifest_files.charts(), plain.deploy_time_values)


def test_the_addon_turns_the_controller_on_with_its_role_created_first(with_gateway) -> None:
    _, template = with_gateway
    (role_id,) = template.find_resources("AWS::IAM::Role", {"Properties": {"ManagedPolicyArns": [{"Fn::Join": [
        "", Match.array_with([Match.string_like_regexp("AmazonSageMakerHyperPodInferenceGatewayAccess")])]}]}})
    trust = template.to_json()["Resources"][role_id]["Properties"]["AssumeRolePolicyDocument"]["Statement"]
    assert [statement["Action"] for statement in trust] == ["sts:AssumeRoleWithWebIdentity"]
    # The subject condition is a CfnJson value (its key holds the OIDC issuer, a token).
    assert "system:serviceaccount:hyperpod-inference-system:inference-gateway-controller" in json.dumps(
        template.to_json()["Resources"])
    (addon,) = template.find_resources("AWS::EKS::Addon", {"Properties": {
        "AddonName": "amazon-sagemaker-hyperpod-inference"}}).values()
    assert role_id in addon["DependsOn"]
    config = json.dumps(addon["Properties"]["ConfigurationValues"])
    assert '\\"inferenceGateway\\":{\\"enabled\\":true,\\"serviceAccount\\":{\\"roleArn\\":' in config
    assert role_id in config


def test_without_the_option_the_addon_has_no_gateway_keys() -> None:
    template = Template.from_stack(cdk.Stack.of(platform(gateway=False, name="NoGwKeys")))
    (addon,) = template.find_resources("AWS::EKS::Addon", {"Properties": {
        "AddonName": "amazon-sagemaker-hyperpod-inference"}}).values()
    assert "inferenceGateway" not in json.dumps(addon["Properties"]["ConfigurationValues"])


def test_a_gateway_without_the_controller_is_refused_at_synth() -> None:
    built = platform(gateway=False, name="NoController")
    built.add_inference_gateway(models_gateway())
    add_models(built)
    problems = rules.problems(built.resolved_platform)
    assert problems == ["InferenceGateway default/models: operator.inference_gateway=False is not allowed; True: the "
                        "InferenceGatewayConfig CRD and its controller come with the add-on's gateway "
                        "(InferenceOperatorOptions(inference_gateway=True) on the platform)"]
    with pytest.raises(HyperPodProblems, match="operator.inference_gateway=False"):
        built.export("/tmp/never-written")


def test_a_gateway_name_is_used_once_per_namespace() -> None:
    built = platform(name="Twice")
    built.add_inference_gateway(models_gateway())
    built.add_inference_gateway(models_gateway(namespace="team"))  # another namespace: another object
    with pytest.raises(HyperPodValidationError, match="gateway.name='models' is not allowed; a name not used by "
                                                      "another Inference Gateway in namespace 'default'"):
        built.add_inference_gateway(models_gateway())
    assert [handle.chart_name for handle in built.inference_gateways] == [
        "inference-gateway-default-models", "inference-gateway-team-models"]


def test_a_certificate_of_the_stack_is_a_deploy_time_value() -> None:
    built = platform(name="Cert")
    certificate = acm.Certificate(cdk.Stack.of(built), "Certificate", domain_name="models.example.com")
    built.add_inference_gateway(models_gateway(tls=GatewayTls(acm_certificate_arn=certificate.certificate_arn)))
    text = built.manifest_files.files()["inference-gateway-default-models.k8s.yaml"]
    assert "${InferenceGatewayDefaultModelsCertificateArn}" in text
    assert "InferenceGatewayDefaultModelsCertificateArn" in built.deploy_time_values.names
