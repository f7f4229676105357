"""Custom::HyperPodTieredKvCache under the same runtime as the applier: HyperPod's daemon configured in place."""
from __future__ import annotations

import json
from typing import Any

import pytest

from faults.harness import CloudFormationResource

NAMESPACE, DAEMON, CONFIG = "aws-hyperpod", "ai-toolkit", "ai-toolkit-config"
CONFIG_TOML = ('[cache]\nmode = "memory"\ncapacity = "10GiB" # Total in-memory cache size\n'
               'eviction = "lru"\n')
PATCH = {"spec": {"template": {"spec": {
    "nodeSelector": {"node.kubernetes.io/instance-type": "ml.p5.48xlarge"},
    "containers": [{"name": DAEMON, "resources": {"requests": {"memory": "419430Mi"}, "limits": {"memory": "419430Mi"}}}]}}}}


def daemon_set() -> dict[str, Any]:
    return {"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": DAEMON, "namespace": NAMESPACE},
            "spec": {"template": {"spec": {"containers": [{"name": DAEMON, "image": "hyperpod/ai-toolkit:1"},
                                                          {"name": "sidecar", "image": "logs:1"}]}}}}


def config_map(text: str = CONFIG_TOML) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": CONFIG, "namespace": NAMESPACE},
            "data": {"config.toml": text}}


def properties(capacity: str = "408GiB") -> dict[str, Any]:
    return {"ClusterName": "llm", "Namespace": NAMESPACE, "DaemonSet": DAEMON, "ConfigMap": CONFIG,
            "CacheCapacity": capacity, "DaemonPatch": json.dumps(PATCH), "TimeoutSeconds": "1200"}


@pytest.fixture
def daemon(framework) -> CloudFormationResource:
    return CloudFormationResource(framework, "Custom::HyperPodTieredKvCache", service_timeout=1500)


def hyperpod_creates_the_daemon(kube, at: float) -> None:
    kube.change(lambda state: state["scheduled"].extend([[at, daemon_set()], [at, config_map()]]))


def test_the_daemon_hyperpod_creates_late_is_sized_pinned_and_restarted(aws, kube, clock, daemon, framework):
    hyperpod_creates_the_daemon(kube, clock.now() + 16 * 60)  # after the first invocation's 15 minutes

    assert daemon.create(properties()) == "CREATE_COMPLETE"

    config = kube.get("ConfigMap", NAMESPACE, CONFIG)["data"]["config.toml"]
    assert 'capacity = "408GiB" # Total in-memory cache size' in config and 'eviction = "lru"' in config
    template = kube.get("DaemonSet", NAMESPACE, DAEMON)["spec"]["template"]
    containers = {c["name"]: c for c in template["spec"]["containers"]}
    assert containers[DAEMON]["resources"]["limits"] == {"memory": "419430Mi"}
    assert containers["sidecar"] == {"name": "sidecar", "image": "logs:1"}  # merged by name, not replaced
    assert template["spec"]["nodeSelector"] == {"node.kubernetes.io/instance-type": "ml.p5.48xlarge"}
    assert "kubectl.kubernetes.io/restartedAt" in template["metadata"]["annotations"]
    assert daemon.data == {"Changed": "true"}
    assert len([entry for entry in framework.calls.log if entry[0] == "isComplete"]) >= 2
    assert framework.calls.overruns == 0


def test_a_deploy_that_changes_nothing_restarts_nothing(aws, kube, clock, daemon):
    hyperpod_creates_the_daemon(kube, clock.now())
    daemon.create(properties())
    restarts = len(kube.calls("rollout"))

    assert daemon.update({**properties(), "TimeoutSeconds": "1201"}) == "UPDATE_COMPLETE"
    assert len(kube.calls("rollout")) == restarts and daemon.data == {"Changed": "false"}


def test_a_daemon_that_never_comes_fails_naming_it(aws, kube, daemon):
    assert daemon.create(properties()) == "ROLLBACK_COMPLETE"
    assert "HyperPod to create DaemonSet aws-hyperpod/ai-toolkit (it does once the cluster's tiered storage is " \
           "enabled)" in daemon.reasons()[0]


def test_an_unknown_daemon_configuration_is_refused_naming_the_config_map(aws, kube, clock, daemon):
    kube.change(lambda state: state["scheduled"].extend([[clock.now(), daemon_set()],
                                                         [clock.now(), config_map("[cache]\nsize = 10\n")]]))
    assert daemon.create(properties()) == "ROLLBACK_COMPLETE"
    assert ("ConfigMap aws-hyperpod/ai-toolkit-config has no 'capacity = \"...\" # Total in-memory cache size' line "
            "in config.toml") in daemon.reasons()[0]


def test_delete_leaves_hyperpods_daemon_alone(aws, kube, clock, daemon):
    hyperpod_creates_the_daemon(kube, clock.now())
    daemon.create(properties())
    assert daemon.delete() == "DELETE_COMPLETE"
    assert {"ai-toolkit", "ai-toolkit-config"} <= kube.names()
