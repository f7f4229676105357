"""The fallback a wake hold ends in: a small nginx in the endpoint's namespace that answers every request ``503`` with
``Retry-After``, which the hold's ``InterceptorRoute`` names as ``coldStart.fallback.service``.

Why a Service and not the route's own answer: KEDA HTTP add-on v0.15.0 answers 504 without ``Retry-After`` when the
readiness wait runs out, and its ``coldStart.placeholder`` answers at once, without holding. With a fallback the
endpoint resolver (``interceptor/middleware/endpoint_resolver.go``) forwards the request to the fallback's URL once
``timeouts.readiness`` has passed, through the same reverse proxy as a ready pod (``interceptor/handler/upstream.go``),
so the fallback's status, headers and body reach the caller as sent.

Written once as plain manifests (``wake_fallback_manifests``); the chart's Deployment and Service are cdk8s-plus-28's
generated ``KubeDeployment`` / ``KubeService`` (``api_objects.add_core_objects``), the ConfigMap a plain ``ApiObject``.
"""
from __future__ import annotations

import json
from typing import Any

from ..intent.wake_hold import FALLBACK_SUFFIX
from ..resolve.records import WakeHoldRecord
from .api_objects import MANAGED_BY_LABEL

#: NGINX's unprivileged image (runs as uid 101, listens on 8080 unprivileged), pinned to a release line on ECR Public
#: so nodes pull it without Docker Hub's rate limit.
FALLBACK_IMAGE = "public.ecr.aws/nginx/nginx-unprivileged:1.31-alpine"
FALLBACK_PORT = 8080
CONFIG_KEY = "nginx.conf"
CONFIG_DIR = "/etc/wake-fallback"
NGINX_UID = 101  # the image's nginx user
COMPONENT_LABEL = "hyperpod-constructs/wake-fallback"


def fallback_name(endpoint_name: str) -> str:
    """The fallback's Deployment, Service and ConfigMap name."""
    return f"{endpoint_name}{FALLBACK_SUFFIX}"


def fallback_body(hold: WakeHoldRecord) -> str:
    """The JSON the fallback answers with: what happened and when to come back."""
    return json.dumps({"error": {
        "code": 503, "type": "endpoint_waking",
        "message": (f"endpoint {hold.name!r} is starting from zero replicas and no replica was ready within "
                    f"{hold.max_wait_s} s; retry after {hold.retry_after_s} s")}}, separators=(",", ":"))


def nginx_config(hold: WakeHoldRecord) -> str:
    """nginx.conf: every method and path answered 503 with ``Retry-After`` and the JSON body; every path it writes
    under /tmp (the root file system is read-only); no body size limit, so a long prompt gets the 503, not a 413."""
    body = fallback_body(hold).replace("\\", "\\\\").replace("'", "\\'")
    return "\n".join([
        "worker_processes 1;",
        "pid /tmp/nginx.pid;",
        "error_log stderr warn;",
        "events { worker_connections 1024; }",
        "http {",
        "    access_log off;",
        "    server_tokens off;",
        "    client_max_body_size 0;",
        *(f"    {kind}_temp_path /tmp/{kind}_temp;" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")),
        "    server {",
        f"        listen {FALLBACK_PORT} default_server;",
        "        location / {",
        "            default_type application/json;",
        f"            add_header Retry-After {hold.retry_after_s} always;",
        f"            return 503 '{body}';",
        "        }",
        "    }",
        "}",
        ""])


def wake_fallback_manifests(hold: WakeHoldRecord) -> list[dict[str, Any]]:
    """The ConfigMap, Deployment and Service of the hold's fallback, in the endpoint's namespace."""
    assert hold.retry_after_s is not None, "the platform fills retry_after_s before rendering"
    name, namespace = fallback_name(hold.name), hold.namespace
    selector = {COMPONENT_LABEL: name}
    metadata = {"name": name, "namespace": namespace, "labels": {**MANAGED_BY_LABEL, **selector}}
    container = {
        "name": "nginx", "image": FALLBACK_IMAGE,
        "command": ["nginx", "-e", "stderr", "-c", f"{CONFIG_DIR}/{CONFIG_KEY}", "-g", "daemon off;"],
        "ports": [{"name": "http", "containerPort": FALLBACK_PORT}],
        "readinessProbe": {"tcpSocket": {"port": FALLBACK_PORT}, "periodSeconds": 10},
        "resources": {"requests": {"cpu": "10m", "memory": "16Mi"}, "limits": {"cpu": "100m", "memory": "64Mi"}},
        "securityContext": {"runAsNonRoot": True, "runAsUser": NGINX_UID, "readOnlyRootFilesystem": True,
                            "allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}},
        "volumeMounts": [{"name": "config", "mountPath": CONFIG_DIR, "readOnly": True},
                         {"name": "tmp", "mountPath": "/tmp"}],
    }
    pod = {"automountServiceAccountToken": False, "containers": [container],
           "securityContext": {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}},
           "volumes": [{"name": "config", "configMap": {"name": name}},
                       {"name": "tmp", "emptyDir": {"medium": "Memory", "sizeLimit": "16Mi"}}]}
    return [
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": metadata, "data": {CONFIG_KEY: nginx_config(hold)}},
        {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": metadata,
         "spec": {"replicas": 1, "selector": {"matchLabels": selector},
                  "template": {"metadata": {"labels": selector}, "spec": pod}}},
        {"apiVersion": "v1", "kind": "Service", "metadata": metadata,
         "spec": {"selector": selector, "ports": [{"name": "http", "port": FALLBACK_PORT, "targetPort": "http"}]}},
    ]
