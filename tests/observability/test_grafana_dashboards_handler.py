"""The dashboard provisioning function driven as Lambda drives it, ``handler(event, context)``: the AWS API through
botocore's Stubber (the calls, their order and parameters are the contract), Grafana as a real HTTP server on
loopback that behaves like Grafana's API (tests/observability/grafana_fakes.py)."""
from __future__ import annotations

import io
import json
import socket
import sys
import urllib.error
from types import ModuleType
from typing import Any, Iterator, Optional

import botocore.session
import pytest
from botocore.response import StreamingBody
from botocore.stub import Stubber

from grafana_fakes import Answer, FakeClock, FakeGrafana, load_handler

WORKSPACE = "g-0123456789"
ACCOUNT_NAME = "hyperpod-constructs-0123456789ab"
ACCOUNT_ID = "7"
TOKEN = "glsa_valid_token"
BUCKET, KEY = "cdk-assets-bucket", "0a1b2c.json"
SOURCE = {"Uid": "hyperpod-amp-1", "Name": "Amazon Managed Prometheus ws-1",
          "Url": "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1", "Region": "us-west-2"}


def dashboard(uid: str, title: Optional[str] = None) -> dict[str, Any]:
    return {"uid": uid, "title": title or uid, "panels": [], "schemaVersion": 39}


