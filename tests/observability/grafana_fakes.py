"""A fake Grafana HTTP API on loopback and the provisioning function loaded as Lambda loads it.

``FakeGrafana`` answers the calls the function makes (data sources by uid, ``POST /api/dashboards/db``, dashboard
deletes) the way Grafana does, checks the bearer token against the one the stubbed AWS API issued, and can be told
to refuse one request with a status and body of Grafana's shape.
"""
from __future__ import annotations

import importlib.util
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any, Optional

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


class FakeGrafana:
    """Data sources and dashboards by uid, behind a bearer token; ``refuse`` makes one request fail."""

    def __init__(self) -> None:
        self.token: Optional[str] = None
        self.data_sources: dict[str, dict[str, Any]] = {}
        self.dashboards: dict[str, dict[str, Any]] = {}
        self.posts: list[dict[str, Any]] = []  # bodies of POST /api/dashboards/db, in order
        self.requests: list[tuple[str, str]] = []
        self._refusals: dict[tuple[str, str], tuple[int, bytes]] = {}
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep pytest output clean
                pass

            def _answer(self, status: int, body: Any) -> None:
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length)) if length else None
                fake.requests.append((self.command, self.path))
                if self.headers.get("Authorization") != f"Bearer {fake.token}":
                    return self._answer(401, {"message": "invalid API key"})
                refusal = fake._refusals.pop((self.command, self.path), None)
                if refusal is not None:
                    return self._answer(*refusal)
                self._answer(*fake.route(self.command, self.path, body))

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
        self._refusals[(method, path)] = (status, body if isinstance(body, bytes) else json.dumps(body).encode())

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
