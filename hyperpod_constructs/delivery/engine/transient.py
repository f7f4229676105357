"""Which failed kubectl and helm calls are worth running again: the API server said "not now", not "no".

The model is client-go's own retry (``retry.OnError`` with ``IsServerTimeout``, ``IsTooManyRequests``,
``IsInternalError``): an answer whose metav1.Status reason is one of ``TRANSIENT_REASONS``, or no answer at all
(a connection reset or refused, a timeout), goes away by itself. kubectl prints the reason
(``Error from server (InternalError): ...``); Helm prints only the message, so the messages apimachinery writes for
those reasons (and those client-go writes for a 5xx or 429 without a Status body) are matched too. etcd's errors
(``etcdserver: leader changed``, ``etcdserver: request timed out``) reach clients inside an InternalError.
A 429 with Retry-After is first retried by client-go itself (it waits as asked, up to 10 times); what kubectl
prints after that is retried here with the caller's backoff. Retries are bounded by the invocation's time
(``time_budget``): past the request's deadline the last answer fails it, in the tool's words.
Pure: no subprocesses, so every decision is unit-testable.
"""
from __future__ import annotations

import re
from typing import Iterable, Optional

# metav1.StatusReason values that mean "try again" (k8s.io/apimachinery/pkg/api/errors).
TRANSIENT_REASONS = ("InternalError", "ServerTimeout", "Timeout", "TooManyRequests", "ServiceUnavailable")
_KUBECTL_REASON = re.compile(r"Error from server \((" + "|".join(TRANSIENT_REASONS) + r")\)")
# The messages of those reasons, for tools that print the message alone (Helm), and of no answer at all.
TRANSIENT_WORDS = (
    "Internal error occurred:",  # NewInternalError (etcd's errors arrive in one)
    "etcdserver: leader changed", "etcdserver: request timed out", "etcdserver: too many requests",
    "could not be completed at this time, please try again",  # NewServerTimeout
    "Too many requests, please try again later",  # NewTooManyRequests
    "the server has received too many requests and has asked us to try again later",  # client-go, 429 without Status
    "the server is currently unable to handle the request",  # 503
    "the server was unable to return a response in the time allotted",  # 504 without Status
    "has prevented the request from succeeding",  # client-go, 500 without Status
    "Timeout: request did not complete within",  # NewTimeoutError
    # No answer: the connection went (an API server replica restarting, a load balancer draining).
    "connection reset by peer", "connection refused", "http2: client connection lost", "i/o timeout",
    "TLS handshake timeout", "unexpected EOF", "Client.Timeout exceeded", "context deadline exceeded",
    "Unable to connect to the server", "server closed idle connection",
)
# kubectl's warnings, klog's diagnostics and Helm 4's log lines are not answers; the error lines are.
_NOT_AN_ERROR = re.compile(r"^(Warning: |[IW]\d{4} |(time=\S+ )?level=(DEBUG|INFO|WARN) )")


def error_lines(output: str) -> list[str]:
    """The lines of a tool's stderr that report an error."""
    return [line for line in output.splitlines() if line.strip() and not _NOT_AN_ERROR.match(line)]


def is_transient_line(line: str, also: Iterable[str] = ()) -> bool:
    return bool(_KUBECTL_REASON.search(line)) or any(words in line for words in (*TRANSIENT_WORDS, *also))


def transient(output: str, also: Iterable[str] = ()) -> Optional[str]:
    """The first error line when every error line the tool printed is transient (``also``: a caller's own "not now"
    words), else None: one refusal among transient errors is an answer."""
    lines = error_lines(output)
    extra = tuple(also)
    if lines and all(is_transient_line(line, extra) for line in lines):
        return lines[0]
    return None
