"""python -m hyperpod_constructs.size --json against sizes worked out by hand (docs/presets.md, "The memory model").

Each case writes the arithmetic out with the model's figures typed from its config.json (layers, KV heads, head
dimension, hidden size) and its weights, so a wrong catalog entry, tensor-parallel choice or formula shows here.
Per replica: usable = memory x 0.9; reserved = GPUs x (1.5 GB + 2048 tokens x hidden x 40 B); pool = usable -
weights - reserved; KV tokens = pool / (KV bytes per token x replication), down to 16-token blocks.
"""
from __future__ import annotations

import io
import os
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hyperpod_constructs.size.command import main
from support import run_command

GIB = 2 ** 30


def activations(hidden: int) -> float:
    return 2048 * hidden * 40 / 1e9


@dataclass(frozen=True)
class Hand:
    """One (model, instance type, context) case, computed by hand."""

    model: str
    instance_type: str
    accelerator: str
    memory_gb: float  # the replica's accelerator memory
    gpus: int
    weights_gb: float
    hidden: int
    kv_bytes_per_token: int
    context: int
    concurrency: int = 1
    replication: int = 1

    @property
    def pool_gb(self) -> float:
        return self.memory_gb * 0.9 - self.weights_gb - self.gpus * (1.5 + activations(self.hidden))

    @property
    def tokens(self) -> int:
        whole = max(int(self.pool_gb * 1e9 // (self.kv_bytes_per_token * self.replication)), 0)
        return whole - whole % 16

    @property
    def needed_gb(self) -> float:
        return self.concurrency * self.context * self.kv_bytes_per_token * self.replication / 1e9

    def expected(self) -> dict[str, Any]:
        fits = self.pool_gb > 0 and self.pool_gb >= self.needed_gb
        per_sequence = self.tokens // self.concurrency
        return {"instance_type": self.instance_type, "accelerator": self.accelerator, "gpus_per_replica": self.gpus,
                "fits": fits, "shortfall_gb": 0.0 if fits else round(self.needed_gb - self.pool_gb, 2),
                "max_model_len": min(self.context, per_sequence - per_sequence % 16), "kv_cache_tokens": self.tokens,
                "usd_per_hour": None}


LLAMA_8B_KV = 2 * 32 * 8 * 128 * 2  # 32 layers, 8 KV heads, head dim 128, bfloat16
QWEN3_8B_KV = 2 * 36 * 8 * 128 * 2
QWEN3_8B_WEIGHTS = (151936 * 4096 * 2 + 36 * (2 * 4096 * 32 * 128 + 2 * 4096 * 8 * 128 + 3 * 4096 * 12288)) * 2 / 1e9
QWEN3_30B_A3B_WEIGHTS = (151936 * 2048 * 2 + 48 * (2 * 2048 * 32 * 128 + 2 * 2048 * 4 * 128 + 128 * 3 * 2048 * 768
                                                    + 2048 * 128)) * 2 / 1e9
GPT_OSS_120B_EXPERTS = 36 * 128 * 3 * 2880 * 2880  # MXFP4: 4.25 bits each; everything else bfloat16
GPT_OSS_120B_REST = 201088 * 2880 * 2 + 36 * (2 * 2880 * 64 * 64 + 2 * 2880 * 8 * 64 + 2880 * 128)
MIXTRAL_8X7B_WEIGHTS = (32000 * 4096 * 2 + 32 * (2 * 4096 * 32 * 128 + 2 * 4096 * 8 * 128 + 8 * 3 * 4096 * 14336
                                                 + 4096 * 8)) * 2 / 1e9

CASES = {
    # Llama 3.1 8B on one A10G at 8k: fits, three sequences of 8,192 in 28,224 tokens.
    "llama-8b-a10g-8k": Hand("meta-llama/Llama-3.1-8B-Instruct", "ml.g5.xlarge", "gpu", 24, 1, 14.96 * GIB / 1e9,
                             4096, LLAMA_8B_KV, 8192),
    # ... at its full 131,072 tokens: 17.2 GB of KV needed, 3.7 GB left.
    "llama-8b-a10g-128k": Hand("meta-llama/Llama-3.1-8B-Instruct", "ml.g5.xlarge", "gpu", 24, 1, 14.96 * GIB / 1e9,
                               4096, LLAMA_8B_KV, 131072),
    # A MIG misfit: Qwen3 8B's 16.4 GB of weights on a 10 GB slice.
    "qwen3-8b-mig-1g": Hand("Qwen/Qwen3-8B", "ml.p5.48xlarge", "mig-1g.10gb", 10, 1, QWEN3_8B_WEIGHTS, 4096,
                            QWEN3_8B_KV, 32768),
    # ... on a 3g.40gb slice: four sequences of 16k fit.
    "qwen3-8b-mig-3g": Hand("Qwen/Qwen3-8B", "ml.p5.48xlarge", "mig-3g.40gb", 40, 1, QWEN3_8B_WEIGHTS, 4096,
                            QWEN3_8B_KV, 16384, concurrency=4),
    # A MoE: Qwen3 30B-A3B (61 GB) on an L40S instance needs two GPUs.
    "qwen3-30b-a3b-l40s": Hand("Qwen/Qwen3-30B-A3B", "ml.g6e.12xlarge", "gpu", 96, 2, QWEN3_30B_A3B_WEIGHTS, 2048,
                               2 * 48 * 4 * 128 * 2, 40960, concurrency=2),
    # A quantized MoE: gpt-oss-120b (MXFP4 experts) on H100s; one GPU holds the weights, not four 131k sequences.
    "gpt-oss-120b-h100": Hand("openai/gpt-oss-120b", "ml.p5.48xlarge", "gpu", 160, 2,
                              (GPT_OSS_120B_EXPERTS * 4.25 / 8 + GPT_OSS_120B_REST * 2) / 1e9, 2880,
                              2 * 36 * 8 * 64 * 2, 131072, concurrency=4),
    # A quantized dense model: Qwen3 8B AWQ (5.68 GiB published) on one L4 at its full 40,960 tokens.
    "qwen3-8b-awq-l4": Hand("Qwen/Qwen3-8B-AWQ", "ml.g6.xlarge", "gpu", 24, 1, 5.68 * GIB / 1e9, 4096, QWEN3_8B_KV,
                            40960),
    # Llama 3.3 70B on A100 40GB: four GPUs are short of the weights, eight fit eight 8k sequences.
    "llama-70b-a100": Hand("meta-llama/Llama-3.3-70B-Instruct", "ml.p4d.24xlarge", "gpu", 320, 8, 131.42 * GIB / 1e9,
                           8192, 2 * 80 * 8 * 128 * 2, 8192, concurrency=8),
    # ... on four L40S at 131,072 tokens: the most GPUs the instance has, short, and the context that fits.
    "llama-70b-l40s-128k": Hand("meta-llama/Llama-3.3-70B-Instruct", "ml.g6e.12xlarge", "gpu", 192, 4,
                                131.42 * GIB / 1e9, 8192, 2 * 80 * 8 * 128 * 2, 131072),
    # A MoE on one H200.
    "mixtral-8x7b-h200": Hand("mistralai/Mixtral-8x7B-Instruct-v0.1", "ml.p5e.48xlarge", "gpu", 141, 1,
                              MIXTRAL_8X7B_WEIGHTS, 4096, 2 * 32 * 8 * 128 * 2, 32768),
    # Phi-4's 40 heads and 10 KV heads allow 1 or 2 GPUs, never 4: two A10G hold two 16k sequences.
    "phi-4-a10g": Hand("microsoft/phi-4", "ml.g5.12xlarge", "gpu", 48, 2, 27.31 * GIB / 1e9, 5120,
                       2 * 40 * 10 * 128 * 2, 16384, concurrency=2),
    # A MIG misfit by a little: Gemma 3 27B (51.1 GiB) on a whole-GPU slice at 32k.
    "gemma-3-27b-mig-7g": Hand("google/gemma-3-27b-it", "ml.p5.48xlarge", "mig-7g.80gb", 80, 1, 51.10 * GIB / 1e9,
                               5376, 2 * 62 * 16 * 128 * 2, 32768),
}


def size_json(*argv: str) -> list[dict[str, Any]]:
    out, err = io.StringIO(), io.StringIO()
    assert main([*argv, "--json"], stdout=out, stderr=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def row(rows: list[dict[str, Any]], accelerator: str) -> dict[str, Any]:
    (found,) = [each for each in rows if each["accelerator"] == accelerator]
    return found


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_json_matches_the_hand_computation(case: Hand) -> None:
    rows = size_json("--model", case.model, "--max-model-len", str(case.context), "--concurrency",
                     str(case.concurrency), "--instance-types", case.instance_type)
    assert row(rows, case.accelerator) == case.expected()


def test_the_hand_figures_of_three_cases() -> None:
    """The arithmetic above, to the token: so a change to both sides at once still shows."""
    assert CASES["llama-8b-a10g-8k"].expected() | {} == {
        "instance_type": "ml.g5.xlarge", "accelerator": "gpu", "gpus_per_replica": 1, "fits": True,
        "shortfall_gb": 0.0, "max_model_len": 8192, "kv_cache_tokens": 28224, "usd_per_hour": None}
    assert CASES["qwen3-8b-mig-1g"].expected()["shortfall_gb"] == 14.05  # 9 - 16.38 - 1.84 = -9.22, + 4.83 of KV
    assert CASES["llama-70b-l40s-128k"].expected()["max_model_len"] == 70192  # (172.8 - 141.11 - 8.68) GB / 327680 B


def test_the_cases_cover_what_the_issue_asks() -> None:
    fits = {name: case.expected()["fits"] for name, case in CASES.items()}
    assert len(CASES) >= 10
    assert not fits["qwen3-8b-mig-1g"] and not fits["gemma-3-27b-mig-7g"]  # MIG misfits
    assert fits["qwen3-30b-a3b-l40s"] and fits["mixtral-8x7b-h200"]  # MoE
    assert fits["qwen3-8b-awq-l4"] and fits["gpt-oss-120b-h100"]  # quantized


def test_a_json_row_has_exactly_the_documented_keys() -> None:
    rows = size_json("--model", "Qwen/Qwen3-8B", "--instance-types", "ml.p5.48xlarge")
    assert {tuple(each) for each in rows} == {("instance_type", "accelerator", "gpus_per_replica", "fits",
                                               "shortfall_gb", "max_model_len", "kv_cache_tokens", "usd_per_hour")}
    assert [each["accelerator"] for each in rows if not each["fits"]] == [
        "mig-1g.10gb", "mig-1g.20gb", "mig-2g.20gb"]  # every profile of the H100 is listed, misfits last


def test_default_sizes_every_gpu_type_and_profile() -> None:
    rows = size_json("--model", "meta-llama/Llama-3.2-1B-Instruct")
    types = {each["instance_type"] for each in rows}
    assert "ml.trn1.32xlarge" not in types and "ml.m5.2xlarge" not in types  # no CUDA GPUs
    assert {"ml.g5.xlarge", "ml.p6-b300.48xlarge", "ml.p4d.24xlarge"} <= types
    assert len([each for each in rows if each["instance_type"] == "ml.p4d.24xlarge"]) == 1 + 6  # whole GPUs + MIG


def test_prices_fill_usd_per_hour(tmp_path: Path) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"format": 1, "instances": {"ml.g6e.xlarge": {"usd_per_hour": 2.5}}}))
    rows = size_json("--model", "Qwen/Qwen3-4B", "--instance-types", "ml.g6e.xlarge", "ml.g5.xlarge",
                     "--prices", str(prices))
    assert {each["instance_type"]: each["usd_per_hour"] for each in rows} == {"ml.g6e.xlarge": 2.5,
                                                                              "ml.g5.xlarge": None}


