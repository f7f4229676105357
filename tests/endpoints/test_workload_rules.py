"""Endpoints use what they ask for: tensor parallelism over a replica's GPUs, weights that fit its GPU memory or MIG
slice, CloudWatch triggers bound to the endpoint they wake, gated JumpStart models with a download role."""
from __future__ import annotations

from rule_support import endpoint_problems

import dataclasses
import re
from typing import Any, Callable

import pytest

from endpoint_fixtures import VIEW
from support import stand_in_bucket
from hyperpod_constructs import ModelSize, ScaledWorkload
from hyperpod_constructs.catalog.accelerator_memory import mig_slice_memory_gb, replica_memory_gb
from hyperpod_constructs.catalog.mig import MIG_PROFILES
from hyperpod_constructs.errors import HyperPodTypeError, HyperPodValidationError
from hyperpod_constructs.intent.autoscaling import Autoscaling, CloudWatchTrigger, PrometheusTrigger
from hyperpod_constructs.intent.endpoint import InferenceEndpoint
from hyperpod_constructs.intent.jumpstart import JumpStartEndpoint
from hyperpod_constructs.intent.model_source import ModelSource
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint

LLAMA_8B = ModelSize(parameters=8.03e9, dtype="bfloat16")
LLAMA_70B = ModelSize(parameters=70.6e9, dtype="bfloat16")


def endpoint(size: ModelSize | None = None, **overrides: Any) -> InferenceEndpoint:
    props: dict[str, Any] = {"model": ModelSource.s3(stand_in_bucket(), "llama/", size=size),
                             "instance_type": "ml.g6e.12xlarge"}
    props.update(overrides)
    return InferenceEndpoint(props.pop("name", "llama"), **props)


def jumpstart(**overrides: Any) -> JumpStartEndpoint:
    props: dict[str, Any] = {"model_id": "deepseek-llm-r1-distill-qwen-1-5b", "accept_eula": True,
                             "instance_type": "ml.g5.12xlarge"}
    props.update(overrides)
    return JumpStartEndpoint(props.pop("name", "deepseek"), **props)


def args_of(item: InferenceEndpoint) -> list[str]:
    return render_endpoint(resolve_endpoint(item, VIEW))["spec"]["worker"]["args"]


# ---- tensor parallelism -----------------------------------------------------------------------------------

@pytest.mark.parametrize("gpus, expected", [
    (1, ["/opt/ml/model"]),
    (2, ["/opt/ml/model", "--tensor-parallel-size", "2"]),
    (4, ["/opt/ml/model", "--tensor-parallel-size", "4"]),
])
def test_vllm_uses_every_gpu_of_a_replica(gpus: int, expected: list[str]) -> None:
    assert args_of(endpoint(gpus=gpus)) == expected


def test_tensor_parallelism_is_added_to_explicit_args_that_set_none() -> None:
    assert args_of(endpoint(gpus=4, args=["/opt/ml/model", "--max-model-len", "8192"])) == [
        "/opt/ml/model", "--max-model-len", "8192", "--tensor-parallel-size", "4"]


@pytest.mark.parametrize("args", [
    ["/opt/ml/model", "--tensor-parallel-size", "4"],
    ["/opt/ml/model", "--tensor-parallel-size=4"],
    ["/opt/ml/model", "-tp", "2", "--pipeline-parallel-size", "2"],
    ["/opt/ml/model", "-tp=1", "-dp", "4"],
])
def test_the_users_own_parallelism_is_kept_when_it_uses_all_gpus(args: list[str]) -> None:
    assert args_of(endpoint(gpus=4, args=args)) == args


@pytest.mark.parametrize("args, shown, product", [
    (["/opt/ml/model", "--tensor-parallel-size", "2"], "--tensor-parallel-size 2", 2),
    (["/opt/ml/model", "-tp=8"], "--tensor-parallel-size 8", 8),
    (["/opt/ml/model", "-tp", "2", "-pp", "1"], "--tensor-parallel-size 2 x --pipeline-parallel-size 1", 2),
])
def test_conflicting_parallelism_is_an_error(args: list[str], shown: str, product: int) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            f"endpoint 'llama': args='{shown}' is not allowed; parallel sizes that multiply to the replica's 4 "
            f"GPU(s) (gpus=4): vLLM would use {product}; drop them to get --tensor-parallel-size 4, or change gpus")):
        endpoint(gpus=4, args=args)


