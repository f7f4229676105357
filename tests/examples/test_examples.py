"""Every example app (examples/*.py) and the default app: synth, cdk-nag, cfn-lint, manifest schemas, snapshots,
plus the issue's acceptance criteria on the default app and scenario checks on the MIG and custom-setup examples.

Each app is synthesized once per session (``synthesized`` and ``quick_setup`` in tests/conftest.py).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import aws_cdk as cdk
import pytest
import yaml
from aws_cdk import aws_s3 as s3
from aws_cdk.assertions import Annotations, Match, Template
from syrupy.extensions.json import JSONSnapshotExtension

from apps_support import (
    SynthesizedApp, bundle_manifests, created_bucket_names, files_under, library_template, literal_bucket_names,
    load_module, mask_hashes, only, resources)
from apps_support import app_param
from examples_support import DEFAULT_APP, app_files, exported_manifests
from hyperpod_constructs import HyperPodInferencePlatform, InstanceGroup, ModelStore
from hyperpod_constructs.intent.secrets import secret_in_text
from support import cfn_lint_errors, reference_file

APPS = app_files()
# The default app runs in `make test-fast`; every other example is synthesized and checked in `make test`.
APP_PARAMS = [app_param(path) for path in APPS]
MIG_EXAMPLE = "examples/multi_model_mig.py"
BYO_EXAMPLE = "examples/byo_vpc_and_eks.py"
MIG_LABEL = "nvidia.com/mig.config"
MIG_RESOURCE = re.compile(r"^nvidia\.com/mig-(\d+g\.\d+gb)$")


@pytest.fixture(params=APP_PARAMS)
def app(request: pytest.FixtureRequest, synthesized: Callable[[str], SynthesizedApp]) -> SynthesizedApp:
    return synthesized(request.param)


# ---- helpers -------------------------------------------------------------------------------------------------



def all_manifests(app: SynthesizedApp) -> list[dict[str, Any]]:
    return [manifest for manifests in exported_manifests(app.platform).values() for manifest in manifests]


def of_kind(app: SynthesizedApp, kind: str) -> list[dict[str, Any]]:
    return [manifest for manifest in all_manifests(app) if manifest["kind"] == kind]


def addon_names(template: dict[str, Any]) -> set[str]:
    return {addon["Properties"]["AddonName"] for addon in resources(template, "AWS::EKS::Addon").values()}


def mig_resources(manifest: dict[str, Any]) -> set[str]:
    """MIG profiles (``3g.40gb``) an endpoint's pods request, from the worker (IEC) or server (JumpStart)."""
    spec = manifest["spec"]
    if manifest["kind"] == "JumpStartModel":
        partition = spec.get("server", {}).get("acceleratorPartitionType")
        return {partition.removeprefix("mig-")} if partition else set()
    # The worker's requests, and with disaggregation each side's (prefill and decode pods ask separately).
    sides = [spec.get("pdSpec", {}).get(key, {}) for key in ("prefillSpec", "decodingSpec")]
    requests = [part.get("resources", {}).get("requests", {}) for part in (spec.get("worker", {}), *sides)]
    return {match.group(1) for keys in requests for key in keys if (match := MIG_RESOURCE.match(key))}


def mig_parted_profiles(config: dict[str, Any], layout: str) -> set[str]:
    """The MIG device profiles a mig-parted layout creates on any GPU."""
    assert layout in config["mig-configs"], f"layout {layout!r} is not in the mig-parted config"
    return {profile for entry in config["mig-configs"][layout] if entry.get("mig-enabled")
            for profile in entry.get("mig-devices", {})}


def mig_configs_known_to(app: SynthesizedApp) -> dict[str, Any]:
    """Layouts the cluster's MIG manager knows: our generated ConfigMap if there is one, else HyperPod's stock one."""
    config_maps = [cm for cm in of_kind(app, "ConfigMap") if "config.yaml" in cm.get("data", {})]
    if config_maps:
        assert len(config_maps) == 1
        return yaml.safe_load(config_maps[0]["data"]["config.yaml"])
    return yaml.safe_load(reference_file("default-mig-config.yaml").read_text())


def cluster_groups(template: dict[str, Any]) -> dict[str, dict[str, Any]]:
    cluster = only(template, "AWS::SageMaker::Cluster")["Properties"]
    return {group["InstanceGroupName"]: group for group in cluster["InstanceGroups"]}


