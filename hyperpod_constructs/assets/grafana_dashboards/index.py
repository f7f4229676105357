"""``Custom::HyperPodGrafanaDashboards``: the platform's dashboards and an AMP data source in its Grafana workspace.

Each invocation creates a short-lived token for the platform's workspace service account (the account is made
on first use and deleted with the resource), works through the workspace's Grafana HTTP API with it, and deletes
the token again whatever happened.

- Create / Update: create or update the AMP data source (SigV4 with the workspace's role), post every dashboard
  of the S3 asset with ``overwrite``, then delete the dashboards (and data source, and service account) the
  previous properties named in this workspace and these do not. A failed Create deletes what it posted and the
  service account it made (the provider framework never sends a Delete for a failed Create); a failed Update is
  rolled back by CloudFormation with the old properties, which converges the same way.
- Delete: delete the dashboards and the data source, then the service account. A workspace that no longer
  exists is success, whichever call finds that out.

Grafana requests are retried on 429, 5xx and no answer, within the invocation's time (``grafana_http``).

Properties: ``WorkspaceId``, ``GrafanaUrl``, ``ServiceAccountName``, ``DashboardsBucket`` / ``DashboardsKey``
(a JSON object, dashboard uid -> Grafana dashboard model), ``Dashboards`` (those uids) and ``DataSource``
(``Uid``, ``Name``, ``Url``, ``Region``). Standard library and boto3 only.
"""
from __future__ import annotations

import json
import logging
from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Optional

from grafana_http import Grafana, GrafanaError

LOG = logging.getLogger()
LOG.setLevel(logging.INFO)

CALL_TIMEOUT_S = 30.0  # the longest any one Grafana request may take
RESERVE_S = 10.0  # kept back to delete the token and answer CloudFormation
TOKEN_SLACK_S = 60  # the token outlives the invocation by at most this
SERVICE_ACCOUNT_ROLE = "ADMIN"  # data sources need Grafana's Admin role; dashboards alone would need Editor
MISSING = "ResourceNotFoundException"


def aws_client(service: str) -> Any:
    """A boto3 client whose every call has a connect and a read timeout and bounded retries."""
    import boto3  # the Lambda runtime has it; imported here so the pure parts load without it
    from botocore.config import Config

    return boto3.client(service, config=Config(connect_timeout=5, read_timeout=20,
                                               retries={"mode": "standard", "max_attempts": 3}))


class Clock:
    """Time left in this invocation, and how long the next request may take."""

    def __init__(self, context: Any) -> None:
        self._context = context

    def left(self) -> float:
        return self._context.get_remaining_time_in_millis() / 1000 - RESERVE_S

    def timeout(self, what: str) -> float:
        left = self.left()
        if left < 1:
            raise TimeoutError(f"no time left for {what}")
        return min(CALL_TIMEOUT_S, left)


def _error_code(error: Exception) -> str:
    return getattr(error, "response", {}).get("Error", {}).get("Code", "")


def find_service_account(client: Any, workspace_id: str, name: str) -> Optional[str]:
    """The id of the workspace's service account called ``name``, or None."""
    request = {"workspaceId": workspace_id}
    while True:
        page = client.list_workspace_service_accounts(**request)
        for account in page.get("serviceAccounts", []):
            if account["name"] == name:
                return account["id"]
        if not page.get("nextToken"):
            return None
        request["nextToken"] = page["nextToken"]


def ensure_service_account(client: Any, props: Mapping[str, Any]) -> tuple[str, bool]:
    """The account's id, and whether this call made it (only then may a failed Create delete it)."""
    workspace_id, name = props["WorkspaceId"], props["ServiceAccountName"]
    found = find_service_account(client, workspace_id, name)
    if found is not None:
        return found, False
    return client.create_workspace_service_account(
        workspaceId=workspace_id, name=name, grafanaRole=SERVICE_ACCOUNT_ROLE)["id"], True


def workspace_gone(client: Any, workspace_id: str) -> bool:
    """Whether the grafana API says the workspace does not exist: the one sure sign (its URL failing to answer or
    resolve may be a hiccup)."""
    try:
        client.list_workspace_service_accounts(workspaceId=workspace_id)
    except Exception as error:  # noqa: BLE001 - any other failure: not known to be gone
        return _error_code(error) == MISSING
    return False


def delete_service_account(client: Any, workspace_id: str, name: str) -> None:
    account = find_service_account(client, workspace_id, name)
    if account is not None:
        client.delete_workspace_service_account(workspaceId=workspace_id, serviceAccountId=account)