def test_parallel_size_must_be_a_number() -> None:
    with pytest.raises(HyperPodValidationError,
                       match=r"args\[--tensor-parallel-size\]='four' is not allowed; a whole number of at least 1"):
        endpoint(gpus=4, args=["/opt/ml/model", "--tensor-parallel-size", "four"])


def test_other_images_and_mig_slices_get_no_parallel_args() -> None:
    other = endpoint(gpus=4, image="my-registry/my-server:1", args=["serve"])
    assert args_of(other) == ["serve"]
    sliced = endpoint(instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb")
    assert args_of(sliced) == ["/opt/ml/model"]


def test_image_args_with_several_gpus_are_advised_once() -> None:
    (advice,) = endpoint(gpus=4, args=None).warnings()
    assert advice.warning_id == "Annotation::hyperpod-constructs:parallelism-unknown"
    assert advice == ("endpoint 'llama': args=None with gpus=4: the image's own command decides how many GPUs vLLM "
                      "uses (one unless it sets --tensor-parallel-size); leave args unset to get "
                      "--tensor-parallel-size 4, or pass args that set it")
    assert endpoint(gpus=1, args=None).warnings() == []
    assert endpoint(gpus=4).warnings() == []


# ---- does the model fit? ------------------------------------------------------------------------------------

def test_mig_slice_memory_comes_from_its_memory_slices() -> None:
    assert mig_slice_memory_gb("ml.p5.48xlarge", "1g.10gb") == 10
    assert mig_slice_memory_gb("ml.p5.48xlarge", "3g.40gb") == 40
    assert mig_slice_memory_gb("ml.p5.48xlarge", "7g.80gb") == 80
    assert mig_slice_memory_gb("ml.p4d.24xlarge", "1g.5gb") == 5
    assert replica_memory_gb("ml.g6.12xlarge", gpus=1) == 24
    assert replica_memory_gb("ml.m5.2xlarge", gpus=1) is None
    # Every profile's memory agrees with the GB in its name (NVIDIA rounds the name; allow 1 GB).
    for model, profiles in MIG_PROFILES.items():
        per_gpu = int(re.search(r"(\d+)GB", model).group(1))  # type: ignore[union-attr]
        for profile in profiles.values():
            assert abs(per_gpu * profile.memory_fraction - profile.memory_gb) <= 1, (model, profile.name)


@pytest.mark.parametrize("placement, accelerator, memory", [
    ({"instance_type": "ml.g6.12xlarge", "gpus": 1}, "1x L4 24GB of ml.g6.12xlarge", "24 GB, 21.6 GB usable"),
    ({"instance_type": "ml.p5.48xlarge", "accelerator_partition": "mig-1g.10gb"}, "1x mig-1g.10gb of ml.p5.48xlarge",
     "10 GB, 9.0 GB usable"),
])
def test_a_70b_model_on_one_l4_or_a_1g_slice_does_not_synthesize(placement: dict[str, Any], accelerator: str,
                                                                  memory: str) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "endpoint 'llama': model.size='70.6B parameters in bfloat16 = 141.2 GB' is not allowed; a model that fits "
            f"one replica's accelerator memory: 70.6B parameters in bfloat16 = 141.2 GB, but {accelerator} has "
            f"{memory} at GPU memory utilization 0.9, leaving no room for the KV cache; use more GPUs per replica")):
        endpoint(LLAMA_70B, **placement)


def test_every_instance_type_an_endpoint_may_use_must_fit() -> None:
    with pytest.raises(HyperPodValidationError, match=r"1x A10G 24GB of ml\.g5\.8xlarge has 24 GB"):
        endpoint(ModelSize(weight_bytes=40_000_000_000), instance_type=None,
                 instance_types=["ml.g6e.12xlarge", "ml.g5.8xlarge"])


def test_a_70b_model_fits_four_l40s_but_the_kv_cache_is_thin() -> None:
    item = endpoint(LLAMA_70B, gpus=4)
    (fit,) = item.memory_fits()
    assert fit.fits and fit.thin and fit.memory_gb == 192
    (advice,) = [note for note in item.warnings() if "KV cache" in note]
    assert advice.startswith("endpoint 'llama': 70.6B parameters in bfloat16 = 141.2 GB leaves 31.6 GB for the KV "
                             "cache on 4x L40S 48GB of ml.g6e.12xlarge (192 GB, 172.8 GB usable), under 20%")


