"""The plan's cold start from zero: each part's figure from the app or a cited published figure, your overrides cited
as yours, unknown parts shown as unknown (never guessed), what the caches save, and the overrides' rules."""
from __future__ import annotations

import math
from typing import Any, Optional

import aws_cdk as cdk
import pytest

from apps_support import s3_model
from rule_support import with_endpoints
from support import stand_in_bucket
from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, ColdStartAssumptions, HyperPodInferencePlatform, HyperPodTypeError,
    HyperPodValidationError, InferenceEndpoint, InstanceGroup, JumpStartEndpoint, ModelSize, ModelSource, Plan,
)
from hyperpod_constructs.catalog import cold_start_facts as facts
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform
from hyperpod_constructs.platform.cost import FixedCostItems
from hyperpod_constructs.planner.cold_start import ColdStartEndpoint, cold_start_endpoints

L40S = InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)
SIZE = ModelSize(parameters=8.03e9)  # 16.06 GB in bfloat16
TRIGGER = CloudWatchTrigger(name="invocations", namespace="AWS/SageMaker", metric_name="Invocations", target_value=10,
                            activation_target_value=0, dimensions={"EndpointName": "llama"})


def start(source: str = "s3", instance_type: str = "ml.g6e.12xlarge", weights_gb: Optional[float] = 16.06,
          polling: Optional[int] = None, reads_model_store: bool = False) -> ColdStartEndpoint:
    return ColdStartEndpoint("llama", instance_type, source, weights_gb, polling, reads_model_store)


def plan(*starts: ColdStartEndpoint, groups: tuple[InstanceGroup, ...] = (L40S,), **fields: Any) -> Plan:
    return Plan(groups=groups, endpoints=(), autoscaled_groups=frozenset({"l40s"}), cold_starts=starts, **fields)


def seconds(plan_: Plan) -> dict[str, Optional[float]]:
    (estimate,) = plan_.cold_start_estimates()
    return {part.name: part.seconds for part in estimate.parts}


def test_an_s3_model_on_a_new_node_adds_up_its_cited_parts() -> None:
    (estimate,) = plan(start()).cold_start_estimates()
    parts = {part.name: part for part in estimate.parts}
    assert list(parts) == ["detect", "node", "image", "weights (s3)", "engine", "route"]
    assert parts["detect"].seconds == 30 + 60 and "[K1 documented]" in parts["detect"].how
    assert parts["node"].seconds == 259 and "[N4+N7+N8+N10 assumption]" in parts["node"].how
    assert parts["image"].seconds == pytest.approx(17_700 / 53) and "[I1 vendor claim]" in parts["image"].how
    # Mountpoint's one-reader rate (1,417 MiB/s) is below the instance's 100 Gbps: the reader bounds it.
    assert parts["weights (s3)"].seconds == pytest.approx(16_060 / (1417 * 1.048576))
    assert "[W9 measured]" in parts["weights (s3)"].how and "W16" not in parts["weights (s3)"].how
    assert (parts["engine"].seconds, parts["route"].seconds) == (92, 30)
    assert estimate.complete and not estimate.warm_node
    assert estimate.known_s == pytest.approx(90 + 259 + 17_700 / 53 + 16_060 / 1485.8 + 92 + 30, rel=1e-4)


def test_a_small_instance_reads_at_its_network_bandwidth() -> None:
    weights = seconds(plan(start(instance_type="ml.g5.2xlarge")))["weights (s3)"]
    assert weights == pytest.approx(16_060 / 625)  # 5,000 Mbps
    (estimate,) = plan(start(instance_type="ml.g5.2xlarge")).cold_start_estimates()
    assert "capped by the instance's 625 MB/s [W16 documented]" in estimate.part("weights").how


@pytest.mark.parametrize("capacity, throughput, rate", [(1200, 125, 150), (2400, 250, 600), (100_800, 1000, 12_500)])
def test_the_model_store_reads_at_its_disk_baseline(capacity: int, throughput: int, rate: float) -> None:
    """125 MB/s/TiB on 1.2 TiB is AWS's own 150 MB/s example (W4); past 100 Gbps the per-client ceiling holds (W5)."""
    fsx = plan(start("fsx", reads_model_store=True),
               fixed_costs=FixedCostItems(fsx_capacity_gib=capacity, fsx_throughput_mb_per_tib=throughput))
    assert seconds(fsx)["weights (fsx)"] == pytest.approx(16_060 / rate)