# ---- every app ----------------------------------------------------------------------------------------------

def test_every_example_is_covered() -> None:
    examples = sorted(Path(path).name for path in APPS if path.startswith("examples/"))
    assert {"byo_vpc_and_eks.py", "scale_to_zero.py", "multi_model_mig.py", "model_from_s3.py",
            "model_from_hugging_face.py", "model_from_kubernetes_volume.py", "jumpstart_model.py",
            "disaggregated_prefill_decode.py", "escape_hatch.py", "preset_endpoint.py"} <= set(examples)


def test_app_says_what_it_shows(app: SynthesizedApp, request: pytest.FixtureRequest) -> None:
    module = load_module(request.node.callspec.params["app"])
    assert module.__doc__ and len(module.__doc__.strip()) > 40, "each example starts with a docstring"
    assert app.stack.template_options.description


@pytest.mark.slow
def test_stack_ids_are_distinct(synthesized: Callable[[str], SynthesizedApp]) -> None:
    ids = [synthesized(path).stack.node.id for path in APPS]
    assert len(ids) == len(set(ids)), ids


def test_no_cdk_errors_and_no_unexpected_warnings(app: SynthesizedApp, request: pytest.FixtureRequest) -> None:
    annotations = Annotations.from_stack(app.stack)
    assert [str(found.entry.data) for found in annotations.find_error("*", Match.any_value())] == []
    warnings = [str(found.entry.data) for found in annotations.find_warning("*", Match.any_value())]
    if request.node.callspec.params["app"] == DEFAULT_APP:
        # The default app shows L2 tiered storage on purpose; the library advises about its isolation.
        warnings = [text for text in warnings if "L2 tiered storage is shared" not in text]
    assert warnings == []


def test_cdk_nag_has_no_unacknowledged_findings(app: SynthesizedApp) -> None:
    assert app.nag_violations == []


# AWS's own regional JumpStart buckets (jumpstart-cache-prod-${AWS::Region}): the one kind of bucket an app may name
# without creating it, since AWS owns it in every region.
AWS_OWNED_BUCKET_PREFIXES = ("jumpstart-cache-prod-", "jumpstart-private-cache-prod-")


def test_app_names_no_bucket_it_does_not_create(app: SynthesizedApp) -> None:
    # Bucket names are global: a name the app does not create is someone else's until proven otherwise.
    written = [app.template, *exported_manifests(app.platform).values()]
    named = literal_bucket_names(written) - created_bucket_names(app.template)
    assert {name for name in named if not name.startswith(AWS_OWNED_BUCKET_PREFIXES)} == set()


def test_app_writes_no_credential(app: SynthesizedApp) -> None:
    written = json.dumps([app.template, *exported_manifests(app.platform).values()])
    assert secret_in_text(written) is None


def test_the_literal_bucket_check_finds_an_imported_bucket_name() -> None:
    stack = cdk.Stack(cdk.App(), "Imported")
    imported = s3.Bucket.from_bucket_name(stack, "Imported", "someone-elses")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                         model_store=ModelStore(bucket=imported))
    template = Template.from_stack(stack).to_json()
    assert literal_bucket_names([template, *platform.charts.values()]) - created_bucket_names(template) == {"someone-elses"}


def test_cfn_lint_reports_no_errors(app: SynthesizedApp) -> None:
    assert cfn_lint_errors(app.template) == []


def test_snapshot(app: SynthesizedApp, snapshot) -> None:
    # One JSON file per app (__snapshots__/test_examples/), holding what the library writes: aws-cdk-lib's own
    # handler resources are listed by logical id only (library_template).
    expected = snapshot.use_extension(JSONSnapshotExtension)
    assert mask_hashes({"template": library_template(app), "manifests": exported_manifests(app.platform)}) == expected