def test_a_model_outside_the_catalog_is_sized_from_its_config(tmp_path: Path) -> None:
    """The catalog's Llama 3.1 8B config written as a repository has it, with a safetensors index: the same row."""
    folder = tmp_path / "my-llama"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({
        "architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "intermediate_size": 14336,
        "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
        "max_position_embeddings": 131072, "vocab_size": 128256, "torch_dtype": "bfloat16"}))
    (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {"total_size": round(14.96 * GIB)}}))
    mine = size_json("--model", str(folder), "--max-model-len", "8192", "--instance-types", "ml.g5.xlarge")
    assert mine == [CASES["llama-8b-a10g-8k"].expected()]
    # without the index the weights follow from the config: 8.03e9 parameters x 2 bytes
    (folder / "model.safetensors.index.json").unlink()
    derived = size_json("--model", str(folder / "config.json"), "--max-model-len", "8192",
                        "--instance-types", "ml.g5.xlarge")
    weights = (128256 * 4096 * 2 + 32 * (2 * 4096 * 32 * 128 + 2 * 4096 * 8 * 128 + 3 * 4096 * 14336)) * 2 / 1e9
    assert derived == [Hand("mine", "ml.g5.xlarge", "gpu", 24, 1, weights, 4096, LLAMA_8B_KV, 8192).expected()]


