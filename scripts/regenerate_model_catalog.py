#!/usr/bin/env python3
"""Regenerate hyperpod_constructs/catalog/model_catalog.json from the Hugging Face Hub (needs network).

For each model of the catalog (or those named with --add): the repository's commit (the revision pinned in the
catalog, or with --pin the current head of main), its config.json at that commit reduced to the fields sizing reads,
the Hub's ``gated`` flag, and the weights' size from ``model.safetensors.index.json`` (``metadata.total_size``).
Gated repositories serve their config only with a token: set HF_TOKEN to one that accepted their terms.

Usage: python scripts/regenerate_model_catalog.py [--pin] [--add ORG/MODEL ...]
The tests read the committed file only; this script is how it is refreshed (review the diff).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.request
from pathlib import Path
from typing import Any, Callable, Mapping, Optional

REPO_ROOT = Path(__file__).resolve().parents[1]
CATALOG = REPO_ROOT / "hyperpod_constructs" / "catalog" / "model_catalog.json"
HUB = "https://huggingface.co"
# The config.json fields ModelArchitecture.from_config reads; everything else (model-card prose, tokens, rope
# details) stays out of the catalog.
CONFIG_FIELDS = (
    "architectures", "model_type", "hidden_size", "intermediate_size", "moe_intermediate_size", "num_experts",
    "num_local_experts", "num_experts_per_tok", "experts_per_token", "num_hidden_layers", "num_attention_heads",
    "num_key_value_heads", "head_dim", "max_position_embeddings", "vocab_size", "tie_word_embeddings", "torch_dtype",
    "dtype")
QUANT_FIELDS = ("quant_method", "bits", "group_size")

Fetch = Callable[[str], Optional[Any]]


def reduce_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """The fields sizing reads, the language model's part of a multimodal config (``text_config``) included."""
    reduced: dict[str, Any] = {key: config[key] for key in CONFIG_FIELDS if key in config}
    if isinstance(config.get("text_config"), Mapping):
        reduced["text_config"] = {key: value for key, value in config["text_config"].items() if key in CONFIG_FIELDS}
    if isinstance(config.get("quantization_config"), Mapping):
        reduced["quantization_config"] = {key: value for key, value in config["quantization_config"].items()
                                          if key in QUANT_FIELDS}
    return reduced


def catalog_entry(model_id: str, revision: Optional[str], fetch: Fetch, pin: bool) -> dict[str, Any]:
    """One model's entry: revision, gated flag, reduced config and, where the index gives it, the weights' size."""
    info = fetch(f"{HUB}/api/models/{model_id}/revision/{revision or 'main'}")
    if not isinstance(info, Mapping):
        raise SystemExit(f"{model_id}: the Hub did not describe the repository")
    commit = revision or (info.get("sha") if pin else None)
    config = fetch(f"{HUB}/{model_id}/resolve/{commit or 'main'}/config.json")
    if not isinstance(config, Mapping):
        raise SystemExit(f"{model_id}: no config.json (a gated repository needs HF_TOKEN)")
    entry: dict[str, Any] = {"id": model_id, "revision": commit, "gated": bool(info.get("gated")),
                             "config": reduce_config(config)}
    index = fetch(f"{HUB}/{model_id}/resolve/{commit or 'main'}/model.safetensors.index.json")
    total = index.get("metadata", {}).get("total_size") if isinstance(index, Mapping) else None
    if isinstance(total, int):
        entry["size_on_disk_bytes"] = total
    return entry


def hub_fetch(url: str) -> Optional[Any]:
    """GET a JSON document from the Hub (None on 404), with HF_TOKEN when set."""
    request = urllib.request.Request(url, headers={"User-Agent": "hyperpod-constructs model catalog"})
    token = os.environ.get("HF_TOKEN")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


def main(argv: Optional[list[str]] = None, fetch: Fetch = hub_fetch) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pin", action="store_true", help="pin models without a revision to main's current commit")
    parser.add_argument("--add", nargs="+", default=[], metavar="ORG/MODEL", help="models to add to the catalog")
    args = parser.parse_args(argv)
    data = json.loads(CATALOG.read_text())
    known = {entry["id"]: entry for entry in data["models"]}
    models = [(model_id, entry.get("revision")) for model_id, entry in known.items()]
    models += [(model_id, None) for model_id in args.add if model_id not in known]
    data["models"] = [catalog_entry(model_id, revision, fetch, args.pin or model_id in args.add)
                      for model_id, revision in models]
    data["sources"]["size_on_disk_bytes"] = "model.safetensors.index.json metadata.total_size at the revision"
    CATALOG.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {len(data['models'])} models to {CATALOG.relative_to(REPO_ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
