"""No secret in a manifest: the Redis URL, environment maps and server arguments refuse credentials (masked in
the message), and a credential reaches the worker through a Secret reference instead."""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from endpoint_fixtures import VIEW
from hyperpod_constructs import (
    DisaggregatedWorker, HyperPodValidationError, InferenceEndpoint, JumpStartEndpoint, L2Cache, ModelSource,
    SecretKeyRef)
from hyperpod_constructs.intent.secrets import is_secret_name, masked, secret_in_text
from hyperpod_constructs.resolve.endpoint import resolve_endpoint
from hyperpod_constructs.k8s.model_deployment import render_endpoint
from support import validate_manifest

ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"
HF_TOKEN = "hf_" + "a1B2" * 9


def endpoint(**props: Any) -> InferenceEndpoint:
    return InferenceEndpoint("llama", model=ModelSource.hugging_face("meta-llama/Llama-3.1-8B-Instruct"),
                             instance_type="ml.g5.12xlarge", **props)


def jumpstart(**props: Any) -> JumpStartEndpoint:
    return JumpStartEndpoint("mistral", model_id="huggingface-llm-mistral-7b-instruct", accept_eula=True,
                             instance_type="ml.g5.12xlarge", **props)


SECRET_REF = r"put it in a Kubernetes Secret in the endpoint's namespace and reference it: environment=\{'NAME': SecretKeyRef"
REFUSED: list[tuple[str, Callable[[], Any], str]] = [
    ("redis-password", lambda: L2Cache.redis("redis://cache-user:s3cr3t@cache.internal:6379"),
     r"^L2Cache: url='redis://cache-user:\*\*\*@cache\.internal:6379' is not allowed; no credentials in a manifest "
     r"\(found a password in a URL \(user:password@\)\); a Redis URL without a password .*no Secret reference"),
    ("redis-password-only", lambda: L2Cache.redis("rediss://:s3cr3t@cache.internal:6380"),
     r"^L2Cache: url='rediss://:\*\*\*@cache\.internal:6380' is not allowed"),
    ("env-by-name", lambda: endpoint(environment={"HF_TOKEN": "not-shown"}),
     r"^endpoint 'llama': environment\['HF_TOKEN'\]='\*\*\*' is not allowed; no credential as a plain value \(the name says "
     rf"it is one\); {SECRET_REF}"),
    ("env-aws-secret-name", lambda: endpoint(environment={"AWS_SECRET_ACCESS_KEY": "x"}), r"environment\['AWS_SECRET_ACCESS_KEY'\]="),
    ("env-api-key-name", lambda: endpoint(environment={"OPENAI_API_KEY": "x"}), r"environment\['OPENAI_API_KEY'\]="),
    ("env-access-key-value", lambda: endpoint(environment={"PROFILE": ACCESS_KEY}),
     rf"environment\['PROFILE'\]='\*\*\*' is not allowed; no credentials in a manifest \(found an AWS access key id\); "
     rf"{SECRET_REF}"),
    ("env-hf-token-value", lambda: endpoint(environment={"MODEL_ARGS": f"--token {HF_TOKEN}"}),
     r"environment\['MODEL_ARGS'\]='--token \*\*\*' is not allowed; .*found a Hugging Face token"),
    ("env-url-value", lambda: endpoint(environment={"DATABASE_URL": "postgres://app:pw@db.internal/feedback"}),
     r"environment\['DATABASE_URL'\]='postgres://app:\*\*\*@db\.internal/feedback' is not allowed"),
    ("args-api-key", lambda: endpoint(args=["--port", "8000", "--api-key", "sk-123"]),
     r"^endpoint 'llama': args\[2\]='--api-key' is not allowed; no credential as a server argument; pass it from a "
     r"Secret as an environment variable the server reads \(vLLM: VLLM_API_KEY, HF_TOKEN\)"),
    ("args-api-key-inline", lambda: endpoint(args=["--api-key=sk-123"]), r"args\[0\]='--api-key=\*\*\*' is not allowed"),
    ("args-url", lambda: endpoint(args=["--kv-transfer-url", "redis://u:pw@cache:6379"]),
     r"args\[1\]='redis://u:\*\*\*@cache:6379' is not allowed"),
    ("disaggregated-args", lambda: DisaggregatedWorker(instance_type="ml.p5.48xlarge", args=("--hf-token", HF_TOKEN)),
     r"^DisaggregatedWorker: args\[0\]='--hf-token' is not allowed; no credential as a server argument"),
    ("jumpstart-env", lambda: jumpstart(environment={"HUGGING_FACE_HUB_TOKEN": "x"}),
     r"environment\['HUGGING_FACE_HUB_TOKEN'\]='\*\*\*' is not allowed; no credential as a plain value .*; this CRD's "
     r"environment variables take plain values only \(no Secret reference\)"),
    ("jumpstart-no-secret-ref", lambda: jumpstart(environment={"HF_TOKEN": SecretKeyRef(name="hf", key="token")}),
     r"environment\['HF_TOKEN'\]=SecretKeyRef\(.*\) is not allowed; a string value$"),
]


@pytest.mark.parametrize(("build", "message"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED])
def test_a_credential_is_refused_naming_the_field(build: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError, match=message) as raised:
        build()
    for secret in ("s3cr3t", "not-shown", ACCESS_KEY, HF_TOKEN, "sk-123", ":pw@"):
        assert secret not in str(raised.value), "the message must not repeat the secret"


def test_what_is_not_a_credential_passes() -> None:
    L2Cache.redis("redis://cache-user@cache.internal:6379")  # a user name alone is not a secret
    endpoint(environment={"MAX_NUM_BATCHED_TOKENS": "8192", "TOKENIZER_MODE": "auto", "HF_TOKEN": "",
                  "KEY_VALUE_CACHE": "on", "HF_HUB_URL": "https://huggingface.co"},
             args=["--max-model-len", "8192"])
    jumpstart(environment={"SM_NUM_GPUS": "1"})


def test_a_secret_reference_renders_as_value_from_secret_key_ref() -> None:
    manifest = render_endpoint(resolve_endpoint(endpoint(environment={"VLLM_API_KEY": SecretKeyRef(name="llama-api", key="key"),
                                             "VLLM_LOGGING_LEVEL": "INFO"}), VIEW))
    assert manifest["spec"]["worker"]["environmentVariables"] == [
        {"name": "VLLM_API_KEY", "valueFrom": {"secretKeyRef": {"name": "llama-api", "key": "key"}}},
        {"name": "VLLM_LOGGING_LEVEL", "value": "INFO"}]
    validate_manifest(manifest)  # the CRD takes valueFrom on the worker's variables
    assert secret_in_text(json.dumps(manifest)) is None


def test_secret_names_are_whole_words() -> None:
    assert [name for name in ("HF_TOKEN", "DB_PASSWORD", "client-secret", "MY_API_KEY", "AWS_ACCESS_KEY_ID",
                              "PRIVATE_KEY_PEM", "GITHUB_CREDENTIALS") if not is_secret_name(name)] == []
    assert [name for name in ("MAX_TOKENS", "TOKENIZER", "KEYS_PER_SHARD", "SECRETARY", "API_URL")
            if is_secret_name(name)] == []


def test_masked_keeps_everything_but_the_secret() -> None:
    assert masked(f"redis://u:pw@h:1 {ACCESS_KEY} {HF_TOKEN}") == "redis://u:***@h:1 *** ***"
    assert masked("redis://h:1") == "redis://h:1"
