"""Each piece of advice has its own acknowledgement id, so acknowledging one rule leaves the others."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match

from apps_support import s3_model
from support import REPO_ROOT, cdk_json_context
from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, ClusterSettings, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup,
    KvCache, L2Cache, PrometheusTrigger, ScaledWorkload, TieredStorage,
)

L2_ID = "Annotation::hyperpod-constructs:l2-tiered-storage-shared"
POD_METRICS_ID = "Annotation::hyperpod-constructs:scale-to-zero-on-pod-metrics"
ACTIVATION_ID = "Annotation::hyperpod-constructs:scale-to-zero-without-activation"
NO_MAX_COUNT_ID = "Annotation::hyperpod-constructs:node-autoscaling-without-groups"
DAEMON_ID = "Annotation::hyperpod-constructs:tiered-kv-cache-daemon"
GPUS_ON_ID = "Annotation::hyperpod-constructs:gpus-on-at-floor"


def advised_platform(stack: cdk.Stack) -> HyperPodInferencePlatform:
    """A platform whose groups draw advice (node autoscaling without a max_count), with L2 tiered storage on."""
    return HyperPodInferencePlatform(
        stack, "Platform", instance_groups=[InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)],
        cluster=ClusterSettings(tiered_storage=TieredStorage()), node_autoscaling=True)


def build(*acknowledged: str) -> list[str]:
    """An app that draws five kinds of advice; returns the warnings left after acknowledging some ids."""
    stack = cdk.Stack(cdk.App(), "Advice")
    platform = advised_platform(stack)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge", gpus=1,
        kv_cache=KvCache(l2=L2Cache.tiered_storage()),
        autoscaling=Autoscaling(min_replicas=0, max_replicas=2, triggers=(
            PrometheusTrigger.concurrent_requests(target=5, activation=None,
                                                  server_address="https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1"),))))
    for warning_id in acknowledged:
        cdk.Annotations.of(platform).acknowledge_warning(warning_id, "understood")
    return [str(found.entry.data) for found in Annotations.from_stack(stack).find_warning("*", Match.any_value())]


def ids(warnings: list[str]) -> list[str]:
    return sorted(match for text in warnings for match in re.findall(r"\[ack: ([^\]]+)\]", text))


def test_every_rule_has_its_own_id() -> None:
    # The tiered-storage daemon is configured by the stack itself (CDK_DEPLOY): no advice about it.
    assert ids(build()) == sorted([ACTIVATION_ID, L2_ID, NO_MAX_COUNT_ID, POD_METRICS_ID])


def test_acknowledging_l2_isolation_keeps_the_scale_to_zero_warnings() -> None:
    left = build(L2_ID)
    assert ids(left) == sorted([ACTIVATION_ID, NO_MAX_COUNT_ID, POD_METRICS_ID])
    assert not any("L2 tiered storage is shared" in text for text in left)
    assert any("autoscaling.min_replicas=0 with only pod-emitted metrics" in text for text in left)


def test_acknowledging_one_scale_to_zero_rule_keeps_the_other_and_l2() -> None:
    left = build(POD_METRICS_ID)
    assert ids(left) == sorted([ACTIVATION_ID, L2_ID, NO_MAX_COUNT_ID])
    assert any("L2 tiered storage is shared" in text for text in left)


def test_each_warning_sits_on_the_construct_it_is_about_in_one_line_with_its_id() -> None:
    stack = cdk.Stack(cdk.App(), "Advice")
    platform = advised_platform(stack)
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/"), instance_type="ml.g6e.12xlarge", gpus=1,
        kv_cache=KvCache(l2=L2Cache.tiered_storage())))
    platform.add_scaled_workloads(ScaledWorkload(
        name="router", target_name="router", autoscaling=Autoscaling(min_replicas=0, triggers=(
            CloudWatchTrigger(name="queue", metric_name="ApproximateNumberOfMessagesVisible", namespace="AWS/SQS",
                              target_value=5),))))
    found = Annotations.from_stack(stack).find_warning("*", Match.any_value())
    paths = {found_id: found_path for found_path, found_id in
             ((entry.id, re.findall(r"\[ack: ([^\]]+)\]", str(entry.entry.data))[0]) for entry in found)}
    assert paths == {L2_ID: "/Advice/Platform/llama",  # the endpoint's handle, platform.add_endpoint's return
                     ACTIVATION_ID: "/Advice/Platform/Charts/scaled-workloads",  # add_scaled_workloads' handle
                     NO_MAX_COUNT_ID: "/Advice/Platform"}  # about the platform's groups, which have no construct
    for entry in found:
        text = str(entry.entry.data)
        assert "\n" not in text and text.endswith("]"), text
        assert not entry.entry.trace, entry.entry.trace  # `cdk synth` would print the jsii kernel's temp path


# Two stacks with the same platform, in one `cdk synth` (one CLI, Python and jsii start-up instead of two): "Acked"
# acknowledges the id "Acks" is expected to print.
CLI_APP = textwrap.dedent(f"""
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3
    from hyperpod_constructs import HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource

    app = cdk.App()
    for name in ("Acks", "Acked"):
        stack = cdk.Stack(app, name)
        platform = HyperPodInferencePlatform(stack, "Platform", node_autoscaling=True,
            instance_groups=[InstanceGroup("system", "ml.m5.2xlarge", count=2),
                             InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)])
        models = s3.Bucket.from_bucket_name(stack, "Models", "my-models")
        platform.add_endpoint(InferenceEndpoint("llama", model=ModelSource.s3(models, "llama/"),
                                                instance_type="ml.g6e.12xlarge", replicas=1))
        if name == "Acked":
            cdk.Annotations.of(platform).acknowledge_warning({GPUS_ON_ID!r}, "kept warm on purpose")
    app.synth()
""")


def cdk_synth(folder: Path) -> str:
    """`cdk synth` of ``CLI_APP`` with the recommended feature flags (this project's cdk.json): what it prints."""
    (folder / "app.py").write_text(CLI_APP)
    (folder / "cdk.json").write_text(json.dumps({"app": f"{sys.executable} app.py", "context": cdk_json_context()}))
    environment = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    environment["PATH"] = f"{REPO_ROOT / 'node_modules' / '.bin'}{os.pathsep}{environment['PATH']}"
    result = subprocess.run(["cdk", "synth", "--quiet", "--no-notices"], cwd=folder, env=environment,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def printed_warnings(printed: str, text: str) -> list[tuple[str, str]]:
    """(construct path, acknowledgement id) of each warning containing ``text`` that `cdk synth` printed: the CLI
    prints the warning, its construct and "Acknowledge with '<id>'" on the lines after it."""
    return re.findall(rf"^WARNING [^\n]*{re.escape(text)}[^\n]*\n\s+(\S+) [^\n]*\n\s+Acknowledge with '([^']+)'",
                      printed, re.MULTILINE)


@pytest.mark.skipif(not (REPO_ROOT / "node_modules" / ".bin" / "cdk").exists(), reason="run `make setup` first")
@pytest.mark.slow  # the real cdk CLI in a subprocess
def test_the_id_cdk_synth_prints_is_the_id_that_acknowledges_the_warning(tmp_path: Path) -> None:
    # Printed once: for the stack that did not acknowledge it, with the id the other stack acknowledged.
    assert printed_warnings(cdk_synth(tmp_path), "runs 1 ml.g6e.12xlarge node(s)") == [
        ("Acks/Platform", GPUS_ON_ID)]
