"""A Kubernetes API server on loopback that the real kubectl and helm talk to: HTTPS, a bearer token, discovery,
OpenAPI v3, CRUD, server-side apply, patches, finalizers, namespaces, CRDs, watch, access reviews.

Why: fake kubectl/helm scripts are kinder than the real tools; this serves the real binaries the function ships.
It runs in a daemon thread of the test process (stdlib ThreadingHTTPServer wrapped in TLS). README.md lists what it
models and what it does not.
"""
from __future__ import annotations

import copy
import functools
import json
import secrets
import socket
import ssl
import struct
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional
from urllib.parse import parse_qs, unquote, urlsplit

import yaml

from . import discovery, errors, openapi, protobuf
from .certs import session_certificates
from .cluster import Cluster, Served
from .errors import ApiError
from .resources import ResourceType


class Request(NamedTuple):
    method: str
    path: str
    query: dict[str, str]
    user_agent: str


@dataclass
class Fault:
    method: str
    kind: str
    name: Optional[str]
    status: int = 500
    reason: str = "InternalError"
    message: str = "Internal error occurred"
    times: Optional[int] = None
    seconds: float = 0.0  # for hangs: real seconds to block
    active: bool = True
    retry_after: Optional[int] = None  # a Retry-After header with the answer (client-go waits and retries itself)
    reset: bool = False  # no answer: the connection is closed (reset) before anything is written

    def matches(self, method: str, kind: str, name: Optional[str]) -> bool:
        return (self.active and self.method.upper() in ("*", method.upper()) and self.kind in ("*", kind)
                and (self.name is None or self.name == name))

    def clear(self) -> None:
        self.active = False


