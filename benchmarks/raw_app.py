"""The benchmark's anchor: the default app's shape written directly with aws-cdk-lib and cdk8s, no hyperpod_constructs.

What a team would hand-write for the same platform: VPC, EKS (aws_eks_v2 with a kubectl provider), the HyperPod
cluster with three instance groups and a lifecycle script bucket, FSx for Lustre linked to S3, the EKS add-ons
(including the inference operator and observability), AMP with a rules file, Grafana, an SNS topic for alerts,
HyperPod's dependency Helm chart, and one cdk8s chart per endpoint applied by the kubectl provider (one
``KubernetesManifest`` each, the usual pattern). It skips validation, plans and exports: it is the floor our
synth cost is compared against, not a working deployment.
"""
from __future__ import annotations

import copy
import json
from typing import Any

import aws_cdk as cdk
import cdk8s
from aws_cdk import aws_aps as aps
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_eks_v2 as eks
from aws_cdk import aws_fsx as fsx
from aws_cdk import aws_grafana as grafana
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as s3deploy
from aws_cdk import aws_sagemaker as sagemaker
from aws_cdk import aws_sns as sns
from aws_cdk.lambda_layer_kubectl_v33 import KubectlV33Layer

LIFECYCLE_SCRIPT = "#!/bin/bash\nset -euo pipefail\necho 'HyperPod node ready'\n"
ADDONS = ("vpc-cni", "kube-proxy", "coredns", "eks-pod-identity-agent", "cert-manager", "aws-fsx-csi-driver",
          "aws-mountpoint-s3-csi-driver", "metrics-server")

ENDPOINT: dict[str, Any] = {
    "apiVersion": "inference.sagemaker.aws.amazon.com/v1",
    "kind": "InferenceEndpointConfig",
    "metadata": {"name": "llama-8b", "namespace": "default"},
    "spec": {
        "autoScalingSpec": {
            "cloudWatchTriggerList": [{
                "activationTargetValue": 0.5, "metricCollectionPeriod": 60, "metricName": "Invocations",
                "metricStat": "Sum", "metricType": "Average", "name": "invocations-per-instance",
                "namespace": "AWS/SageMaker", "targetValue": 10,
                "dimensions": [{"name": "EndpointName", "value": "llama-8b"},
                               {"name": "VariantName", "value": "AllTraffic"}]}],
            "maxReplicaCount": 8, "minReplicaCount": 0,
            "prometheusTriggerList": [{
                "activationTargetValue": 1, "metricType": "Average", "name": "concurrent-requests",
                "query": 'sum(model_concurrent_requests{model_name="llama-8b",namespace="default"})',
                "serverAddress": "", "targetValue": 10}],
        },
        "endpointName": "llama-8b", "instanceType": "ml.p5.48xlarge",
        "intelligentRoutingSpec": {"enabled": True, "routingStrategy": "prefixaware"},
        "invocationEndpoint": "/v1/chat/completions",
        "kvCacheSpec": {"enableL1Cache": True, "enableL2Cache": True, "l2CacheSpec": {"l2CacheBackend": "tieredstorage"}},
        "loadBalancer": {"healthCheckPath": "/health"},
        "metrics": {"enabled": True, "modelMetrics": {"port": 8000}},
        "modelName": "llama-8b",
        "modelSourceConfig": {"fsxStorage": {"dnsName": "", "fileSystemId": "", "mountName": ""},
                              "modelLocation": "models/llama-3.1-8b-instruct", "modelSourceType": "fsx"},
        "tlsConfig": {"tlsCertificateOutputS3Uri": ""},
        "worker": {
            "args": ["/opt/ml/model"], "image": "lmcache/vllm-openai:v0.4.3",
            "modelInvocationPort": {"containerPort": 8000}, "modelVolumeMount": {"name": "model-weights"},
            "probes": {"readinessProbe": {"failureThreshold": 3, "httpGet": {"path": "/health", "port": 8000},
                                          "periodSeconds": 10, "timeoutSeconds": 5}},
            "requestLimits": {"maxConcurrentRequests": 256, "overflowStatusCode": 429},
            "resources": {"limits": {"nvidia.com/mig-3g.40gb": "1"},
                          "requests": {"cpu": "9200m", "memory": "98Gi", "nvidia.com/mig-3g.40gb": "1"}},
        },
    },
}


def endpoint_manifest(name: str, max_replicas: int, query_url: str, fs: fsx.CfnFileSystem, tls_uri: str) -> dict:
    manifest = copy.deepcopy(ENDPOINT)
    spec = manifest["spec"]
    manifest["metadata"]["name"] = spec["modelName"] = spec["endpointName"] = name
    scaling = spec["autoScalingSpec"]
    scaling["maxReplicaCount"] = max_replicas
    scaling["cloudWatchTriggerList"][0]["dimensions"][0]["value"] = name
    scaling["prometheusTriggerList"][0]["query"] = f'sum(model_concurrent_requests{{model_name="{name}",namespace="default"}})'
    scaling["prometheusTriggerList"][0]["serverAddress"] = query_url
    spec["modelSourceConfig"]["fsxStorage"] = {"dnsName": fs.attr_dns_name, "fileSystemId": fs.ref,
                                               "mountName": fs.attr_lustre_mount_name}
    spec["tlsConfig"]["tlsCertificateOutputS3Uri"] = tls_uri
    return manifest


