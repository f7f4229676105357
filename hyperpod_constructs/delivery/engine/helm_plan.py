"""Pure decisions of the HyperPod Helm chart installer: URLs, values, helm command lines, time limits, repairs.

No AWS calls and no subprocesses here, so every decision is unit-testable; ``helm_installer`` does the I/O.
Standard library only: the Lambda Python runtime has no PyYAML.
"""
from __future__ import annotations

import copy
import hashlib
import json
import posixpath
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from cluster_plan import HELM, require_properties

HELM_TIMEOUT_SECONDS = 600  # the longest Helm's own --timeout gets; less when the invocation has less left
HELM_EXIT_SECONDS = 10.0  # after its --timeout Helm still records the release and exits
RECOVERY_SECONDS = 60.0  # kept back for a rollback or uninstall after a failed upgrade
SHORTEST_HELM_SECONDS = 60.0  # an upgrade with less time than this is not started (OutOfTime: the next invocation)
DESCRIPTION_PREFIX = "hyperpod-constructs request "
OWNER_SEPARATOR = " by "  # then the CloudFormation resource that installed it (``owner``)
ROLLBACK_DESCRIPTION = re.compile(r"^Rollback to (\d+)$")  # what `helm rollback` records (Helm 4 action/rollback.go)
STUCK_STATUSES = ("failed", "pending-install", "pending-upgrade", "pending-rollback", "uninstalling")
# A line of Helm 4's log (log/slog text): `level=WARN msg="upgrade failed" ... error="<the error, escaped>"`.
HELM_LOG_LINE = re.compile(r"^(time=\S+ )?level=(DEBUG|INFO|WARN|ERROR) ")
EXACT_VERSION = re.compile(r"^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")  # SemVer, no range
# Local sub-charts whose own remote dependencies `helm dependency update` on the parent does not fetch:
# (sub-chart folder under charts/, the parent value that enables it).
SUBCHARTS_WITH_REMOTE_DEPENDENCIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gpu-operator", ("gpu-operator", "enabled")),
)
GPU_OPERATOR_REGIONAL_VALUES = "charts/gpu-operator/regional-values/values-{region}.yaml"


@dataclass(frozen=True)
class InstallRequest:
    """The custom resource's properties, parsed once."""

    cluster_name: str
    repository: str
    chart_path: str
    git_ref: str
    release: str
    namespace: str
    values: dict[str, Any]
    wait: bool


def parse_properties(props: Mapping[str, Any]) -> InstallRequest:
    """CloudFormation sends every property as a string; fail loudly on a missing one."""
    required = ("ClusterName", "Repository", "ChartPath", "GitRef", "Release", "Namespace", "Values")
    require_properties(props, required)
    values = json.loads(props["Values"])
    if not isinstance(values, dict):
        raise ValueError("custom resource property Values must be a JSON object")
    return InstallRequest(
        cluster_name=props["ClusterName"], repository=props["Repository"], chart_path=props["ChartPath"],
        git_ref=props["GitRef"], release=props["Release"], namespace=props["Namespace"], values=values,
        wait=str(props.get("Wait", "false")).lower() == "true",
    )


def physical_resource_id(request: InstallRequest) -> str:
    """One id per (cluster, namespace, release): changing any of them makes CloudFormation delete the old release."""
    return f"{request.cluster_name}/{request.namespace}/{request.release}"


def parse_physical_resource_id(physical_id: str) -> Optional[tuple[str, str, str]]:
    """(cluster, namespace, release) from an id this handler issued, or None for anything else."""
    parts = physical_id.split("/")
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 and all(parts) else None


def tarball_url(base_url: str, repository: str, git_ref: str) -> str:
    """GitHub's archive of one commit; no git binary and no API token needed."""
    return f"{base_url}/{repository}/tar.gz/{git_ref}"


