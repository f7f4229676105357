"""The default app: what `make synth` deploys, checked with CDK assertions, cfn-lint and cdk-nag."""
from __future__ import annotations

import json

from aws_cdk.assertions import Annotations, Match, Template

from apps_support import DEFAULT_APP, SynthesizedApp, load_module, only, resources
from support import cfn_lint_errors


def test_the_default_app_synthesizes_without_warnings(quick_setup: SynthesizedApp):
    # It acknowledges two pieces of advice, with their reasons: Annotation::hyperpod-constructs:l2-tiered-storage-shared
    # (its L2 cache is shared by its own models only) and Annotation::hyperpod-constructs:gpus-on-at-floor (its
    # JumpStart model keeps one L40S node on). Anything else it would warn about is a setting to change in the app.
    warnings = Annotations.from_stack(quick_setup.stack).find_warning("*", Match.any_value())
    assert [(found.id, found.entry.data) for found in warnings] == []


def test_hyperpod_cluster_is_orchestrated_by_the_eks_cluster(quick_setup: SynthesizedApp):
    cluster = only(quick_setup.template, "AWS::SageMaker::Cluster")["Properties"]
    eks_id = next(iter(resources(quick_setup.template, "AWS::EKS::Cluster")))
    assert cluster["Orchestrator"] == {"Eks": {"ClusterArn": {"Fn::GetAtt": [eks_id, "Arn"]}}}
    assert cluster["NodeRecovery"] == "Automatic"
    assert cluster["NodeProvisioningMode"] == "Continuous"
    assert cluster["TieredStorageConfig"] == {"Mode": "Enable", "InstanceMemoryAllocationPercentage": 20}
    assert len(cluster["VpcConfig"]["Subnets"]) == 2


def test_instance_groups_render_every_field(quick_setup: SynthesizedApp):
    groups = only(quick_setup.template, "AWS::SageMaker::Cluster")["Properties"]["InstanceGroups"]
    by_name = {group["InstanceGroupName"]: group for group in groups}
    assert by_name["system"]["InstanceType"] == "ml.m5.2xlarge"
    assert by_name["system"]["InstanceCount"] == 2
    assert by_name["h100"]["InstanceCount"] == 0
    assert by_name["h100"]["KubernetesConfig"]["Labels"]["nvidia.com/mig.config"] == "all-3g.40gb"
    for group in groups:
        assert group["LifeCycleConfig"]["OnCreate"] == "on_create.sh"
        assert "ExecutionRole" in group


def test_execution_role_is_least_privilege(quick_setup: SynthesizedApp):
    template = Template.from_json(quick_setup.template)
    template.has_resource_properties("AWS::IAM::Role", {
        "AssumeRolePolicyDocument": {"Statement": [Match.object_like({
            "Principal": {"Service": "sagemaker.amazonaws.com"}})]},
        "ManagedPolicyArns": [{"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"},
                                                  ":iam::aws:policy/AmazonSageMakerClusterInstanceRolePolicy"]]}],
    })


def test_every_addon_overwrites_fields_a_pre_installed_copy_set(quick_setup: SynthesizedApp):
    addons = resources(quick_setup.template, "AWS::EKS::Addon")
    assert len(addons) >= 10  # the cluster's, the operator and the observability add-on
    assert {key: addon["Properties"].get("ResolveConflicts") for key, addon in addons.items()} == dict.fromkeys(
        addons, "OVERWRITE")


def test_eks_is_prepared_for_hyperpod(quick_setup: SynthesizedApp):
    template = quick_setup.template
    eks = only(template, "AWS::EKS::Cluster")["Properties"]
    assert eks["AccessConfig"]["AuthenticationMode"] in ("API", "API_AND_CONFIG_MAP")
    assert eks["Version"] == "1.33"
    addons = {addon["Properties"]["AddonName"] for addon in resources(template, "AWS::EKS::Addon").values()}
    assert {"vpc-cni", "coredns", "kube-proxy", "eks-pod-identity-agent", "metrics-server", "cert-manager",
            "aws-fsx-csi-driver", "aws-mountpoint-s3-csi-driver", "amazon-sagemaker-hyperpod-inference"} <= addons
    # HyperPod creates its nodes' access entry itself unless Eks.new(hyperpod_node_access_entry=True).
    entry_types = {entry["Properties"].get("Type") for entry in resources(template, "AWS::EKS::AccessEntry").values()}
    assert "HYPERPOD_LINUX" not in entry_types