def build(app: cdk.App, endpoints: int = 0) -> cdk.Stack:
    """The default app's shape (llama-8b, a JumpStart model) plus ``endpoints`` more custom endpoints."""
    stack = cdk.Stack(app, "RawLlmInference")
    vpc = ec2.Vpc(stack, "Vpc", max_azs=2, nat_gateways=1,
                  gateway_endpoints={"S3": ec2.GatewayVpcEndpointOptions(service=ec2.GatewayVpcEndpointAwsService.S3)},
                  flow_logs={"All": ec2.FlowLogOptions()})
    nodes = ec2.SecurityGroup(stack, "Nodes", vpc=vpc, allow_all_outbound=True)
    nodes.add_ingress_rule(nodes, ec2.Port.all_traffic(), "node to node, EFA")
    cluster = eks.Cluster(stack, "Eks", version=eks.KubernetesVersion.V1_33, vpc=vpc,
                          kubectl_provider_options=eks.KubectlProviderOptions(kubectl_layer=KubectlV33Layer(stack, "Kubectl")))
    addons = [eks.Addon(stack, f"Addon-{name}", addon_name=name, cluster=cluster) for name in ADDONS]

    lifecycle = s3.Bucket(stack, "Lifecycle", enforce_ssl=True, encryption=s3.BucketEncryption.S3_MANAGED)
    s3deploy.BucketDeployment(stack, "LifecycleScripts", destination_bucket=lifecycle,
                              sources=[s3deploy.Source.data("on_create.sh", LIFECYCLE_SCRIPT)])
    execution = iam.Role(stack, "ExecutionRole", assumed_by=iam.ServicePrincipal("sagemaker.amazonaws.com"),
                         managed_policies=[iam.ManagedPolicy.from_aws_managed_policy_name(
                             "AmazonSageMakerClusterInstanceRolePolicy")])
    lifecycle.grant_read(execution)
    karpenter = iam.Role(stack, "KarpenterRole", assumed_by=iam.ServicePrincipal("hyperpod.sagemaker.amazonaws.com"))
    karpenter.add_to_policy(iam.PolicyStatement(actions=["sagemaker:BatchAddClusterNodes",
                                                         "sagemaker:BatchDeleteClusterNodes"], resources=["*"]))
    groups = [("system", "ml.m5.2xlarge", 2), ("h100", "ml.p5.48xlarge", 0), ("l40s", "ml.g6e.12xlarge", 0)]
    hyperpod = sagemaker.CfnCluster(
        stack, "HyperPod", cluster_name="raw-hyperpod", node_recovery="Automatic",
        orchestrator=sagemaker.CfnCluster.OrchestratorProperty(
            eks=sagemaker.CfnCluster.ClusterOrchestratorEksConfigProperty(cluster_arn=cluster.cluster_arn)),
        vpc_config=sagemaker.CfnCluster.VpcConfigProperty(
            security_group_ids=[nodes.security_group_id], subnets=[s.subnet_id for s in vpc.private_subnets]),
        instance_groups=[sagemaker.CfnCluster.ClusterInstanceGroupProperty(
            instance_group_name=name, instance_type=instance_type, instance_count=count,
            execution_role=execution.role_arn,
            life_cycle_config=sagemaker.CfnCluster.ClusterLifeCycleConfigProperty(
                on_create="on_create.sh", source_s3_uri=lifecycle.s3_url_for_object()))
            for name, instance_type, count in groups])
    for addon in addons:
        addon.node.add_dependency(hyperpod)

    store = fsx.CfnFileSystem(stack, "ModelStore", file_system_type="LUSTRE", storage_capacity=1200,
                              subnet_ids=[vpc.private_subnets[0].subnet_id], security_group_ids=[nodes.security_group_id],
                              lustre_configuration=fsx.CfnFileSystem.LustreConfigurationProperty(
                                  deployment_type="PERSISTENT_2", per_unit_storage_throughput=125))
    fsx.CfnDataRepositoryAssociation(stack, "ModelStoreLink", file_system_id=store.ref, file_system_path="/models",
                                     data_repository_path="s3://my-models/")

    tls = s3.Bucket(stack, "Tls", enforce_ssl=True)
    operator_role = iam.Role(stack, "OperatorRole", assumed_by=iam.ServicePrincipal("pods.eks.amazonaws.com"))
    tls.grant_read_write(operator_role)
    eks.Addon(stack, "InferenceOperator", addon_name="amazon-sagemaker-hyperpod-inference", cluster=cluster)

    key = kms.Key(stack, "Key", enable_key_rotation=True)
    workspace = aps.CfnWorkspace(stack, "Prometheus", kms_key_arn=key.key_arn)
    aps.CfnRuleGroupsNamespace(stack, "Rules", name="inference", workspace=workspace.attr_arn, data=json.dumps(
        {"groups": [{"name": "inference", "rules": [{"alert": "LatencyHigh", "for": "10m", "expr": (
            "histogram_quantile(0.99, sum by (le, resource_name) "
            "(rate(model_latency_milliseconds_bucket[5m]))) > 30000")}]}]}))
    topic = sns.Topic(stack, "Alerts", master_key=key, enforce_ssl=True)
    topic.grant_publish(iam.ServicePrincipal("aps.amazonaws.com"))
    observability_role = iam.Role(stack, "ObservabilityRole", assumed_by=iam.ServicePrincipal("pods.eks.amazonaws.com"))
    observability_role.add_to_policy(iam.PolicyStatement(actions=["aps:RemoteWrite"], resources=[workspace.attr_arn]))
    eks.CfnPodIdentityAssociation(stack, "ObservabilityIdentity", cluster_name=cluster.cluster_name,
                                  namespace="hyperpod-observability", service_account="collector",
                                  role_arn=observability_role.role_arn)
    eks.Addon(stack, "Observability", addon_name="amazon-sagemaker-hyperpod-observability", cluster=cluster)
    grafana_role = iam.Role(stack, "GrafanaRole", assumed_by=iam.ServicePrincipal("grafana.amazonaws.com"))
    grafana_role.add_to_policy(iam.PolicyStatement(actions=["aps:QueryMetrics"], resources=[workspace.attr_arn]))
    grafana.CfnWorkspace(stack, "Grafana", account_access_type="CURRENT_ACCOUNT", authentication_providers=["AWS_SSO"],
                         permission_type="SERVICE_MANAGED", role_arn=grafana_role.role_arn, data_sources=["PROMETHEUS"])

    cluster.add_helm_chart("HyperPodDependencies", chart="hyperpod-dependencies", namespace="kube-system",
                           repository="oci://public.ecr.aws/example/hyperpod-dependencies", version="1.0.0")

    query_url = f"https://aps-workspaces.{stack.region}.amazonaws.com/workspaces/{workspace.attr_workspace_id}"
    tls_uri = f"s3://{tls.bucket_name}/certificates"
    charts = cdk8s.App()
    names = ["llama-8b", *[f"llama-8b-{index}" for index in range(endpoints)]]
    for index, name in enumerate(names):
        chart = cdk8s.Chart(charts, f"endpoint-{name}", disable_resource_name_hashes=True)
        manifest = endpoint_manifest(name, 8 if index == 0 else 1, query_url, store, tls_uri)
        api_object = cdk8s.ApiObject(chart, name, api_version=manifest["apiVersion"], kind=manifest["kind"],
                                     metadata=manifest["metadata"])
        api_object.add_json_patch(cdk8s.JsonPatch.add("/spec", manifest["spec"]))
        cluster.add_cdk8s_chart(f"Endpoint{index}", chart).node.add_dependency(hyperpod)
    jumpstart = cdk8s.Chart(charts, "jumpstart", disable_resource_name_hashes=True)
    cdk8s.ApiObject(jumpstart, "deepseek", api_version="inference.sagemaker.aws.amazon.com/v1", kind="JumpStartModel",
                    metadata={"name": "deepseek-qwen-1-5b", "namespace": "default"}).add_json_patch(
        cdk8s.JsonPatch.add("/spec", {"model": {"acceptEula": True, "modelId": "deepseek-llm-r1-distill-qwen-1-5b"},
                                      "server": {"instanceType": "ml.g6e.12xlarge"}}))
    cluster.add_cdk8s_chart("JumpStart", jumpstart)
    node_pools = cdk8s.Chart(charts, "node-autoscaling", disable_resource_name_hashes=True)
    for name in ("h100", "l40s"):
        cdk8s.ApiObject(node_pools, f"class-{name}", api_version="karpenter.sagemaker.amazonaws.com/v1",
                        kind="HyperpodNodeClass", metadata={"name": name}).add_json_patch(
            cdk8s.JsonPatch.add("/spec", {"instanceGroups": [name]}))
        cdk8s.ApiObject(node_pools, f"pool-{name}", api_version="karpenter.sh/v1", kind="NodePool",
                        metadata={"name": name}).add_json_patch(cdk8s.JsonPatch.add("/spec", {"template": {"spec": {
                            "nodeClassRef": {"group": "karpenter.sagemaker.amazonaws.com", "kind": "HyperpodNodeClass",
                                             "name": name}}}}))
    cluster.add_cdk8s_chart("NodeAutoscaling", node_pools)
    return stack
