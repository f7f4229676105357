"""No secret in a manifest or template: fields that could carry a credential refuse one where it is written.

Manifests are written to the GitOps export and to an S3 bundle, and their values end up in CloudFormation
parameters and logs: a password there is readable by anyone who can read those. A credential goes in a Kubernetes
Secret, and the manifest holds a reference to it (``SecretKeyRef``) where the operator's CRD offers one. The error
shows the value with the secret part masked, so the message itself does not leak it.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from ..errors import require

# scheme://user:password@host (or scheme://:password@host): a password in the URL's user info.
URL_WITH_PASSWORD = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<user>[^/@\s:]*):(?P<password>[^/@\s]+)@")
AWS_ACCESS_KEY_ID = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
HUGGING_FACE_TOKEN = re.compile(r"\bhf_[A-Za-z0-9]{30,}\b")
# Environment variable names that hold a credential, by their words (HF_TOKEN, DB_PASSWORD, AWS_SECRET_ACCESS_KEY):
# whole words only, so MAX_NUM_BATCHED_TOKENS or TOKENIZER_MODE are not taken for one.
SECRET_NAME_WORDS = frozenset({"TOKEN", "PASSWORD", "PASSWD", "SECRET", "APIKEY", "CREDENTIAL", "CREDENTIALS"})
SECRET_NAME_PAIRS = frozenset({("API", "KEY"), ("ACCESS", "KEY"), ("PRIVATE", "KEY")})
# Server flags whose value is a credential (vLLM's --api-key; --hf-token for gated downloads).
SECRET_FLAGS = ("--api-key", "--hf-token")
MASK = "***"

# What to do with a credential instead of writing it into the manifest.
SECRET_REF_INSTEAD = ("put it in a Kubernetes Secret in the endpoint's namespace and reference it: "
                      "environment={'NAME': SecretKeyRef(name='my-secret', key='value')} (rendered as valueFrom.secretKeyRef)")
PLAIN_ONLY_INSTEAD = ("this CRD's environment variables take plain values only (no Secret reference), so keep "
                      "credentials out of them")
ARGS_INSTEAD = ("pass it from a Secret as an environment variable the server reads (vLLM: VLLM_API_KEY, HF_TOKEN), "
                "environment={'VLLM_API_KEY': SecretKeyRef(name='my-secret', key='api-key')}")


def secret_in_text(text: str) -> Optional[str]:
    """What credential ``text`` holds (a URL password, an AWS access key id, a Hugging Face token), or None."""
    if URL_WITH_PASSWORD.search(text):
        return "a password in a URL (user:password@)"
    if AWS_ACCESS_KEY_ID.search(text):
        return "an AWS access key id"
    if HUGGING_FACE_TOKEN.search(text):
        return "a Hugging Face token"
    return None


def masked(text: str) -> str:
    """``text`` with every credential ``secret_in_text`` finds replaced by ``***``."""
    text = URL_WITH_PASSWORD.sub(lambda match: f"{match['scheme']}{match['user']}:{MASK}@", text)
    return HUGGING_FACE_TOKEN.sub(MASK, AWS_ACCESS_KEY_ID.sub(MASK, text))


def is_secret_name(name: str) -> bool:
    """An environment variable whose name says it holds a credential."""
    words = [word for word in re.split(r"[^A-Z0-9]+", name.upper()) if word]
    return bool(SECRET_NAME_WORDS.intersection(words)) or any(pair in SECRET_NAME_PAIRS for pair in zip(words, words[1:]))


def check_no_secret(where: str, field: str, value: Any, instead: str) -> None:
    """Refuse a string holding a credential, naming the field and what to do ``instead``."""
    if isinstance(value, str):
        found = secret_in_text(value)
        require(found is None, where, field, masked(value), f"no credentials in a manifest (found {found}); {instead}")


def check_environment_secrets(where: str, field: str, environment: Any, instead: str) -> None:
    """Plain-text environment values: none named like a credential, none holding one."""
    for name, value in environment.items():
        if not isinstance(value, str):
            continue
        require(not (is_secret_name(name) and value), where, f"{field}[{name!r}]", MASK,
                f"no credential as a plain value (the name says it is one); {instead}")
        check_no_secret(where, f"{field}[{name!r}]", value, instead)


def check_argument_secrets(where: str, field: str, args: Any, instead: str) -> None:
    """Server arguments: no ``--api-key VALUE`` / ``--api-key=VALUE``, no credential in any argument."""
    for index, arg in enumerate(args):
        flag = arg.split("=", 1)[0]
        require(flag not in SECRET_FLAGS, where, f"{field}[{index}]", arg if arg == flag else f"{flag}={MASK}",
                f"no credential as a server argument; {instead}")
        check_no_secret(where, f"{field}[{index}]", arg, instead)
