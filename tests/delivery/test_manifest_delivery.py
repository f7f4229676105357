"""How manifests reach the cluster: one bundle and one applier whatever the number of endpoints, the bundle is the
GitOps export byte for byte, one kubectl function for the Helm chart and the manifests, and GitOps-only delivery."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
import yaml
from aws_cdk.assertions import Template

from apps_support import (
    APPLIER, SynthesizedApp, bundle_manifests, bundle_members, files_under, only, resources, s3_model)
from hyperpod_constructs import (
    HyperPodInferencePlatform, HyperPodTypeError, HyperPodValidationError, InferenceEndpoint, InferenceOperatorOptions, InstanceGroup, ManifestDelivery,
)
from hyperpod_constructs.delivery.bundle import bundle_hash, bundle_zip
from support import cfn_lint_errors

HELM_CHART = "Custom::HyperPodHelmChart"
LEGACY_MANIFEST = "Custom::AWSCDK-EKS-KubernetesResource"
PLATFORM_LABEL = "hyperpod-constructs.io/platform"


NO_CHART = InferenceOperatorOptions(helm_chart=None)


SynthesizedPlatform = tuple[dict[str, Any], HyperPodInferencePlatform, Path]  # its template, itself, its outdir


def platform_with(endpoints: int, tmp: Path, **options: Any) -> SynthesizedPlatform:
    """A platform serving ``endpoints`` custom models (without observability: its alert rules are per endpoint)."""
    app = cdk.App(outdir=str(tmp / "cdk.out"))
    stack = cdk.Stack(app, "Delivery")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[
        InstanceGroup("system", "ml.m5.2xlarge", count=1),
        InstanceGroup("gpu", "ml.g6e.48xlarge", count=endpoints // 8 + 1)], **options)
    for index in range(endpoints):
        platform.add_endpoint(InferenceEndpoint(f"model-{index}", model=s3_model(platform, f"m{index}/"),
                                                instance_type="ml.g6e.48xlarge", gpus=1))
    app.synth()
    template = json.loads((Path(app.outdir) / "Delivery.template.json").read_text())
    return template, platform, Path(app.outdir)


@pytest.fixture(scope="module")
def one_endpoint(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedPlatform:
    return platform_with(1, tmp_path_factory.mktemp("n1"))


@pytest.fixture(scope="module")
def fifty_endpoints(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedPlatform:
    return platform_with(50, tmp_path_factory.mktemp("n50"))


# ---- constant size --------------------------------------------------------------------------------------------

@pytest.mark.slow  # synthesizes a fifty-endpoint platform
def test_template_size_and_resource_count_do_not_grow_with_endpoints(one_endpoint, fifty_endpoints):
    one, fifty = one_endpoint[0], fifty_endpoints[0]
    assert len(one["Resources"]) == len(fifty["Resources"])
    assert sorted(value["Type"] for value in one["Resources"].values()) == sorted(
        value["Type"] for value in fifty["Resources"].values())
    one_bytes, fifty_bytes = len(json.dumps(one)), len(json.dumps(fifty))
    assert abs(one_bytes - fifty_bytes) <= 100, (one_bytes, fifty_bytes)
    for template in (one, fifty):
        only(template, APPLIER)
        assert resources(template, LEGACY_MANIFEST) == {}


@pytest.mark.slow  # synthesizes a fifty-endpoint platform
def test_fifty_endpoints_are_in_the_bundle_not_the_template(fifty_endpoints):
    template, _, outdir = fifty_endpoints
    inventory = json.loads(bundle_members(template, outdir)["inventory.json"])
    names = {ref["name"] for refs in inventory["files"].values() for ref in refs}
    assert {f"model-{index}" for index in range(50)} <= names
    assert "model-49" not in json.dumps(template)
    assert cfn_lint_errors(template) == []


# ---- one rendering for cdk deploy and GitOps ---------------------------------------------------------------

def test_the_bundle_holds_exactly_the_exported_files(quick_setup: SynthesizedApp, tmp_path: Path):
    bundle = bundle_members(quick_setup.template, quick_setup.outdir)
    quick_setup.platform.export(tmp_path, picture=False)  # plan.svg: tests/examples
    exported = files_under(tmp_path / "manifests")
    assert "values.env" in exported and len(exported) == len(quick_setup.platform.charts) + 1
    assert bundle_manifests(quick_setup.template, quick_setup.outdir) == exported
    # the inventory names every object of every exported file, so the applier can prune without parsing YAML
    inventory = json.loads(bundle["inventory.json"])
    for name, text in exported.items():
        if name.endswith(".k8s.yaml"):
            objects = [(doc["metadata"]["name"], doc["metadata"].get("namespace")) for doc in yaml.safe_load_all(text)]
            assert [(ref["name"], ref["namespace"]) for ref in inventory["files"][name]] == objects
    assert inventory["values"] == quick_setup.platform.deploy_time_values.names


def test_the_bundle_is_one_zip_the_same_bytes_and_name_for_the_same_files(quick_setup: SynthesizedApp):
    members = {name: data.decode() for name, data in bundle_members(quick_setup.template, quick_setup.outdir).items()}
    assert bundle_zip(members) == bundle_zip(dict(members))  # no clock in it: a later synth stages the same bytes
    with zipfile.ZipFile(io.BytesIO(bundle_zip(members))) as archive:
        assert {member.date_time for member in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    # Its S3 name comes from the files, not the zip's bytes (another zlib compresses differently) ...
    assert bundle_hash(dict(reversed(members.items()))) == bundle_hash(members)
    # ... and changes with any of them.
    changed = {**members, "manifests/values.env": members["manifests/values.env"] + "Extra=\n"}
    assert bundle_hash(changed) != bundle_hash(members)
    # The CDK CLI uploads it as it is (a file asset), to the key the applier downloads.
    key = only(quick_setup.template, APPLIER)["Properties"]["BundleKey"]
    (asset,) = [asset for manifest in quick_setup.outdir.glob("*.assets.json")
                for asset in json.loads(manifest.read_text())["files"].values()
                if asset["source"]["path"] == f"asset.{key}"]
    assert asset["source"]["packaging"] == "file"
    assert {destination["objectKey"] for destination in asset["destinations"].values()} == {key}


@pytest.mark.slow  # synthesizes its own app
def test_with_asset_staging_disabled_the_bundle_stays_where_the_asset_points(tmp_path: Path):
    # SAM and similar tools set this context key: assets then point at their sources, so the bundle must remain.
    app = cdk.App(outdir=str(tmp_path / "cdk.out"), context={"aws:cdk:disable-asset-staging": True})
    stack = cdk.Stack(app, "Unstaged")
    platform = HyperPodInferencePlatform(stack, "Platform", operator=NO_CHART,
                                         instance_groups=[InstanceGroup("gpu", "ml.g6e.48xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint("m", model=s3_model(platform, "m/"), instance_type="ml.g6e.48xlarge",
                                            gpus=1))
    app.synth()
    bundle = Path(platform.manifest_applier.bundle.asset_path)
    assert bundle.name == "bundle.zip" and not bundle.is_relative_to(tmp_path)
    with zipfile.ZipFile(bundle) as archive:
        assert "manifests/endpoint-default-m.k8s.yaml" in archive.namelist()


def test_the_applier_fills_every_deploy_time_value_from_cloudformation(quick_setup: SynthesizedApp):
    props = only(quick_setup.template, APPLIER)["Properties"]
    assert sorted(props["Values"]) == quick_setup.platform.deploy_time_values.names
    assert props["Values"]["Region"] == {"Ref": "AWS::Region"}
    assert all("${" not in json.dumps(value) for value in props["Values"].values())


def test_every_delivered_object_carries_the_platform_label(quick_setup: SynthesizedApp):
    props = only(quick_setup.template, APPLIER)["Properties"]
    key, value = props["Selector"].split("=")
    assert key == PLATFORM_LABEL and value == quick_setup.platform.platform_label
    manifests = [manifest for chart in quick_setup.platform.charts.values() for manifest in chart]
    assert manifests and all(manifest["metadata"]["labels"][PLATFORM_LABEL] == value for manifest in manifests)
    assert props["RecordName"] == f"hyperpod-constructs-{value}"
    assert (props["Delivery"], props["Removal"]) == ("cdk-deploy", "destroy")


# ---- time: every request bounded, every answer expected in minutes ------------------------------------------

def test_both_custom_resources_are_bounded_and_cloudformation_waits_only_a_little_longer(quick_setup: SynthesizedApp):
    for resource_type, minutes in ((APPLIER, 30), (HELM_CHART, 20)):
        props = only(quick_setup.template, resource_type)["Properties"]
        assert props["TimeoutSeconds"] == str(minutes * 60)
        assert props["ServiceTimeout"] == str((minutes + 5) * 60)  # CloudFormation gives up 5 minutes after the request


def test_the_provider_runs_is_complete_in_15_minute_invocations_with_a_backstop(quick_setup: SynthesizedApp):
    functions = resources(quick_setup.template, "AWS::Lambda::Function")
    handlers = {value["Properties"]["Handler"]: value["Properties"]["Timeout"] for key, value in functions.items()
                if "PlatformKubectl" in key and "Provider" not in key}
    assert handlers == {"index.on_event": 60, "index.is_complete": 900}
    (machine,) = resources(quick_setup.template, "AWS::StepFunctions::StateMachine").values()
    definition = json.dumps(machine["Properties"]["DefinitionString"])
    assert '\\"IntervalSeconds\\":20' in definition and '\\"MaxAttempts\\":180' in definition


# ---- ordering, one kubectl function, least privilege -------------------------------------------------------

def kubectl_access_entries(template: dict[str, Any]) -> dict[str, Any]:
    """Access entries of the kubectl function's role (the platform also grants admins and the operator's role)."""
    return {key: value for key, value in resources(template, "AWS::EKS::AccessEntry").items()
            if "Kubectl" in str(value["Properties"]["PrincipalArn"])}


def test_the_applier_waits_for_everything_the_manifests_need(quick_setup: SynthesizedApp):
    template = quick_setup.template
    depends = set(only(template, APPLIER)["DependsOn"])
    cluster_id = next(iter(resources(template, "AWS::SageMaker::Cluster")))
    chart_id = next(iter(resources(template, HELM_CHART)))
    operator_id = next(key for key, value in resources(template, "AWS::EKS::Addon").items()
                       if value["Properties"]["AddonName"] == "amazon-sagemaker-hyperpod-inference")
    access_id = next(iter(kubectl_access_entries(template)))
    read_id = next(key for key, value in resources(template, "AWS::IAM::Policy").items() if "ReadBundle" in key)
    assert {cluster_id, chart_id, operator_id, access_id, read_id} <= depends


def test_one_kubectl_function_and_layer_serve_the_helm_chart_and_the_manifests(quick_setup: SynthesizedApp):
    template = quick_setup.template
    kubectl_layers = [key for key, value in resources(template, "AWS::Lambda::LayerVersion").items()
                      if "/opt/kubectl/kubectl" in value["Properties"].get("Description", "")]
    assert len(kubectl_layers) == 1
    users = [key for key, value in resources(template, "AWS::Lambda::Function").items()
             if {"Ref": kubectl_layers[0]} in value["Properties"].get("Layers", [])]
    assert len(users) == 1
    assert only(template, APPLIER)["Properties"]["ServiceToken"] == only(template, HELM_CHART)["Properties"]["ServiceToken"]
    # one cluster-admin access entry for that function's role (others: admins, the operator's execution role)
    (access,) = [value["Properties"] for value in kubectl_access_entries(template).values()]
    role = template["Resources"][users[0]]["Properties"]["Role"]
    assert access["PrincipalArn"] == role


def test_the_function_may_read_only_its_bundle(quick_setup: SynthesizedApp):
    template = quick_setup.template
    (policy,) = [value for key, value in resources(template, "AWS::IAM::Policy").items() if "ReadBundle" in key]
    (statement,) = policy["Properties"]["PolicyDocument"]["Statement"]
    props = only(template, APPLIER)["Properties"]
    assert statement["Action"] == "s3:GetObject" and statement["Effect"] == "Allow"
    assert statement["Resource"] == {"Fn::Join": ["", [
        "arn:", {"Ref": "AWS::Partition"}, ":s3:::", props["BundleBucket"], "/" + props["BundleKey"]]]}


# ---- delivery modes ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gitops_only(tmp_path_factory: pytest.TempPathFactory) -> SynthesizedPlatform:
    return platform_with(2, tmp_path_factory.mktemp("gitops"), delivery=ManifestDelivery.GITOPS)


def test_gitops_delivery_exports_the_manifests_and_applies_none(gitops_only, one_endpoint, tmp_path: Path):
    template, platform, outdir = gitops_only
    assert resources(template, LEGACY_MANIFEST) == {}
    assert not [path for path in outdir.glob("asset.*") if (path / "inventory.json").exists()]
    # The applier's place holds a handover: switching from CDK_DEPLOY updates it instead of deleting the objects.
    handover = only(template, APPLIER)["Properties"]
    assert handover["Delivery"] == "gitops" and "BundleKey" not in handover and "Values" not in handover
    cdk_deploy_id = next(iter(resources(one_endpoint[0], APPLIER)))
    assert next(iter(resources(template, APPLIER))) == cdk_deploy_id
    # the platform itself is still deployed: the dependency chart through the kubectl function, the HyperPod cluster
    only(template, HELM_CHART)
    only(template, "AWS::SageMaker::Cluster")
    written = {path.name for path in platform.export(tmp_path, picture=False)}
    assert {"endpoint-default-model-0.k8s.yaml", "endpoint-default-model-1.k8s.yaml", "values.env"} <= written
    assert set(platform.deploy_time_values.names) <= set(template["Outputs"])


def test_gitops_delivery_without_the_helm_chart_has_no_kubectl_function(tmp_path: Path):
    template, _, _ = platform_with(1, tmp_path, delivery=ManifestDelivery.GITOPS, operator=NO_CHART)
    assert not [value for value in resources(template, "AWS::Lambda::LayerVersion").values()
                if "/opt/kubectl/kubectl" in value["Properties"].get("Description", "")]
    assert resources(template, APPLIER) == {} and resources(template, HELM_CHART) == {}
    assert kubectl_access_entries(template) == {}


def test_cdk_deploy_without_the_helm_chart_still_has_its_applier(tmp_path: Path):
    template, _, _ = platform_with(1, tmp_path, operator=NO_CHART)
    applier = only(template, APPLIER)
    assert resources(template, HELM_CHART) == {}
    assert len(kubectl_access_entries(template)) == 1
    assert not any("HyperPodDependencies" in key for key in applier["DependsOn"])


def test_stack_tags_reach_the_kubectl_function_although_the_applier_is_made_at_synth(tmp_path: Path):
    app = cdk.App(outdir=str(tmp_path))
    stack = cdk.Stack(app, "Tagged")
    cdk.Tags.of(stack).add("team", "inference")
    platform = HyperPodInferencePlatform(stack, "Platform", operator=NO_CHART,
                                         instance_groups=[InstanceGroup("gpu", "ml.g6e.48xlarge", count=1)])
    platform.add_endpoint(InferenceEndpoint("late", model=s3_model(platform, "late/"),
                                            instance_type="ml.g6e.48xlarge", gpus=1))
    template = Template.from_stack(stack).to_json()
    only(template, APPLIER)
    functions = [value for key, value in resources(template, "AWS::Lambda::Function").items() if "Kubectl" in key]
    assert functions and all({"Key": "team", "Value": "inference"} in value["Properties"]["Tags"] for value in functions)


def test_a_platform_with_nothing_to_apply_has_no_applier(tmp_path: Path):
    template, platform, _ = platform_with(0, tmp_path)
    assert platform.charts == {}
    assert resources(template, APPLIER) == {}
    only(template, HELM_CHART)  # the kubectl function is there, for the dependency chart


def test_manifest_removal_retain_keeps_the_workloads_on_stack_delete(tmp_path: Path):
    template, _, _ = platform_with(1, tmp_path, manifest_removal=cdk.RemovalPolicy.RETAIN)
    assert only(template, APPLIER)["Properties"]["Removal"] == "retain"


def test_adopt_existing_reaches_the_applier_only_when_opted_into(tmp_path: Path):
    template, _, _ = platform_with(1, tmp_path / "adopt", adopt_existing=True)
    assert only(template, APPLIER)["Properties"]["AdoptExisting"] == "true"
    template, _, _ = platform_with(1, tmp_path / "default")
    assert "AdoptExisting" not in only(template, APPLIER)["Properties"]


def test_adopt_existing_must_be_a_bool():
    stack = cdk.Stack(cdk.App(), "BadAdopt")
    with pytest.raises(HyperPodValidationError, match=r"adopt_existing.*'yes'.*True \(cdk deploy takes over objects "
                                                      r"of the bundle another platform or a person made\) or False"):
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                  adopt_existing="yes")  # type: ignore[arg-type]


def test_manifest_removal_takes_destroy_or_retain_only():
    stack = cdk.Stack(cdk.App(), "BadRemoval")
    with pytest.raises(HyperPodValidationError, match=r"manifest_removal.*RemovalPolicy.DESTROY \(a stack delete deletes the "
                                                      r"Kubernetes objects the stack applied\) or RemovalPolicy.RETAIN"):
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                  manifest_removal=cdk.RemovalPolicy.SNAPSHOT)


def test_delivery_must_be_a_manifest_delivery():
    stack = cdk.Stack(cdk.App(), "BadDelivery")
    with pytest.raises(HyperPodTypeError, match=r"delivery='gitops' is not allowed; expected a ManifestDelivery member, got str"):
        HyperPodInferencePlatform(stack, "Platform", instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")],
                                  delivery="gitops")  # type: ignore[arg-type]
