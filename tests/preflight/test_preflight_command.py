"""python -m hyperpod_constructs.preflight end to end on the default app, with every AWS client stubbed; what the
command reads from a platform; its arguments and entry point."""
from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional

import pytest

from apps_support import SynthesizedApp, load_module
from hyperpod_constructs import GrafanaWorkspace, ModelSource, Observability
from hyperpod_constructs.preflight import command
from hyperpod_constructs.preflight.app_readers import PREFLIGHT_NEEDS
from hyperpod_constructs.preflight.calls import IAM_ACTIONS
from hyperpod_constructs.preflight.command import main
from hyperpod_constructs.preflight.needs import (
    BootstrapNeed, bootstrap_need, identity_center_need, model_buckets, needs_of)
from preflight_fixtures import (
    add_quotas, add_toolkit, answering, quota, stubbed_clients, toolkit_stack)
from support import REPO_ROOT, once_per_run, run_command

DEFAULT_APP = str(REPO_ROOT / "apps" / "quick_setup.py")
# The default app's bucket is imported by name (-c model_bucket=NAME names it where the app reads that context).
ARGS = ["--app", DEFAULT_APP, "--region", "us-west-2", "--context", "model_bucket=my-models"]


@pytest.fixture
def default_app_read_once(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's reading of the default app (a child process, seconds), once per run for the tests that run it
    with ARGS: they differ in the account's stubbed answers, not in what the app needs."""
    read_app = command.read_app

    def read_once(path: Path, reader: str, context: dict[str, str]) -> list[dict[str, Any]]:
        assert (str(path), reader, context) == (DEFAULT_APP, PREFLIGHT_NEEDS, {"model_bucket": "my-models"})
        return once_per_run(tmp_path_factory, "preflight-default-app", lambda _: read_app(path, reader, context))

    monkeypatch.setattr(command, "read_app", read_once)


def run_default_app(p5_quota: float) -> tuple[int, str]:
    clients, stubbers = stubbed_clients()
    add_quotas(stubbers["service_quotas"], defaults=[
        quota("ml.m5.2xlarge", 4, "L-M5"), quota("ml.p5.48xlarge", 0, "L-P5"), quota("ml.g6e.12xlarge", 2, "L-G6E")],
        applied=[quota("ml.p5.48xlarge", p5_quota, "L-P5")])
    add_toolkit(stubbers["cloudformation"], toolkit_stack("28", qualifier="hnb659fds"))
    stubbers["s3"].add_response("head_bucket", {}, {"Bucket": "my-models"})
    out = io.StringIO()
    with answering(*stubbers.values()):
        code = main(ARGS, clients=clients, stdout=out)
    return code, out.getvalue()


@pytest.mark.slow  # the command runs the default app in a child process
@pytest.mark.usefixtures("default_app_read_once")
def test_the_default_app_passes_when_the_account_has_what_it_needs() -> None:
    code, text = run_default_app(p5_quota=2)
    assert code == 0, text
    assert text == (
        'PASS    SageMaker quota "ml.g6e.12xlarge for cluster usage": 2 >= 2 nodes at the plan\'s ceiling\n'
        'PASS    SageMaker quota "ml.m5.2xlarge for cluster usage": 4 >= 2 nodes at the plan\'s ceiling\n'
        'PASS    SageMaker quota "ml.p5.48xlarge for cluster usage": 2 >= 2 nodes at the plan\'s ceiling\n'
        "PASS    CDK bootstrap stack CDKToolkit: version 28 (the app needs 6 or newer)\n"
        "PASS    model bucket my-models (the model store): exists and these credentials can read it\n"
        "SKIP    IAM Identity Center: nothing in this app needs it\n"
        "SKIP    existing EKS cluster: the stack creates its EKS cluster\n"
        "preflight: 5 pass, 0 fail, 2 skip, 0 manual\n")


@pytest.mark.slow  # the command runs the default app in a child process
@pytest.mark.usefixtures("default_app_read_once")
def test_the_default_app_fails_on_a_low_quota_and_prints_the_fix_as_the_deploy_doc_shows() -> None:
    code, text = run_default_app(p5_quota=1)
    assert code == 1
    assert ("        fix: aws service-quotas request-service-quota-increase --service-code sagemaker "
            "--quota-code L-P5 --desired-value 2 --region us-west-2\n") in text
    doc = (REPO_ROOT / "docs" / "deploy.md").read_text()
    section = doc[doc.index("## Preflight"):]
    start = section.index("```text\n") + len("```text\n")
    assert text == section[start:section.index("```", start)]


# ---- what is read from the platform --------------------------------------------------------------------------

def test_needs_are_the_plans_ceiling_the_bootstrap_version_and_the_imported_bucket(quick_setup: SynthesizedApp) -> None:
    needs = needs_of(quick_setup.platform, quick_setup.outdir)
    assert needs.nodes_at_ceiling == {"ml.m5.2xlarge": 2, "ml.p5.48xlarge": 2, "ml.g6e.12xlarge": 2}
    assert needs.bootstrap is not None and needs.bootstrap.qualifier == "hnb659fds" and needs.bootstrap.version >= 6
    assert [(bucket.used_by, bucket.created_by_stack) for bucket in needs.buckets] == [
        ("the model store", True)]  # the default app creates its model bucket
    assert needs.existing_cluster is None  # the default app creates its cluster


def test_model_buckets_are_listed_once_each_store_first() -> None:
    import aws_cdk as cdk
    from aws_cdk import aws_s3 as s3

    stack = cdk.Stack(cdk.App(), "Buckets")
    shared, other = (s3.Bucket.from_bucket_name(stack, name, name) for name in ("shared-models", "team-models"))
    endpoints = [SimpleNamespace(name="a", model=ModelSource.s3(shared, "a/")),
                 SimpleNamespace(name="b", model=ModelSource.s3(other, "b/")),
                 SimpleNamespace(name="c", model=ModelSource.s3(shared, "c/")),
                 SimpleNamespace(name="jumpstart")]  # no model source of its own
    assert [(bucket.name, bucket.used_by, bucket.created_by_stack) for bucket in model_buckets(shared, endpoints)] == [
        ("shared-models", "the model store", False), ("team-models", "endpoint b", False)]


def test_bootstrap_need_is_the_highest_version_any_artifact_requires(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text(
        '{"artifacts": {"S.assets": {"type": "cdk:asset-manifest", "properties": {"requiresBootstrapStackVersion": 6,'
        ' "bootstrapStackVersionSsmParameter": "/cdk-bootstrap/team1/version"}},'
        ' "S": {"type": "aws:cloudformation:stack", "properties": {"requiresBootstrapStackVersion": 21}}}}')
    assert bootstrap_need(tmp_path) == BootstrapNeed(21, "team1")
    (tmp_path / "manifest.json").write_text('{"artifacts": {"S": {"type": "aws:cloudformation:stack"}}}')
    assert bootstrap_need(tmp_path) is None


@pytest.mark.parametrize("observability, needed", [
    (Observability(grafana=GrafanaWorkspace()), "the Grafana workspace (authentication AWS_SSO)"),
    (Observability(grafana=GrafanaWorkspace(authentication="SAML")), None),
    (Observability(), None),
    (None, None),
], ids=["sso", "saml", "no-grafana", "no-observability"])
def test_identity_center_is_needed_by_grafana_with_aws_sso_only(observability: Optional[Observability],
                                                               needed: Optional[str]) -> None:
    assert identity_center_need(observability) == needed


@pytest.mark.slow
def test_an_existing_cluster_is_read_as_the_app_declares_it(tmp_path: Path) -> None:
    import aws_cdk as cdk

    _, platform = load_module("examples/byo_vpc_and_eks.py").build(cdk.App())
    (tmp_path / "manifest.json").write_text('{"artifacts": {}}')  # the needs read from the platform, not a synth
    need = needs_of(platform, tmp_path).existing_cluster
    assert need is not None
    assert (need.authentication_mode, need.kubernetes_version, need.install_addons) == ("API_AND_CONFIG_MAP", "1.32", False)
    assert need.operator_controllers == ("keda-operator", "aws-load-balancer-controller")


# ---- arguments, entry point, docs ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, message", [
    (["--app", DEFAULT_APP, "--context", "model_bucket"], "--context 'model_bucket' is not KEY=VALUE"),
    (["--app", DEFAULT_APP, "--region", "Oregon"], "--region 'Oregon' is not a region name"),
])
def test_bad_arguments_are_refused_before_anything_is_built(argv: list[str], message: str) -> None:
    err = io.StringIO()
    assert main(argv, clients=stubbed_clients()[0], stderr=err) == 2
    assert message in err.getvalue()


def test_an_app_file_that_builds_no_platform_is_a_usage_error(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text("x = 1\n")
    err = io.StringIO()
    assert main(["--app", str(script), "--region", "us-west-2"], clients=stubbed_clients()[0], stderr=err) == 2
    assert err.getvalue() == (
        f"--app {script}: the file built no HyperPodInferencePlatform; keep the app at the file's top level "
        "(app = cdk.App(), as in the README) or define build(app) -> (stack, platform), as the examples do\n")


def test_a_missing_app_file_is_a_usage_error(tmp_path: Path) -> None:
    err = io.StringIO()
    assert main(["--app", str(tmp_path / "nope.py")], clients=stubbed_clients()[0], stderr=err) == 2
    assert err.getvalue() == f"--app {tmp_path / 'nope.py'}: no such file\n"


def test_module_entry_point_runs(tmp_path: Path) -> None:
    result = run_command("preflight", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "--app" in result.stdout and "Exit status 0" in result.stdout


def test_deploy_doc_lists_every_action_the_preflight_calls() -> None:
    text = (REPO_ROOT / "docs" / "deploy.md").read_text()
    assert [action for action in IAM_ACTIONS if f"`{action}`" not in text] == []