@contextmanager
def grafana_session(client: Any, props: Mapping[str, Any], account: str, request_id: str,
                    clock: Clock) -> Iterator[Grafana]:
    """The Grafana API with a token of ``account`` that outlives this invocation by a minute at most; the token is
    deleted on the way out, whatever happened."""
    workspace_id = props["WorkspaceId"]
    token = client.create_workspace_service_account_token(
        workspaceId=workspace_id, serviceAccountId=account, name=f"deploy-{request_id}",
        secondsToLive=max(1, int(clock.left())) + TOKEN_SLACK_S)["serviceAccountToken"]
    try:
        yield Grafana(props["GrafanaUrl"], token["key"], clock)
    finally:
        try:
            client.delete_workspace_service_account_token(
                workspaceId=workspace_id, serviceAccountId=account, tokenId=token["id"])
        except Exception as error:  # noqa: BLE001 - the first failure is the one to report; the token expires anyway
            LOG.error("token %s of service account %s not deleted (it expires within a minute): %s",
                      token["id"], props["ServiceAccountName"], error)


class Workspace:
    """The Grafana API calls this function makes, and what it posted (to undo a failed Create)."""

    def __init__(self, grafana: Grafana) -> None:
        self.grafana = grafana
        self.posted: list[str] = []
        self.created_data_source: Optional[str] = None

    def put_data_source(self, source: Mapping[str, str]) -> None:
        uid = source["Uid"]
        body = {"uid": uid, "name": source["Name"], "type": "prometheus", "access": "proxy", "url": source["Url"],
                "jsonData": {"httpMethod": "POST", "sigV4Auth": True, "sigV4AuthType": "ec2_iam_role",
                             "sigV4Region": source["Region"]}}
        try:
            if self._data_source_exists(uid):
                self.grafana.request("PUT", f"/api/datasources/uid/{uid}", body)
            else:
                self._create_data_source(body)
                self.created_data_source = uid
        except GrafanaError as error:
            raise RuntimeError(f"data source {source['Name']!r} (uid {uid}): {error}") from None
        LOG.info("data source %s points at %s", uid, source["Url"])

    def _data_source_exists(self, uid: str) -> bool:
        return self.grafana.request("GET", f"/api/datasources/uid/{uid}", missing_ok=True) is not None

    def _create_data_source(self, body: Mapping[str, Any]) -> None:
        """POST, retried: a 409 after a retry is the earlier attempt having landed when the data source with our uid
        is there now; a 409 on the first attempt, or without our uid, is a name another data source holds."""
        try:
            self.grafana.request("POST", "/api/datasources", body, idempotent=True)
        except GrafanaError as error:
            if not (error.status == 409 and error.attempts > 1 and self._data_source_exists(body["uid"])):
                raise
            LOG.info("data source %s: an earlier attempt of the retried POST created it", body["uid"])

    def put_dashboard(self, uid: str, model: Mapping[str, Any]) -> None:
        # No numeric id: Grafana matches on uid, and overwrite replaces whatever version it holds.
        # ... so posting it twice (a retry after a lost answer) leaves the same dashboard: safe to retry.
        self.grafana.request("POST", "/api/dashboards/db", {
            "dashboard": {**model, "uid": uid, "id": None}, "overwrite": True,
            "message": "provisioned by hyperpod-constructs"}, idempotent=True)
        self.posted.append(uid)

    def delete_dashboard(self, uid: str) -> None:
        self.grafana.request("DELETE", f"/api/dashboards/uid/{uid}", missing_ok=True)

    def delete_data_source(self, uid: str) -> None:
        try:
            self.grafana.request("DELETE", f"/api/datasources/uid/{uid}", missing_ok=True)
        except GrafanaError as error:
            raise RuntimeError(f"data source uid {uid}: {error}") from None


def _each_dashboard(action: str, uids: list[str], call: Any) -> list[str]:
    """Run ``call`` for every uid; the failures, each naming its dashboard and what Grafana said. A Grafana that
    gave no answer (after its retries) raises at once: the other calls would only use up the time the same way."""
    errors = []
    for uid in uids:
        try:
            call(uid)
        except GrafanaError as error:
            errors.append(f"{action} dashboard {uid!r}: {error}")
            if error.status is None:
                raise RuntimeError("; ".join(errors)) from None
    return errors


def _raise_if(errors: list[str]) -> None:
    if errors:
        raise RuntimeError("; ".join(errors))


def read_dashboards(s3: Any, props: Mapping[str, Any]) -> dict[str, Any]:
    body = s3.get_object(Bucket=props["DashboardsBucket"], Key=props["DashboardsKey"])["Body"].read()
    return json.loads(body)


def converge(workspace: Workspace, dashboards: Mapping[str, Any], props: Mapping[str, Any],
             old: Optional[Mapping[str, Any]]) -> None:
    """The data source and every dashboard as ``props`` say; what ``old`` had in this workspace and ``props`` lacks
    is deleted."""
    workspace.put_data_source(props["DataSource"])
    errors = _each_dashboard("post", sorted(dashboards), lambda uid: workspace.put_dashboard(uid, dashboards[uid]))
    if old is not None and old.get("WorkspaceId") == props["WorkspaceId"]:
        stale = sorted(set(old.get("Dashboards", [])) - set(dashboards))
        errors += _each_dashboard("delete", stale, workspace.delete_dashboard)
        old_source = old.get("DataSource", {}).get("Uid")
        if old_source and old_source != props["DataSource"]["Uid"]:
            workspace.delete_data_source(old_source)
    _raise_if(errors)


