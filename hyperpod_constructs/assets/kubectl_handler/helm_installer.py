"""Custom resource Custom::HyperPodHelmChart: install HyperPod's dependency Helm chart from its public git source.

Create/Update: download the pinned GitHub archive, extract only the chart folder, fetch its dependencies,
then ``helm upgrade --install``. Delete: ``helm uninstall`` (a missing release or cluster is success).
Runs under ``custom_resources.Provider`` (``index`` dispatches here): return the result, raise on failure.
The decisions live in ``helm_plan``; this module only does I/O (HTTP, tar, subprocess), the cluster access
(kubeconfig, token, running helm) is shared with the manifest applier in ``cluster_access``.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.request
from typing import Any, Mapping

import helm_plan as plan
from cluster_access import run, tool_env, wait_for_cluster_access, write_kubeconfig

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)
DOWNLOAD_TIMEOUT_SECONDS = 120


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
    env = tool_env(workdir)
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
            run(plan.uninstall_argv(release, namespace, kubeconfig), tool_env(workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {"PhysicalResourceId": physical_id}



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
