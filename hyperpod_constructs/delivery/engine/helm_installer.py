"""Custom resource Custom::HyperPodHelmChart: install HyperPod's dependency Helm chart from its public git source.

``on_event`` checks the request; ``is_complete`` does the work, within the time each invocation has:
Create/Update: look at the release first (already this request: done, nothing downloaded; a failed or pending
revision left by an earlier run: rolled back or uninstalled), then download the pinned GitHub archive (retried
with backoff), extract only the chart folder, fetch its exactly-versioned dependencies and run
``helm upgrade --install`` with a ``--timeout`` that fits the invocation. A failed upgrade is rolled back (a
failed first install uninstalled) before the error, in Helm's words, reaches CloudFormation.
Delete: ``helm uninstall`` (a missing release or cluster is success).
Every request first takes its turn, as the manifest applier's do (``fencing``, ``claimed_record``): it claims the
resource's record before it runs helm, and checks it again before ``helm upgrade``; a request whose turn has passed
(CloudFormation gave up on it and sent a later Update, a rollback or a Delete) stops without running helm.
The decisions live in ``helm_plan``; this module only does I/O (HTTP, tar, subprocess), the cluster access
(kubeconfig, token, running helm) is shared with the manifest applier in ``cluster_access``.
"""
from __future__ import annotations

import http.client
import json
import logging
import os
import shutil
import tarfile
import urllib.error
import urllib.request
from typing import Any, Mapping, Optional

import fencing
import helm_plan as plan
import transient
from claimed_record import ClaimedRecord, in_turn
from cluster_access import CommandFailed, run, tool_env, try_run, work_folder, write_kubeconfig
from cluster_plan import tail
from time_budget import DEADLINE_FIELD, Budget, OutOfTime

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)
ARCHIVE_BASE_URL = "https://codeload.github.com"
DOWNLOAD_ATTEMPTS = 5
DOWNLOAD_ATTEMPT_SECONDS = 60.0  # connect and read timeout of one attempt
FIRST_BACKOFF_SECONDS = 2.0  # doubled after each failed attempt


def on_event(event: Mapping[str, Any]) -> dict[str, Any]:
    """Fail fast on a bad request; the physical id names the release (Delete keeps its own)."""
    if event["RequestType"] == "Delete":
        return {"PhysicalResourceId": event["PhysicalResourceId"]}
    return {"PhysicalResourceId": plan.physical_resource_id(plan.parse_properties(event["ResourceProperties"]))}


# The request's identity is kept in a record ConfigMap of the resource's own (``fencing.resource_record_name``), not
# in the release: a request that finds the release already as it wants it (the rollback of an Update that never got
# to upgrade) runs no helm and writes no revision, so a revision's description would not show that its turn came;
# `helm uninstall` removes every revision, so a Delete would leave a cancelled Create nothing to find; and Helm's
# own lock (a pending release) refuses only concurrent operations, while these polls come one after another. The
# record is written compare-and-swap, so two requests never both believe they hold it.
RECORD_KIND = "helm"


def is_complete(event: Mapping[str, Any], budget: Budget) -> dict[str, Any]:
    request_type = event["RequestType"]
    LOG.info("%s %s", request_type, event.get("PhysicalResourceId", ""))
    request = plan.parse_properties(event["ResourceProperties"])
    me = fencing.identity_of(event, DEADLINE_FIELD)
    target = (plan.parse_physical_resource_id(event["PhysicalResourceId"]) if request_type == "Delete"
              else (request.cluster_name, request.namespace, request.release))
    cluster_name = target[0] if target is not None else request.cluster_name
    region = os.environ["AWS_REGION"]
    with work_folder() as workdir:
        env = tool_env(workdir)
        # The kubeconfig (and its 15-minute token) is made at the start of every invocation.
        kubeconfig = write_kubeconfig(cluster_name, region, workdir)
        if kubeconfig is None:
            if request_type == "Delete":
                LOG.info("cluster %s is gone; nothing to uninstall", cluster_name)
                return {"IsComplete": True}
            raise RuntimeError(f"EKS cluster {cluster_name} does not exist in {region}")
        record = ClaimedRecord(fencing.resource_record_name(RECORD_KIND, event), me, kubeconfig, workdir, env, budget)
        what = f"{request_type} of Helm release {event.get('PhysicalResourceId', '')}"
        owner = fencing.resource_key(event)  # which CloudFormation resource installs the release (its description)
        if request_type == "Delete":
            return in_turn(record, lambda: uninstall(target, owner, record, env), what)
        return in_turn(record, lambda: install(request, owner, request_type, record, env, region), what)


