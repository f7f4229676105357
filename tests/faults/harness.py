"""The kubectl function's runtime, reproduced at its boundaries: Lambda's clock, the CDK Provider framework's
onEvent/isComplete protocol, and CloudFormation's create, update, rollback and delete of one custom resource.

Time is simulated: ``SimClock.now()`` is the real clock plus a skew, so the handler's sleeps
(``time_budget.pause``) and the loopback API server's simulated latency advance it without waiting, while a call that
really hangs still uses real time (and the handler's subprocess timeout, derived from the same clock, stops it).
The framework's behaviour follows aws-cdk-lib's ``custom-resources/lib/provider-framework/runtime``: a Create
whose onEvent fails answers with a marker physical id and the Delete that follows is not passed on; an
isComplete that raises fails the resource with the handler's message; one that is never complete fails with
"Operation timed out" once the framework's total timeout is used up. The waiter is a Step Functions execution of its
own: when CloudFormation gives up on a request (a sibling resource failed during a Create, an Update was cancelled),
the execution keeps calling isComplete every query interval while CloudFormation's next requests run, interleaved
with theirs on the one clock, and its answer goes to a response URL nobody reads (``unheard``).
"""
from __future__ import annotations

import copy
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional

CREATE_FAILED_MARKER = "AWSCDK::CustomResourceProviderFramework::CREATE_FAILED"
LAMBDA_TIMEOUT_SECONDS = 900.0
ON_EVENT_TIMEOUT_SECONDS = 60.0


class SimClock:
    """Real time plus a skew that sleeps and simulated latencies advance."""

    def __init__(self) -> None:
        self._skew = 0.0
        self._waited = 0.0
        self._lock = threading.Lock()

    def now(self) -> float:
        return time.time() + self._skew

    def pause(self, seconds: float) -> None:
        with self._lock:
            self._skew += max(0.0, seconds)
            self._waited += max(0.0, seconds)

    def waited(self) -> float:
        """Seconds of simulated waits so far (sleeps, polls, simulated latency), without the real time that passed:
        what a bound on how long something waited may read, since a busy machine adds real seconds to ``now``."""
        return self._waited

    def rewind_to(self, moment: float) -> None:
        """Back to ``moment``: a process killed at its timeout did not see the simulated time after it."""
        with self._lock:
            self._skew -= max(0.0, self.now() - moment)


def after(clock: SimClock, seconds: float, action: Callable[[], None]) -> Callable[[Any], None]:
    """A controller of the test's own (``KubeApiServer.on_tick``): ``action`` once, ``seconds`` after now on the
    simulated clock."""
    due, done = clock.now() + seconds, []

    def tick(server: Any) -> None:
        if not done and clock.now() >= due:
            done.append(True)
            action()
    return tick


# The kubectl function's name as CloudFormation makes it (stack, logical id, suffix), at Lambda's longest: 64.
FUNCTION_NAME = "LlmInference-KubectlHandlerFunction5D1F1B2C-AbCdEfGhIjKlMnOpQrStu"[:64]


class LambdaContext:
    """What Lambda passes a handler: the time left in this invocation, on the simulated clock."""

    function_name = FUNCTION_NAME

    def __init__(self, clock: SimClock, timeout_seconds: float) -> None:
        self._clock = clock
        self.started = clock.now()
        self.timeout_seconds = timeout_seconds

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self.started + self.timeout_seconds - self._clock.now()) * 1000))

    def overran(self) -> bool:
        return self._clock.now() > self.started + self.timeout_seconds


class LambdaKilled(Exception):
    """The invocation ran past its timeout: Lambda would have killed it and returned "Task timed out"."""


@dataclass
class Invocations:
    """Every invocation the framework made, for tests to inspect (type, request, seconds of simulated time)."""

    log: list[tuple[str, str, float]] = field(default_factory=list)
    overruns: int = 0


