"""A removed Inference Gateway in the diff's Kubernetes section: its config has two writers (the operator merges
scheduler entries into it), so the applier keeps it until the operator lets go, and the diff says so instead of
"deleted", naming the endpoints the gateway served (attached by name or selected by its schedulers)."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk
import pytest
import yaml
from aws_cdk import aws_s3 as s3

from hyperpod_constructs import (
    GatewayScheduler, HyperPodInferencePlatform, InferenceEndpoint, InferenceGateway, InferenceOperatorOptions,
    InstanceGroup, ModelSource,
)
from hyperpod_constructs.diff.command import main
from hyperpod_constructs.diff.compare import bundle_diff
from hyperpod_constructs.diff.gateways import KEPT_BY_APPLIER, PRUNED_BY_GITOPS
from hyperpod_constructs.diff.inputs import Bundle
from hyperpod_constructs.diff.report import DESTRUCTIVE, _deleted_lines

from diff_apps import assembly

GATEWAY = "InferenceGatewayConfig.inference.sagemaker.aws.amazon.com default/models"
ENDPOINT = "InferenceEndpointConfig.inference.sagemaker.aws.amazon.com"


def gateway_app(*, with_gateway: bool) -> Callable[[cdk.App], tuple[cdk.Stack, Any]]:
    """Llama attaches to the gateway by name, Qwen is selected by a scheduler only, Mistral is not behind it; the
    second version removes the gateway (and detaches Llama, which the platform requires)."""
    def build(app: cdk.App) -> tuple[cdk.Stack, Any]:
        stack = cdk.Stack(app, "Inference")
        models = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
        platform = HyperPodInferencePlatform(
            stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=2)],
            operator=InferenceOperatorOptions(inference_gateway=True))
        served = {"llama": "meta-llama/Llama-3.1-8B-Instruct", "qwen": "Qwen/Qwen2.5-7B-Instruct",
                  "mistral": "mistralai/Mistral-7B-Instruct-v0.3"}
        for name, model_name in served.items():
            attach = {"inference_gateway": "models"} if with_gateway and name == "llama" else {}
            platform.add_endpoint(InferenceEndpoint(
                name, model=ModelSource.s3(models, f"{name}/"), instance_type="ml.g6e.12xlarge", gpus=1,
                args=["/opt/ml/model", "--served-model-name", model_name], **attach))
        if with_gateway:
            platform.add_inference_gateway(InferenceGateway(name="models", allow_unauthenticated=True, schedulers=[
                GatewayScheduler.for_endpoint("llama", model_name=served["llama"]),
                GatewayScheduler.for_endpoint("qwen", model_name=served["qwen"])]))
        return stack, platform
    return build


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return (assembly(tmp_path_factory, "gateway1", gateway_app(with_gateway=True)),
            assembly(tmp_path_factory, "gateway2", gateway_app(with_gateway=False)))


def diff(*argv: object) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(arg) for arg in argv], stdout=out, stderr=err)
    return code, out.getvalue()


def test_a_removed_gateway_is_kept_until_the_operator_lets_go_and_names_what_it_served(
        versions: tuple[Path, Path]) -> None:
    code, text = diff(*versions)
    lines = text.splitlines()
    assert code == 1 and lines[-1] == DESTRUCTIVE  # clients of the gateway lose its address
    assert f"    deleted: {GATEWAY}" not in lines
    at = lines.index(f"    kept until the operator lets go: {GATEWAY}")
    assert lines[at + 1:at + 3] == [f"        {KEPT_BY_APPLIER}", "        served: llama, qwen"]
    assert f"    changed: {ENDPOINT} default/llama" in lines  # detached: its own change, not a removal


def test_going_back_adds_the_gateway_and_keeps_nothing(versions: tuple[Path, Path]) -> None:
    _, text = diff(versions[1], versions[0])
    assert f"    added:   {GATEWAY}" in text.splitlines()
    assert "kept until the operator lets go" not in text


def manifests(*objects: dict[str, Any]) -> tuple[str, ...]:
    return (yaml.safe_dump_all(objects),)


def config(name: str, namespace: str, *apps: str) -> dict[str, Any]:
    return {"apiVersion": "inference.sagemaker.aws.amazon.com/v1alpha1", "kind": "InferenceGatewayConfig",
            "metadata": {"name": name, "namespace": namespace},
            "spec": {"schedulers": [{"name": app, "modelSelector": {"matchLabels": {"app": app}}} for app in apps]}}


def endpoint(name: str, namespace: str, gateway: str | None = None) -> dict[str, Any]:
    spec = {"inferenceGateway": {"enabled": True, "name": gateway}} if gateway else {}
    return {"apiVersion": "inference.sagemaker.aws.amazon.com/v1", "kind": "InferenceEndpointConfig",
            "metadata": {"name": name, "namespace": namespace}, "spec": spec}


def test_served_endpoints_are_those_of_the_gateways_namespace() -> None:
    old = Bundle("old", manifests(config("models", "team", "qwen"), endpoint("qwen", "team"),
                                  endpoint("llama", "team", gateway="models"), endpoint("qwen", "default"),
                                  endpoint("other", "team", gateway="elsewhere")))
    new = Bundle("new", manifests(endpoint("qwen", "team"), endpoint("llama", "team"), endpoint("qwen", "default"),
                                  endpoint("other", "team", gateway="elsewhere")))
    result = bundle_diff("Manifests", old, new)
    ((key, served),) = result.gateways_removed
    assert key[2:] == ("team", "models") and served == ("llama", "qwen")


def test_a_gateway_serving_no_endpoint_of_the_bundle_says_so() -> None:
    result = bundle_diff("Manifests", Bundle("old", manifests(config("models", "default", "outside"))),
                         Bundle("new", manifests(endpoint("qwen", "default"))))
    assert result.gateways_removed[0][1] == ()
    assert _deleted_lines(result, result.changes.deleted) == [
        f"    kept until the operator lets go: {GATEWAY}", f"        {KEPT_BY_APPLIER}",
        "        served: no endpoint of this bundle"]


def test_between_gitops_versions_the_engine_prunes_it_with_the_operators_entries() -> None:
    result = bundle_diff("Manifests", Bundle(None, manifests(config("models", "default", "qwen"),
                                                             endpoint("qwen", "default"))),
                         Bundle(None, manifests(endpoint("qwen", "default"))))
    assert _deleted_lines(result, result.changes.deleted) == [
        f"    deleted: {GATEWAY}", f"        {PRUNED_BY_GITOPS}", "        served: qwen"]


def test_handed_over_to_gitops_the_gateway_is_left_to_the_engine() -> None:
    result = bundle_diff("Manifests", Bundle("old", manifests(config("models", "default", "qwen"),
                                                              endpoint("qwen", "default"))),
                         Bundle(None, manifests(endpoint("qwen", "default"))))
    assert _deleted_lines(result, result.changes.deleted) == [
        f"    left to GitOps: {GATEWAY}", "        served: qwen"]


def test_other_deleted_objects_keep_their_plain_line() -> None:
    result = bundle_diff("Manifests", Bundle("old", manifests(endpoint("qwen", "default"))), Bundle("new", ()))
    assert result.gateways_removed == ()
    assert _deleted_lines(result, result.changes.deleted) == [f"    deleted: {ENDPOINT} default/qwen"]
