"""A small client for the Grafana HTTP API of one Amazon Managed Grafana workspace.

Every request has a timeout (the caller's ``Budget`` decides it from the time the function has left), and a
refusal raises ``GrafanaError`` holding Grafana's status and its own words (the ``message`` of its JSON answer).
Idempotent requests are retried on 429, 5xx gateway/server answers, answers that are not JSON (a maintenance page
served with 200), timeouts and connection errors, with exponential backoff (``Retry-After`` honoured, capped), for
``RETRY_WINDOW_S`` of pauses and while the budget has time for another attempt: a Grafana down for 20 seconds does
not fail an invocation of minutes, and one that is gone does not use up the invocation on one request. A failure that lasts is reported with Grafana's status and a short excerpt of what it answered.
Standard library only: the function ships no dependencies.
"""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any, Optional, Protocol

# The workspace is reached directly; a proxy from the environment would only get in the way.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_TEXT_LIMIT = 500  # enough of a non-JSON answer to say what went wrong, short enough for a CloudFormation event
_EXCERPT_LIMIT = 200  # of an answer that should have been JSON and was not (an HTML page)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})  # Grafana (or the AMG front) busy or briefly broken
FIRST_DELAY_S = 1.0  # then 2, 4, 8
MAX_DELAY_S = 10.0
RETRY_WINDOW_S = 45.0  # the pauses one request may add up to: 20 s of 503 pass, a Grafana gone for good fails
RETRY_AFTER_CAP_S = 30.0  # a Retry-After of minutes would use up the invocation on one call
MIN_ATTEMPT_S = 2.0  # a retry is only worth making with this much time left for it after the pause
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE"})

pause = time.sleep  # called through the module, so tests replace it with a clock that does not really sleep


class Budget(Protocol):
    """The invocation's time: what is left, and the timeout of the next request (raises when none is left)."""

    def left(self) -> float: ...

    def timeout(self, what: str) -> float: ...


class GrafanaError(RuntimeError):
    """Grafana refused a request (``status`` is its HTTP status) or did not answer (``status`` None); after
    ``attempts`` tries of ``what``. ``retry_after``: the seconds its ``Retry-After`` asked for, capped."""

    def __init__(self, status: Optional[int], words: str, *, what: str = "", attempts: int = 1,
                 note: str = "", retry_after: Optional[float] = None, not_json: bool = False) -> None:
        self.status = status
        self.words = words
        self.what = what
        self.attempts = attempts
        self.retry_after = retry_after
        self.not_json = not_json  # a success status whose body was not the JSON the API answers with
        message = f"Grafana answered {status}: {words}" if status is not None else words
        if attempts > 1 or note:
            tries = f"{attempts} attempt{'s' if attempts != 1 else ''}{note}"
            # A missing answer's words already name the call.
            message += f" ({what}: {tries})" if status is not None else f" ({tries})"
        super().__init__(message)

    @property
    def transient(self) -> bool:
        """Worth trying again: no answer, or an answer that says "busy" or "broken for now"."""
        return self.status is None or self.status in RETRY_STATUSES or self.not_json

    def after(self, attempts: int, note: str = "") -> GrafanaError:
        """This failure, as the last of ``attempts``."""
        return GrafanaError(self.status, self.words, what=self.what, attempts=attempts, note=note,
                            retry_after=self.retry_after, not_json=self.not_json)


def not_json_words(body: bytes, content_type: str) -> str:
    """An answer that is not JSON, said shortly: its content type and the start of its text on one line."""
    text = " ".join(body.decode("utf-8", errors="replace").split())
    excerpt = text[:_EXCERPT_LIMIT] + ("..." if len(text) > _EXCERPT_LIMIT else "")
    return f"an answer that is not JSON ({content_type or 'no content type'}): {excerpt or '(no body)'}"


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


def retry_after(value: Optional[str]) -> Optional[float]:
    """A ``Retry-After`` of seconds, capped; None when absent or not seconds (an HTTP date: the backoff decides)."""
    try:
        seconds = float(value) if value is not None else None
    except ValueError:
        return None
    return None if seconds is None or seconds < 0 else min(seconds, RETRY_AFTER_CAP_S)


def backoff(attempt: int, error: GrafanaError) -> float:
    """The pause after failed ``attempt`` (1-based). No jitter: one function invocation is the only client."""
    if error.retry_after is not None:
        return error.retry_after
    return min(FIRST_DELAY_S * 2 ** (attempt - 1), MAX_DELAY_S)


class Grafana:
    """``request`` against ``url`` (``https://<workspace endpoint>``) with a service-account token."""

    def __init__(self, url: str, token: str, budget: Budget) -> None:
        self.url = url.rstrip("/")
        self._token = token
        self._budget = budget

    def request(self, method: str, path: str, body: Optional[Any] = None, *, missing_ok: bool = False,
                idempotent: Optional[bool] = None) -> Optional[Any]:
        """The decoded JSON answer; None when ``missing_ok`` and Grafana answers 404. Retried when ``idempotent``
        (by default: every method but POST) and the failure is transient, while the budget allows."""
        what = f"{method} {path}"
        retryable = method in IDEMPOTENT_METHODS if idempotent is None else idempotent
        attempt, paused = 1, 0.0
        while True:
            try:
                return self._once(method, path, body, missing_ok, what)
            except GrafanaError as error:
                if not (retryable and error.transient):
                    raise error.after(attempt) from None
                delay = backoff(attempt, error)
                if paused + delay > RETRY_WINDOW_S:
                    raise error.after(attempt) from None
                if self._budget.left() - delay < MIN_ATTEMPT_S:  # never sleep past the invocation's end
                    raise error.after(attempt, ", no time left for another") from None
                pause(delay)
                paused += delay
                attempt += 1

    def _once(self, method: str, path: str, body: Optional[Any], missing_ok: bool, what: str) -> Optional[Any]:
        request = urllib.request.Request(
            self.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self._token}", "Content-Type": "application/json",
                     "Accept": "application/json"})
        timeout = self._budget.timeout(what)  # raises TimeoutError when no time is left to start it
        try:
            with _OPENER.open(request, timeout=timeout) as response:
                text, status = response.read(), response.status
                content_type = response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            if error.code == 404 and missing_ok:
                return None
            asked = retry_after(error.headers.get("Retry-After")) if error.headers else None
            raise GrafanaError(error.code, grafana_words(error.read()), what=what, retry_after=asked) from None
        except (urllib.error.URLError, OSError) as error:  # refused, unreachable, unresolved, timed out
            reason = getattr(error, "reason", error)
            raise GrafanaError(None, f"no answer from {self.url} to {what}: {reason}", what=what) from None
        if not text.strip():
            return None
        try:
            return json.loads(text)
        except ValueError:
            raise GrafanaError(status, not_json_words(text, content_type), what=what, not_json=True) from None
