"""Custom-resource handler: install HyperPod's dependency Helm chart from its public git source.

Create/Update: download the pinned GitHub archive, extract only the chart folder, fetch its dependencies,
then ``helm upgrade --install``. Delete: ``helm uninstall`` (a missing release or cluster is success).
Runs under ``custom_resources.Provider``: return the result, raise on failure.
The decisions live in ``helm_plan``; this module only does I/O (HTTP, tar, boto3, subprocess).
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any, Mapping, Optional, Sequence

import helm_plan as plan

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)
DOWNLOAD_TIMEOUT_SECONDS = 120
ACCESS_WAIT_ATTEMPTS, ACCESS_WAIT_SECONDS = 18, 10


def handler(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    request_type = event["RequestType"]
    LOG.info("%s %s", request_type, event.get("PhysicalResourceId", ""))
    if request_type == "Delete":
        return on_delete(event)
    request = plan.parse_properties(event["ResourceProperties"])
    workdir = tempfile.mkdtemp(dir="/tmp")  # /tmp survives warm starts; one fresh folder per run
    try:
        install(request, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {"PhysicalResourceId": plan.physical_resource_id(request), "Data": plan.response_data(request)}


def install(request: plan.InstallRequest, workdir: str) -> None:
    region = os.environ["AWS_REGION"]
    env = helm_env(workdir)
    archive = os.path.join(workdir, "source.tar.gz")
    chart_dir = os.path.join(workdir, "chart")
    download(plan.tarball_url(request.repository, request.git_ref), archive)
    extract_chart(archive, request.chart_path, chart_dir)

    values = plan.deep_merge(plan.region_defaults(region), request.values)
    for subchart in plan.subcharts_to_prepare(values):
        run(plan.dependency_update_argv(os.path.join(chart_dir, subchart)), env)
    run(plan.dependency_update_argv(chart_dir), env)

    values_files = []
    if plan.gpu_operator_enabled(values):
        values_files.append(write_gpu_operator_regional_values(chart_dir, region, workdir))
    values_file = os.path.join(workdir, "values.json")
    with open(values_file, "w", encoding="utf-8") as handle:
        json.dump(values, handle)
    values_files.append(values_file)  # last, so the user's values win

    # The kubeconfig (and its 15-minute token) is made just before it is needed.
    kubeconfig = write_kubeconfig(request.cluster_name, region, workdir)
    wait_for_cluster_access(kubeconfig, env)
    run(plan.upgrade_argv(request, chart_dir, values_files, kubeconfig), env)


def on_delete(event: Mapping[str, Any]) -> dict[str, Any]:
    physical_id = event.get("PhysicalResourceId", "")
    target = plan.parse_physical_resource_id(physical_id)
    if target is None:  # a create that failed before it issued an id: nothing was installed
        LOG.info("nothing to uninstall for %r", physical_id)
        return {"PhysicalResourceId": physical_id}
    cluster_name, namespace, release = target
    region = os.environ["AWS_REGION"]
    workdir = tempfile.mkdtemp(dir="/tmp")
    try:
        kubeconfig = write_kubeconfig(cluster_name, region, workdir)
        if kubeconfig is None:
            LOG.info("cluster %s is gone; nothing to uninstall", cluster_name)
        else:
            run(plan.uninstall_argv(release, namespace, kubeconfig), helm_env(workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {"PhysicalResourceId": physical_id}


def helm_env(workdir: str) -> dict[str, str]:
    """Helm writes caches and config under HOME; in Lambda only /tmp is writable."""
    env = dict(os.environ)
    env.update({
        "HOME": workdir,
        "HELM_CACHE_HOME": os.path.join(workdir, ".cache"),
        "HELM_CONFIG_HOME": os.path.join(workdir, ".config"),
        "HELM_DATA_HOME": os.path.join(workdir, ".data"),
    })
    return env


def download(url: str, destination: str) -> None:
    LOG.info("downloading %s", url)
    request = urllib.request.Request(url, headers={"User-Agent": "hyperpod-constructs-helm-installer"})
    try:
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT_SECONDS) as response, open(destination, "wb") as out:
            shutil.copyfileobj(response, out, length=1 << 20)
    except urllib.error.URLError as error:  # e.g. 404 for a ref that does not exist
        raise RuntimeError(f"could not download {url}: {error}") from error


def extract_chart(archive: str, chart_path: str, destination: str) -> None:
    """Extract only the chart folder; the "data" filter refuses links and paths that leave ``destination``."""
    count = 0
    with tarfile.open(archive, "r:gz") as tar:
        for member in tar:
            relative = plan.chart_member_path(member.name, chart_path)
            if relative is None or relative == ".":
                continue
            member.name = relative
            tar.extract(member, destination, filter="data")
            count += 1
    if not os.path.isfile(os.path.join(destination, "Chart.yaml")):
        raise RuntimeError(f"no Chart.yaml under {chart_path!r} in the archive ({count} files matched)")


def write_gpu_operator_regional_values(chart_dir: str, region: str, workdir: str) -> str:
    """The GPU operator's images come from per-region mirrors listed in the chart."""
    source = os.path.join(chart_dir, plan.gpu_operator_regional_values_path(region))
    if not os.path.isfile(source):
        folder = os.path.dirname(source)
        known = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
        raise RuntimeError(f"the chart has no GPU operator image mirrors for {region}; it has: {', '.join(known) or 'none'}")
    with open(source, encoding="utf-8") as handle:
        nested = plan.nest_values_yaml(handle.read(), "gpu-operator")
    target = os.path.join(workdir, "gpu-operator-regional-values.yaml")
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(nested)
    return target


def write_kubeconfig(cluster_name: str, region: str, workdir: str) -> Optional[str]:
    """Kubeconfig for the cluster with a fresh token, or None when the cluster does not exist."""
    import boto3  # the Lambda runtime has it; imported here so the pure parts load without it

    session = boto3.session.Session(region_name=region)
    eks = session.client("eks")
    try:
        cluster = eks.describe_cluster(name=cluster_name)["cluster"]
    except eks.exceptions.ResourceNotFoundException:
        return None
    config = plan.render_kubeconfig(
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
    return plan.token_from_presigned_url(url)


def wait_for_cluster_access(kubeconfig: str, env: Mapping[str, str]) -> None:
    """A new access entry can take a little while to take effect; do not let helm fail on that."""
    for attempt in range(1, ACCESS_WAIT_ATTEMPTS + 1):
        result = subprocess.run(plan.can_i_argv(kubeconfig), env=dict(env), capture_output=True, text=True)
        if result.returncode == 0 and result.stdout.strip() == "yes":
            return
        LOG.info("cluster access not effective yet (attempt %d): %s", attempt, plan.tail(result.stderr or result.stdout, 300))
        time.sleep(ACCESS_WAIT_SECONDS)
    raise RuntimeError("the installer's EKS access entry did not take effect; is the cluster's authentication mode API?")


def run(argv: Sequence[str], env: Mapping[str, str]) -> None:
    LOG.info("running: %s", " ".join(argv))
    result = subprocess.run(list(argv), env=dict(env), capture_output=True, text=True)
    if result.stdout:
        LOG.info(result.stdout)
    if result.returncode != 0:
        LOG.error(result.stderr)
        raise RuntimeError(f"{' '.join(argv[:3])} failed ({result.returncode}): {plan.tail(result.stderr or result.stdout)}")