def test_unknown_parts_are_shown_unknown_and_the_total_is_a_lower_bound() -> None:
    own_fsx = plan(start("fsx"))  # a file system of its own: its throughput is not the platform's to know
    (estimate,) = own_fsx.cold_start_estimates()
    assert estimate.part("weights").seconds is None and not estimate.complete
    assert "pass ColdStartAssumptions(weights_read_mb_s=...)" in estimate.part("weights").how
    assert "llama on ml.g6e.12xlarge, a new node: at least 805 s (13.4 min), a part is not known" in own_fsx.render()
    (no_size,) = plan(start(weights_gb=None)).cold_start_estimates()
    assert no_size.part("weights").how == "model size not declared: give the model size=ModelSize(...)"
    assert seconds(plan(start("kubernetesVolume")))["weights (kubernetesVolume)"] is None


def test_a_node_the_floor_keeps_idle_takes_the_pod() -> None:
    fixed = InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)
    warm = Plan(groups=(fixed,), endpoints=(), cold_starts=(start(),))
    (estimate,) = warm.cold_start_estimates()
    assert estimate.warm_node and estimate.part("node").seconds == 0
    assert "llama on ml.g6e.12xlarge, a node the floor keeps: about" in warm.render()


def test_your_figures_replace_the_published_ones_and_are_cited_as_yours() -> None:
    yours = ColdStartAssumptions(node_s=420, image_gb=10, image_pull_mb_s=200, engine_s=40, metric_delay_s=15,
                                 route_s=10, weights_read_mb_s=4000, nvme_read_mb_s=2000)
    (estimate,) = plan(start(polling=15), cold_start=yours).cold_start_estimates()
    assert {part.name: part.seconds for part in estimate.parts} == pytest.approx({
        "detect": 30, "node": 420, "image": 50, "weights (s3)": 16_060 / 4000, "engine": 40, "route": 10})
    assert all("[yours]" in part.how for part in estimate.parts), [part.how for part in estimate.parts]
    assert not any(cite in part.how for part in estimate.parts for cite in ("documented", "measured", "assumption"))
    image, nvme = estimate.caches
    assert "saves the 50 s pull on a node that already holds the image" in image
    assert f"saves {16_060 / 4000 - 16_060 / 2000:.0f} s" not in nvme  # a faster remote read leaves nothing to save
    assert "saves 0 s on a node that holds the weights (local read at your 2000 MB/s [yours])" in nvme


def test_the_caches_saving_is_an_upper_bound_without_an_nvme_rate() -> None:
    (estimate,) = plan(start()).cold_start_estimates()
    image, nvme = estimate.caches
    assert image.startswith("image cache (modelCacheConfig.imageCache): saves the 334 s pull")
    assert "a new node pulls it anyway" in image
    assert nvme.startswith("NVMe weights cache (modelCacheConfig.weightsCache): saves up to 11 s")
    assert "NVMe read rate not published, W15" in nvme and "nothing on a new node" in nvme


def test_the_endpoints_that_scale_to_zero_are_the_ones_estimated() -> None:
    platform = ResolvedPlatform(instance_groups=(L40S,))
    at_zero = InferenceEndpoint("llama", model=ModelSource.s3(stand_in_bucket(), "llama/", size=SIZE),
                                instance_type="ml.g6e.12xlarge", gpus=1, sagemaker_endpoint_name="llama",
                                autoscaling=Autoscaling(min_replicas=0, max_replicas=2, polling_interval_s=10,
                                                        triggers=(TRIGGER,)))
    always_on = InferenceEndpoint("mistral", model=ModelSource.hugging_face("mistralai/Mistral-7B-v0.3"),
                                  instance_type="ml.g6e.12xlarge", gpus=1)
    (found,) = cold_start_endpoints(with_endpoints(platform, at_zero, always_on))
    assert found == ColdStartEndpoint("llama", "ml.g6e.12xlarge", "s3", pytest.approx(16.06), 10, False,
                                      registered_with_sagemaker=True)


def test_a_jumpstart_model_at_zero_reads_its_artifacts_from_s3() -> None:
    platform = ResolvedPlatform(instance_groups=(L40S,))
    model = JumpStartEndpoint("qwen", model_id="deepseek-llm-r1-distill-qwen-1-5b", accept_eula=True,
                              instance_type="ml.g6e.12xlarge", size=ModelSize(weight_bytes=3_550_000_000),
                              sagemaker_endpoint_name="qwen", autoscaling=Autoscaling(
                                  min_replicas=0, max_replicas=1, triggers=(CloudWatchTrigger(
                                      name="invocations", namespace="AWS/SageMaker", metric_name="Invocations",
                                      target_value=10, activation_target_value=0,
                                      dimensions={"EndpointName": "qwen"}),)))
    (found,) = cold_start_endpoints(with_endpoints(platform, model))
    assert (found.source, found.weights_gb, found.polling_interval_s) == ("jumpstart", 3.55, None)
    (estimate,) = Plan(groups=(L40S,), endpoints=(), cold_starts=(found,)).cold_start_estimates()
    assert estimate.part("weights").how.endswith("Mountpoint for S3, one sequential reader [W9 measured]")


