"""The dashboard provisioning function driven as Lambda drives it, ``handler(event, context)``: the AWS API through
botocore's Stubber (the calls, their order and parameters are the contract), Grafana as a real HTTP server on
loopback that behaves like Grafana's API (tests/observability/grafana_fakes.py)."""
from __future__ import annotations

import io
import json
from types import ModuleType
from typing import Any, Iterator, Optional

import botocore.session
import pytest
from botocore.response import StreamingBody
from botocore.stub import Stubber

from grafana_fakes import FakeGrafana, load_handler

WORKSPACE = "g-0123456789"
ACCOUNT_NAME = "hyperpod-constructs-0123456789ab"
ACCOUNT_ID = "7"
TOKEN = "glsa_valid_token"
BUCKET, KEY = "cdk-assets-bucket", "0a1b2c.json"
SOURCE = {"Uid": "hyperpod-amp-1", "Name": "Amazon Managed Prometheus ws-1",
          "Url": "https://aps-workspaces.us-west-2.amazonaws.com/workspaces/ws-1", "Region": "us-west-2"}


def dashboard(uid: str, title: Optional[str] = None) -> dict[str, Any]:
    return {"uid": uid, "title": title or uid, "panels": [], "schemaVersion": 39}


class Context:
    def __init__(self, remaining_ms: int = 300_000) -> None:
        self.remaining_ms = remaining_ms

    def get_remaining_time_in_millis(self) -> int:
        return self.remaining_ms


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

    def assert_all_called(self) -> None:
        """Every queued call happened: in particular the token was deleted."""
        self.grafana_stub.assert_no_pending_responses()
        self.s3_stub.assert_no_pending_responses()


@pytest.fixture(scope="module")
def function() -> ModuleType:
    return load_handler()


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
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    dashboards = {"hyperpod-inference": dashboard("hyperpod-inference"), "hyperpod-gpu-h100": dashboard("hyperpod-gpu-h100")}
    aws.expect_asset(dashboards)
    aws.expect_account(exists=False)
    aws.expect_token("req-1")
    result = function.handler(event("Create", properties(grafana, list(dashboards))), Context())
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
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1", "url": "https://old"}
    grafana.dashboards.update({uid: dashboard(uid) for uid in ("hyperpod-inference", "hyperpod-gpu-a", "hyperpod-gpu-b")})
    new = {"hyperpod-inference": dashboard("hyperpod-inference", "Inference v2"), "hyperpod-gpu-a": dashboard("hyperpod-gpu-a")}
    aws.expect_asset(new)
    aws.expect_account(exists=True)
    aws.expect_token("req-2")
    old = properties(grafana, ["hyperpod-inference", "hyperpod-gpu-a", "hyperpod-gpu-b"])
    function.handler(event("Update", properties(grafana, list(new)), old, request_id="req-2"), Context())
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"hyperpod-inference", "hyperpod-gpu-a"}
    assert grafana.dashboards["hyperpod-inference"]["title"] == "Inference v2"
    assert grafana.data_sources["hyperpod-amp-1"]["url"] == SOURCE["Url"]  # updated in place (PUT)
    assert ("PUT", "/api/datasources/uid/hyperpod-amp-1") in grafana.requests