def test_snapshot_leaves_out_only_aws_cdk_lib_handlers(quick_setup: SynthesizedApp) -> None:
    shown = library_template(quick_setup)
    hidden = shown["aws-cdk-lib handler resources (not shown)"]
    assert len(shown["Resources"]) + len(hidden) == len(quick_setup.template["Resources"])
    kinds = {entry.rsplit(" (", 1)[1].rstrip(")") for entry in hidden}
    assert kinds <= {"AWS::Lambda::Function", "AWS::Lambda::LayerVersion", "AWS::IAM::Role", "AWS::IAM::Policy",
                     "AWS::StepFunctions::StateMachine",  # the Provider framework's isComplete waiter
                     "AWS::Logs::LogGroup"}, kinds  # their log groups: @aws-cdk/aws-lambda:useCdkManagedLogGroup
    assert any("KubectlProvider" in entry for entry in hidden)
    # The library's own Lambda (the Helm installer) and every resource it declares stay in full.
    own_types = {resource["Type"] for resource in shown["Resources"].values()}
    assert {"AWS::SageMaker::Cluster", "AWS::Lambda::Function", "Custom::HyperPodHelmChart"} <= own_types


def test_export_writes_manifests_plan_and_values(app: SynthesizedApp, tmp_path: Path) -> None:
    written = app.platform.export(tmp_path)
    names = {path.name for path in written}
    assert {"plan.txt", "plan.svg", "values.env"} <= names
    assert {f"{chart}.k8s.yaml" for chart in app.platform.charts} <= names


# ---- the default app: the acceptance criteria -------------------------------------------------------

def test_default_app_endpoint_has_routing_l2_cache_and_scales_to_zero(quick_setup: SynthesizedApp) -> None:
    matching = [manifest for manifest in of_kind(quick_setup, "InferenceEndpointConfig")
                if manifest["spec"].get("intelligentRoutingSpec", {}).get("enabled") is True
                and manifest["spec"].get("kvCacheSpec", {}).get("enableL2Cache") is True
                and manifest["spec"].get("autoScalingSpec", {}).get("minReplicaCount") == 0]
    assert [manifest["metadata"]["name"] for manifest in matching] == ["llama-8b"]


def test_default_app_node_pool_references_its_hyperpod_node_class(quick_setup: SynthesizedApp) -> None:
    classes = {manifest["metadata"]["name"]: manifest for manifest in of_kind(quick_setup, "HyperpodNodeClass")}
    pools = of_kind(quick_setup, "NodePool")
    assert pools and classes
    groups = cluster_groups(quick_setup.template)
    for pool in pools:
        ref = pool["spec"]["template"]["spec"]["nodeClassRef"]
        assert ref["group"] == "karpenter.sagemaker.amazonaws.com" and ref["kind"] == "HyperpodNodeClass"
        assert ref["name"] in classes, f"NodePool {pool['metadata']['name']} refers to a missing node class"
        for group in classes[ref["name"]]["spec"]["instanceGroups"]:
            assert group in groups and groups[group]["InstanceCount"] == 0


def test_default_app_cluster_is_set_up_for_karpenter(quick_setup: SynthesizedApp) -> None:
    cluster = only(quick_setup.template, "AWS::SageMaker::Cluster")["Properties"]
    assert cluster["AutoScaling"] == {"Mode": "Enable", "AutoScalerType": "Karpenter"}
    role_id = cluster["ClusterRole"]["Fn::GetAtt"][0]
    assert quick_setup.template["Resources"][role_id]["Type"] == "AWS::IAM::Role"
    assert cluster["NodeProvisioningMode"] == "Continuous"
    assert cluster["NodeRecovery"] == "Automatic"


def test_mig_groups_and_endpoints_agree(app: SynthesizedApp) -> None:
    """Every group's nvidia.com/mig.config names a layout the MIG manager knows, and every endpoint asking for a
    nvidia.com/mig-* device gets one that a group of its instance type creates."""
    labelled = {name: group for name, group in cluster_groups(app.template).items()
                if MIG_LABEL in group.get("KubernetesConfig", {}).get("Labels", {})}
    requested = {manifest["metadata"]["name"]: (manifest, mig_resources(manifest))
                 for manifest in all_manifests(app) if manifest["kind"] in ("InferenceEndpointConfig", "JumpStartModel")}
    requested = {name: value for name, value in requested.items() if value[1]}
    if not labelled and not requested:
        pytest.skip(f"{app.stack.node.id} uses no MIG")
    configs = mig_configs_known_to(app)
    provided: dict[str, set[str]] = {}
    for group in labelled.values():
        layout = group["KubernetesConfig"]["Labels"][MIG_LABEL]
        provided.setdefault(group["InstanceType"], set()).update(mig_parted_profiles(configs, layout))
    for name, (manifest, profiles) in requested.items():
        spec = manifest["spec"]
        instance_type = spec.get("instanceType") or spec.get("server", {}).get("instanceType")
        assert profiles <= provided.get(instance_type, set()), (
            f"endpoint {name} requests {profiles} on {instance_type}; groups provide {provided}")


