import json

from hyperpod_constructs.catalog import limits
from hyperpod_constructs.catalog.instance_types import INSTANCE_TYPES, instance_type
from support import reference_file


def test_gpu_types_carry_their_accelerators():
    p5 = instance_type("ml.p5.48xlarge")
    assert (p5.gpu_model, p5.gpu_count, p5.gpu_memory_gib, p5.efa) == ("H100 80GB", 8, 80, True)
    assert instance_type("ml.g6e.12xlarge").gpu_count == 4
    assert instance_type("ml.m5.2xlarge").has_gpu is False
    assert instance_type("ml.p3.2xlarge") is None


def test_every_catalog_type_matches_the_cluster_schema_pattern():
    schema = json.loads(reference_file("aws-sagemaker-cluster.cfn-schema.json").read_text())
    pattern = schema["definitions"]["InstanceGroupName"]["pattern"]
    assert pattern == limits.INSTANCE_GROUP_NAME_PATTERN.pattern
    assert all(name.startswith("ml.") for name in INSTANCE_TYPES)


def test_limits_match_the_cluster_schema():
    schema = json.loads(reference_file("aws-sagemaker-cluster.cfn-schema.json").read_text())
    group = schema["definitions"]["ClusterInstanceGroup"]["properties"]
    assert group["InstanceCount"]["maximum"] == limits.INSTANCE_COUNT_MAX
    vpc = schema["definitions"]["VpcConfig"]["properties"]
    assert (vpc["Subnets"]["minItems"], vpc["Subnets"]["maxItems"]) == (limits.SUBNETS_MIN, limits.SUBNETS_MAX)
    assert (vpc["SecurityGroupIds"]["minItems"], vpc["SecurityGroupIds"]["maxItems"]) == (
        limits.SECURITY_GROUPS_MIN, limits.SECURITY_GROUPS_MAX)
    assert schema["properties"]["ClusterName"]["pattern"] == limits.CLUSTER_NAME_PATTERN.pattern
    taints = schema["definitions"]["ClusterKubernetesTaints"]
    assert taints["maxItems"] == limits.TAINTS_MAX