class Aws:
    """Stubbed grafana and s3 clients; ``expect_*`` queue the calls the function must make, in that order."""

    def __init__(self, session: botocore.session.Session) -> None:
        credentials = {"region_name": "us-west-2", "aws_access_key_id": "test", "aws_secret_access_key": "test"}
        self.grafana = session.create_client("grafana", **credentials)
        self.s3 = session.create_client("s3", **credentials)
        self.grafana_stub, self.s3_stub = Stubber(self.grafana), Stubber(self.s3)
        self.grafana_stub.activate()
        self.s3_stub.activate()

    def client(self, service: str) -> Any:
        return {"grafana": self.grafana, "s3": self.s3}[service]

    def expect_asset(self, dashboards: dict[str, Any]) -> None:
        data = json.dumps(dashboards).encode()
        self.s3_stub.add_response("get_object", {"Body": StreamingBody(io.BytesIO(data), len(data))},
                                  {"Bucket": BUCKET, "Key": KEY})

    def expect_account(self, *, exists: bool, create: bool = True) -> None:
        accounts = [{"id": "1", "name": "admin", "grafanaRole": "ADMIN", "isDisabled": "false"}]
        if exists:
            accounts.append({"id": ACCOUNT_ID, "name": ACCOUNT_NAME, "grafanaRole": "ADMIN", "isDisabled": "false"})
        self.grafana_stub.add_response("list_workspace_service_accounts",
                                       {"serviceAccounts": accounts, "workspaceId": WORKSPACE},
                                       {"workspaceId": WORKSPACE})
        if not exists and create:
            self.grafana_stub.add_response(
                "create_workspace_service_account",
                {"id": ACCOUNT_ID, "name": ACCOUNT_NAME, "grafanaRole": "ADMIN", "workspaceId": WORKSPACE},
                {"workspaceId": WORKSPACE, "name": ACCOUNT_NAME, "grafanaRole": "ADMIN"})

    def expect_token(self, request_id: str, key: str = TOKEN, seconds: int = 350) -> None:
        """A token named for the request that outlives the invocation (300 s left, 10 s reserve) by a minute."""
        self.grafana_stub.add_response(
            "create_workspace_service_account_token",
            {"serviceAccountToken": {"id": "tok-1", "name": f"deploy-{request_id}", "key": key},
             "serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE},
            {"workspaceId": WORKSPACE, "serviceAccountId": ACCOUNT_ID, "name": f"deploy-{request_id}",
             "secondsToLive": seconds})
        self.grafana_stub.add_response(
            "delete_workspace_service_account_token",
            {"tokenId": "tok-1", "serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE},
            {"workspaceId": WORKSPACE, "serviceAccountId": ACCOUNT_ID, "tokenId": "tok-1"})

    def expect_account_delete(self, account: str = ACCOUNT_ID) -> None:
        self.grafana_stub.add_response("delete_workspace_service_account",
                                       {"serviceAccountId": account, "workspaceId": WORKSPACE},
                                       {"workspaceId": WORKSPACE, "serviceAccountId": account})

    def expect_missing(self, operation: str) -> None:
        """``operation`` answers that the workspace does not exist."""
        self.grafana_stub.add_client_error(operation, service_error_code="ResourceNotFoundException",
                                           service_message=f"Workspace {WORKSPACE} not found", http_status_code=404)

    def assert_all_called(self) -> None:
        """Every queued call happened: in particular the token was deleted."""
        self.grafana_stub.assert_no_pending_responses()
        self.s3_stub.assert_no_pending_responses()


@pytest.fixture(scope="module")
def function() -> ModuleType:
    return load_handler()


@pytest.fixture(autouse=True)
def context(function: ModuleType, monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The Lambda context (300 s left); the handler's backoff pauses use up its time instead of sleeping."""
    clock = FakeClock()
    monkeypatch.setattr(sys.modules["grafana_http"], "pause", clock.pause, raising=False)
    return clock


@pytest.fixture
def grafana() -> Iterator[FakeGrafana]:
    fake = FakeGrafana()
    fake.token = TOKEN
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def session() -> botocore.session.Session:
    return botocore.session.get_session()  # one session: its service models are loaded once


@pytest.fixture
def aws(function: ModuleType, session: botocore.session.Session, monkeypatch: pytest.MonkeyPatch) -> Aws:
    stubs = Aws(session)
    monkeypatch.setattr(function, "aws_client", stubs.client)
    return stubs


def properties(grafana: FakeGrafana, uids: list[str], *, workspace: str = WORKSPACE,
               source: Optional[dict[str, str]] = None) -> dict[str, Any]:
    return {"ServiceToken": "arn:aws:lambda:us-west-2:111122223333:function:framework", "WorkspaceId": workspace,
            "GrafanaUrl": grafana.url, "ServiceAccountName": ACCOUNT_NAME, "DashboardsBucket": BUCKET,
            "DashboardsKey": KEY, "Dashboards": sorted(uids), "DataSource": source or SOURCE}


def event(request: str, props: dict[str, Any], old: Optional[dict[str, Any]] = None,
          request_id: str = "req-1") -> dict[str, Any]:
    body = {"RequestType": request, "RequestId": request_id, "ResourceType": "Custom::HyperPodGrafanaDashboards",
            "LogicalResourceId": "Dashboards", "StackId": "arn:aws:cloudformation:us-west-2:111122223333:stack/s/1",
            "ResourceProperties": props}
    if request != "Create":
        body["PhysicalResourceId"] = f"grafana-dashboards:{props['WorkspaceId']}"
    if old is not None:
        body["OldResourceProperties"] = old
    return body


# ---- create / update / delete --------------------------------------------------------------------------------

def test_create_makes_the_account_and_data_source_and_posts_every_dashboard(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    dashboards = {"hyperpod-inference": dashboard("hyperpod-inference"), "hyperpod-gpu-h100": dashboard("hyperpod-gpu-h100")}
    aws.expect_asset(dashboards)
    aws.expect_account(exists=False)
    aws.expect_token("req-1")
    result = function.handler(event("Create", properties(grafana, list(dashboards))), context)
    assert result == {"PhysicalResourceId": f"grafana-dashboards:{WORKSPACE}"}
    aws.assert_all_called()
    source = grafana.data_sources["hyperpod-amp-1"]
    assert source["type"] == "prometheus" and source["url"] == SOURCE["Url"] and source["access"] == "proxy"
    assert source["jsonData"] == {"httpMethod": "POST", "sigV4Auth": True, "sigV4AuthType": "ec2_iam_role",
                                  "sigV4Region": "us-west-2"}
    assert set(grafana.dashboards) == set(dashboards)
    assert all(post["overwrite"] is True and post["dashboard"]["id"] is None for post in grafana.posts)
    assert grafana.dashboards["hyperpod-inference"]["title"] == "hyperpod-inference"


def test_update_posts_changed_dashboards_and_deletes_the_removed_one(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1", "url": "https://old"}
    grafana.dashboards.update({uid: dashboard(uid) for uid in ("hyperpod-inference", "hyperpod-gpu-a", "hyperpod-gpu-b")})
    new = {"hyperpod-inference": dashboard("hyperpod-inference", "Inference v2"), "hyperpod-gpu-a": dashboard("hyperpod-gpu-a")}
    aws.expect_asset(new)
    aws.expect_account(exists=True)
    aws.expect_token("req-2")
    old = properties(grafana, ["hyperpod-inference", "hyperpod-gpu-a", "hyperpod-gpu-b"])
    function.handler(event("Update", properties(grafana, list(new)), old, request_id="req-2"), context)
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"hyperpod-inference", "hyperpod-gpu-a"}
    assert grafana.dashboards["hyperpod-inference"]["title"] == "Inference v2"
    assert grafana.data_sources["hyperpod-amp-1"]["url"] == SOURCE["Url"]  # updated in place (PUT)
    assert ("PUT", "/api/datasources/uid/hyperpod-amp-1") in grafana.requests


def test_update_to_a_new_data_source_deletes_the_old_one(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.data_sources["hyperpod-amp-old"] = {"uid": "hyperpod-amp-old"}
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    old = properties(grafana, [], source={**SOURCE, "Uid": "hyperpod-amp-old"})
    function.handler(event("Update", properties(grafana, []), old), context)
    assert set(grafana.data_sources) == {"hyperpod-amp-1"}


def test_update_after_a_rename_deletes_the_old_service_account(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    aws.grafana_stub.add_response("list_workspace_service_accounts", {"serviceAccounts": [
        {"id": "5", "name": "hyperpod-constructs-before", "grafanaRole": "ADMIN", "isDisabled": "false"}],
        "workspaceId": WORKSPACE},
        {"workspaceId": WORKSPACE})
    aws.grafana_stub.add_response("delete_workspace_service_account",
                                  {"serviceAccountId": "5", "workspaceId": WORKSPACE},
                                  {"workspaceId": WORKSPACE, "serviceAccountId": "5"})
    old = {**properties(grafana, []), "ServiceAccountName": "hyperpod-constructs-before"}
    function.handler(event("Update", properties(grafana, []), old), context)
    aws.assert_all_called()


def test_update_into_another_workspace_leaves_the_old_workspace_to_its_delete(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.dashboards["hyperpod-gpu-old"] = dashboard("hyperpod-gpu-old")  # same server, but "another" workspace
    aws.expect_asset({"hyperpod-inference": dashboard("hyperpod-inference")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    old = properties(grafana, ["hyperpod-gpu-old"], workspace="g-9999999999")
    result = function.handler(event("Update", properties(grafana, ["hyperpod-inference"]), old), context)
    assert result["PhysicalResourceId"] == f"grafana-dashboards:{WORKSPACE}"  # new id: CloudFormation deletes the old
    assert "hyperpod-gpu-old" in grafana.dashboards


def test_delete_removes_dashboards_data_source_and_service_account(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1"}
    grafana.dashboards.update({"hyperpod-inference": dashboard("hyperpod-inference"), "theirs": dashboard("theirs")})
    aws.expect_account(exists=True)
    aws.expect_token("req-3")
    aws.grafana_stub.add_response("delete_workspace_service_account",
                                  {"serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE},
                                  {"workspaceId": WORKSPACE, "serviceAccountId": ACCOUNT_ID})
    # hyperpod-gpu-h100 is already gone: a 404 on delete is success.
    props = properties(grafana, ["hyperpod-inference", "hyperpod-gpu-h100"])
    result = function.handler(event("Delete", props, request_id="req-3"), context)
    assert result == {"PhysicalResourceId": f"grafana-dashboards:{WORKSPACE}"}
    aws.assert_all_called()
    assert grafana.dashboards == {"theirs": dashboard("theirs")} and grafana.data_sources == {}


def test_delete_of_a_workspace_that_is_gone_succeeds(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.grafana_stub.add_client_error("list_workspace_service_accounts", service_error_code="ResourceNotFoundException",
                                      service_message=f"Workspace {WORKSPACE} not found", http_status_code=404)
    function.handler(event("Delete", properties(grafana, ["hyperpod-inference"])), context)
    aws.assert_all_called()
    assert grafana.requests == []


def test_delete_without_our_service_account_posts_nothing(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_account(exists=False, create=False)
    function.handler(event("Delete", properties(grafana, ["hyperpod-inference"])), context)
    aws.assert_all_called()
    assert grafana.requests == []


# ---- Grafana refuses: its words in the error, the token deleted regardless ---------------------------------------

def test_a_rejected_token_is_reported_with_grafanas_words(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_asset({"hyperpod-inference": dashboard("hyperpod-inference")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", key="glsa_expired")
    with pytest.raises(RuntimeError, match=r"data source 'Amazon Managed Prometheus ws-1' \(uid hyperpod-amp-1\): "
                                           r"Grafana answered 401: invalid API key"):
        function.handler(event("Create", properties(grafana, ["hyperpod-inference"])), context)
    aws.assert_all_called()


def test_failed_dashboards_are_named_the_rest_posted_and_a_failed_create_undone(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    dashboards = {uid: dashboard(uid) for uid in ("a-conflict", "b-fine", "c-broken")}
    grafana.refuse("POST", "/api/dashboards/db", 412,
                   {"message": "The dashboard has been changed by someone else", "status": "version-mismatch"})
    aws.expect_asset(dashboards)
    aws.expect_account(exists=False)
    aws.expect_token("req-1")
    aws.expect_account_delete()
    grafana_route = grafana.route
    grafana.route = lambda method, path, body: (  # type: ignore[method-assign]
        (500, b"upstream exploded") if body and body.get("dashboard", {}).get("uid") == "c-broken"
        else grafana_route(method, path, body))
    with pytest.raises(RuntimeError) as raised:
        function.handler(event("Create", properties(grafana, list(dashboards))), context)
    message = str(raised.value)
    assert ("post dashboard 'a-conflict': Grafana answered 412: The dashboard has been changed by someone else "
            "(version-mismatch)") in message
    # 500 is retried (for up to 45 s of pauses: 8 attempts); 412 is not.
    assert ("post dashboard 'c-broken': Grafana answered 500: upstream exploded (POST /api/dashboards/db: "
            "8 attempts)") in message
    assert "b-fine" not in message and "cleaning up" not in message
    assert context.sleeps == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0]
    aws.assert_all_called()
    # The Create failed: what it posted (b-fine), the data source and the service account it made are deleted again.
    assert grafana.dashboards == {} and grafana.data_sources == {}
    assert ("DELETE", "/api/dashboards/uid/b-fine") in grafana.requests


def test_a_failed_update_keeps_what_it_posted(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1"}
    grafana.script("DELETE", "/api/dashboards/uid/stale", *[Answer(500, {"message": "database is locked"})] * 8)
    grafana.dashboards["stale"] = dashboard("stale")
    aws.expect_asset({"fresh": dashboard("fresh")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=r"^delete dashboard 'stale': Grafana answered 500: database is locked "
                                           r"\(DELETE /api/dashboards/uid/stale: 8 attempts\)$"):
        function.handler(event("Update", properties(grafana, ["fresh"]), properties(grafana, ["stale"])), context)
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"fresh", "stale"}  # CloudFormation's rollback Update converges from here


def test_an_unreachable_grafana_is_named_and_the_token_deleted(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.close()  # nothing listens on its port any more
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=rf"no answer from {grafana.url} to GET /api/datasources/uid/hyperpod-amp-1: "
                                           r".*refused \(8 attempts\)$"):
        function.handler(event("Create", properties(grafana, [])), context)
    aws.assert_all_called()
    # connection errors are retried like a 503, for 45 s of pauses
    assert context.sleeps == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0]


def test_a_failed_delete_names_every_dashboard_it_could_not_delete(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.refuse("DELETE", "/api/dashboards/uid/a", 403, {"message": "Access denied"})
    grafana.script("DELETE", "/api/dashboards/uid/b", *[500] * 8)
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    aws.expect_account(exists=True)  # the workspace is still there (asked after the failure): the failure stands
    with pytest.raises(RuntimeError, match=r"^delete dashboard 'a': Grafana answered 403: Access denied; "
                                           r"delete dashboard 'b': Grafana answered 500: Internal Server Error "
                                           r"\(DELETE /api/dashboards/uid/b: 8 attempts\)$"):
        function.handler(event("Delete", properties(grafana, ["a", "b"])), context)
    aws.assert_all_called()  # the service account stays (no delete queued), the token is gone
    assert grafana.attempts("DELETE", "/api/dashboards/uid/a") == 1  # 403 is not retried


def test_a_failing_token_delete_does_not_hide_the_first_error(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.grafana_stub.add_response(
        "create_workspace_service_account_token",
        {"serviceAccountToken": {"id": "tok-1", "name": "deploy-req-1", "key": "glsa_wrong"},
         "serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE})
    aws.grafana_stub.add_client_error("delete_workspace_service_account_token", service_error_code="ThrottlingException")
    with pytest.raises(RuntimeError, match="Grafana answered 401: invalid API key"):
        function.handler(event("Create", properties(grafana, [])), context)
    aws.assert_all_called()


def test_no_request_is_started_without_time_left(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", seconds=61)  # 10.5 s left, 10 s reserved: the token still outlives the call
    context.remaining_ms = 10_500
    with pytest.raises(TimeoutError, match=r"no time left for GET /api/datasources/uid/hyperpod-amp-1"):
        function.handler(event("Create", properties(grafana, [])), context)
    aws.assert_all_called()
    assert grafana.requests == []


def test_grafanas_words_from_json_and_text(function: ModuleType) -> None:
    import grafana_http

    assert grafana_http.grafana_words(b'{"message": "Dashboard not found"}') == "Dashboard not found"
    assert grafana_http.grafana_words(b'{"message": "m", "status": "name-exists"}') == "m (name-exists)"
    assert grafana_http.grafana_words(b"<html>502 Bad Gateway</html>") == "<html>502 Bad Gateway</html>"
    assert grafana_http.grafana_words(b"") == "(no body)"
    assert len(grafana_http.grafana_words(b"x" * 5000)) == 500


def test_an_unknown_request_type_is_refused(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    with pytest.raises(ValueError, match=r"RequestType 'Replace' is not Create, Update or Delete"):
        function.handler(event("Replace", properties(grafana, [])), context)


# ---- Grafana flaps: idempotent calls retried with backoff, inside the invocation's time budget -----------------

DATA_SOURCE = f"/api/datasources/uid/{SOURCE['Uid']}"
DASHBOARDS_DB = "/api/dashboards/db"


def test_5xx_answers_are_retried_with_backoff_that_uses_the_invocations_time(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.script("GET", DATA_SOURCE, 503, 500)
    grafana.script("POST", DASHBOARDS_DB, 502, 504)
    aws.expect_asset({"a": dashboard("a"), "b": dashboard("b")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    function.handler(event("Update", properties(grafana, ["a", "b"])), context)
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"a", "b"} and SOURCE["Uid"] in grafana.data_sources
    assert grafana.attempts("GET", DATA_SOURCE) == 3 and grafana.attempts("POST", DASHBOARDS_DB) == 4
    assert context.sleeps == [1.0, 2.0, 1.0, 2.0]  # each call starts its backoff afresh
    assert context.remaining_ms == 300_000 - 6_000  # slept on the fake clock, not for real


def test_retry_after_is_honoured_and_capped(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    busy = {"message": "Too Many Requests"}
    grafana.script("POST", DASHBOARDS_DB, Answer(429, busy, {"Retry-After": "7"}),
                   Answer(429, busy, {"Retry-After": "3600"}), Answer(429, busy, {"Retry-After": "soon"}))
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    function.handler(event("Update", properties(grafana, ["a"])), context)
    assert grafana.attempts("POST", DASHBOARDS_DB) == 4 and "a" in grafana.dashboards
    # 7 s as asked, an hour capped at 30 s, an unreadable Retry-After: the backoff (third retry: 4 s)
    assert context.sleeps == [7.0, 30.0, 4.0]


def test_a_request_that_times_out_is_retried(function: ModuleType, aws: Aws, grafana: FakeGrafana,
                                             context: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(function, "CALL_TIMEOUT_S", 0.3)
    grafana.script("GET", DATA_SOURCE, Answer(stall_s=1.0))
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    function.handler(event("Update", properties(grafana, [])), context)
    assert grafana.attempts("GET", DATA_SOURCE) == 2 and context.sleeps == [1.0]
    assert SOURCE["Uid"] in grafana.data_sources


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 412])
def test_a_refusal_is_not_retried(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock, status: int) -> None:
    grafana.script("POST", DASHBOARDS_DB, Answer(status, {"message": f"refused with {status}"}))
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=rf"^post dashboard 'a': Grafana answered {status}: refused with {status}$"):
        function.handler(event("Update", properties(grafana, ["a"])), context)
    assert grafana.attempts("POST", DASHBOARDS_DB) == 1 and context.sleeps == []


def test_retries_stop_when_the_invocations_time_is_used_up(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    context.remaining_ms = 16_000  # 6 s after the 10 s reserve: room for two pauses (1 s, 2 s), not a third (4 s)
    grafana.script("GET", DATA_SOURCE, *[503] * 10)
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", seconds=66)
    with pytest.raises(RuntimeError, match=r"^data source 'Amazon Managed Prometheus ws-1' \(uid hyperpod-amp-1\): "
                                           r"Grafana answered 503: Service Unavailable \(GET /api/datasources/uid/"
                                           r"hyperpod-amp-1: 3 attempts, no time left for another\)$"):
        function.handler(event("Create", properties(grafana, [])), context)
    aws.assert_all_called()  # the token is deleted in the reserved time
    assert context.sleeps == [1.0, 2.0] and grafana.attempts("GET", DATA_SOURCE) == 3


def test_a_grafana_answering_503_for_twenty_seconds_does_not_fail_the_invocation(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.script("GET", DATA_SOURCE, *[503] * 6)
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    function.handler(event("Update", properties(grafana, ["a"])), context)
    assert sum(context.sleeps) >= 20 and grafana.attempts("GET", DATA_SOURCE) == 7
    assert SOURCE["Uid"] in grafana.data_sources and "a" in grafana.dashboards


MAINTENANCE = b"<html>\n  <head><title>Maintenance</title></head>\n  <body>Grafana is being upgraded</body>\n</html>"


def test_a_maintenance_page_served_with_200_is_retried(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.script("GET", DATA_SOURCE, Answer(200, MAINTENANCE, {"Content-Type": "text/html"}))
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    function.handler(event("Update", properties(grafana, [])), context)
    assert grafana.attempts("GET", DATA_SOURCE) == 2 and SOURCE["Uid"] in grafana.data_sources


def test_a_maintenance_page_that_lasts_is_reported_with_its_status_and_an_excerpt(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    context.remaining_ms = 20_000
    grafana.script("GET", DATA_SOURCE, *[Answer(200, MAINTENANCE, {"Content-Type": "text/html"})] * 10)
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", seconds=70)
    with pytest.raises(RuntimeError) as failure:
        function.handler(event("Create", properties(grafana, [])), context)
    assert ("Grafana answered 200: an answer that is not JSON (text/html): <html> <head><title>Maintenance</title>"
            "</head> <body>Grafana is being upgraded</body> </html> (GET /api/datasources/uid/hyperpod-amp-1: "
            "4 attempts, no time left for another)") in str(failure.value)
    assert "JSONDecodeError" not in str(failure.value) and "Expecting value" not in str(failure.value)


def test_a_retry_after_longer_than_the_time_left_is_not_waited_for(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    context.remaining_ms = 40_000
    grafana.script("POST", DASHBOARDS_DB, Answer(429, {"message": "Too Many Requests"}, {"Retry-After": "29"}))
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", seconds=90)
    with pytest.raises(RuntimeError, match=r"^post dashboard 'a': Grafana answered 429: Too Many Requests "
                                           r"\(POST /api/dashboards/db: 1 attempt, no time left for another\)$"):
        function.handler(event("Update", properties(grafana, ["a"])), context)
    assert context.sleeps == []


def test_a_retried_data_source_post_whose_first_attempt_landed_is_ours(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    # The first POST creates the data source but its answer is lost; the retry gets 409 "same uid": it is there.
    grafana.script("POST", "/api/datasources", Answer(502, {"message": "Bad Gateway"}, lands=True))
    grafana.script("POST", DASHBOARDS_DB, Answer(403, {"message": "Access denied"}))
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=r"^post dashboard 'a': Grafana answered 403: Access denied$"):
        function.handler(event("Create", properties(grafana, ["a"])), context)
    assert grafana.attempts("POST", "/api/datasources") == 2 and context.sleeps == [1.0]
    # The Create made the data source (on its first attempt), so undoing the Create deletes it.
    assert ("DELETE", DATA_SOURCE) in grafana.requests and grafana.data_sources == {}


@pytest.mark.parametrize("first", [[], [503]], ids=["at-once", "after-a-retry"])
def test_a_data_source_name_taken_by_another_is_a_conflict(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock, first: list[int]) -> None:
    taken = Answer(409, {"message": "data source with the same name already exists"})
    grafana.script("POST", "/api/datasources", *first, taken)
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    attempts = "" if not first else r" \(POST /api/datasources: 2 attempts\)"
    with pytest.raises(RuntimeError, match=r"^data source 'Amazon Managed Prometheus ws-1' \(uid hyperpod-amp-1\): "
                                           rf"Grafana answered 409: data source with the same name already exists"
                                           rf"{attempts}$"):
        function.handler(event("Create", properties(grafana, [])), context)
    assert grafana.attempts("POST", "/api/datasources") == 1 + len(first) and grafana.data_sources == {}


def test_a_rollback_against_a_flapping_grafana_succeeds(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    # A failed Update left the new dashboards and data source; CloudFormation rolls back with the old properties
    # (and the failed new ones as OldResourceProperties) while Grafana answers 5xx a few times.
    new_source = {**SOURCE, "Uid": "hyperpod-amp-2"}
    grafana.data_sources.update({"hyperpod-amp-1": {"uid": "hyperpod-amp-1"}, "hyperpod-amp-2": {"uid": "hyperpod-amp-2"}})
    grafana.dashboards.update({"inference": dashboard("inference", "new"), "gpu-new": dashboard("gpu-new")})
    grafana.script("GET", DATA_SOURCE, 503, 503)
    grafana.script("POST", DASHBOARDS_DB, 503, 502)
    grafana.script("DELETE", "/api/dashboards/uid/gpu-new", 504)
    grafana.script("DELETE", "/api/datasources/uid/hyperpod-amp-2",
                   Answer(503, {"message": "Service Unavailable"}, {"Retry-After": "3"}))
    aws.expect_asset({"inference": dashboard("inference", "old"), "gpu-old": dashboard("gpu-old")})
    aws.expect_account(exists=True)
    aws.expect_token("req-rollback")
    failed_new = properties(grafana, ["inference", "gpu-new"], source=new_source)
    rollback = event("Update", properties(grafana, ["inference", "gpu-old"]), failed_new, request_id="req-rollback")
    assert function.handler(rollback, context) == {"PhysicalResourceId": f"grafana-dashboards:{WORKSPACE}"}
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"inference", "gpu-old"} and grafana.dashboards["inference"]["title"] == "old"
    assert set(grafana.data_sources) == {"hyperpod-amp-1"}
    assert context.sleeps == [1.0, 2.0, 1.0, 2.0, 1.0, 3.0]


def test_the_aws_clients_retry_in_botocores_standard_mode(function: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # Throttling, 5xx and connection errors of the grafana and s3 APIs are retried by botocore itself: botocore's
    # ``max_attempts: 3`` counts retries, so a call is made at most 4 times.
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-west-2")
    for service in ("grafana", "s3"):
        config = function.aws_client(service).meta.config
        assert config.retries == {"mode": "standard", "total_max_attempts": 4}
        assert (config.connect_timeout, config.read_timeout) == (5, 20)


# ---- a workspace that is gone: done on Delete, a clear error on Create / Update -------------------------------

def test_delete_when_the_workspace_is_gone_before_the_token_succeeds(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_account(exists=True)
    aws.expect_missing("create_workspace_service_account_token")
    function.handler(event("Delete", properties(grafana, ["a"])), context)
    aws.assert_all_called()
    assert grafana.requests == []


def test_delete_when_the_workspace_is_gone_before_its_account_is_deleted_succeeds(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_account(exists=True)
    aws.expect_token("req-1")  # Grafana answers 404 for the dashboards and the data source: already gone
    aws.expect_missing("delete_workspace_service_account")
    function.handler(event("Delete", properties(grafana, ["a"])), context)
    aws.assert_all_called()
    assert grafana.requests == [("DELETE", "/api/dashboards/uid/a"), ("DELETE", DATA_SOURCE)]


def test_delete_when_grafanas_name_no_longer_resolves_and_the_workspace_is_gone_succeeds(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import grafana_http

    tried: list[str] = []

    def unresolved(request: Any, timeout: float) -> Any:
        tried.append(request.full_url)
        raise urllib.error.URLError(socket.gaierror(-2, "Name or service not known"))

    monkeypatch.setattr(grafana_http._OPENER, "open", unresolved)
    aws.expect_account(exists=True)
    aws.grafana_stub.add_response(
        "create_workspace_service_account_token",
        {"serviceAccountToken": {"id": "tok-1", "name": "deploy-req-1", "key": TOKEN},
         "serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE})
    aws.expect_missing("delete_workspace_service_account_token")
    aws.expect_missing("list_workspace_service_accounts")  # asked after the failure: the workspace is gone
    function.handler(event("Delete", properties(grafana, ["a", "b"])), context)
    aws.assert_all_called()
    # Retried as any connection error, then no other call is tried against a Grafana that does not answer.
    assert tried == [f"{grafana.url}/api/dashboards/uid/a"] * 8 and context.sleeps == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0]


def test_delete_when_grafana_does_not_answer_but_the_workspace_exists_fails(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.close()
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    aws.expect_account(exists=True)
    with pytest.raises(RuntimeError, match=rf"^delete dashboard 'a': no answer from {grafana.url} to DELETE "
                                           r"/api/dashboards/uid/a: .*refused \(8 attempts\)$"):
        function.handler(event("Delete", properties(grafana, ["a"])), context)
    aws.assert_all_called()


@pytest.mark.parametrize("request_type", ["Create", "Update"])
def test_a_create_or_update_in_a_workspace_that_does_not_exist_fails_clearly(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock, request_type: str) -> None:
    aws.expect_asset({})
    aws.expect_missing("list_workspace_service_accounts")
    old = properties(grafana, []) if request_type == "Update" else None
    with pytest.raises(RuntimeError, match=rf"^Grafana workspace {WORKSPACE} does not exist: An error occurred "
                                           r"\(ResourceNotFoundException\) when calling the "
                                           rf"ListWorkspaceServiceAccounts operation: Workspace {WORKSPACE} not found$"):
        function.handler(event(request_type, properties(grafana, []), old), context)
    aws.assert_all_called()
    assert grafana.requests == []


# ---- a failed Create deletes the service account it made ----------------------------------------------------

def test_a_failed_token_creation_deletes_the_service_account_the_create_made(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=False)
    aws.grafana_stub.add_client_error("create_workspace_service_account_token", service_error_code="ValidationException",
                                      service_message="too many tokens")
    aws.expect_account_delete()
    with pytest.raises(Exception, match=r"\(ValidationException\) .*: too many tokens$"):
        function.handler(event("Create", properties(grafana, [])), context)
    aws.assert_all_called()
    assert grafana.requests == []


def test_a_failed_create_keeps_a_service_account_it_found(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.refuse("POST", DASHBOARDS_DB, 403, {"message": "Access denied"})
    aws.expect_asset({"a": dashboard("a")})
    aws.expect_account(exists=True)  # another platform's Create, or an earlier attempt, made it
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=r"^post dashboard 'a': Grafana answered 403: Access denied$"):
        function.handler(event("Create", properties(grafana, ["a"])), context)
    aws.assert_all_called()  # no delete_workspace_service_account was queued; a call would have failed the cleanup
    assert grafana.data_sources == {}


def test_failures_while_cleaning_up_a_create_are_added_to_its_failure(
        function: ModuleType, aws: Aws, grafana: FakeGrafana, context: FakeClock) -> None:
    grafana.refuse("POST", DASHBOARDS_DB, 403, {"message": "Access denied"})  # the first (a) fails, b is posted
    grafana.refuse("DELETE", "/api/dashboards/uid/b", 403, {"message": "Access denied"})
    aws.expect_asset({"a": dashboard("a"), "b": dashboard("b")})
    aws.expect_account(exists=False)
    aws.expect_token("req-1")
    aws.grafana_stub.add_client_error("delete_workspace_service_account", service_error_code="InternalServerException",
                                      service_message="try again", http_status_code=500)
    with pytest.raises(RuntimeError, match=(
            r"^post dashboard 'a': Grafana answered 403: Access denied; cleaning up after the failed Create: "
            r"delete dashboard 'b': Grafana answered 403: Access denied; "
            rf"service account {ACCOUNT_NAME} \(id 7\) not deleted: An error occurred \(InternalServerException\) "
            r"when calling the DeleteWorkspaceServiceAccount operation: try again$")):
        function.handler(event("Create", properties(grafana, ["a", "b"])), context)
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"b"} and grafana.data_sources == {}  # the data source was still deleted


def test_a_post_not_marked_idempotent_is_not_retried(
        function: ModuleType, grafana: FakeGrafana, context: FakeClock) -> None:
    import grafana_http

    grafana.script("POST", "/api/folders", 503)
    client = grafana_http.Grafana(grafana.url, TOKEN, function.Clock(context))
    with pytest.raises(grafana_http.GrafanaError, match=r"^Grafana answered 503: Service Unavailable$") as raised:
        client.request("POST", "/api/folders", {"title": "x"})
    assert raised.value.attempts == 1 and grafana.attempts("POST", "/api/folders") == 1 and context.sleeps == []
