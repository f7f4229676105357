"""A small client for the Grafana HTTP API of one Amazon Managed Grafana workspace.

Every request has a timeout (the caller's ``timeout`` decides it from the time the function has left), and a
refusal raises ``GrafanaError`` holding Grafana's status and its own words (the ``message`` of its JSON answer).
Standard library only: the function ships no dependencies.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any, Callable, Optional

# The workspace is reached directly; a proxy from the environment would only get in the way.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_TEXT_LIMIT = 500  # enough of a non-JSON answer to say what went wrong, short enough for a CloudFormation event


class GrafanaError(RuntimeError):
    """Grafana refused a request (``status`` is its HTTP status) or did not answer (``status`` None)."""

    def __init__(self, status: Optional[int], words: str) -> None:
        self.status = status
        self.words = words
        super().__init__(f"Grafana answered {status}: {words}" if status is not None else words)


def grafana_words(body: bytes) -> str:
    """What Grafana said: the ``message`` (and ``status``) of its JSON error, else the start of its text."""
    text = body.decode("utf-8", errors="replace").strip()
    try:
        answer = json.loads(text)
    except ValueError:
        return text[:_TEXT_LIMIT] or "(no body)"
    if isinstance(answer, dict) and answer.get("message"):
        reason = answer.get("status")
        return f"{answer['message']} ({reason})" if reason else str(answer["message"])
    return text[:_TEXT_LIMIT]


class Grafana:
    """``request`` against ``url`` (``https://<workspace endpoint>``) with a service-account token."""

    def __init__(self, url: str, token: str, timeout: Callable[[str], float]) -> None:
        self.url = url.rstrip("/")
        self._token = token
        self._timeout = timeout

    def request(self, method: str, path: str, body: Optional[Any] = None, *,
                missing_ok: bool = False) -> Optional[Any]:
        """The decoded JSON answer; None when ``missing_ok`` and Grafana answers 404."""
        what = f"{method} {path}"
        request = urllib.request.Request(
            self.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self._token}", "Content-Type": "application/json",
                     "Accept": "application/json"})
        timeout = self._timeout(what)  # raises TimeoutError when no time is left to start it
        try:
            with _OPENER.open(request, timeout=timeout) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            if error.code == 404 and missing_ok:
                return None
            raise GrafanaError(error.code, grafana_words(error.read())) from None
        except (urllib.error.URLError, OSError) as error:  # refused, unreachable, timed out
            reason = getattr(error, "reason", error)
            raise GrafanaError(None, f"no answer from {self.url} to {what}: {reason}") from None
        return json.loads(text) if text.strip() else None
