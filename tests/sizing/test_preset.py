"""preset_endpoint: the size chosen on the platform's groups, the endpoint it writes, every choice overridable, and
each refusal naming the field, the value and the fix."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from hyperpod_constructs import (
    Autoscaling, CloudWatchTrigger, HyperPodValidationError, InferenceEndpoint, InstanceGroup, ModelCache, ModelSize,
    ModelSource, ModelWeightsCache, Prices, SecretKeyRef, SizingRequest, catalog_model, preset_endpoint,
)
from hyperpod_constructs.sizing.fit import candidate

SYSTEM = InstanceGroup("system", "ml.m5.2xlarge", count=2)
L40S = InstanceGroup("l40s", "ml.g6e.12xlarge", count=0, max_count=2)
H100_MIG = InstanceGroup("h100", "ml.p5.48xlarge", count=0, max_count=1, mig_config="all-3g.40gb")
A10G = InstanceGroup("a10g", "ml.g5.12xlarge", count=0, max_count=2)
GROUPS = (SYSTEM, L40S, H100_MIG)
SOURCE = ModelSource.hugging_face("Qwen/Qwen3-8B")


def qwen(**fields: Any):  # type: ignore[no-untyped-def]
    return preset_endpoint("qwen3-8b", **{"model": "Qwen/Qwen3-8B", "source": SOURCE, "instance_groups": GROUPS,
                                          "max_model_len": 16384, "concurrency": 4, **fields})


def test_the_smallest_replica_that_fits_is_chosen() -> None:
    """Four 16k sequences of Qwen3 8B fit a 3g.40gb slice (17.8 GB of KV for 9.7 GB needed): it beats an L40S."""
    preset = qwen()
    endpoint = preset.endpoint
    assert isinstance(endpoint, InferenceEndpoint)
    assert (endpoint.instance_type, endpoint.accelerator_partition, endpoint.gpus) == ("ml.p5.48xlarge", "3g.40gb", None)
    assert tuple(endpoint.args) == ("/opt/ml/model", "--served-model-name", "qwen3-8b", "--max-model-len", "16384",
                                    "--port", "8000")  # one MIG slice: no tensor parallelism to set
    assert endpoint.model.size == ModelSize(weight_bytes=16_380_854_272, context_length=40960,
                                            kv_bytes_per_token=2 * 36 * 8 * 128 * 2)
    assert endpoint.model_cache == ModelCache(weights=True)  # p5.48xlarge has local NVMe
    assert preset.reasons[1].startswith("chosen: 1x mig-3g.40gb of ml.p5.48xlarge: 40 GB x 0.9 = 36.0 GB usable")
    assert "passed over: 1 GPU of ml.g6e.12xlarge (fits, but 48 GB per replica against 40)" in preset.reasons


def test_whole_gpus_get_the_tensor_parallel_size_and_the_fewest_gpus_that_fit() -> None:
    preset = preset_endpoint("phi-4", model="microsoft/phi-4", source=ModelSource.hugging_face("microsoft/phi-4"),
                             instance_groups=(SYSTEM, A10G), max_model_len=16384, concurrency=2)
    endpoint = preset.endpoint
    assert (endpoint.instance_type, endpoint.gpus, endpoint.accelerator_partition) == ("ml.g5.12xlarge", 2, None)
    assert tuple(endpoint.args) == ("/opt/ml/model", "--tensor-parallel-size", "2", "--served-model-name", "phi-4",
                                    "--max-model-len", "16384", "--port", "8000")


def test_with_prices_the_cheapest_replica_wins() -> None:
    """An instance of 16 slices at 100 USD/h is 6.25 USD/h a replica; one L40S of four at 10 USD/h is 2.50."""
    prices = Prices.from_mapping({"ml.p5.48xlarge": 100.0, "ml.g6e.12xlarge": 10.0})
    preset = qwen(prices=prices)
    assert (preset.chosen.instance_type, preset.chosen.usd_per_replica_hour) == ("ml.g6e.12xlarge", 2.5)
    assert "passed over: mig-3g.40gb of ml.p5.48xlarge (fits, but 6.25 USD/h per replica against 2.50)" in \
        preset.reasons


def test_every_choice_can_be_given() -> None:
    autoscaling = Autoscaling(min_replicas=0, max_replicas=2,
                              triggers=(CloudWatchTrigger.invocations_per_instance(target=10),))
    preset = qwen(instance_type="ml.g6e.12xlarge", gpus=2, served_model_name="chat", port=8080, model_cache=None,
                  sagemaker_endpoint_name="qwen3-8b", autoscaling=autoscaling,
                  source=ModelSource.hugging_face("Qwen/Qwen3-8B", size=ModelSize(parameters=8.19e9)))
    endpoint = preset.endpoint
    assert (endpoint.instance_type, endpoint.gpus, endpoint.port, endpoint.model_cache) == (
        "ml.g6e.12xlarge", 2, 8080, None)
    assert tuple(endpoint.args) == ("/opt/ml/model", "--tensor-parallel-size", "2", "--served-model-name", "chat",
                                    "--max-model-len", "16384", "--port", "8080")
    assert endpoint.model.size == ModelSize(parameters=8.19e9)  # the size given is kept
    assert endpoint.autoscaling == autoscaling
    assert preset.cold_start.part("detect").seconds == 90  # KEDA's 30 s polling + the 60 s metric delay
    mig = qwen(accelerator_partition="3g.40gb")
    assert mig.endpoint.accelerator_partition == "3g.40gb"


def test_more_gpus_than_kv_heads_copy_the_kv_cache() -> None:
    """Qwen3 30B-A3B has 4 KV heads: on 8 GPUs each is held twice, so a token takes twice the KV bytes."""
    preset = preset_endpoint("qwen3-moe", model="Qwen/Qwen3-30B-A3B", source=SOURCE, gpus=8, max_model_len=32768,
                             instance_groups=(InstanceGroup("h100", "ml.p5.48xlarge", count=1),))
    assert preset.endpoint.model.size.kv_bytes_per_token == 2 * (2 * 48 * 4 * 128 * 2)  # type: ignore[union-attr]
    assert preset.chosen.gpus_per_replica == 8


def test_the_context_defaults_to_the_models_own() -> None:
    preset = preset_endpoint("qwen", model="Qwen/Qwen3-0.6B", instance_groups=GROUPS,
                             source=ModelSource.hugging_face("Qwen/Qwen3-0.6B"))
    assert "40960" in preset.endpoint.args  # type: ignore[operator]
    assert preset.request.max_model_len == 40960


def test_the_weights_cache_pre_warms_the_chosen_type() -> None:
    cache = qwen(instance_type="ml.g6e.12xlarge").weights_cache(instance_group="l40s")
    assert cache == ModelWeightsCache("qwen3-8b-weights", model=qwen().endpoint.model, instance_type="ml.g6e.12xlarge",
                                      instance_group="l40s")


def test_the_cold_start_reads_the_weights_at_the_sources_rate() -> None:
    seconds = qwen().cold_start.part("weights").seconds
    # the Hub's 131 GiB in 206 s [W12]: 683 MB/s, under the p5's network
    assert seconds == pytest.approx(16.380854272 * 1000 / 683, rel=0.001)


# ---- refusals ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("fields", "message"), [
    ({"instance_groups": (SYSTEM,)}, "preset endpoint 'qwen3-8b': instance_groups='no GPU group' is not allowed; an "
                                     "instance group with NVIDIA GPUs"),
    ({"instance_type": "ml.p4d.24xlarge"}, "instance_groups={'instance_type': 'ml.p4d.24xlarge'} is not allowed; an "
                                           "instance group with NVIDIA GPUs"),
    ({"accelerator_partition": "1g.10gb"}, "instance_groups={'accelerator_partition': '1g.10gb'} is not allowed"),
    ({"max_model_len": 65536}, "max_model_len=65536 is not allowed; a context of 16 to 40960 tokens"),
    ({"concurrency": 0}, "concurrency=0 is not allowed; a number of concurrent sequences, 1 or more"),
    ({"model": "Qwen/Qwen3-9B"}, "model='Qwen/Qwen3-9B' is not allowed; a model of the catalog (did you mean"),
    ({"args": ["--x"]}, "args=['--x'] is not allowed; not given through endpoint_fields: the preset writes it"),
    ({"instance_groups": [object()]}, "is not allowed; the platform's instance groups (platform.instance_groups)"),
])
def test_bad_input_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(message)):
        qwen(**fields)


def test_a_gated_model_from_the_hub_needs_a_token() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "preset endpoint 'llama': source.token_secret=None is not allowed; a Hub token for "
            "meta-llama/Llama-3.1-8B-Instruct, which is gated on the Hugging Face Hub")):
        preset_endpoint("llama", model="meta-llama/Llama-3.1-8B-Instruct", instance_groups=GROUPS,
                        source=ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct"))
    with_token = ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct", token_secret=SecretKeyRef("hf", "token"))
    assert preset_endpoint("llama", model="meta-llama/Llama-3.1-8B-Instruct", instance_groups=GROUPS,
                           source=with_token, max_model_len=8192).endpoint.model == dataclasses.replace(
        with_token, size=ModelSize(weight_bytes=round(14.96 * 2 ** 30), context_length=131072,
                                   kv_bytes_per_token=131072))


def test_a_slice_the_weights_overfill_says_there_is_no_room() -> None:
    request = SizingRequest.of(catalog_model("Qwen/Qwen3-8B"), 16384)  # type: ignore[arg-type]
    assert candidate(request, "ml.p5.48xlarge", partition="1g.10gb").explain(request) == (
        "1x mig-1g.10gb of ml.p5.48xlarge: 10 GB x 0.9 = 9.0 GB usable - 16.4 GB weights - 1.8 GB engine overhead "
        "and activations = -9.2 GB: no room for the KV cache: 1 sequence(s) of 16384 tokens need 2.4 GB, short by "
        "11.6 GB")


def test_gpus_the_heads_do_not_divide_are_refused() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "gpus=4 is not allowed; 1 to 4 GPUs that the model's 40 attention and 10 KV heads divide")):
        preset_endpoint("phi-4", model="microsoft/phi-4", source=SOURCE, instance_groups=(A10G,), gpus=4)


def test_a_model_too_big_for_every_group_names_the_closest() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "model='deepseek-ai/DeepSeek-R1-Distill-Llama-70B' is not allowed; a model that fits one replica on the platform's "
            "groups: the closest, 4 GPU of ml.g6e.12xlarge: 192 GB x 0.9 = 172.8 GB usable - 141.1 GB weights")) as error:
        preset_endpoint("r1-70b", model="deepseek-ai/DeepSeek-R1-Distill-Llama-70B", source=SOURCE,
                        instance_groups=GROUPS)
    assert "lower max_model_len or concurrency, add a group with more accelerator memory" in str(error.value)


def test_no_weights_cache_where_no_local_nvme_is_recorded() -> None:
    group = InstanceGroup("l4", "ml.g6.xlarge", count=1)  # no local NVMe recorded: the cache stays off
    preset = preset_endpoint("qwen3-4b", model="Qwen/Qwen3-4B", source=SOURCE, instance_groups=(group,),
                             max_model_len=8192)
    assert preset.endpoint.model_cache is None
