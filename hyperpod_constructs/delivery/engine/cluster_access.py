"""I/O every handler of this function shares: a kubeconfig with a fresh EKS token, and running kubectl/helm."""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Optional, Sequence

import cluster_plan
import transient
from time_budget import Backoff, Budget, OutOfTime

LOG = logging.getLogger()
ACCESS_WAIT_SECONDS = 10
# A call the API server turns away within this long after the request began (its access entry was made before it)
# is run again: the entry reaches every API server replica within seconds, never minutes.
ACCESS_SETTLE_SECONDS = 120.0
CALL_SECONDS = 120.0  # the longest a single kubectl or helm call may take unless its caller says otherwise
AWS_CALL_SECONDS = 20  # connect and read timeout of each AWS API call


# The work folders (each call's HOME) of invocations that wait for access no more: the API server has let a call in
# (after that, a call turned away fails as any other: a new access entry takes a little while to take effect, a lost
# one does not), or the wait ran out of time (a failed Create's cleanup then gets the tool's answer at once).
_ACCESS_SETTLED: set[str] = set()


@contextmanager
def work_folder() -> Iterator[str]:
    """A fresh folder under /tmp (Lambda's only writable folder, kept across warm starts) for one invocation."""
    workdir = tempfile.mkdtemp(dir="/tmp")
    try:
        yield workdir
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        _ACCESS_SETTLED.discard(workdir)


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
    from botocore.exceptions import ClientError

    try:
        cluster = aws_client("eks", region).describe_cluster(name=cluster_name)["cluster"]
    except ClientError as error:
        if error.response.get("Error", {}).get("Code") == "ResourceNotFoundException":
            return None
        raise
    config = cluster_plan.render_kubeconfig(
        cluster_name, cluster["endpoint"], cluster["certificateAuthority"]["data"], eks_token(cluster_name, region))
    path = os.path.join(workdir, "kubeconfig")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as handle:
        json.dump(config, handle)  # JSON is YAML
    return path


def aws_client(service: str, region: str) -> Any:
    """A client whose every call is bounded: botocore's defaults wait a minute per try."""
    import boto3  # the Lambda runtime has it; imported here so the pure parts load without it
    from botocore.config import Config

    return boto3.session.Session(region_name=region).client(service, config=Config(
        connect_timeout=AWS_CALL_SECONDS, read_timeout=AWS_CALL_SECONDS, retries={"max_attempts": 3, "mode": "standard"}))


def eks_token(cluster_name: str, region: str) -> str:
    """The token `aws eks get-token` prints: a presigned STS GetCallerIdentity URL bound to the cluster name."""
    import boto3
    from botocore.signers import RequestSigner

    session = boto3.session.Session(region_name=region)
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


def executable(name: str) -> str:
    """kubectl and helm from the Lambda layer's folders, else from PATH."""
    found = shutil.which(name, path=os.pathsep.join([*cluster_plan.LAYER_DIRS, os.environ.get("PATH", "")]))
    if found is None:
        raise RuntimeError(f"{name} is not installed (looked in {', '.join(cluster_plan.LAYER_DIRS)} and PATH)")
    return found


def try_run(argv: Sequence[str], env: Mapping[str, str], budget: Budget, cap: float = CALL_SECONDS,
            retry_transient: bool = True) -> subprocess.CompletedProcess[str]:
    """Run a command within the budget and return its result, whatever its exit code.

    A call that does not finish in time is killed and raises OutOfTime naming it: the next isComplete runs again.
    A call to the cluster is run again, after a growing pause, while:
    - the API server turns it away and it is the invocation's first call (a new access entry takes a little while
      to take effect: no call of its own checks access first), or the request began less than
      ``ACCESS_SETTLE_SECONDS`` ago (the entry reaches API server replicas at different times, and each call is a
      new connection, so a call after one let in may still meet a replica that has not got it);
    - with ``retry_transient``, every error it printed is transient (``transient``: a 500, 503, 504, 429, an etcd
      leader change, a connection reset). Callers whose call is not safe to repeat as it is (``helm upgrade``)
      pass False and repair first.
    The pauses end when the budget does (OutOfTime naming what the call still met).
    """
    session = env.get("HOME", "")
    backoff = Backoff(first=2.0, longest=20.0)
    while True:
        result = _run_once(argv, env, budget, cap)
        if result.returncode == 0 or not cluster_plan.talks_to_cluster(argv):
            if result.returncode == 0:
                _ACCESS_SETTLED.add(session)
            return result
        said = result.stderr or result.stdout
        if cluster_plan.access_denied(said):
            if not _wait_for_access(session, said, budget):
                return result
            continue
        _ACCESS_SETTLED.add(session)  # the API server answered: this invocation's access works
        cause = transient.transient(said)
        if not retry_transient or cause is None:
            return result
        LOG.warning("%s met a transient error, running it again: %s", " ".join(argv[:3]), cluster_plan.tail(said, 300))
        budget.wait(backoff.next(), f"the API server to answer {' '.join(argv[:3])} (it said: "
                                    f"{cluster_plan.tail(cause, 300)})")


def _wait_for_access(session: str, said: str, budget: Budget) -> bool:
    """After a call the API server turned away: wait and say True when it is worth calling again, else False."""
    since_start = budget.since_start()
    settling = since_start is not None and since_start < ACCESS_SETTLE_SECONDS
    if session in _ACCESS_SETTLED and not settling:
        return False  # an answer: a policy without the right, an entry removed
    LOG.info("cluster access not effective yet: %s", cluster_plan.tail(said, 300))
    try:
        budget.wait(ACCESS_WAIT_SECONDS, "the function's EKS access entry to take effect (is the cluster's "
                    "authentication mode API or API_AND_CONFIG_MAP?)")
    except OutOfTime:
        _ACCESS_SETTLED.add(session)
        raise
    return True


def _run_once(argv: Sequence[str], env: Mapping[str, str], budget: Budget,
              cap: float) -> subprocess.CompletedProcess[str]:
    doing = " ".join(argv[:3])
    timeout = budget.timeout(cap, f"run {doing}")
    LOG.info("running (at most %.0f s): %s", timeout, " ".join(argv))
    try:
        return subprocess.run([executable(argv[0]), *argv[1:]], env=dict(env), capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise OutOfTime(f"{doing} did not finish within {timeout:.0f} s and was stopped") from None


def run(argv: Sequence[str], env: Mapping[str, str], budget: Budget, cap: float = CALL_SECONDS) -> str:
    """Run a command; its stdout, or CommandFailed with the end of its output."""
    result = try_run(argv, env, budget, cap)
    if result.stdout:
        LOG.info(cluster_plan.tail(result.stdout, 4000))
    if result.returncode != 0:
        LOG.error(result.stderr)
        raise CommandFailed(argv, result)
    return result.stdout


class CommandFailed(RuntimeError):
    """A kubectl or helm call that exited non-zero; the message ends with the tool's own words."""

    def __init__(self, argv: Sequence[str], result: subprocess.CompletedProcess[str]) -> None:
        self.stderr = result.stderr or result.stdout
        super().__init__(f"{' '.join(argv[:3])} failed ({result.returncode}): {cluster_plan.tail(self.stderr.strip())}")