def test_default_app_has_a_mig_group_and_a_matching_endpoint(quick_setup: SynthesizedApp) -> None:
    groups = cluster_groups(quick_setup.template)
    layout = groups["h100"]["KubernetesConfig"]["Labels"][MIG_LABEL]
    profiles = mig_parted_profiles(yaml.safe_load(reference_file("default-mig-config.yaml").read_text()), layout)
    llama = next(manifest for manifest in of_kind(quick_setup, "InferenceEndpointConfig")
                 if manifest["metadata"]["name"] == "llama-8b")
    assert mig_resources(llama) == {"3g.40gb"} and mig_resources(llama) <= profiles
    assert llama["spec"]["worker"]["resources"]["limits"]["nvidia.com/mig-3g.40gb"] == "1"


def test_default_app_observability(quick_setup: SynthesizedApp) -> None:
    template = quick_setup.template
    only(template, "AWS::APS::Workspace")
    # Nothing that needs an account prerequisite: Grafana (IAM Identity Center) is opt-in.
    assert not resources(template, "AWS::Grafana::Workspace")
    assert not quick_setup.platform.observability_options.requires_identity_center
    rules = only(template, "AWS::APS::RuleGroupsNamespace")["Properties"]["Data"]
    # The endpoint was added after the platform (and its rule groups) were constructed.
    assert "llama-8b" in (rules if isinstance(rules, str) else yaml.safe_dump(rules))
    assert "amazon-sagemaker-hyperpod-observability" in addon_names(template)


# ---- scenario checks ----------------------------------------------------------------------------------------

