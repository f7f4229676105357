"""The observability part: Amazon Managed Prometheus, Grafana, the observability add-on, dashboards and SLO alerts,
and where the alerts go (the alarm topic as a stack output, its e-mail subscriptions)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional

from aws_cdk import Annotations, RemovalPolicy, aws_sns as sns
from constructs import Construct

from ..aws.eks import HyperPodEks
from ..aws.hyperpod_cluster import HyperPodCluster
from ..aws.observability import InferenceObservability
from ..aws.stack_outputs import stack_output
from ..intent.instance_group import InstanceGroup
from ..intent.observability import Observability


@dataclass(frozen=True)
class ObservabilityContext:
    """The ``observability=`` settings (None builds nothing), the clusters observed and the GPU groups charted."""
    options: Optional[Observability]
    eks: HyperPodEks
    hyperpod: HyperPodCluster
    instance_groups: tuple[InstanceGroup, ...]
    removal_policy: RemovalPolicy
    expected_wakes: Callable[[], Mapping[str, float]]
    """The plan's cold-start estimate of each endpoint (or side) that scales to zero, in seconds, read at synth: the
    no-ready-pods alerts wait for it."""


class AlarmRouting:
    """Outputs the SLO alarm topic and subscribes e-mails under ``scope``, once the topic exists (with the first
    alert)."""

    def __init__(self, scope: Construct, observability: Optional[InferenceObservability],
                 emails: tuple[str, ...]) -> None:
        self._scope = scope
        self._observability = observability
        self.emails = emails
        self.topic: Optional[sns.ITopic] = None

    def update(self) -> None:
        observability = self._observability
        if self.topic is not None or observability is None or observability.alarm_topic is None:
            return
        self.topic = observability.alarm_topic
        stack_output(self._scope, "AlarmTopicArn", self.topic.topic_arn, "SNS topic SLO alerts are sent to")
        for index, email in enumerate(self.emails):
            sns.Subscription(self._scope, f"AlarmEmail{index}", topic=self.topic,
                             protocol=sns.SubscriptionProtocol.EMAIL, endpoint=email)

    def warn_unused_emails(self) -> None:
        """At synth: e-mails given but no alert (and so no topic) ever came."""
        if self.emails and self.topic is None:
            Annotations.of(self._scope).add_warning_v2(
                "Annotation::hyperpod-constructs:alarm-emails",
                f"{self._scope.node.path}: observability.alarm_emails={list(self.emails)} receive nothing: no endpoint "
                "has SLO alerts, so no alarm topic exists")


@dataclass(frozen=True)
class ObservabilityHandle:
    observability: Optional[InferenceObservability]
    """``<scope>/Observability``: the AMP workspace, add-on, dashboards and alerts, or None without settings."""
    alarm_routing: AlarmRouting
    """Where SLO alerts go: the alarm topic and its e-mail subscriptions."""


def build_observability(scope: Construct, context: ObservabilityContext) -> ObservabilityHandle:
    """The add-on once the HyperPod cluster exists; its pod identity association once the agent add-on does."""
    options = context.options
    observability = None
    if options is not None:
        observability = InferenceObservability(
            scope, "Observability", cluster=context.eks.cluster,
            instance_groups=[group for group in context.instance_groups if group.info.has_gpu],
            workspace=options.workspace, grafana=options.grafana, metrics=options.metrics,
            logging=options.logging, alarm_topic=options.alarm_topic,
            removal_policy=context.removal_policy, sagemaker_spaces=options.sagemaker_spaces)
        observability.addon.node.add_dependency(context.hyperpod.resource)
        # The association is served by the eks-pod-identity-agent add-on.
        observability.pod_identity_association.node.add_dependency(*context.eks.network_addons)
        observability.expect_wakes(context.expected_wakes)
    routing = AlarmRouting(scope, observability, tuple(options.alarm_emails) if options is not None else ())
    routing.update()
    return ObservabilityHandle(observability=observability, alarm_routing=routing)