def test_update_to_a_new_data_source_deletes_the_old_one(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.data_sources["hyperpod-amp-old"] = {"uid": "hyperpod-amp-old"}
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    old = properties(grafana, [], source={**SOURCE, "Uid": "hyperpod-amp-old"})
    function.handler(event("Update", properties(grafana, []), old), Context())
    assert set(grafana.data_sources) == {"hyperpod-amp-1"}


def test_update_after_a_rename_deletes_the_old_service_account(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
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
    function.handler(event("Update", properties(grafana, []), old), Context())
    aws.assert_all_called()


def test_update_into_another_workspace_leaves_the_old_workspace_to_its_delete(
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.dashboards["hyperpod-gpu-old"] = dashboard("hyperpod-gpu-old")  # same server, but "another" workspace
    aws.expect_asset({"hyperpod-inference": dashboard("hyperpod-inference")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    old = properties(grafana, ["hyperpod-gpu-old"], workspace="g-9999999999")
    result = function.handler(event("Update", properties(grafana, ["hyperpod-inference"]), old), Context())
    assert result["PhysicalResourceId"] == f"grafana-dashboards:{WORKSPACE}"  # new id: CloudFormation deletes the old
    assert "hyperpod-gpu-old" in grafana.dashboards


def test_delete_removes_dashboards_data_source_and_service_account(
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1"}
    grafana.dashboards.update({"hyperpod-inference": dashboard("hyperpod-inference"), "theirs": dashboard("theirs")})
    aws.expect_account(exists=True)
    aws.expect_token("req-3")
    aws.grafana_stub.add_response("delete_workspace_service_account",
                                  {"serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE},
                                  {"workspaceId": WORKSPACE, "serviceAccountId": ACCOUNT_ID})
    # hyperpod-gpu-h100 is already gone: a 404 on delete is success.
    props = properties(grafana, ["hyperpod-inference", "hyperpod-gpu-h100"])
    result = function.handler(event("Delete", props, request_id="req-3"), Context())
    assert result == {"PhysicalResourceId": f"grafana-dashboards:{WORKSPACE}"}
    aws.assert_all_called()
    assert grafana.dashboards == {"theirs": dashboard("theirs")} and grafana.data_sources == {}


def test_delete_of_a_workspace_that_is_gone_succeeds(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    aws.grafana_stub.add_client_error("list_workspace_service_accounts", service_error_code="ResourceNotFoundException",
                                      service_message=f"Workspace {WORKSPACE} not found", http_status_code=404)
    function.handler(event("Delete", properties(grafana, ["hyperpod-inference"])), Context())
    aws.assert_all_called()
    assert grafana.requests == []


def test_delete_without_our_service_account_posts_nothing(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    aws.expect_account(exists=False, create=False)
    function.handler(event("Delete", properties(grafana, ["hyperpod-inference"])), Context())
    aws.assert_all_called()
    assert grafana.requests == []


# ---- Grafana refuses: its words in the error, the token deleted regardless ---------------------------------------

def test_a_rejected_token_is_reported_with_grafanas_words(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    aws.expect_asset({"hyperpod-inference": dashboard("hyperpod-inference")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", key="glsa_expired")
    with pytest.raises(RuntimeError, match=r"data source 'Amazon Managed Prometheus ws-1' \(uid hyperpod-amp-1\): "
                                           r"Grafana answered 401: invalid API key"):
        function.handler(event("Create", properties(grafana, ["hyperpod-inference"])), Context())
    aws.assert_all_called()


def test_failed_dashboards_are_named_the_rest_posted_and_a_failed_create_undone(
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    dashboards = {uid: dashboard(uid) for uid in ("a-conflict", "b-fine", "c-broken")}
    grafana.refuse("POST", "/api/dashboards/db", 412,
                   {"message": "The dashboard has been changed by someone else", "status": "version-mismatch"})
    aws.expect_asset(dashboards)
    aws.expect_account(exists=False)
    aws.expect_token("req-1")
    grafana_route = grafana.route
    grafana.route = lambda method, path, body: (  # type: ignore[method-assign]
        (500, b"upstream exploded") if body and body.get("dashboard", {}).get("uid") == "c-broken"
        else grafana_route(method, path, body))
    with pytest.raises(RuntimeError) as raised:
        function.handler(event("Create", properties(grafana, list(dashboards))), Context())
    message = str(raised.value)
    assert ("post dashboard 'a-conflict': Grafana answered 412: The dashboard has been changed by someone else "
            "(version-mismatch)") in message
    assert "post dashboard 'c-broken': Grafana answered 500: upstream exploded" in message
    assert "b-fine" not in message
    aws.assert_all_called()
    # The Create failed: what it posted (b-fine) and the data source it made are deleted again.
    assert grafana.dashboards == {} and grafana.data_sources == {}
    assert ("DELETE", "/api/dashboards/uid/b-fine") in grafana.requests


def test_a_failed_update_keeps_what_it_posted(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.data_sources["hyperpod-amp-1"] = {"uid": "hyperpod-amp-1"}
    grafana.refuse("DELETE", "/api/dashboards/uid/stale", 500, {"message": "database is locked"})
    grafana.dashboards["stale"] = dashboard("stale")
    aws.expect_asset({"fresh": dashboard("fresh")})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=r"^delete dashboard 'stale': Grafana answered 500: database is locked$"):
        function.handler(event("Update", properties(grafana, ["fresh"]), properties(grafana, ["stale"])), Context())
    aws.assert_all_called()
    assert set(grafana.dashboards) == {"fresh", "stale"}  # CloudFormation's rollback Update converges from here


def test_an_unreachable_grafana_is_named_and_the_token_deleted(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.close()  # nothing listens on its port any more
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=rf"no answer from {grafana.url} to GET /api/datasources/uid/hyperpod-amp-1"):
        function.handler(event("Create", properties(grafana, [])), Context())
    aws.assert_all_called()


def test_a_failed_delete_names_every_dashboard_it_could_not_delete(
        function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    grafana.refuse("DELETE", "/api/dashboards/uid/a", 403, {"message": "Access denied"})
    grafana.refuse("DELETE", "/api/dashboards/uid/b", 500, {"message": "Internal Server Error"})
    aws.expect_account(exists=True)
    aws.expect_token("req-1")
    with pytest.raises(RuntimeError, match=r"delete dashboard 'a': Grafana answered 403: Access denied; "
                                           r"delete dashboard 'b': Grafana answered 500: Internal Server Error"):
        function.handler(event("Delete", properties(grafana, ["a", "b"])), Context())
    aws.assert_all_called()  # the service account stays (no delete queued), the token is gone


def test_a_failing_token_delete_does_not_hide_the_first_error(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.grafana_stub.add_response(
        "create_workspace_service_account_token",
        {"serviceAccountToken": {"id": "tok-1", "name": "deploy-req-1", "key": "glsa_wrong"},
         "serviceAccountId": ACCOUNT_ID, "workspaceId": WORKSPACE})
    aws.grafana_stub.add_client_error("delete_workspace_service_account_token", service_error_code="ThrottlingException")
    with pytest.raises(RuntimeError, match="Grafana answered 401: invalid API key"):
        function.handler(event("Create", properties(grafana, [])), Context())
    aws.assert_all_called()


def test_no_request_is_started_without_time_left(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    aws.expect_asset({})
    aws.expect_account(exists=True)
    aws.expect_token("req-1", seconds=61)  # 10.5 s left, 10 s reserved: the token still outlives the call
    with pytest.raises(TimeoutError, match=r"no time left for GET /api/datasources/uid/hyperpod-amp-1"):
        function.handler(event("Create", properties(grafana, [])), Context(remaining_ms=10_500))
    aws.assert_all_called()
    assert grafana.requests == []


def test_grafanas_words_from_json_and_text(function: ModuleType) -> None:
    import grafana_http

    assert grafana_http.grafana_words(b'{"message": "Dashboard not found"}') == "Dashboard not found"
    assert grafana_http.grafana_words(b'{"message": "m", "status": "name-exists"}') == "m (name-exists)"
    assert grafana_http.grafana_words(b"<html>502 Bad Gateway</html>") == "<html>502 Bad Gateway</html>"
    assert grafana_http.grafana_words(b"") == "(no body)"
    assert len(grafana_http.grafana_words(b"x" * 5000)) == 500


def test_an_unknown_request_type_is_refused(function: ModuleType, aws: Aws, grafana: FakeGrafana) -> None:
    with pytest.raises(ValueError, match=r"RequestType 'Replace' is not Create, Update or Delete"):
        function.handler(event("Replace", properties(grafana, [])), Context())
