"""A model's architecture read from its Hugging Face ``config.json``: what sizing needs, and what follows from it.

Pure functions of the config's fields, no CDK. The same reader serves the catalog (``catalog/model_catalog.json``
holds those fields per model) and a model outside it (its own ``config.json``), so both are sized alike.

What follows from the fields (docs/presets.md shows each formula on a worked example):

- parameters: embeddings (``vocab_size x hidden_size``, twice unless ``tie_word_embeddings``) plus per layer the
  attention projections (q and o: ``hidden x heads x head_dim`` each; k and v: ``hidden x kv_heads x head_dim`` each)
  and the gated MLP (``3 x hidden x intermediate``), or for a mixture of experts every expert's MLP
  (``experts x 3 x hidden x moe_intermediate``) and the router (``hidden x experts``); active parameters count
  ``experts_per_token`` experts instead. Norms and biases are left out (under 0.1%).
- weight bytes: each parameter at its stored width: ``torch_dtype``; with ``quantization_config`` the quantized
  layers at the method's bits (AWQ/GPTQ: ``bits`` plus a 16-bit scale and a ``bits``-wide zero point per group;
  FP8: 8; MXFP4, which gpt-oss applies to its experts only: 4 bits plus an 8-bit scale per 32 values).
- KV-cache bytes per token: ``2 (K and V) x layers x kv_heads x head_dim x bytes per element`` (the ``torch_dtype``'s
  width, vLLM's ``--kv-cache-dtype auto``). Sliding-window layers (Gemma 3, gpt-oss) are counted as full attention:
  an upper bound.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ..errors import require

# Bytes per element of the dtypes config.json files give as torch_dtype (or dtype).
TORCH_DTYPE_BYTES: dict[str, int] = {"float32": 4, "bfloat16": 2, "float16": 2}
MXFP4_BITS = 4 + 8 / 32  # E2M1 values plus one 8-bit (E8M0) scale per block of 32 (OCP Microscaling spec)
FP8_BITS = 8
DEFAULT_GROUP_SIZE = 128  # AWQ's and GPTQ's usual group size when quantization_config does not give one
_QUANT_METHODS = ("awq", "gptq", "fp8", "mxfp4")


def _text_config(config: Mapping[str, Any]) -> Mapping[str, Any]:
    """The language model's part of a multimodal config (Gemma 3 nests it under ``text_config``)."""
    nested = config.get("text_config")
    return nested if isinstance(nested, Mapping) else config