class KubeApiServer:
    def __init__(self, now: Callable[[], float] = time.time, advance: Optional[Callable[[float], None]] = None,
                 token: Optional[str] = None) -> None:
        self.cluster = Cluster(now)
        self.now, self.advance = now, advance
        self.token = token or secrets.token_urlsafe(24)
        self.certificates = session_certificates()
        self.ca_data = self.certificates.ca_data
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self.hangs: list[Fault] = []
        self.latency_seconds = 0.0
        self._openapi: tuple[Optional[tuple[str, ...]], dict[str, tuple[dict[str, Any], bytes]]] = (None, {})
        self.access_allowed = True
        self.authenticated = True
        self._http: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None
        self.stopping = threading.Event()
        self.url = ""

    # ---- lifecycle ----------------------------------------------------------------------------------------------

    def start(self) -> "KubeApiServer":
        context = self.certificates.server_context()
        api = self

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

            def finish_request(self, request: socket.socket, client_address: Any) -> None:
                # The TLS handshake runs in the handler thread, so one slow client never holds up accept().
                # No Nagle: a response's small writes would each wait out the client's delayed ACK (40 ms).
                request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                try:
                    tls = context.wrap_socket(request, server_side=True)
                except (ssl.SSLError, OSError):
                    return
                try:
                    Handler(tls, client_address, self, api)
                finally:
                    try:
                        tls.close()
                    except OSError:
                        pass

        self._http = Server(("127.0.0.1", 0), BaseHTTPRequestHandler, bind_and_activate=True)
        self.url = f"https://127.0.0.1:{self._http.server_address[1]}"
        self._thread = threading.Thread(target=self._http.serve_forever, kwargs={"poll_interval": 0.01},
                                        name="kube-api-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.cluster.store.wake()
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
            self._http = None

    def __enter__(self) -> "KubeApiServer":
        return self.start()

    def __exit__(self, *_: Any) -> None:
        self.stop()

    def write_kubeconfig(self, path: str | Path) -> str:
        config = {
            "apiVersion": "v1", "kind": "Config", "current-context": "test",
            "clusters": [{"name": "test", "cluster": {"server": self.url,
                                                       "certificate-authority-data": self.ca_data}}],
            "users": [{"name": "test", "user": {"token": self.token}}],
            "contexts": [{"name": "test", "context": {"cluster": "test", "user": "test"}}]}
        Path(path).write_text(yaml.safe_dump(config))
        return str(path)

    # ---- programmatic API ---------------------------------------------------------------------------------------

    def _type(self, api_version: str, kind: str) -> ResourceType:
        return self.cluster.type_for(api_version, kind)

    def install_crd(self, crd: dict[str, Any], established: bool = True, manager: str = "helm") -> dict[str, Any]:
        """A CRD applied by another installer; established=False holds it until establish(name)."""
        name = crd["metadata"]["name"]
        if not established:
            self.cluster.held_crds.add(name)
        rt = self._type("apiextensions.k8s.io/v1", "CustomResourceDefinition")
        return self.cluster.apply(rt, None, name, crd, manager, force=True)[0]

    def install_crd_file(self, path: str | Path, established: bool = True) -> list[dict[str, Any]]:
        return [self.install_crd(copy.deepcopy(doc), established) for doc in _crd_file(Path(path))]

    def establish(self, crd_name: str) -> None:
        self.cluster.held_crds.discard(crd_name)
        self.cluster.run_controllers()

    def establish_delay(self, seconds: float) -> None:
        """Seconds on the `now` clock between a CRD's creation and its Established condition."""
        self.cluster.establish_delay = seconds

    def create(self, manifest: dict[str, Any], manager: str = "kubectl-client-side-apply") -> dict[str, Any]:
        rt = self._type(manifest["apiVersion"], manifest["kind"])
        return self.cluster.create(rt, manifest.get("metadata", {}).get("namespace"), manifest, manager)

    def apply(self, manifest: dict[str, Any], manager: str, force: bool = False) -> dict[str, Any]:
        rt = self._type(manifest["apiVersion"], manifest["kind"])
        meta = manifest.get("metadata", {})
        return self.cluster.apply(rt, meta.get("namespace"), meta["name"], manifest, manager, force)[0]

    def update(self, manifest: dict[str, Any], manager: str = "kubectl-edit") -> dict[str, Any]:
        rt = self._type(manifest["apiVersion"], manifest["kind"])
        meta = manifest.get("metadata", {})
        return self.cluster.replace(rt, meta.get("namespace"), meta["name"], manifest, manager)[0]

    def get(self, api_version: str, kind: str, namespace: Optional[str], name: str) -> Optional[dict[str, Any]]:
        try:
            return self.cluster.get(self._type(api_version, kind), namespace, name)
        except ApiError:
            return None

    def objects(self, kind: Optional[str] = None) -> list[dict[str, Any]]:
        with self.cluster.store.lock:  # copies of the kind's objects only, not of every CRD's megabytes of schema
            return [copy.deepcopy(obj) for _, obj in self.cluster.store.items(copies=False)
                    if kind is None or obj.get("kind") == kind]

    def delete(self, api_version: str, kind: str, namespace: Optional[str], name: str) -> dict[str, Any]:
        return self.cluster.delete(self._type(api_version, kind), namespace, name)

    def remove_finalizers(self, api_version: str, kind: str, namespace: Optional[str],
                          name: str) -> Optional[dict[str, Any]]:
        return self.cluster.remove_finalizers(self._type(api_version, kind), namespace, name)

    def fail(self, method: str, kind: str, name: Optional[str] = None, *, status: int = 500,
             reason: str = "InternalError", message: str = "Internal error occurred",
             times: Optional[int] = None, retry_after: Optional[int] = None) -> Fault:
        """Answer matching requests (HTTP method or '*', Kind or '*', name or any) with this error, a metav1.Status
        body (``errors.transient`` has the real server's words for the transient ones); ``retry_after`` adds a
        Retry-After header, which client-go honours by retrying the request itself (at most 10 times)."""
        fault = Fault(method, kind, name, status, reason, message, times, retry_after=retry_after)
        self.faults.append(fault)
        return fault

    def reset(self, method: str, kind: str, name: Optional[str] = None, *, times: Optional[int] = None) -> Fault:
        """Close the connection of matching requests without an answer (a load balancer or an API server replica
        going away): kubectl and helm see ``connection reset by peer`` or ``EOF``."""
        fault = Fault(method, kind, name, times=times, reset=True)
        self.faults.append(fault)
        return fault

    def hang(self, method: str, kind: str, seconds: float, name: Optional[str] = None) -> Fault:
        """Really block matching requests for `seconds` of real time (to test kubectl's --request-timeout)."""
        fault = Fault(method, kind, name, seconds=seconds)
        self.hangs.append(fault)
        return fault

    def latency(self, seconds: float) -> None:
        """Simulated latency: advance(seconds) is called for every request."""
        self.latency_seconds = seconds

    def on_tick(self, hook: Callable[["KubeApiServer"], None]) -> None:
        """Called after each write and on each request (a controller of the test's own)."""
        self.cluster.hooks.append(lambda: hook(self))

    def access(self, allowed: bool = True, authenticated: bool = True) -> None:
        """allowed=False: RBAC denies every request but discovery (403), and access reviews answer no, as for a user
        no access policy is associated with yet; authenticated=False answers 401 to everything (token not accepted,
        as before an access entry takes effect)."""
        self.access_allowed, self.authenticated = allowed, authenticated

    def workload_never_ready(self, kind: str, namespace: str, name: str) -> None:
        self.cluster.never_ready.add((kind, namespace, name))
        self.cluster.run_controllers()

    def workload_ready(self, kind: str, namespace: str, name: str) -> None:
        self.cluster.never_ready.discard((kind, namespace, name))
        self.cluster.run_controllers()

    def openapi(self, served: Served, group_version_path: str) -> tuple[dict[str, Any], bytes]:
        """The OpenAPI v3 root ("") or a group-version's document, and its JSON as sent: made once for each set of
        served types (every kubectl call asks for both, the root hashes every document, and a custom resource's
        document holds its CRD's whole schema); callers only read them."""
        crds, documents = self._openapi
        if crds != served.crds:
            documents = {}
            self._openapi = (served.crds, documents)
        if group_version_path not in documents:
            types = list(served.types)
            document = (openapi.document(types, group_version_path) if group_version_path
                        else openapi.root(types, lambda gv: self.openapi(served, gv)[0]))
            documents[group_version_path] = (document, json.dumps(document).encode())
        return documents[group_version_path]

    # ---- request matching ---------------------------------------------------------------------------------------

    def _take(self, faults: list[Fault], method: str, kind: str, name: Optional[str]) -> Optional[Fault]:
        with self.cluster.store.lock:
            for fault in faults:
                if fault.matches(method, kind, name):
                    if fault.times is not None:
                        fault.times -= 1
                        if fault.times <= 0:
                            fault.active = False
                    return fault
        return None


USER = "arn:aws:sts::111122223333:assumed-role/kubectl-function/handler"  # who RBAC's messages name


def rbac_verb(method: str, name: Optional[str], watch: bool) -> str:
    """The verb RBAC checks for a request (k8s.io/apiserver's RequestInfo)."""
    if watch:
        return "watch"
    if method == "GET":
        return "get" if name else "list"
    if method == "DELETE":
        return "delete" if name else "deletecollection"
    return {"POST": "create", "PUT": "update", "PATCH": "patch"}.get(method, method.lower())


def manager_from(query: dict[str, str], user_agent: str) -> str:
    """The fieldManager query parameter, else the user agent up to its first '/' (as the API server does)."""
    return query.get("fieldManager") or (user_agent or "unknown").split("/")[0][:128]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked watch streams

    def __init__(self, request: Any, client_address: Any, server: Any, api: KubeApiServer) -> None:
        self.api = api
        super().__init__(request, client_address, server)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read api.requests instead
        pass

    def do_GET(self) -> None:
        self._handle()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_GET

    # ---- responses ----------------------------------------------------------------------------------------------

    def _send(self, code: int, body: Any, content_type: str = "application/json",
              warnings: Optional[list[str]] = None, headers: Optional[dict[str, str]] = None) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()  # bytes: JSON encoded already
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Audit-Id", secrets.token_hex(8))
        for header, value in (headers or {}).items():
            self.send_header(header, value)
        for warning in warnings or []:
            self.send_header("Warning", '299 - "' + warning.replace('"', '\\"') + '"')
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _error(self, error: ApiError) -> None:
        headers = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
        self._send(error.code, error.status(), headers=headers)

    def _read_chunks(self) -> bytes:
        body = b""
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                self.rfile.readline()  # the empty line after the last chunk (no trailers are sent)
                return body
            body += self.rfile.read(size)
            self.rfile.readline()

    # ---- dispatch -----------------------------------------------------------------------------------------------

    def _handle(self) -> None:
        api = self.api
        parts = urlsplit(self.path)
        path = unquote(parts.path).rstrip("/") or "/"
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":  # kubectl's --raw streams its body
            raw = self._read_chunks()
        user_agent = self.headers.get("User-Agent", "")
        with api.cluster.store.lock:
            api.requests.append(Request(self.command, path, query, user_agent))
        try:
            if api.latency_seconds and api.advance is not None:
                api.advance(api.latency_seconds)
            api.cluster.run_controllers()  # the control plane goes on whoever calls, turned away or not
            if self.headers.get("Authorization", "") != f"Bearer {api.token}" or not api.authenticated:
                raise errors.unauthorized()
            if "protobuf" in self.headers.get("Content-Type", "") and not path.endswith("/selfsubjectaccessreviews"):
                # Typed clients (helm's release storage, `kubectl create namespace`) send protobuf: decoded for a
                # few core kinds; others get 415 (README "not modelled"). An access review's answer ignores its body.
                decoded = protobuf.decode(raw)
                if decoded is None:
                    raise errors.unsupported_media_type(["application/json", "application/yaml"])
                raw = json.dumps(decoded).encode()
            self._route(path, query, raw, user_agent)
        except ApiError as error:
            self._error(error)
        except _Reset:
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST, not FIN
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    def _route(self, path: str, query: dict[str, str], raw: bytes, user_agent: str) -> None:
        api, cluster = self.api, self.api.cluster
        accept = self.headers.get("Accept", "")
        if path == "/version":
            return self._send(200, {"major": "1", "minor": "33", "gitVersion": "v1.33.0-kube-api-test",
                                    "gitCommit": "0" * 40, "gitTreeState": "clean",
                                    "buildDate": "2025-01-01T00:00:00Z", "goVersion": "go1.24.0",
                                    "compiler": "gc", "platform": "linux/amd64"})
        if path in ("/healthz", "/readyz", "/livez"):
            data = b"ok"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(data)
            return None
        served = cluster.served()
        types = list(served.types)
        if path in ("/api", "/apis"):
            if discovery.wants_aggregated(accept):
                return self._send(200, discovery.aggregated(types, core=path == "/api"), discovery.AGGREGATED)
            if path == "/api":
                return self._send(200, discovery.api_versions(api.url.split("//")[1]))
            return self._send(200, discovery.group_list(types))
        if path == "/openapi/v3":
            return self._send(200, api.openapi(served, "")[1])
        if path.startswith("/openapi/v3/"):
            gv = path[len("/openapi/v3/"):]
            if not any(rt.group_version_path == gv for rt in types):
                raise errors.path_not_found()
            return self._send(200, api.openapi(served, gv)[1])
        segments = path.strip("/").split("/")
        if segments[0] == "api" and len(segments) >= 2:
            group, version, rest = "", segments[1], segments[2:]
        elif segments[0] == "apis" and len(segments) >= 2:
            if len(segments) == 2:
                found = discovery.group(types, segments[1])
                if found is None:
                    raise errors.path_not_found()
                return self._send(200, found)
            group, version, rest = segments[1], segments[2], segments[3:]
        else:
            raise errors.path_not_found()
        if not rest:
            found = discovery.resource_list(types, group, version)
            if found is None:
                raise errors.path_not_found()
            return self._send(200, found)
        watch = query.get("watch") in ("true", "1")
        if rest[0] == "watch":
            watch, rest = True, rest[1:]
        namespace: Optional[str] = None
        if rest[0] == "namespaces" and len(rest) >= 3 and not (len(rest) == 3 and rest[2] in ("status", "finalize")):
            namespace, rest = rest[1], rest[2:]
        plural, name, subresource = rest[0], (rest[1] if len(rest) > 1 else None), (rest[2] if len(rest) > 2 else "")
        rt = cluster.type_for_path(group, version, plural)
        if rt is None:
            raise errors.path_not_found()
        if not rt.namespaced:
            namespace = None
        if not api.access_allowed and rt.kind != "SelfSubjectAccessReview":
            raise errors.forbidden(rbac_verb(self.command, name, watch), plural, group, namespace, name, USER)
        fault = api._take(api.hangs, self.command, rt.kind, name)
        if fault is not None:
            time.sleep(fault.seconds)
        fault = api._take(api.faults, self.command, rt.kind, name)
        if fault is not None and fault.reset:
            raise _Reset()
        if fault is not None:
            raise ApiError(fault.status, fault.reason, fault.message, retry_after=fault.retry_after)
        manager = manager_from(query, user_agent)
        mode = query.get("fieldValidation") or ""
        if rt.kind == "SelfSubjectAccessReview":
            if self.command != "POST":
                raise errors.method_not_allowed()
            review = {} if "protobuf" in self.headers.get("Content-Type", "") else json.loads(raw or b"{}")
            review.update(apiVersion="authorization.k8s.io/v1", kind="SelfSubjectAccessReview")
            review.setdefault("spec", {})
            review["status"] = {"allowed": api.access_allowed}
            review.setdefault("metadata", {})["creationTimestamp"] = None
            return self._send(201, review)
        if subresource and subresource != "status" and not (rt.kind == "Namespace" and subresource == "finalize"):
            raise errors.path_not_found()
        if self.command == "GET":
            if watch:
                return self._watch(rt, namespace, name, query)
            if name:
                return self._send(200, cluster.get(rt, namespace, name))
            return self._send(200, cluster.list(rt, namespace, query.get("labelSelector", ""),
                                                query.get("fieldSelector", ""), int(query.get("limit") or 0),
                                                query.get("continue", "")))
        if self.command == "POST" and not name:
            body = _decode(raw)
            created, warnings = cluster.create_with_warnings(rt, namespace, body, manager, mode or "Ignore")
            return self._send(201, created, warnings=warnings)
        if self.command == "PUT" and name:
            replaced, warnings = cluster.replace(rt, namespace, name, _decode(raw), manager, mode or "Ignore",
                                                 subresource if subresource in ("status", "finalize") else "")
            return self._send(200, replaced, warnings=warnings)
        if self.command == "PATCH" and name:
            patched, warnings, created = cluster.patch(
                rt, namespace, name, self.headers.get("Content-Type", ""), raw, query.get("fieldManager", "")
                if "apply-patch" in self.headers.get("Content-Type", "") else manager,
                query.get("force") == "true", mode or ("Strict" if "apply-patch" in
                                                       self.headers.get("Content-Type", "") else "Ignore"),
                subresource)
            return self._send(201 if created else 200, patched, warnings=warnings)
        if self.command == "DELETE" and name:
            options = _decode(raw) if raw else {}
            return self._send(200, cluster.delete(rt, namespace, name, options))
        raise errors.method_not_allowed()

    # ---- watch --------------------------------------------------------------------------------------------------

    def _chunk(self, event: dict[str, Any]) -> None:
        data = json.dumps(event).encode() + b"\n"
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def _watch(self, rt: ResourceType, namespace: Optional[str], name: Optional[str], query: dict[str, str]) -> None:
        """Chunked stream of watch events after resourceVersion (all current objects as ADDED first if none)."""
        from .cluster import matches_fields, matches_labels, parse_field_selector, parse_label_selector
        cluster, store = self.api.cluster, self.api.cluster.store
        labels = parse_label_selector(query.get("labelSelector", ""))
        fields = parse_field_selector(query.get("fieldSelector", ""))
        if name:
            fields.append(("metadata.name", "=", name))
        deadline = time.monotonic() + float(query.get("timeoutSeconds") or 1800)
        bookmarks = query.get("allowWatchBookmarks") == "true"
        wanted = query.get("resourceVersion") or "0"
        # Streaming lists (client-go's WatchList, used by helm 4's kstatus watcher): the current objects as ADDED,
        # then a bookmark annotated k8s.io/initial-events-end, then changes.
        initial_events = query.get("sendInitialEvents") == "true"

        def selected(obj: dict[str, Any]) -> bool:
            return matches_labels(obj, labels) and matches_fields(obj, fields)

        with store.lock:
            if wanted == "0" or initial_events:
                revision = store.revision
                initial = [o for _, o in store.items(rt.group, rt.plural, namespace if rt.namespaced else None)]
            else:
                revision, initial = int(wanted), []
            if store.events_after(revision) is None:
                raise ApiError(410, "Expired", f"too old resource version: {wanted} ({store.revision})")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for obj in initial:
                if selected(obj):
                    self._chunk({"type": "ADDED", "object": cluster._present(rt, obj)})
            if initial_events:
                self._chunk({"type": "BOOKMARK", "object": {
                    "kind": rt.kind, "apiVersion": rt.api_version, "metadata": {
                        "resourceVersion": str(revision), "annotations": {"k8s.io/initial-events-end": "true"}}}})
            last_bookmark = time.monotonic()
            while not self.api.stopping.is_set() and time.monotonic() < deadline:
                with store.lock:
                    events = store.events_after(revision)
                    if events == []:
                        store.changed.wait(min(0.5, max(0.0, deadline - time.monotonic())))
                        events = store.events_after(revision)
                if events is None:
                    self._chunk({"type": "ERROR", "object": ApiError(410, "Expired", "too old resource version")
                                 .status()})
                    break
                for event in events:
                    revision = event.resource_version
                    group, plural, ns, _ = event.key
                    if (group, plural) != (rt.group, rt.plural) or (rt.namespaced and namespace and ns != namespace):
                        continue
                    if selected(event.object):
                        self._chunk({"type": event.type, "object": cluster._present(rt, dict(event.object))})
                if bookmarks and time.monotonic() - last_bookmark > 1:
                    last_bookmark = time.monotonic()
                    self._chunk({"type": "BOOKMARK", "object": {"kind": rt.kind, "apiVersion": rt.api_version,
                                                               "metadata": {"resourceVersion": str(revision)}}})
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError):
            self.close_connection = True


class _Reset(Exception):
    """A fault that closes the connection without an answer."""


@functools.lru_cache(maxsize=None)
def _crd_file(path: Path) -> tuple[dict[str, Any], ...]:
    """The CRDs of a file, parsed once per process with libyaml (a fault test installs the same megabytes of CRDs
    into each new server); callers copy before changing them."""
    return tuple(doc for doc in yaml.load_all(path.read_text(), Loader=yaml.CSafeLoader)
                 if doc and doc.get("kind") == "CustomResourceDefinition")


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        try:
            return yaml.safe_load(raw)
        except yaml.YAMLError as problem:
            raise errors.bad_request(f"error decoding body: {problem}") from None
