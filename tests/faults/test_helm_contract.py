"""Every helm command line ``helm_plan`` builds, run by the helm the function ships (4.1.4) against the loopback API
server: none fails on its command line, and each does what the installer relies on."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from faults.helm_chart import CHART, NAME, NAMESPACE, REPOSITORY, SHA, revisions, write_chart
from kube_api import binaries
from kube_api.tools import usage_error

# What helm (cobra) prints when a command line is wrong rather than the request.


def test_every_helm_command_line_the_installer_builds_is_one_the_real_helm_accepts(api_server, tmp_path):
    import fencing
    import helm_plan as plan

    kubeconfig = api_server.write_kubeconfig(tmp_path / "kubeconfig")
    chart = str(write_chart(tmp_path / "chart"))
    values = tmp_path / "values.json"
    values.write_text(json.dumps(plan.deep_merge(plan.region_defaults("us-west-2"), {"x": 1})))
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "HELM_CACHE_HOME": str(home / ".cache"),
           "HELM_CONFIG_HOME": str(home / ".config"), "HELM_DATA_HOME": str(home / ".data")}

    def request(wait: bool) -> plan.InstallRequest:
        return plan.parse_properties({"ClusterName": "llm", "Repository": REPOSITORY, "ChartPath": CHART, "GitRef": SHA,
                                      "Release": NAME, "Namespace": NAMESPACE, "Values": "{}",
                                      "Wait": str(wait).lower()})

    def run(name: str, argv: list[str]) -> subprocess.CompletedProcess[str]:
        assert argv[0] == "helm"
        result = subprocess.run([binaries.helm(), *argv[1:]], capture_output=True, text=True, env=env, timeout=60)
        assert not usage_error(result.stderr), (name, argv, result.stderr)
        assert result.returncode == 0, (name, argv, result.stderr)
        return result

    listed = run("dependency list", plan.dependency_list_argv(chart))
    assert plan.loose_dependencies(listed.stdout) == []
    run("dependency update", plan.dependency_update_argv(chart))
    assert (Path(chart) / "charts" / "training-operators-0.1.0.tgz").is_file()

    stack = "arn:aws:cloudformation:us-west-2:111122223333:stack/LlmInference/0"
    first = fencing.resource_key({"StackId": stack, "LogicalResourceId": "Dependencies"})
    moved = fencing.resource_key({"StackId": stack, "LogicalResourceId": "PlatformDependencies"})
    run("upgrade", plan.upgrade_argv(request(False), chart, [str(values)], kubeconfig, 30, "a" * 64, first))
    run("upgrade --wait", plan.upgrade_argv(request(True), chart, [str(values)], kubeconfig, 30, "b" * 64, moved))
    history = plan.parse_history(run("history", plan.history_argv(NAME, NAMESPACE, kubeconfig)).stdout)
    assert [(r.revision, r.status) for r in history] == [(1, "superseded"), (2, "deployed")]
    assert plan.installed(history) == plan.Installed("b" * 64, moved)  # the owner survives Helm's record
    assert plan.removal(history, first).action == "leave" and plan.removal(history, moved).action == "hand back"

    run("rollback", plan.rollback_argv(NAME, NAMESPACE, 1, kubeconfig, 30))
    history = plan.parse_history(run("history", plan.history_argv(NAME, NAMESPACE, kubeconfig)).stdout)
    assert history[-1].description == "Rollback to 1"  # what ROLLBACK_DESCRIPTION reads
    assert plan.installed(history) == plan.Installed("a" * 64, first)

    run("uninstall", plan.uninstall_argv(NAME, NAMESPACE, kubeconfig, 30))
    assert revisions(api_server) == []
    run("uninstall of a release that is gone", plan.uninstall_argv(NAME, NAMESPACE, kubeconfig, 30))
    gone = subprocess.run([binaries.helm(), *plan.history_argv(NAME, NAMESPACE, kubeconfig)[1:]],
                          capture_output=True, text=True, env=env, timeout=60)
    assert gone.returncode == 1 and "release: not found" in gone.stderr  # what Release.history reads as "none"
