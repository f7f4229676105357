"""Custom resource Custom::HyperPodTieredKvCache: size HyperPod's tiered-storage daemon and keep it on its nodes.

HyperPod creates the daemon (DaemonSet and ConfigMap) once the cluster's tiered storage is on, so the objects are
HyperPod's: this resource never applies or deletes them, it changes three things in them, as AWS's quick setup
does after enabling tiered storage:
1. the in-memory cache capacity in the daemon's configuration (the ``capacity = "..."`` line of its ConfigMap),
   written back with the resourceVersion read, so a concurrent change is not lost: on a conflict it reads again;
2. the DaemonSet's node affinity (the serving instance groups), node selector and memory request and limit, by a
   strategic-merge patch;
3. a restart when anything changed, so the pods read the new configuration.
"Restart pending" is state kept on the DaemonSet (``RESTART_PENDING``), set before the change and cleared by the
restart itself (one patch, as ``kubectl rollout restart`` writes it): a pass cut short between the change and the
restart restarts in the next pass, although the configuration is by then already set.
Every step is idempotent; a daemon HyperPod has not created yet is waited for (across invocations). Delete
changes nothing: the daemon stays as configured until HyperPod replaces it.
Every request first takes its turn, as the manifest applier's do (``fencing``, ``claimed_record``), and again after
each wait for the daemon: a request whose turn has passed (CloudFormation gave up on it and sent a later Update, a
rollback or a Delete) stops before it sets its capacity or restarts the daemon. A Delete claims the turn too, so a
cancelled Create still waiting for the daemon stops instead of configuring it for a stack that no longer has it.
"""
from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Mapping, Optional

import fencing
import time_budget
from claimed_record import ClaimedRecord, in_turn
from cluster_access import (
    CALL_SECONDS, CommandFailed, run, tool_env, try_run, work_folder, write_kubeconfig)
from cluster_plan import KUBECTL, require_properties
from time_budget import DEADLINE_FIELD, Backoff, Budget

LOG = logging.getLogger()
DAEMON_SET = "DaemonSet.v1.apps"
# The line of the daemon's config.toml that sets the cache size; the number between the quotes is replaced.
CAPACITY_LINE = re.compile(r'(capacity\s*=\s*")[^"]*("\s*#\s*Total in-memory cache size)')
RESTART_PENDING = "hyperpod-constructs.io/restart-pending"  # on the DaemonSet: a change awaits its restart
RESTARTED_AT = "kubectl.kubernetes.io/restartedAt"  # the pod template annotation kubectl rollout restart sets
CONFLICT = "the object has been modified"  # the API server's words for a stale resourceVersion (409)
CONFLICT_ATTEMPTS = 5
# The request's identity is kept in a record ConfigMap of the resource's own (``fencing.resource_record_name``), not
# on the daemon's ConfigMap: that one is HyperPod's, it does not exist while a request waits for HyperPod to create
# the daemon (the very poll a later request must stop), so a Delete would have nowhere to write its claim, and
# HyperPod writes it anew when it replaces the daemon.
RECORD_KIND = "tiered-kv"


@dataclass(frozen=True)
class DaemonRequest:
    """The custom resource's properties, parsed once."""

    cluster_name: str
    namespace: str
    daemon_set: str
    config_map: str
    cache_capacity: str  # e.g. 408GiB
    daemon_patch: dict[str, Any]


def parse_properties(props: Mapping[str, Any]) -> DaemonRequest:
    required = ("ClusterName", "Namespace", "DaemonSet", "ConfigMap", "CacheCapacity", "DaemonPatch")
    require_properties(props, required)
    patch = json.loads(props["DaemonPatch"])
    if not isinstance(patch, dict):
        raise ValueError("custom resource property DaemonPatch must be a JSON object")
    return DaemonRequest(cluster_name=props["ClusterName"], namespace=props["Namespace"], daemon_set=props["DaemonSet"],
                         config_map=props["ConfigMap"], cache_capacity=props["CacheCapacity"], daemon_patch=patch)


def on_event(event: Mapping[str, Any]) -> dict[str, Any]:
    request = parse_properties(event["ResourceProperties"])
    if event["RequestType"] == "Delete":
        return {"PhysicalResourceId": event["PhysicalResourceId"]}
    return {"PhysicalResourceId": f"{request.cluster_name}/{request.namespace}/{request.daemon_set}"}


def is_complete(event: Mapping[str, Any], budget: Budget) -> dict[str, Any]:
    request_type = event["RequestType"]
    request = parse_properties(event["ResourceProperties"])
    with work_folder() as workdir:
        kubeconfig = write_kubeconfig(request.cluster_name, os.environ["AWS_REGION"], workdir)
        if kubeconfig is None:
            if request_type == "Delete":
                LOG.info("cluster %s is gone; nothing to do", request.cluster_name)
                return {"IsComplete": True}
            raise RuntimeError(f"EKS cluster {request.cluster_name!r} not found")
        env = tool_env(workdir)
        record = ClaimedRecord(fencing.resource_record_name(RECORD_KIND, event),
                               fencing.identity_of(event, DEADLINE_FIELD), kubeconfig, workdir, env, budget)
        if request_type == "Delete":
            return in_turn(record, lambda: leave(record), request_type)
        return in_turn(record, lambda: configured(request, record, env), request_type)


def leave(record: ClaimedRecord) -> dict[str, Any]:
    """Delete in this request's turn: the daemon is HyperPod's and stays as configured; the record goes (or stays as
    a tombstone while a request this Delete superseded may still poll)."""
    LOG.info("the daemon is HyperPod's: nothing to delete")
    record.finish()
    return {"IsComplete": True}