def test_a_plan_without_scale_to_zero_has_no_cold_start_section_and_the_text_is_stable() -> None:
    assert "Cold start" not in Plan(groups=(L40S,), endpoints=()).render()
    assert plan(start()).render() == plan(start()).render()


def test_the_platform_passes_your_figures_to_its_plan() -> None:
    stack = cdk.Stack(cdk.App(), "ColdStart")
    platform = HyperPodInferencePlatform(stack, "Platform", instance_groups=[L40S], node_autoscaling=True,
                                         cold_start=ColdStartAssumptions(node_s=600))
    platform.add_endpoint(InferenceEndpoint(
        "llama", model=s3_model(stack, "llama/", size=SIZE), instance_type="ml.g6e.12xlarge", gpus=1,
        sagemaker_endpoint_name="llama", autoscaling=Autoscaling(min_replicas=0, max_replicas=2, triggers=(TRIGGER,))))
    node = next(line for line in platform.plan.render().splitlines() if line.strip().startswith("node "))
    assert node.split() == ["node", "600", "s", "[yours]"]
    with pytest.raises(HyperPodTypeError, match=r"cold_start=\{'node_s': 600\} is not allowed; expected a "
                                                r"ColdStartAssumptions\(...\)"):
        HyperPodInferencePlatform(cdk.Stack(cdk.App(), "Bad"), "Platform", instance_groups=[L40S],
                                  cold_start={"node_s": 600})


@pytest.mark.parametrize("field, value, allowed", [
    ("node_s", -1, "a number of 0 or more"),
    ("metric_delay_s", math.nan, "a number of 0 or more"),
    ("engine_s", "90", "a number of 0 or more"),
    ("route_s", True, "a number of 0 or more"),
    ("image_gb", -0.5, "a number of 0 or more"),
    ("image_pull_mb_s", 0, "a rate above 0 MB/s"),
    ("weights_read_mb_s", -10, "a rate above 0 MB/s"),
    ("nvme_read_mb_s", math.inf, "a rate above 0 MB/s"),
])
def test_cold_start_assumption_rules(field: str, value: Any, allowed: str) -> None:
    with pytest.raises(HyperPodValidationError, match=rf"^ColdStartAssumptions: {field}=.* is not allowed; {allowed}$"):
        ColdStartAssumptions(**{field: value})


def test_the_defaults_are_the_cited_figures() -> None:
    given = ColdStartAssumptions()
    assert (given.node_s, given.image_gb, given.image_pull_mb_s, given.engine_s, given.route_s,
            given.metric_delay_s) == (facts.NODE_S.value, 17.7, 53, 92, 30, 60)
    assert facts.NODE_S.value == 10 + 39 + 90 + 120
    assert not any(given.overridden(name) for name in ("node_s", "image_gb", "engine_s"))


def test_the_guide_shows_the_section_its_own_snippet_writes(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cold-start.md's plan excerpt is what the snippet above it prints."""
    import re
    import runpy

    from support import REPO_ROOT

    guide = (REPO_ROOT / "docs" / "cold-start.md").read_text()
    snippet = re.search(r"```python\n(.*?)```", guide, re.S)
    excerpt = re.search(r"The section it adds to the plan .*?:\n\n```\n(.*?)```", guide, re.S)
    assert snippet and excerpt, "docs/cold-start.md lost its snippet or the plan under it"
    (tmp_path / "snippet.py").write_text(snippet.group(1))
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(tmp_path / "snippet.py"), run_name="__main__")
    assert "Cold start" + capsys.readouterr().out == excerpt.group(1)


def test_the_plan_says_what_a_caller_lives_through() -> None:
    # Nothing holds requests: the caller fails fast for as long as the estimate, which the line names.
    estimate = plan(start()).cold_start_estimates()[0]
    line = next(line for line in plan(start()).render().splitlines() if "a caller:" in line)
    assert "not held, fails fast until the first pod is ready" in line
    assert f"first token expected at {estimate.known_s:.0f} s" in line
