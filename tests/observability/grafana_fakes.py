"""A fake Grafana HTTP API on loopback and the provisioning function loaded as Lambda loads it.

``FakeGrafana`` answers the calls the function makes (data sources by uid, ``POST /api/dashboards/db``, dashboard
deletes) the way Grafana does, checks the bearer token against the one the stubbed AWS API issued, and can be told
to answer a method and path with a scripted sequence first (statuses, bodies of Grafana's shape, headers such as
``Retry-After``, a request that lands but whose answer is lost, or no answer at all), counting every attempt.
``FakeClock`` is the Lambda context whose remaining time the handler's backoff pauses use up instead of sleeping.
"""
from __future__ import annotations

import importlib.util
import json
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any, Optional, Union

STATUS_WORDS = {429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
                503: "Service Unavailable", 504: "Gateway Timeout"}
HANDLER_DIR = Path(__file__).resolve().parents[2] / "hyperpod_constructs" / "assets" / "grafana_dashboards"


def load_handler() -> ModuleType:
    """``index.py`` under a unique name (another function's folder may hold an ``index`` too); its sibling
    ``grafana_http`` is imported by bare name, as in Lambda."""
    if str(HANDLER_DIR) not in sys.path:
        sys.path.insert(0, str(HANDLER_DIR))
    spec = importlib.util.spec_from_file_location("grafana_dashboards_index", HANDLER_DIR / "index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Answer:
    """One scripted answer: ``status`` with ``body`` and ``headers``; with ``lands`` the request is applied first
    (Grafana did it, the answer was lost on the way back); with ``stall_s`` the fake waits that long and closes the
    connection without answering (the client's timeout fires first)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    lands: bool = False
    stall_s: float = 0.0


Scripted = Union[int, Answer]


class FakeClock:
    """The Lambda context: ``pause`` (the handler's sleep, patched) records the sleep and uses up remaining time."""

    def __init__(self, remaining_ms: int = 300_000) -> None:
        self.remaining_ms = remaining_ms
        self.sleeps: list[float] = []

    def get_remaining_time_in_millis(self) -> int:
        return self.remaining_ms

    def pause(self, seconds: float) -> None:
        assert seconds >= 0, seconds
        assert seconds * 1000 <= self.remaining_ms, f"slept {seconds} s with {self.remaining_ms} ms left"
        self.sleeps.append(seconds)
        self.remaining_ms -= int(seconds * 1000)


class FakeGrafana:
    """Data sources and dashboards by uid, behind a bearer token; ``script`` makes a path answer a sequence first."""

    def __init__(self) -> None:
        self.token: Optional[str] = None
        self.data_sources: dict[str, dict[str, Any]] = {}
        self.dashboards: dict[str, dict[str, Any]] = {}
        self.posts: list[dict[str, Any]] = []  # bodies of POST /api/dashboards/db, in order
        self.requests: list[tuple[str, str]] = []
        self._scripts: dict[tuple[str, str], list[Answer]] = {}
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep pytest output clean
                pass

            def _answer(self, status: int, body: Any, headers: Optional[dict[str, str]] = None) -> None:
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", (headers or {}).get("Content-Type", "application/json"))
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    if name != "Content-Type":
                        self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length)) if length else None
                fake.requests.append((self.command, self.path))
                if self.headers.get("Authorization") != f"Bearer {fake.token}":
                    return self._answer(401, {"message": "invalid API key"})
                script = fake._scripts.get((self.command, self.path))
                scripted = script.pop(0) if script else None
                if scripted is None:
                    return self._answer(*fake.route(self.command, self.path, body))
                if scripted.stall_s:
                    time.sleep(scripted.stall_s)
                    self.close_connection = True
                    return None
                if scripted.lands:
                    fake.route(self.command, self.path, body)
                self._answer(scripted.status, scripted.body, scripted.headers)

            do_GET = do_POST = do_PUT = do_DELETE = _handle

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        # serve_forever looks for shutdown() every poll_interval: at its default (0.5 s) every close() waits that long.
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def refuse(self, method: str, path: str, status: int, body: Any) -> None:
        """The next request to ``method path`` is answered ``status`` with ``body``."""
        self.script(method, path, Answer(status, body))

    def script(self, method: str, path: str, *answers: Scripted) -> None:
        """The next requests to ``method path`` get these answers in order (a bare status: Grafana's shape of body
        for it); then the path behaves normally again."""
        self._scripts.setdefault((method, path), []).extend(
            answer if isinstance(answer, Answer) else Answer(answer, {"message": STATUS_WORDS.get(answer, "no")})
            for answer in answers)

    def attempts(self, method: str, path: str) -> int:
        """How many times ``method path`` was requested."""
        return self.requests.count((method, path))

    def route(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        not_found = (404, {"message": "Not found"})
        if path.startswith("/api/datasources/uid/"):
            uid = path.rsplit("/", 1)[1]
            if uid not in self.data_sources:
                return not_found
            if method == "GET":
                return 200, self.data_sources[uid]
            if method == "PUT":
                self.data_sources[uid] = body
                return 200, {"message": "Datasource updated"}
            if method == "DELETE":
                del self.data_sources[uid]
                return 200, {"message": "Data source deleted"}
        if (method, path) == ("POST", "/api/datasources"):
            if body["uid"] in self.data_sources:
                return 409, {"message": "data source with the same uid already exists"}
            self.data_sources[body["uid"]] = body
            return 200, {"message": "Datasource added", "datasource": body}
        if (method, path) == ("POST", "/api/dashboards/db"):
            dashboard = body["dashboard"]
            if dashboard["uid"] in self.dashboards and not body.get("overwrite"):
                return 412, {"message": "The dashboard has been changed by someone else", "status": "version-mismatch"}
            self.posts.append(body)
            self.dashboards[dashboard["uid"]] = dashboard
            return 200, {"status": "success", "uid": dashboard["uid"], "version": len(self.posts)}
        if method == "DELETE" and path.startswith("/api/dashboards/uid/"):
            uid = path.rsplit("/", 1)[1]
            if self.dashboards.pop(uid, None) is None:
                return 404, {"message": "Dashboard not found"}
            return 200, {"title": uid, "message": "Dashboard deleted"}
        return not_found