def configured(request: DaemonRequest, record: ClaimedRecord, env: Mapping[str, str]) -> dict[str, Any]:
    changed = configure(request, record.kubeconfig, record.workdir, env, record.budget, record.check_turn)
    record.settle()
    return {"IsComplete": True, "Data": {"Changed": "true" if changed else "false"}}


def command_lines(request: DaemonRequest, kubeconfig: str, config_map_file: str, timeout: float,
                  restart_at: float = 0.0) -> dict[str, list[str]]:
    """The kubectl calls of one pass, by step, with kubectl's own ``--request-timeout`` of ``timeout`` seconds."""
    daemon_ref = f"{DAEMON_SET}/{request.daemon_set}"

    def kubectl(*args: str) -> list[str]:
        return [KUBECTL, *args, "--namespace", request.namespace, "--kubeconfig", kubeconfig,
                "--request-timeout", f"{max(1, int(timeout))}s"]
    return {
        "get daemon": kubectl("get", daemon_ref, "--ignore-not-found", "--output", "json"),
        "get config": kubectl("get", f"ConfigMap/{request.config_map}", "--output", "json"),
        "mark pending": kubectl("patch", daemon_ref, "--type", "merge", "--patch", json.dumps(mark_pending())),
        "replace config": kubectl("replace", "--filename", config_map_file),
        "patch daemon": kubectl("patch", daemon_ref, "--type", "strategic", "--patch", json.dumps(request.daemon_patch)),
        "restart": kubectl("patch", daemon_ref, "--type", "strategic", "--patch",
                           json.dumps(restart_patch(restart_at))),
    }


def configure(request: DaemonRequest, kubeconfig: str, workdir: str, env: Mapping[str, str], budget: Budget,
              check_turn: Callable[[], None]) -> bool:
    """Capacity, patch, restart; True when this pass restarted the daemon. ``check_turn`` after each wait: it stops
    the request (Superseded) when a later one took the turn meanwhile."""
    config_map_file = os.path.join(workdir, "config-map.json")

    def kubectl(step: str) -> list[str]:
        timeout = min(CALL_SECONDS, budget.left()) - 2
        return command_lines(request, kubeconfig, config_map_file, timeout, time_budget.now())[step]

    backoff = Backoff()
    while (daemon := get(kubectl("get daemon"), env, budget)) is None:
        budget.wait(backoff.next(), f"HyperPod to create DaemonSet {request.namespace}/{request.daemon_set} (it does "
                                    "once the cluster's tiered storage is enabled)")
        check_turn()
    pending = RESTART_PENDING in (daemon.get("metadata", {}).get("annotations") or {})
    for attempt in range(1, CONFLICT_ATTEMPTS + 1):
        config_map = get(kubectl("get config"), env, budget)
        assert config_map is not None
        resized = with_capacity(config_map, request.cache_capacity, f"{request.namespace}/{request.config_map}")
        if resized is None:
            break
        if not pending:
            run(kubectl("mark pending"), env, budget)
            pending = True
        with open(config_map_file, "w", encoding="utf-8") as handle:
            json.dump(resized, handle)
        result = try_run(kubectl("replace config"), env, budget)
        if result.returncode == 0:
            break
        if CONFLICT not in result.stderr or attempt == CONFLICT_ATTEMPTS:
            raise CommandFailed(["kubectl", "replace", f"ConfigMap/{request.config_map}"], result)
        LOG.info("ConfigMap %s changed since it was read; reading it again", request.config_map)
    patched = run(kubectl("patch daemon"), env, budget)
    restart = pending or "(no change)" not in patched
    if restart:
        run(kubectl("restart"), env, budget)
    LOG.info("daemon %s/%s: cache %s, %s", request.namespace, request.daemon_set, request.cache_capacity,
             "changed and restarted" if restart else "already configured")
    return restart


def mark_pending() -> dict[str, Any]:
    return {"metadata": {"annotations": {RESTART_PENDING: "true"}}}


def restart_patch(at: float) -> dict[str, Any]:
    """What ``kubectl rollout restart`` writes (a new pod template annotation, so every pod is replaced), and the
    pending mark cleared in the same write."""
    stamp = datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"metadata": {"annotations": {RESTART_PENDING: None}},
            "spec": {"template": {"metadata": {"annotations": {RESTARTED_AT: stamp}}}}}


def with_capacity(config_map: Mapping[str, Any], capacity: str, name: str) -> Optional[dict[str, Any]]:
    """The ConfigMap with its cache capacity set, or None when it already has it; an error when no entry has the
    capacity line (a daemon version this library does not know)."""
    data = dict(config_map.get("data") or {})
    for key, text in data.items():
        match = CAPACITY_LINE.search(text)
        if match is None:
            continue
        updated = CAPACITY_LINE.sub(lambda found: f"{found.group(1)}{capacity}{found.group(2)}", text, count=1)
        if updated == text:
            return None
        return {**config_map, "data": {**data, key: updated}}
    raise RuntimeError(f"ConfigMap {name} has no 'capacity = \"...\" # Total in-memory cache size' line in "
                       f"{', '.join(sorted(data)) or 'its data'}; this daemon version is not one the library knows")


def get(argv: list[str], env: Mapping[str, str], budget: Budget) -> Optional[dict[str, Any]]:
    output = run(argv, env, budget)
    return json.loads(output) if output.strip() else None

