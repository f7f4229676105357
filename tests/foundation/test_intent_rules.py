"""A negative test for every foundation rule, asserting the message names field, value and what is allowed."""
from types import SimpleNamespace

import pytest

from support import stand_in_bucket
from hyperpod_constructs import (
    ClusterSettings, Eks, HyperPodValidationError, InstanceGroup, ModelStore, Taint, TieredStorage,
)

# Stands in for an imported eks.ICluster: the intent layer checks these rules without starting Node.
MODELS = stand_in_bucket("my-models")
CLUSTER = SimpleNamespace(cluster_name="c", cluster_arn="arn:aws:eks:us-west-2:111122223333:cluster/c")


def test_valid_group_keeps_its_values():
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=4, labels={"team": "a"})
    assert (group.count, group.ceiling, group.info.gpu_count) == (0, 4, 8)


@pytest.mark.parametrize("kwargs, message", [
    (dict(name="gpu_group"), r"instance group 'gpu_group': name='gpu_group' is not allowed; 1-63 letters"),
    (dict(name="-gpu"), r"name='-gpu' is not allowed"),
    (dict(name="a" * 64), r"name='a{64}' is not allowed"),
    (dict(instance_type="ml.p3.2xlarge"), r"instance_type='ml.p3.2xlarge' is not allowed; a HyperPod instance type"),
    (dict(instance_type="p5.48xlarge"), r"instance_type='p5.48xlarge'"),
    (dict(count=-1), r"count=-1 is not allowed; an integer from 0 to 6758"),
    (dict(count=6759), r"count=6759 is not allowed; an integer from 0 to 6758"),
    (dict(count=2, min_count=3), r"min_count=3 is not allowed; at most count \(2\)"),
    (dict(count=3, max_count=2), r"max_count=2 is not allowed; at least count \(3\)"),
    (dict(threads_per_core=4), r"threads_per_core=4 is not allowed; 1 or 2"),
    (dict(ebs_volume_gib=0), r"ebs_volume_gib=0 is not allowed; 1-16384 GiB"),
    (dict(ebs_volume_gib=16385), r"ebs_volume_gib=16385"),
    (dict(deep_health_checks=("InstanceStress", "InstanceStress")), r"deep_health_checks=.* each of \('InstanceStress', 'InstanceConnectivity'\) at most once"),
    (dict(deep_health_checks=("GpuBurn",)), r"deep_health_checks\[0\]='GpuBurn' is not allowed; one of 'InstanceStress', 'InstanceConnectivity'"),
    (dict(labels={"bad key!": "x"}), r"labels\['bad key!'\]='bad key!' is not allowed; a Kubernetes label key"),
    (dict(labels={"team": "x" * 64}), r"labels\['team'\]='x{64}' is not allowed; a Kubernetes label value"),
    (dict(labels={"a/" + "b" * 64: "x"}), r"a Kubernetes label key"),
    (dict(taints=tuple(Taint(f"k{i}") for i in range(51))), r"taints='51 taints' is not allowed; at most 50"),
    (dict(taints=(Taint("k", effect="Evict"),)), r"taints\[0\].effect='Evict' is not allowed"),
    (dict(taints=(Taint("bad key"),)), r"taints\[0\].key='bad key'"),
    (dict(taints=(Taint("k", value="v" * 64),)), r"taints\[0\].value='v{64}' is not allowed; 1-63"),
    (dict(training_plan_arn="arn:aws:sagemaker:us-east-1:123:plan/x"), r"training_plan_arn=.*training-plan"),
    (dict(capacity_type="reserved"), r"capacity_type='reserved' is not allowed; one of 'on-demand', 'spot'$"),
    (dict(image_id="ami-12"), r"image_id='ami-12' is not allowed"),
])
def test_instance_group_rules(kwargs, message):
    args = dict(name="gpu", instance_type="ml.g6e.12xlarge")
    args.update(kwargs)
    name, instance_type = args.pop("name"), args.pop("instance_type")
    with pytest.raises(HyperPodValidationError, match=message):
        InstanceGroup(name, instance_type, **args)