def test_inference_operator_addon_configuration(quick_setup: SynthesizedApp):
    addon = next(value for value in resources(quick_setup.template, "AWS::EKS::Addon").values()
                 if value["Properties"]["AddonName"] == "amazon-sagemaker-hyperpod-inference")
    config = json.dumps(addon["Properties"]["ConfigurationValues"])
    for key in ("executionRoleArn", "tlsCertificateS3Bucket", "hyperpodClusterArn", "alb", "keda"):
        assert key in config
    # The add-on's pods need nodes, cert-manager and the CSI drivers first.
    assert len(addon["DependsOn"]) >= 5


def test_model_store_is_lustre_linked_to_s3(quick_setup: SynthesizedApp):
    file_system = only(quick_setup.template, "AWS::FSx::FileSystem")
    assert file_system["Properties"]["FileSystemType"] == "LUSTRE"
    assert file_system["Properties"]["LustreConfiguration"]["DeploymentType"] == "PERSISTENT_2"
    assert file_system["DeletionPolicy"] == "Retain"
    association = only(quick_setup.template, "AWS::FSx::DataRepositoryAssociation")["Properties"]
    assert association["DataRepositoryPath"] == {"Fn::Join": ["", ["s3://", {"Ref": model_bucket_id(quick_setup)}, "/"]]}


def model_bucket_id(app: SynthesizedApp) -> str:
    return app.stack.get_logical_id(app.stack.node.find_child("Models").bucket.node.default_child)


