"""API errors as metav1.Status bodies, with the messages the real API server writes.

Why: kubectl and helm print the server's ``message`` and branch on ``reason``/``code``; the handler's fault tests
assert on those exact strings, so they follow k8s.io/apimachinery/pkg/api/errors.
"""
from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, code: int, reason: str, message: str, details: dict[str, Any] | None = None,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code, self.reason, self.message, self.details = code, reason, message, details
        self.retry_after = retry_after  # seconds, sent as a Retry-After header

    def status(self) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                                "message": self.message, "reason": self.reason, "code": self.code}
        if self.details is not None:
            body["details"] = self.details
        return body


def qualified(plural: str, group: str) -> str:
    """``configmaps`` or ``deployments.apps``: the GroupResource string the messages use."""
    return f"{plural}.{group}" if group else plural


def _details(plural: str, group: str, name: str) -> dict[str, Any]:
    details: dict[str, Any] = {"name": name, "kind": plural}
    if group:
        details["group"] = group
    return details


def not_found(plural: str, group: str, name: str) -> ApiError:
    return ApiError(404, "NotFound", f'{qualified(plural, group)} "{name}" not found', _details(plural, group, name))


def already_exists(plural: str, group: str, name: str) -> ApiError:
    return ApiError(409, "AlreadyExists", f'{qualified(plural, group)} "{name}" already exists',
                    _details(plural, group, name))


def conflict(plural: str, group: str, name: str) -> ApiError:
    return ApiError(409, "Conflict", f'Operation cannot be fulfilled on {qualified(plural, group)} "{name}": the '
                    "object has been modified; please apply your changes to the latest version and try again",
                    _details(plural, group, name))


def namespace_terminating(plural: str, group: str, name: str, namespace: str) -> ApiError:
    details = _details(plural, group, name)
    details["causes"] = [{"reason": "NamespaceTerminating", "message": f"namespace {namespace} is being terminated",
                          "field": "metadata.namespace"}]
    return ApiError(403, "Forbidden", f'{qualified(plural, group)} "{name}" is forbidden: unable to create new '
                    f"content in namespace {namespace} because it is being terminated", details)


def bad_request(message: str) -> ApiError:
    return ApiError(400, "BadRequest", message)


def invalid(kind: str, group: str, name: str, causes: list[tuple[str, str]]) -> ApiError:
    """422 Invalid: ``ConfigMap "x" is invalid: metadata.name: Required value``."""
    text = "; ".join(f"{field}: {message}" for field, message in causes)
    what = f"{kind}.{group}" if group else kind
    return ApiError(422, "Invalid", f'{what} "{name}" is invalid: {text}',
                    {"name": name, "group": group, "kind": kind,
                     "causes": [{"reason": "FieldValueInvalid", "message": m, "field": f} for f, m in causes]})


def unauthorized() -> ApiError:
    return ApiError(401, "Unauthorized", "Unauthorized")


def forbidden(verb: str, plural: str, group: str, namespace: str | None, name: str | None, user: str) -> ApiError:
    """403 Forbidden, as RBAC words it: ``configmaps "x" is forbidden: User "u" cannot get resource "configmaps" in
    API group "" in the namespace "kube-system"``."""
    where = f'in the namespace "{namespace}"' if namespace else "at the cluster scope"
    what = f'{qualified(plural, group)} "{name}"' if name else qualified(plural, group)
    return ApiError(403, "Forbidden", f'{what} is forbidden: User "{user}" cannot {verb} resource "{plural}" in API '
                    f'group "{group}" {where}', _details(plural, group, name or ""))


def method_not_allowed() -> ApiError:
    return ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource")


def unsupported_media_type(accepted: list[str]) -> ApiError:
    return ApiError(415, "UnsupportedMediaType", "the body of the request was in an unknown format - accepted media "
                    "types include: " + ", ".join(accepted))


def path_not_found() -> ApiError:
    # The real server answers an unknown path with this (from its NotFound handler)
    return ApiError(404, "NotFound", "the server could not find the requested resource")


# The transient answers of a real API server (k8s.io/apimachinery/pkg/api/errors: NewInternalError, NewServerTimeout,
# NewTooManyRequests, NewServiceUnavailable, NewTimeoutError; etcd's errors reach clients inside an InternalError),
# as (status, reason, message), for ``KubeApiServer.fail``.
TRANSIENT = {
    "leader changed": (500, "InternalError", "Internal error occurred: etcdserver: leader changed"),
    "etcd timeout": (500, "InternalError", "Internal error occurred: etcdserver: request timed out"),
    "internal error": (500, "InternalError", "Internal error occurred: unexpected error"),
    "server timeout": (504, "ServerTimeout", "The patch operation against configmaps could not be completed at "
                       "this time, please try again."),
    "too many requests": (429, "TooManyRequests", "Too many requests, please try again later."),
    "unavailable": (503, "ServiceUnavailable", "the server is currently unable to handle the request"),
    "timeout": (504, "Timeout", "Timeout: request did not complete within the allotted timeout"),
}