@pytest.mark.slow
def test_multi_model_mig_config_map_holds_the_planned_layout(synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized(MIG_EXAMPLE)
    plan = load_module(MIG_EXAMPLE).PLAN
    config_maps = [cm for cm in of_kind(app, "ConfigMap") if "config.yaml" in cm.get("data", {})]
    assert len(config_maps) == 1
    config = yaml.safe_load(config_maps[0]["data"]["config.yaml"])
    assert config["version"] == "v1"
    assert plan.layout.name in config["mig-configs"]
    assert config["mig-configs"][plan.layout.name] == plan.mig_parted_config()["mig-configs"][plan.layout.name]
    group = cluster_groups(app.template)["h100"]
    assert group["KubernetesConfig"]["Labels"][MIG_LABEL] == plan.layout.name
    assert group["InstanceCount"] == 0
    pools = [pool for pool in of_kind(app, "NodePool") if pool["metadata"]["name"] == "h100"]
    assert pools[0]["spec"]["limits"] == {"nvidia.com/gpu": str(plan.instance_count * 8)}
    # One endpoint per planned model, each on the slice it was planned with and at most its planned replicas.
    endpoints = {manifest["metadata"]["name"]: manifest for manifest in of_kind(app, "InferenceEndpointConfig")}
    assert set(endpoints) == {demand.name for demand in plan.endpoints}
    for demand in plan.endpoints:
        spec = endpoints[demand.name]["spec"]
        assert mig_resources(endpoints[demand.name]) == {demand.partition.removeprefix("mig-")}
        assert spec["autoScalingSpec"]["maxReplicaCount"] == demand.max_replicas


def test_multi_model_mig_prints_nothing_at_import(capsys: pytest.CaptureFixture[str]) -> None:
    load_module(MIG_EXAMPLE)
    assert capsys.readouterr().out == ""


@pytest.mark.slow
def test_byo_reuses_the_existing_vpc_and_eks_cluster(synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized(BYO_EXAMPLE)
    module = load_module(BYO_EXAMPLE)
    template = app.template
    assert resources(template, "AWS::EKS::Cluster") == {}
    assert resources(template, "AWS::EC2::VPC") == {}
    assert resources(template, "AWS::EC2::Subnet") == {}
    assert resources(template, "AWS::EC2::SecurityGroup") == {}
    cluster = only(template, "AWS::SageMaker::Cluster")["Properties"]
    arn = cluster["Orchestrator"]["Eks"]["ClusterArn"]
    parts = arn["Fn::Join"][1]
    assert parts[0] == "arn:" and ":eks:" in parts and parts[-1] == f":cluster/{module.CLUSTER_NAME}", arn
    assert cluster["VpcConfig"] == {"Subnets": module.PRIVATE_SUBNET_IDS,
                                    "SecurityGroupIds": [module.NODE_SECURITY_GROUP_ID]}
    # The operator's IRSA roles trust the existing cluster's OIDC provider.
    assert module.OIDC_PROVIDER_ARN in str(template)
    # Nothing is looked up: the app synthesizes env-agnostic, without credentials.
    assert app.stack.environment == "aws://unknown-account/unknown-region"


@pytest.mark.slow
def test_scale_to_zero_wakes_pods_and_nodes(synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized("examples/scale_to_zero.py")
    endpoint = next(iter(of_kind(app, "InferenceEndpointConfig")))["spec"]
    scaling = endpoint["autoScalingSpec"]
    assert scaling["minReplicaCount"] == 0
    assert scaling["cloudWatchTriggerList"][0]["metricName"] == "Invocations"
    assert scaling["prometheusTriggerList"][0]["serverAddress"] == "${PrometheusQueryUrl}"
    assert endpoint["endpointName"] == "mistral-7b"
    scaled_objects = of_kind(app, "ScaledObject")
    assert [obj["spec"]["scaleTargetRef"]["name"] for obj in scaled_objects] == ["request-router"]
    assert of_kind(app, "TriggerAuthentication")
    (pool,) = of_kind(app, "NodePool")
    assert pool["spec"]["disruption"]["consolidateAfter"] == "15m"
    assert pool["spec"]["disruption"]["budgets"] == [{"nodes": "1"}]
    node_class = next(nc for nc in of_kind(app, "HyperpodNodeClass")
                      if nc["metadata"]["name"] == pool["spec"]["template"]["spec"]["nodeClassRef"]["name"])
    groups = cluster_groups(app.template)
    for name in node_class["spec"]["instanceGroups"]:
        assert groups[name]["InstanceCount"] == 0
    assert groups["system"]["InstanceCount"] == 2


@pytest.mark.slow
def test_preset_endpoint_scales_from_zero_on_prewarmed_nvme_and_the_plan_says_why(
        synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized("examples/preset_endpoint.py")
    (endpoint,) = of_kind(app, "InferenceEndpointConfig")
    spec = endpoint["spec"]
    assert spec["autoScalingSpec"]["minReplicaCount"] == 0
    assert spec["instanceType"] == "ml.g6e.12xlarge"  # 8 x 16k sequences do not fit a 3g.40gb slice
    assert spec["worker"]["args"] == ["/opt/ml/model", "--tensor-parallel-size", "1", "--served-model-name", "qwen3-8b",
                                      "--max-model-len", "16384", "--port", "8000"]
    assert spec["modelCacheConfig"]["weightsCache"]["enabled"] is True
    (cache,) = of_kind(app, "ModelWeightsCacheConfig")
    assert '"ml.g6e.12xlarge"' in json.dumps(cache["spec"])  # the nodes pre-warmed are the endpoint's
    plan = app.platform.plan.render()
    assert "Sizing (preset endpoints: why this size; docs/presets.md)" in plan
    assert "chosen: 1 GPU of ml.g6e.12xlarge: 48 GB x 0.9 = 43.2 GB usable - 16.4 GB weights" in plan
    assert "passed over: mig-3g.40gb of ml.p5.48xlarge (short by 1.5 GB)" in plan


@pytest.mark.slow
def test_disaggregated_example_exercises_pd_spec_and_data_capture(synthesized: Callable[[str], SynthesizedApp]) -> None:
    # The schema test above validates these blocks; this makes sure an example carries them at all.
    app = synthesized("examples/disaggregated_prefill_decode.py")
    (manifest,) = of_kind(app, "InferenceEndpointConfig")
    spec = manifest["spec"]
    assert set(spec["pdSpec"]) == {"prefillSpec", "decodingSpec", "routingThreshold", "topologySpec", "autoScalingSpec"}
    assert spec["pdSpec"]["prefillSpec"]["resources"]["limits"] == {"nvidia.com/gpu": "4", "vpc.amazonaws.com/efa": "16"}
    assert spec["dataCapture"]["s3Uri"] == "s3://${DataCaptureBucket}/captures/llama-3-3-70b"
    assert spec["dataCapture"]["modelPod"]["kmsKeyId"] == "${DataCaptureKmsKey}"
    # 2 sides x 2 pods x 4 GPUs = the p5 group's 2 nodes at the ceiling; one node at the floor (1 pod per side).
    plan = app.platform.plan.render()
    assert "llama-3-3-70b/prefill" in plan and "llama-3-3-70b/decode" in plan
    assert "Ceiling: 4 nodes, 16 GPUs at full scale" in plan and "Floor:   3 nodes, 8 GPUs running when idle" in plan
    role = app.platform.operator.execution_role
    policies = [r for r in resources(app.template, "AWS::IAM::Policy").values()
                if r["Properties"]["Roles"] == [{"Ref": app.stack.get_logical_id(role.node.default_child)}]]
    actions = [s["Action"] for p in policies for s in p["Properties"]["PolicyDocument"]["Statement"]]
    assert any(isinstance(a, list) and "s3:PutObject" in a and "s3:Abort*" in a for a in actions)
    assert ["kms:Encrypt", "kms:GenerateDataKey*", "kms:ReEncrypt*"] in actions  # sorted: minimizePolicies


@pytest.mark.slow
def test_escape_hatch_fields_are_in_the_deployed_bundle_and_the_export(
        synthesized: Callable[[str], SynthesizedApp], tmp_path: Path) -> None:
    app = synthesized("examples/escape_hatch.py")
    module = load_module("examples/escape_hatch.py")
    app.platform.export(tmp_path, picture=False)  # plan.svg: test_export_writes_manifests_plan_and_values
    exported = files_under(tmp_path / "manifests")
    deployed = bundle_manifests(app.template, app.outdir)
    assert deployed == exported
    (endpoint,) = yaml.safe_load_all(deployed["endpoint-default-qwen-7b.k8s.yaml"])
    assert endpoint["spec"]["kubernetes"] == {"serviceAccountName": module.SERVICE_ACCOUNT}
    assert endpoint["spec"]["worker"]["command"] == module.COMMAND
    assert endpoint["spec"]["worker"]["args"]  # the library's own fields stay
    (account,) = yaml.safe_load_all(deployed["model-service-accounts.k8s.yaml"])
    assert (account["kind"], account["metadata"]["name"]) == ("ServiceAccount", module.SERVICE_ACCOUNT)


def test_gateway_example_attaches_every_endpoint_with_both_caches_on(
        synthesized: Callable[[str], SynthesizedApp]) -> None:
    app = synthesized("examples/inference_gateway.py")
    endpoints = {obj["metadata"]["name"]: obj["spec"] for obj in of_kind(app, "InferenceEndpointConfig")}
    (gateway,) = of_kind(app, "InferenceGatewayConfig")
    assert sorted(endpoints) == sorted(scheduler["name"] for scheduler in gateway["spec"]["schedulers"])
    for spec in endpoints.values():
        assert spec["inferenceGateway"] == {"enabled": True, "name": gateway["metadata"]["name"]}
        assert spec["modelCacheConfig"] == {"weightsCache": {"enabled": True}, "imageCache": {"enabled": True}}
        assert "intelligentRoutingSpec" not in spec  # the gateway's scheduler picks the pod
    # A request naming the SQL adapter resolves to the Llama model's route through the router's ConfigMap.
    (adapters,) = [obj for obj in of_kind(app, "ConfigMap")
                   if obj["metadata"]["labels"].get("inference.networking.k8s.io/bbr-managed") == "true"]
    (llama,) = [entry for entry in gateway["spec"]["schedulers"] if entry.get("loraAdapters")]
    assert adapters["metadata"]["namespace"] == gateway["metadata"]["namespace"]
    assert adapters["data"] == {"baseModel": llama["modelName"],
                                "adapters": "".join(f"- {name}\n" for name in llama["loraAdapters"])}
