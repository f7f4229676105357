"""The model catalog and the config.json reader: the facts agree with what the repositories publish, and a config
the reader cannot size is refused naming the field."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hyperpod_constructs import HyperPodValidationError, ModelArchitecture, catalog_model, model_from_config
from hyperpod_constructs.catalog.model_catalog import CATALOG_FILE, find_model, model_catalog
from support import REPO_ROOT

LLAMA_8B: dict[str, Any] = {
    "architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "max_position_embeddings": 131072, "vocab_size": 128256,
    "torch_dtype": "bfloat16"}


def test_the_catalog_covers_the_families_the_issue_names() -> None:
    ids = list(model_catalog())
    assert len(ids) >= 25
    for family in ("meta-llama/Llama-3.1-", "meta-llama/Llama-3.3-", "Qwen/Qwen3-8B", "Qwen/Qwen3-30B-A3B",
                   "deepseek-ai/DeepSeek-R1-Distill-", "openai/gpt-oss-", "mistralai/Mistral-", "mistralai/Mixtral-",
                   "google/gemma-3-", "microsoft/phi-4"):
        assert any(model_id.startswith(family) for model_id in ids), family


def test_every_entry_says_where_its_facts_come_from() -> None:
    data = json.loads(CATALOG_FILE.read_text())
    assert {"config", "gated"} <= set(data["sources"])
    assert {key for entry in data["models"] for key in entry if key.startswith("size_")} <= set(data["sources"])
    for entry in data["models"]:
        assert entry["revision"] is None or re.fullmatch(r"[0-9a-f]{40}", entry["revision"]), entry["id"]
        assert isinstance(entry["gated"], bool), entry["id"]
        assert "hidden_size" in entry["config"] or "hidden_size" in entry["config"]["text_config"]


def test_the_facts_agree_with_another_projects_reading_of_the_same_configs() -> None:
    """KAITO's model catalog records hidden size, layers, heads, KV heads, token limit (and head dim) from the same
    config.json files (tests/data/model_catalog/kaito_facts.json, with its source commit): ours agree field by
    field."""
    data = json.loads((REPO_ROOT / "tests" / "data" / "model_catalog" / "kaito_facts.json").read_text())
    assert len(data["models"]) >= 10
    for theirs in data["models"]:
        ours = catalog_model(theirs["id"]).architecture  # type: ignore[union-attr]
        assert (ours.hidden_size, ours.num_layers, ours.num_attention_heads, ours.num_kv_heads, ours.max_context) == (
            theirs["hidden_size"], theirs["num_hidden_layers"], theirs["num_attention_heads"],
            theirs["num_key_value_heads"], theirs["max_position_embeddings"]), theirs["id"]
        assert ours.head_dim == theirs.get("head_dim", ours.hidden_size // ours.num_attention_heads), theirs["id"]
    # gpt-oss's files hold the weights twice (the checkpoint and an original/ copy): half is what the engine loads
    gpt_oss = next(entry for entry in data["models"] if entry["id"] == "openai/gpt-oss-20b")
    derived = catalog_model("openai/gpt-oss-20b").weight_bytes / 2 ** 30  # type: ignore[union-attr]
    assert derived == pytest.approx(gpt_oss["file_size_gib"] / 2, rel=0.01)


def test_derived_weights_agree_with_the_published_file_sizes() -> None:
    """Where the files' size is recorded, the size the config implies is within 1% (text models) or short by at most
    a vision tower's 0.9 GB (Gemma 3): the recorded architecture facts are the published ones."""
    recorded = [facts for facts in model_catalog().values() if facts.size_on_disk_bytes is not None]
    assert len(recorded) >= 8
    for facts in recorded:
        derived, published = facts.architecture.weight_bytes / 1e9, facts.size_on_disk_bytes / 1e9  # type: ignore[operator]
        if facts.model_id.startswith("google/gemma-3"):
            assert 0 < published - derived <= 0.9, facts.model_id
        else:
            assert abs(derived - published) / published < 0.01, (facts.model_id, derived, published)


@pytest.mark.parametrize(("model_id", "total", "active"), [
    ("meta-llama/Llama-3.1-8B-Instruct", 8.03, 8.03),
    ("meta-llama/Llama-3.3-70B-Instruct", 70.6, 70.6),
    ("Qwen/Qwen3-30B-A3B", 30.5, 3.3),
    ("Qwen/Qwen3-235B-A22B", 235, 22),
    ("mistralai/Mixtral-8x7B-Instruct-v0.1", 46.7, 12.9),
    ("mistralai/Mixtral-8x22B-Instruct-v0.1", 141, 39),
    ("openai/gpt-oss-120b", 117, 5.1 + 0.58),  # the published 5.1B leaves out the input embedding (201088 x 2880)
    ("microsoft/phi-4", 14.7, 14.7),
])
def test_parameters_follow_from_the_config(model_id: str, total: float, active: float) -> None:
    architecture = catalog_model(model_id).architecture  # type: ignore[union-attr]
    assert architecture.parameters / 1e9 == pytest.approx(total, rel=0.02)
    assert architecture.active_parameters / 1e9 == pytest.approx(active, rel=0.03)


def test_head_dim_is_read_where_the_config_gives_it() -> None:
    """Qwen3 32B: 5120 / 64 heads would be 80, its config says 128 (and so does its KV cache)."""
    qwen = catalog_model("Qwen/Qwen3-32B").architecture  # type: ignore[union-attr]
    assert (qwen.head_dim, qwen.kv_bytes_per_token) == (128, 2 * 64 * 8 * 128 * 2)
    gemma = catalog_model("google/gemma-3-4b-it").architecture  # type: ignore[union-attr]
    assert (gemma.num_layers, gemma.head_dim, gemma.max_context) == (34, 256, 131072)  # from text_config


