"""The time budget of a wake hold, checked at synth and shown in the plan: the hold against the endpoint's cold-start
estimate, the ALB idle timeout and each caller's own limit, every figure with its source.

A hold shorter than the estimate ends before the first token is expected (the interceptor then answers 504); a hold
longer than what a caller waits is cut by that caller first. Both are warnings: the estimate is built from published
figures, and a caller's limit is the caller's to change.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..errors import Advice

#: SageMaker API Reference, ``InvokeEndpoint``: "A customer's model containers must respond to requests within 60
#: seconds" (and the runtime's own socket gives up at that point).
INVOKE_ENDPOINT_LIMIT_S = 60
INVOKE_ENDPOINT_SOURCE = "SageMaker API Reference, InvokeEndpoint"


@dataclass(frozen=True)
class WakeHoldBudget:
    """One held endpoint's figures: the hold, the cold-start estimate and the limits of the ways a caller reaches it."""

    endpoint: str
    hold_s: int
    estimate_s: float
    estimate_complete: bool
    alb_idle_timeout_s: Optional[int]
    """``WakeHold.alb_idle_timeout_s``: the ALB callers reach the interceptor through; None without one."""
    registered_with_sagemaker: bool
    caller_timeouts_s: tuple[tuple[str, int], ...] = ()

    def findings(self) -> list[Advice]:
        """Warnings, each naming the figures on both sides and the fix."""
        where = f"endpoint {self.endpoint!r} wake_hold"
        advice: list[Advice] = []
        estimate = f"{self.estimate_s:.0f} s" + ("" if self.estimate_complete else " or more")
        if self.hold_s < self.estimate_s:
            advice.append(Advice("wake-hold-shorter-than-cold-start", (
                f"{where}: max_wait_s={self.hold_s} is shorter than the plan's cold-start estimate of {estimate} "
                f"(docs/cold-start.md): a request that wakes the endpoint gets 504 from the interceptor before the "
                f"first token is expected; raise max_wait_s to at least {self.estimate_s:.0f}, or keep a node warm "
                "(min_replicas=1 or a group with count > 0)")))
        alb = self.alb_idle_timeout_s
        if alb is not None and self.hold_s > alb:
            advice.append(Advice("wake-hold-longer-than-alb", (
                f"{where}: max_wait_s={self.hold_s} is longer than the ALB idle timeout of {alb} s "
                f"(alb_idle_timeout_s, as LoadBalancer.idle_timeout_s): a caller that reaches the interceptor through "
                f"that ALB is cut at {alb} s while its request is still held; raise the ALB's idle timeout to at least "
                f"{self.hold_s} s (at most 4000) and alb_idle_timeout_s with it, or shorten the hold")))
        if self.registered_with_sagemaker and self.hold_s > INVOKE_ENDPOINT_LIMIT_S:
            advice.append(Advice("wake-hold-sagemaker-runtime", (
                f"{where}: callers through SageMaker runtime are not held: InvokeEndpoint allows "
                f"{INVOKE_ENDPOINT_LIMIT_S} s ({INVOKE_ENDPOINT_SOURCE}) and reaches the pods, not the interceptor; "
                f"such a caller retries with backoff for the estimate ({estimate}) or calls the interceptor's proxy "
                "Service instead")))
        for caller, limit in self.caller_timeouts_s:
            if self.hold_s > limit:
                advice.append(Advice("wake-hold-longer-than-caller", (
                    f"{where}: max_wait_s={self.hold_s} is longer than caller {caller!r}'s limit of {limit} s "
                    f"(caller_timeouts_s): it gives up while its request is still held; raise its limit to at "
                    f"least {self.hold_s} s or shorten the hold")))
        return advice
