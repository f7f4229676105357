import json
from pathlib import Path

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


# The instance types the API's ClusterInstanceType gained in 2026 (botocore 1.43.0 to 1.44.5).
TYPES_ADDED_IN_2026 = (
    [f"ml.g7e.{size}" for size in ("2xlarge", "4xlarge", "8xlarge", "12xlarge", "24xlarge", "48xlarge")]
    + [f"ml.g7.{size}" for size in ("2xlarge", "4xlarge", "8xlarge", "12xlarge", "24xlarge", "48xlarge")]
    + ["ml.p6-b300.48xlarge", "ml.r5d.16xlarge", "ml.c8a.16xlarge", "ml.m8a.16xlarge"]
    + [f"ml.g4dn.{size}" for size in ("xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge")]
    + [f"ml.{family}.{size}" for family in ("c6g", "c7g", "m6g", "m7g")
       for size in ("medium", "large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge")]
    + [f"ml.{family}.{size}" for family in ("c8g", "m8g") for size in (
        "medium", "large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge", "48xlarge")]
    + [f"ml.{family}.{size}" for family in ("c6a", "m6a") for size in (
        "large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge", "32xlarge", "48xlarge")]
)
# In the API and the catalog but not (yet) in cfn-lint's pricing-derived enum.
NOT_IN_CFN_LINT_ENUM = {"ml.p5e.48xlarge", "ml.p6e-gb200.36xlarge"}


ACCEPTED_TYPES = Path(__file__).resolve().parents[1] / "data" / "instance_types" / "cluster-instance-types.json"


def _accepted_types() -> dict:
    return json.loads(ACCEPTED_TYPES.read_text())


def test_every_catalog_type_is_one_the_api_and_cloudformation_accept():
    accepted = _accepted_types()
    assert sorted(set(INSTANCE_TYPES) - set(accepted["api"]["enum"])) == []
    assert set(INSTANCE_TYPES) - set(accepted["cloudformation"]["enum"]) == NOT_IN_CFN_LINT_ENUM


def test_the_2026_types_are_in_the_catalog_the_api_and_cloudformation():
    accepted = _accepted_types()
    assert len(TYPES_ADDED_IN_2026) == len(set(TYPES_ADDED_IN_2026)) == 94
    for name in TYPES_ADDED_IN_2026:
        assert name in INSTANCE_TYPES, name
        assert name in accepted["api"]["enum"] and name in accepted["cloudformation"]["enum"], name


def test_catalog_agrees_with_the_hyperpod_sdk_instance_resources():
    """vCPU, accelerators, memory and EFA agree with AWS's HyperPod SDK wherever it lists the type (its GB200 row
    says 0 EFA interfaces, which the p6e-gb200 launch contradicts: the catalog keeps EFA there)."""
    from sagemaker.hyperpod.training.constants import INSTANCE_RESOURCES

    compared = 0
    for name, info in INSTANCE_TYPES.items():
        sdk = INSTANCE_RESOURCES.get(name)
        if sdk is None:
            continue
        compared += 1
        assert (info.vcpu, info.gpu_count, info.memory_gib) == (sdk["cpu"], sdk["gpu"] + sdk["trainium"],
                                                                sdk["memory"]), name
        if name != "ml.p6e-gb200.36xlarge":
            assert info.efa == (sdk["efa"] > 0), name
    assert compared >= 80


def test_new_gpu_types_carry_gpu_nvme_efa_and_no_mig():
    from hyperpod_constructs.catalog.mig import supports_mig
    from sagemaker.hyperpod.training.constants import INSTANCE_TYPE_MIG_PROFILES

    g7e = instance_type("ml.g7e.48xlarge")
    assert (g7e.gpu_model, g7e.gpu_count, g7e.gpu_memory_gib, g7e.efa, g7e.local_nvme_gib) == (
        "RTX PRO 6000 96GB", 8, 96, True, 15200)
    assert instance_type("ml.g7e.2xlarge").efa is False
    g4dn = instance_type("ml.g4dn.12xlarge")
    assert (g4dn.gpu_model, g4dn.gpu_count, g4dn.local_nvme_gib, g4dn.efa) == ("T4 16GB", 4, 900, True)
    assert instance_type("ml.g7.8xlarge").gpu_count == 2
    assert instance_type("ml.r5d.16xlarge").local_nvme_gib == 2400
    # HyperPod's MIG map is the SDK's; none of the 2026 types is in it.
    assert {name for name in INSTANCE_TYPES if supports_mig(name)} == set(INSTANCE_TYPE_MIG_PROFILES)
    assert not [name for name in TYPES_ADDED_IN_2026 if supports_mig(name) and name != "ml.p6-b300.48xlarge"]


def test_graviton_and_grace_types_are_arm64():
    arm = {name for name, info in INSTANCE_TYPES.items() if info.arch == "arm64"}
    assert arm == {name for name in INSTANCE_TYPES
                   if name.split(".")[1] in ("c6g", "c7g", "c8g", "m6g", "m7g", "m8g", "p6e-gb200")}
    assert all(instance_type(name).local_nvme_gib == 0 for name in arm if name.startswith(("ml.c", "ml.m")))