def _attempt(problems: list[str], call: Any, *args: Any) -> None:
    """``call(*args)`` during a cleanup: its failure is added to ``problems``, never raised, so it cannot hide the
    failure being cleaned up after."""
    try:
        problems += call(*args) or []
    except Exception as error:  # noqa: BLE001 - see above
        problems.append(str(error))


def undo(workspace: Workspace) -> list[str]:
    """After a failed Create: delete what it posted; what could not be deleted."""
    problems: list[str] = []
    _attempt(problems, _each_dashboard, "delete", workspace.posted, workspace.delete_dashboard)
    if workspace.created_data_source is not None:
        _attempt(problems, workspace.delete_data_source, workspace.created_data_source)
    return problems


def _delete_account(client: Any, props: Mapping[str, Any], account: str) -> list[str]:
    try:
        client.delete_workspace_service_account(workspaceId=props["WorkspaceId"], serviceAccountId=account)
    except Exception as error:  # noqa: BLE001 - reported with the failure it follows
        return [f"service account {props['ServiceAccountName']} (id {account}) not deleted: {error}"]
    return []


def remove(workspace: Workspace, props: Mapping[str, Any]) -> None:
    errors = _each_dashboard("delete", sorted(props.get("Dashboards", [])), workspace.delete_dashboard)
    try:
        workspace.delete_data_source(props["DataSource"]["Uid"])
    except RuntimeError as error:
        errors.append(str(error))
    _raise_if(errors)


def provision(client: Any, event: Mapping[str, Any], clock: Clock) -> None:
    """Create / Update. A failed Create deletes what it posted and the account it made; what it could not delete is
    added to the failure's message."""
    props, create = event["ResourceProperties"], event["RequestType"] == "Create"
    dashboards = read_dashboards(aws_client("s3"), props)
    account, made = ensure_service_account(client, props)
    old = event.get("OldResourceProperties")
    left_behind: list[str] = []
    try:
        with grafana_session(client, props, account, event["RequestId"], clock) as grafana:
            workspace = Workspace(grafana)
            try:
                converge(workspace, dashboards, props, old)
            except Exception:
                if create:
                    left_behind += undo(workspace)  # while the token is still valid
                raise
    except Exception as error:
        if create and made:
            left_behind += _delete_account(client, props, account)  # an ADMIN account nobody would delete
        if not left_behind:
            raise
        for problem in left_behind:
            LOG.error("cleaning up after the failed Create: %s", problem)
        raise RuntimeError(f"{error}; cleaning up after the failed Create: {'; '.join(left_behind)}") from error
    workspace_id = props["WorkspaceId"]
    if old is not None and old.get("WorkspaceId") == workspace_id \
            and old.get("ServiceAccountName") not in (None, props["ServiceAccountName"]):
        delete_service_account(client, workspace_id, old["ServiceAccountName"])  # the platform was renamed
    LOG.info("%d dashboards in workspace %s", len(dashboards), workspace_id)


def delete(client: Any, event: Mapping[str, Any], clock: Clock) -> None:
    """Delete. The workspace being gone, found out by any call (the grafana API's ResourceNotFoundException, or
    Grafana failing and the API then confirming it), is success: there is nothing left to delete."""
    props = event["ResourceProperties"]
    workspace_id = props["WorkspaceId"]
    try:
        account = find_service_account(client, workspace_id, props["ServiceAccountName"])
        if account is not None:  # without it, nothing of ours was ever posted
            with grafana_session(client, props, account, event["RequestId"], clock) as grafana:
                remove(Workspace(grafana), props)
            client.delete_workspace_service_account(workspaceId=workspace_id, serviceAccountId=account)
    except Exception as error:
        if _error_code(error) != MISSING and not workspace_gone(client, workspace_id):
            raise
        LOG.info("workspace %s no longer exists (%s): nothing to delete", workspace_id, error)


def handler(event: Mapping[str, Any], context: Any) -> dict[str, Any]:
    request = event["RequestType"]
    workspace_id = event["ResourceProperties"]["WorkspaceId"]
    clock = Clock(context)
    client = aws_client("grafana")
    if request == "Delete":
        delete(client, event, clock)
        return {"PhysicalResourceId": event["PhysicalResourceId"]}
    if request not in ("Create", "Update"):
        raise ValueError(f"RequestType {request!r} is not Create, Update or Delete")
    try:
        provision(client, event, clock)
    except Exception as error:
        # Create / Update need the workspace: say so plainly (also when a cleanup's failures were added to it).
        if MISSING in (_error_code(error), _error_code(error.__cause__)):
            raise RuntimeError(f"Grafana workspace {workspace_id} does not exist: {error}") from error
        raise
    return {"PhysicalResourceId": f"grafana-dashboards:{workspace_id}"}
