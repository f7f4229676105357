"""Failure reasons that fit CloudFormation's response, whatever the number of objects they are about.

CloudFormation refuses a custom resource response over 4,096 bytes and shows "Response object is too long." instead
of the reason. What it receives from the CDK Provider framework (aws-cdk-lib's
``custom-resources/lib/provider-framework/runtime``) is more than the handler's message:
- ``framework.js`` ``invokeUserFunction`` turns the function's error into ``new Error(message)`` with
  ``message = errorMessage + "\\n\\nLogs: /aws/lambda/<function name>\\n"``; a Python function's error payload has no
  ``trace``, so the error keeps Node's own stack;
- ``cfn-response.js`` ``safeHandler`` answers ``reason: includeStackTraces ? e.stack : e.message`` with
  ``includeStackTraces = true``: the reason is ``"Error: " + message`` followed by Node's stack frames (V8 keeps 10,
  each a line of well under 100 bytes);
- ``submitResponse`` sends ``JSON.stringify({Status, Reason, StackId, RequestId, PhysicalResourceId,
  LogicalResourceId, NoEcho, Data})``, and CloudFormation's limit is on those bytes (a failure has no Data).
``fit`` keeps the message within what is left of the 4,096 bytes after all of that, counted as JSON-escaped UTF-8;
what it cuts stays in the function's log, and the reason says so. ``some`` names the first objects of a long list
and the count, and logs the whole list.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Iterable, Mapping

LOG = logging.getLogger()
RESPONSE_LIMIT = 4096  # bytes of the response body CloudFormation accepts
LOGS_LINE = "\n\nLogs: /aws/lambda/{name}\n"  # what invokeUserFunction appends to the function's message
ERROR_PREFIX = "Error: "  # Node's Error.stack starts with the error's name
STACK_FRAMES_BYTES = 10 * 100  # V8's 10 frames, each under 100 bytes as JSON
LONGEST_FUNCTION_NAME = 64  # Lambda's limit, for when the context does not say
SHOWN = 10  # objects named in a reason; the rest are in the log


def some(items: Iterable[str], what: str = "objects", shown: int = SHOWN) -> str:
    """``a, b, c``; past ``shown`` items: the first ones, the count and where the rest are (all of them logged)."""
    listed = list(items)
    if len(listed) <= shown:
        return ", ".join(listed)
    LOG.error("all %d %s: %s", len(listed), what, ", ".join(listed))
    return (f"{', '.join(listed[:shown])} and {len(listed) - shown} more ({len(listed)} {what}; every one is named "
            "in the function's log)")


def _json_bytes(text: str) -> int:
    """Bytes of ``text`` inside JSON.stringify's output (non-ASCII as UTF-8, control characters escaped)."""
    return len(json.dumps(text, ensure_ascii=False).encode("utf-8")) - 2


def envelope_bytes(event: Mapping[str, Any], function_name: str) -> int:
    """Bytes of the response CloudFormation receives besides the handler's message."""
    body = {"Status": "FAILED", "Reason": "", "StackId": event.get("StackId", ""),
            "RequestId": event.get("RequestId", ""),
            "PhysicalResourceId": event.get("PhysicalResourceId") or event.get("RequestId", ""),
            "LogicalResourceId": event.get("LogicalResourceId", "")}
    name = function_name or "x" * LONGEST_FUNCTION_NAME
    return (len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
            + _json_bytes(ERROR_PREFIX + LOGS_LINE.format(name=name)) + STACK_FRAMES_BYTES)


def fit(message: str, event: Mapping[str, Any], function_name: str) -> str:
    """``message``, or its start and end with the middle cut, so that the response stays within
    ``RESPONSE_LIMIT``; a cut message is logged whole first."""
    room = RESPONSE_LIMIT - envelope_bytes(event, function_name)
    if _json_bytes(message) <= room:
        return message
    LOG.error("the whole failure reason (%d characters), cut for CloudFormation: %s", len(message), message)
    marker = " [... cut: the whole reason is in the function's log ...] "
    room -= _json_bytes(marker)
    head = _prefix(message, room * 2 // 3)
    tail = _suffix(message[len(head):], room - _json_bytes(head))
    return head + marker + tail


def _prefix(text: str, budget: int) -> str:
    used, end = 0, 0
    for end, char in enumerate(text):
        used += _json_bytes(char)
        if used > budget:
            return text[:end]
    return text


def _suffix(text: str, budget: int) -> str:
    return _prefix(text[::-1], budget)[::-1]