def test_unknown_keyword_is_an_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'instance_count'"):
        InstanceGroup("gpu", "ml.g6e.12xlarge", instance_count=2)


@pytest.mark.parametrize("build, message", [
    (lambda: TieredStorage(memory_percent=101), r"memory_percent=101 is not allowed; an integer percentage from 0 to 100"),
    (lambda: TieredStorage(memory_percent=-1), r"memory_percent=-1"),
    (lambda: ClusterSettings(name="my_cluster"), r"ClusterSettings: name='my_cluster' is not allowed"),
    (lambda: ClusterSettings(node_recovery="Manual"), r"node_recovery='Manual' is not allowed; one of 'Automatic', 'None'"),
    (lambda: ClusterSettings(node_provisioning_mode="OnDemand"), r"node_provisioning_mode='OnDemand'"),
    (lambda: ModelStore(bucket="s3://my-models/"),
     r"ModelStore: bucket='s3://my-models/' is not allowed; an s3\.IBucket \(a Bucket in your stack, or "
     r"s3\.Bucket\.from_bucket_name"),
    (lambda: ModelStore(bucket=MODELS, prefix="s3://my-models/llm/"),
     r"ModelStore: prefix='s3://my-models/llm/' is not allowed; a key prefix inside the bucket"),
    (lambda: ModelStore(bucket=MODELS, prefix="/llm"), r"ModelStore: prefix='/llm' is not allowed"),
    (lambda: ModelStore(bucket=MODELS, capacity_gib=2000), r"capacity_gib=2000 is not allowed; 1200 or a multiple of 2400"),
    (lambda: ModelStore(bucket=MODELS, throughput_mb_per_tib=300), r"throughput_mb_per_tib=300"),
    (lambda: ModelStore(bucket=MODELS, file_system_path="models"), r"file_system_path='models'"),
    (lambda: ModelStore(bucket=MODELS, claim_name="Model_Store"), r"claim_name='Model_Store'"),
    (lambda: Eks.new(kubernetes_version="1.27"),
     r"cluster\.eks: kubernetes_version='1.27' is not allowed; a version HyperPod supports: 1.28"),
    (lambda: Eks.new(addon_versions={"kube-dns": "v1"}), r"cluster\.eks: addon_versions=\['kube-dns'\]"),
    (lambda: Eks.existing(CLUSTER, authentication_mode="CONFIG_MAP", kubernetes_version="1.33"),
     r"cluster\.eks: authentication_mode='CONFIG_MAP' is not allowed; HyperPod supports API or API_AND_CONFIG_MAP"),
    (lambda: Eks.existing(CLUSTER, authentication_mode="API", kubernetes_version="1.35"),
     r"cluster\.eks: kubernetes_version='1.35'"),
    # An existing cluster is an eks.ICluster, not its name.
    (lambda: Eks.existing("prod", authentication_mode="API", kubernetes_version="1.33"),
     r"cluster\.eks: cluster='prod' is not allowed; an eks\.ICluster \(aws_eks_v2\), e\.g\. "
     r"eks\.Cluster\.from_cluster_attributes"),
    (lambda: Eks(), r"cluster\.eks: eks='Eks\(\)' is not allowed; Eks\.new\(\.\.\.\) or Eks\.existing"),
    (lambda: ClusterSettings(eks={"kubernetes_version": "1.33"}),
     r"ClusterSettings: eks=\{'kubernetes_version': '1.33'\} is not allowed; expected Eks\.new\(\.\.\.\) or "
     r"Eks\.existing\(cluster, \.\.\.\), got dict"),
])
def test_cluster_level_rules(build, message):
    with pytest.raises(HyperPodValidationError, match=message):
        build()


def test_model_store_derives_bucket():
    store = ModelStore(bucket=MODELS, prefix="llm")
    assert (store.bucket_name, store.import_path) == ("my-models", "s3://my-models/llm/")
    assert ModelStore(bucket=MODELS).import_path == "s3://my-models/"