def test_an_8b_model_on_a_3g_slice_fits_without_advice() -> None:
    item = endpoint(LLAMA_8B, instance_type="ml.p5.48xlarge", accelerator_partition="mig-3g.40gb")
    (fit,) = item.memory_fits()
    assert (fit.fits, fit.thin) == (True, False)
    assert fit.summary() == "16.1 GB weights + 19.9 GB KV of 40 GB"
    assert not [note for note in item.warnings() if "KV cache" in note]


def test_gpu_memory_utilization_in_the_args_is_honoured() -> None:
    fits = endpoint(LLAMA_8B, instance_type="ml.g6.12xlarge", gpus=1).memory_fits()[0]
    assert fits.fits and not fits.thin  # 16.1 GB of 21.6 usable
    with pytest.raises(HyperPodValidationError, match=r"24 GB, 12\.0 GB usable at GPU memory utilization 0\.5"):
        endpoint(LLAMA_8B, instance_type="ml.g6.12xlarge", gpus=1,
                 args=["/opt/ml/model", "--gpu-memory-utilization", "0.5"])
    with pytest.raises(HyperPodValidationError,
                       match=r"args\[--gpu-memory-utilization\]='90' is not allowed; a fraction in \(0, 1\]"):
        endpoint(LLAMA_8B, gpus=1, args=["/opt/ml/model", "--gpu-memory-utilization", "90"])


def test_quantized_weights_are_smaller() -> None:
    assert ModelSize(parameters=70.6e9, dtype="fp8").weight_gb == pytest.approx(70.6)
    assert ModelSize(parameters=70.6e9, dtype="int4").weight_gb == pytest.approx(35.3)
    assert ModelSize(weight_bytes=5_000_000_000).weight_gb == 5


@pytest.mark.parametrize("build, message", [
    (lambda: ModelSize(), r"^ModelSize: parameters / weight_bytes=\(None, None\) is not allowed; exactly one of "
                          r"parameters \(with dtype\) or weight_bytes"),
    (lambda: ModelSize(parameters=8e9, weight_bytes=1), r"^ModelSize: .* exactly one of parameters"),
    (lambda: ModelSize(parameters=8), r"^ModelSize: parameters=8 is not allowed; a parameter count such as 8\.03e9 "
                                      r"\(a count, not billions\)"),
    (lambda: ModelSize(parameters=8e9, dtype="bf17"), r"^ModelSize: dtype='bf17' is not allowed; one of 'float32', 'fp32', .*did you mean 'bf16'\?"),
    (lambda: ModelSize(weight_bytes=-1), r"^ModelSize: weight_bytes=-1 is not allowed; the weights' size in bytes"),
])
def test_model_size_rules(build: Callable[[], ModelSize], message: str) -> None:
    """A size checks itself when it is built, before any endpoint sees it."""
    with pytest.raises(HyperPodValidationError, match=message):
        build()


def test_model_size_must_be_a_model_size() -> None:
    with pytest.raises(HyperPodTypeError, match=re.escape(
            "S3ModelSource: size=8000000000.0 is not allowed; expected a ModelSize(...) or None, got float")):
        endpoint(8e9)  # type: ignore[arg-type]
    with pytest.raises(HyperPodTypeError, match=re.escape(
            "size=8000000000.0 is not allowed; expected a ModelSize(...) or None, got float")):
        jumpstart(size=8e9)


def test_jumpstart_model_size_is_checked_against_the_slice_or_all_gpus() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "endpoint 'llama-js': size='70.6B parameters in bfloat16 = 141.2 GB' is not allowed; a model that "
            "fits one replica's accelerator memory: 70.6B parameters in bfloat16 = 141.2 GB, but 1x mig-1g.10gb of "
            "ml.p5.48xlarge has 10 GB")):
        jumpstart(name="llama-js", model_id="meta-textgeneration-llama-3-1-70b-instruct", size=LLAMA_70B,
                  instance_type="ml.p5.48xlarge", accelerator_partition="mig-1g.10gb")
    with pytest.raises(HyperPodValidationError, match=r"but up to 1x L4 24GB of ml\.g6\.2xlarge has 24 GB"):
        jumpstart(size=LLAMA_70B, instance_type="ml.g6.2xlarge")
    (fit,) = jumpstart(size=ModelSize(parameters=1.78e9)).memory_fits()
    assert fit.summary() == "3.6 GB weights + 82.8 GB KV of up to 96 GB"
    thin = jumpstart(size=LLAMA_8B, instance_type="ml.p5.48xlarge", accelerator_partition="mig-1g.20gb")
    assert any("leaves 1.9 GB for the KV cache on 1x mig-1g.20gb" in note for note in thin.warnings())