def invoke(clock: SimClock, handler: Callable[[Mapping[str, Any], Any], dict[str, Any]], event: Mapping[str, Any],
           timeout_seconds: float, calls: Invocations, name: str) -> dict[str, Any]:
    context = LambdaContext(clock, timeout_seconds)
    try:
        return handler(copy.deepcopy(dict(event)), context)
    finally:
        calls.log.append((name, str(event.get("RequestType")), clock.now() - context.started))
        if context.overran():
            calls.overruns += 1
            raise LambdaKilled(f"Task timed out after {timeout_seconds:.0f} seconds")


RESPONSE_LIMIT = 4096  # CloudFormation refuses a longer response body and shows TOO_LONG instead of the reason
TOO_LONG = "Response object is too long."
# Node's stack of the Error the framework makes of a Python function's error (the payload has no ``trace``).
NODE_FRAMES = "".join(f"\n    at async invokeUserFunction (/var/task/framework.js:1:{4000 + frame})"
                      for frame in range(10))


def framework_reason(message: str) -> str:
    """What the framework sends CloudFormation for a handler error: ``invokeUserFunction`` appends the log group,
    ``safeHandler`` sends ``e.stack`` (``includeStackTraces`` is true)."""
    return f"Error: {message}\n\nLogs: /aws/lambda/{FUNCTION_NAME}\n{NODE_FRAMES}"


def response_bytes(request: Mapping[str, Any], physical_id: str, reason: str) -> int:
    """Bytes of the framework's response body (``cfn-response.js`` ``submitResponse``: JSON.stringify)."""
    body = {"Status": "FAILED", "Reason": reason, "StackId": request["StackId"], "RequestId": request["RequestId"],
            "PhysicalResourceId": physical_id, "LogicalResourceId": request["LogicalResourceId"]}
    return len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


@dataclass(frozen=True)
class Answer:
    """What the framework sent CloudFormation."""

    status: str  # SUCCESS or FAILED
    physical_id: str
    data: dict[str, Any]
    reason: str


@dataclass
class Execution:
    """One waiter execution: the event isComplete gets, when it is next called, and its answer once it has one."""

    event: dict[str, Any]
    physical: str
    due: float
    attempts_left: int
    answer: Optional[Answer] = None


