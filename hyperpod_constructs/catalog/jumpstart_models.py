"""JumpStart model ids the library knows by name (from AWS's HyperPod and JumpStart documentation and the
SageMaker Python SDK's examples). Hub content names are case-sensitive and JumpStart's are lower case, so an id in
another case names no model: the operator fails the deployment at run time. This list only helps name the right id;
an id missing from it is still accepted."""
from __future__ import annotations

from typing import Optional

KNOWN_MODEL_IDS: frozenset[str] = frozenset({
    "deepseek-llm-r1-distill-qwen-1-5b",
    "meta-textgeneration-llama-3-1-8b-instruct",
    "meta-textgeneration-llama-3-8b-instruct",
    "huggingface-llm-mistral-7b-instruct",
    "huggingface-llm-qwen2-5-14b-instruct",
    "huggingface-llm-falcon-7b-bf16",
})


def known_model_id(model_id: str) -> Optional[str]:
    """The known id equal to ``model_id`` ignoring case, or None."""
    folded = model_id.lower()
    return folded if folded in KNOWN_MODEL_IDS else None