# ---- scale-from-zero wiring -----------------------------------------------------------------------------------

def wake(**trigger: Any) -> Autoscaling:
    return Autoscaling(min_replicas=0, max_replicas=2, triggers=(
        CloudWatchTrigger.invocations_per_instance(**trigger), PrometheusTrigger.concurrent_requests()))


def test_invocations_trigger_binds_to_the_endpoints_registered_sagemaker_endpoint() -> None:
    for item in (endpoint(sagemaker_endpoint_name="llama-sme", autoscaling=wake()),
                 jumpstart(sagemaker_endpoint_name="llama-sme", autoscaling=wake())):
        (cloudwatch,) = render_endpoint(resolve_endpoint(item, VIEW))["spec"]["autoScalingSpec"]["cloudWatchTriggerList"]
        assert cloudwatch["dimensions"] == [{"name": "EndpointName", "value": "llama-sme"},
                                            {"name": "VariantName", "value": "AllTraffic"}]


def test_a_matching_explicit_name_is_accepted() -> None:
    item = endpoint(sagemaker_endpoint_name="llama-sme", autoscaling=wake(endpoint_name="llama-sme"))
    assert item.autoscaling is not None and item.autoscaling.cloudwatch_triggers[0].dimensions["EndpointName"] == "llama-sme"


@pytest.mark.parametrize("factory", [endpoint, jumpstart])
def test_a_trigger_on_another_endpoint_is_an_error(factory: Any) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "autoscaling.triggers['invocations-per-instance'].dimensions['EndpointName']='lama-sme' is not allowed; "
            "the endpoint's own SageMaker endpoint 'llama-sme' (sagemaker_endpoint_name); a different name reads "
            "another endpoint's traffic, so this one would never wake. Leave endpoint_name unset")):
        factory(sagemaker_endpoint_name="llama-sme", autoscaling=wake(endpoint_name="lama-sme"))


@pytest.mark.parametrize("trigger", [{}, {"endpoint_name": "llama-sme"}])
def test_a_trigger_without_a_registered_endpoint_is_an_error_with_advice(trigger: dict[str, Any]) -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "endpoint 'llama': autoscaling.triggers['invocations-per-instance'].dimensions['EndpointName']=") + ".*" +
            re.escape("is not allowed; a trigger on a registered SageMaker endpoint: set sagemaker_endpoint_name on "
                      "the endpoint (the operator then registers it")):
        endpoint(autoscaling=wake(**trigger))


def test_other_cloudwatch_metrics_are_not_bound() -> None:
    custom = CloudWatchTrigger(name="queue", metric_name="ApproximateNumberOfMessagesVisible", namespace="AWS/SQS",
                               dimensions={"QueueName": "requests"}, target_value=5, activation_target_value=1)
    item = endpoint(autoscaling=Autoscaling(min_replicas=0, trigger=custom))
    resolved = item.defaults.autoscaling
    assert resolved is not None and resolved.all_triggers == (custom,)


def test_a_scaled_workload_needs_the_endpoint_name_spelled_out() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "scaled workload default/router: autoscaling.triggers['invocations-per-instance'].endpoint_name=None is "
            "not allowed; the SageMaker endpoint whose metric scales this workload, passed explicitly")):
        ScaledWorkload(name="router", target_name="router", autoscaling=wake())
    ScaledWorkload(name="router", target_name="router", autoscaling=wake(endpoint_name="llama-sme"))


# ---- gated JumpStart models ------------------------------------------------------------------------------------

GATED_PROBLEM = re.escape(
    "endpoint 'llama-js': model_id='meta-textgeneration-llama-3-1-8b-instruct' is not allowed; a gated model only "
    "with a role that may download it: pass operator=InferenceOperatorOptions(jumpstart_gated_models=True) "
    "to the platform, or gated_model_role_arn=... on the endpoint; accept_eula=True alone does not grant access")
NO_GATED_ROLE = dataclasses.replace(VIEW, jumpstart_gated_models=False)


