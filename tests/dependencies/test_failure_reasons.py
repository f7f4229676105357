"""The kubectl function's failure reasons, cut to fit CloudFormation's 4,096-byte response (``reasons``)."""
from __future__ import annotations

import json
import logging

import pytest

import reasons

EVENT = {"StackId": "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/" + "0" * 36,
         "RequestId": "5b4a3c2d-1e0f-4a5b-8c7d-6e5f4a3b2c1d", "LogicalResourceId": "PlatformManifests0A1B2C3D",
         "PhysicalResourceId": "llm/hyperpod-constructs-platform"}
FUNCTION = "LlmInference-KubectlHandlerFunction5D1F1B2C-AbCdEfGhIjKl"


def response_bytes(message: str) -> int:
    """As the Provider framework sends it: Error: + message + log group + 10 stack frames of under 100 bytes."""
    reason = f"Error: {message}\n\nLogs: /aws/lambda/{FUNCTION}\n" + "\n    at x (/var/task/framework.js:1:1)" * 10
    body = {"Status": "FAILED", "Reason": reason, **EVENT}
    return len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode())


@pytest.mark.parametrize("unit", ["e", "é", "模", "\U0001F600", "\n", '"', "\x01"],
                         ids=["ascii", "two-byte", "three-byte", "four-byte", "newline", "quote", "control"])
def test_a_long_reason_is_cut_to_fit_however_its_characters_are_encoded(unit, caplog):
    message = "kubectl apply failed: " + unit * 20_000 + " the end"
    with caplog.at_level(logging.ERROR):
        fitted = reasons.fit(message, EVENT, FUNCTION)
    assert response_bytes(fitted) <= reasons.RESPONSE_LIMIT
    assert fitted.startswith("kubectl apply failed: ") and fitted.endswith(" the end")
    assert "the whole reason is in the function's log" in fitted
    assert message in caplog.text  # what was cut is logged whole
    assert response_bytes(fitted) > reasons.RESPONSE_LIMIT - 1300  # cut to fit, not to nothing


def test_a_reason_that_fits_is_left_alone():
    assert reasons.fit("kubectl apply failed: x", EVENT, FUNCTION) == "kubectl apply failed: x"


def test_some_names_the_first_objects_and_the_count_and_logs_them_all(caplog):
    with caplog.at_level(logging.ERROR):
        said = reasons.some([f"e{i}" for i in range(1, 31)])
    assert said == "e1, e2, e3, e4, e5, e6, e7, e8, e9, e10 and 20 more (30 objects; every one is named in the " \
                   "function's log)"
    assert "e30" in caplog.text
    assert reasons.some(["a", "b"]) == "a, b"
