"""JumpStart model ids are case-sensitive: an id in another case names no model, so it is refused at construction,
naming the right id when the catalog knows it."""
from __future__ import annotations

import pytest

from hyperpod_constructs import JumpStartEndpoint
from hyperpod_constructs.errors import HyperPodValidationError


def jumpstart(model_id: str) -> JumpStartEndpoint:
    return JumpStartEndpoint("qwen", model_id=model_id, accept_eula=True, instance_type="ml.g5.12xlarge")


@pytest.mark.parametrize("model_id, fix", [
    ("DeepSeek-LLM-R1-Distill-Qwen-1-5b", "model_id='deepseek-llm-r1-distill-qwen-1-5b'"),
    ("My-Private-Model", "check the hub's spelling, e.g. 'my-private-model'"),
])
def test_a_wrong_case_id_is_refused_naming_the_right_one(model_id: str, fix: str) -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        jumpstart(model_id)
    assert str(raised.value) == (
        f"endpoint 'qwen': model_id={model_id!r} is not allowed; the id in lower case, as JumpStart spells "
        f"it (ids are case-sensitive; another case names no model): {fix}")


def test_a_lower_case_id_the_catalog_does_not_know_is_accepted() -> None:
    assert jumpstart("my-private-model").model_id == "my-private-model"
