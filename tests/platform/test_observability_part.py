"""The observability part alone: nothing without ``observability=``, AMP and the add-on with it, and alarm e-mails
that receive nothing reported."""
from __future__ import annotations

from typing import Optional

import aws_cdk as cdk
from aws_cdk import RemovalPolicy
from aws_cdk.assertions import Annotations, Match, Template

from hyperpod_constructs import ClusterSettings, InstanceGroup, Observability
from hyperpod_constructs.aws.observability_addon import OBSERVABILITY_ADDON
from hyperpod_constructs.platform.hyperpod_part import HyperPodContext, build_hyperpod
from hyperpod_constructs.platform.observability_part import (
    AlarmRouting, ObservabilityContext, ObservabilityHandle, build_observability)
from parts_support import bare_stack, existing_eks, network_and_eks

GROUPS = (InstanceGroup("cpu", "ml.m5.2xlarge", count=1), InstanceGroup("l40s", "ml.g6e.12xlarge", count=1))


def observed(options: Optional[Observability]) -> tuple[cdk.Stack, ObservabilityHandle]:
    stack = bare_stack()
    network, eks = network_and_eks(stack, existing_eks(stack))
    hyperpod = build_hyperpod(stack, HyperPodContext(eks.eks, network, GROUPS, ClusterSettings(), False, (),
                                                     RemovalPolicy.RETAIN)).cluster
    return stack, build_observability(stack, ObservabilityContext(options, eks.eks, hyperpod, GROUPS,
                                                                  RemovalPolicy.RETAIN, dict))


def test_amp_and_the_add_on_after_the_hyperpod_cluster() -> None:
    stack, handle = observed(Observability())
    assert handle.observability is not None and handle.observability.node.path == "Parts/Observability"
    assert handle.alarm_routing.topic is not None  # no endpoint has alerts yet, the GPU group's health has
    template = Template.from_stack(stack)
    template.resource_count_is("AWS::APS::Workspace", 1)
    (cluster_id,) = template.find_resources("AWS::SageMaker::Cluster")
    (addon,) = template.find_resources("AWS::EKS::Addon", {"Properties": {"AddonName": OBSERVABILITY_ADDON}}).values()
    assert cluster_id in addon["DependsOn"]


def test_without_settings_nothing_is_built_and_unused_emails_are_reported() -> None:
    stack, handle = observed(None)
    assert handle.observability is None and handle.alarm_routing.emails == ()
    routing = AlarmRouting(stack, None, ("ops@example.com",))
    routing.warn_unused_emails()
    warnings = Annotations.from_stack(stack).find_warning("/Parts", Match.string_like_regexp(
        r"observability.alarm_emails=\['ops@example.com'\] receive nothing: no endpoint has SLO alerts"))
    assert len(warnings) == 1
    Template.from_stack(stack).resource_count_is("AWS::SNS::Subscription", 0)