def llama_js(**overrides: Any) -> JumpStartEndpoint:
    return jumpstart(name="llama-js", model_id="meta-textgeneration-llama-3-1-8b-instruct", **overrides)


def test_a_gated_model_without_a_download_role_is_an_error() -> None:
    (problem,) = endpoint_problems(NO_GATED_ROLE, llama_js())
    assert re.match(GATED_PROBLEM, problem)


def test_a_gated_model_with_a_role_passes() -> None:
    assert endpoint_problems(VIEW, llama_js()) == []
    role = "arn:aws:iam::123456789012:role/GatedModelDownload"
    assert endpoint_problems(NO_GATED_ROLE, llama_js(gated_model_role_arn=role)) == []


def test_gated_is_declared_for_models_the_library_does_not_know() -> None:
    assert endpoint_problems(NO_GATED_ROLE, jumpstart()) == []
    (problem,) = endpoint_problems(NO_GATED_ROLE, jumpstart(gated=True))
    assert "endpoint 'deepseek': model_id='deepseek-llm-r1-distill-qwen-1-5b' is not allowed; a gated model" in problem
    assert endpoint_problems(NO_GATED_ROLE, llama_js(gated=False)) == []
    with pytest.raises(HyperPodValidationError, match=r"gated='yes' is not allowed; True, False or None"):
        jumpstart(gated="yes")


# ---- disaggregated prefill / decode sides ------------------------------------------------------------------------

def disaggregated(prefill_args: tuple[str, ...] = (), size: ModelSize | None = None, **overrides: Any) -> InferenceEndpoint:
    from hyperpod_constructs.intent.disaggregation import DisaggregatedServing, DisaggregatedWorker

    def side(args: tuple[str, ...], **extra: Any) -> DisaggregatedWorker:
        return DisaggregatedWorker(instance_type="ml.p5.48xlarge", gpus=4, efa_devices=16, args=args, **extra)

    return endpoint(size, instance_type="ml.p5.48xlarge", gpus=4, **overrides,
                    disaggregation=DisaggregatedServing(prefill=side(prefill_args), decode=side(())))


def test_each_disaggregated_side_uses_all_of_its_gpus() -> None:
    item = disaggregated()
    pd = render_endpoint(resolve_endpoint(item, VIEW))["spec"]["pdSpec"]
    assert args_of(item) == ["/opt/ml/model"]  # shared by both sides: no side's parallelism here
    assert pd["prefillSpec"]["args"] == pd["decodingSpec"]["args"] == ["--tensor-parallel-size", "4"]


def test_a_sides_conflicting_parallelism_names_the_side() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "endpoint 'llama': disaggregation.prefill.args='--tensor-parallel-size 2' is not allowed; parallel sizes "
            "that multiply to the replica's 4 GPU(s) (gpus=4)")):
        disaggregated(("--tensor-parallel-size", "2"))


def test_each_side_must_hold_the_weights() -> None:
    fits = disaggregated(size=LLAMA_70B).side_memory_fits()
    assert [(side, fit.summary()) for side, fit in fits] == [
        ("prefill", "141.2 GB weights + 146.8 GB KV of 320 GB"), ("decode", "141.2 GB weights + 146.8 GB KV of 320 GB")]
    with pytest.raises(HyperPodValidationError, match=r"but prefill: 4x H100 80GB of ml\.p5\.48xlarge has 320 GB"):
        disaggregated(size=ModelSize(parameters=405e9, dtype="bf16"))


def test_tensor_parallel_on_a_mig_slice_says_one_slice_per_pod() -> None:
    from hyperpod_constructs.intent.engine_args import parallel_args
    with pytest.raises(HyperPodValidationError) as raised:
        parallel_args(["/opt/ml/model", "--tensor-parallel-size", "2"], 0, "endpoint 'llama'")
    assert str(raised.value) == (
        "endpoint 'llama': args='--tensor-parallel-size 2' is not allowed; tensor parallel 1 on a MIG slice: a pod "
        "gets one MIG slice, and a slice cannot be split across parallel ranks (vLLM would need 2 devices); drop "
        "the parallel sizes, or run whole GPUs (gpus=2, no accelerator_partition) for tensor parallel 2")
    assert parallel_args(["/opt/ml/model", "-tp", "1"], 0, "endpoint 'llama'") == ()