def test_table_names_the_model_and_each_candidate() -> None:
    out = io.StringIO()
    assert main(["--model", "openai/gpt-oss-20b", "--instance-types", "ml.g6e.xlarge"], stdout=out) == 0
    text = out.getvalue()
    assert text.startswith("openai/gpt-oss-20b: 20.9B parameters (4.2B active), 13.7 GB weights "
                           "(mxfp4 experts + bfloat16, derived from config.json), 49152 KV bytes per token")
    assert "ml.g6e.xlarge" in text.splitlines()[-1]


def test_list_names_every_catalog_model() -> None:
    out = io.StringIO()
    assert main(["--list"], stdout=out) == 0
    assert len(out.getvalue().splitlines()) >= 25


# ---- bad input: exit 2, one line naming the value and what is allowed ----------------------------------------

@pytest.mark.parametrize(("argv", "message"), [
    (["--model", "Qwen/Qwen3-8X"], "--model='Qwen/Qwen3-8X' is not allowed; a model of the catalog (did you mean "
                                   "'Qwen/Qwen3-8B'"),
    (["--model", "Qwen/Qwen3-8B", "--instance-types", "ml.p5.48xl"],
     "--instance-types 'ml.p5.48xl': not a HyperPod instance type; did you mean 'ml.p5.48xlarge'"),
    (["--model", "Qwen/Qwen3-8B", "--instance-types", "ml.m5.2xlarge"],
     "--instance-types 'ml.m5.2xlarge': not an instance type with NVIDIA GPUs"),
    (["--model", "Qwen/Qwen3-8B", "--max-model-len", "50000"],
     "--max-model-len=50000 is not allowed; a context of 16 to 40960 tokens (Qwen/Qwen3-8B's max_position_embeddings)"),
    (["--model", "Qwen/Qwen3-8B", "--concurrency", "0"],
     "--concurrency=0 is not allowed; a number of concurrent sequences, 1 or more"),
    (["--model", "missing/config.json"], "model config missing/config.json: path='missing/config.json' is not "
                                         "allowed; an existing config.json, or a folder holding one"),
])
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, stdout=out, stderr=err) == 2
    assert message in err.getvalue() and err.getvalue().count("\n") == 1 and out.getvalue() == ""


def test_a_bad_price_file_exits_2(tmp_path: Path) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text("{")
    err = io.StringIO()
    assert main(["--model", "Qwen/Qwen3-8B", "--prices", str(prices)], stderr=err) == 2
    assert "content=" in err.getvalue() and "JSON as written by python -m hyperpod_constructs.prices" in err.getvalue()




def test_the_module_runs_as_a_user_runs_it(tmp_path: Path) -> None:
    """``python -m hyperpod_constructs.size`` in a process: JSON on standard output, one line and exit 2 for a bad
    name, no credentials or network in the environment."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
    ok = run_command("size", "--model", "openai/gpt-oss-20b", "--instance-types", "ml.g6e.xlarge", "--json",
                     cwd=tmp_path, env=env)
    assert ok.returncode == 0 and json.loads(ok.stdout)[0]["fits"] is True, ok.stderr
    bad = run_command("size", "--model", "openai/gpt-oss-21b", cwd=tmp_path, env=env)
    assert (bad.returncode, bad.stdout, bad.stderr.count("\n")) == (2, "", 1)
    assert "did you mean 'openai/gpt-oss-20b'" in bad.stderr
