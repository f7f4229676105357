"""A model whose context cannot fit the KV cache left after its weights is refused (vLLM would not start), naming
the context that fits; a context that fits, or a size without the KV figures, passes."""
from __future__ import annotations

import pytest

from hyperpod_constructs import InferenceEndpoint, ModelSize, ModelSource
from hyperpod_constructs.errors import HyperPodValidationError

# Qwen2.5-32B: 64 layers x 8 KV heads x 128 head size x 2 (K and V) x 2 bytes (bfloat16).
QWEN_32B = ModelSize(parameters=32.8e9, context_length=32768, kv_bytes_per_token=262144)


def qwen(size: ModelSize = QWEN_32B, **fields) -> InferenceEndpoint:
    return InferenceEndpoint("qwen-32b", model=ModelSource.hugging_face("Qwen/Qwen2.5-32B-Instruct", size=size),
                             instance_type="ml.p5.48xlarge", **fields)


def test_the_default_context_that_cannot_fit_is_an_error_with_the_context_that_does() -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        qwen(gpus=1)
    assert str(raised.value) == (
        "endpoint 'qwen-32b': model.size.context_length=32768 is not allowed; a context whose KV cache fits one "
        "replica: the model's default context (size.context_length) of 32768 tokens needs 8.6 GB of KV cache for one "
        "sequence, but 32.8B parameters in bfloat16 = 65.6 GB leaves 6.4 GB on 1x H100 80GB of ml.p5.48xlarge, and "
        "vLLM refuses to start; the context that fits is 24400 tokens: add '--max-model-len', '24400' to args, or "
        "give each replica more accelerator memory (gpus=...) or a quantized model")


def test_a_max_model_len_too_long_is_named_as_the_args_value() -> None:
    with pytest.raises(HyperPodValidationError, match=r"args\[--max-model-len\]=30000 is not allowed; a context "
                                                      r"whose KV cache fits one replica: --max-model-len of 30000"):
        qwen(gpus=1, args=["/opt/ml/model", "--max-model-len", "30000"])


def test_a_context_that_fits_passes() -> None:
    qwen(gpus=1, args=["/opt/ml/model", "--max-model-len", "24400"])
    qwen(gpus=2)  # tensor parallel 2: twice the memory
    qwen(size=ModelSize(parameters=32.8e9), gpus=1)  # no KV figures: the thin-cache advice only


def test_the_kv_figures_are_positive_whole_numbers() -> None:
    with pytest.raises(HyperPodValidationError, match="kv_bytes_per_token=0 is not allowed; a positive whole number"):
        ModelSize(parameters=8e9, kv_bytes_per_token=0)