class Release:
    """One Helm release in the cluster, and the helm calls that read or repair it."""

    def __init__(self, name: str, namespace: str, kubeconfig: str, env: Mapping[str, str]) -> None:
        self.name, self.namespace, self.kubeconfig, self.env = name, namespace, kubeconfig, env

    def __str__(self) -> str:
        return f"{self.namespace}/{self.name}"

    def history(self, budget: Budget) -> list[plan.Revision]:
        """Its revisions, oldest first; none when it is not installed."""
        result = try_run(plan.history_argv(self.name, self.namespace, self.kubeconfig), self.env, budget)
        if result.returncode != 0 and "release: not found" in result.stderr:
            return []
        if result.returncode != 0:
            raise RuntimeError(f"helm history of release {self} failed: {tail(plan.helm_error(result.stderr))}")
        return plan.parse_history(result.stdout)

    def recover(self, budget: Budget, history: Optional[list[plan.Revision]] = None) -> Optional[str]:
        """Roll back (or uninstall) a release whose last revision failed, is pending or is being uninstalled; what
        was done, or None. ``history``: its revisions, when they were just read."""
        step = plan.recovery(self.history(budget) if history is None else history)
        if step is None:
            return None
        timeout = plan.short_timeout(budget.left())
        if timeout is None:
            raise OutOfTime(f"no time left to {step.action} release {self} ({step.reason})")
        if step.action == "rollback":
            argv = plan.rollback_argv(self.name, self.namespace, step.revision, self.kubeconfig, timeout)
        else:
            argv = plan.uninstall_argv(self.name, self.namespace, self.kubeconfig, timeout)
        run(argv, self.env, budget, cap=budget.left())
        message = f"release {self} {step.done}: {step.reason}"
        LOG.warning(message)
        return message


def install(request: plan.InstallRequest, owner: str, request_type: str, record: ClaimedRecord,
            env: Mapping[str, str], region: str) -> dict[str, Any]:
    """Create/Update in this request's turn (``record``): the release runs this request's chart and values,
    installed by this resource (``owner``), and the claim is settled."""
    budget, kubeconfig, workdir = record.budget, record.kubeconfig, record.workdir
    values = plan.deep_merge(plan.region_defaults(region), request.values)
    digest = plan.request_digest(request, values)
    release = Release(request.release, request.namespace, kubeconfig, env)
    history = release.history(budget)
    # A run stopped mid-way leaves the release pending, and Helm refuses to touch it until it is repaired.
    if release.recover(budget, history) is not None:
        history = release.history(budget)
    if plan.runs_request(history, digest, owner, request_type):
        LOG.info("release %s already runs this request; nothing to do", release)
        record.settle()
        return {"IsComplete": True, "Data": plan.response_data(request)}
    running = plan.installed(history)
    if running is not None and running.digest == digest:  # another resource's: taken over, so its Delete leaves it
        LOG.info("release %s runs this request, installed by %s: upgraded again to name this resource, %s", release,
                 running.owner or "an earlier version (its description names no resource)", owner)
    chart_dir, values_files = prepare_chart(request, region, values, workdir, env, budget)
    timeout = plan.upgrade_timeout(budget.left(), request.wait)
    if timeout is None:
        raise OutOfTime(f"too little time left in this invocation to run helm upgrade of release {release} safely")
    # The download and the dependencies took a while: a later request may have taken the turn meanwhile.
    record.check_turn()
    argv = plan.upgrade_argv(request, chart_dir, values_files, kubeconfig, timeout, digest, owner)
    # Not run again as it is: a failed upgrade leaves a failed or pending revision, repaired first.
    result = try_run(argv, env, budget, cap=budget.left(), retry_transient=False)
    if result.stdout:
        LOG.info(tail(result.stdout, 4000))
    if result.returncode != 0:
        said = result.stderr or result.stdout
        failure = upgrade_failure(release, said, budget.for_cleanup())
        if transient.transient(said) is not None:
            # The API server said "not now": the release is back where it was; the next invocation upgrades
            # again (past the deadline, this is the reason the request fails with).
            raise OutOfTime(failure)
        raise RuntimeError(failure)
    record.settle()
    return {"IsComplete": True, "Data": plan.response_data(request)}


def upgrade_failure(release: Release, words: str, budget: Budget) -> str:
    """The failure message, after the release is back where it was (the deadline is ignored: this is cleanup)."""
    failure = f"helm upgrade --install of release {release} failed: {tail(plan.helm_error(words))}"
    try:
        repaired = release.recover(budget)
    except (OutOfTime, RuntimeError) as error:
        return f"{failure}; repairing the release failed too: {error}"
    return failure + (f"; {repaired}" if repaired else "")


def prepare_chart(request: plan.InstallRequest, region: str, values: Mapping[str, Any], workdir: str,
                  env: Mapping[str, str], budget: Budget) -> tuple[str, list[str]]:
    """The chart folder with its dependencies, and the values files to pass (the user's last, so they win)."""
    archive = os.path.join(workdir, "source.tar.gz")
    chart_dir = os.path.join(workdir, "chart")
    download(plan.tarball_url(ARCHIVE_BASE_URL, request.repository, request.git_ref), archive, budget)
    extract_chart(archive, request.chart_path, chart_dir)
    for sub in [*plan.subcharts_to_prepare(values), ""]:  # a wrapper's own dependencies before the parent packs it
        fetch_dependencies(chart_dir, sub, request, env, budget)

    values_files = []
    if plan.gpu_operator_enabled(values):
        values_files.append(write_gpu_operator_regional_values(chart_dir, region, workdir))
    values_file = os.path.join(workdir, "values.json")
    with open(values_file, "w", encoding="utf-8") as handle:
        json.dump(values, handle)
    values_files.append(values_file)
    return chart_dir, values_files