class ProviderFramework:
    """aws-cdk-lib's Provider with an isComplete handler: onEvent once, then isComplete every ``query_interval``
    seconds until it is complete, raises, or ``total_timeout`` is used up."""

    def __init__(self, clock: SimClock, on_event: Callable[..., dict[str, Any]], is_complete: Callable[..., dict[str, Any]],
                 *, query_interval: float = 20.0, total_timeout: float = 3600.0) -> None:
        self.clock = clock
        self.on_event = on_event
        self.is_complete = is_complete
        self.query_interval = query_interval
        self.total_timeout = total_timeout
        self.calls = Invocations()
        self.background: list[Execution] = []  # executions CloudFormation gave up on, still polling
        self.unheard: list[tuple[str, Answer]] = []  # (request type, answer) of those, once they answered
        # Controllers of the test's own, called with each request as CloudFormation sends it (before onEvent).
        self.on_request: list[Callable[[Mapping[str, Any]], None]] = []

    def handle(self, request: Mapping[str, Any], give_up_after: Optional[float] = None) -> Optional[Answer]:
        """The answer CloudFormation gets; None when it gives up ``give_up_after`` seconds in (the execution goes
        on in the background)."""
        for hook in self.on_request:
            hook(request)
        started = self.start(request)
        if isinstance(started, Answer):
            return started
        give_up_at = None if give_up_after is None else self.clock.now() + give_up_after
        while started.answer is None:
            if give_up_at is not None and self.clock.now() >= give_up_at:
                self.background.append(started)
                return None
            self._step(started)
        return started.answer

    def drain(self) -> None:
        """Let every background execution poll until it answers."""
        while any(execution.answer is None for execution in self.background):
            self._step(None)

    def _step(self, foreground: Optional[Execution]) -> None:
        """The next isComplete call of any live execution, the clock moved on to when it is due."""
        live = [execution for execution in [*([foreground] if foreground else []), *self.background]
                if execution.answer is None]
        execution = min(live, key=lambda item: item.due)
        if execution.due > self.clock.now():
            self.clock.pause(execution.due - self.clock.now())
        self._poll(execution)
        if execution is not foreground and execution.answer is not None:
            self.unheard.append((str(execution.event["RequestType"]), execution.answer))

    def _poll(self, execution: Execution) -> None:
        event, physical = execution.event, execution.physical
        execution.attempts_left -= 1
        try:
            done = invoke(self.clock, self.is_complete, event, LAMBDA_TIMEOUT_SECONDS, self.calls, "isComplete")
        except Exception as error:  # noqa: BLE001
            execution.answer = Answer("FAILED", physical, {}, str(error))
            return
        if done.get("IsComplete"):
            execution.answer = Answer("SUCCESS", physical, {**event.get("Data", {}), **done.get("Data", {})}, "SUCCESS")
        elif done.get("Data"):
            execution.answer = Answer("FAILED", physical, {}, '"Data" is not allowed if "IsComplete" is "False"')
        elif execution.attempts_left <= 0:
            execution.answer = Answer("FAILED", physical, {}, "Operation timed out")
        else:
            execution.due = self.clock.now() + self.query_interval

    def start(self, request: Mapping[str, Any]) -> "Answer | Execution":
        """onEvent, then the waiter's execution (or onEvent's answer when there is no execution to start)."""
        if request["RequestType"] == "Delete" and request.get("PhysicalResourceId") == CREATE_FAILED_MARKER:
            return Answer("SUCCESS", CREATE_FAILED_MARKER, {}, "ignored: DELETE after a failed CREATE")
        try:
            result = invoke(self.clock, self.on_event, request, ON_EVENT_TIMEOUT_SECONDS, self.calls, "onEvent") or {}
        except Exception as error:  # noqa: BLE001 - the framework answers FAILED whatever the handler raised
            physical = request.get("PhysicalResourceId") or (
                CREATE_FAILED_MARKER if request["RequestType"] == "Create" else "")
            return Answer("FAILED", physical, {}, str(error))
        physical = result.get("PhysicalResourceId") or (
            request["RequestId"] if request["RequestType"] == "Create" else request["PhysicalResourceId"])
        if request["RequestType"] == "Delete" and physical != request["PhysicalResourceId"]:
            return Answer("FAILED", request["PhysicalResourceId"], {}, "DELETE: cannot change the physical resource ID")
        event = {**request, **result, "PhysicalResourceId": physical}
        return Execution(event, physical, self.clock.now(), max(1, int(self.total_timeout / self.query_interval)))


STACK_ID = "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/0"


