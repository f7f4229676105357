"""I/O every handler of this function shares: a kubeconfig with a fresh EKS token, and running kubectl/helm."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import time
from typing import Any, Mapping, Optional, Sequence

import cluster_plan

LOG = logging.getLogger()
ACCESS_WAIT_ATTEMPTS, ACCESS_WAIT_SECONDS = 18, 10


def tool_env(workdir: str) -> dict[str, str]:
    """kubectl and Helm write caches and config under HOME; in Lambda only /tmp is writable."""
    env = dict(os.environ)
    env.update({
        "HOME": workdir,
        "HELM_CACHE_HOME": os.path.join(workdir, ".cache"),
        "HELM_CONFIG_HOME": os.path.join(workdir, ".config"),
        "HELM_DATA_HOME": os.path.join(workdir, ".data"),
    })
    return env


def write_kubeconfig(cluster_name: str, region: str, workdir: str) -> Optional[str]:
    """Kubeconfig for the cluster with a fresh token, or None when the cluster does not exist."""
    import boto3  # the Lambda runtime has it; imported here so the pure parts load without it

    session = boto3.session.Session(region_name=region)
    eks = session.client("eks")
    try:
        cluster = eks.describe_cluster(name=cluster_name)["cluster"]
    except eks.exceptions.ResourceNotFoundException:
        return None
    config = cluster_plan.render_kubeconfig(
        cluster_name, cluster["endpoint"], cluster["certificateAuthority"]["data"], eks_token(session, cluster_name, region))
    path = os.path.join(workdir, "kubeconfig")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as handle:
        json.dump(config, handle)  # JSON is YAML
    return path


def eks_token(session: Any, cluster_name: str, region: str) -> str:
    """The token `aws eks get-token` prints: a presigned STS GetCallerIdentity URL bound to the cluster name."""
    from botocore.signers import RequestSigner

    sts = session.client("sts", region_name=region)
    signer = RequestSigner(sts.meta.service_model.service_id, region, "sts", "v4",
                           session.get_credentials(), session.events)
    url = signer.generate_presigned_url(
        {
            "method": "GET",
            "url": f"{sts.meta.endpoint_url}/?Action=GetCallerIdentity&Version=2011-06-15",
            "body": {},
            "headers": {"x-k8s-aws-id": cluster_name},
            "context": {},
        },
        region_name=region, expires_in=60, operation_name="",
    )
    return cluster_plan.token_from_presigned_url(url)


def wait_for_cluster_access(kubeconfig: str, env: Mapping[str, str]) -> None:
    """A new access entry can take a little while to take effect; do not let kubectl or helm fail on that."""
    for attempt in range(1, ACCESS_WAIT_ATTEMPTS + 1):
        result = subprocess.run(cluster_plan.can_i_argv(kubeconfig), env=dict(env), capture_output=True, text=True)
        if result.returncode == 0 and result.stdout.strip() == "yes":
            return
        LOG.info("cluster access not effective yet (attempt %d): %s", attempt,
                 cluster_plan.tail(result.stderr or result.stdout, 300))
        time.sleep(ACCESS_WAIT_SECONDS)
    raise RuntimeError("the function's EKS access entry did not take effect; is the cluster's authentication mode API?")


def try_run(argv: Sequence[str], env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a command and return its result, whatever its exit code."""
    LOG.info("running: %s", " ".join(argv))
    return subprocess.run(list(argv), env=dict(env), capture_output=True, text=True)


def run(argv: Sequence[str], env: Mapping[str, str]) -> str:
    """Run a command; its stdout, or RuntimeError with the end of its output."""
    result = try_run(argv, env)
    if result.stdout:
        LOG.info(cluster_plan.tail(result.stdout, 4000))
    if result.returncode != 0:
        LOG.error(result.stderr)
        raise RuntimeError(
            f"{' '.join(argv[:3])} failed ({result.returncode}): {cluster_plan.tail(result.stderr or result.stdout)}")
    return result.stdout