def fetch_dependencies(chart_dir: str, sub: str, request: plan.InstallRequest, env: Mapping[str, str],
                       budget: Budget) -> None:
    """`helm dependency update`, once Helm's own reading of Chart.yaml shows every version is exact."""
    folder = os.path.join(chart_dir, sub) if sub else chart_dir
    name = f"{request.chart_path}/{sub}" if sub else request.chart_path
    loose = plan.loose_dependencies(run(plan.dependency_list_argv(folder), env, budget))
    if loose:
        raise RuntimeError(f"the chart {name} at {request.git_ref} has dependencies without an exact version, so "
                           f"the commit does not pin them: {', '.join(loose)}")
    try:
        run(plan.dependency_update_argv(folder), env, budget, cap=budget.left())
    except CommandFailed as error:
        raise RuntimeError(f"fetching the dependencies of the chart {name} failed: {plan.helm_error(error.stderr)}") from None


def uninstall(target: Optional[tuple[str, str, str]], owner: str, record: ClaimedRecord,
              env: Mapping[str, str]) -> dict[str, Any]:
    """Delete in this request's turn: the release the physical id names (none for a Create that failed or was
    cancelled before it issued an id) is uninstalled when this resource (``owner``) installed it last, left to the
    resource that took it over otherwise, and handed back to the resource this one took it over from when that one
    is still there (``helm_plan.removal``); then the record goes, or stays as a tombstone while a request this
    Delete superseded may still poll."""
    budget = record.budget
    held = record.stored_claim()
    if target is None:
        LOG.info("nothing to uninstall: the physical id is not one this handler issued")
    elif held is None or not held.deleted:  # a tombstone: an earlier pass of this Delete uninstalled it
        _, namespace, name = target
        release = Release(name, namespace, record.kubeconfig, env)
        decision = plan.removal(release.history(budget), owner)
        if decision.action == "hand back" and not still_there(str(decision.owner), record):
            decision = plan.Removal("uninstall", f"{decision.owner}, which it took the release over from, is gone")
        if decision.action == "leave":
            LOG.warning("left release %s installed: %s", release, decision.reason)
        else:
            timeout = plan.short_timeout(budget.left())
            if timeout is None:
                raise OutOfTime(f"no time left to {decision.action} release {release}")
            if decision.action == "hand back":
                LOG.warning("rolling release %s back to revision %d: %s", release, decision.revision, decision.reason)
                argv = plan.rollback_argv(name, namespace, decision.revision, record.kubeconfig, timeout)
            else:
                LOG.info("uninstalling release %s: %s", release, decision.reason)
                # Helm uninstalls a pending or failed release like any other.
                argv = plan.uninstall_argv(name, namespace, record.kubeconfig, timeout)
            run(argv, env, budget, cap=budget.left())
    record.finish()
    return {"IsComplete": True}


def still_there(owner: str, record: ClaimedRecord) -> bool:
    """Whether the CloudFormation resource ``owner`` (``fencing.resource_key``) is still in a stack: its record is
    in the cluster and not the tombstone of its Delete. A resource made by a version without records has none."""
    if not fencing.is_resource_key(owner):
        return False
    theirs = ClaimedRecord(fencing.record_name(RECORD_KIND, owner), record.me, record.kubeconfig, record.workdir,
                           record.env, record.budget)
    theirs.read()
    claim = theirs.stored_claim()
    return theirs.stored is not None and (claim is None or not claim.deleted)


def download(url: str, destination: str, budget: Budget) -> None:
    """Download with retries and exponential backoff, every attempt bounded by the budget."""
    request = urllib.request.Request(url, headers={"User-Agent": "hyperpod-constructs-helm-installer"})
    backoff, failure = FIRST_BACKOFF_SECONDS, ""
    for attempt in range(1, DOWNLOAD_ATTEMPTS + 1):
        if attempt > 1:
            LOG.warning("download of %s failed (attempt %d): %s", url, attempt - 1, failure)
            budget.wait(backoff, f"the chart source {url} (last attempt: {failure})")
            backoff *= 2
        timeout = budget.timeout(DOWNLOAD_ATTEMPT_SECONDS, f"download {url}")
        LOG.info("downloading %s (attempt %d of %d)", url, attempt, DOWNLOAD_ATTEMPTS)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response, open(destination, "wb") as out:
                shutil.copyfileobj(response, out, length=1 << 20)
            return
        except urllib.error.HTTPError as error:
            if error.code < 500 and error.code != 429:  # e.g. 404 for a commit that does not exist: final
                raise RuntimeError(f"could not download {url}: {error}") from error
            failure = str(error)
        except urllib.error.URLError as error:  # refused, unknown host
            failure = str(error.reason)
        except (OSError, http.client.HTTPException) as error:  # reset, timed out, cut short
            failure = f"{type(error).__name__}: {error}"
    raise RuntimeError(f"could not download {url} after {DOWNLOAD_ATTEMPTS} attempts: {failure}")


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