@dataclass(frozen=True)
class ModelArchitecture:
    """The facts of one model's ``config.json`` that sizing reads."""

    hidden_size: int
    """``hidden_size``: the width of the residual stream.
    Required."""
    num_layers: int
    """``num_hidden_layers``.
    Required."""
    num_attention_heads: int
    """``num_attention_heads``: query heads per layer.
    Required."""
    num_kv_heads: int
    """``num_key_value_heads``: KV heads per layer (as many as the query heads when the config omits it).
    Required."""
    head_dim: int
    """``head_dim``, or ``hidden_size / num_attention_heads`` when the config omits it.
    Required."""
    max_context: int
    """``max_position_embeddings``: the longest context the model was built for (vLLM's default max model len).
    Required."""
    vocab_size: int
    """``vocab_size``.
    Required."""
    tie_word_embeddings: bool
    """``tie_word_embeddings``: the output layer shares the input embeddings.
    Required."""
    intermediate_size: int
    """The dense MLP's width (``intermediate_size``), or each expert's (``moe_intermediate_size``).
    Required."""
    torch_dtype: str
    """``torch_dtype``: the weights' (and the KV cache's) element type.
    Required."""
    experts: int = 0
    """Experts per MoE layer (``num_experts`` / ``num_local_experts``).
    Default: 0 (a dense model)."""
    experts_per_token: int = 0
    """Experts each token is routed to (``num_experts_per_tok``).
    Default: 0 (a dense model)."""
    quant_method: Optional[str] = None
    """``quantization_config.quant_method``: ``awq``, ``gptq``, ``fp8`` or ``mxfp4``.
    Default: None (not quantized)."""
    quant_bits: Optional[int] = None
    """``quantization_config.bits`` of AWQ and GPTQ.
    Default: None."""
    quant_group_size: Optional[int] = None
    """``quantization_config.group_size`` of AWQ and GPTQ.
    Default: None."""

    @classmethod
    def from_config(cls, config: Mapping[str, Any], where: str = "config.json") -> ModelArchitecture:
        """Read a ``config.json`` (parsed); raises ``HyperPodValidationError`` naming a missing or bad field."""
        require(isinstance(config, Mapping), where, "content", type(config).__name__, "a JSON object (a model's config.json)")
        text = _text_config(config)

        def integer(name: str, *aliases: str, default: Optional[int] = None) -> int:
            for key in (name, *aliases):
                value = text.get(key, config.get(key))
                if value is not None:
                    require(isinstance(value, int) and not isinstance(value, bool) and value > 0, where, key, value,
                            "a positive whole number")
                    return int(value)
            require(default is not None, where, name, None,
                    f"the field {name!r} in config.json (a Hugging Face transformers model config)")
            assert default is not None
            return default

        hidden = integer("hidden_size")
        heads = integer("num_attention_heads")
        dtype = config.get("torch_dtype", config.get("dtype", text.get("torch_dtype", "bfloat16")))
        require(dtype in TORCH_DTYPE_BYTES, where, "torch_dtype", dtype, f"one of {sorted(TORCH_DTYPE_BYTES)}")
        experts = integer("num_experts", "num_local_experts", default=0) if (
            "num_experts" in text or "num_local_experts" in text) else 0
        quant = config.get("quantization_config")
        method = bits = group = None
        if quant is not None:
            require(isinstance(quant, Mapping) and quant.get("quant_method") in _QUANT_METHODS, where,
                    "quantization_config.quant_method", quant.get("quant_method") if isinstance(quant, Mapping) else quant,
                    f"one of {', '.join(_QUANT_METHODS)} (the weight formats sizing knows)")
            method = str(quant["quant_method"])
            if method in ("awq", "gptq"):
                bits = quant.get("bits", quant.get("w_bit"))
                require(bits in (2, 3, 4, 8), where, "quantization_config.bits", bits, "2, 3, 4 or 8")
                group = quant.get("group_size", quant.get("q_group_size", DEFAULT_GROUP_SIZE))
                require(isinstance(group, int) and group > 0, where, "quantization_config.group_size", group,
                        "a positive whole number")
        architecture = cls(
            hidden_size=hidden, num_layers=integer("num_hidden_layers"), num_attention_heads=heads,
            num_kv_heads=integer("num_key_value_heads", default=heads),
            head_dim=integer("head_dim", default=hidden // heads),
            max_context=integer("max_position_embeddings"), vocab_size=integer("vocab_size"),
            tie_word_embeddings=bool(text.get("tie_word_embeddings", config.get("tie_word_embeddings", False))),
            intermediate_size=integer("moe_intermediate_size", default=0) if experts and "moe_intermediate_size" in text
            else integer("intermediate_size"),
            torch_dtype=str(dtype), experts=experts,
            experts_per_token=integer("num_experts_per_tok", "experts_per_token") if experts else 0,
            quant_method=method, quant_bits=bits, quant_group_size=group)
        require(heads % architecture.num_kv_heads == 0, where, "num_key_value_heads", architecture.num_kv_heads,
                f"a divisor of num_attention_heads ({heads}): each KV head serves a group of query heads")
        return architecture

    # ---- what follows from the fields ----------------------------------------------------------------------

    @property
    def is_moe(self) -> bool:
        """A mixture of experts."""
        return self.experts > 0

    @property
    def _attention_parameters(self) -> int:
        q_and_o = 2 * self.hidden_size * self.num_attention_heads * self.head_dim
        k_and_v = 2 * self.hidden_size * self.num_kv_heads * self.head_dim
        return q_and_o + k_and_v

    @property
    def _mlp_parameters(self) -> int:
        """One dense MLP, or one expert: gate, up and down projections."""
        return 3 * self.hidden_size * self.intermediate_size

    @property
    def _embedding_parameters(self) -> int:
        return self.vocab_size * self.hidden_size * (1 if self.tie_word_embeddings else 2)

    def _layer_parameters(self, experts: int) -> int:
        if not self.is_moe:
            return self._attention_parameters + self._mlp_parameters
        return self._attention_parameters + experts * self._mlp_parameters + self.hidden_size * self.experts

    @property
    def parameters(self) -> int:
        """Total parameters (the language model's; a vision tower is not in these fields)."""
        return self._embedding_parameters + self.num_layers * self._layer_parameters(self.experts or 1)

    @property
    def active_parameters(self) -> int:
        """Parameters one token passes through: all of a dense model, ``experts_per_token`` experts of a MoE."""
        if not self.is_moe:
            return self.parameters
        return self._embedding_parameters + self.num_layers * self._layer_parameters(self.experts_per_token)

    @property
    def dtype_bytes(self) -> int:
        """Bytes per element of ``torch_dtype``."""
        return TORCH_DTYPE_BYTES[self.torch_dtype]

    @property
    def weight_bytes(self) -> int:
        """The weights' size as stored (see the module's formula); what the engine loads into accelerator memory."""
        total = self.parameters
        if self.quant_method is None:
            return total * self.dtype_bytes
        expert_parameters = self.num_layers * self.experts * self._mlp_parameters
        if self.quant_method == "mxfp4":  # the experts only (gpt-oss); attention, router, embeddings at torch_dtype
            quantized, bits = expert_parameters, MXFP4_BITS
        else:  # every decoder linear layer; embeddings and the LM head stay at torch_dtype
            quantized = total - self._embedding_parameters - self.num_layers * self.hidden_size * self.experts
            if self.quant_method == "fp8":
                bits = float(FP8_BITS)
            else:
                assert self.quant_bits is not None and self.quant_group_size is not None
                bits = self.quant_bits + (16 + self.quant_bits) / self.quant_group_size
        return round(quantized * bits / 8 + (total - quantized) * self.dtype_bytes)

    @property
    def weights_format(self) -> str:
        """How the weights are stored: ``bfloat16``, ``awq 4-bit``, ``mxfp4 experts + bfloat16`` ..."""
        if self.quant_method is None:
            return self.torch_dtype
        if self.quant_method == "mxfp4":
            return f"mxfp4 experts + {self.torch_dtype}"
        if self.quant_method == "fp8":
            return "fp8"
        return f"{self.quant_method} {self.quant_bits}-bit"

    @property
    def kv_bytes_per_token(self) -> int:
        """KV-cache bytes one token takes across all layers and KV heads."""
        return 2 * self.num_layers * self.num_kv_heads * self.head_dim * self.dtype_bytes

    def tensor_parallel_ok(self, size: int) -> bool:
        """vLLM's rule: the attention heads divide evenly over ``size`` GPUs, and the KV heads either divide evenly or
        are replicated a whole number of times."""
        kv = self.num_kv_heads
        return self.num_attention_heads % size == 0 and (kv % size == 0 or size % kv == 0)

    def kv_replication(self, tensor_parallel: int) -> int:
        """How many GPUs hold a copy of each KV head: 1 unless there are more GPUs than KV heads."""
        return max(1, tensor_parallel // self.num_kv_heads)