def test_the_model_bucket_is_created_private_encrypted_and_kept(quick_setup: SynthesizedApp):
    bucket = quick_setup.template["Resources"][model_bucket_id(quick_setup)]
    assert bucket["DeletionPolicy"] == "Retain" and bucket["UpdateReplacePolicy"] == "Retain"
    assert "BucketName" not in bucket["Properties"]  # CloudFormation picks a unique name
    assert bucket["Properties"]["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True, "BlockPublicPolicy": True, "IgnorePublicAcls": True, "RestrictPublicBuckets": True}
    assert bucket["Properties"]["BucketEncryption"] == {"ServerSideEncryptionConfiguration": [
        {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}]}
    template = Template.from_json(quick_setup.template)
    template.has_resource_properties("AWS::S3::BucketPolicy", {
        "Bucket": {"Ref": model_bucket_id(quick_setup)},
        "PolicyDocument": {"Statement": Match.array_with([Match.object_like({
            "Effect": "Deny", "Condition": {"Bool": {"aws:SecureTransport": "false"}}})])}})


def test_the_model_bucket_name_and_upload_command_are_stack_outputs(quick_setup: SynthesizedApp):
    outputs = quick_setup.template["Outputs"]
    bucket = {"Ref": model_bucket_id(quick_setup)}
    assert outputs["ModelBucketName"]["Value"] == bucket
    assert outputs["ModelUploadCommand"]["Value"] == {"Fn::Join": ["", [
        "aws s3 sync ./llama-3.1-8b-instruct s3://", bucket, "/llama-3.1-8b-instruct/"]]}
    # What is uploaded there is what the endpoint loads: the prefix appears under the model store's /models.
    llama = next(manifest for manifest in quick_setup.platform.charts["endpoint-default-llama-8b"]
                 if manifest["kind"] == "InferenceEndpointConfig")
    assert llama["spec"]["modelSourceConfig"]["modelLocation"] == "models/llama-3.1-8b-instruct"


def test_context_model_bucket_links_an_existing_bucket_instead():
    import aws_cdk as cdk

    module = load_module(DEFAULT_APP)
    stack, _ = module.build(cdk.App(context={"model_bucket": "team-models"}))
    template = Template.from_stack(stack).to_json()
    association = only(template, "AWS::FSx::DataRepositoryAssociation")["Properties"]
    assert association["DataRepositoryPath"] == "s3://team-models/"
    assert template["Outputs"]["ModelBucketName"]["Value"] == "team-models"
    assert stack.node.find_child("Models").created is False
    assert [key for key in resources(template, "AWS::S3::Bucket") if key.startswith("Models")] == []


def test_network_is_laid_out_for_hyperpod(quick_setup: SynthesizedApp):
    template = Template.from_json(quick_setup.template)
    template.has_resource_properties("AWS::EC2::VPCEndpoint", {"VpcEndpointType": "Gateway"})
    template.has_resource_properties("AWS::EC2::Subnet", {
        "Tags": Match.array_with([{"Key": "kubernetes.io/role/elb", "Value": "1"}])})
    template.has_resource_properties("AWS::EC2::SecurityGroupIngress", {"IpProtocol": "-1"})
    template.has_resource_properties("AWS::EC2::SecurityGroupEgress", {"IpProtocol": "-1"})


def test_data_bearing_resources_are_retained(quick_setup: SynthesizedApp):
    for type_name in ("AWS::FSx::FileSystem", "AWS::S3::Bucket", "AWS::APS::Workspace", "AWS::KMS::Key"):
        for key, value in resources(quick_setup.template, type_name).items():
            assert value.get("DeletionPolicy") == "Retain", key


def test_compute_is_not_retained(quick_setup: SynthesizedApp):
    for type_name in ("AWS::SageMaker::Cluster", "AWS::EKS::Cluster"):
        for key, value in resources(quick_setup.template, type_name).items():
            assert value.get("DeletionPolicy", "Delete") == "Delete", key


def test_no_account_or_region_is_hard_coded(quick_setup: SynthesizedApp):
    text = json.dumps(quick_setup.template)
    assert "us-east-1" not in text and "us-west-2" not in text
    assert not any(char.isdigit() for char in "".join(
        part for part in text.split('"') if len(part) == 12 and part.isdigit()))


def test_cdk_nag_has_no_unacknowledged_findings(quick_setup: SynthesizedApp):
    assert quick_setup.nag_violations == []


def test_cfn_lint_reports_no_errors(quick_setup: SynthesizedApp):
    assert cfn_lint_errors(quick_setup.template) == []


def test_dependency_chart_is_installed_before_the_hyperpod_cluster_with_mig_enabled(quick_setup: SynthesizedApp):
    template = quick_setup.template
    (chart_id, chart), = resources(template, "Custom::HyperPodHelmChart").items()
    assert chart["Properties"]["Repository"] == "aws/sagemaker-hyperpod-cli"
    assert len(chart["Properties"]["GitRef"]) == 40
    values = json.loads(chart["Properties"]["Values"])
    # The default app has a MIG group: GPU operator on (mixed strategy), standalone device plugin off.
    assert values["gpu-operator"]["enabled"] is True
    assert values["gpu-operator"]["gpu-operator"]["mig"]["strategy"] == "mixed"
    assert values["nvidia-device-plugin"]["devicePlugin"]["enabled"] is False
    cluster = only(template, "AWS::SageMaker::Cluster")
    assert chart_id in cluster["DependsOn"]


def test_charts_wait_for_the_cluster_the_operator_and_the_dependency_chart(quick_setup: SynthesizedApp):
    template = quick_setup.template
    cluster_id = next(iter(resources(template, "AWS::SageMaker::Cluster")))
    chart_id = next(iter(resources(template, "Custom::HyperPodHelmChart")))
    operator_id = next(key for key, value in resources(template, "AWS::EKS::Addon").items()
                       if value["Properties"]["AddonName"] == "amazon-sagemaker-hyperpod-inference")
    # every chart is in one bundle, applied by one custom resource
    assert len(quick_setup.platform.charts) >= 4
    applier = only(template, "Custom::HyperPodManifests")
    assert {cluster_id, chart_id, operator_id} <= set(applier["DependsOn"])


def test_stack_outputs_name_the_gitops_placeholders(quick_setup: SynthesizedApp):
    assert set(quick_setup.platform.deploy_time_values.names) <= set(quick_setup.template["Outputs"])


def test_autoscaled_groups_are_pinned_to_one_availability_zone(quick_setup: SynthesizedApp):
    cluster = only(quick_setup.template, "AWS::SageMaker::Cluster")["Properties"]
    by_name = {group["InstanceGroupName"]: group for group in cluster["InstanceGroups"]}
    first_subnet = cluster["VpcConfig"]["Subnets"][0]
    for name in ("h100", "l40s"):  # Karpenter-scaled: HyperPod requires their subnets in one AZ
        override = by_name[name]["OverrideVpcConfig"]
        assert override["Subnets"] == [first_subnet]
        assert override["SecurityGroupIds"] == cluster["VpcConfig"]["SecurityGroupIds"]
    assert "OverrideVpcConfig" not in by_name["system"]


def test_the_node_access_entry_can_be_managed_by_the_stack():
    import aws_cdk as cdk

    from hyperpod_constructs import ClusterSettings, Eks, HyperPodInferencePlatform, InstanceGroup

    stack = cdk.Stack(cdk.App(), "NodeAccess")
    platform = HyperPodInferencePlatform(stack, "Platform",
                                         cluster=ClusterSettings(eks=Eks.new(hyperpod_node_access_entry=True)),
                                         instance_groups=[InstanceGroup("cpu", "ml.m5.2xlarge")])
    template = Template.from_stack(stack)
    template.has_resource_properties("AWS::EKS::AccessEntry", {
        "Type": "HYPERPOD_LINUX",
        "PrincipalArn": {"Fn::GetAtt": [stack.get_logical_id(platform.hyperpod.execution_role.node.default_child), "Arn"]}})
