"""Shared inputs and synth helpers for the observability tests."""
from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import aws_cdk as cdk
from aws_cdk import aws_eks_v2 as eks
from aws_cdk.lambda_layer_kubectl_v33 import KubectlV33Layer

from hyperpod_constructs.aws.observability import InferenceObservability
from hyperpod_constructs.intent.observability import GrafanaWorkspace
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.mig import MigLayout
from hyperpod_constructs.resolve.platform_model import PodDemand, ResolvedEndpoint
from hyperpod_constructs.intent.slo import EndpointSlos, ErrorRateSlo, LatencySlo

CONSTRUCT_ID = "Observability"

ENDPOINTS = (
    # KV cache + intelligent routing, default SLOs.
    ResolvedEndpoint(name="llama-8b", max_replicas=8, kv_cache=True, intelligent_routing=True),
    # JumpStart model in its own namespace, custom SLOs (p95 latency, 1 % errors, no capacity alerts).
    ResolvedEndpoint(name="mistral-7b", namespace="team-a", kind="jumpstart", max_replicas=2,
                     slos=EndpointSlos(latency=LatencySlo(percentile=0.95, threshold_ms=8000, for_minutes=5),
                                       error_rate=ErrorRateSlo(max_percent=1))),
    # Observed, but no alerts at all.
    ResolvedEndpoint(name="embedder", max_replicas=3, slos=EndpointSlos()),
)
INSTANCE_GROUPS = (
    InstanceGroup("h100", "ml.p5.48xlarge", mig_config=MigLayout.per_device(
        name="mixed", layouts={(0, 1, 2, 3): {"3g.40gb": 2}, (4, 5, 6, 7): {"1g.10gb": 7}})),
    InstanceGroup("l40s", "ml.g6e.12xlarge"),
)


def side(name: str, max_replicas: int) -> PodDemand:
    """One side of a disaggregated endpoint, as observability reads it (its name and replica ceiling)."""
    return PodDemand(f"endpoint/{name}", f"custom, {name}", "ml.p5.48xlarge", 0, max_replicas, side=name)  # type: ignore[arg-type]


def new_stack(stack_id: str = "ObservabilityTest", env: Optional[cdk.Environment] = None) -> tuple[cdk.App, cdk.Stack, eks.Cluster]:
    outdir = tempfile.mkdtemp(prefix="obs-cdk-out-")
    atexit.register(shutil.rmtree, outdir, True)  # each synth writes ~60 MB of assets: gone when the run ends
    app = cdk.App(outdir=outdir)
    stack = cdk.Stack(app, stack_id, env=env)
    cluster = eks.Cluster(stack, "Eks", version=eks.KubernetesVersion.V1_33,
                          kubectl_provider_options=eks.KubectlProviderOptions(
                              kubectl_layer=KubectlV33Layer(stack, "Kubectl")))
    return app, stack, cluster


@dataclass
class Synthesized:
    app: cdk.App
    stack: cdk.Stack
    construct: InferenceObservability
    template: dict[str, Any]
    outdir: Path


def synth_full(**overrides: Any) -> Synthesized:
    """The full construct (created workspace, Grafana, logging) synthesized once, cdk-nag attached."""
    from cdk_nag import AwsSolutionsChecks

    app, stack, cluster = new_stack()
    props: dict[str, Any] = dict(cluster=cluster, endpoints=ENDPOINTS, instance_groups=INSTANCE_GROUPS,
                                 grafana=GrafanaWorkspace(), logging=True)
    props.update(overrides)
    construct = InferenceObservability(stack, CONSTRUCT_ID, **props)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    outdir = Path(app.outdir)
    try:
        app.synth()
    except Exception as error:  # cdk-nag findings elsewhere in the stack (the EKS cluster) fail validation
        if "ValidationFailed" not in str(error):
            raise
    template = json.loads((outdir / f"{stack.artifact_id}.template.json").read_text())
    return Synthesized(app, stack, construct, template, outdir)


def resources_of_type(template: dict[str, Any], type_name: str) -> dict[str, dict[str, Any]]:
    return {key: value for key, value in template["Resources"].items() if value["Type"] == type_name}
