"""How long a call may take: the time left in this Lambda invocation, and before the resource's own deadline.

The function runs under ``custom_resources.Provider`` with an ``isComplete`` handler: ``onEvent`` stamps the
event with a deadline (``DEADLINE_FIELD``), each ``isComplete`` invocation does what it can in the time Lambda
gives it, and work that is not finished when the invocation's time runs out raises ``OutOfTime``; the framework
calls ``isComplete`` again. Only past the deadline does the resource fail, naming what it still waited for.
Nothing here may outlive the invocation: Lambda kills it at its timeout and CloudFormation gets no answer.
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable, Optional, Union

DEADLINE_FIELD = "HyperPodDeadline"  # epoch seconds; onEvent's extra field reaches every isComplete event
RESERVE_SECONDS = 15.0  # kept back in every invocation to write the record and answer the framework
SHORTEST_CALL_SECONDS = 1.0  # a call with less time than this is not started
# A later invocation starts a query interval (20 s) after this one answers and needs a few seconds to get going:
# with less than this left before the deadline, no later invocation can start before it.
LATER_INVOCATION_SECONDS = 30.0

# The clock, looked up at each call so tests can run the function on a simulated one.
now = time.time
pause = time.sleep


LOG = logging.getLogger()


class OutOfTime(Exception):
    """This invocation's time is used up (or a call hung) while something is still pending; the message says what."""


class DeadlinePassed(RuntimeError):
    """Work still pending when no later invocation can finish it before the request's deadline."""


class Budget:
    """The time one invocation may spend: what Lambda has left minus a reserve, and never past the deadline."""

    def __init__(self, context: Any, deadline: Optional[float], started: Optional[float] = None) -> None:
        self._context = context
        self.deadline = deadline
        self.started = started  # when the request's first event came (onEvent): its access entry existed by then

    def invocation_left(self) -> float:
        """Seconds until Lambda's timeout, less the reserve."""
        return self._context.get_remaining_time_in_millis() / 1000.0 - RESERVE_SECONDS

    def left(self) -> float:
        """Seconds this invocation may still spend on the resource's work."""
        left = self.invocation_left()
        return left if self.deadline is None else min(left, self.deadline - now())

    def is_last_invocation(self) -> bool:
        """No later invocation can start before the deadline, so nothing pending now can finish later. Asked when
        this invocation stops: however much of its own time it used, the next one starts a query interval on."""
        return self.deadline is not None and self.deadline - now() <= LATER_INVOCATION_SECONDS

    def timeout(self, cap: float, doing: str) -> float:
        """The timeout for one call of at most ``cap`` seconds; OutOfTime when too little time is left to start it."""
        left = self.left()
        if left < SHORTEST_CALL_SECONDS:
            raise OutOfTime(f"no time left to {doing}")
        return min(cap, left)

    def wait(self, seconds: float, waiting_for: Union[str, Callable[[], str]]) -> None:
        """Sleep before polling again; OutOfTime (naming what is awaited: ``waiting_for``, or what it returns, asked
        only then) when the sleep would outlast the budget."""
        if self.left() < seconds + SHORTEST_CALL_SECONDS:
            raise OutOfTime(f"still waiting for {waiting_for if isinstance(waiting_for, str) else waiting_for()}")
        pause(seconds)

    def since_start(self) -> Optional[float]:
        """Seconds since the request's first event, when known."""
        return None if self.started is None else now() - self.started

    def for_cleanup(self) -> "Budget":
        """The rest of this invocation, ignoring the deadline: a failed Create still removes what it made."""
        return Budget(self._context, None, self.started)


def not_done_yet(budget: Budget, pending: OutOfTime, what: str) -> dict[str, Any]:
    """isComplete's answer while ``what`` (e.g. "Create of Helm release x") is pending: ask again, or, when this is
    the last invocation that could finish it, DeadlinePassed naming it and what it still waited for."""
    if budget.is_last_invocation():
        raise DeadlinePassed(f"{what} did not finish before its deadline: {pending}")
    LOG.info("not finished in this invocation, the framework asks again: %s", pending)
    return {"IsComplete": False}


class Backoff:
    """Delays between polls of something slow: each twice the last, up to ``longest`` (fewer calls on a cluster
    that takes minutes, quick answers on one that takes seconds)."""

    def __init__(self, first: float = 5.0, longest: float = 30.0) -> None:
        self._next = first
        self._longest = longest

    def next(self) -> float:
        delay, self._next = self._next, min(self._longest, self._next * 2)
        return delay
