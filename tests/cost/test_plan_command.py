"""``python -m hyperpod_constructs.plan``: the plan export() would write, printed without writing dist/ or cdk.out,
with the exit statuses of the other commands (0 the plan, 1 prices missing for something it runs, 2 usage)."""
from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path

import pytest

from hyperpod_constructs.plan.command import main as plan_command
from support import run_command

# build(app), as the README's quick start; the price file has the system nodes' price only.
APP = textwrap.dedent("""
    import aws_cdk as cdk
    from hyperpod_constructs import (Autoscaling, HyperPodInferencePlatform, InferenceEndpoint, InstanceGroup,
                                     ModelSource, Prices)

    def build(app):
        stack = cdk.Stack(app, "LlmInference")
        platform = HyperPodInferencePlatform(stack, "Platform", prices=PRICES, instance_groups=[
            InstanceGroup("system", "ml.m5.2xlarge", count=2), InstanceGroup("l40s", "ml.g6e.12xlarge", count=1)])
        platform.add_endpoint(InferenceEndpoint("qwen", model=ModelSource.kubernetes_volume(host_path="/models/qwen"),
                                                instance_type="ml.g6e.12xlarge",
                                                autoscaling=Autoscaling(min_replicas=1, max_replicas=2)))
        return stack, platform

    PRICES = Prices.from_mapping({"ml.m5.2xlarge": 0.461, "ml.g6e.12xlarge": 10.49})

    if __name__ == "__main__":
        app = cdk.App()
        stack, platform = build(app)
        platform.export("dist")
        app.synth()
""")


def _folder(tmp_path: Path, app: str = APP) -> Path:
    (tmp_path / "app.py").write_text(app)
    return tmp_path


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = plan_command(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow  # runs the app in a child process
def test_prints_the_plan_export_writes_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_folder(tmp_path))
    code, out, err = _run("--app", "app.py")
    assert (code, err) == (0, "")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["app.py"]  # no dist/, no cdk.out
    import runpy
    runpy.run_path("app.py", run_name="__main__")  # the export the user would otherwise run
    assert out == (tmp_path / "dist" / "plan.txt").read_text()


@pytest.mark.slow  # runs the app in a child process
def test_json_holds_groups_endpoints_totals_and_cost(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_folder(tmp_path))
    code, out, _ = _run("--app", "app.py", "--json")
    assert code == 0
    (platform,) = json.loads(out)
    assert platform["platform"] == "LlmInference/Platform"
    assert platform["groups"]["l40s"] == {"nodeType": "ml.g6e.12xlarge", "autoscaled": False,
                                          "floor": {"nodes": 1, "gpus": 4}, "ceiling": {"nodes": 1, "gpus": 4},
                                          "endpoints": 1}
    assert platform["endpoints"] == [{"name": "qwen", "kind": "custom", "nodeType": "ml.g6e.12xlarge",
                                      "replicas": {"min": 1, "max": 2}, "gpusPerReplica": 1, "migPartition": None}]
    assert platform["floor"] == {"nodes": 3, "gpus": 4} and platform["priced"] is True
    # Fixed costs without a price (EKS, NAT) are named, never counted as $0.
    assert "EKS control plane" in " ".join(platform["unpriced"]) and platform["unpricedInstanceTypes"] == []
    assert platform["costUsdPerMonth"]["floor"] == pytest.approx((2 * 0.461 + 10.49) * 730, abs=0.01)


@pytest.mark.slow  # runs the app in a child process
def test_an_unpriced_instance_type_exits_1_and_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_folder(tmp_path, APP.replace(', "ml.g6e.12xlarge": 10.49', "")))
    code, out, err = _run("--app", "app.py")
    assert code == 1
    assert err == ("LlmInference/Platform: no price for ml.g6e.12xlarge: the cost leaves these nodes out; add them to "
                   "the price file (python -m hyperpod_constructs.prices --app ... --output prices.json)\n")
    assert "unpriced: no price for ml.g6e.12xlarge" in out


@pytest.mark.slow  # the command as a user runs it, in a new process
def test_command_line_exit_status_and_usage_errors(tmp_path: Path) -> None:
    folder = _folder(tmp_path, APP.replace("count=1)", "count=-1)"))
    missing = run_command("plan", "--app", "nope.py", cwd=folder)
    assert (missing.returncode, missing.stderr) == (2, "--app nope.py: no such file\n")
    failing = run_command("plan", "--app", "app.py", cwd=folder)
    assert failing.returncode == 2 and "--app app.py: the app failed:" in failing.stderr
    assert "count" in failing.stderr and "Traceback" not in failing.stderr


def test_a_context_value_must_be_key_equals_value() -> None:
    assert _run("--app", "app.py", "--context", "novalue") == (2, "", "--context 'novalue' is not KEY=VALUE\n")