def chart_member_path(member_name: str, chart_path: str) -> Optional[str]:
    """Where an archive member lands relative to the chart folder, or None if it is outside the chart.

    GitHub archives put everything under one top folder (``repo-<sha>``), so the first component is dropped
    whatever it is.
    """
    parts = member_name.split("/", 1)
    if len(parts) != 2:
        return None
    inside = posixpath.normpath(parts[1])
    prefix = chart_path.strip("/")
    if inside == prefix:
        return "."
    if not inside.startswith(prefix + "/"):
        return None
    relative = inside[len(prefix) + 1:]
    if relative.startswith("/") or relative == ".." or relative.startswith("../"):
        return None
    return relative


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Helm's own rule for values files: maps merge key by key, anything else is replaced by ``override``."""
    merged: dict[str, Any] = copy.deepcopy(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def region_defaults(region: str) -> dict[str, Any]:
    """The region the chart's images come from.

    Without it the health-monitoring agent looks the region up from node labels, and before the HyperPod
    cluster exists there are no nodes, so it falls back to us-east-1's image.
    """
    return {"global": {"region": region}, "health-monitoring-agent": {"region": region}}


def value_at(values: Mapping[str, Any], path: Sequence[str]) -> Any:
    """The value at a key path, or None."""
    current: Any = values
    for key in path:
        if not isinstance(current, Mapping) or key not in current:
            return None
        current = current[key]
    return current


def gpu_operator_enabled(values: Mapping[str, Any]) -> bool:
    return value_at(values, ("gpu-operator", "enabled")) is True


def subcharts_to_prepare(values: Mapping[str, Any]) -> list[str]:
    """Enabled local sub-charts that need their own ``helm dependency update`` first."""
    return [f"charts/{folder}" for folder, switch in SUBCHARTS_WITH_REMOTE_DEPENDENCIES if value_at(values, switch) is True]


def gpu_operator_regional_values_path(region: str) -> str:
    """The chart's per-region image mirrors for the GPU operator, relative to the chart folder."""
    return GPU_OPERATOR_REGIONAL_VALUES.format(region=region)


def nest_values_yaml(text: str, key: str) -> str:
    """Put a sub-chart's values file under its key in the parent (Helm has no flag to target a sub-chart).

    Block YAML nests by indentation, so two spaces per line is enough; document markers are dropped.
    """
    lines = [line for line in text.splitlines() if line.strip() not in ("---", "...")]
    body = "\n".join(("  " + line) if line.strip() else "" for line in lines)
    return f"{key}:\n{body}\n"


def dependency_list_argv(chart_dir: str) -> list[str]:
    return [HELM, "dependency", "list", chart_dir]


def dependency_update_argv(chart_dir: str) -> list[str]:
    # `update`, not `build`: the chart ships no Chart.lock; its exact versions are checked first (loose_dependencies).
    return [HELM, "dependency", "update", chart_dir]


def loose_dependencies(dependency_list: str) -> list[str]:
    """Dependencies of ``helm dependency list`` output whose version is not one exact version ("name range").

    The chart ships no Chart.lock, so the commit pins its dependencies only while each names an exact version;
    a range (``^1.2``, ``>=1``, ``1.x``) would let two deploys of the same commit install different charts.
    """
    loose = []
    for line in dependency_list.splitlines()[1:]:  # the first line is the NAME VERSION REPOSITORY STATUS header
        columns = [column.strip() for column in line.split("\t")]  # Helm's table pads cells and separates by tabs
        if len(columns) >= 3 and not EXACT_VERSION.match(columns[1]):
            loose.append(f"{columns[0]} {columns[1]!r}")
    return loose


def helm_error(output: str) -> str:
    """What Helm said went wrong, for CloudFormation: its output without the log lines Helm 4 writes before the
    error (an upgrade that fails with ``--rollback-on-failure`` logs ``level=WARN msg="upgrade failed" ...`` with
    the error again, escaped on one line); the whole output when it is only log lines."""
    kept = [line for line in output.strip().splitlines() if not HELM_LOG_LINE.match(line)]
    return "\n".join(kept).strip() or output.strip()


def base_argv(command: Sequence[str], release: str, namespace: str, kubeconfig: str, *arguments: str) -> list[str]:
    return [HELM, *command, release, *arguments, "--namespace", namespace, "--kubeconfig", kubeconfig]


def history_argv(release: str, namespace: str, kubeconfig: str) -> list[str]:
    return base_argv(["history"], release, namespace, kubeconfig) + ["--output", "json"]


def upgrade_argv(request: InstallRequest, chart_dir: str, values_files: Sequence[str], kubeconfig: str,
                 timeout_seconds: int, digest: str, owner: str) -> list[str]:
    """`helm upgrade --install`: the same command for create and update, so re-runs converge.

    With ``wait`` Helm waits for every workload and rolls back (a first install: uninstalls) on failure.
    Without it ``--rollback-on-failure`` cannot be used: Helm 4 then turns waiting on (``watcher``), which on a
    cluster without nodes never succeeds; the installer rolls a failed release back itself (``recovery``).
    """
    argv = base_argv(["upgrade", "--install"], request.release, request.namespace, kubeconfig, chart_dir)
    argv += ["--create-namespace", "--timeout", f"{timeout_seconds}s", "--description", description(digest, owner)]
    for path in values_files:
        argv += ["--values", path]
    if request.wait:
        argv += ["--wait=watcher", "--rollback-on-failure"]  # Helm 4: --wait takes a strategy, --atomic is gone
    return argv


def rollback_argv(release: str, namespace: str, revision: int, kubeconfig: str, timeout_seconds: int) -> list[str]:
    """Back to a good revision without waiting for readiness: it restores what was there, nodes or not."""
    return base_argv(["rollback"], release, namespace, kubeconfig, str(revision)) + ["--timeout", f"{timeout_seconds}s"]


def uninstall_argv(release: str, namespace: str, kubeconfig: str, timeout_seconds: int) -> list[str]:
    return base_argv(["uninstall"], release, namespace, kubeconfig) + [
        "--ignore-not-found", "--timeout", f"{timeout_seconds}s"]


def upgrade_timeout(seconds_left: float, wait: bool) -> Optional[int]:
    """Helm's ``--timeout`` for an upgrade that must end, rollback included, inside ``seconds_left``; None when
    too little time is left to start one (it would be killed mid-way and leave the release pending).

    Kept back: Helm's time to write its record and exit, and a recovery after a failure. With ``wait``,
    ``--rollback-on-failure`` gives Helm's own rollback the same timeout again, so the rest is halved.
    """
    usable = seconds_left - HELM_EXIT_SECONDS - RECOVERY_SECONDS
    timeout = min(HELM_TIMEOUT_SECONDS, usable / 2 if wait else usable)
    return int(timeout) if timeout >= SHORTEST_HELM_SECONDS else None


def short_timeout(seconds_left: float) -> Optional[int]:
    """Helm's ``--timeout`` for a rollback or uninstall, or None when too little time is left to start one."""
    timeout = min(RECOVERY_SECONDS, seconds_left - HELM_EXIT_SECONDS)
    return int(timeout) if timeout >= 1 else None


@dataclass(frozen=True)
class Revision:
    """One entry of ``helm history --output json``."""

    revision: int
    status: str
    description: str


def parse_history(text: str) -> list[Revision]:
    """Revisions, oldest first."""
    entries = json.loads(text or "[]")
    return sorted((Revision(int(e["revision"]), str(e["status"]), str(e.get("description", ""))) for e in entries),
                  key=lambda revision: revision.revision)


def request_digest(request: InstallRequest, values: Mapping[str, Any]) -> str:
    """What the release must be for this request: same digest, nothing to do (no download, no Helm run)."""
    what = {"repository": request.repository, "chart_path": request.chart_path, "git_ref": request.git_ref,
            "values": values, "wait": request.wait}
    return hashlib.sha256(json.dumps(what, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def description(digest: str, owner: str) -> str:
    """Recorded on the release (``--description``), so a later run can tell which request it installed, and for
    which CloudFormation resource (``owner``: ``fencing.resource_key``, its record's name without the prefix)."""
    return f"{DESCRIPTION_PREFIX}{digest}{OWNER_SEPARATOR}{owner}"


@dataclass(frozen=True)
class Installed:
    """What a revision's description says: the request digest, and the resource that installed it (None: a version
    that did not name it, or Helm installed it for someone else)."""

    digest: Optional[str]
    owner: Optional[str]


def parse_description(text: str) -> Installed:
    if not text.startswith(DESCRIPTION_PREFIX):
        return Installed(None, None)
    digest, _, named = text[len(DESCRIPTION_PREFIX):].partition(OWNER_SEPARATOR)
    return Installed(digest, named or None)


def restored(history: Sequence[Revision], revision: Revision) -> Revision:
    """The revision ``revision`` stands for: a rollback ("Rollback to N") carries what N installed, and N may be a
    rollback too."""
    by_number = {item.revision: item for item in history}
    current = revision
    for _ in history:  # a chain of rollbacks is at most as long as the history
        match = ROLLBACK_DESCRIPTION.match(current.description)
        if match is None or int(match.group(1)) not in by_number:
            break
        current = by_number[int(match.group(1))]
    return current


def installed(history: Sequence[Revision]) -> Optional[Installed]:
    """What the release runs now, or None (no release, or a later revision failed or is pending)."""
    if not history or history[-1].status != "deployed":
        return None
    return parse_description(restored(history, history[-1]).description)


def runs_request(history: Sequence[Revision], digest: str, me: str, request_type: str) -> bool:
    """True when a Create or Update has nothing to do: the release runs this request, installed by this resource.

    The same request installed by another resource is taken over (a revision naming this one): after a move
    (a new logical id, another stack) CloudFormation creates the new resource, then deletes the old one, whose
    Delete must then find the release is no longer its own. A release whose description names no owner (an
    earlier version installed it) counts as this resource's for an Update, whose rollback must work without the
    chart source, but not for a Create: a new resource, maybe the moved one.
    """
    now = installed(history)
    if now is None or now.digest != digest:
        return False
    return now.owner == me or (now.owner is None and request_type == "Update")


def good_revisions(history: Sequence[Revision]) -> list[Revision]:
    """The revisions a broken release is brought back to: the deployed ones (a failed upgrade leaves the previous
    one deployed), else the superseded ones; oldest first."""
    return [r for r in history if r.status == "deployed"] or [r for r in history if r.status == "superseded"]


@dataclass(frozen=True)
class Removal:
    """What a Delete does with the release: ``uninstall`` it, ``leave`` it to ``owner``, or ``hand back`` it to
    ``owner`` (roll back to its ``revision``) when that resource still exists; ``reason`` for the log."""

    action: str
    reason: str
    owner: Optional[str] = None
    revision: int = 0


def removal(history: Sequence[Revision], me: str) -> Removal:
    """A Delete uninstalls the release only when this resource installed what it runs (or what a failed or pending
    last revision would be brought back to); a release another resource took over (the construct moved, and
    CloudFormation deletes the old logical id after creating the new one) is left to it. A release no revision of
    which names an owner (installed by an earlier version, or never deployed) is uninstalled, as before.

    When this resource took the release over from another one (it moved, and CloudFormation's rollback now deletes
    the new resource; or the new stack is deleted before the old one), the release goes back to that resource's
    last revision if the resource still exists (``hand back``: the caller looks for its record), else it is
    uninstalled.
    """
    if history and history[-1].status == "uninstalling":  # its owner's Delete was stopped mid-way: finished
        return Removal("uninstall", f"its revision {history[-1].revision} is uninstalling")
    good = good_revisions(history)
    if not good:
        return Removal("uninstall", "no revision of it was ever deployed" if history else "it is not installed")
    kept = good[-1]
    named = parse_description(restored(history, kept).description).owner
    if named is None:
        return Removal("uninstall", "its revisions name no owner")
    if named != me:
        broken = history[-1]
        state = (f"; its revision {broken.revision} is {broken.status}, which {named}'s next deploy repairs"
                 if broken.status in STUCK_STATUSES else "")
        return Removal("leave", f"revision {kept.revision} was installed by {named}, not by this resource ({me})"
                       f"{state}", named)
    previous = previous_owner(history, me)
    if previous is None:
        return Removal("uninstall", f"this resource ({me}) installed it")
    return Removal("hand back", f"this resource ({me}) took it over from {previous[1]}, whose revision "
                   f"{previous[0]} it goes back to", previous[1], previous[0])


def previous_owner(history: Sequence[Revision], me: str) -> Optional[tuple[int, str]]:
    """The newest revision another resource installed before this one took the release over, and that resource;
    None when there is none (or an earlier version installed it: no resource to hand it back to)."""
    for revision in reversed(revisions_that_ran(history)):
        installed_by = restored(history, revision)
        named = parse_description(installed_by.description).owner
        if named != me:
            return (installed_by.revision, named) if named is not None else None
    return None


def revisions_that_ran(history: Sequence[Revision]) -> list[Revision]:
    """Every revision that ran (deployed or superseded), oldest first."""
    return [r for r in history if r.status in ("deployed", "superseded")]


@dataclass(frozen=True)
class Recovery:
    """How to bring a release whose last revision failed or is pending (a run stopped mid-way) back to a good
    state: ``rollback`` to ``revision``, or ``uninstall`` when it never was deployed or an uninstall was stopped;
    ``done`` says which, for the log and CloudFormation."""

    action: str
    revision: int
    reason: str
    done: str = ""


def recovery(history: Sequence[Revision]) -> Optional[Recovery]:
    """None while the release is absent or its last revision is deployed.

    Helm refuses to upgrade a pending release ("another operation ... is in progress") and a failed one holds
    half-applied objects. The good revision is the deployed one (a failed upgrade leaves the previous one
    deployed), else the newest superseded one. An uninstall stopped mid-way leaves its last revision
    ``uninstalling``, which Helm 4 never upgrades ("has no deployed releases"): the uninstall is finished.
    """
    if not history or history[-1].status not in STUCK_STATUSES:
        return None
    last = history[-1]
    reason = f"its revision {last.revision} is {last.status}"
    if last.status == "uninstalling":
        return Recovery("uninstall", 0, reason, "uninstalled (its uninstall had been stopped)")
    good = good_revisions(history)
    if not good:
        return Recovery("uninstall", 0, reason, "uninstalled (it never was deployed)")
    return Recovery("rollback", good[-1].revision, reason, f"rolled back to revision {good[-1].revision}")


def response_data(request: InstallRequest) -> dict[str, str]:
    """Attributes other stacks and constructs can read with GetAtt."""
    return {
        "ChartPath": request.chart_path,
        "GitRef": request.git_ref,
        "Repository": request.repository,
        "Release": request.release,
        "Namespace": request.namespace,
    }