def test_ids_match_ignoring_case_and_a_path_reads_a_config(tmp_path: Path) -> None:
    assert find_model("qwen/qwen3-8b", "here").model_id == "Qwen/Qwen3-8B"
    (tmp_path / "config.json").write_text(json.dumps(LLAMA_8B))
    facts = find_model(str(tmp_path), "here")
    assert (facts.model_id, facts.architecture.parameters, facts.weights_source) == (
        tmp_path.name, 8_030_261_248 - 266_240, "derived from config.json")  # published count less the norms


def test_tensor_parallel_follows_vllms_head_rules() -> None:
    phi = catalog_model("microsoft/phi-4").architecture  # type: ignore[union-attr]  # 40 heads, 10 KV heads
    assert [size for size in (1, 2, 4, 5, 8, 10, 20) if phi.tensor_parallel_ok(size)] == [1, 2, 5, 10, 20]
    qwen_moe = catalog_model("Qwen/Qwen3-30B-A3B").architecture  # type: ignore[union-attr]  # 4 KV heads
    assert qwen_moe.tensor_parallel_ok(8) and qwen_moe.kv_replication(8) == 2


# ---- a config the reader refuses ----------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "message"), [
    ({"hidden_size": None}, "hidden_size=None is not allowed; the field 'hidden_size' in config.json"),
    ({"num_hidden_layers": 0}, "num_hidden_layers=0 is not allowed; a positive whole number"),
    ({"num_key_value_heads": 5}, "num_key_value_heads=5 is not allowed; a divisor of num_attention_heads (32)"),
    ({"torch_dtype": "int8"}, "torch_dtype='int8' is not allowed; one of ['bfloat16', 'float16', 'float32']"),
    ({"quantization_config": {"quant_method": "bitsandbytes"}},
     "quantization_config.quant_method='bitsandbytes' is not allowed; one of awq, gptq, fp8, mxfp4"),
    ({"quantization_config": {"quant_method": "awq", "bits": 5}},
     "quantization_config.bits=5 is not allowed; 2, 3, 4 or 8"),
    ({"quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 0}},
     "quantization_config.group_size=0 is not allowed; a positive whole number"),
])
def test_a_config_it_cannot_size_is_refused(change: dict[str, Any], message: str) -> None:
    config = {key: value for key, value in {**LLAMA_8B, **change}.items() if value is not None}
    with pytest.raises(HyperPodValidationError, match=re.escape(message)):
        ModelArchitecture.from_config(config, "my config")


def test_a_config_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape("content='list' is not allowed; a JSON object")):
        ModelArchitecture.from_config([], "my config")  # type: ignore[arg-type]


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text("{")
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "content='line 1: Expecting property name enclosed in double quotes' is not allowed; JSON, as a model "
            "repository's config.json")):
        model_from_config(path)


def test_a_safetensors_index_without_a_size_is_refused(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(json.dumps(LLAMA_8B))
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}}))
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "metadata.total_size=None is not allowed; the weights' size in bytes, a positive whole number")):
        model_from_config(tmp_path)


def test_an_unknown_model_names_the_closest() -> None:
    with pytest.raises(HyperPodValidationError, match=re.escape(
            "model='meta-llama/Llama-3.1-8B-Instrct' is not allowed; a model of the catalog (did you mean "
            "'meta-llama/Llama-3.1-8B-Instruct'")):
        find_model("meta-llama/Llama-3.1-8B-Instrct", "here")


def test_the_regeneration_script_keeps_only_the_fields_sizing_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """scripts/regenerate_model_catalog.py against answers shaped as the Hub gives them (no network): the pinned
    revision, the gated flag, the reduced config and the index's size; what it writes reads back as the same model."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("regenerate", REPO_ROOT / "scripts" / "regenerate_model_catalog.py")
    script = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(script)  # type: ignore[union-attr]
    sha = "a" * 40
    answers = {
        f"{script.HUB}/api/models/org/m/revision/main": {"sha": sha, "gated": "auto"},
        f"{script.HUB}/org/m/resolve/{sha}/config.json": {**LLAMA_8B, "rope_scaling": {"factor": 8.0},
                                                          "bos_token_id": 1},
        f"{script.HUB}/org/m/resolve/{sha}/model.safetensors.index.json": {"metadata": {"total_size": 16_060_522_496}},
    }
    entry = script.catalog_entry("org/m", None, answers.get, pin=True)
    assert entry == {"id": "org/m", "revision": sha, "gated": True, "config": LLAMA_8B,
                     "size_on_disk_bytes": 16_060_522_496}
    catalog = tmp_path / "model_catalog.json"
    catalog.write_text(json.dumps({"format": 1, "sources": {}, "models": []}))
    monkeypatch.setattr(script, "CATALOG", catalog)
    monkeypatch.setattr(script, "REPO_ROOT", tmp_path)
    assert script.main(["--add", "org/m"], fetch=answers.get) == 0
    from hyperpod_constructs.catalog.model_catalog import _facts
    (written,) = json.loads(catalog.read_text())["models"]
    facts = _facts(written)
    assert (facts.revision, facts.gated, facts.weight_bytes) == (sha, True, 16_060_522_496)
