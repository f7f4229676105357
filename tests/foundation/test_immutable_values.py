"""Values keep a frozen copy of what they are given: editing the caller's list or dict afterwards changes nothing,
and nothing inside a value can be edited in place."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pytest

from hyperpod_constructs.aws.hyperpod_dependencies import HyperPodHelmChart
from hyperpod_constructs.intent.autoscaling import CloudWatchTrigger
from hyperpod_constructs.intent.cluster import Eks
from hyperpod_constructs.intent.frozen import FrozenDict, freeze, thaw
from hyperpod_constructs.intent.instance_group import InstanceGroup
from hyperpod_constructs.intent.node_autoscaling import NodePoolSpec


def cloudwatch(dimensions: dict[str, Any]) -> CloudWatchTrigger:
    return CloudWatchTrigger(name="queue", metric_name="ApproximateNumberOfMessagesVisible", namespace="AWS/SQS",
                             dimensions=dimensions, target_value=5)


# (build the value from a list or dict, the field, the list or dict given, how to change it afterwards)
CASES: list[tuple[str, Callable[[Any], Any], str, Any, Callable[[Any], None]]] = [
    ("trigger dimensions", cloudwatch, "dimensions", {"QueueName": "requests"}, lambda d: d.update(QueueName="x")),
    ("instance group labels", lambda labels: InstanceGroup("g5", "ml.g5.12xlarge", count=1, labels=labels), "labels",
     {"team": "a"}, lambda d: d.update(team="b")),
    ("node pool groups", lambda groups: NodePoolSpec(name="pool", instance_groups=groups), "instance_groups",
     ["g5"], lambda groups: groups.append("h100")),
    ("eks add-on versions", lambda versions: Eks.new(addon_versions=versions), "addon_versions",
     {"vpc-cni": "v1.19.2-eksbuild.1"}, lambda d: d.update({"coredns": "v1"})),
    ("helm values", lambda values: HyperPodHelmChart(values=values), "values",
     {"nodeSelector": {"pool": "system"}}, lambda d: d["nodeSelector"].update(pool="x")),
]


@pytest.mark.parametrize(("build", "field", "given", "change"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_changing_what_was_passed_in_changes_nothing(build: Callable[[Any], Any], field: str, given: Any,
                                                     change: Callable[[Any], None]) -> None:
    value = build(given)
    before = thaw(getattr(value, field))
    change(given)
    assert thaw(getattr(value, field)) == before != thaw(freeze(given))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, given)


def test_nested_mappings_and_lists_are_read_only() -> None:
    chart = HyperPodHelmChart(values={"operator": {"enabled": False, "tolerations": [{"key": "gpu"}]}})
    with pytest.raises(TypeError):
        chart.values["operator"]["enabled"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        chart.values["operator"]["tolerations"][0]["key"] = "x"  # type: ignore[index]
    assert isinstance(chart.values["operator"]["tolerations"], tuple)
    assert chart.effective_values()["operator"]["tolerations"] == [{"key": "gpu"}]  # rendered as plain JSON


def test_a_frozen_mapping_reads_compares_and_hashes_like_the_dict_it_copies() -> None:
    frozen = FrozenDict({"a": 1})
    assert frozen == {"a": 1} and repr(frozen) == "{'a': 1}" and hash(frozen) == hash(FrozenDict({"a": 1}))
    assert thaw(freeze({"a": [1, {"b": (2,)}]})) == {"a": [1, {"b": [2]}]}