class CloudFormationResource:
    """One custom resource in a stack, driven through create, update (with rollback) and delete the way
    CloudFormation drives it. ``status`` is what the stack reports after each operation."""

    def __init__(self, framework: ProviderFramework, resource_type: str, service_timeout: Optional[float] = None,
                 *, logical_id: str = "Resource", stack_id: str = STACK_ID) -> None:
        self.framework = framework
        self.resource_type = resource_type
        # Every request of the resource carries them; a new logical id (the construct moved) or another stack is
        # another resource: CloudFormation creates it and deletes the old one.
        self.logical_id, self.stack_id = logical_id, stack_id
        self.service_timeout = service_timeout  # CloudFormation's wait for an answer; None: an hour
        self.physical_id: Optional[str] = None
        self.properties: Optional[dict[str, Any]] = None
        self.data: dict[str, Any] = {}
        self.status = ""
        self.answers: list[tuple[str, Answer]] = []

    def _request(self, request_type: str, properties: Mapping[str, Any], old: Optional[Mapping[str, Any]] = None,
                 physical_id: Optional[str] = None, give_up_after: Optional[float] = None) -> Answer:
        request: dict[str, Any] = {
            "RequestType": request_type, "ResourceType": self.resource_type, "LogicalResourceId": self.logical_id,
            "StackId": self.stack_id, "RequestId": str(uuid.uuid4()),
            "ResponseURL": "https://cloudformation-custom-resource-response.example/", "ServiceToken": "token",
            "ResourceProperties": {"ServiceToken": "token", **copy.deepcopy(dict(properties))},
        }
        if old is not None:
            request["OldResourceProperties"] = {"ServiceToken": "token", **copy.deepcopy(dict(old))}
        if physical_id is not None:
            request["PhysicalResourceId"] = physical_id
        started = self.framework.clock.now()
        answer = self.framework.handle(request, give_up_after)
        if answer is None:  # CloudFormation gave up on it: its waiter polls on
            answer = Answer("CANCELLED", physical_id or "", {}, f"Resource {request_type.lower()} cancelled")
            self.answers.append((request_type, answer))
            return answer
        if answer.status == "FAILED" and response_bytes(request, answer.physical_id,
                                                        framework_reason(answer.reason)) > RESPONSE_LIMIT:
            answer = Answer("FAILED", answer.physical_id, {}, TOO_LONG)
        waited = self.framework.clock.now() - started
        if self.service_timeout is not None and waited > self.service_timeout:
            answer = Answer("FAILED", answer.physical_id, {}, "CloudFormation did not receive a response "
                            f"within the ServiceTimeout ({self.service_timeout:.0f} s)")
        self.answers.append((request_type, answer))
        return answer

    def create(self, properties: Mapping[str, Any], cancel_after: Optional[float] = None) -> str:
        """``cancel_after``: CloudFormation cancels the Create that many seconds in (a sibling resource failed) and
        rolls back with a Delete carrying a physical id of its own making."""
        answer = self._request("Create", properties, give_up_after=cancel_after)
        if answer.status == "CANCELLED":
            rollback = self._request("Delete", properties, physical_id="LlmInference-Resource-CANCELLED0")
            self.status = "ROLLBACK_COMPLETE" if rollback.status == "SUCCESS" else "ROLLBACK_FAILED"
            return self.status
        if answer.status == "SUCCESS":
            self.physical_id, self.properties, self.data = answer.physical_id, dict(properties), answer.data
            self.status = "CREATE_COMPLETE"
            return self.status
        # Rolling back a failed create deletes the resource, with the physical id the failure carried.
        rollback = self._request("Delete", properties, physical_id=answer.physical_id)
        self.status = "ROLLBACK_COMPLETE" if rollback.status == "SUCCESS" else "ROLLBACK_FAILED"
        return self.status

    def update(self, properties: Mapping[str, Any], cancel_after: Optional[float] = None) -> str:
        """``cancel_after``: the update is cancelled that many seconds in (CancelUpdateStack, or a ServiceTimeout)
        and rolled back, its waiter still polling."""
        assert self.properties is not None and self.physical_id is not None, "update needs a created resource"
        old, old_physical = self.properties, self.physical_id
        answer = self._request("Update", properties, old=old, physical_id=old_physical, give_up_after=cancel_after)
        if answer.status == "SUCCESS":
            self.physical_id, self.properties, self.data = answer.physical_id, dict(properties), answer.data
            if answer.physical_id != old_physical:  # a replacement: the old one is deleted in the cleanup phase
                self._request("Delete", old, physical_id=old_physical)
            self.status = "UPDATE_COMPLETE"
            return self.status
        # Rollback: an Update back to the old properties, as if they were new.
        rollback = self._request("Update", old, old=properties, physical_id=old_physical)
        self.status = "UPDATE_ROLLBACK_COMPLETE" if rollback.status == "SUCCESS" else "UPDATE_ROLLBACK_FAILED"
        return self.status

    def delete(self) -> str:
        assert self.properties is not None and self.physical_id is not None, "delete needs a created resource"
        answer = self._request("Delete", self.properties, physical_id=self.physical_id)
        self.status = "DELETE_COMPLETE" if answer.status == "SUCCESS" else "DELETE_FAILED"
        return self.status

    @property
    def last_reason(self) -> str:
        return self.answers[-1][1].reason if self.answers else ""

    def reasons(self) -> list[str]:
        return [answer.reason for _, answer in self.answers if answer.status == "FAILED"]
