"""``python -m hyperpod_constructs.size``: per instance type and MIG profile, whether a model fits one replica.

    python -m hyperpod_constructs.size --model Qwen/Qwen3-8B --max-model-len 32768 --concurrency 4
    python -m hyperpod_constructs.size --model ./my-model/config.json --instance-types ml.g6e.12xlarge --json

No credentials and no network: the model comes from the catalog or its own config.json, prices from a price file
(``--prices``, written by ``python -m hyperpod_constructs.prices``). Exit status: 0 printed, 2 a usage error (an
unknown model or instance type, a bad number or price file), one line on standard error.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence, TextIO

from ..catalog.instance_types import instance_type, unknown_instance_type_hint
from ..catalog.model_catalog import find_model, model_catalog
from ..errors import HyperPodValidationError
from ..prices.model import Prices
from ..sizing.fit import Candidate, SizingRequest, candidates

PROG = "python -m hyperpod_constructs.size"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Size a model for HyperPod: per instance type and MIG "
                                     "profile, whether one replica fits, its GPUs, context and KV cache.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--model", help="a catalog model id (e.g. meta-llama/Llama-3.1-8B-Instruct) or the path of a "
                                      "model's config.json (or its folder)")
    what.add_argument("--list", action="store_true", help="list the catalog's models and exit")
    parser.add_argument("--max-model-len", type=int, help="tokens per sequence (default: the model's own maximum)")
    parser.add_argument("--concurrency", type=int, default=1, help="sequences served at once (default 1)")
    parser.add_argument("--instance-types", nargs="+", metavar="TYPE",
                        help="HyperPod instance types to size on (default: every GPU type the catalog knows)")
    parser.add_argument("--prices", help="a price file (python -m hyperpod_constructs.prices) for usd_per_hour")
    parser.add_argument("--json", action="store_true", help="print a JSON list, one object per candidate")
    return parser


def main(argv: Optional[Sequence[str]] = None, *, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr) -> int:
    args = _parser().parse_args(argv)
    if args.list:
        for model_id, facts in model_catalog().items():
            stdout.write(f"{model_id}  {facts.architecture.parameters / 1e9:.1f}B {facts.architecture.weights_format}\n")
        return 0
    for name in args.instance_types or ():
        if instance_type(name) is None or not instance_type(name).has_gpu:  # type: ignore[union-attr]
            allowed = (unknown_instance_type_hint(name) if instance_type(name) is None
                       else "an instance type with NVIDIA GPUs (vLLM's CUDA engine)")
            stderr.write(f"--instance-types {name!r}: not {allowed}\n")
            return 2
    try:
        model = find_model(args.model, PROG, "--model")
        request = SizingRequest.of(model, args.max_model_len, args.concurrency, PROG,
                                   ("--max-model-len", "--concurrency"))
        prices = Prices.from_file(args.prices) if args.prices else None
    except HyperPodValidationError as error:
        stderr.write(f"{error}\n")
        return 2
    found = candidates(request, args.instance_types, prices)
    if args.json:
        stdout.write(json.dumps([each.as_json() for each in found], indent=2) + "\n")
    else:
        stdout.write(render(request, found))
    return 0


def render(request: SizingRequest, found: Sequence[Candidate]) -> str:
    """The table: one row per candidate, after the model's facts."""
    model, architecture = request.model, request.model.architecture
    lines = [f"{model.model_id}: {architecture.parameters / 1e9:.1f}B parameters"
             + (f" ({architecture.active_parameters / 1e9:.1f}B active)" if architecture.is_moe else "")
             + f", {model.weight_bytes / 1e9:.1f} GB weights ({architecture.weights_format}, {model.weights_source}), "
             f"{architecture.kv_bytes_per_token} KV bytes per token; {request.concurrency} sequence(s) of "
             f"{request.max_model_len} tokens", "",
             f"{'instance type':<24}{'accelerator':<16}{'GPUs':>5}  {'fits':<5}{'short GB':>9}{'context':>9}"
             f"{'KV tokens':>11}{'seqs':>6}{'USD/h':>10}"]
    for each in found:
        price = f"{each.usd_per_hour:.2f}" if each.usd_per_hour is not None else "-"
        lines.append(f"{each.instance_type:<24}{each.accelerator:<16}{each.gpus_per_replica:>5}  "
                     f"{'yes' if each.fits else 'no':<5}{each.shortfall_gb:>9.1f}{each.max_model_len:>9}"
                     f"{each.kv_cache_tokens:>11}{each.sequences:>6}{price:>10}")
    return "\n".join(lines) + "\n"
