"""The request path at synth: what each hop a request takes expects, read once from the resolved records.

A model server answers only what its arguments say: vLLM serves the model at its positional path (or ``--model``)
under that path's name unless ``--served-model-name`` names it otherwise, listens on ``--port`` (8000), and loads
LoRA adapters only with ``--enable-lora`` and ``--lora-modules name=path``. The gateway's scheduler forwards a
request naming ``model_name`` (or one of its ``lora_adapters``) to the pods its ``model_selector`` selects on
``target_port``. The rules in ``rules/request_path.py`` compare the two; what only a running engine can show (the
weights' own config, a tokenizer, an adapter's files) is left to it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional, Sequence

from ..intent.endpoint import OPERATOR_MOUNT_PATH, looks_like_vllm
from ..intent.engine_args import arg_value
from .platform_model import ResolvedEndpoint
from .records import CustomSpec, Pairs

VLLM_PORT = 8000  # vLLM's --port default
SERVED_MODEL_NAME = ("--served-model-name",)
MODEL = ("--model",)
PORT = ("--port",)
ENABLE_LORA = "--enable-lora"
LORA_MODULES = ("--lora-modules",)
MAX_LORAS = ("--max-loras",)
MAX_MODEL_LEN = ("--max-model-len",)


@dataclass(frozen=True)
class LoraModule:
    """One ``--lora-modules`` entry: the adapter's name (what requests carry) and its path."""

    name: str
    path: str
    base_model_name: Optional[str] = None


@dataclass(frozen=True)
class EngineView:
    """What a vLLM server of an endpoint answers, from its arguments."""

    model_path: Optional[str]
    """The positional model (or ``--model``); None when the args name none."""
    mount_path: str
    """Where the operator mounts the model volume."""
    served_names: tuple[str, ...]
    """The names requests may carry: ``--served-model-name``'s, else the model path."""
    port: int
    """``--port``, else vLLM's 8000."""
    lora_enabled: bool
    lora_modules: tuple[LoraModule, ...]
    max_loras: Optional[int]
    max_model_len: Optional[int]

    @property
    def adapter_names(self) -> tuple[str, ...]:
        return tuple(module.name for module in self.lora_modules)


def option_values(args: Sequence[str], names: Sequence[str]) -> tuple[str, ...]:
    """Every value of a many-valued option (``--x a b`` or ``--x=a``), over all of its occurrences."""
    values: list[str] = []
    for index, arg in enumerate(args):
        name, equals, value = arg.partition("=")
        if name not in names:
            continue
        if equals:
            values.append(value)
            continue
        for following in args[index + 1:]:
            if following.startswith("-"):
                break
            values.append(following)
    return tuple(values)


def _positional_model(args: Sequence[str]) -> Optional[str]:
    # `vllm serve <model>`: the operator's worker runs the image's entrypoint with these args, model first.
    if args and not args[0].startswith("-"):
        return args[0]
    return arg_value(args, MODEL)


def _lora_module(raw: str) -> LoraModule:
    if raw.lstrip().startswith("{"):  # vLLM also takes {"name": ..., "path": ..., "base_model_name": ...}
        try:
            loaded = json.loads(raw)
        except ValueError:
            loaded = {}
        return LoraModule(str(loaded.get("name", raw)), str(loaded.get("path", "")), loaded.get("base_model_name"))
    name, _, path = raw.partition("=")
    return LoraModule(name, path)


def _int(raw: Optional[str]) -> Optional[int]:
    return int(raw) if raw is not None and raw.isdigit() else None


def engine_view(endpoint: ResolvedEndpoint) -> Optional[EngineView]:
    """The vLLM server's view of an endpoint, or None when it cannot be read at synth (a JumpStart model, an image
    that is not vLLM, ``args=None`` keeping the image's own command)."""
    spec = endpoint.spec
    if not isinstance(spec, CustomSpec) or spec.args is None or not looks_like_vllm(spec.image):
        return None
    args = spec.args
    model_path = _positional_model(args)
    served = option_values(args, SERVED_MODEL_NAME) or ((model_path,) if model_path else ())
    return EngineView(
        model_path=model_path, mount_path=spec.model_mount_path or OPERATOR_MOUNT_PATH, served_names=served,
        port=_int(arg_value(args, PORT)) or VLLM_PORT, lora_enabled=ENABLE_LORA in args,
        lora_modules=tuple(_lora_module(raw) for raw in option_values(args, LORA_MODULES)),
        max_loras=_int(arg_value(args, MAX_LORAS)), max_model_len=_int(arg_value(args, MAX_MODEL_LEN)))


def selected_endpoint(selector: Pairs, namespace: str,
                      endpoints: Sequence[ResolvedEndpoint]) -> Optional[ResolvedEndpoint]:
    """The endpoint whose pods a scheduler's ``model_selector`` selects: the operator labels them
    ``app=<endpoint name>``; None when the selector names no endpoint of the namespace (or no ``app``)."""
    app = dict(selector).get("app")
    return next((endpoint for endpoint in endpoints
                 if endpoint.spec is not None and endpoint.namespace == namespace and endpoint.name == app), None)
