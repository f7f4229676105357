"""How long a call may take: the time left in this Lambda invocation, and before the resource's own deadline.

The function runs under ``custom_resources.Provider`` with an ``isComplete`` handler: ``onEvent`` stamps the
event with a deadline (``DEADLINE_FIELD``), each ``isComplete`` invocation does what it can in the time Lambda
gives it, and work that is not finished when the invocation's time runs out raises ``OutOfTime``; the framework
calls ``isComplete`` again. Only past the deadline does the resource fail, naming what it still waited for.
Nothing here may outlive the invocation: Lambda kills it at its timeout and CloudFormation gets no answer.
"""
from __future__ import annotations

import time
from typing import Any, Optional

DEADLINE_FIELD = "HyperPodDeadline"  # epoch seconds; onEvent's extra field reaches every isComplete event
RESERVE_SECONDS = 15.0  # kept back in every invocation to write the record and answer the framework
SHORTEST_CALL_SECONDS = 1.0  # a call with less time than this is not started

# The clock, looked up at each call so tests can run the function on a simulated one.
now = time.time
pause = time.sleep


class OutOfTime(Exception):
    """This invocation's time is used up (or a call hung) while something is still pending; the message says what."""


class Budget:
    """The time one invocation may spend: what Lambda has left minus a reserve, and never past the deadline."""

    def __init__(self, context: Any, deadline: Optional[float]) -> None:
        self._context = context
        self.deadline = deadline

    def invocation_left(self) -> float:
        """Seconds until Lambda's timeout, less the reserve."""
        return self._context.get_remaining_time_in_millis() / 1000.0 - RESERVE_SECONDS

    def left(self) -> float:
        """Seconds this invocation may still spend on the resource's work."""
        left = self.invocation_left()
        return left if self.deadline is None else min(left, self.deadline - now())

    def past_deadline(self) -> bool:
        return self.deadline is not None and now() >= self.deadline

    def timeout(self, cap: float, doing: str) -> float:
        """The timeout for one call of at most ``cap`` seconds; OutOfTime when too little time is left to start it."""
        left = self.left()
        if left < SHORTEST_CALL_SECONDS:
            raise OutOfTime(f"no time left to {doing}")
        return min(cap, left)

    def wait(self, seconds: float, waiting_for: str) -> None:
        """Sleep before polling again; OutOfTime (naming what is awaited) when the sleep would outlast the budget."""
        if self.left() < seconds + SHORTEST_CALL_SECONDS:
            raise OutOfTime(f"still waiting for {waiting_for}")
        pause(seconds)

    def for_cleanup(self) -> "Budget":
        """The rest of this invocation, ignoring the deadline: a failed Create still removes what it made."""
        return Budget(self._context, None)
