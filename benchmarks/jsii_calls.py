"""How many jsii round trips (Python -> Node requests) one more endpoint costs, by request kind.

Counts every request the jsii kernel sends to its Node process while a platform with N endpoints is built and
synthesized, for two N, and prints the difference per endpoint. Run: `.venv/bin/python benchmarks/jsii_calls.py`.
"""
from __future__ import annotations

import collections
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from contextlib import contextmanager  # noqa: E402

from jsii._kernel.providers import process  # noqa: E402


@contextmanager
def counting() -> Iterator[collections.Counter[str]]:
    """Count jsii requests by kind (create, invoke, get, sinvoke, ...) and their JSON bytes (``"bytes"``)."""
    counts: collections.Counter[str] = collections.Counter()
    original: Callable[..., Any] = process._NodeProcess.send

    def send(self: Any, request: Any, response_type: Any) -> Any:
        kind = type(request).__name__.removesuffix("Request").lower()
        counts[kind] += 1
        counts["total"] += 1
        counts["bytes"] += len(repr(request))
        return original(self, request, response_type)

    process._NodeProcess.send = send  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        process._NodeProcess.send = original  # type: ignore[method-assign]


def platform_app(count: int) -> tuple[Any, Callable[[], None]]:
    """The benchmark shape: one GPU group and ``count`` custom endpoints like the default app's llama-8b."""
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3

    from hyperpod_constructs import (HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup, ModelSource,
                                     Observability)

    app = cdk.App(outdir=tempfile.mkdtemp(prefix="jsii-calls-"))
    stack = cdk.Stack(app, "JsiiCalls")
    models = s3.Bucket.from_bucket_name(stack, "Models", "models")
    platform = HyperPodInferencePlatform(stack, "Platform", observability=Observability(), instance_groups=[
        InstanceGroup("gpu", "ml.g6e.48xlarge", count=max(1, count // 8 + 1))])

    def add() -> None:
        for index in range(count):
            platform.add_endpoint(InferenceEndpoint(f"model-{index}", model=ModelSource.s3(models, f"m{index}/"),
                                                    instance_type="ml.g6e.48xlarge", gpus=1))
    return app, add


def measure(count: int) -> dict[str, collections.Counter[str]]:
    app, add = platform_app(count)
    with counting() as adding:
        add()
    with counting() as synth:
        app.synth()
    return {"add_endpoint": adding, "synth": synth}


def main() -> None:
    low, high = 10, 30
    first, second = measure(low), measure(high)
    for phase in ("add_endpoint", "synth"):
        kinds = sorted(set(first[phase]) | set(second[phase]))
        per = {kind: (second[phase][kind] - first[phase][kind]) / (high - low) for kind in kinds}
        shown = ", ".join(f"{kind} {value:.1f}" for kind, value in per.items() if kind not in ("total", "bytes"))
        print(f"{phase:<13} per endpoint: {per.get('total', 0):.1f} jsii requests ({shown}); "
              f"{per.get('bytes', 0) / 1024:.1f} KiB of requests")


if __name__ == "__main__":
    main()
