"""Custom resource Custom::HyperPodManifests: apply the platform's rendered manifests from one S3 bundle.

Create/Update: download the bundle, fill the deploy-time values, ``kubectl apply --server-side`` the files
that changed since the last apply (a record ConfigMap holds each file's hash), then delete the objects
labelled as this platform's that the bundle no longer holds. Delete: delete every object labelled as this
platform's (a missing cluster is success). Runs under ``custom_resources.Provider`` (``index`` dispatches
here): return the result, raise on failure. The decisions live in ``manifest_plan``; the cluster access
(kubeconfig, token, running kubectl) is shared with the Helm installer in ``cluster_access``.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import zipfile
from typing import Any, Mapping, Optional, Sequence

import manifest_plan as plan
from cluster_plan import tail
from cluster_access import run, tool_env, try_run, wait_for_cluster_access, write_kubeconfig

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)


def handler(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    request_type = event["RequestType"]
    LOG.info("%s %s", request_type, event.get("PhysicalResourceId", ""))
    request = plan.parse_properties(event["ResourceProperties"])
    region = os.environ["AWS_REGION"]
    workdir = tempfile.mkdtemp(dir="/tmp")  # /tmp survives warm starts; one fresh folder per run
    try:
        env = tool_env(workdir)
        kubeconfig = write_kubeconfig(request.cluster_name, region, workdir)
        if request_type == "Delete":
            physical_id = event.get("PhysicalResourceId", "")
            if kubeconfig is None:
                LOG.info("cluster %s is gone; nothing to delete", request.cluster_name)
            else:
                remove(request, kubeconfig, env)
            return {"PhysicalResourceId": physical_id}
        if kubeconfig is None:
            raise RuntimeError(f"EKS cluster {request.cluster_name!r} not found")
        old = plan.parse_properties(event["OldResourceProperties"]) if request_type == "Update" else None
        data = deliver(request, old, kubeconfig, workdir, env)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {"PhysicalResourceId": plan.physical_resource_id(request), "Data": data}


def deliver(request: plan.ApplyRequest, old: Optional[plan.ApplyRequest], kubeconfig: str, workdir: str,
            env: Mapping[str, str]) -> dict[str, str]:
    bundle = os.path.join(workdir, "bundle")
    fetch_bundle(request.bucket, request.key, bundle)
    with open(os.path.join(bundle, plan.INVENTORY_FILE), encoding="utf-8") as handle:
        inventory = plan.parse_inventory(handle.read())
    plan.check_values(inventory.values, request.values)
    filled = {}
    for name in inventory.files:
        with open(os.path.join(bundle, plan.MANIFESTS_DIR, name), encoding="utf-8") as handle:
            filled[name] = plan.fill_values(handle.read(), request.values)

    wait_for_cluster_access(kubeconfig, env)
    live = list_owned(plan.kinds_to_list(request, old), plan.selectors(request, old), kubeconfig, env)
    record = plan.parse_record(run(plan.record_get_argv(request.record_name, kubeconfig), env))
    changed = plan.files_to_apply(filled, record, inventory, live)
    if changed:
        to_apply = os.path.join(workdir, "apply")
        os.makedirs(to_apply)
        for name in changed:
            with open(os.path.join(to_apply, name), "w", encoding="utf-8") as handle:
                handle.write(filled[name])
        run(plan.apply_argv(to_apply, kubeconfig), env)
    pruned = plan.to_prune(live, inventory)
    for argv in plan.delete_argvs(pruned, kubeconfig):
        run(argv, env)
    write_record(request.record_name, {name: plan.content_hash(text) for name, text in filled.items()},
                 kubeconfig, workdir, env)
    if old is not None and old.record_name != request.record_name:
        run(plan.record_delete_argv(old.record_name, kubeconfig), env)
    LOG.info("applied %d files, %d unchanged, pruned %d objects", len(changed), len(filled) - len(changed), len(pruned))
    return plan.response_data(changed, len(filled) - len(changed), pruned)


def remove(request: plan.ApplyRequest, kubeconfig: str, env: Mapping[str, str]) -> None:
    """Delete everything this platform applied (found by its label), then the record."""
    wait_for_cluster_access(kubeconfig, env)
    owned = list_owned(list(request.kinds), [request.selector], kubeconfig, env)
    for argv in plan.delete_argvs(owned, kubeconfig):
        run(argv, env)
    run(plan.record_delete_argv(request.record_name, kubeconfig), env)


def list_owned(kinds: Sequence[str], selectors: Sequence[str], kubeconfig: str,
               env: Mapping[str, str]) -> list[plan.ObjectRef]:
    """Objects carrying the platform's label, kind by kind (a kind whose CRD is gone has none)."""
    found: list[plan.ObjectRef] = []
    for kind in kinds:
        for selector in selectors:
            result = try_run(plan.get_argv(kind, selector, kubeconfig), env)
            if result.returncode != 0:
                if plan.is_unknown_kind(result.stderr):
                    LOG.info("kind %s is not served by the cluster: %s", kind, result.stderr.strip())
                    continue
                raise RuntimeError(f"listing {kind} failed ({result.returncode}): {tail(result.stderr.strip())}")
            found.extend(plan.live_objects(kind, result.stdout))
    return found


def write_record(name: str, hashes: Mapping[str, str], kubeconfig: str, workdir: str, env: Mapping[str, str]) -> None:
    path = os.path.join(workdir, "record.json")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(plan.record_manifest(name, hashes), handle)
    run(plan.apply_argv(path, kubeconfig), env)


def fetch_bundle(bucket: str, key: str, destination: str) -> None:
    """Download the bundle zip from the CDK assets bucket and unpack it; the "data" rules refuse paths that leave
    ``destination``."""
    import boto3  # the Lambda runtime has it; imported here so the pure parts load without it

    archive = destination + ".zip"
    boto3.client("s3").download_file(bucket, key, archive)
    unpack(archive, destination)


def unpack(archive: str, destination: str) -> None:
    root = os.path.realpath(destination)
    with zipfile.ZipFile(archive) as bundle:
        for member in bundle.namelist():
            target = os.path.realpath(os.path.join(root, member))
            if target != root and not target.startswith(root + os.sep):
                raise RuntimeError(f"bundle member {member!r} would land outside the bundle folder")
        bundle.extractall(root)
